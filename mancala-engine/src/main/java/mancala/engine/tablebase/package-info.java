/**
 * Endgame tables: retrograde analysis of every position up to a number of seeds ({@link
 * mancala.engine.tablebase.Builder}), stored in layers of packed values indexed by combinatorial rank, and probed by
 * search, solving and analysis ({@link mancala.engine.tablebase.Tablebase}).
 */
package mancala.engine.tablebase;
