package mancala.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mancala.notation.NotationException;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;

/**
 * Writes records in the canonical form of docs/rules.md §5, which {@link RecordReader} reads back to the same record:
 * <ul>
 *   <li>Tags one per line in the order of {@link GameRecord#TAG_ORDER}, then the others in their own order.
 *       {@code Game}, {@code Options} (only when not the defaults) and {@code Setup} (when the start is not the
 *       usual one, or the record has a {@code Setup} or {@code Round} tag) come from the start position;
 *       {@code Result} is always written ({@code *} when none is stated).</li>
 *   <li>A blank line, then the movetext wrapped at {@value #WIDTH} columns: {@code 1. i (+4) L (+6) 2. d …}.
 *       No {@code ;} separators. A South ply gets its move number ({@code 12.}); a North ply gets {@code 12...}
 *       only when it does not follow South's ply of the same number (at the start, after a comment). A mark is
 *       attached to its move ({@code i!?}); a stated capture follows the move as {@code (+n)}; a forced pass is
 *       {@code --}; comments are {@code {…}} on one line (a {@code }} inside becomes {@code )}).</li>
 *   <li>The result token ends the movetext; records are separated by one blank line.</li>
 * </ul>
 * In the numeric Hawalis notation moves are numbers and captures {@code (xN)}, with the tag {@code Notation "numeric"}.
 */
public final class RecordWriter {
    /** Movetext lines are at most this wide, unless one move with its comments is wider. */
    public static final int WIDTH = 79;

    /** Tags the writer derives instead of copying. */
    private static final List<String> DERIVED = List.of("Game", "Options", "Setup", "Notation");

    private RecordWriter() {
    }

    /** @return the canonical text of one record, ending with a newline. */
    public static String write(GameRecord record) {
        return write(record, false);
    }

    /** @return the canonical text of several records (e.g. the rounds of a match), a blank line between them. */
    public static String write(List<GameRecord> records) {
        return write(records, false);
    }

    /**
     * @param numeric write moves in the numeric Hawalis notation (docs/rules.md §5)
     * @return the canonical text of several records, a blank line between them
     * @throws NotationException when numeric notation is asked for a game other than Hawalis or Bao Kiarabu
     */
    public static String write(List<GameRecord> records, boolean numeric) {
        StringBuilder sb = new StringBuilder();
        for (GameRecord r : records) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(write(r, numeric));
        }
        return sb.toString();
    }

    /**
     * @param numeric write moves in the numeric Hawalis notation (docs/rules.md §5)
     * @return the canonical text of one record, ending with a newline
     * @throws NotationException when numeric notation is asked for a game other than Hawalis or Bao Kiarabu
     */
    public static String write(GameRecord record, boolean numeric) {
        Position start = record.start();
        Rules rules = start.rules();
        if (numeric && !start.kind().fourRows()) {
            throw new NotationException(record.source(), 0, 0, "the numeric notation is for Hawalis and Bao Kiarabu, "
                    + "not " + start.kind().displayName());
        }
        StringBuilder sb = new StringBuilder();
        tag(sb, "Game", start.kind().key());
        String options = OptionsNotation.format(rules.options());
        if (!options.isEmpty()) {
            tag(sb, "Options", options);
        }
        Map<String, String> tags = record.tags();
        if (tags.containsKey("Setup") || tags.containsKey("Round") || !start.equals(Position.initial(rules))) {
            tag(sb, "Setup", PositionNotation.format(start));
        }
        if (numeric) {
            tag(sb, "Notation", "numeric");
        }
        String result = record.statedResult().map(r -> r.notation()).orElse("*");
        for (String name : GameRecord.TAG_ORDER) {
            if (DERIVED.contains(name)) {
                continue; // written above from the start position and the notation
            }
            if (name.equals("Result")) {
                tag(sb, name, result);
            } else if (tags.containsKey(name)) {
                tag(sb, name, tags.get(name));
            }
        }
        for (Map.Entry<String, String> e : tags.entrySet()) {
            if (!GameRecord.TAG_ORDER.contains(e.getKey())) {
                tag(sb, e.getKey(), e.getValue());
            }
        }
        sb.append('\n');
        List<String> units = movetext(record, numeric);
        units.add(result);
        int width = 0;
        for (String unit : units) {
            if (width > 0 && width + 1 + unit.length() > WIDTH) {
                sb.append('\n');
                width = 0;
            } else if (width > 0) {
                sb.append(' ');
                width++;
            }
            sb.append(unit);
            width += unit.length();
        }
        return sb.append('\n').toString();
    }

    /**
     * The movetext as units that are never broken across lines: a numbered move with its count and the other
     * side's reply ({@code 15. b (+1) K (+2)}) unless the two together are wider than a line, a comment.
     */
    private static List<String> movetext(GameRecord record, boolean numeric) {
        Rules rules = record.rules();
        List<String> units = new ArrayList<>();
        boolean southJustMoved = false;
        List<RecordedMove> moves = record.moves();
        for (int i = 0; i < moves.size(); i++) {
            RecordedMove m = moves.get(i);
            for (String c : m.commentsBefore()) {
                units.add(comment(c));
                southJustMoved = false;
            }
            int number = record.moveNumber(i);
            StringBuilder u = new StringBuilder();
            boolean numbered = true;
            if (m.side() == Side.SOUTH) {
                u.append(number).append(". ");
            } else if (!southJustMoved || i > 0 && record.moveNumber(i - 1) != number) {
                u.append(number).append("... ");
            } else {
                numbered = false;
            }
            u.append(PitNames.name(rules, m.pit(), numeric)).append(m.marks());
            if (m.statedCapture().isPresent()) {
                u.append(numeric ? " (x" : " (+").append(m.statedCapture().getAsInt()).append(')');
            }
            int last = units.size() - 1;
            if (!numbered && southJustMoved && last >= 0 && units.get(last).length() + 1 + u.length() <= WIDTH) {
                // North's reply stays on the line of South's numbered ply: "15. b K (+1)" is never broken.
                units.set(last, units.get(last) + " " + u);
            } else {
                units.add(u.toString());
            }
            southJustMoved = m.side() == Side.SOUTH;
            for (String c : m.commentsAfter()) {
                units.add(comment(c));
                southJustMoved = false;
            }
        }
        for (String c : record.comments()) {
            units.add(comment(c));
        }
        return units;
    }

    private static String comment(String text) {
        return "{" + text.replace('}', ')').replaceAll("\\s+", " ").strip() + "}";
    }

    private static void tag(StringBuilder sb, String name, String value) {
        String v = value.replace("\\", "\\\\").replace("\"", "\\\"").replaceAll("[\\r\\n]+", " ");
        sb.append('[').append(name).append(" \"").append(v).append("\"]\n");
    }
}
