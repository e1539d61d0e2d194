package mancala.server.game;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.notation.NotationException;
import mancala.record.GameRecord;
import mancala.record.RecordException;
import mancala.record.RecordReader;
import mancala.record.RecordWriter;
import mancala.record.Replay;
import mancala.record.ReplayedRecord;
import mancala.server.error.DomainError;

/**
 * Game records (docs/rules.md §5) for the server: the record of a game played here, and the reading and replaying of a
 * pasted or uploaded record, through the record library ({@code mancala.record}).
 */
public final class Records {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy.MM.dd").withZone(ZoneOffset.UTC);

    private Records() {
    }

    /** @return the record of {@code game} as it stands (a Rio Kadalis match: one record per round). */
    public static String of(GameState game) {
        return of(game, GameExtension.NONE);
    }

    /** @return the record of {@code game}, with what {@code extension} adds (clock tags and comments). */
    public static String of(GameState game, GameExtension extension) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Site", "mancala web, game " + game.id());
        tags.put("Date", DATE.format(game.createdAt()));
        tags.put("South", game.names().get(0));
        tags.put("North", game.names().get(1));
        return RecordWriter.write(extension.records(game, game.records(tags)));
    }

    /**
     * Reads and replays a record.
     *
     * @return each record of the text (rounds of a match in order), replayed
     * @throws DomainError UNPROCESSABLE ({@code bad-record}) naming the first problem (source, line, move, side, what was expected)
     */
    public static List<ReplayedRecord> read(String text, String source) {
        List<GameRecord> records;
        try {
            records = RecordReader.read(text, source);
        } catch (NotationException e) {
            throw badRecord(e.getMessage());
        }
        if (records.isEmpty()) {
            throw badRecord(source + ": the text holds no record");
        }
        List<ReplayedRecord> replayed = Replay.replay(records);
        for (ReplayedRecord r : replayed) {
            List<RecordException> problems = r.problems();
            if (!problems.isEmpty()) {
                throw badRecord(problems.get(0).getMessage());
            }
        }
        return replayed;
    }

    private static DomainError badRecord(String reason) {
        return DomainError.unprocessable("bad-record", "{reason}", java.util.Map.of("reason", reason),
                java.util.Map.of());
    }
}
