package mancala.engine.solve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import mancala.engine.EngineException;
import mancala.engine.progress.Progress;
import mancala.engine.eval.Evaluator;
import mancala.engine.search.SearchLimits;
import mancala.rules.Board;
import mancala.rules.Endless;
import mancala.rules.GameKind;
import mancala.rules.HawalisOptions;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;

/**
 * Exact endgame solving: proof searches (all games) racing, for Hawalis and Bao Kiarabu, a retrograde analysis over
 * every position reachable from the given one: a tablebase built on the fly. See {@link #solve(Position, long)}.
 *
 * <p>Why it is small: seeds never cross sides (H2), so a side's pits change only by its own moves and by losing two
 * pits to a capture (H7). Each side's pit contents are interned once as a <i>side configuration</i> (4 bits a pit,
 * so at most 15 seeds a side), and a side's moves are computed once per configuration with the rules engine
 * itself: the new configuration, and which opponent pits a capture empties. A position is then (South's
 * configuration, North's, side to move), and its moves are table look-ups.
 *
 * <p>Values: a position with no legal move is lost (H9); an endless move loses for its player or draws, as the
 * option says (H8), and is an edge to a finished game; retrograde analysis labels wins and losses breadth-first
 * from the finished positions, so a win gets the shortest forced win and a loss the longest resistance, in plies.
 * Positions never labeled are draws.
 *
 * <p>The {@link ProofSearch} proves decided endgames with short wins without enumerating every reachable position,
 * often in a fraction of the positions; the retrograde analysis also proves draws and long wins, when the
 * reachable positions fit in the memory and the time.
 *
 * <p>How repetition (H10) is modelled: the value is that of the game graph in which endless play is a draw. Under
 * H10 a repeated position draws at once, and this gives the same values: a side that can force a win can force
 * it along a line whose positions have strictly decreasing distance to the end, so no position repeats on it
 * whatever the loser does; a side that cannot be forced into a loss can keep out of lost positions, and in a
 * finite graph that means a repetition, which is the draw it needs. The solver starts from the position with no
 * earlier history. Seeds captured are not part of the state: under the default scoring (H9) they never decide the
 * result; {@code scoring=captures} is refused.
 */
public final class Solver {
    /**
     * Memory the solver needs a reachable position, bytes, at most: its key (8), index slots (at most 8 after a
     * doubling), edge start (4), edges and predecessors (4 each a move, about 5 moves), queue (4), distance (2),
     * value and unresolved move count (1 each).
     */
    static final int BYTES_PER_POSITION = 80;
    /** Positions the retrograde analysis examines at most, whatever the memory. */
    public static final int MAX_POSITIONS = 100_000_000;
    /** Seeds a side may hold at most (4 bits a pit). */
    public static final int MAX_SEEDS_PER_SIDE = 15;
    /**
     * Default time of a whole solve, ms: with the JVM's start, an answer (or the word that none was found) comes in
     * under a minute.
     */
    public static final long DEFAULT_MILLIS = 50_000;
    /** Positions between two looks at the clock and at {@link #cancelled}. */
    private static final int CHECK_EVERY = 1 << 16;
    /** How often {@link #solve(Position, long, Progress)} reports, ms. */
    private static final long PROGRESS_MILLIS = 250;
    private static final int LOSES = -1;
    private static final int DRAWS = -2;
    private static final byte UNKNOWN = 0;
    private static final byte WIN = 1;
    private static final byte LOSS = 2;

    private final Rules rules;
    private final int n;
    private final int row;
    private final boolean outerAlwaysCaptured;

    // Side configurations: code (4 bits per pit, the side's own letter order) and the moves, computed lazily.
    private final LongIntMap configIds = new LongIntMap(16);
    private long[] configCodes = new long[1 << 16];
    private final List<int[]> configMoves = new ArrayList<>();

    // Positions: key = (south config << 31 | north config) << 1 | side; the start is position 0.
    private final PositionTable positions = new PositionTable(maxPositions());
    // The moves of position i are edges edgeStart[i] .. edgeStart[i + 1] - 1, in the order of its mover's
    // configuration moves: a position id, or LOSES or DRAWS for an endless move.
    private int[] edgeStart = new int[1 << 16];
    private int[] edges = new int[1 << 18];
    private int edgeCount;

