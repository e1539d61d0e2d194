/**
 * Static evaluation per game ({@link mancala.engine.eval.Evaluator}), its weights
 * ({@link mancala.engine.eval.Weights}) and the self-play tuner that produced them ({@link mancala.engine.eval.Tuner}).
 */
package mancala.engine.eval;
