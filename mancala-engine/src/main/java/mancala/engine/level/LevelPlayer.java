package mancala.engine.level;

import java.util.SplittableRandom;
import mancala.engine.play.Player;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.Searcher;
import mancala.rules.Game;
import mancala.rules.Rules;

/**
 * The search engine at strength level 1–10. Each level searches to a fixed depth (and never longer than the time
 * given) and at the low levels plays a uniformly random move with some probability:
 * <pre>
 *   level          1    2    3    4    5    6    7    8    9   10
 *   depth, plies   1    1    1    2    3    5    7    9   11   time only
 *   random move   75%  35%  10%  10%   -    -    -    -    -    -
 * </pre>
 * Above depth 3 the depths step by two plies: one ply more (4 against 3, 6 against 5) won barely more than half
 * the games in some games; level 4's random moves do the same for its step to level 5 (3 plies against 2 won 56
 * of 100 Rio Kadalis matches). The table is in the README.
 * Level 10 is the full engine: iterative deepening until the time is used. Not thread-safe.
 */
public final class LevelPlayer implements Player {
    private static final int[] DEPTH = {0, 1, 1, 1, 2, 3, 5, 7, 9, 11, 0};
    private static final int[] RANDOM_PERCENT = {0, 75, 35, 10, 10, 0, 0, 0, 0, 0, 0};
    /** Table size per player: 2^18 entries (4 MiB), so that many players fit in a self-play run. */
    private static final int TT_BITS = 18;

    /** Players prefer a playable position to a sure draw by this much, hundredths of a seed. */
    static final int CONTEMPT = 100;

    private final int level;
    private final SplittableRandom random;
    private Searcher searcher;

    /**
     * @param level 1 (nearly random) to 10 (full engine)
     * @param seed  seed of the random moves of the low levels
     * @throws IllegalArgumentException for a level outside 1–10
     */
    public LevelPlayer(int level, long seed) {
        if (level < 1 || level > 10) {
            throw new IllegalArgumentException("level must be 1 to 10, was " + level);
        }
        this.level = level;
        this.random = new SplittableRandom(seed);
    }

    /** @return the depth in plies of this level, 0 for "as deep as time allows". */
    public int depthPlies() {
        return DEPTH[level];
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
        if (random.nextInt(100) < RANDOM_PERCENT[level]) {
            return moves[random.nextInt(moves.length)];
        }
        Rules rules = game.position().rules();
        if (searcher == null || !searcher.rules().options().equals(rules.options())) {
            searcher = new Searcher(rules, TT_BITS);
            searcher.setStopOnSingleMove(true);
            searcher.setContempt(CONTEMPT);
        }
        SearchLimits limits = new SearchLimits(Math.max(1, timeMillis), DEPTH[level], 0);
        searcher.setHistory(game);
        int move = searcher.search(game.position().toBoard(), limits).bestMove();
        return move >= 0 ? move : moves[0];
    }

    @Override
    public String name() {
        return "level:" + level;
    }
}
