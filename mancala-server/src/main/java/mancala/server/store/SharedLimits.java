package mancala.server.store;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import mancala.server.error.DomainError;
import org.jdbi.v3.core.Jdbi;

/**
 * Limits shared by every server instance over one database: a fixed-window count per action and subject (a client
 * address {@code a:…} or a player {@code p:…}) kept in the table {@code rate_counts} and incremented by one
 * statement, so that n instances allow what one does (a per-instance token bucket would allow n times as much).
 * For actions that write to the database anyway (sign-ups, challenges, seeks, tournaments), one more statement.
 */
public final class SharedLimits {
    private final Database db;
    private final Jdbi jdbi;
    private final double scale;
    private final AtomicLong lastCleanup = new AtomicLong();

    /**
     * @param db    the database
     * @param scale multiplies every limit (1 for the defaults; tests on loopback raise it)
     */
    public SharedLimits(Database db, double scale) {
        this.db = db;
        this.jdbi = db.jdbi();
        this.scale = scale;
    }

    /**
     * Counts one {@code action} for each subject; when any is over {@code max} in the current window of
     * {@code window}, nothing is counted and the request is refused.
     *
     * @param subjects keys such as {@code a:127.0.0.1} or {@code p:a:42} (null entries are skipped)
     * @throws DomainError TOO_MANY {@code rate-limited} with the seconds until the window ends
     */
    public void take(String action, int max, Duration window, String... subjects) {
        long limit = Math.max(1, Math.round(max * scale));
        Instant now = Instant.now();
        long w = window.toMillis();
        Instant start = Instant.ofEpochMilli(now.toEpochMilli() / w * w);
        // one transaction: a refusal for any subject rolls back the counts already taken for the others
        jdbi.useTransaction(h -> {
            for (String s : subjects) {
                if (s == null) {
                    continue;
                }
                String subject = s.length() > 100 ? s.substring(0, 100) : s;
                int updated = h.createUpdate("UPDATE rate_counts SET taken = taken + 1 WHERE action = :a "
                                + "AND subject = :s AND window_start = :w AND taken < :max")
                        .bind("a", action).bind("s", subject).bind("w", start).bind("max", limit).execute();
                if (updated == 1) {
                    continue;
                }
                boolean exists = h.createQuery("SELECT COUNT(*) FROM rate_counts WHERE action = :a AND subject = :s "
                                + "AND window_start = :w").bind("a", action).bind("s", subject).bind("w", start)
                        .mapTo(Integer.class).one() > 0;
                if (exists) {
                    int seconds = (int) Math.max(1, (start.toEpochMilli() + w - now.toEpochMilli() + 999) / 1000);
                    throw DomainError.tooMany("rate-limited", "too many requests: try again in {seconds} seconds",
                            Map.of("seconds", seconds), seconds);
                }
                // a first count in this window (two instances at once: the loser's insert fails its request)
                h.createUpdate("INSERT INTO rate_counts (action, subject, window_start, taken) VALUES (:a, :s, :w, 1)")
                        .bind("a", action).bind("s", subject).bind("w", start).execute();
            }
        });
        cleanup(now);
    }

    /** One count: an action, its subject (at most 100 characters) and the length of its fixed windows. */
    public record Key(String action, String subject, Duration window) {
        /** @return the start of the window holding {@code now} */
        public Instant windowStart(Instant now) {
            long w = window.toMillis();
            return Instant.ofEpochMilli(now.toEpochMilli() / w * w);
        }

        /** @return whole seconds from {@code now} to the end of its window, at least 1 */
        public long secondsLeft(Instant now) {
            long end = windowStart(now).toEpochMilli() + window.toMillis();
            return Math.max(1, (end - now.toEpochMilli() + 999) / 1000);
        }
    }

    /**
     * @return the count of each key in its window holding {@code now}, in the order given (0 when none): one
     *     statement
     */
    public int[] counts(Instant now, Key... keys) {
        int[] out = new int[keys.length];
        jdbi.useHandle(h -> {
            StringBuilder sql = new StringBuilder("SELECT action, subject, taken FROM rate_counts WHERE ");
            for (int i = 0; i < keys.length; i++) {
                sql.append(i == 0 ? "" : " OR ").append("(action = :a").append(i).append(" AND subject = :s")
                        .append(i).append(" AND window_start = :w").append(i).append(')');
            }
            var q = h.createQuery(sql.toString());
            for (int i = 0; i < keys.length; i++) {
                q.bind("a" + i, keys[i].action()).bind("s" + i, keys[i].subject())
                        .bind("w" + i, keys[i].windowStart(now));
            }
            q.map((rs, ctx) -> {
                for (int i = 0; i < keys.length; i++) {
                    if (keys[i].action().equals(rs.getString("action"))
                            && keys[i].subject().equals(rs.getString("subject"))) {
                        out[i] = rs.getInt("taken");
                    }
                }
                return 0;
            }).list();
        });
        return out;
    }

    /**
     * Adds one to each key's count in its window holding {@code now}, without a limit, in one transaction (again
     * when it loses to another instance's first count of a window).
     */
    public void add(Instant now, Key... keys) {
        db.inTransactionRetrying(h -> {
            for (Key k : keys) {
                Instant start = k.windowStart(now);
                int updated = h.createUpdate("UPDATE rate_counts SET taken = taken + 1 WHERE action = :a "
                                + "AND subject = :s AND window_start = :w")
                        .bind("a", k.action()).bind("s", k.subject()).bind("w", start).execute();
                if (updated == 0) {
                    h.createUpdate("INSERT INTO rate_counts (action, subject, window_start, taken) "
                                    + "VALUES (:a, :s, :w, 1)")
                            .bind("a", k.action()).bind("s", k.subject()).bind("w", start).execute();
                }
            }
            return null;
        });
        cleanup(now);
    }

    /** Forgets every window of {@code action} for {@code subject}. */
    public void clear(String action, String subject) {
        jdbi.useHandle(h -> h.createUpdate("DELETE FROM rate_counts WHERE action = :a AND subject = :s")
                .bind("a", action).bind("s", subject).execute());
    }

    /** Deletes windows over a day old, at most once a minute per instance. */
    private void cleanup(Instant now) {
        long last = lastCleanup.get();
        if (now.toEpochMilli() - last < 60_000 || !lastCleanup.compareAndSet(last, now.toEpochMilli())) {
            return;
        }
        jdbi.useHandle(h -> h.createUpdate("DELETE FROM rate_counts WHERE window_start < :t")
                .bind("t", now.minus(Duration.ofDays(2))).execute());
    }
}
