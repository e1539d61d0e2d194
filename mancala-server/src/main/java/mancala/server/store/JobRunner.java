package mancala.server.store;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the once-only work of the {@code jobs} table on this instance: claims due jobs with a lease
 * ({@link JobStore#claim}), runs each on a bounded pool of worker threads, and leaves a failed job to be retried
 * when its lease runs out (by this or another instance; after {@link #MAX_ATTEMPTS} attempts it is dropped and
 * logged). Nothing waits in a thread for a job's due time: a job is claimed once due.
 *
 * <p>To add a kind of timed work (e.g. a flag when a clock runs out): {@link #register} a {@link Handler} for the
 * kind once at start, then schedule jobs with {@link JobStore#schedule} inside the transaction of the change that
 * makes them due (due time, kind, subject such as the game id, the subject's version) through {@link #schedule},
 * which announces the due time on {@link #CHANNEL}: every instance's runner sleeps until the earliest due time it
 * knows of (announced, or read from the table), with a safety look every {@link #SAFETY_POLL_MILLIS} ms. The handler re-reads its
 * subject, checks the job is still wanted (e.g. the version), and stores its result in one transaction that also
 * calls {@link JobStore#complete}; if the claim was lost meanwhile, that transaction must roll back. A job kind,
 * subject pair is unique: rescheduling replaces the pending job.
 */
public final class JobRunner implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(JobRunner.class);
    /** The change-feed channel that wakes the runners of every instance. */
    public static final String CHANNEL = "jobs";
    /** Attempts at a job before it is dropped. */
    public static final int MAX_ATTEMPTS = 5;
    /**
     * The longest the runner waits without looking at the table, ms: a safety net only, for a job scheduled
     * without an announcement or an announcement lost; scheduled jobs wake it through the change feed, and it
     * otherwise sleeps until the earliest due time or lease end it read.
     */
    public static final long SAFETY_POLL_MILLIS = 5_000;

    /** The work of one kind of job. */
    @FunctionalInterface
    public interface Handler {
        /**
         * Does the work of {@code job}, claimed by this instance until its lease ends. A handler that stores a
         * result calls {@link JobStore#complete} in that transaction; one that returns without doing so has the
         * job dropped (it was not needed). An exception leaves it for a retry.
         */
        void run(Job job) throws Exception;
    }

    private final JobStore jobs;
    private final String instance;
    private final Duration lease;
    private final int workers;
    private final ExecutorService pool;
    private final Semaphore free;
    private final Map<String, Handler> handlers = new ConcurrentHashMap<>();
    private final ChangeFeed feed;
    private final Object wake = new Object();
    private final AtomicLong claims = new AtomicLong();
    /** The earliest due time announced since the loop last looked at the table (epoch ms; MAX_VALUE: none). */
    private long announced = Long.MAX_VALUE;
    private volatile boolean running = true;
    private final Thread loop;

    /**
     * @param jobs    the job table
     * @param feed    the change feed; its {@link #CHANNEL} wakes this runner
     * @param workers threads running jobs at once
     * @param lease   how long a claim holds a job; a job still running after that may be taken over
     */
    public JobRunner(JobStore jobs, ChangeFeed feed, int workers, Duration lease) {
        this.jobs = jobs;
        this.feed = feed;
        this.instance = instanceName();
        this.lease = lease;
        this.workers = workers;
        this.free = new Semaphore(workers);
        this.pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "mancala-job");
            t.setDaemon(true);
            return t;
        });
        feed.subscribe(CHANNEL, this::announced);
        this.loop = new Thread(this::loop, "mancala-jobs");
        this.loop.setDaemon(true);
    }

    private static String instanceName() {
        String jvm = ManagementFactory.getRuntimeMXBean().getName();
        return (jvm.length() > 40 ? jvm.substring(0, 40) : jvm) + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Registers the handler of {@code kind} (before {@link #start}). */
    public void register(String kind, Handler handler) {
        handlers.put(kind, handler);
    }

    /** @return the job table. */
    public JobStore jobs() {
        return jobs;
    }

    /**
     * Schedules {@code job} in the caller's transaction and, once it commits, tells every instance's runner its due
     * time (payload {@code kind@epochMillis}), so that none looks at the table before then.
     */
    public void schedule(Handle h, Job job) {
        jobs.schedule(h, job);
        feed.publish(h, CHANNEL, job.kind() + "@" + job.dueAt().toEpochMilli());
    }

    /** A payload of {@link #CHANNEL}: {@code kind@epochMillis} (a job due then), or anything else (look now). */
    private void announced(String payload) {
        int at = payload.lastIndexOf('@');
        long due = 0;
        if (at >= 0) {
            try {
                due = Long.parseLong(payload.substring(at + 1));
            } catch (NumberFormatException e) {
                due = 0;
            }
        }
        wakeAt(due);
    }

    /** Starts claiming jobs. */
    public void start() {
        loop.start();
    }

    /** @return true while the runner claims jobs (started, not closed, its loop alive). */
    public boolean isRunning() {
        return running && loop.isAlive();
    }

    /** @return this instance's name in claims. */
    public String instance() {
        return instance;
    }

    /** @return the number of worker threads. */
    public int workers() {
        return workers;
    }

    /** Looks for due jobs now (a job was just scheduled). */
    public void wake() {
        wakeAt(0);
    }

    private void wakeAt(long epochMillis) {
        synchronized (wake) {
            if (epochMillis < announced) {
                announced = epochMillis;
                wake.notifyAll();
            }
        }
    }

    private void loop() {
        while (running) {
            try {
                synchronized (wake) {
                    announced = Long.MAX_VALUE; // what is announced from here on is seen by the next round
                }
                int n = free.availablePermits();
                if (n > 0) {
                    Instant now = Instant.now();
                    List<Job> got = jobs.claim(instance + ":" + claims.incrementAndGet(), now, now.plus(lease), n);
                    for (Job j : got) {
                        free.acquireUninterruptibly();
                        pool.execute(() -> runOne(j));
                    }
                    if (got.size() == n) {
                        continue;
                    }
                }
                // With no free worker, a worker's end wakes the loop; else the table's next due time or lease end.
                Instant next = n > 0 ? jobs.nextDue() : null;
                long until = System.currentTimeMillis() + SAFETY_POLL_MILLIS;
                if (next != null) {
                    until = Math.min(until, next.toEpochMilli() + 1);
                }
                synchronized (wake) {
                    while (running) {
                        long at = Math.min(until, announced);
                        long waitMs = at - System.currentTimeMillis();
                        if (waitMs <= 0) {
                            break;
                        }
                        wake.wait(waitMs);
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (!running) {
                    return;
                }
                log.warn("cannot claim jobs: {}", e.toString());
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    private void runOne(Job job) {
        try {
            Handler h = handlers.get(job.kind());
            if (h == null) {
                log.error("no handler for job kind {} ({}); dropped", job.kind(), job.subject());
                jobs.drop(job);
                return;
            }
            h.run(job);
            jobs.drop(job);
        } catch (Exception e) {
            if (!running) {
                return;
            }
            int attempts = safeAttempts(job);
            if (attempts >= MAX_ATTEMPTS) {
                log.error("job {} {} failed {} times; dropped", job.kind(), job.subject(), attempts, e);
                try {
                    jobs.drop(job);
                } catch (RuntimeException again) {
                    log.error("cannot drop job {} {}: {}", job.kind(), job.subject(), again.toString());
                }
            } else {
                log.warn("job {} {} failed (attempt {}), retried after its lease: {}", job.kind(), job.subject(),
                        attempts, e.toString());
            }
        } finally {
            free.release();
            wake();
        }
    }

    private int safeAttempts(Job job) {
        try {
            return jobs.attempts(job);
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /**
     * Stops claiming and stops the workers, then hands this instance's claims back at once, so that another
     * instance (or this one restarted) takes the jobs without waiting for their leases; a job whose work still
     * finishes after that loses its claim and changes nothing (its work is done again by the next claimant).
     */
    @Override
    public void close() {
        running = false;
        wake();
        loop.interrupt();
        pool.shutdownNow();
        try {
            loop.join(2000);
            pool.awaitTermination(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            int n = jobs.release(instance + ":");
            if (n > 0) {
                log.info("handed back {} claimed job(s)", n);
            }
        } catch (RuntimeException e) {
            log.warn("cannot hand back this instance's claimed jobs (their leases will end): {}", e.toString());
        }
    }
}
