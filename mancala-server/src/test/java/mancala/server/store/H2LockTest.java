package mancala.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two servers on one H2 file: the second stops at once, naming the folder and the first server's process, even
 * after the first has run long enough for its periodic version record (which once opened and closed the file by a
 * channel of its own, dropping the process's lock).
 */
@Tag("slow")
class H2LockTest {
    @TempDir
    Path dir;

    @Test
    void aSecondServerOnALockedFileStopsWithAMessage() throws Exception {
        String url = Database.h2FileUrl(dir.resolve("mancala"));
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process first = new ProcessBuilder(javaBin, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                Holder.class.getName(), url).redirectErrorStream(true).start();
        try {
            java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(
                    first.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.equals("open"));
            assertThat(line).as("the first process opened the database").isEqualTo("open");
            // the first process's version record runs at 2 s and every 5 s after
            Thread.sleep(8_000);
            assertThat(Files.readString(H2FileCheck.seenFile(dir.resolve("mancala.mv.db"))).strip())
                    .as("the version was recorded from H2's store").matches("\\d+");
            assertThatThrownBy(() -> Database.open(url, null, null, 2))
                    .isInstanceOf(Database.StoreException.class)
                    .hasMessageContaining(dir.toAbsolutePath().toString())
                    .hasMessageContaining("in use by another running server")
                    .hasMessageContaining("process " + first.pid() + " ");
        } finally {
            first.destroyForcibly().waitFor();
        }
        // once the first has gone the file opens (its lock went with the process)
        try (Database db = Database.open(url, null, null, 2)) {
            Integer accounts = db.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM accounts").mapTo(Integer.class)
                    .one());
            assertThat(accounts).isZero();
        }
    }

    /** The first server's database: opens the file, writes now and then, and holds it until killed. */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            Database db = Database.open(args[0], null, null, 2);
            System.out.println("open");
            System.out.flush();
            for (int i = 0; ; i++) {
                int n = i;
                db.withHandle(h -> h.execute("CREATE TABLE IF NOT EXISTS lock_probe (i INT)")
                        + h.execute("INSERT INTO lock_probe VALUES (" + n + ")"));
                Thread.sleep(200);
            }
        }
    }
}
