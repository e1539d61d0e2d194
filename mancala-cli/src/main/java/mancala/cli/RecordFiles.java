package mancala.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import mancala.record.GameRecord;
import mancala.record.RecordReader;
import mancala.record.ReplayedRecord;
import mancala.rules.GameKind;

/** What {@code replay} and {@code convert} share: reading a record file or standard input, and the reader settings. */
final class RecordFiles {
    private RecordFiles() {
    }

    /** @return the source name for messages: the file as given, or {@code stdin} for {@code -}. */
    static String sourceName(String file) {
        return file.equals("-") ? "stdin" : file;
    }

    /**
     * @return the text of {@code file} (UTF-8), or of standard input when {@code file} is {@code -}
     * @throws Cli.UsageException when it cannot be read
     */
    static String read(String file) {
        try {
            if (file.equals("-")) {
                return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
            }
            return Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new Cli.UsageException("cannot read " + file + ": no such file");
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new Cli.UsageException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /**
     * @return reader settings from {@code --game}, {@code --options} and {@code --numeric}
     * @throws Cli.UsageException for an unknown game or options, or options without a game
     */
    static RecordReader.Settings settings(String game, String options, boolean numeric) {
        RecordReader.Settings s = RecordReader.Settings.DEFAULT.withNumeric(numeric);
        if (game == null) {
            if (options != null) {
                throw new Cli.UsageException("--options needs --game: options belong to a game");
            }
            return s;
        }
        GameKind kind = Cli.game(game);
        return s.withOptions(Cli.options(kind, options)).withNumeric(numeric);
    }

    /**
     * Reads the records of {@code file}.
     *
     * @throws Cli.UsageException when the file holds no record
     * @throws mancala.record.RecordException when the text is not a record
     */
    static List<GameRecord> records(String file, RecordReader.Settings settings) {
        List<GameRecord> records = RecordReader.read(read(file), sourceName(file), settings);
        if (records.isEmpty()) {
            throw new Cli.UsageException(sourceName(file) + " holds no game record");
        }
        return records;
    }

    /** @return true when every replay is valid. */
    static boolean allValid(List<ReplayedRecord> replays) {
        return replays.stream().allMatch(ReplayedRecord::valid);
    }
}
