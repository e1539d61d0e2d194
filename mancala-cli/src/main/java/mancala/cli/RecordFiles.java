package mancala.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import mancala.record.GameRecord;
import mancala.record.RecordException;
import mancala.record.RecordReader;
import mancala.record.Replay;
import mancala.record.ReplayedRecord;
import mancala.rules.GameKind;
import mancala.rules.Position;

/** What {@code replay}, {@code convert}, {@code analyse} and {@code solve} share: reading a record file or standard input, and the reader settings. */
final class RecordFiles {
    private RecordFiles() {
    }

    /** @return the source name for messages: the file as given, or {@code stdin} for {@code -}. */
    static String sourceName(String file) {
        return file.equals("-") ? "stdin" : file;
    }

    /** The most bytes a record file may hold: records are text of a few kilobytes; more is not a record. */
    static final int MAX_BYTES = 64 << 20;

    /**
     * @return the text of {@code file} (UTF-8), or of standard input when {@code file} is {@code -}
     * @throws Cli.UsageException when it cannot be read, or holds more than {@link #MAX_BYTES} bytes
     */
    static String read(String file) {
        return read(file, MAX_BYTES);
    }

    /**
     * @param limit the most bytes accepted; at most {@code limit + 1} bytes are read, so an endless source such as
     *              {@code /dev/zero} or a pipe ends the reading too
     * @return the text of {@code file} (UTF-8), or of standard input when {@code file} is {@code -}
     * @throws Cli.UsageException when it cannot be read, or holds more than {@code limit} bytes
     */
    static String read(String file, int limit) {
        if (file.isEmpty()) {
            throw new Cli.UsageException("cannot read a record: the file name is empty");
        }
        try {
            byte[] bytes;
            if (file.equals("-")) {
                bytes = System.in.readNBytes(limit + 1);
            } else {
                Path path = Path.of(file);
                if (Files.isDirectory(path)) {
                    throw new Cli.UsageException("cannot read " + file + ": it is a folder, not a record file");
                }
                try (InputStream in = Files.newInputStream(path)) {
                    bytes = in.readNBytes(limit + 1);
                }
            }
            if (bytes.length > limit) {
                throw new Cli.UsageException(sourceName(file) + ": larger than " + size(limit)
                        + "; not a game record");
            }
            return utf8(bytes, sourceName(file));
        } catch (NoSuchFileException e) {
            throw new Cli.UsageException("cannot read " + file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new Cli.UsageException("cannot read " + file + ": permission denied");
        } catch (InvalidPathException e) {
            throw new Cli.UsageException("cannot read " + file + ": not a valid file name (" + e.getReason() + ")");
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new Cli.UsageException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** @return {@code bytes} for people: "64 MiB", "10 KiB" or "100 bytes". */
    private static String size(int bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " bytes";
    }

    /**
     * @return {@code bytes} decoded as UTF-8
     * @throws Cli.UsageException naming the line and column of the first byte that is not UTF-8
     */
    private static String utf8(byte[] bytes, String source) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isUnderflow()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int bad = in.position();
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < bad; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            int column = new String(bytes, lineStart, bad - lineStart, StandardCharsets.UTF_8).length() + 1;
            throw new Cli.UsageException(String.format("%s:%d:%d: found byte 0x%02X, expected UTF-8 text"
                    + " (save the file as UTF-8)", source, line, column, bytes[bad] & 0xFF));
        }
        return out.flip().toString();
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

    /**
     * Reads the records of a file for {@code analyse} and {@code solve}, which take no {@code --game}: the rule
     * options given, if any, apply to the game the file's first {@code Game} tag names.
     *
     * @param optionsText {@code --options}, or null for each record's own
     * @throws Cli.UsageException when the file cannot be read, holds no record or is not a record (with its line
     *     and column)
     */
    static List<GameRecord> records(Path file, String optionsText) {
        String text = read(file.toString());
        RecordReader.Settings settings = RecordReader.Settings.DEFAULT;
        if (optionsText != null) {
            String first = text.lines().filter(l -> l.startsWith("[Game ")).findFirst().orElse(null);
            if (first != null) {
                GameKind kind = Cli.game(first.replaceAll(".*\"(.*)\".*", "$1"));
                settings = settings.withOptions(Cli.options(kind, optionsText));
            }
        }
        List<GameRecord> records;
        try {
            records = RecordReader.read(text, file.toString(), settings);
        } catch (RecordException e) {
            throw new Cli.UsageException(e.getMessage());
        }
        if (records.isEmpty()) {
            throw new Cli.UsageException(file + " holds no game record");
        }
        return records;
    }

    /**
     * The position a file's records end on: its last record replayed by the rules (a Rio Kadalis match file: its last
     * round, from the refill when the round has no {@code Setup}); for a problem, a {@code Setup} and no moves, the
     * set-up position.
     *
     * @throws Cli.UsageException naming the first problem (file, line, column, ply) when a record does not replay
     */
    static Position finalPosition(List<GameRecord> records) {
        List<ReplayedRecord> replays = Replay.replay(records);
        for (ReplayedRecord r : replays) {
            if (!r.valid()) {
                throw new Cli.UsageException(r.problems().get(0).getMessage());
            }
        }
        return replays.get(replays.size() - 1).finalPosition();
    }

    /** @return true when every replay is valid. */
    static boolean allValid(List<ReplayedRecord> replays) {
        return replays.stream().allMatch(ReplayedRecord::valid);
    }
}
