package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import mancala.server.store.ChangeFeed;
import mancala.server.store.Database;
import mancala.server.store.Job;
import mancala.server.store.JobRunner;
import mancala.server.store.JobStore;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A clean shutdown hands its claimed jobs back at once: an instance that starts after it takes the job within
 * seconds, not after the 20 s lease. On H2 and PostgreSQL.
 */
class LeaseHandbackTest {
    @Test
    void aStoppedRunnerHandsItsLeasesBackOnH2() throws Exception {
        try (Database db = Database.open("jdbc:h2:mem:lease" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", null, null,
                4)) {
            run(db);
        }
    }

    @Test
    @Tag("postgres")
    void aStoppedRunnerHandsItsLeasesBackOnPostgres() throws Exception {
        Services.requirePostgres();
        try (Database db = Database.open(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD, 4)) {
            db.withHandle(h -> h.execute("DELETE FROM jobs WHERE kind = 'lease-test'"));
            run(db);
        }
    }

    private void run(Database db) throws Exception {
        JobStore jobs = new JobStore(db);
        Duration lease = Duration.ofSeconds(20);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch redone = new CountDownLatch(1);
        try (ChangeFeed feed = new ChangeFeed(db)) {
            JobRunner first = new JobRunner(jobs, feed, 1, lease);
            first.register("lease-test", job -> {
                started.countDown();
                Thread.sleep(60_000); // a long job: interrupted by the shutdown
            });
            first.start();
            db.withHandle(h -> {
                jobs.schedule(h, new Job("lease-test", "one", Instant.now(), 1, null));
                return null;
            });
            first.wake();
            assertThat(started.await(20, TimeUnit.SECONDS)).as("the first runner took the job").isTrue();
            first.close();
            Integer free = db.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM jobs WHERE kind = 'lease-test' "
                    + "AND claimed_by IS NULL AND lease_until IS NULL").mapTo(Integer.class).one());
            assertThat(free).as("the job is there, its claim handed back").isEqualTo(1);

            JobRunner second = new JobRunner(jobs, feed, 1, lease);
            second.register("lease-test", job -> redone.countDown());
            long t0 = System.nanoTime();
            second.start();
            second.wake();
            try {
                assertThat(redone.await(10, TimeUnit.SECONDS)).as("the next runner took the job").isTrue();
                assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
            } finally {
                second.close();
            }
        }
    }
}
