package mancala.record;

import java.util.Optional;
import mancala.notation.NotationException;
import mancala.rules.Side;

/**
 * A game record that cannot be read or does not replay: the error carries where (source, line, column, and when it
 * concerns a move, its move number and side) and what was found and what was expected, e.g.
 * {@code game.txt:4:13: move 24, North: found (+3), expected (+2): the move captures 2 seeds}.
 * Lines and columns are 1-based; 0 means unknown; move number 0 means the error concerns no move.
 */
public class RecordException extends NotationException {
    private static final long serialVersionUID = 1L;

    private final int moveNumber;
    private final Side side;
    private final String found;
    private final String expected;

    /**
     * @param source     where the record came from (a file name), or null
     * @param line       1-based line, or 0
     * @param column     1-based column, or 0
     * @param moveNumber the move number (a South ply and the North ply after it), or 0 when no move is concerned
     * @param side       the side whose ply is concerned, or null
     * @param found      what the record says, as written (e.g. {@code K}, {@code (+3)}, {@code 1-0})
     * @param expected   what the rules or the format want instead
     * @param why        an explanation after found and expected, or null
     */
    public RecordException(String source, int line, int column, int moveNumber, Side side, String found,
                           String expected, String why) {
        super(source, line, column, describe(moveNumber, side, found, expected, why));
        this.moveNumber = moveNumber;
        this.side = side;
        this.found = found;
        this.expected = expected;
    }

    private static String describe(int moveNumber, Side side, String found, String expected, String why) {
        StringBuilder sb = new StringBuilder();
        if (moveNumber > 0) {
            sb.append("move ").append(moveNumber);
            if (side != null) {
                sb.append(", ").append(side.displayName());
            }
            sb.append(": ");
        }
        sb.append("found ").append(found).append(", expected ").append(expected);
        if (why != null && !why.isEmpty()) {
            sb.append(": ").append(why);
        }
        return sb.toString();
    }

    /** @return the move number, or 0 when the error concerns no move. */
    public int moveNumber() {
        return moveNumber;
    }

    /** @return the side whose ply the error concerns, if any. */
    public Optional<Side> side() {
        return Optional.ofNullable(side);
    }

    /** @return what the record says at the error, as written. */
    public String found() {
        return found;
    }

    /** @return what was expected instead. */
    public String expected() {
        return expected;
    }
}
