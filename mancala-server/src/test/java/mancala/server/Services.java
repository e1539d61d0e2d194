package mancala.server;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Where the tests find the services that {@code .ci/services.sh} starts, and what they do when one is missing:
 * skip with a message, except under {@code CI=true}, where a missing service fails the test. Maven's summary must
 * count every test of a class whose service is missing as skipped: an aborted {@code @BeforeAll} reports "Tests
 * run: 0". So either check in a {@code @BeforeEach}, or put {@code @ExtendWith(Services.NeedsPostgres.class)}
 * (or {@link NeedsChromium}) on the class: outside CI it then disables each test and skips the class's
 * {@code @BeforeAll} and {@code @AfterAll} methods when the service is missing.
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

    /** Why PostgreSQL cannot be used, asked once per test run; empty when it answers. */
    private static volatile Optional<String> postgresMissing;

    /** @return why PostgreSQL at {@link #PG_URL} cannot be used, or empty when it answers (checked once). */
    static synchronized Optional<String> postgresMissing() {
        if (postgresMissing == null) {
            DriverManager.setLoginTimeout(5);
            try (Connection c = DriverManager.getConnection(PG_URL, PG_USER, PG_PASSWORD)) {
                postgresMissing = c.isValid(2) ? Optional.empty()
                        : Optional.of("PostgreSQL at " + PG_URL + " does not answer");
            } catch (SQLException e) {
                postgresMissing = Optional.of("PostgreSQL is not reachable at " + PG_URL + " as " + PG_USER + " ("
                        + e.getMessage() + "); run .ci/services.sh");
            }
        }
        return postgresMissing;
    }

    /** @return why the browser tests cannot run, or empty when chromium and chromedriver are installed. */
    static Optional<String> chromiumMissing() {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
            return Optional.empty();
        }
        return Optional.of("chromium or chromedriver is missing (" + CHROMIUM + ", " + CHROMEDRIVER
                + "); run .ci/services.sh");
    }

    /** Skips this test (or under CI fails it) unless PostgreSQL answers at {@link #PG_URL}. */
    static void requirePostgres() {
        postgresMissing().ifPresent(Services::missing);
    }

    /** Skips this test (or under CI fails it) unless chromium and chromedriver are installed. */
    static void requireChromium() {
        chromiumMissing().ifPresent(Services::missing);
    }

    private static void missing(String message) {
        if (ci()) {
            fail("CI=true and " + message);
        }
        Assumptions.abort("skipped: " + message);
    }

    /** Disables every test of a class, outside CI, when a service is missing (see the class comment). */
    private abstract static class Needs implements ExecutionCondition, InvocationInterceptor {
        /** @return why the service is missing, or empty. */
        abstract Optional<String> missing();

        private boolean skip() {
            return !ci() && missing().isPresent();
        }

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            if (context.getTestMethod().isPresent() && skip()) {
                return ConditionEvaluationResult.disabled("skipped: " + missing().orElseThrow());
            }
            return ConditionEvaluationResult.enabled("the service is there, or CI=true");
        }

        @Override
        public void interceptBeforeAllMethod(Invocation<Void> invocation,
                                             ReflectiveInvocationContext<Method> invocationContext,
                                             ExtensionContext extensionContext) throws Throwable {
            if (skip()) {
                invocation.skip();
            } else {
                invocation.proceed();
            }
        }

        @Override
        public void interceptAfterAllMethod(Invocation<Void> invocation,
                                            ReflectiveInvocationContext<Method> invocationContext,
                                            ExtensionContext extensionContext) throws Throwable {
            interceptBeforeAllMethod(invocation, invocationContext, extensionContext);
        }
    }

    /** {@code @ExtendWith(Services.NeedsPostgres.class)}: the class's tests need PostgreSQL. */
    static final class NeedsPostgres extends Needs {
        @Override
        Optional<String> missing() {
            return postgresMissing();
        }
    }

    /** {@code @ExtendWith(Services.NeedsChromium.class)}: the class's tests need chromium and chromedriver. */
    static final class NeedsChromium extends Needs {
        @Override
        Optional<String> missing() {
            return chromiumMissing();
        }
    }
}
