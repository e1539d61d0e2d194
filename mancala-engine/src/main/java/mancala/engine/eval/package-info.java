/**
 * Static evaluation per game ({@link mancala.engine.eval.Evaluator}) and its weights
 * ({@link mancala.engine.eval.Weights}), which the self-play tuner of {@code mancala.engine.tune} produced.
 */
package mancala.engine.eval;
