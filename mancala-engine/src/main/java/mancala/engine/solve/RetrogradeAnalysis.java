package mancala.engine.solve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mancala.engine.progress.Progress;
import mancala.rules.Board;
import mancala.rules.Endless;
import mancala.rules.HawalisOptions;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;

/**
 * The retrograde analysis of {@link Solver}'s race (Hawalis and Bao Kiarabu): every position reachable from the given
 * one, found breadth-first and labelled backwards from the finished ones; an endgame table built on the fly for one
 * position. The other side of the race is the {@link ProofSearch}.
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
final class RetrogradeAnalysis {    /**
     * Memory the solver needs a reachable position, bytes, at most: its key (8), index slots (at most 8 after a
     * doubling), edge start (4), edges and predecessors (4 each a move, about 5 moves), queue (4), distance (2),
     * value and unresolved move count (1 each).
     */
    static final int BYTES_PER_POSITION = 80;
    /** Positions the retrograde analysis examines at most, whatever the memory. */
    public static final int MAX_POSITIONS = 100_000_000;
    /** Seeds a side may hold at most (4 bits a pit). */
    public static final int MAX_SEEDS_PER_SIDE = 15;
    /** Positions between two looks at the clock and at {@link #cancelled}. */
    private static final int CHECK_EVERY = 1 << 16;
    private static final int LOSES = -1;
    private static final int DRAWS = -2;
    private static final byte UNKNOWN = 0;
    private static final byte WIN = 1;
    private static final byte LOSS = 2;

    private final Rules rules;
    private final int n;
    private final int row;
    private final Board scratch;
    private final int[] scratchPits;

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
    volatile int explored;
    /** Where a retrograde analysis alone reports how far it has got (in a race the racing thread reports). */
    Progress progress = Progress.NONE;
    /** Set by another thread to make {@link #run} give up. */
    volatile boolean cancelled;

    RetrogradeAnalysis(Rules rules, long deadlineNanos, boolean giveUpEarly) {
        this.rules = rules;
        this.giveUpEarly = giveUpEarly;
        this.deadlineNanos = deadlineNanos;
        this.n = rules.pitsPerSide();
        this.row = n / 2;
        this.scratch = rules.emptyBoard();
        this.scratchPits = new int[2 * n];
    }


    /** {@link #run}, with a too-small memory turned into an {@link SolveException}. */
    Solution runGuarded(Position start) {
        try {
            return run(start);
        } catch (OutOfMemoryError e) {
            // The tables are garbage once unwound; say so plainly rather than end the program.
            throw new SolveException("the positions reachable from this endgame do not fit in memory; too big to "
                    + "solve");
        }
    }

    /** @return why the retrograde analysis cannot take {@code start}, or null when it can */
    static String unusable(Position start) {
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
            throw new SolveException("more than " + positions.limit() + " positions are reachable; too big to "
                    + "solve" + (positions.limit() < MAX_POSITIONS ? " in this memory (the JVM's -Xmx)" : ""));
        }
    }

    /**
     * The moves of a side configuration, as triples (pit, new configuration, end), where end is -1 when the move
     * ends in the outer row (nothing can be captured), {@link #LOSES} or {@link #DRAWS} - 10 for an endless move
     * (H8), otherwise the inner pit (the mover's own index) where its last seed fell. Computed with the rules engine
     * on a board whose opponent pits all hold one seed, so that a move ending in the inner row always captures.
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
            // The move ended in the inner row exactly when it emptied an opponent inner pit of this all-ones board:
            // the one facing its last pit (H7). Which pits a real opponent loses is left to the rules' capture.
            int end = -1;
            for (int i = row; i < n; i++) {
                if (c.seeds(n + i) == 0) {
                    end = 3 * row - 1 - i;
                }
            }
            m[3 * j + 2] = end;
        }
        configMoves.set(config, m);
        return m;
    }

    /**
     * @return the code of the opponent configuration {@code code} after the capture by a move that ended in the
     *     mover's pit {@code end}: {@link Rules#capture} on a scratch board (H7; Bao Kiarabu's outer-pit rule)
     */
    private long capturedCode(long code, int end) {
        Board b = scratch;
        for (int i = 0; i < n; i++) {
            scratchPits[i] = 0;
            scratchPits[n + i] = (int) (code >>> 4 * i & 15);
        }
        b.setup(scratchPits, 0);
        rules.capture(b, end, 0);
        long nc = 0;
        for (int i = 0; i < n; i++) {
            nc |= (long) b.seeds(n + i) << 4 * i;
        }
        return nc;
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
                        newOpp = config(capturedCode(configCodes[opp], capture)); // H7, by the rules themselves
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
     * @throws SolveException when the time is up or the solve was cancelled
     */
    private void checkTime(int explored) {
        if (explored >= 0) {
            this.explored = explored;
            progress.update(explored, positions.size() + " found");
        } else {
            progress.update(positions.size(), "all " + positions.size() + " found; labelling wins and losses");
        }
        if (cancelled) {
            throw new SolveException("cancelled");
        }
        long now = System.nanoTime();
        if (giveUpEarly && explored >= 1 << 20) {
            // Exploring at the rate so far, the positions found but not yet explored alone would take longer than
            // the time left, before the labelling (about half as long again) and before the new ones they bring.
            double nanosEach = (double) (now - startNanos) / explored;
            double need = 1.5 * nanosEach * (positions.size() - explored);
            if (need > deadlineNanos - now) {
                throw new SolveException("would not finish in time: " + explored + " positions explored in "
                        + (now - startNanos) / 1_000_000 + " ms, " + (positions.size() - explored) + " more found "
                        + "and waiting, more still appearing");
            }
        }
        if (now - deadlineNanos >= 0) {
            throw new SolveException("out of time " + (explored >= 0 ? "after exploring " + explored
                    + " positions, with " + positions.size() + " found so far and more still appearing (more time "
                    + "and memory may let it finish)" : "while labelling all " + positions.size() + " reachable "
                    + "positions (a little more time would finish it)"));
        }
    }

    /** A new array length, half as long again as {@code length} and at least {@code needed}. */
    private static int grown(int length, long needed) {
        long len = Math.max(needed, length + (long) (length >> 1));
        if (needed > Integer.MAX_VALUE - 8) {
            throw new SolveException("the positions reachable from this endgame have more than 2^31 moves; too big "
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
                throw new SolveException("a forced win longer than " + (int) Character.MAX_VALUE + " plies; too "
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
