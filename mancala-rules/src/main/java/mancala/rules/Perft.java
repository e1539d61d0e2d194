package mancala.rules;

/**
 * Perft: the number of move sequences of each length from a position, for checking move generation. A position
 * where the game has ended has no moves, so it counts at its own depth and adds nothing deeper; a forced pass (A5)
 * is not a ply; rules that need the game's history (H10, A8, R10) are left out; Rio Kadalis counts one round.
 */
public final class Perft {
    private final Rules rules;
    private final Board[] boards;
    private final int[][] moves;

    /** @param maxDepth the deepest depth that {@link #count} will be asked for */
    public Perft(Rules rules, int maxDepth) {
        this.rules = rules;
        this.boards = new Board[maxDepth + 1];
        this.moves = new int[maxDepth + 1][rules.pitCount()];
        for (int i = 0; i <= maxDepth; i++) {
            boards[i] = rules.emptyBoard();
        }
    }

    /**
     * @param start the position to count from
     * @param depth plies, from 1 to the constructor's maximum
     * @return counts[d] for d = 1..depth: the move sequences of exactly d plies (counts[0] = 1)
     */
    public long[] count(Board start, int depth) {
        long[] counts = new long[depth + 1];
        boards[0].copyFrom(start);
        walk(0, depth, counts);
        counts[0] = 1;
        return counts;
    }

    private void walk(int ply, int depth, long[] counts) {
        Board b = boards[ply];
        int n = rules.legalMoves(b, moves[ply]);
        counts[ply + 1] += n;
        if (ply + 1 == depth) {
            return;
        }
        Board child = boards[ply + 1];
        for (int i = 0; i < n; i++) {
            child.copyFrom(b);
            rules.sow(child, moves[ply][i]);
            walk(ply + 1, depth, counts);
        }
    }

    /**
     * @return for each legal first move (ascending pits), the number of sequences of {@code depth} plies starting
     *         with it; entry i belongs to the i-th legal move of {@code start}
     */
    public long[] divide(Board start, int depth, int[] firstMovesOut) {
        int n = rules.legalMoves(start, firstMovesOut);
        long[] result = new long[n];
        Board b = rules.emptyBoard();
        for (int i = 0; i < n; i++) {
            b.copyFrom(start);
            rules.sow(b, firstMovesOut[i]);
            result[i] = depth == 1 ? 1 : count(b, depth - 1)[depth - 1];
        }
        return result;
    }
}
