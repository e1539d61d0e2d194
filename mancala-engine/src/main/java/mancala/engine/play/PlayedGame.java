package mancala.engine.play;

import java.util.List;
import java.util.Optional;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * One self-play game: in Rio Kadalis a whole match when matches were asked for, otherwise one round. A game the
 * run's caps stopped ({@link SelfPlay.Config#maxPlies()}, {@link SelfPlay.Config#maxRounds()}) is unfinished: it
 * has no outcome and counts for neither player.
 *
 * @param index       the game's number in the run, from 0
 * @param firstSeat   where the run's first player sat
 * @param rounds      each round's start position and moves (pit indices); one entry outside Rio Kadalis matches
 * @param outcome     how the game (or match) ended; empty when a cap stopped it first
 * @param plies       plies played, all rounds together
 * @param match       whether this is a Rio Kadalis match (its rounds are recorded with Round and Setup tags even
 *                    when there is only one)
 */
public record PlayedGame(int index, Side firstSeat, List<Round> rounds, Optional<Outcome> outcome, int plies,
                         boolean match) {
    /**
     * One round (or the whole game outside Rio Kadalis).
     *
     * @param start   the start position
     * @param moves   pit indices in order
     * @param outcome how the round ended; empty when the plies cap stopped it
     */
    public record Round(Position start, List<Integer> moves, Optional<Outcome> outcome) {
    }

    /** @return whether the game (match) ended by the rules, not by a cap. */
    public boolean finished() {
        return outcome.isPresent();
    }

    /**
     * @return 1 when the first player won, 0.5 for a draw, 0 when he lost
     * @throws IllegalStateException when the game is unfinished
     */
    public double scoreForFirst() {
        Outcome o = outcome.orElseThrow(() -> new IllegalStateException("game " + index + " is unfinished"));
        return o.result().winner().map(w -> w == firstSeat ? 1.0 : 0.0).orElse(0.5);
    }
}
