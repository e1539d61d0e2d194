package mancala.record;

import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import mancala.rules.Side;

/**
 * One entry of a record's movetext: a ply (the pit lifted) or a forced pass (A5, written {@code --}), with what the
 * record says about it.
 *
 * @param pit            the pit lifted, a board index as in {@link mancala.rules.Board}; {@link #PASS} for a pass
 * @param side           the side whose ply this is
 * @param statedCapture  the seeds the record says the mover captured ({@code (+n)} or numeric {@code (xN)}); empty
 *                       when the record states none
 * @param marks          a move mark ({@code ! ? !! ?? !? ?!}) or "" for none
 * @param commentsBefore comments written before the move (only the first move of a record has them when read)
 * @param commentsAfter  comments and parenthesised remarks written after the move
 * @param line           1-based line of the move in its source, 0 when not read from text
 * @param column         1-based column of the move, 0 when not read from text
 * @param captureLine    1-based line of the stated capture count, 0 when none or not read from text
 * @param captureColumn  1-based column of the capture count's opening parenthesis, 0 when none
 * @throws IllegalArgumentException when the mark is not one of the six, a count is negative, or a pass states a
 *                                  capture
 */
public record RecordedMove(int pit, Side side, OptionalInt statedCapture, String marks, List<String> commentsBefore,
                           List<String> commentsAfter, int line, int column, int captureLine, int captureColumn) {
    /** The {@link #pit()} of a forced pass. */
    public static final int PASS = -1;

    /** The move marks a record may attach to a move (docs/rules.md §5). */
    public static final Set<String> MARKS = Set.of("!", "?", "!!", "??", "!?", "?!");

    public RecordedMove {
        if (side == null) {
            throw new IllegalArgumentException("a recorded move needs its side");
        }
        statedCapture = statedCapture == null ? OptionalInt.empty() : statedCapture;
        marks = marks == null ? "" : marks;
        if (!marks.isEmpty() && !MARKS.contains(marks)) {
            throw new IllegalArgumentException("move mark must be one of ! ? !! ?? !? ?!, was '" + marks + "'");
        }
        if (pit < PASS) {
            throw new IllegalArgumentException("no pit " + pit);
        }
        if (statedCapture.isPresent() && (statedCapture.getAsInt() < 0 || pit == PASS)) {
            throw new IllegalArgumentException("a capture count must be 0 or more and follow a move");
        }
        commentsBefore = List.copyOf(commentsBefore == null ? List.of() : commentsBefore);
        commentsAfter = List.copyOf(commentsAfter == null ? List.of() : commentsAfter);
    }

    /** @return a ply of {@code side} lifting {@code pit}, stating {@code captured} seeds when more than 0. */
    public static RecordedMove of(int pit, Side side, int captured) {
        return new RecordedMove(pit, side, captured > 0 ? OptionalInt.of(captured) : OptionalInt.empty(), "",
                List.of(), List.of(), 0, 0, 0, 0);
    }

    /** @return a forced pass (A5) of {@code side}. */
    public static RecordedMove pass(Side side) {
        return new RecordedMove(PASS, side, OptionalInt.empty(), "", List.of(), List.of(), 0, 0, 0, 0);
    }

    /** @return true for a forced pass. */
    public boolean isPass() {
        return pit == PASS;
    }

    /** @return this move stating {@code captured} seeds (none when {@code captured} is empty). */
    public RecordedMove withStatedCapture(OptionalInt captured) {
        return new RecordedMove(pit, side, captured, marks, commentsBefore, commentsAfter, line, column,
                captureLine, captureColumn);
    }
}
