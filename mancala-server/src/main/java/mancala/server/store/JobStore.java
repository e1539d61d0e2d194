package mancala.server.store;

import java.time.Instant;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * The {@code jobs} table: work that must happen exactly once on whichever server instance claims it, at or after
 * its due time — an AI move, a timed event (a flag when a clock runs out), a clean-up. Kind and subject are the
 * key, so a subject has at most one pending job of each kind; {@link #schedule} replaces it.
 *
 * <p>Claiming ({@link #claim}) marks due jobs with the claimant and a lease, in a short transaction that skips rows
 * other instances are claiming ({@code FOR UPDATE SKIP LOCKED} on PostgreSQL). A job whose lease has run out (its
 * instance died or hung) is due again and is claimed by another instance. {@link #complete} removes a job only
 * while the caller's claim still holds it, in the transaction of the work's result, so work is stored once.
 * See {@code mancala.server.store.JobRunner} for running jobs and adding kinds.
 */
public final class JobStore {
    private final Database db;

    /** @param db the database (migrated) */
    public JobStore(Database db) {
        this.db = db;
    }

    /**
     * Schedules (or reschedules, replacing any pending or claimed one) the job {@code kind}/{@code subject}, in the
     * caller's transaction: it becomes visible when that commits.
     */
    public void schedule(Handle h, Job job) {
        // One statement that inserts or replaces: a delete and an insert let two transactions scheduling the same
        // job at once both insert, and the second failed on the key (a 500 for a timed game the AI moved in first).
        if (db.isPostgres()) {
            h.createUpdate("INSERT INTO jobs (kind, subject, due_at, version) VALUES (:kind, :subject, :dueAt, "
                            + ":version) ON CONFLICT (kind, subject) DO UPDATE SET due_at = EXCLUDED.due_at, "
                            + "version = EXCLUDED.version, claimed_by = NULL, lease_until = NULL, attempts = 0")
                    .bindMethods(job).execute();
        } else {
            h.createUpdate("MERGE INTO jobs (kind, subject, due_at, version, claimed_by, lease_until, attempts) "
                            + "KEY (kind, subject) VALUES (:kind, :subject, :dueAt, :version, NULL, NULL, 0)")
                    .bindMethods(job).execute();
        }
    }

    /** Schedules a job unless one of its kind and subject exists already (in its own transaction). */
    public void scheduleIfAbsent(Job job) {
        try {
            db.inTransaction(h -> {
                boolean exists = h.createQuery("SELECT COUNT(*) FROM jobs WHERE kind = :kind AND subject = :subject")
                        .bind("kind", job.kind()).bind("subject", job.subject()).mapTo(Integer.class).one() > 0;
                if (!exists) {
                    h.createUpdate("INSERT INTO jobs (kind, subject, due_at, version) "
                            + "VALUES (:kind, :subject, :dueAt, :version)").bindMethods(job).execute();
                }
                return null;
            });
        } catch (RuntimeException e) {
            // Another instance inserted it at the same moment: the key refused ours, which is the point.
            if (!db.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM jobs WHERE kind = :kind AND subject = :s")
                    .bind("kind", job.kind()).bind("s", job.subject()).mapTo(Integer.class).one() > 0)) {
                throw e;
            }
        }
    }

    /** Removes the job {@code kind}/{@code subject} whoever holds it, in the caller's transaction. */
    public void cancel(Handle h, String kind, String subject) {
        h.createUpdate("DELETE FROM jobs WHERE kind = :kind AND subject = :subject")
                .bind("kind", kind).bind("subject", subject).execute();
    }

    /**
     * Claims up to {@code limit} jobs due at {@code now} (never claimed, or their lease ended), earliest first,
     * for {@code claim} until {@code leaseUntil}. @return the claimed jobs
     */
    public List<Job> claim(String claim, Instant now, Instant leaseUntil, int limit) {
        String lock = db.isPostgres() ? " FOR UPDATE SKIP LOCKED" : " FOR UPDATE";
        return db.inTransaction(h -> {
            List<Job> due = h.createQuery("SELECT kind, subject, due_at, version FROM jobs WHERE due_at <= :now "
                            + "AND (lease_until IS NULL OR lease_until < :now) ORDER BY due_at LIMIT :n" + lock)
                    .bind("now", now).bind("n", limit)
                    .map((rs, ctx) -> new Job(rs.getString("kind"), rs.getString("subject"),
                            Database.instant(rs, "due_at"), rs.getLong("version"), claim)).list();
            for (Job j : due) {
                h.createUpdate("UPDATE jobs SET claimed_by = :claim, lease_until = :lease, attempts = attempts + 1 "
                                + "WHERE kind = :kind AND subject = :subject")
                        .bind("claim", claim).bind("lease", leaseUntil).bind("kind", j.kind())
                        .bind("subject", j.subject()).execute();
            }
            return due;
        });
    }

    /**
     * Removes {@code job} if {@code job.claim()} still holds it, in the caller's transaction (with the work's
     * result). @return false when the claim was lost (the job was rescheduled, or taken over after the lease)
     */
    public boolean complete(Handle h, Job job) {
        return h.createUpdate("DELETE FROM jobs WHERE kind = :kind AND subject = :subject AND claimed_by = :claim")
                .bind("kind", job.kind()).bind("subject", job.subject()).bind("claim", job.claim()).execute() > 0;
    }

    /** Removes {@code job} if its claim still holds it (its own transaction): the work was not needed. */
    public void drop(Job job) {
        db.inTransaction(h -> complete(h, job));
    }

    /**
     * Hands back every job claimed under a claim starting with {@code claimPrefix} (an instance's, at a clean
     * shutdown): due again at once for any instance, the attempt not counted.
     *
     * @return how many were handed back
     */
    public int release(String claimPrefix) {
        return db.withHandle(h -> h.createUpdate("UPDATE jobs SET claimed_by = NULL, lease_until = NULL, "
                        + "attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END WHERE claimed_by LIKE :p")
                .bind("p", claimPrefix.replace("%", "\\%").replace("_", "\\_") + "%").execute());
    }

    /** @return the attempts made at a claimed job so far (0 when it is gone). */
    public int attempts(Job job) {
        return db.withHandle(h -> h.createQuery("SELECT attempts FROM jobs WHERE kind = :kind AND subject = :s")
                .bind("kind", job.kind()).bind("s", job.subject()).mapTo(Integer.class).findOne().orElse(0));
    }

    /**
     * @return when a job may next be claimed: the earliest due time of an unclaimed job or lease end of a claimed
     *     one (whichever is later for that job), or null when there is no job
     */
    public Instant nextDue() {
        java.sql.Timestamp t = db.withHandle(h -> h.createQuery("SELECT MIN(CASE WHEN lease_until IS NULL "
                        + "OR lease_until < due_at THEN due_at ELSE lease_until END) FROM jobs")
                .mapTo(java.sql.Timestamp.class).findOne().orElse(null));
        return t == null ? null : t.toInstant();
    }

    /** @return how many jobs of {@code kind} are due at {@code now} and not claimed (the queue's length). */
    public int waiting(String kind, Instant now) {
        return db.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM jobs WHERE kind = :kind AND due_at <= :now "
                        + "AND (lease_until IS NULL OR lease_until < :now)")
                .bind("kind", kind).bind("now", now).mapTo(Integer.class).one());
    }
}
