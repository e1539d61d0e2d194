package mancala.server;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Assumptions;

/**
 * Where the tests find the services that {@code .ci/services.sh} starts, and what they do when one is missing:
 * skip with a message, except under {@code CI=true}, where a missing service fails the test.
 */
final class Services {
    /** PostgreSQL, overridable with MANCALA_TEST_PG_URL, MANCALA_TEST_PG_USER and MANCALA_TEST_PG_PASSWORD. */
    static final String PG_URL = env("MANCALA_TEST_PG_URL", "jdbc:postgresql://127.0.0.1:5432/mancala_test");
    static final String PG_USER = env("MANCALA_TEST_PG_USER", "mancala");
    static final String PG_PASSWORD = env("MANCALA_TEST_PG_PASSWORD", "mancala");
    static final Path CHROMIUM = Path.of(env("MANCALA_TEST_CHROMIUM", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(env("MANCALA_TEST_CHROMEDRIVER", "/usr/bin/chromedriver"));

    private Services() {
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    static boolean ci() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Skips (or under CI fails) unless PostgreSQL answers at {@link #PG_URL}. */
    static void requirePostgres() {
        try (Connection c = DriverManager.getConnection(PG_URL, PG_USER, PG_PASSWORD)) {
            c.isValid(2);
        } catch (SQLException e) {
            missing("PostgreSQL is not reachable at " + PG_URL + " as " + PG_USER + " (" + e.getMessage()
                    + "); run .ci/services.sh");
        }
    }

    /** Skips (or under CI fails) unless chromium and chromedriver are installed. */
    static void requireChromium() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            missing("chromium or chromedriver is missing (" + CHROMIUM + ", " + CHROMEDRIVER
                    + "); run .ci/services.sh");
        }
    }

    private static void missing(String message) {
        if (ci()) {
            fail("CI=true and " + message);
        }
        Assumptions.abort("skipped: " + message);
    }
}
