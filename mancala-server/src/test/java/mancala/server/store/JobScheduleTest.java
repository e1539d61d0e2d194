package mancala.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two transactions scheduling the same job at once (a game's maker and the computer's first move both scheduling
 * its flag) both succeed, and the job is the one committed last; on H2 and (when MANCALA_TEST_PG_URL is set)
 * PostgreSQL.
 */
class JobScheduleTest {
    private final List<Database> opened = new ArrayList<>();

    static Stream<String> databases() {
        return System.getenv("MANCALA_TEST_PG_URL") == null ? Stream.of("h2") : Stream.of("h2", "postgres");
    }

    private Database open(String which) {
        Database db = which.equals("h2")
                ? Database.open("jdbc:h2:mem:jobs" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", null, null, 4)
                : Database.open(System.getenv("MANCALA_TEST_PG_URL"), "mancala", "mancala", 4);
        opened.add(db);
        return db;
    }

    @AfterEach
    void close() {
        opened.forEach(Database::close);
    }

    @ParameterizedTest
    @MethodSource("databases")
    void twoTransactionsSchedulingOneJobAtOnceBothSucceed(String which) throws Exception {
        Database db = open(which);
        JobStore jobs = new JobStore(db);
        String subject = "race" + System.nanoTime();
        Instant due = Instant.parse("2030-01-01T00:00:00Z");
        CountDownLatch firstWrote = new CountDownLatch(1);
        CountDownLatch firstMayCommit = new CountDownLatch(1);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread first = new Thread(() -> {
            try {
                db.inTransaction(h -> {
                    jobs.schedule(h, new Job("test-race", subject, due, 1, null));
                    firstWrote.countDown();
                    firstMayCommit.await(10, TimeUnit.SECONDS);
                    return null;
                });
            } catch (Throwable t) {
                failed.compareAndSet(null, t);
            }
        });
        Thread second = new Thread(() -> {
            try {
                db.inTransaction(h -> {
                    jobs.schedule(h, new Job("test-race", subject, due.plusSeconds(60), 2, null));
                    return null;
                });
            } catch (Throwable t) {
                failed.compareAndSet(null, t);
            }
        });
        first.start();
        assertThat(firstWrote.await(10, TimeUnit.SECONDS)).isTrue();
        second.start();
        Thread.sleep(300); // the second is now waiting on the first's uncommitted row (or has written its own)
        firstMayCommit.countDown();
        first.join(15_000);
        second.join(15_000);
        assertThat(failed.get()).as("no transaction failed").isNull();
        List<Long> versions = db.withHandle(h -> h.createQuery("SELECT version FROM jobs WHERE kind = 'test-race' "
                + "AND subject = :s").bind("s", subject).mapTo(Long.class).list());
        assertThat(versions).hasSize(1);
        assertThat(versions.get(0)).isEqualTo(2L);
    }
}
