package mancala.engine;

import java.util.ArrayList;
import java.util.List;
import mancala.engine.progress.Progress;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.SearchResult;
import mancala.engine.search.Searcher;
import mancala.rules.Game;
import mancala.rules.Outcome;
import mancala.rules.Position;

/**
 * The engine's front door: analyse a game's current position with the full search (alpha-beta, iterative
 * deepening, PVS, transposition table). Thread-safe: each call uses its own {@link Searcher}.
 */
public final class Engine {
    /** Transposition table size of one-off analyses: at most 2^20 entries (16 MiB). */
    static final int ANALYSE_TT_BITS = 20;

    /** Table size for a search of {@code limits}: small for short times, so that clearing it fits the budget. */
    static int tableBits(SearchLimits limits) {
        long ms = limits.timeMillis();
        if (ms == 0) {
            return ANALYSE_TT_BITS;
        }
        return ms < 10 ? 12 : ms < 100 ? 16 : ms < 1000 ? 18 : ANALYSE_TT_BITS;
    }

    private Engine() {
    }

    /**
     * Analyses the current position of {@code game} for {@code timeMillis} milliseconds.
     *
     * @return best move (-1 when the game is over), score for the side to move, depth in plies, principal
     *         variation and nodes; when the game is over the score is the result's ({@link Analysis#WIN} or 0)
     * @throws IllegalArgumentException when {@code timeMillis} is not positive
     */
    public static Analysis analyse(Game game, long timeMillis) {
        if (timeMillis <= 0) {
            throw new IllegalArgumentException("analysis time must be positive, was " + timeMillis + " ms");
        }
        return analyse(game, SearchLimits.millis(timeMillis));
    }

    /**
     * Analyses the current position of {@code game} within {@code limits} (time, depth in plies, nodes).
     *
     * @return as {@link #analyse(Game, long)}
     */
    public static Analysis analyse(Game game, SearchLimits limits) {
        Searcher s = new Searcher(game.position().rules(), tableBits(limits));
        return analyse(s, game, limits);
    }

    /**
     * Analyses as {@link #analyse(Game, SearchLimits)}, reporting to {@code progress} after each iteration of the
     * deepening one task, "analyse": counted in milliseconds of the time given, or in plies of the depth given when
     * there is no time limit, with the depth, score (as {@link Score#format}, for the side to move) and positions
     * searched so far as the detail.
     *
     * @return as {@link #analyse(Game, long)}
     */
    public static Analysis analyse(Game game, SearchLimits limits, Progress progress) {
        Searcher s = new Searcher(game.position().rules(), tableBits(limits));
        boolean timed = limits.timeMillis() > 0;
        s.setListener((depth, score, pv, nodes, millis) -> progress.update(timed ? millis : depth,
                "depth " + depth + ", score " + Score.format(score) + ", " + nodes + " positions"));
        progress.begin("analyse", timed ? limits.timeMillis() : limits.depthPlies() > 0 ? limits.depthPlies() : -1,
                timed ? "ms" : "plies");
        try {
            return analyse(s, game, limits);
        } finally {
            progress.end();
        }
    }

    /** Analyses with a caller-owned searcher (its table is kept between calls), which must play the game's rules. */
    public static Analysis analyse(Searcher searcher, Game game, SearchLimits limits) {
        Position p = game.position();
        if (game.isOver()) {
            Outcome o = game.outcome().orElseThrow();
            int score = o.result().winner().map(w -> w == p.sideToMove() ? Analysis.WIN : -Analysis.WIN)
                    .orElse(0);
            return new Analysis(-1, score, 0, List.of(), 0);
        }
        setHistory(searcher, game);
        SearchResult r = searcher.search(p.toBoard(), limits);
        List<Integer> pv = new ArrayList<>();
        for (int m : r.pv()) {
            pv.add(m);
        }
        return new Analysis(r.bestMove(), r.score(), r.depthPlies(), List.copyOf(pv), r.nodes());
    }

    /** Gives the searcher the game's positions since the seeds held off the board last changed (repetition). */
    public static void setHistory(Searcher searcher, Game game) {
        searcher.setHistory(game);
    }
}
