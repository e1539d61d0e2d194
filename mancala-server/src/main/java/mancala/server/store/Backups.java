package mancala.server.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Backups of an H2 database while it is in use ({@code BACKUP TO}, a consistent zip of the database file): one at
 * start and one every interval, into a folder, the newest {@link #KEEP} kept. A backup is restored by unzipping
 * its {@code .mv.db} file in place of the database file while no server runs. PostgreSQL is backed up with its own
 * tools ({@code pg_dump}); see the README.
 */
public final class Backups implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Backups.class);
    /** Backups kept; older ones are removed. */
    public static final int KEEP = 48;
    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private final Database db;
    private final Path dir;
    private final ScheduledExecutorService timer;

    private Backups(Database db, Path dir, Duration every) {
        this.db = db;
        this.dir = dir;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mancala-backup");
            t.setDaemon(true);
            return t;
        });
        long ms = Math.max(1000, every.toMillis());
        timer.scheduleWithFixedDelay(this::backupQuietly, ms, ms, TimeUnit.MILLISECONDS);
    }

    /**
     * Makes the first backup now and schedules the others.
     *
     * @throws Database.StoreException for PostgreSQL, or when the folder cannot be made or the first backup fails
     */
    public static Backups start(Database db, Path dir, Duration every) {
        if (db.isPostgres()) {
            throw new Database.StoreException("--backup keeps backups of the H2 file; back up PostgreSQL with "
                    + "pg_dump (see the README)", null);
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new Database.StoreException("cannot create the backup folder " + dir + ": " + e.getMessage(), e);
        }
        Backups b = new Backups(db, dir, every);
        try {
            b.backup();
        } catch (RuntimeException e) {
            b.close();
            throw new Database.StoreException("cannot back up the database into " + dir + ": " + e.getMessage(), e);
        }
        return b;
    }

    /** Writes one backup now. @return its file */
    public Path backup() {
        Path file = dir.resolve("mancala-" + NAME.format(java.time.Instant.now()) + ".zip").toAbsolutePath();
        String target = file.toString().replace("'", "''");
        db.withHandle(h -> h.execute("BACKUP TO '" + target + "'"));
        prune();
        log.info("database backed up to {}", file);
        return file;
    }

    private void backupQuietly() {
        try {
            backup();
        } catch (RuntimeException e) {
            log.error("backup failed: {}", e.toString());
        }
    }

    private void prune() {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> all = s.filter(p -> p.getFileName().toString().matches("mancala-\\d{8}-\\d{6}\\.zip"))
                    .sorted().toList();
            for (int i = 0; i < all.size() - KEEP; i++) {
                Files.deleteIfExists(all.get(i));
            }
        } catch (IOException e) {
            log.warn("cannot prune old backups in {}: {}", dir, e.toString());
        }
    }

    /** Stops the backups. */
    @Override
    public void close() {
        timer.shutdownNow();
    }
}
