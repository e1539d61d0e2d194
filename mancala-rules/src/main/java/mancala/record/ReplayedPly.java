package mancala.record;

import java.util.OptionalLong;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * One ply of a replayed record.
 *
 * @param ply      the ply's number in its game (Rio Kadalis: in its round), from 1; forced passes are not plies
 * @param side     the side that played it
 * @param move     the pit lifted, a board index as in {@link mancala.rules.Board}
 * @param moveText the pit as the record writes it (letter, or number in numeric notation)
 * @param captured the seeds the mover captured with it (Rio Kadalis: fours of his own row and a binikh)
 * @param position the position after the ply
 * @param clock    the mover's time left after the ply as the record's clock comment states it ({@link MoveClocks}),
 *                 milliseconds; empty when none is written
 */
public record ReplayedPly(int ply, Side side, int move, String moveText, int captured, Position position,
                          OptionalLong clock) {
    public ReplayedPly {
        clock = clock == null ? OptionalLong.empty() : clock;
    }

    /** A ply without a clock. */
    public ReplayedPly(int ply, Side side, int move, String moveText, int captured, Position position) {
        this(ply, side, move, moveText, captured, position, OptionalLong.empty());
    }
}
