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
