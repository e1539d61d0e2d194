package mancala.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.jline.terminal.spi.SystemStream;
import org.jline.terminal.spi.TerminalProvider;
import picocli.CommandLine.Option;

/**
 * The options {@code --progress} and {@code --quiet} of the commands that can run for more than a couple of
 * seconds, and the choice of display they make. Progress goes to standard error only, so standard output is the
 * same whatever is chosen.
 *
 * <p>Whether standard error is a terminal is asked of JLine (its exec provider runs {@code test -t 2} with the
 * process's standard error): {@code System.console()} would answer for standard input and output instead, and
 * so show a bar in a log file when only standard output is piped.
 */
final class ProgressOptions {
    /** How progress is shown. */
    enum Mode {
        /** A bar when standard error is a terminal, plain lines otherwise. */
        AUTO,
        /** A progress bar (count, rate, time left) redrawn in place. */
        BAR,
        /** A line now and then, for logs and pipes. */
        PLAIN,
        /** Nothing. */
        NONE
    }

    @Option(names = "--progress", paramLabel = "WHEN", defaultValue = "auto", converter = ModeConverter.class,
            description = "progress on standard error: auto (a bar on a terminal, plain lines otherwise), bar, "
                    + "plain or none (default: ${DEFAULT-VALUE})")
    Mode mode = Mode.AUTO;

    @Option(names = {"-q", "--quiet"}, description = "no progress on standard error (as --progress=none)")
    boolean quiet;

    /** Reads {@code auto}, {@code bar}, {@code plain}, {@code none} in any case. */
    static final class ModeConverter implements picocli.CommandLine.ITypeConverter<Mode> {
        @Override
        public Mode convert(String value) {
            try {
                return Mode.valueOf(value.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException("expected auto, bar, plain or none, found '"
                        + value + "'");
            }
        }
    }

    /** @return the mode chosen, AUTO resolved by asking whether standard error is a terminal */
    Mode resolved() {
        if (quiet) {
            return Mode.NONE;
        }
        if (mode == Mode.AUTO) {
            return stderrIsTerminal() ? Mode.BAR : Mode.PLAIN;
        }
        return mode;
    }

    /**
     * @param err where plain lines go (the command's standard error)
     * @return the display chosen: a {@link ProgressDisplay} to close when the command ends
     */
    ProgressDisplay display(PrintWriter err) {
        return new ProgressDisplay(resolved(), err);
    }

    /** @return true when the process's standard error is a terminal (false when it cannot be told) */
    static boolean stderrIsTerminal() {
        try {
            return TerminalProvider.load("exec").isSystemStream(SystemStream.Error);
        } catch (Exception | LinkageError e) {
            return false;
        }
    }
}
