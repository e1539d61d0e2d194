package mancala.record;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The historical records of the repository's {@code docs/records} folder, which the build puts on the test
 * classpath under {@code records/} (each record names its source in its tags).
 */
final class HistoricalRecords {
    private HistoricalRecords() {
    }

    /**
     * @return the text of the record file {@code name}
     * @throws IllegalStateException when the test classpath has no such record
     */
    static String text(String name) {
        try (InputStream in = HistoricalRecords.class.getResourceAsStream("/records/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no record " + name + " on the test classpath (docs/records)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
