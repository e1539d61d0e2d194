package mancala.engine.search;

/**
 * The outcome of one search.
 *
 * @param bestMove   pit index, or -1 when the root has no legal move
 * @param score      for the side to move at the root ({@link Score})
 * @param depthPlies the deepest iteration completed (or the partly completed one whose score was kept: one that
 *                   searched the previous best move again, and never when that move was found lost)
 * @param pv         principal variation, pit indices, best move first
 * @param nodes      positions visited
 */
public record SearchResult(int bestMove, int score, int depthPlies, int[] pv, long nodes) {
}
