package mancala.engine.search;

import java.util.Arrays;
import java.util.List;
import mancala.engine.eval.Evaluator;
import mancala.engine.tablebase.TablebaseValue;
import mancala.engine.tablebase.Tablebase;
import mancala.rules.Board;
import mancala.rules.Game;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;
import mancala.rules.Zobrist;

/**
 * Negamax alpha-beta with iterative deepening, principal variation search (null-window searches of all but the
 * first move, re-searched on a fail high), a {@link TranspositionTable} keyed by Zobrist hashes, and
 * {@link MoveOrder} (table move, killers, history). One searcher per thread; it may be reused for many searches
 * of the same rules.
 *
 * <p>The end of the game is scored by the rules, not guessed: a board with no legal move is scored by
 * {@link Rules#outcome} (H9 no seeds or no move, H8/R5 endless moves, A6 hunger, A7 50 captured, R6/R7 the round's
 * holdings); a repetition by {@link Rules#byRepetition} once the position has occurred {@link Rules#repetitionLimit()}
 * times (H10: twice; A8, R10: three times), counting the game's positions since the seeds held off the board last
 * changed (given by {@link #setHistory}) plus the search path. In Al-manqala a move after which the opponent must
 * pass (A5) leaves the same side to move: the child's score is then not negated.
 *
 * <p>Endgame tables ({@link Tablebase}, found in the data folder unless {@link #setTablebase} says otherwise) are
 * probed at every node past the repetition check: a position in the tables is scored exactly (Hawalis: the win or
 * loss with its distance; rounds: the holdings at the end, see {@link Score#ofTable}) and not searched further. A
 * root in the tables is answered from them at once, the best move by the tables, and its line followed in them.
 *
 * <p>A search always yields a legal move when one exists, however short the time: before the first iteration the
 * best move is the first legal move, and an interrupted iteration only replaces it once the previous best move has
 * been searched again.
 */
public final class Searcher {
    /** The deepest ply a search reaches. */
    public static final int MAX_PLY = 120;
    private static final int NO_SCORE = Integer.MIN_VALUE;

    /** Receives each completed iteration (for {@code info} lines). */
    @FunctionalInterface
    public interface IterationListener {
        /** @param pv the principal variation, pit indices; {@code millis} since the search started */
        void iteration(int depthPlies, int score, int[] pv, long nodes, long millis);
    }

    private Rules rules;
    private final Evaluator eval;
    private final TranspositionTable tt;
    /**
     * Nodes with fewer plies left than this neither probe nor fill the transposition table: there a probe, a miss to
     * memory, costs about what searching the node again does, and their entries would push out deeper ones (bench:
     * time to a fixed depth, fewer nodes and more of them a second).
     */
    private static final int TABLE_DEPTH = 3;
    private final MoveOrder order = new MoveOrder(MAX_PLY + 1);
    private final Board[] boards = new Board[MAX_PLY + 2];
    /**
     * Where the rules must play moves to know they are legal ({@link Rules#movesNeedTrial}): children[ply] holds
     * the positions after the legal moves at that ply, made while finding them, and childOf[ply][pit] the one after
     * the move of that pit, so that no move is sown twice; madeAt[ply][pit] is that board's index in
     * children[ply]. A searched child's board is not copied: it changes places with boards[ply + 1]. Null otherwise.
     */
    private Board[][] children;
    private Board[][] childOf;
    private int[][] madeAt;
    private final int[][] moves = new int[MAX_PLY + 2][];
    private final int[][] orderScores = new int[MAX_PLY + 2][];
    private final int[][] pv = new int[MAX_PLY + 2][MAX_PLY + 2];
    private final int[] pvLen = new int[MAX_PLY + 2];
    private final int limit;
    private long[] keys = new long[256 + MAX_PLY + 2];
    /** irr[ply]: index in {@link #keys} of the first position since the seeds held off the board last changed. */
    private final int[] irr = new int[MAX_PLY + 2];
    private int historyLength;

