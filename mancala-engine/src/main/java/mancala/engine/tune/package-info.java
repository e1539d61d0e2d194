/**
 * The self-play tuner of the evaluation weights ({@link mancala.engine.tune.Tuner}); above the search and the players,
 * which it pits against each other.
 */
package mancala.engine.tune;
