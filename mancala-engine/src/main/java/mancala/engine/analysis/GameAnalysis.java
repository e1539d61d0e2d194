package mancala.engine.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.SearchResult;
import mancala.engine.search.Searcher;
import mancala.rules.Board;
import mancala.rules.Game;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;

/**
 * The engine's analysis of a game, ply by ply, used by the command line and the web server alike. For each ply: the
 * best move and its score from a search of the position before, to a depth {@code D} the search completed; the
 * score of the move played from a search of {@code D - 1} plies after it, so that both scores come from the same
 * depth (scores swing with the parity of the depth); the score lost and the {@link Verdict} by the game's
 * {@link Thresholds}. A finished position is scored by its outcome, never by a guess: a win for the side to move
 * is {@link Score#WIN} less the plies to it, a loss its negation, a draw 0. So a move that wins at once (A7's 50th
 * seed, H9's last seed taken) scores {@code WIN - 1}, exactly as the search scores it.
 *
 * <p>One instance per game (Rio Kadalis: per round), used on one thread: it keeps one {@link Searcher} whose
 * table carries over from ply to ply. Searches of a depth alone are deterministic, so two analyses of the same
 * moves with the same depth give the same verdicts.
 */
public final class GameAnalysis {
    /** Table size: 2^18 entries (4 MiB), kept from ply to ply of a game. */
    static final int TT_BITS = 18;
    /**
     * The shallowest search of a best move, plies, so that the move played is searched at least one ply deep (a
     * search stops sooner only when it has proven the result).
     */
    static final int MIN_DEPTH = 2;

    private final Searcher searcher;
    private final Thresholds thresholds;

    /** An analysis of games of {@code rules}, judged by the thresholds of its game ({@link Thresholds#of}). */
    public GameAnalysis(Rules rules) {
        this(rules, Thresholds.of(rules.kind()));
    }

    /** An analysis of games of {@code rules}, judged by {@code thresholds}. */
    public GameAnalysis(Rules rules, Thresholds thresholds) {
        this.searcher = new Searcher(rules, TT_BITS);
        this.thresholds = thresholds;
    }

    /** @return the thresholds moves are judged by. */
    public Thresholds thresholds() {
        return thresholds;
    }

    /**
     * Analyses the plies {@code moves} played from {@code start} (one game, or one Rio Kadalis round).
     *
     * @param perPly the limits of each best-move search (time, depth); see {@link #play}
     * @return one analysis per ply, in order
     * @throws mancala.rules.RulesException when a move is illegal or the game is over before it (naming the ply)
     */
    public static List<PlyAnalysis> analyse(Position start, List<Integer> moves, SearchLimits perPly) {
        GameAnalysis analysis = new GameAnalysis(start.rules());
        Game game = new Game(start);
        List<PlyAnalysis> out = new ArrayList<>(moves.size());
        for (int m : moves) {
            out.add(analysis.play(game, m, perPly));
        }
        return out;
    }

    /**
     * Judges {@code move} in the current position of {@code game}, then plays it on {@code game}.
     *
     * @param limits the best-move search's limits; with a time or node limit the depth is the deepest iteration
     *               completed within it, with a depth alone that depth (either at least {@link #MIN_DEPTH},
     *               unless the result is proven sooner)
     * @return the ply's analysis
     * @throws mancala.rules.RulesException when the game is over or the move is illegal (the game's own error, naming
     *     the ply); the game is then unchanged
     */
    public PlyAnalysis play(Game game, int move, SearchLimits limits) {
        Position before = game.position();
        if (game.isOver() || !before.isLegal(move)) {
            game.play(move); // throws the game's own error, which names the ply
        }
        Side mover = before.sideToMove();
        SearchResult best = best(game, limits);
        game.play(move);
        int played = move == best.bestMove() ? best.score() : valueAfter(game, mover, playedLimits(best, limits));
        Verdict verdict = judge(move == best.bestMove(), best.score(), played, thresholds);
        return new PlyAnalysis(game.plies(), mover, move, game.capturedAt(game.plies()), best.bestMove(),
                best.score(), played, best.depthPlies(), verdict, game.position());
    }

    /**
     * The engine's view of the current position of {@code game}: a finished game scores its outcome for the side
     * to move (best move -1, depth 0), as {@link #resultScore} gives it; otherwise the best move and score as
     * {@link #play} finds them.
     */
    public SearchResult position(Game game, SearchLimits limits) {
        if (game.isOver()) {
            Outcome o = game.outcome().orElseThrow();
            return new SearchResult(-1, resultScore(o, game.position().sideToMove(), 0), 0, new int[0], 0);
        }
        return best(game, limits);
    }

