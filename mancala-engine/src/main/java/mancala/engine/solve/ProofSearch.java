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

    /** @param ttBits log2 of the transposition table's slots (10-26) */
    ProofSearch(Position start, Evaluator eval, int ttBits) {
        this.searcher = new Searcher(start.rules(), eval, ttBits);
        searcher.setRepetition(false);
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
        long nodes = r.nodes();
        List<Integer> line = new ArrayList<>();
        Board b = start.toBoard();
        int[] moves = new int[start.rules().pitCount()];
        for (int left = plies; left > 0 && b.legalMoves(moves) > 0; left--) {
            // Each step is searched exactly as deep as the distance left, so its best move keeps the distance.
            SearchResult step = searcher.search(b, SearchLimits.depth(left));
            if (stopped) {
                return Optional.empty();
            }
            nodes += step.nodes();
            line.add(step.bestMove());
            b.play(step.bestMove());
        }
        Solution.Value v = r.score() > 0 ? Solution.Value.WIN : Solution.Value.LOSS;
        return Optional.of(new Solution(v, plies, List.copyOf(line), (int) Math.min(nodes, Integer.MAX_VALUE)));
    }
}
