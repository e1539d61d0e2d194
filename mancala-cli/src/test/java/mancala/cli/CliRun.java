package mancala.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs {@link Main#run} with standard input, output and error captured. */
record CliRun(int status, String out, String err) {
    static CliRun of(String... args) {
        return withInput("", args);
    }

    static CliRun withInput(String input, String... args) {
        return withBytes(input.getBytes(StandardCharsets.UTF_8), args);
    }

    static CliRun withBytes(byte[] input, String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        InputStream oldIn = System.in;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            System.setIn(new ByteArrayInputStream(input));
            int status = Main.run(args);
            return new CliRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
            System.setIn(oldIn);
        }
    }

    /**
     * @return the path of the historical record {@code name} of {@code docs/records}, which the build copies onto
     *         the test classpath under {@code records/}
     * @throws IllegalStateException when there is no such record
     */
    static Path record(String name) {
        java.net.URL url = CliRun.class.getResource("/records/" + name);
        if (url == null) {
            throw new IllegalStateException("no record " + name + " on the test classpath (docs/records)");
        }
        try {
            return Path.of(url.toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
