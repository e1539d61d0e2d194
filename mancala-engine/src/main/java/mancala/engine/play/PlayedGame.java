package mancala.engine.play;

import java.util.List;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * One finished self-play game: in Rio Kadalis a whole match when matches were asked for, otherwise one round.
 *
 * @param index       the game's number in the run, from 0
 * @param firstSeat   where the run's first player sat
 * @param rounds      each round's start position and moves (pit indices); one entry outside Rio Kadalis matches
 * @param outcome     how the game (or match) ended
 * @param plies       plies played, all rounds together
 */
public record PlayedGame(int index, Side firstSeat, List<Round> rounds, Outcome outcome, int plies) {
    /**
     * One round (or the whole game outside Rio Kadalis).
     *
     * @param start   the start position
     * @param moves   pit indices in order
     * @param outcome how the round ended
     */
    public record Round(Position start, List<Integer> moves, Outcome outcome) {
    }

    /** @return 1 when the first player won, 0.5 for a draw, 0 when he lost. */
    public double scoreForFirst() {
        return outcome.result().winner().map(w -> w == firstSeat ? 1.0 : 0.0).orElse(0.5);
    }
}
