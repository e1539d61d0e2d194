package mancala.cli;

import mancala.notation.NotationException;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.RulesException;
import picocli.CommandLine;

/**
 * What the subcommands share: the one place exceptions become exit codes and messages, and the reading of the
 * common arguments (game, options, position).
 */
final class Cli {
    /** Exit status: success. */
    static final int OK = 0;
    /** Exit status: the input was read but is wrong (an illegal move, a wrong capture count). */
    static final int WRONG = 1;
    /** Exit status: unusable input or arguments. */
    static final int UNUSABLE = 2;

    private Cli() {
    }

    /** @return a command line whose errors print as one clear line and map to {@link #UNUSABLE}. */
    static CommandLine commandLine(Object command) {
        CommandLine cl = new CommandLine(command);
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof NotationException || e instanceof RulesException || e instanceof UsageException) {
                commandLine.getErr().println("mancala: " + e.getMessage());
                return UNUSABLE;
            }
            throw e;
        });
        cl.setParameterExceptionHandler((e, args) -> {
            e.getCommandLine().getErr().println("mancala: " + e.getMessage());
            e.getCommandLine().usage(e.getCommandLine().getErr());
            return UNUSABLE;
        });
        return cl;
    }

    /**
     * @param file the file that could not be written
     * @param e    what writing it threw
     * @return why, for people: "no such folder", "permission denied", "it is a folder", "no file can be created
     *         in /proc", or the system's reason
     */
    static String writeFailure(java.nio.file.Path file, Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            java.nio.file.Path dir = file.toAbsolutePath().getParent();
            if (dir != null && !java.nio.file.Files.isDirectory(dir)) {
                return "no such folder";
            }
            return "no file can be created in " + dir;
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return java.nio.file.Files.isDirectory(file) ? "it is a folder" : f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** @return the game named by {@code key}. @throws UsageException listing the games */
    static GameKind game(String key) {
        return GameKind.byKey(key).orElseThrow(
                () -> new UsageException("unknown game '" + key + "'; games: " + GameKind.keys()));
    }

    /** @return options of {@code game} read from {@code text} (null or empty: defaults). */
    static RuleOptions options(GameKind game, String text) {
        try {
            return OptionsNotation.parse(game, text);
        } catch (NotationException e) {
            throw new UsageException("--options '" + text + "': " + e.getMessage());
        }
    }

    /** @return the position given in notation, under options read from {@code optionsText}. */
    static Position position(String text, String optionsText) {
        String first = text.strip().split("\\s+")[0];
        GameKind game = GameKind.byKey(first).orElseThrow(() -> new UsageException("position '" + text.strip()
                + "': GAME: expected one of " + GameKind.keys() + ", found "
                + (first.isEmpty() ? "nothing" : "'" + first + "'")));
        Position p;
        try {
            p = PositionNotation.parse(text, options(game, optionsText));
        } catch (NotationException e) {
            throw new UsageException("position '" + text.strip() + "': " + e.getMessage());
        }
        requireSeedTotal(p, text);
        return p;
    }

    /**
     * Checks that {@code p} holds no more seeds, on and off the board, than its game starts with.
     *
     * @param text the position as the user gave it, for the message
     * @throws UsageException naming the position, its seed total and the most allowed
     */
    static void requireSeedTotal(Position p, String text) {
        try {
            p.requireSeedTotal();
        } catch (RulesException e) {
            throw new UsageException("position '" + text.strip() + "': " + e.getMessage());
        }
    }

    /**
     * Creates {@code file} empty (or empties it), so that a command that writes it at the end fails at the start.
     *
     * @throws UsageException saying why it cannot be written ({@link #writeFailure})
     */
    static void requireWritable(java.nio.file.Path file) {
        try {
            java.nio.file.Files.writeString(file, "");
        } catch (java.io.IOException e) {
            throw new UsageException("cannot write " + file + ": " + writeFailure(file, e));
        }
    }

    /** A bad argument: printed as one line, exit status {@link #UNUSABLE}. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
