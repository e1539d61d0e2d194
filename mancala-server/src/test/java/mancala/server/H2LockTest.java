package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mancala.server.store.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two servers on one H2 file: the first holds H2's lock for as long as it runs, its periodic record of the file's
 * version included (it reads the version through H2, never through a channel of its own, whose closing would drop
 * the process's lock); a second server on the same folder stops at once, saying which folder and which process.
 */
@Tag("slow")
class H2LockTest {
    @TempDir
    Path dir;
    private final List<Process> others = new ArrayList<>();

    private static Process serverProcess(String url, long watchMillis) throws java.io.IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m", "-D" + Database.WATCH_PROPERTY + "=" + watchMillis,
                "-cp", System.getProperty("java.class.path"), ServerProcess.class.getName(), url));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private static int port(Process p) throws java.io.IOException {
        java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8));
        String line;
        do {
            line = out.readLine();
        } while (line != null && !line.startsWith("port "));
        assertThat(line).as("the first server's port").isNotNull();
        Thread drain = new Thread(() -> {
            try {
                while (out.readLine() != null) {
                    // discarded
                }
            } catch (java.io.IOException e) {
                // gone
            }
        });
        drain.setDaemon(true);
        drain.start();
        return Integer.parseInt(line.substring(5).strip());
    }

    @Test
    void aSecondServerOnTheSameFolderStopsAtOnceAndTheFirstKeepsItsGames() throws Exception {
        String url = Database.h2FileUrl(dir.resolve("games"));
        // the version is recorded every 200 ms: in 6 s, some 30 times (the old check opened the file each time)
        Process first = serverProcess(url, 200);
        try {
            TestClient client = new TestClient(port(first));
            TestClient.Reply created = client.create("{\"game\":\"al-manqala\",\"mode\":\"local\"}");
            String id = created.get("id").asText();
            String token = created.get("seatToken").asText();
            JsonNode played = created.get("game");
            for (int i = 0; i < 6; i++) {
                String pit = played.get("legal").get(0).asText();
                TestClient.Reply r = client.post("/api/games/" + id + "/moves", "{\"pit\":\"" + pit + "\"}", token);
                assertThat(r.status()).as(r.body()).isEqualTo(200);
                played = r.json();
            }
            Thread.sleep(6_000);

            long started = System.nanoTime();
            Process second = serverProcess(url, 200);
            others.add(second);
            assertThat(second.waitFor(20, TimeUnit.SECONDS)).as("the second server stops").isTrue();
            long tookMillis = (System.nanoTime() - started) / 1_000_000;
            String said = read(second.getInputStream());
            assertThat(second.exitValue()).isNotZero();
            assertThat(said).contains("the data folder " + dir.toAbsolutePath() + " is in use by another server")
                    .contains("process " + first.pid());
            assertThat(said).doesNotContain("\nport ");
            // the reason is the first thing said, not buried under logback's own status lines
            assertThat(said).doesNotContain("ch.qos.logback");
            assertThat(Files.readString(dir.resolve("games.mv.db.seen")).strip()).matches("[0-9]+");
            assertThat(Files.readString(dir.resolve("games.mv.db.owner"))).contains("pid=" + first.pid());
            // "at once": no pool retrying for its 10 s timeout (the JVM's own start is most of this)
            assertThat(tookMillis).isLessThan(10_000);

            // the first still serves, its game whole, and takes more moves
            assertThat(first.isAlive()).isTrue();
            JsonNode now = client.get("/api/games/" + id, null).json();
            assertThat(now.get("plies").asInt()).isEqualTo(played.get("plies").asInt());
            String pit = now.get("legal").get(0).asText();
            assertThat(client.post("/api/games/" + id + "/moves", "{\"pit\":\"" + pit + "\"}", token).status())
                    .isEqualTo(200);
            // and it still holds the lock: a third try is refused too
            Process third = serverProcess(url, 200);
            others.add(third);
            assertThat(third.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(read(third.getInputStream())).contains("is in use by another server");
        } finally {
            others.forEach(Process::destroyForcibly);
            first.destroy(); // SIGTERM: the shutdown hook closes the database
            if (!first.waitFor(30, TimeUnit.SECONDS)) {
                first.destroyForcibly();
            }
        }
    }

    private static String read(InputStream in) throws java.io.IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