    private long nodes;
    private long nodeLimit;
    private long deadline;
    private long startNanos;
    private boolean timed;
    private boolean stopped;
    private volatile boolean stopRequested;
    private int rootBestMove;
    private int rootBestScore;
    private int rootDepth;
    private boolean stopOnSingleMove;
    private int contempt;
    private boolean repetition = true;
    private int rootSide;
    private IterationListener listener;
    private Tablebase tables;
    private long tbHits;
    private boolean rootFromTables;

    /** A searcher with the tuned evaluation and a table of {@code 2^ttBits} entries. */
    public Searcher(Rules rules, int ttBits) {
        this(rules, new Evaluator(rules.kind(), rules.pitsPerSide(), mancala.engine.eval.Weights.of(rules.kind())),
                ttBits);
    }

    /** A searcher with the given evaluation and a table of {@code 2^ttBits} entries. */
    public Searcher(Rules rules, Evaluator eval, int ttBits) {
        this.rules = rules;
        this.eval = eval;
        this.tt = new TranspositionTable(ttBits);
        this.limit = rules.repetitionLimit();
        bind(rules);
        Tablebase t = Tablebase.standard(rules);
        this.tables = t.any() ? t : null;
    }

    /** Sets the endgame tables to probe, or none (null). Default: those in the data folder, if any. */
    public void setTablebase(Tablebase value) {
        tables = value != null && value.any() ? value : null;
    }

    /** @return the endgame tables probed, or null. */
    public Tablebase tablebase() {
        return tables;
    }

    /** @return positions of the last search answered by the endgame tables (the {@code tbhits} of engine output). */
    public long tbHits() {
        return tbHits;
    }

    /** @return true when the last search's root was in the endgame tables and answered from them. */
    public boolean answeredFromTables() {
        return rootFromTables;
    }

    /** Makes the per-ply boards for {@code r}: boards copy only from boards of the same rules instance. */
    private void bind(Rules r) {
        rules = r;
        for (int i = 0; i < boards.length; i++) {
            boards[i] = r.emptyBoard();
            moves[i] = new int[r.pitCount()];
            orderScores[i] = new int[r.pitCount()];
        }
        children = r.movesNeedTrial() ? new Board[MAX_PLY + 2][r.pitCount()] : null;
        childOf = r.movesNeedTrial() ? new Board[MAX_PLY + 2][r.pitCount()] : null;
        madeAt = r.movesNeedTrial() ? new int[MAX_PLY + 2][r.pitCount()] : null;
        if (children != null) {
            for (Board[] row : children) {
                for (int i = 0; i < row.length; i++) {
                    row[i] = r.emptyBoard();
                }
            }
        }
    }

    /** @return the rules this searcher plays. */
    public Rules rules() {
        return rules;
    }

    /**
     * Sets the positions played before the root since the seeds held off the board last changed, oldest first, as
     * Zobrist hashes ({@link Zobrist#hash}); they count towards repetition. Default: none.
     */
    public void setHistory(long[] history, int length) {
        if (keys.length < length + MAX_PLY + 2) {
            keys = new long[length + MAX_PLY + 2];
        }
        System.arraycopy(history, 0, keys, 0, length);
        historyLength = length;
    }

    /**
     * Sets the history of {@code game}: its positions before the current one since the seeds held off the board
     * last changed (repetition, H10, A8, R10).
     */
    public void setHistory(Game game) {
        List<Position> ps = game.positions();
        int start = ps.size() - 1;
        while (start > 0 && sameHoldings(ps.get(start - 1), ps.get(start))) {
            start--;
        }
        long[] history = new long[ps.size() - 1 - start];
        for (int i = start; i < ps.size() - 1; i++) {
            history[i - start] = Zobrist.hash(ps.get(i));
        }
        setHistory(history, history.length);
    }

    private static boolean sameHoldings(Position a, Position b) {
        return a.holdings(Side.SOUTH) == b.holdings(Side.SOUTH)
                && a.holdings(Side.NORTH) == b.holdings(Side.NORTH);
    }

    /** When true, a root with one legal move returns after the first iteration (players save time). */
    public void setStopOnSingleMove(boolean value) {
        stopOnSingleMove = value;
    }

