package mancala.record;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The clock after each move, kept in a record as in chess's PGN: a comment {@code {[%clk 0:04:58]}} after the move
 * gives the mover's time left once his move was made (increment included), as hours, minutes and seconds, with
 * tenths when not whole ({@code [%clk 0:00:07.4]}); the hours may exceed 24 (correspondence). The time control
 * itself is the record's {@code TimeControl} tag (e.g. {@code 300+5}, {@code 1/259200}).
 */
public final class MoveClocks {
    /** The record tag that names the time control. */
    public static final String TIME_CONTROL_TAG = "TimeControl";

    private static final Pattern CLK = Pattern.compile("\\[%clk\\s+([0-9]{1,6}):([0-5][0-9]):([0-5][0-9])(?:\\.([0-9]))?\\]");

    private MoveClocks() {
    }

    /**
     * @param millis the time left, 0 or more milliseconds (rounded down to tenths of a second)
     * @return the clock comment's text, e.g. {@code [%clk 0:04:58]}
     * @throws IllegalArgumentException for a negative time
     */
    public static String format(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("a clock shows 0 or more milliseconds, was " + millis);
        }
        long tenths = millis / 100;
        long seconds = tenths / 10;
        String s = String.format(java.util.Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60,
                seconds % 60);
        if (tenths % 10 != 0) {
            s += "." + tenths % 10;
        }
        return "[%clk " + s + "]";
    }

    /** @return the milliseconds of the first {@code [%clk …]} in {@code comment}, if it has one. */
    public static OptionalLong parse(String comment) {
        Matcher m = CLK.matcher(comment);
        if (!m.find()) {
            return OptionalLong.empty();
        }
        long ms = (Long.parseLong(m.group(1)) * 3600 + Long.parseLong(m.group(2)) * 60
                + Long.parseLong(m.group(3))) * 1000;
        if (m.group(4) != null) {
            ms += Long.parseLong(m.group(4)) * 100;
        }
        return OptionalLong.of(ms);
    }

    /** @return the clock after {@code move}, from the comments written after it, if any. */
    public static OptionalLong of(RecordedMove move) {
        for (String c : move.commentsAfter()) {
            OptionalLong ms = parse(c);
            if (ms.isPresent()) {
                return ms;
            }
        }
        return OptionalLong.empty();
    }

    /** @return {@code move} with a clock comment for {@code millis} after it (replacing one it had). */
    public static RecordedMove with(RecordedMove move, long millis) {
        List<String> after = new ArrayList<>();
        for (String c : move.commentsAfter()) {
            if (parse(c).isEmpty()) {
                after.add(c);
            }
        }
        after.add(0, format(millis));
        return new RecordedMove(move.pit(), move.side(), move.statedCapture(), move.marks(), move.commentsBefore(),
                after, move.line(), move.column(), move.captureLine(), move.captureColumn());
    }

    /**
     * @param record      a record
     * @param clocks      the time left after each ply in order (forced passes are not plies), milliseconds; fewer
     *                    than the plies leaves the last plies without
     * @param timeControl the {@code TimeControl} tag's value, or null to leave the tags as they are
     * @return the record with a clock comment after each ply and the tag set
     */
    public static GameRecord withClocks(GameRecord record, List<Long> clocks, String timeControl) {
        List<RecordedMove> moves = new ArrayList<>();
        int ply = 0;
        for (RecordedMove m : record.moves()) {
            if (!m.isPass() && ply < clocks.size()) {
                moves.add(with(m, clocks.get(ply++)));
            } else {
                moves.add(m);
            }
        }
        java.util.Map<String, String> tags = new java.util.LinkedHashMap<>(record.tags());
        if (timeControl != null) {
            tags.put(TIME_CONTROL_TAG, timeControl);
        }
        return record.with(tags, record.start(), moves, record.statedResult());
    }

    /** @return the clock after each ply of {@code record} (forced passes left out), empty where none is written. */
    public static List<OptionalLong> clocks(GameRecord record) {
        List<OptionalLong> out = new ArrayList<>();
        for (RecordedMove m : record.moves()) {
            if (!m.isPass()) {
                out.add(of(m));
            }
        }
        return out;
    }
}
