package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import mancala.server.config.ServerConfig;
import mancala.server.store.Database;
import org.jdbi.v3.core.statement.SqlLogger;
import org.jdbi.v3.core.statement.StatementContext;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a move's time goes in the database: the SQL statements one move over HTTP runs (counted by a JDBI
 * {@link SqlLogger}), on H2 and PostgreSQL, printed by kind, with a bound that fails when a change adds statements
 * to every move.
 */
class StatementsPerMoveTest {
    /**
     * Statements one move may run at most, the job runner's work meanwhile included: measured 3.0 on H2 (the row
     * locked, the event inserted, the row updated) and 2.0 on PostgreSQL (the row locked; the event, the row and the
     * NOTIFY in one statement); before, the runner's polling added 0.7 a move and PostgreSQL ran 4.4.
     */
    static final int MAX_PER_MOVE = 4;

    /**
     * Round trips to PostgreSQL one move may make at most, COMMIT and the driver's own queries included: measured
     * 3.0 (lock, write, COMMIT); 12.4 before, when each transaction also asked for its isolation level twice.
     */
    static final int MAX_TRIPS_PER_MOVE = 4;

    @TempDir
    Path dir;

    @Test
    void aMoveRunsFewStatementsOnH2() throws Exception {
        run("H2", Database.h2FileUrl(dir.resolve("count")), null, null);
    }

    @Test
    @Tag("postgres")
    void aMoveRunsFewStatementsOnPostgres() throws Exception {
        Services.requirePostgres();
        run("PostgreSQL", Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD);
    }

    private void run(String name, String url, String user, String password) throws Exception {
        try (MancalaServer server = MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(url, user, password).withAiDelay(Duration.ZERO).withRateLimitScale(1000))) {
            TestClient c = new TestClient(server.port());
            TestClient.Reply made = c.create("{\"game\":\"hawalis\",\"mode\":\"local\"}");
            String id = made.get("id").asText();
            String token = made.get("seatToken").asText();
            JsonNode g = made.get("game");
            Thread.sleep(500); // the creation's own work (jobs, feed) settles
            AtomicInteger count = new AtomicInteger();
            // PostgreSQL: the driver's round trips (each ends with a Sync message: a statement, a COMMIT, or a
            // query the driver runs itself, such as SHOW TRANSACTION ISOLATION LEVEL, which no JDBI logger sees).
            AtomicInteger trips = new AtomicInteger();
            Map<String, AtomicInteger> byKind = new ConcurrentHashMap<>();
            java.util.logging.Logger wire = java.util.logging.Logger.getLogger("org.postgresql.core.v3.QueryExecutorImpl");
            java.util.logging.Level wireLevel = wire.getLevel();
            java.util.logging.Handler syncs = new java.util.logging.Handler() {
                @Override
                public void publish(java.util.logging.LogRecord r) {
                    if (r.getMessage() != null && r.getMessage().strip().equals("FE=> Sync")) {
                        trips.incrementAndGet();
                    }
                    if (r.getMessage() != null && r.getMessage().contains("FE=>") && !r.getMessage().contains("Sync")) {
                        // the message's kind (Parse, Bind, Execute, SimpleQuery …); for Parse, its query
                        String k = r.getMessage().strip().replaceAll("\\(.*", "")
                                + (r.getMessage().contains("Parse") && r.getParameters() != null
                                && r.getParameters().length > 1 ? " " + r.getParameters()[1] : "");
                        byKind.computeIfAbsent("WIRE " + (k.length() > 70 ? k.substring(0, 70) : k),
                                x -> new AtomicInteger()).incrementAndGet();
                    }
                }

                @Override
                public void flush() {
                }

                @Override
                public void close() {
                }
            };
            wire.setLevel(java.util.logging.Level.FINEST);
            wire.addHandler(syncs);
            server.context().db().jdbi().setSqlLogger(new SqlLogger() {
                @Override
                public void logAfterExecution(StatementContext ctx) {
                    count.incrementAndGet();
                    String sql = ctx.getRenderedSql().strip();
                    String kind = sql.length() > 60 ? sql.substring(0, 60) : sql;
                    byKind.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
                }

                @Override
                public void logException(StatementContext ctx, SQLException ex) {
                    count.incrementAndGet();
                }
            });
            int moves = 0;
            for (int i = 0; i < 20 && g.get("status").asText().equals("playing"); i++) {
                String pit = g.get("legal").get(0).asText();
                TestClient.Reply r = c.post("/api/games/" + id + "/moves", "{\"pit\":\"" + pit + "\",\"ply\":"
                        + (g.get("plies").asInt() + 1) + "}", token);
                assertThat(r.status()).as(r.body()).isEqualTo(200);
                g = r.json();
                moves++;
            }
            Thread.sleep(300); // the change feed's and jobs' reactions to the last move
            server.context().db().jdbi().setSqlLogger(SqlLogger.NOP_SQL_LOGGER);
            wire.removeHandler(syncs);
            wire.setLevel(wireLevel);
            double perMove = count.get() / (double) moves;
            int played = moves;
            System.out.printf("%s: %d moves, %d statements, %.1f a move; %d round trips to the server, %.1f a move%n",
                    name, moves, count.get(), perMove, trips.get(), trips.get() / (double) moves);
            byKind.entrySet().stream().sorted((a, b) -> b.getValue().get() - a.getValue().get())
                    .forEach(e -> System.out.printf("  %5.1f  %s%n", e.getValue().get() / (double) played, e.getKey()));
            assertThat(moves).isPositive();
            assertThat(perMove).isLessThanOrEqualTo(MAX_PER_MOVE);
            if (url.startsWith("jdbc:postgresql:")) {
                assertThat(trips.get()).as("round trips seen").isGreaterThanOrEqualTo(moves);
                assertThat(trips.get() / (double) moves).isLessThanOrEqualTo(MAX_TRIPS_PER_MOVE);
            }
        }
    }
}
