package mancala.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The records in {@code ../shared/records}, found by walking up from the working directory. */
final class SharedRecords {
    private SharedRecords() {
    }

    /** @return the path of the shared record {@code name}. @throws IllegalStateException when not found */
    static Path path(String name) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path parent = dir.getParent();
            if (parent != null && Files.isDirectory(parent.resolve("shared").resolve("records"))) {
                return parent.resolve("shared").resolve("records").resolve(name);
            }
            dir = parent;
        }
        throw new IllegalStateException("no ../shared/records above " + Path.of("").toAbsolutePath());
    }

    /** @return the text of the shared record {@code name}. */
    static String text(String name) {
        try {
            return Files.readString(path(name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
