package mancala.engine.play;

import mancala.rules.Game;

/**
 * Something that chooses moves: a random player, a greedy one, a level of the search engine, MCTS.
 * Implementations must always return a legal move of the game's current position when one exists. Players are
 * made by name in {@code mancala.engine.Players}.
 */
public interface Player {
    /**
     * @param game       the game so far (its history matters for repetition); not modified
     * @param timeMillis the time the player may take, in milliseconds (a player may take less)
     * @return a legal move (pit index as in {@code mancala.rules.Board}) of {@code game.position()}
     * @throws IllegalStateException when the game is over
     */
    int chooseMove(Game game, long timeMillis);

    /** @return the player's name as the engine's player factory reads it, e.g. {@code level:5}. */
    String name();
}
