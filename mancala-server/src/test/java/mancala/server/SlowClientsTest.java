package mancala.server;

import mancala.server.config.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mancala.server.store.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that hold the server's resources for as long as they can: bodies trickled a byte at a time (defect 5)
 * and a flood of strong AI games (defect 6). Clock-dependent, so tagged slow.
 */
@Tag("slow")
class SlowClientsTest {
    @TempDir
    Path dir;

    ServerConfig config() {
        return ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(Database.h2FileUrl(dir.resolve("games")), null, null).withAiDelay(Duration.ZERO)
                .withRateLimitScale(1000);
    }

    /** Defect 5: 400 connections trickling bodies at a byte every 2 s hold no thread; the site answers. */
    @Test
    void tricklingBodiesHoldNoThreadAndAreCutOff() throws Exception {
        try (MancalaServer server = MancalaServer.start(config())) {
            TestClient c = new TestClient(server.port());
            List<RawHttp> slow = new ArrayList<>();
            try {
                for (int i = 0; i < 400; i++) {
                    RawHttp r = new RawHttp(server.port());
                    r.write("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            + "Content-Length: 1000\r\n\r\n{");
                    slow.add(r);
                }
                long until = System.nanoTime() + Duration.ofSeconds(12).toNanos();
                int answered = 0;
                while (System.nanoTime() < until) {
                    long t0 = System.nanoTime();
                    TestClient.Reply r = c.get("/api/games?limit=5", null);
                    assertThat(r.status()).isEqualTo(200);
                    assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(3));
                    answered++;
                    for (RawHttp s : slow) {
                        try {
                            s.write("a");
                        } catch (IOException cut) {
                            // cut off by the server: as it should be
                        }
                    }
                    Thread.sleep(2000);
                }
                assertThat(answered).isGreaterThan(3);
                // Every trickler was refused within the body deadline (408) or cut off.
                for (RawHttp s : slow) {
                    s.socket.setSoTimeout(5000);
                    String answer = s.readAll(4096);
                    assertThat(answer).satisfiesAnyOf(a -> assertThat(a).startsWith("HTTP/1.1 408"),
                            a -> assertThat(a).isEmpty());
                }
            } finally {
                slow.forEach(RawHttp::close);
            }
        }
    }

    /**
     * Defect 6: 30 level-10 games whose AI moves first, created at once, delay another player's level-1 AI by a
     * few seconds, not minutes: the queue is fair and thinking shortens under load.
     */
    @Test
    void aFloodOfStrongAiGamesDelaysOthersOnlyBriefly() throws Exception {
        try (MancalaServer server = MancalaServer.start(config())) {
            TestClient c = new TestClient(server.port());
            for (int i = 0; i < 30; i++) {
                c.create("{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":10,\"side\":\"north\"}");
            }
            long t0 = System.nanoTime();
            TestClient.Reply mine = c.create("{\"game\":\"al-manqala\",\"mode\":\"ai\",\"level\":1,\"side\":\"north\"}");
            String id = mine.get("id").asText();
            JsonNode g = null;
            for (int i = 0; i < 600; i++) {
                g = c.get("/api/games/" + id, null).json();
                if (g.get("plies").asInt() > 0) {
                    break;
                }
                Thread.sleep(50);
            }
            Duration waited = Duration.ofNanos(System.nanoTime() - t0);
            assertThat(g.get("plies").asInt()).as("the AI answered").isPositive();
            assertThat(waited).isLessThan(Duration.ofSeconds(20));
            // Beyond the computer's capacity, a new AI game is refused with 503 computer-busy and a time to come back.
            TestClient.Reply refused = null;
            for (int i = 0; i < 60 && refused == null; i++) {
                TestClient.Reply r = c.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":10,"
                        + "\"side\":\"north\"}");
                if (r.status() == 503) {
                    refused = r;
                }
            }
            assertThat(refused).isNotNull();
            assertThat(refused.get("error").asText()).isEqualTo("computer-busy");
        }
    }
}
