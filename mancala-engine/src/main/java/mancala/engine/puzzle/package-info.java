/**
 * Puzzles: positions where the side to move has a forced win, each checked move by move against the exact solver
 * ({@link mancala.engine.puzzle.PuzzleJudge}), read and written as game records ({@link mancala.engine.puzzle.PuzzleFile})
 * and generated from self-play ({@link mancala.engine.puzzle.PuzzleGenerator}).
 */
package mancala.engine.puzzle;
