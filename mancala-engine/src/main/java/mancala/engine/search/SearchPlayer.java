package mancala.engine.search;

import mancala.engine.eval.Evaluator;
import mancala.engine.play.Player;
import mancala.rules.Game;

/**
 * A player that runs the search with a given evaluation to a fixed depth (and within the time it is given); used
 * by the weight tuner to pit evaluations against each other. Not thread-safe.
 */
public final class SearchPlayer implements Player {
    private final Evaluator eval;
    private final int depthPlies;
    private final int ttBits;
    private Searcher searcher;

    /**
     * @param depthPlies iteration depth, plies (0: time only)
     * @param ttBits     log2 of the transposition table's entries
     */
    public SearchPlayer(Evaluator eval, int depthPlies, int ttBits) {
        this.eval = eval;
        this.depthPlies = depthPlies;
        this.ttBits = ttBits;
    }

    @Override
    public int chooseMove(Game game, long timeMillis) {
        int[] moves = game.position().legalMoves();
        if (moves.length == 0 || game.isOver()) {
            throw new IllegalStateException("the game is over");
        }
        if (moves.length == 1) {
            return moves[0];
        }
        if (searcher == null || !searcher.rules().options().equals(game.position().rules().options())) {
            searcher = new Searcher(game.position().rules(), eval, ttBits);
            searcher.setStopOnSingleMove(true);
        }
        searcher.setHistory(game);
        int m = searcher.search(game.position().toBoard(), new SearchLimits(Math.max(1, timeMillis), depthPlies, 0))
                .bestMove();
        return m >= 0 ? m : moves[0];
    }

    @Override
    public String name() {
        return "search(depth " + depthPlies + ")";
    }
}
