package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import mancala.server.store.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server killed outright (SIGKILL, no shutdown hook) loses no move it has answered. */
@Tag("slow")
class KilledServerTest {
    @TempDir
    Path dir;

    @Test
    void everyAnsweredMoveSurvivesAKill() throws Exception {
        String url = Database.h2FileUrl(dir.resolve("games"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ServerProcess.class.getName(), url).redirectErrorStream(true).start();
        String id;
        JsonNode played;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8));
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.startsWith("port "));
            assertThat(line).as("the child server's port").isNotNull();
            TestClient client = new TestClient(Integer.parseInt(line.substring(5).strip()));
            TestClient.Reply created = client.create("{\"game\":\"al-manqala\",\"mode\":\"local\"}");
            id = created.get("id").asText();
            String token = created.get("seatToken").asText();
            SplittableRandom random = new SplittableRandom(3);
            played = created.get("game");
            for (int i = 0; i < 40 && played.get("status").asText().equals("playing"); i++) {
                JsonNode legal = played.get("legal");
                String pit = legal.get(random.nextInt(legal.size())).asText();
                TestClient.Reply r = client.post("/api/games/" + id + "/moves", "{\"pit\":\"" + pit + "\"}", token);
                assertThat(r.status()).as(r.body()).isEqualTo(200);
                played = r.json();
            }
        } finally {
            child.destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        try (MancalaServer restarted = MancalaServer.start("127.0.0.1", 0, url, null, null, 0)) {
            JsonNode resumed = new TestClient(restarted.port()).get("/api/games/" + id, null).json();
            assertThat(resumed.get("plies").asInt()).isEqualTo(played.get("plies").asInt());
            assertThat(resumed.get("position").asText()).isEqualTo(played.get("position").asText());
        }
    }
}
