package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import mancala.server.store.Backups;
import mancala.server.store.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Backups and restore as docs/operations.md describes them: H2 through the server's own backups (a zip whose
 * {@code .mv.db} replaces the database file), PostgreSQL through {@code pg_dump -Fc} and {@code pg_restore --clean}.
 * A row written before the backup comes back; one written after it does not (H2).
 */
class BackupRestoreTest {

    private static void addAccount(Database db, String name) {
        db.withHandle(h -> h.createUpdate("INSERT INTO accounts (username, username_key, password_hash, created_at) "
                + "VALUES (:n, :n, 'x', :t)").bind("n", name).bind("t", Instant.now()).execute());
    }

    private static int accounts(Database db, String name) {
        return db.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM accounts WHERE username_key = :n")
                .bind("n", name).mapTo(Integer.class).one());
    }

    @Test
    void anH2BackupRestoresTheDatabaseAsItWas(@TempDir Path dir) throws IOException {
        Path live = dir.resolve("live");
        Path backups = dir.resolve("backups");
        Database db = Database.open("jdbc:h2:file:" + live.resolve("mancala"), null, null, 4);
        try {
            addAccount(db, "before");
            Backups b = Backups.start(db, backups, Duration.ofHours(1));
            b.close();
            addAccount(db, "after");
        } finally {
            db.close();
        }
        Path zip;
        try (Stream<Path> s = Files.list(backups)) {
            List<Path> all = s.toList();
            assertThat(all).hasSize(1);
            zip = all.get(0);
        }
        Path restored = dir.resolve("restored");
        Files.createDirectories(restored);
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            ZipEntry e;
            while ((e = in.getNextEntry()) != null) {
                if (e.getName().endsWith(".mv.db")) {
                    Files.copy(in, restored.resolve("mancala.mv.db"));
                }
            }
        }
        Database back = Database.open("jdbc:h2:file:" + restored.resolve("mancala"), null, null, 4);
        try {
            assertThat(accounts(back, "before")).isEqualTo(1);
            assertThat(accounts(back, "after")).isZero();
        } finally {
            back.close();
        }
    }

    private static int run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("PGPASSWORD", Services.PG_PASSWORD);
        Process p = pb.start();
        byte[] out;
        try (InputStream in = p.getInputStream()) {
            out = in.readAllBytes();
        }
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + ": " + new String(out)).isZero();
        return p.exitValue();
    }

    @Test
    @org.junit.jupiter.api.Tag("postgres")
    void aPostgresDumpRestoresTheDatabase(@TempDir Path dir) throws Exception {
        Services.requirePostgres();
        boolean tools = Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, "pg_restore")));
        if (!tools) {
            // PostgreSQL's package brings its client tools; under CI their absence is a failure.
            assertThat(Services.ci()).as("pg_dump and pg_restore are not on the PATH").isFalse();
            org.junit.jupiter.api.Assumptions.abort("pg_dump and pg_restore are not on the PATH");
        }
        URI u = URI.create(Services.PG_URL.substring("jdbc:".length()));
        String host = u.getHost();
        String port = String.valueOf(u.getPort() < 0 ? 5432 : u.getPort());
        String name = u.getPath().substring(1);
        String who = "bk" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        Database db = Database.open(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD, 2);
        try {
            addAccount(db, who);
            Path dump = dir.resolve("mancala.dump");
            run(List.of("pg_dump", "-Fc", "-h", host, "-p", port, "-U", Services.PG_USER, "-f", dump.toString(),
                    name));
            db.withHandle(h -> h.createUpdate("DELETE FROM accounts WHERE username_key = :n").bind("n", who)
                    .execute());
            assertThat(accounts(db, who)).isZero();
        } finally {
            db.close();
        }
        run(List.of("pg_restore", "--clean", "--if-exists", "--no-owner", "-h", host, "-p", port, "-U",
                Services.PG_USER, "-d", name, dir.resolve("mancala.dump").toString()));
        Database back = Database.open(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD, 2);
        try {
            assertThat(accounts(back, who)).isEqualTo(1);
            back.withHandle(h -> h.createUpdate("DELETE FROM accounts WHERE username_key = :n").bind("n", who)
                    .execute());
        } finally {
            back.close();
        }
    }
}
