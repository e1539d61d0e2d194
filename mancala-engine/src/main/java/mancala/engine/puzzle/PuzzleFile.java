package mancala.engine.puzzle;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.record.GameRecord;
import mancala.record.RecordException;
import mancala.record.RecordReader;
import mancala.record.RecordWriter;
import mancala.record.Replay;
import mancala.record.ReplayedRecord;
import mancala.rules.Game;

/**
 * A puzzle set as a file of game records (docs/rules.md §5), so that {@code replay} checks it like any record: each
 * record's {@code Setup} is the puzzle, its moves one optimal solution, and the tags {@code PuzzleId},
 * {@code Source}, {@code Difficulty} and {@code Plies} say the rest. Other tags (a published problem's
 * {@code Event}, {@code Annotator}, {@code Date}) are kept.
 */
public final class PuzzleFile {
    /** Tag holding the puzzle's id. */
    public static final String ID = "PuzzleId";
    /** Tag holding where the puzzle comes from. */
    public static final String SOURCE = "Source";
    /** Tag holding the difficulty, 1-5. */
    public static final String DIFFICULTY = "Difficulty";
    /** Tag holding the plies of the shortest forced win. */
    public static final String PLIES = "Plies";

    private PuzzleFile() {
    }

    /**
     * Writes puzzles as records, in order.
     *
     * @param extraTags per puzzle id, tags to keep from where it was found (a published problem's); may be empty
     */
    public static String write(List<Puzzle> puzzles, Map<String, Map<String, String>> extraTags) {
        List<GameRecord> records = new ArrayList<>();
        for (Puzzle p : puzzles) {
            Map<String, String> tags = new LinkedHashMap<>(extraTags.getOrDefault(p.id(), Map.of()));
            tags.remove("Result");
            tags.remove("Termination");
            tags.put("Setup", "");
            tags.put(ID, p.id());
            tags.put(SOURCE, p.source());
            tags.put(DIFFICULTY, String.valueOf(p.difficulty()));
            tags.put(PLIES, String.valueOf(p.plies()));
            Game g = new Game(p.position());
            for (int m : p.solution()) {
                g.play(m);
            }
            records.add(GameRecord.of(g, tags));
        }
        return RecordWriter.write(records);
    }

    /**
     * Reads a puzzle set, replaying each solution.
     *
     * @param sourceName the file's name, for errors
     * @throws RecordException when the text is not records, a solution is not legal or a tag is missing or wrong
     *                         (the message names the record's line and the tag)
     */
    public static List<Puzzle> read(String text, String sourceName) {
        List<Puzzle> out = new ArrayList<>();
        for (GameRecord r : RecordReader.read(text, sourceName)) {
            ReplayedRecord replayed = Replay.replay(r).requireValid();
            List<Integer> line = new ArrayList<>();
            replayed.plies().forEach(ply -> {
                if (ply.move() >= 0) {
                    line.add(ply.move());
                }
            });
            String id = required(r, ID, sourceName);
            int difficulty = number(r, DIFFICULTY, sourceName);
            int plies = number(r, PLIES, sourceName);
            try {
                out.add(new Puzzle(id, r.start(), required(r, SOURCE, sourceName), difficulty, plies, line));
            } catch (IllegalArgumentException e) {
                throw new RecordException(sourceName, r.tagLine(ID), r.tagColumn(ID), 0, null, id,
                        "an id of letters, digits and '-'", e.getMessage());
            }
        }
        return out;
    }

    private static String required(GameRecord r, String tag, String sourceName) {
        return r.tag(tag).filter(v -> !v.isBlank()).orElseThrow(() -> new RecordException(sourceName, r.line(), 1,
                0, null, "no " + tag + " tag", "a " + tag + " tag on every puzzle", null));
    }

    private static int number(GameRecord r, String tag, String sourceName) {
        String v = required(r, tag, sourceName);
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new RecordException(sourceName, r.tagLine(tag), r.tagColumn(tag), 0, null, v,
                "a whole number of at least 1 in the " + tag + " tag", null);
    }
}
