/**
 * Exact endgame solving ({@link mancala.engine.solve.Solver}): a proof search ({@code ProofSearch}) racing, for
 * Hawalis and Bao Kiarabu, a retrograde analysis over every reachable position, within a time limit.
 */
package mancala.engine.solve;