    /** The best move and its score, from an iteration that searched every move to its depth. */
    private SearchResult best(Game game, SearchLimits limits) {
        searcher.setHistory(game);
        Board root = game.position().toBoard();
        if (limits.timeMillis() == 0 && limits.nodes() == 0) {
            return searcher.search(root, SearchLimits.depth(Math.max(MIN_DEPTH, limits.depthPlies())));
        }
        int[] completed = {0};
        searcher.setListener((depth, score, pv, nodes, millis) -> completed[0] = depth);
        try {
            searcher.search(root, limits);
        } finally {
            searcher.setListener(null);
        }
        // The last iteration may have been cut short, with only some moves searched to its depth: search again to
        // the last depth completed (answered mostly from the table), so that every move's score is of one depth.
        return searcher.search(root, SearchLimits.depth(Math.max(MIN_DEPTH, completed[0])));
    }

    /**
     * The search of the position after the move played: one ply shallower than the best move's. When the best move's
     * result was proven, its search stopped at the proof's depth, shallower than the limits allowed: the move played
     * then gets what the limits allow (one ply less), so that a slower win is found as a win, not taken for a win
     * let go. A proven score is exact at any depth.
     */
    private static SearchLimits playedLimits(SearchResult best, SearchLimits limits) {
        if (!Score.isProven(best.score())) {
            return SearchLimits.depth(Math.max(1, best.depthPlies() - 1));
        }
        if (limits.timeMillis() == 0 && limits.nodes() == 0) {
            return SearchLimits.depth(Math.max(MIN_DEPTH, limits.depthPlies()) - 1);
        }
        int depth = limits.depthPlies() > 1 ? limits.depthPlies() - 1 : limits.depthPlies() == 1 ? 1 : 0;
        return new SearchLimits(limits.timeMillis(), depth, limits.nodes());
    }

    /** The value for {@code mover} of the game's position just after his move, searched within {@code limits}. */
    private int valueAfter(Game game, Side mover, SearchLimits limits) {
        if (game.isOver()) {
            return resultScore(game.outcome().orElseThrow(), mover, 1);
        }
        searcher.setHistory(game);
        SearchResult r = searcher.search(game.position().toBoard(), limits);
        // Al-manqala A5: when the opponent must pass, the mover is to move again and the score is already his.
        int v = game.position().sideToMove() == mover ? r.score() : -r.score();
        if (Score.isProven(v)) {
            v += v > 0 ? -1 : 1; // one ply further from the position before the move
        }
        return v;
    }

    /**
     * @return the score of a finished game for {@code side}, {@code plies} plies after the position it is scored
     *     from: {@code WIN - plies} when {@code side} won, its negation when it lost, 0 for a draw
     */
    public static int resultScore(Outcome outcome, Side side, int plies) {
        return outcome.result().winner().map(w -> w == side ? Score.WIN - plies : -(Score.WIN - plies)).orElse(0);
    }

    /**
     * The verdict on a move with score {@code played} where the best move scores {@code best} (both for the mover,
     * from the same depth). A forced win let go, or a position not lost turned into a forced loss, is a blunder; a
     * slower win or a quicker loss is good (the result stands); otherwise the score lost decides by
     * {@code thresholds}.
     */
    public static Verdict judge(boolean isBest, int best, int played, Thresholds thresholds) {
        if (isBest) {
            return Verdict.BEST;
        }
        if (gaveResultAway(best, played)) {
            return Verdict.BLUNDER;
        }
        OptionalInt lost = loss(best, played);
        return thresholds.verdict(lost.orElseThrow());
    }

    /** @return the score lost, as {@link PlyAnalysis#loss()} defines it. */
    static OptionalInt loss(int best, int played) {
        if (gaveResultAway(best, played)) {
            return OptionalInt.empty();
        }
        if (Score.isProven(best) || Score.isProven(played)) {
            return OptionalInt.of(0); // the proven result stands, or the move did better than the search's best
        }
        return OptionalInt.of(Math.max(0, best - played));
    }

    /** A result is proven by search or decided by the endgame tables ({@link Score#TABLE_THRESHOLD}). */
    private static boolean gaveResultAway(int best, int played) {
        boolean bestWin = best >= Score.TABLE_THRESHOLD;
        boolean playedWin = played >= Score.TABLE_THRESHOLD;
        boolean bestLoss = best <= -Score.TABLE_THRESHOLD;
        boolean playedLoss = played <= -Score.TABLE_THRESHOLD;
        return bestWin && !playedWin || !bestLoss && playedLoss;
    }
}
