package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import mancala.server.config.ServerConfig;
import mancala.server.store.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The computer's capacity: many games against the computer opened at once from many addresses (the server is told
 * it stands behind a proxy, so each request's address is the last {@code X-Forwarded-For} entry) are admitted up
 * to the instance's cap (8 per AI thread: 16 with 2 threads), the rest refused with 503 {@code computer-busy} and
 * {@code Retry-After}; one address gets at most 3; and a player whose game was going before the flood still gets
 * the AI's reply within a few seconds. On H2 and PostgreSQL.
 */
class ComputerCapacityTest {
    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void theCapRefusesTheExcessAndOthersRepliesStayTimelyOnH2() throws Exception {
        run(Database.h2FileUrl(dir.resolve("games")), null, null);
    }

    @Test
    @Tag("postgres")
    void theCapRefusesTheExcessAndOthersRepliesStayTimelyOnPostgres() throws Exception {
        Services.requirePostgres();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(Services.PG_URL, Services.PG_USER,
                Services.PG_PASSWORD); java.sql.Statement st = c.createStatement()) {
            if (c.getMetaData().getTables(null, null, "jobs", null).next()) {
                st.executeUpdate("DELETE FROM jobs WHERE kind = 'ai-move'"); // an earlier run's queue
            }
        }
        run(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD);
    }

    private record Reply(int status, JsonNode json, String retryAfter) {
    }

    private Reply post(int port, String address, String path, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json").header("X-Forwarded-For", address)
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        return new Reply(r.statusCode(), TestClient.JSON.readTree(r.body()),
                r.headers().firstValue("Retry-After").orElse(null));
    }

    private void run(String url, String user, String password) throws Exception {
        ServerConfig config = ServerConfig.defaults().withAddress("127.0.0.1", 0).withDatabase(url, user, password)
                .withAiDelay(Duration.ZERO).withBehindProxy(true).withCapacity(2, 2, 2000, Duration.ofSeconds(20));
        try (MancalaServer server = MancalaServer.start(config)) {
            int port = server.port();
            TestClient c = new TestClient(port);
            // the other player: a level-1 game going before the flood, South to move
            Reply mine = post(port, "10.9.9.9", "/api/games", "{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":1,"
                    + "\"side\":\"south\"}");
            assertThat(mine.status()).isEqualTo(201);
            String id = mine.json().get("id").asText();
            String token = mine.json().get("seatToken").asText();

            // one address: 3 games, the fourth refused as over its share
            for (int i = 0; i < 3; i++) {
                assertThat(post(port, "10.1.0.1", "/api/games", strong()).status()).isEqualTo(201);
            }
            Reply fourth = post(port, "10.1.0.1", "/api/games", strong());
            assertThat(fourth.status()).isEqualTo(429);
            assertThat(fourth.json().get("error").asText()).isEqualTo("computer-share");

            // 60 addresses at once, one strong game each whose AI moves first
            ExecutorService pool = Executors.newFixedThreadPool(16);
            List<Future<Reply>> flood = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                String address = "10.2.0." + (i + 1);
                flood.add(pool.submit(() -> post(port, address, "/api/games", strong())));
            }
            int created = 0;
            int busy = 0;
            for (Future<Reply> f : flood) {
                Reply r = f.get();
                if (r.status() == 201) {
                    created++;
                } else {
                    assertThat(r.status()).as(r.json().toString()).isEqualTo(503);
                    assertThat(r.json().get("error").asText()).isEqualTo("computer-busy");
                    assertThat(r.retryAfter()).isEqualTo("30");
                    busy++;
                }
            }
            pool.shutdown();
            // 16 places: the other player's game and 3 of one address hold 4
            assertThat(created).isEqualTo(12);
            assertThat(busy).isEqualTo(48);

            // the other player moves: the AI's reply comes within seconds despite the admitted strong games
            long t0 = System.nanoTime();
            TestClient.Reply moved = c.post("/api/games/" + id + "/moves", "{\"pit\":\"" + firstLegal(c, id)
                    + "\"}", token);
            assertThat(moved.status()).as(moved.body()).isEqualTo(200);
            JsonNode g = null;
            for (int i = 0; i < 400; i++) {
                g = c.get("/api/games/" + id, null).json();
                if (g.get("plies").asInt() >= 2 || g.get("status").asText().equals("over")) {
                    break;
                }
                Thread.sleep(25);
            }
            Duration waited = Duration.ofNanos(System.nanoTime() - t0);
            assertThat(g.get("plies").asInt()).as("the AI answered").isGreaterThanOrEqualTo(2);
            // a guard, not a measure (the machine may be loaded): 12 admitted games think at most 1.5 s each on 2
            // threads, shortened by the queue; without the cap, 300 games made this 14 s in the audit
            assertThat(waited).isLessThan(Duration.ofSeconds(10));
        }
    }

    private static String strong() {
        return "{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":10,\"side\":\"north\"}";
    }

    private static String firstLegal(TestClient c, String id) {
        JsonNode g = c.get("/api/games/" + id, null).json();
        return g.get("legal").get(0).asText();
    }
}
