/**
 * The alpha-beta search: {@link mancala.engine.search.Searcher} (negamax, iterative deepening, PVS, repetition by
 * the rules), {@link mancala.engine.search.TranspositionTable} (Zobrist-keyed, packed entries), move ordering
 * (table move, killers, history) and {@link mancala.engine.search.Score} (proven results as distances in plies).
 */
package mancala.engine.search;
