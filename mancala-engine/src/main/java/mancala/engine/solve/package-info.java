/**
 * Exact endgame solving: a bounded proof search, then retrograde analysis over every reachable position of a
 * Hawalis or Bao Kiarabu endgame ({@link mancala.engine.solve.Solver}).
 */
package mancala.engine.solve;
