package mancala.server.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks of an H2 database file before it is opened: see {@link #check}. */
final class H2Files {
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
        if (file == null || !Files.exists(file)) {
            return;
        }
        if (OPEN.contains(file.toAbsolutePath())) {
            return; // open in this process (H2 shares it): any other channel closed here would drop its lock
        }
        refuseIfInUse(file);
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
    }

    /**
     * Stops at once when another process holds the file's lock (H2 locks its {@code .mv.db} file for as long as the
     * database is open): two servers writing one file lose each other's games. The probe takes the lock itself and
     * lets it go before H2 opens the file; a lock held by this process's own open database is never probed (a
     * second channel closed in the same process would drop that lock).
     *
     * @throws Database.StoreException naming the folder and the process that has it open
     */
    static void refuseIfInUse(Path file) {
        if (OPEN.contains(file.toAbsolutePath())) {
            return; // open in this process: H2 shares it, and probing would drop our own lock
        }
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.channels.FileLock lock = ch.tryLock();
            if (lock != null) {
                lock.release();
                return;
            }
        } catch (IOException | java.nio.channels.OverlappingFileLockException e) {
            return; // H2 reports what it cannot open
        }
        throw inUse(file);
    }

    /** @return the refusal for a database file open in another server, naming it from the owner file if any. */
    static Database.StoreException inUse(Path file) {
        String owner;
        try {
            owner = Files.exists(ownerFile(file)) ? Files.readString(ownerFile(file)).strip() : "";
        } catch (IOException e) {
            owner = "";
        }
        return new Database.StoreException("the database in the folder " + file.toAbsolutePath().getParent()
                + " is in use by another running server (" + (owner.isEmpty() ? "its process is unknown" : owner)
                + "; file " + file.getFileName() + "). Stop that server first, or give this one another data "
                + "folder (--db).", null);
    }

    /** @return the file beside the database naming the process that has it open ({@code NAME.mv.db.owner}). */
    static Path ownerFile(Path file) {
        return file.resolveSibling(file.getFileName() + ".owner");
    }

    /** The database files this process has open (never probed by another channel). */
    private static final java.util.Set<Path> OPEN = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Writes the owner file: this process's id, host and start, for a second server's refusal. */
    static void writeOwner(Path file) {
        OPEN.add(file.toAbsolutePath());
        ProcessHandle me = ProcessHandle.current();
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "this machine";
        }
        String text = "process " + me.pid() + " on " + host + ", running since "
                + me.info().startInstant().map(Object::toString).orElse("an unknown time") + "\n";
        try {
            Files.writeString(ownerFile(file), text);
        } catch (IOException e) {
            // only a courtesy to a second server's message
        }
    }

    /** Removes the owner file when it names this process. */
    static void removeOwner(Path file) {
        OPEN.remove(file.toAbsolutePath());
        try {
            Path f = ownerFile(file);
            if (Files.exists(f) && Files.readString(f).startsWith("process " + ProcessHandle.current().pid() + " ")) {
                Files.delete(f);
            }
        } catch (IOException e) {
            // left behind: the next owner overwrites it
        }
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