    /**
     * Sets the contempt, in hundredths of a seed: a drawn end (by the rules or by repetition) scores this much
     * below 0 for the side to move at the root and above 0 for its opponent, so that a player prefers a playable
     * position to a sure draw. Default 0 (analysis is objective); players use {@code 100}.
     */
    public void setContempt(int value) {
        contempt = value;
    }

    /**
     * Turns repetition (H10, A8, R10) off or on (default on). Off, a cycle is just searched until the depth runs
     * out, so every score is a property of the position alone: a proven score is then the exact distance in the
     * game graph, which the endgame solver uses.
     */
    public void setRepetition(boolean value) {
        repetition = value;
    }

    /** Sets the receiver of completed iterations, or null. */
    public void setListener(IterationListener listener) {
        this.listener = listener;
    }

    /** Asks a running search (on another thread) to stop soon; it then returns its best move so far. */
    public void stop() {
        stopRequested = true;
    }

    /** Forgets everything learned: table, killers and history. */
    public void clear() {
        tt.clear();
        order.clear();
    }

    /**
     * Searches {@code root} (not modified) within {@code limits}. The root may come from another instance of the
     * same rules; the table is kept.
     *
     * @throws IllegalArgumentException when the root is played under other rule options
     * @return the best move found, its score for the side to move, the depth and principal variation
     */
    public SearchResult search(Board root, SearchLimits limits) {
        startNanos = System.nanoTime();
        if (root.rules() != rules) {
            if (!root.rules().options().equals(rules.options())) {
                throw new IllegalArgumentException("this searcher plays " + rules + ", not " + root.rules());
            }
            bind(root.rules());
        }
        timed = limits.timeMillis() > 0;
        deadline = startNanos + SearchLimits.nanos(limits.timeMillis());
        nodeLimit = limits.nodes() > 0 ? limits.nodes() : Long.MAX_VALUE;
        int maxDepth = limits.depthPlies() > 0 ? Math.min(limits.depthPlies(), MAX_PLY) : MAX_PLY;
        stopped = false;
        stopRequested = false;
        nodes = 0;
        tbHits = 0;
        rootFromTables = false;
        tt.newSearch();
        boards[0].copyFrom(root);
        rootSide = root.sideIndex();
        keys[historyLength] = Zobrist.hash(root);
        irr[0] = 0;
        int[] rootMoves = new int[rules.pitCount()];
        int n = root.legalMoves(rootMoves);
        if (n == 0) {
            int s = Score.ofResult(rules.outcome(root).result(), root.sideIndex(), 0);
            return new SearchResult(-1, s, 0, new int[0], 0);
        }
        SearchResult fromTables = tables == null ? null : fromTables(root);
        if (fromTables != null) {
            rootFromTables = true;
            return fromTables;
        }
        rootBestMove = rootMoves[0];
        rootBestScore = NO_SCORE;
        int bestScore = 0;
        int bestDepth = 0;
        int[] bestPv = {rootBestMove};
        for (int depth = 1; depth <= maxDepth; depth++) {
            rootDepth = depth;
            int iterationBest = rootBestMove;
            rootBestScore = NO_SCORE;
            int s = search(0, depth, -Score.INFINITE, Score.INFINITE);
            if (stopped) {
                // Interrupted: keep what this iteration found only if the previous best was searched again, and
                // not when that says the game is lost: a loss holds only once every move has been searched.
                if (rootBestScore != NO_SCORE && !(Score.isProven(rootBestScore) && rootBestScore < 0)) {
                    bestScore = rootBestScore;
                    bestPv = pvLen[0] > 0 && pv[0][0] == rootBestMove ? Arrays.copyOf(pv[0], pvLen[0])
                            : new int[] {rootBestMove};
                    bestDepth = depth;
                } else {
                    rootBestMove = iterationBest;
                }
                break;
            }
            bestScore = s;
            bestDepth = depth;
            bestPv = Arrays.copyOf(pv[0], pvLen[0]);
            if (bestPv.length == 0 || bestPv[0] != rootBestMove) {
                bestPv = new int[] {rootBestMove};
            }
            if (listener != null) {
                listener.iteration(depth, s, bestPv, nodes, (System.nanoTime() - startNanos) / 1_000_000);
            }
            if (Score.isProven(s) && Score.pliesToEnd(s) <= depth) {
                break; // the result is proven within the searched depth: deeper search cannot change it
            }
            if (n == 1 && stopOnSingleMove) {
                break;
            }
        }
        return new SearchResult(rootBestMove, bestScore, bestDepth, bestPv, nodes);
    }

