package mancala.engine.search;

/**
 * Move ordering for alpha-beta: the transposition table's move first, then two killer moves per ply (moves that
 * caused a beta cutoff among siblings), then by the history heuristic (cutoffs counted per side and pit, weighted
 * by depth squared). Pits are board indices, at most 32.
 */
final class MoveOrder {
    private static final int TT_MOVE = 1 << 30;
    private static final int KILLER_1 = 1 << 29;
    private static final int KILLER_2 = 1 << 28;

    private final int[][] killers;
    private final int[] history = new int[2 * 32];

    MoveOrder(int maxPly) {
        killers = new int[maxPly + 1][2];
        clear();
    }

    void clear() {
        for (int[] k : killers) {
            k[0] = -1;
            k[1] = -1;
        }
        java.util.Arrays.fill(history, 0);
    }

    /** Writes an ordering score per move into {@code scores}. */
    void score(int ply, int side, int ttMove, int[] moves, int[] scores, int n) {
        int[] k = killers[ply];
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            scores[i] = m == ttMove ? TT_MOVE : m == k[0] ? KILLER_1 : m == k[1] ? KILLER_2 : history[side << 5 | m];
        }
    }

    /** Swaps the best-scored of moves[i..n) into place i (selection sort, one step per move tried). */
    static void pickNext(int[] moves, int[] scores, int i, int n) {
        int best = i;
        for (int j = i + 1; j < n; j++) {
            if (scores[j] > scores[best]) {
                best = j;
            }
        }
        if (best != i) {
            int m = moves[i];
            moves[i] = moves[best];
            moves[best] = m;
            int s = scores[i];
            scores[i] = scores[best];
            scores[best] = s;
        }
    }

    /** Records that {@code move} caused a beta cutoff at {@code ply} with {@code depth} plies left. */
    void cutoff(int ply, int side, int move, int depth) {
        int[] k = killers[ply];
        if (k[0] != move) {
            k[1] = k[0];
            k[0] = move;
        }
        int h = history[side << 5 | move] + depth * depth;
        if (h > KILLER_2 / 2) {
            for (int i = 0; i < history.length; i++) {
                history[i] >>= 1;
            }
            h >>= 1;
        }
        history[side << 5 | move] = h;
    }
}
