package mancala.engine.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mancala.engine.eval.Evaluator;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.SearchResult;
import mancala.engine.search.Searcher;
import mancala.rules.Board;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * The proof search: alpha-beta without repetition detection, deepening until a win or loss is proven within the
 * depth searched. Such a score depends only on the position, and the first iteration that proves it has the exact
 * distance (no shorter forced win exists below that depth, and none longer is provable in it), the same distance
 * the retrograde analysis gives. A forced win never repeats a position, so the repetition rules (H10, A8, R10)
 * cannot change a proven result. Draws are never proven here.
 *
 * <p>The evaluation only orders the search (which lines are looked at first); two proof searches with different
 * evaluations prove the same results, in different times. One instance per thread; {@link #stop} may be called
 * from any thread.
 */
final class ProofSearch {
    private final Searcher searcher;
    private volatile boolean stopped;
    private volatile int depthReached;
    private volatile long nodes;

    /** @param ttBits log2 of the transposition table's slots (10-26) */
    ProofSearch(Position start, Evaluator eval, int ttBits) {
        this.searcher = new Searcher(start.rules(), eval, ttBits);
        searcher.setRepetition(false);
        searcher.setListener((depth, score, pv, nodes, millis) -> {
            depthReached = depth;
            this.nodes = nodes;
        });
    }

    /** @return positions searched by the iterations completed so far, for progress reports */
    long nodes() {
        return nodes;
    }

    /** An evaluation that scores every unfinished position 0: the search then looks only for proofs. */
    static Evaluator plain(Position start) {
        return new Evaluator(start.kind(), start.rules().pitsPerSide(), new int[Evaluator.FEATURES]);
    }

    /** Asks a running {@link #prove} to give up; it returns empty soon after. */
    void stop() {
        stopped = true;
        searcher.stop();
    }

    /** @return the deepest iteration the last {@link #prove} completed, plies */
    int depthReached() {
        return depthReached;
    }

    /**
     * A win or loss proven before {@code deadlineNanos} ({@link System#nanoTime}), with one optimal line.
     *
     * @return the solution, or empty when nothing was proven in time or {@link #stop} was called
     */
    Optional<Solution> prove(Position start, long deadlineNanos) {
        long millis = (deadlineNanos - System.nanoTime()) / 1_000_000;
        if (stopped || millis < 1) {
            return Optional.empty();
        }
        SearchResult r = searcher.search(start.toBoard(), SearchLimits.millis(millis));
        depthReached = r.depthPlies();
        if (stopped || !Score.isProven(r.score()) || Score.pliesToEnd(r.score()) > r.depthPlies()) {
            return Optional.empty();
        }
        int plies = Score.pliesToEnd(r.score());
        long[] nodes = {r.nodes()};
        boolean win = r.score() > 0;
        List<Integer> line = line(start, r.pv(), plies, win, nodes);
        if (line == null) {
            return Optional.empty();
        }
        Solution.Value v = r.score() > 0 ? Solution.Value.WIN : Solution.Value.LOSS;
        return Optional.of(new Solution(v, plies, List.copyOf(line), (int) Math.min(nodes[0], Integer.MAX_VALUE)));
    }

    /**
     * One optimal line of {@code plies} plies from {@code start}: the proving iteration's principal variation as far
     * as it reaches the end (its nodes were searched with open windows, so their scores, and so their moves, are
     * exact), then one search per ply exactly as deep as the distance left, so that its best move keeps the
     * distance. The line is checked to end the game in exactly {@code plies} plies, won by the side it should be;
     * if the principal variation fails that, the whole line is searched ply by ply.
     *
     * @param win    whether the side to move at {@code start} wins
     * @param nodes  one element, the node count, added to
     * @return the line, pit indices, or null when {@link #stop} was called
     */
    private List<Integer> line(Position start, int[] pv, int plies, boolean win, long[] nodes) {
        Side winner = win ? start.sideToMove() : start.sideToMove().opponent();
        for (int prefix : new int[] {Math.min(pv.length, plies), 0}) {
            List<Integer> line = new ArrayList<>();
            Board b = start.toBoard();
            int[] moves = new int[start.rules().pitCount()];
            boolean legal = true;
            for (int i = 0; i < prefix && legal; i++) {
                legal = isLegal(b, pv[i], moves);
                if (legal) {
                    line.add(pv[i]);
                    b.sow(pv[i]);
                }
            }
            for (int left = plies - line.size(); legal && left > 0 && b.legalMoves(moves) > 0; left--) {
                SearchResult step = searcher.search(b, SearchLimits.depth(left));
                if (stopped) {
                    return null;
                }
                nodes[0] += step.nodes();
                line.add(step.bestMove());
                b.sow(step.bestMove());
            }
            if (legal && line.size() == plies && b.legalMoves(moves) == 0
                    && start.rules().outcome(b).result().winner().orElse(null) == winner) {
                return line;
            }
        }
        throw new IllegalStateException("no line of " + plies + " plies ends the game from " + start);
    }

    private static boolean isLegal(Board b, int move, int[] moves) {
        int k = b.legalMoves(moves);
        for (int i = 0; i < k; i++) {
            if (moves[i] == move) {
                return true;
            }
        }
        return false;
    }
}