    private final long deadlineNanos;
    private final long startNanos = System.nanoTime();
    /**
     * Whether to give up as soon as the positions already found cannot be explored in the time left (in a race,
     * so that the other thread's proof search gets the core); otherwise only at the deadline.
     */
    private final boolean giveUpEarly;
    /** Positions explored so far (updated now and then, for progress reports). */
    private volatile int explored;
    /** Where a retrograde analysis alone reports how far it has got (in a race the racing thread reports). */
    private Progress progress = Progress.NONE;
    /** Set by another thread to make {@link #run} give up. */
    private volatile boolean cancelled;

    private Solver(Rules rules, long deadlineNanos, boolean giveUpEarly) {
        this.rules = rules;
        this.giveUpEarly = giveUpEarly;
        this.deadlineNanos = deadlineNanos;
        this.n = rules.pitsPerSide();
        this.row = n / 2;
        this.outerAlwaysCaptured = rules.kind() == GameKind.BAO_KIARABU;
    }

    /**
     * Solves {@code start} exactly within {@link #DEFAULT_MILLIS} ms.
     *
     * @throws EngineException as {@link #solve(Position, long)}
     */
    public static Solution solve(Position start) {
        return solve(start, DEFAULT_MILLIS);
    }

    /**
     * Solves {@code start} exactly within {@code millis} ms (wall clock), on two threads that race: a
     * {@link ProofSearch} ordered by the tuned evaluation, and (Hawalis, Bao Kiarabu) the retrograde analysis,
     * followed, when that finds too many positions, by a second proof search ordered only by proofs. In Al-manqala
     * and Rio Kadalis the second thread is that second proof search from the start: a proven result there is exact
     * too, but the value of endless play there depends on the seeds of the repeated position, which the retrograde
     * analysis does not model. The first exact answer wins and stops the others.
     *
     * @param millis the time for the whole solve, ms, at least 1
     * @throws EngineException when nothing is proven in time (the message says how far each method got), or the
     *                         position cannot be solved here at all (scoring by captures, more than
     *                         {@value #MAX_SEEDS_PER_SIDE} seeds a side in a four-row game and no proof)
     */
    public static Solution solve(Position start, long millis) {
        return solve(start, millis, Progress.NONE);
    }

