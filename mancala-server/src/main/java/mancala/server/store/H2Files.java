package mancala.server.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An H2 database file around H2: checks before it is opened ({@link #check}), the refusal of a file another server
 * holds ({@link #openOrExplain}), the note of the process holding it ({@code NAME.mv.db.owner}), and its version
 * asked of H2 while open ({@link #chunkVersion}).
 *
 * <p>While this process has the file open through H2 nothing here opens it: H2 holds the file's lock (its default
 * {@code FILE_LOCK=FILE}, a POSIX lock on Linux), and POSIX locks belong to the process and are dropped when any
 * descriptor of the file in the process is closed.
 */
final class H2Files {
    /** H2's error code for a database file in use by another process. */
    static final int DATABASE_IN_USE = 90020;
    /** The files this process has open through H2, with how many times. */
    private static final Map<Path, Integer> OPEN = new ConcurrentHashMap<>();

    private H2Files() {
    }

    /**
     * Refuses to open a damaged or emptied H2 file, which H2 would otherwise open silently as an older state or an
     * empty database and then write over: a file of 0 bytes, or one that ends before its last complete chunk.
     * A missing file is fine (a new database). In-memory databases are not checked.
     *
     * @throws Database.StoreException naming the file, what is wrong and what to do
     */
    static void check(String url) {
        Path file = fileOf(url);
        if (file == null || !Files.exists(file) || OPEN.containsKey(file.toAbsolutePath())) {
            return;
        }
        if (lockedByAnother(file)) {
            throw inUse(file);
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new Database.StoreException("cannot read the database file " + file + ": " + e.getMessage(), e);
        }
        if (size == 0) {
            throw refused(file, "it is empty (0 bytes)");
        }
        String damage = H2FileCheck.damage(file, size);
        if (damage != null) {
            throw refused(file, damage);
        }
        H2FileCheck.remember(file);
    }

    /** @return true when another process holds a lock on the file (this process holds none: see the class). */
    private static boolean lockedByAnother(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            FileLock lock = ch.tryLock(0L, Long.MAX_VALUE, true);
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (IOException | java.nio.channels.OverlappingFileLockException e) {
            return false; // H2's own open will say
        }
    }

    /**
     * Opens the H2 database once, outside any pool, so that a file held by another process is refused at once.
     *
     * @return the open connection, which the caller closes once its pool holds connections of its own
     * @throws Database.StoreException naming the data folder and the process holding the file, or why it cannot
     *     be opened
     */
    static java.sql.Connection openOrExplain(String url, String user, String password) {
        Path file = fileOf(url);
        java.util.Properties p = new java.util.Properties();
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        try {
            java.sql.Connection c = java.sql.DriverManager.getConnection(url, p);
            if (file != null) {
                OPEN.merge(file.toAbsolutePath(), 1, Integer::sum);
            }
            return c;
        } catch (java.sql.SQLException e) {
            if (file != null && e.getErrorCode() == DATABASE_IN_USE) {
                throw inUse(file);
            }
            throw new Database.StoreException("cannot open database " + Database.redact(url) + ": " + e.getMessage(),
                    e);
        }
    }

    /**
     * Notes that this process no longer has {@code file} open through the {@link Database} that opened it.
     *
     * @return true when no other {@link Database} of this process has it open
     */
    static boolean closed(Path file) {
        return OPEN.computeIfPresent(file.toAbsolutePath(), (k, n) -> n > 1 ? n - 1 : null) == null;
    }

    /** @return the refusal of a file another process holds, naming the folder and that process when known. */
    static Database.StoreException inUse(Path file) {
        Path folder = file.toAbsolutePath().getParent();
        String owner = owner(file);
        return new Database.StoreException("the data folder " + folder + " is in use by another server: its "
                + "database file " + file.getFileName() + " is locked by " + owner + ". Stop that server first, or "
                + "start this one with another data folder or database.", null);
    }

    /** @return the holder's description from its note, or a sentence saying it is not known. */
    private static String owner(Path file) {
        Path note = ownerFile(file);
        try {
            if (Files.exists(note)) {
                String text = Files.readString(note, StandardCharsets.UTF_8).strip();
                long pid = -1;
                for (String line : text.split("\n")) {
                    if (line.startsWith("pid=")) {
                        pid = Long.parseLong(line.substring(4).strip());
                    }
                }
                String started = text.lines().filter(l -> l.startsWith("started=")).map(l -> l.substring(8))
                        .findFirst().orElse("?");
                String command = text.lines().filter(l -> l.startsWith("command=")).map(l -> l.substring(8))
                        .findFirst().orElse("?");
                boolean alive = pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
                return "process " + pid + (alive ? "" : " (by its note; no such process is running here now)")
                        + ", started " + started + " (" + command + ")";
            }
        } catch (IOException | RuntimeException e) {
            // fall through: unknown
        }
        return "another process (it left no note " + note.getFileName() + ")";
    }

    /** Writes the note of this process beside {@code file}: pid, start instant and command. */
    static void writeOwner(Path file) {
        ProcessHandle me = ProcessHandle.current();
        String command = me.info().command().orElse("java");
        String args = me.info().arguments().map(a -> String.join(" ", a)).orElse("");
        String line = (command + " " + args).strip();
        if (line.length() > 300) {
            line = line.substring(0, 300) + "…";
        }
        String text = "pid=" + me.pid() + "\nstarted=" + me.info().startInstant().orElse(Instant.now())
                + "\ncommand=" + line.replace('\n', ' ') + "\n";
        Path note = ownerFile(file);
        try {
            Path tmp = note.resolveSibling(note.getFileName() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, note, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // only an aid to the message of a second server
        }
    }

    /** Removes this process's note beside {@code file}, if it is this process's. */
    static void removeOwner(Path file) {
        Path note = ownerFile(file);
        try {
            if (Files.exists(note) && Files.readString(note, StandardCharsets.UTF_8)
                    .startsWith("pid=" + ProcessHandle.current().pid() + "\n")) {
                Files.delete(note);
            }
        } catch (IOException e) {
            // a stale note is harmless: the lock decides
        }
    }

    static Path ownerFile(Path file) {
        return file.resolveSibling(file.getFileName() + ".owner");
    }

    /**
     * @return the chunk version of the H2 file behind {@code c} (the version of the last chunk H2 stored), asked of
     *     H2 itself so that the file is not opened again
     * @throws java.sql.SQLException when {@code c} is not an embedded H2 connection
     */
    static long chunkVersion(java.sql.Connection c) throws java.sql.SQLException {
        org.h2.jdbc.JdbcConnection h2 = c.unwrap(org.h2.jdbc.JdbcConnection.class);
        org.h2.engine.SessionLocal session = (org.h2.engine.SessionLocal) h2.getSession();
        return session.getDatabase().getStore().getMvStore().getFileStore().lastChunkVersion();
    }

    private static Database.StoreException refused(Path file, String why) {
        return new Database.StoreException("refusing to open the database file " + file + ": " + why
                + ". The file is left as it is. Restore it from a backup (serve --backup DIR keeps them), or move it "
                + "away to start with an empty database.", null);
    }

    /** @return the {@code .mv.db} file of a {@code jdbc:h2:file:} (or plain path) URL, or null for memory. */
    static Path fileOf(String url) {
        String rest = url.substring("jdbc:h2:".length());
        int semi = rest.indexOf(';');
        if (semi >= 0) {
            rest = rest.substring(0, semi);
        }
        if (rest.startsWith("mem:") || rest.startsWith("tcp:") || rest.startsWith("ssl:")) {
            return null;
        }
        if (rest.startsWith("file:")) {
            rest = rest.substring("file:".length());
        }
        if (rest.startsWith("~")) {
            rest = System.getProperty("user.home") + rest.substring(1);
        }
        return Path.of(rest + ".mv.db");
    }
}