    private void checkLimits() {
        if (stopRequested || nodes >= nodeLimit || timed && System.nanoTime() - deadline >= 0) {
            stopped = true;
        }
    }

    private int search(int ply, int depth, int alpha, int beta) {
        Board b = boards[ply];
        pvLen[ply] = 0;
        if ((++nodes & 15) == 0 || nodes >= nodeLimit) {
            checkLimits();
        }
        if (stopped) {
            return 0;
        }
        int[] ms = moves[ply];
        boolean leaf = depth <= 0 || ply >= MAX_PLY;
        Board[] after = children != null && !leaf ? childOf[ply] : null;
        int n;
        if (leaf) {
            n = rules.hasLegalMove(b, ms) ? 1 : 0; // a leaf needs only to know whether the game is over
        } else if (after != null) {
            Board[] made = children[ply];
            n = rules.legalChildren(b, ms, made);
            int[] at = madeAt[ply];
            for (int i = 0; i < n; i++) {
                after[ms[i]] = made[i];
                at[ms[i]] = i;
            }
        } else {
            n = b.legalMoves(ms);
        }
        if (n == 0) {
            return end(rules.outcome(b).result(), b.sideIndex(), ply);
        }
        int at = historyLength + ply;
        long key = keys[at];
        if (ply > 0 && repetition) {
            int seen = 1;
            for (int i = irr[ply]; i < at; i++) {
                if (keys[i] == key && ++seen >= limit) {
                    // H10 (second occurrence), A8, R10 (third): the game ends here by repetition.
                    return end(rules.byRepetition(b).result(), b.sideIndex(), ply);
                }
            }
        }
        if (tables != null) {
            TablebaseValue tv = tables.probe(b);
            if (tv != null) {
                tbHits++;
                return tableScore(tv, b.sideIndex(), ply);
            }
        }
        if (leaf) {
            return eval.evaluate(b);
        }
        // Mate distance pruning: no result here can beat a win already found nearer the root.
        int mateAlpha = Math.max(alpha, -(Score.WIN - ply));
        int mateBeta = Math.min(beta, Score.WIN - ply - 1);
        if (mateAlpha >= mateBeta) {
            return mateAlpha;
        }
        boolean pvNode = beta - alpha > 1;
        int ttMove = -1;
        boolean tabled = depth >= TABLE_DEPTH;
        long entry = tabled ? tt.probe(key) : 0;
        if (entry != 0) {
            ttMove = TranspositionTable.move(entry);
            if (ply > 0 && !pvNode && TranspositionTable.depth(entry) >= depth) {
                int s = Score.fromTable(TranspositionTable.score(entry), ply);
                int bound = TranspositionTable.bound(entry);
                if (bound == TranspositionTable.EXACT || bound == TranspositionTable.LOWER && s >= beta
                        || bound == TranspositionTable.UPPER && s <= alpha) {
                    return s;
                }
            }
        }
        if (ply == 0) {
            ttMove = rootBestMove;
        }
        int side = b.sideIndex();
        int[] sc = orderScores[ply];
        order.score(ply, side, ttMove, ms, sc, n);
        int alphaOrig = alpha;
        int best = -Score.INFINITE;
        int bestMove = -1;
        for (int i = 0; i < n; i++) {
            MoveOrder.pickNext(ms, sc, i, n);
            int m = ms[i];
            Board c;
            if (after != null) {
                // The board made while finding the legal moves becomes the child's; the child's former board
                // takes its place among the made ones (bench: Rio Kadalis nodes/s).
                c = after[m];
                children[ply][madeAt[ply][m]] = boards[ply + 1];
                boards[ply + 1] = c;
            } else {
                c = boards[ply + 1];
                c.copyFrom(b);
                c.sow(m);
            }
            keys[at + 1] = Zobrist.hash(c);
            irr[ply + 1] = c.holdings(0) != b.holdings(0) || c.holdings(1) != b.holdings(1) ? at + 1 : irr[ply];
            boolean same = c.sideIndex() == side;
            int s;
            if (i == 0) {
                s = child(ply, depth - 1, alpha, beta, same);
            } else {
                s = child(ply, depth - 1, alpha, alpha + 1, same);
                if (s > alpha && s < beta && !stopped) {
                    s = child(ply, depth - 1, alpha, beta, same);
                }
            }
            if (stopped) {
                return 0;
            }
            if (s > best) {
                best = s;
                bestMove = m;
                if (ply == 0) {
                    rootBestMove = m;
                    rootBestScore = s;
                }
                if (s > alpha) {
                    alpha = s;
                    int[] line = pv[ply];
                    line[0] = m;
                    int len = pvLen[ply + 1];
                    System.arraycopy(pv[ply + 1], 0, line, 1, len);
                    pvLen[ply] = len + 1;
                    if (s >= beta) {
                        order.cutoff(ply, side, m, depth);
                        break;
                    }
                }
            }
        }
        int bound = best >= beta ? TranspositionTable.LOWER
                : best > alphaOrig ? TranspositionTable.EXACT : TranspositionTable.UPPER;
        if (tabled) {
            tt.store(key, bestMove, depth, bound, Score.toTable(best, ply));
        }
        return best;
    }