    /**
     * Solves {@code start} as {@link #solve(Position, long)}, reporting to {@code progress} (from the calling
     * thread, about four times a second) one task, "solve", counted in positions explored by all threads together,
     * total unknown, with the deepest proof search iteration completed and the time left as the detail.
     *
     * @throws EngineException as {@link #solve(Position, long)}
     */
    public static Solution solve(Position start, long millis, Progress progress) {
        if (millis < 1) {
            throw new IllegalArgumentException("solve needs at least 1 ms, was " + millis);
        }
        if (start.isOver()) {
            Board b = start.toBoard();
            Solution.Value v = start.rules().outcome(b).result().winner()
                    .map(w -> w == start.sideToMove() ? Solution.Value.WIN : Solution.Value.LOSS)
                    .orElse(Solution.Value.DRAW);
            return new Solution(v, 0, List.of(), 1);
        }
        long deadline = System.nanoTime() + SearchLimits.nanos(millis);
        int ttBits = millis >= 10_000 ? 24 : 20;
        ProofSearch ordered = new ProofSearch(start, Evaluator.tuned(start.toBoard()), ttBits);
        ProofSearch plain = new ProofSearch(start, ProofSearch.plain(start), ttBits);
        String retrogradeUnusable = retrogradeUnusable(start);
        Solver retro = retrogradeUnusable == null ? new Solver(start.rules(), deadline, true) : null;
        AtomicReference<Solution> found = new AtomicReference<>();
        AtomicReference<String> retroFailure = new AtomicReference<>(retrogradeUnusable);
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<Throwable> crash = new AtomicReference<>();
        Consumer<Solution> offer = s -> {
            found.compareAndSet(null, s);
            done.countDown();
        };
        Thread first = solveThread("solve-proof", crash, () -> ordered.prove(start, deadline).ifPresent(offer));
        Thread second = solveThread("solve-retrograde", crash, () -> {
            if (retro != null) {
                try {
                    offer.accept(retro.runGuarded(start));
                    return;
                } catch (EngineException e) {
                    retroFailure.set(e.getMessage());
                }
            }
            plain.prove(start, deadline).ifPresent(offer);
        });
        Thread watcher = solveThread("solve-watch", crash, () -> {
            try {
                first.join();
                second.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            done.countDown();
        });
        first.start();
        second.start();
        watcher.start();
        progress.begin("solve", -1, "positions");
        try {
            while (!done.await(PROGRESS_MILLIS, TimeUnit.MILLISECONDS)) {
                long explored = ordered.nodes() + plain.nodes() + (retro != null ? retro.explored : 0);
                long left = Math.max(0, (deadline - System.nanoTime()) / 1_000_000_000);
                progress.update(explored, "proof search depth " + Math.max(ordered.depthReached(),
                        plain.depthReached()) + ", " + left + " s left");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            // Stop the losers and wait for them: a stop can reach a search before it begins and be forgotten, so
            // it is repeated until each thread has ended.
            if (retro != null) {
                retro.cancelled = true;
            }
            while (first.isAlive() || second.isAlive()) {
                ordered.stop();
                plain.stop();
                try {
                    first.join(5);
                    second.join(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        progress.update(ordered.nodes() + plain.nodes() + (retro != null ? retro.explored : 0), "proof search depth "
                + Math.max(ordered.depthReached(), plain.depthReached()));
        progress.end();
        Solution s = found.get();
        if (s != null) {
            return s;
        }
        if (crash.get() != null) {
            throw new IllegalStateException("a solver thread failed", crash.get());
        }
        int depth = Math.max(ordered.depthReached(), plain.depthReached());
        throw new EngineException("not solved in " + millis + " ms: no forced win or loss within " + depth
                + " plies (proof search)" + (retroFailure.get() == null ? ""
                : "; retrograde analysis: " + retroFailure.get()));
    }

    /** A daemon thread running {@code body}; what it throws is kept in {@code crash} (the first only). */
    private static Thread solveThread(String name, AtomicReference<Throwable> crash, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.setUncaughtExceptionHandler((thread, e) -> crash.compareAndSet(null, e));
        return t;
    }

    /**
     * Solves {@code start} by retrograde analysis alone (no proof search), without a time limit.
     *
     * @throws EngineException as {@link #retrograde(Position, long)}
     */
    public static Solution retrograde(Position start) {
        return retrograde(start, SearchLimits.MAX_MILLIS);
    }

    /**
     * Solves {@code start} by retrograde analysis alone within {@code millis} ms.
     *
     * @throws EngineException when the game is not Hawalis or Bao Kiarabu, scoring is by captures, a side holds
     *                         more than {@value #MAX_SEEDS_PER_SIDE} seeds, more positions are reachable than
     *                         the memory holds ({@link #maxPositions}), or the time runs out
     */
    public static Solution retrograde(Position start, long millis) {
        return retrograde(start, millis, Progress.NONE);
    }

    /**
     * Solves {@code start} as {@link #retrograde(Position, long)}, reporting to {@code progress} one task,
     * "retrograde analysis", counted in positions explored, total unknown, with the positions found so far as the
     * detail.
     *
     * @throws EngineException as {@link #retrograde(Position, long)}
     */
    public static Solution retrograde(Position start, long millis, Progress progress) {
        String unusable = retrogradeUnusable(start);
        if (unusable != null) {
            throw new EngineException(unusable);
        }
        Solver solver = new Solver(start.rules(), System.nanoTime() + SearchLimits.nanos(millis), false);
        solver.progress = progress;
        progress.begin("retrograde analysis", -1, "positions");
        try {
            return solver.runGuarded(start);
        } finally {
            progress.end();
        }
    }

    /** {@link #run}, with a too-small memory turned into an {@link EngineException}. */
    private Solution runGuarded(Position start) {
        try {
            return run(start);
        } catch (OutOfMemoryError e) {
            // The tables are garbage once unwound; say so plainly rather than end the program.
            throw new EngineException("the positions reachable from this endgame do not fit in memory; too big to "
                    + "solve");
        }
    }

    /** @return why the retrograde analysis cannot take {@code start}, or null when it can */
    private static String retrogradeUnusable(Position start) {
        Rules rules = start.rules();
        if (!rules.kind().fourRows()) {
            return "it covers Hawalis and Bao Kiarabu only: in " + rules.kind().displayName()
                    + " a repetition ends the game with a result that depends on the seeds, which it does not model";
        }
        if (((HawalisOptions) rules.options()).scoringCaptures()) {
            return "it does not handle scoring=captures: captures would be part of the state";
        }
        int n = rules.pitsPerSide();
        for (Side s : Side.values()) {
            int seeds = 0;
            for (int i = 0; i < n; i++) {
                seeds += start.seeds(s.index() * n + i);
            }
            if (seeds > MAX_SEEDS_PER_SIDE) {
                return s.displayName() + " holds " + seeds + " seeds; at most " + MAX_SEEDS_PER_SIDE + " a side are "
                        + "handled";
            }
        }
        return null;
    }

    private Solution run(Position start) {
        if (start.isOver()) {
            Board b = start.toBoard();
            boolean moverLost = rules.outcome(b).result().winner().map(w -> w != start.sideToMove()).orElse(false);
            return new Solution(moverLost ? Solution.Value.LOSS : Solution.Value.DRAW, 0, List.of(), 1);
        }
        int south = config(code(start, 0));
        int north = config(code(start, 1));
        addPosition(key(south, north, start.sideToMove().index()));
        explore();
        positions.dropIndex();
        int count = positions.size();
        byte[] value = new byte[count];
        char[] dist = new char[count];
        retrograde(value, dist);
        List<Integer> line = line(value, dist);
        Solution.Value v = value[0] == WIN ? Solution.Value.WIN
                : value[0] == LOSS ? Solution.Value.LOSS : Solution.Value.DRAW;
        return new Solution(v, value[0] == UNKNOWN ? 0 : dist[0], line, count);
    }

    private long code(Position p, int side) {
        long c = 0;
        for (int i = 0; i < n; i++) {
            c |= (long) p.seeds(side * n + i) << 4 * i;
        }
        return c;
    }

    private int config(long code) {
        int id = configIds.getOrAdd(code);
        if (id == configMoves.size()) {
            if (id == configCodes.length) {
                configCodes = Arrays.copyOf(configCodes, id * 2);
            }
            configCodes[id] = code;
            configMoves.add(null);
        }
        return id;
    }

    private static long key(int south, int north, int side) {
        return ((long) south << 31 | north) << 1 | side;
    }

    /**
     * The positions this solver may examine: as many as the memory the JVM may still take holds (see
     * {@link #BYTES_PER_POSITION}), at most {@link #MAX_POSITIONS}.
     */
    static int maxPositions() {
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        return (int) Math.max(1_000_000, Math.min(MAX_POSITIONS, free / BYTES_PER_POSITION));
    }

    private int addPosition(long key) {
        try {
            return positions.getOrAdd(key);
        } catch (PositionTable.TooBig e) {
            throw new EngineException("more than " + positions.limit() + " positions are reachable; too big to "
                    + "solve" + (positions.limit() < MAX_POSITIONS ? " in this memory (the JVM's -Xmx)" : ""));
        }
    }

    /**
     * The moves of a side configuration, as triples (pit, new configuration, capture), where capture is -1 for
     * none, {@link #LOSES} or {@link #DRAWS} - 10 for an endless move (H8), otherwise {@code facing | behind << 5}
     * (the opponent's pits, in its own letter order, that the capture empties). Computed with the rules engine on
     * a board whose opponent pits all hold one seed, so that any capture shows as emptied pits.
     */
    private int[] moves(int config) {
        int[] m = configMoves.get(config);
        if (m != null) {
            return m;
        }
        long code = configCodes[config];
        int[] pits = new int[2 * n];
        for (int i = 0; i < n; i++) {
            pits[i] = (int) (code >>> 4 * i & 15);
            pits[n + i] = 1;
        }
        Board b = Position.of(rules, pits, 0, 0, Side.SOUTH, 0, 0).toBoard();
        int[] legal = new int[2 * n];
        int k = b.legalMoves(legal);
        m = new int[3 * k];
        Board c = b.copy();
        for (int j = 0; j < k; j++) {
            c.copyFrom(b);
            c.sow(legal[j]);
            m[3 * j] = legal[j];
            if (c.endedByMove()) {
                m[3 * j + 1] = -1;
                boolean draw = ((HawalisOptions) rules.options()).endless() == Endless.DRAW;
                m[3 * j + 2] = (draw ? DRAWS : LOSES) - 10;
                continue;
            }
            long nc = 0;
            for (int i = 0; i < n; i++) {
                nc |= (long) c.seeds(i) << 4 * i;
            }
            m[3 * j + 1] = config(nc);
            int facing = -1;
            int behind = -1;
            for (int i = 0; i < n; i++) {
                if (c.seeds(n + i) == 0) {
                    if (i >= row) {
                        facing = i;
                    } else {
                        behind = i;
                    }
                }
            }
            m[3 * j + 2] = facing < 0 ? -1 : facing | behind << 5;
        }
        configMoves.set(config, m);
        return m;
    }

    /** Breadth-first enumeration of the reachable positions and their moves. */
    private void explore() {
        for (int i = 0; i < positions.size(); i++) {
            if ((i & CHECK_EVERY - 1) == 0) {
                checkTime(i);
            }
            long key = positions.key(i);
            int side = (int) (key & 1);
            int south = (int) (key >>> 32);
            int north = (int) (key >>> 1 & 0x7fffffff);
            int mover = side == 0 ? south : north;
            int opp = side == 0 ? north : south;
            int[] m = moves(mover);
            if (i + 1 >= edgeStart.length) {
                edgeStart = Arrays.copyOf(edgeStart, grown(edgeStart.length, i + 2));
            }
            edgeStart[i] = edgeCount;
            if (edgeCount + m.length / 3 > edges.length) {
                edges = Arrays.copyOf(edges, grown(edges.length, (long) edgeCount + m.length / 3));
            }
            for (int j = 0; j < m.length; j += 3) {
                int capture = m[j + 2];
                int target;
                if (capture < -1) {
                    target = capture + 10; // LOSES or DRAWS: the endless move ends the game
                } else {
                    int newOpp = opp;
                    if (capture >= 0) {
                        int facing = capture & 31;
                        int behind = capture >>> 5;
                        long oc = configCodes[opp];
                        // H7: only when the facing inner pit is occupied (Bao Kiarabu: the outer pit always).
                        if (outerAlwaysCaptured || (oc >>> 4 * facing & 15) != 0) {
                            long nc = oc & ~(15L << 4 * facing) & ~(15L << 4 * behind);
                            newOpp = config(nc);
                        }
                    }
                    int newMover = m[j + 1];
                    long childKey = side == 0 ? key(newMover, newOpp, 1) : key(newOpp, newMover, 0);
                    target = addPosition(childKey);
                }
                edges[edgeCount++] = target;
            }
        }
        int count = positions.size();
        if (count + 1 > edgeStart.length) {
            edgeStart = Arrays.copyOf(edgeStart, count + 1);
        }
        edgeStart[count] = edgeCount;
    }

    /**
     * @param explored positions explored so far, or -1 once exploring is over
     * @throws EngineException when the time is up or the solve was cancelled
     */
    private void checkTime(int explored) {
        if (explored >= 0) {
            this.explored = explored;
            progress.update(explored, positions.size() + " found");
        } else {
            progress.update(positions.size(), "all " + positions.size() + " found; labelling wins and losses");
        }
        if (cancelled) {
            throw new EngineException("cancelled");
        }
        long now = System.nanoTime();
        if (giveUpEarly && explored >= 1 << 20) {
            // Exploring at the rate so far, the positions found but not yet explored alone would take longer than
            // the time left, before the labelling (about half as long again) and before the new ones they bring.
            double nanosEach = (double) (now - startNanos) / explored;
            double need = 1.5 * nanosEach * (positions.size() - explored);
            if (need > deadlineNanos - now) {
                throw new EngineException("would not finish in time: " + explored + " positions explored in "
                        + (now - startNanos) / 1_000_000 + " ms, " + (positions.size() - explored) + " more found "
                        + "and waiting, more still appearing");
            }
        }
        if (now - deadlineNanos >= 0) {
            throw new EngineException("out of time " + (explored >= 0 ? "after exploring " + explored
                    + " positions, with " + positions.size() + " found so far and more still appearing (more time "
                    + "and memory may let it finish)" : "while labelling all " + positions.size() + " reachable "
                    + "positions (a little more time would finish it)"));
        }
    }

    /** A new array length, half as long again as {@code length} and at least {@code needed}. */
    private static int grown(int length, long needed) {
        long len = Math.max(needed, length + (long) (length >> 1));
        if (needed > Integer.MAX_VALUE - 8) {
            throw new EngineException("the positions reachable from this endgame have more than 2^31 moves; too big "
                    + "to solve");
        }
        return (int) Math.min(len, Integer.MAX_VALUE - 8);
    }

    /** Labels wins and losses breadth-first from the finished positions (see the class doc). */
    private void retrograde(byte[] value, char[] dist) {
        int count = positions.size();
        // Predecessor lists: count each position's in-edges, sum up to each end, then fill each list downwards.
        int[] predStart = new int[count + 1];
        checkTime(-1);
        for (int e = 0; e < edgeCount; e++) {
            if (edges[e] >= 0) {
                predStart[edges[e]]++;
            }
        }
        for (int i = 1; i <= count; i++) {
            predStart[i] += predStart[i - 1];
        }
        int[] preds = new int[predStart[count]];
        byte[] remaining = new byte[count];
        checkTime(-1);
        for (int i = 0; i < count; i++) {
            if ((i & CHECK_EVERY - 1) == 0) {
                checkTime(-1);
            }
            for (int e = edgeStart[i]; e < edgeStart[i + 1]; e++) {
                int t = edges[e];
                if (t >= 0) {
                    preds[--predStart[t]] = i;
                    remaining[i]++;
                } else if (t == DRAWS) {
                    remaining[i]++; // an endless move that draws: this position is never lost
                }
            }
        }
        int[] queue = new int[count];
        int tail = 0;
        for (int i = 0; i < count; i++) {
            if (edgeStart[i] == edgeStart[i + 1]) {
                value[i] = LOSS; // H9: no legal move (or no seeds) loses
                queue[tail++] = i;
            }
        }
        for (int i = 0; i < count; i++) {
            if (edgeStart[i] != edgeStart[i + 1] && remaining[i] == 0) {
                value[i] = LOSS; // every move is endless and loses (H8): one ply to the end
                dist[i] = 1;
                queue[tail++] = i;
            }
        }
        for (int head = 0; head < tail; head++) {
            if ((head & CHECK_EVERY - 1) == 0) {
                checkTime(-1);
            }
            int s = queue[head];
            if (dist[s] == Character.MAX_VALUE) {
                throw new EngineException("a forced win longer than " + (int) Character.MAX_VALUE + " plies; too "
                        + "long to solve");
            }
            char d = (char) (dist[s] + 1);
            boolean lost = value[s] == LOSS;
            for (int k = predStart[s]; k < predStart[s + 1]; k++) {
                int p = preds[k];
                if (value[p] != UNKNOWN) {
                    continue;
                }
                if (lost) {
                    value[p] = WIN;
                    dist[p] = d;
                    queue[tail++] = p;
                } else if (--remaining[p] == 0) {
                    value[p] = LOSS;
                    dist[p] = d;
                    queue[tail++] = p;
                }
            }
        }
    }

    /** One optimal line from the start (position 0). */
    private List<Integer> line(byte[] value, char[] dist) {
        List<Integer> line = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        int s = 0;
        while (s >= 0 && line.size() < 400) {
            if (!seen.add(s)) {
                break; // H10: the position repeated, the game is drawn
            }
            int best = -1;
            int target = -3;
            for (int e = edgeStart[s]; e < edgeStart[s + 1]; e++) {
                int t = edges[e];
                boolean ok;
                if (value[s] == WIN) {
                    ok = t >= 0 && value[t] == LOSS && dist[t] == dist[s] - 1;
                } else if (value[s] == LOSS) {
                    ok = t == LOSES ? dist[s] == 1 : t >= 0 && value[t] == WIN && dist[t] == dist[s] - 1;
                } else {
                    ok = t == DRAWS || t >= 0 && value[t] == UNKNOWN;
                }
                if (ok) {
                    best = e;
                    target = t;
                    break;
                }
            }
            if (best < 0) {
                break;
            }
            long key = positions.key(s);
            int side = (int) (key & 1);
            int mover = side == 0 ? (int) (key >>> 32) : (int) (key >>> 1 & 0x7fffffff);
            line.add(side * n + moves(mover)[3 * (best - edgeStart[s])]);
            s = target;
        }
        return List.copyOf(line);
    }
}
