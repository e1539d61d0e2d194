package mancala.server.game;

import java.time.Instant;
import org.jdbi.v3.core.Handle;

/**
 * What another concept does when a game between two people starts or ends: the lobby shows it, a rated game
 * settles the players' ratings, a tournament game scores and may pair the next round. Registered on
 * {@link PlayersExtension#listen}; the game package knows none of them.
 */
public interface GameListener {
    /** A game between two seated players was stored and its clock started. */
    default void started(GamePlayers players) {
    }

    /**
     * Called in the transaction that ended the game, exactly once across instances.
     *
     * @param southScore South's score: 1, 0.5 or 0
     */
    default void ended(Handle h, GamePlayers players, GameState game, double southScore, Instant now) {
    }

    /**
     * Called in the transaction that aborted the game (no result, unrated, counted nowhere), exactly once across
     * instances.
     */
    default void aborted(Handle h, GamePlayers players, GameState game, Instant now) {
    }
}
