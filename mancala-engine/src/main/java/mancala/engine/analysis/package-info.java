/**
 * One game analysis for every front end: each ply of a game judged by the engine
 * ({@link mancala.engine.analysis.GameAnalysis}): the move played, the engine's best move, both scores from the
 * same search depth, the score lost and a {@link mancala.engine.analysis.Verdict} by thresholds suited to each
 * game's capture sizes ({@link mancala.engine.analysis.Thresholds}).
 */
package mancala.engine.analysis;
