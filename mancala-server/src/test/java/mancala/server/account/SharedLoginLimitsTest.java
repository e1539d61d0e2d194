package mancala.server.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import mancala.server.store.Database;
import mancala.server.store.SharedLimits;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log-in limits shared by server instances over one database: instances A and B (each its own limiter, and on
 * PostgreSQL each its own connection pool) count a name's wrong passwords together, so that two instances allow
 * what one does.
 */
class SharedLoginLimitsTest {
    @TempDir
    Path dir;

    @Test
    void guessesOnOneInstanceCountOnTheOtherOverH2() {
        try (Database db = Database.open(Database.h2FileUrl(dir.resolve("logins")), null, null, 4)) {
            check(db, db);
        }
    }

    @Test
    @Tag("postgres")
    void guessesOnOneInstanceCountOnTheOtherOverPostgres() {
        String url = System.getenv().getOrDefault("MANCALA_TEST_PG_URL",
                "jdbc:postgresql://127.0.0.1:5432/mancala_test");
        String user = System.getenv().getOrDefault("MANCALA_TEST_PG_USER", "mancala");
        String password = System.getenv().getOrDefault("MANCALA_TEST_PG_PASSWORD", "mancala");
        Database a;
        try {
            a = Database.open(url, user, password, 4);
        } catch (RuntimeException e) {
            Assumptions.assumeTrue(System.getenv("CI") == null, "PostgreSQL is required under CI: " + e);
            Assumptions.abort("no PostgreSQL: " + e.getMessage());
            return;
        }
        try (Database first = a; Database second = Database.open(url, user, password, 4)) {
            first.jdbi().useHandle(h -> h.execute("DELETE FROM rate_counts WHERE action LIKE 'login-%'"));
            check(first, second);
        }
    }

    private static void check(Database dbA, Database dbB) {
        LoginLimiter a = new LoginLimiter(new SharedLimits(dbA, 1));
        LoginLimiter b = new LoginLimiter(new SharedLimits(dbB, 1));
        // a pair: 3 wrong passwords on A and 2 on B are the 5 a pair may have; the sixth guess waits on both,
        // under the name in full-width capitals too (the same folded name)
        for (int i = 0; i < 3; i++) {
            assertThat(a.login("10.0.0.66", "Amal")).isZero();
            a.failed("10.0.0.66", "Amal");
        }
        for (int i = 0; i < 2; i++) {
            assertThat(b.login("10.0.0.66", "amal")).isZero();
            b.failed("10.0.0.66", "amal");
        }
        assertThat(b.login("10.0.0.66", "Amal")).isBetween(1L, 15 * 60L);
        assertThat(a.login("10.0.0.66", "ＡＭＡＬ")).isBetween(1L, 15 * 60L);
        // B never saw a failure from this address for the name until now, and still refuses from its own memory
        assertThat(b.login("10.0.0.66", "Amal")).isPositive();
        // the owner, from an address that has not failed, signs in on either
        assertThat(a.login("192.0.2.7", "Amal")).isZero();
        assertThat(b.login("192.0.2.7", "Amal")).isZero();

        // a name under attack from many addresses: 50 wrong passwords in the hour, half on each instance
        for (int i = 0; i < LoginLimiter.FAILURES_PER_NAME; i++) {
            LoginLimiter on = i % 2 == 0 ? a : b;
            String address = "10.1.0." + i;
            assertThat(on.login(address, "Badr")).isZero();
            on.failed(address, "Badr");
        }
        // an address that failed once on A now waits on B (B alone holds 25 of the name's 50)
        assertThat(b.login("10.1.0.0", "Badr")).isPositive();
        assertThat(a.login("10.1.0.1", "Badr")).isPositive();
        // an address that has not failed may try: the owner is not locked out
        assertThat(b.login("192.0.2.8", "Badr")).isZero();
        // a right password on B forgets that pair's wrong passwords on A too
        a.failed("192.0.2.9", "Badr");
        assertThat(b.login("192.0.2.9", "Badr")).isPositive();
        b.succeeded("192.0.2.9", "Badr");
        assertThat(a.login("192.0.2.9", "Badr")).isZero();
    }
}
