package mancala.engine.level;

import java.util.SplittableRandom;
import mancala.engine.play.Player;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.Searcher;
import mancala.engine.tablebase.Tablebase;
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
 * Level 10 is the full engine: iterative deepening until the time is used.
 *
 * <p>The search probes the endgame tables of the data folder ({@link Tablebase#standard}) unless the player is made
 * without them ({@code level:N:notables}); {@link #tablebaseUse()} counts how the tables served it. Not thread-safe.
 */
public final class LevelPlayer implements Player {
    private static final int[] DEPTH = {0, 1, 1, 1, 2, 3, 5, 7, 9, 11, 0};
    private static final int[] RANDOM_PERCENT = {0, 75, 35, 10, 10, 0, 0, 0, 0, 0, 0};
    /** Table size per player: 2^18 entries (4 MiB), so that many players fit in a self-play run. */
    private static final int TT_BITS = 18;

    /** Players prefer a playable position to a sure draw by this much, hundredths of a seed. */
    static final int CONTEMPT = 100;

    /** The name's modifier of a level that plays without the endgame tables: {@code level:10:notables}. */
    public static final String NO_TABLES = "notables";

    private final int level;
    private final boolean tables;
    private final SplittableRandom random;
    private final TablebaseUse use = new TablebaseUse();
    private Searcher searcher;

    /**
     * A player that probes the endgame tables of the data folder, if any.
     *
     * @param level 1 (nearly random) to 10 (full engine)
     * @param randomSeed  seed of the random moves of the low levels
     * @throws IllegalArgumentException for a level outside 1–10
     */
    public LevelPlayer(int level, long randomSeed) {
        this(level, randomSeed, true);
    }

    /**
     * @param level  1 (nearly random) to 10 (full engine)
     * @param randomSeed   seed of the random moves of the low levels
     * @param tables whether the search probes the endgame tables of the data folder; false: it never does, and
     *               searches positions the tables would answer like any other
     * @throws IllegalArgumentException for a level outside 1–10
     */
    public LevelPlayer(int level, long randomSeed, boolean tables) {
        if (level < 1 || level > 10) {
            throw new IllegalArgumentException("level must be 1 to 10, was " + level);
        }
        this.level = level;
        this.tables = tables;
        this.random = new SplittableRandom(randomSeed);
    }

    /** @return whether this player's search probes the endgame tables. */
    public boolean usesTables() {
        return tables;
    }

    /** @return the counts of this player's searches and table probes so far (updated as it plays). */
    public TablebaseUse tablebaseUse() {
        return use;
    }

    /**
     * How the endgame tables served one player: counts over all its searches, updated by the player's thread (read
     * them once its games are over).
     */
    public static final class TablebaseUse {
        private long searches;
        private long fromTables;
        private long tbHits;

        /** @return moves chosen by a search (not forced, not random). */
        public long searches() {
            return searches;
        }

        /** @return of those, moves answered from the tables at the root (the position was in them). */
        public long fromTables() {
            return fromTables;
        }

        /** @return positions answered by the tables in all the searches (the engine protocol's {@code tbhits}). */
        public long tbHits() {
            return tbHits;
        }

        /** @return the sum of {@code uses}. */
        public static TablebaseUse sum(Iterable<TablebaseUse> uses) {
            TablebaseUse t = new TablebaseUse();
            for (TablebaseUse u : uses) {
                t.searches += u.searches;
                t.fromTables += u.fromTables;
                t.tbHits += u.tbHits;
            }
            return t;
        }
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
            if (!tables) {
                searcher.setTablebase(null);
            }
        }
        SearchLimits limits = new SearchLimits(Math.max(1, timeMillis), DEPTH[level], 0);
        searcher.setHistory(game);
        int move = searcher.search(game.position().toBoard(), limits).bestMove();
        use.searches++;
        use.tbHits += searcher.tbHits();
        if (searcher.answeredFromTables()) {
            use.fromTables++;
        }
        return move >= 0 ? move : moves[0];
    }

    @Override
    public String name() {
        return "level:" + level + (tables ? "" : ":" + NO_TABLES);
    }
}