    /** The score of a finished game for {@code side}, with the contempt applied to draws. */
    private int end(mancala.rules.Result r, int side, int ply) {
        if (r == mancala.rules.Result.DRAW) {
            return side == rootSide ? -contempt : contempt;
        }
        return Score.ofResult(r, side, ply);
    }

    /** The score of a table value for {@code side}, {@code ply} plies from the root, draws with the contempt. */
    private int tableScore(TablebaseValue v, int side, int ply) {
        int s = Score.ofTable(v, ply);
        return s == 0 ? (side == rootSide ? -contempt : contempt) : s;
    }

    /**
     * Answers a root in the tables: the best move by them, its line followed in them (at most {@link #MAX_PLY}
     * plies, stopping where the game ends or leaves the tables). Null when the root or a move's result is not in
     * them.
     */
    private SearchResult fromTables(Board root) {
        List<Tablebase.MoveValue> mv = tables.moves(root);
        if (mv == null || mv.isEmpty()) {
            return null;
        }
        tbHits += mv.size();
        int best = mv.get(0).move();
        int score = Score.ofTable(mv.get(0).value(), 0);
        int[] line = new int[MAX_PLY];
        int len = 0;
        Board b = root.copy();
        while (len < MAX_PLY) {
            List<Tablebase.MoveValue> here = len == 0 ? mv : tables.moves(b);
            if (here == null || here.isEmpty()) {
                break;
            }
            line[len++] = here.get(0).move();
            b.sow(here.get(0).move());
            if (b.endedByMove()) {
                break;
            }
        }
        int[] pvLine = Arrays.copyOf(line, len);
        long ms = (System.nanoTime() - startNanos) / 1_000_000;
        if (listener != null) {
            listener.iteration(1, score, pvLine, 1, ms);
        }
        return new SearchResult(best, score, 1, pvLine, 1);
    }

    /** Searches the child at {@code ply + 1}; a child with the same side to move (A5 pass) is not negated. */
    private int child(int ply, int depth, int alpha, int beta, boolean sameSide) {
        return sameSide ? search(ply + 1, depth, alpha, beta) : -search(ply + 1, depth, -beta, -alpha);
    }

    /** @return positions visited by the last search. */
    public long nodes() {
        return nodes;
    }
}
