package mancala.engine.tablebase;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import mancala.engine.progress.Progress;
import mancala.rules.Board;
import mancala.rules.Rules;

/**
 * Retrograde analysis of every position up to a number of seeds, layer by layer: captures only ever lower the seeds
 * on the board, so a layer needs only itself and the layers below. A layer is built in three steps:
 *
 * <ol>
 *   <li>every move of every position is played forwards (relay sowing cannot be unmade), on all threads: a move
 *       that captures or ends the game is valued at once from the layers below (the position's <em>exits</em>); a
 *       move that stays in the layer is counted as an edge of the layer's graph ({@link LayerGraph});
 *   <li>the moves are played again and each edge placed at its child, so that every position knows its
 *       predecessors;
 *   <li>values are settled backwards from the exits, each edge looked at once or twice (below).
 * </ol>
 *
 * <p><b>Hawalis</b> (win, draw or loss, and the plies to the end; H8-H10): layers (a, b) and (b, a) are solved
 * together (a move without capture passes from one to the other). Distances are settled in rising order: a position
 * is won in d plies when its shortest way to a child lost in d - 1 plies (or an exit) is d; it is lost in d when
 * every move leads to a won child (or a losing exit) and the longest of them is d. Positions never settled are
 * draws: endless play draws, which is what H10 makes of it (see {@link Tablebase}).
 *
 * <p><b>Rounds</b> (Al-manqala, Rio Kadalis: the seeds of the board the mover secures): a value is measured from
 * the value of a round that never ends (A8: the equal split, North the odd seed; Rio Kadalis: half the seeds each,
 * our decision, R10). Values above it are settled in falling order of their distance from it, those below it
 * together with them: a position is worth +m when its best move reaches +m (an exit, or a child worth -m), and -m
 * when every move gives -m or less (exits, children worth at least +m). Positions never settled are worth the
 * never-ending round's value: every move either keeps the round going or gives it away. Within a level positions
 * are settled in rising order of their plies to the next capture (the side ahead the shortest way, the side behind
 * the longest), which each entry keeps above its value's bits, so that play from the tables makes progress.
 *
 * <p>Each finished layer is written at once ({@link LayerFile}, atomically); a build started again reads the
 * layers on disk (checksums checked) and goes on from the first missing one. Memory: about 8 bytes a position
 * and 4 an edge of the largest layer, 3-5 more a position while it is built, and the finished layers below it.
 */
public final class Builder {
    /** Positions a thread takes at a time. */
    private static final int CHUNK = 1 << 16;
    private static final int H_BITS = 16;
    /** An exit value meaning no exit (rounds). */
    private static final byte NONE = Byte.MIN_VALUE;
    /** A value not settled yet (rounds). */
    private static final byte UNSET = Byte.MIN_VALUE;
    /** Rounds, in place of the open moves: the round is over (no moves; its plies to the end are 0). */
    private static final byte TERMINAL = (byte) 0xFF;
    /** Hawalis exit: some exit draws, so the position cannot be lost. */
    private static final char CANNOT_LOSE = Character.MAX_VALUE;

    private final Rules rules;
    private final int seeds;
    private final int threads;
    private final Path dir;
    private final Progress progress;
    private final Consumer<String> log;
    private final Layout layout;
    private final LayerStore store;
    /** The layers to build, in build order. */
    private final List<Integer> order;
    /** The finished layers, by layer code (two-row games: seeds; Hawalis: a * 64 + b). */
    private final Values[] layers = new Values[64 * 64];
    private long doneAll;
    private long totalAll;
    /** Positions of the layers found on disk before this run built anything: not this run's work. */
    private long doneBefore = -1;
    /** The last count reported (reports never go back). */
    private long reported;

    /**
     * @param rules    the game and options
     * @param seeds    seeds on the board at most (Hawalis, Bao Kiarabu: seeds a side at most)
     * @param threads  threads, at least 1
     * @param dir      the tables folder (the game's and options' subfolders are made in it)
     * @param progress receives the progress of the task {@code tablebase}, counted in positions of this run's
     *                 layers (those found on disk are not counted), with the layer and step being built as the
     *                 detail; the builder makes its calls one at a time
     * @param log      receives notes (layers found on disk, damaged files rebuilt)
     * @throws TablebaseException when tables cannot be built for these options
     */
    public Builder(Rules rules, int seeds, int threads, Path dir, Progress progress, Consumer<String> log) {
        this(rules, seeds, false, threads, dir, progress, log);
    }

    /**
     * @param reachable true: only the layers a round of {@code seeds} seeds on the board reaches (k ≡ seeds modulo
     *                  {@link Layout#stride()}: 4 in Rio Kadalis, 2 in Al-manqala without captureOpposite), the
     *                  same files as a full build's for those layers; false: every layer up to {@code seeds}
     * @throws TablebaseException when tables cannot be built for these options, or {@code reachable} is asked of
     *                            a game whose captures can reach every layer
     * @see #Builder(Rules, int, int, Path, Progress, Consumer)
     */
    public Builder(Rules rules, int seeds, boolean reachable, int threads, Path dir, Progress progress,
                   Consumer<String> log) {
        if (seeds < 0 || seeds > 40) {
            throw new TablebaseException("seeds must be 0-40, was " + seeds);
        }
        if (threads < 1) {
            throw new TablebaseException("threads must be at least 1, was " + threads);
        }
        this.rules = rules;
        this.seeds = seeds;
        this.threads = threads;
        this.dir = Tablebase.folder(dir, rules);
        this.progress = progress;
        this.log = log;
        this.layout = Layout.of(rules, seeds);
        this.store = new LayerStore(rules, layout, this.dir, log);
        this.order = reachable ? layout.reachableUpTo(seeds) : layout.layersUpTo(seeds);
    }

    /** @return the folder the layers go to. */
    public Path folder() {
        return dir;
    }

    /**
     * Builds every missing layer.
     *
     * @return the layers' files, in build order
     * @throws TablebaseException when a layer cannot be written, or does not fit in memory
     */
    public List<Path> build() {
        for (int l : order) {
            totalAll += layout.size(l);
        }
        ExecutorService pool = Parallel.pool(threads);
        List<Path> files = new ArrayList<>();
        try {
            for (int l : order) {
                if (layers[l] != null) {
                    continue;
                }
                if (tryLoad(l)) {
                    doneAll += layout.size(l);
                    continue;
                }
                int[] set = {l};
                if (layout instanceof Layout.Sides) {
                    int mirror = (l & 63) * 64 + (l >> 6);
                    if (mirror != l && !tryLoad(mirror)) {
                        set = new int[] {l, mirror};
                    } else if (mirror != l) {
                        doneAll += layout.size(mirror);
                    }
                }
                if (doneBefore < 0) {
                    doneBefore = doneAll;
                    progress.begin("tablebase", totalAll - doneBefore, "positions");
                }
                buildLayers(pool, set);
            }
            for (int l : order) {
                files.add(file(l));
            }
        } finally {
            pool.shutdownNow();
            if (doneBefore >= 0) {
                progress.end();
            }
        }
        return files;
    }

    /**
     * Reports how far the build has got: the finished layers' positions and the share of the current set's, its
     * three steps weighted by what they take (measured: about 60%, 10% and 30%), less what was found on disk.
     *
     * @param layer the set being built, as its files name it
     * @param pass  1 its moves played, 2 its moves placed at their children, 3 its values settled
     * @param done  positions of this pass done
     * @param total positions of this pass
     */
    private void report(String layer, int pass, long done, long total) {
        double f = total == 0 ? 1 : (double) done / total;
        double share = switch (pass) {
            case 1 -> 0.6 * f;
            case 2 -> 0.6 + 0.1 * f;
            default -> 0.7 + 0.3 * f;
        };
        long reached = (long) (doneAll - Math.max(0, doneBefore) + share * total);
        String step = switch (pass) {
            case 1 -> "playing its moves";
            case 2 -> "placing its moves";
            default -> "settling its values";
        };
        synchronized (this) {
            if (reached < reported) {
                return;
            }
            reported = reached;
            progress.update(reached, "layer " + layer + ", " + step + " " + Math.round(100 * f) + "%");
        }
    }

    private Path file(int layer) {
        return store.file(layer);
    }

    private boolean tryLoad(int layer) {
        PackedValues v = store.load(layer);
        if (v != null) {
            layers[layer] = v;
        }
        return v != null;
    }

    private void save(int layer, PackedValues v, int unit, int max) {
        store.save(layer, v, unit, max);
    }

    // ---- One set of layers: the graph and the per-position exits ---------------------------------------------

    /** The layers built together, their positions numbered one after the other. */
    private final class Set {
        final int[] codes;
        final long[] base;
        final int nodes;
        final String name;
        final boolean hawalis = layout instanceof Layout.Sides;
        final LayerGraph graph;
        /** Rounds: the best exit, from the never-ending value ({@link #NONE}: none); Hawalis: unused. */
        byte[] exit;
        /** Hawalis: the shortest win by an exit (0: none). */
        char[] exitWin;
        /** Hawalis: 1 + the longest loss by an exit when every exit loses (0: no exit; CANNOT_LOSE: one draws). */
        char[] exitLoss;
        /** Moves that stay in the set and are not yet known to help the opponent. */
        byte[] open;

        Set(int[] codes) {
            this.codes = codes;
            this.base = new long[codes.length + 1];
            for (int i = 0; i < codes.length; i++) {
                base[i + 1] = base[i] + layout.size(codes[i]);
            }
            StringBuilder n = new StringBuilder(layout.name(codes[0]));
            for (int i = 1; i < codes.length; i++) {
                n.append('+').append(layout.name(codes[i]));
            }
            this.name = n.toString();
            long total = base[codes.length];
            checkMemory(total * (8 + (hawalis ? 9 : 3) + 1),
                    String.format(Locale.ROOT, "layers %s (%,d positions)", name, total));
            this.graph = new LayerGraph(total, name);
            this.nodes = (int) total;
            this.open = new byte[nodes];
            if (hawalis) {
                exitWin = new char[nodes];
                exitLoss = new char[nodes];
            } else {
                exit = new byte[nodes];
            }
        }

        /** @return the node of the position on {@code b}, in layer {@code l}, or -1 when l is not in the set */
        int node(Board b, int l) {
            for (int i = 0; i < codes.length; i++) {
                if (codes[i] == l) {
                    return (int) (base[i] + layout.indexOf(b, l));
                }
            }
            return -1;
        }
    }

    /**
     * Fails early, with the figures, when what a layer needs besides its edges (whose number is known only after
     * the first pass: {@link LayerGraph#counted} checks those) does not fit.
     */
    static void checkMemory(long need, String what) {
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        if (need > free) {
            System.gc(); // what is in use may be mostly garbage: look again once it is gone
            free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        }
        if (need > free) {
            throw new TablebaseException(String.format(Locale.ROOT,
                    "%s need about %.1f GiB more and this Java has %.1f GiB free; give it more "
                            + "(MANCALA_JAVA_OPTS=-Xmx…) or build fewer seeds", what, need / 1073741824.0,
                    free / 1073741824.0));
        }
    }

    private void buildLayers(ExecutorService pool, int[] codes) {
        long t0 = System.nanoTime();
        Set s = new Set(codes);
        // The second pass places each move at its child. Playing the moves again costs as much as the first pass;
        // keeping the first pass's children instead costs 4 bytes a move for a while: done when that fits.
        int chunks = (int) ((s.nodes + (long) CHUNK - 1) / CHUNK);
        int[][] forward = fits((long) s.nodes * 4 * 3 * 2) ? new int[chunks][] : null;
        parallel(pool, s, 1, (w, node, layer, b) -> {
            int n = visit(w, s, node, layer, b, true);
            for (int j = 0; j < n; j++) {
                s.graph.count(w.edges[j]);
                if (forward != null) {
                    w.out.push(w.edges[j]);
                }
            }
        }, forward == null ? null : (w, chunk) -> {
            forward[chunk] = w.out.toArray();
            w.out.clear();
        });
        s.graph.counted();
        if (forward != null) {
            placeForward(pool, s, forward);
        } else {
            parallel(pool, s, 2, (w, node, layer, b) -> {
                int n = visit(w, s, node, layer, b, false);
                for (int j = 0; j < n; j++) {
                    s.graph.place(node, w.edges[j]);
                }
            }, null);
        }
        s.graph.placed();
        long t1 = System.nanoTime();
        if (s.hawalis) {
            settleHawalis(s);
        } else {
            settleRound(s);
        }
        log.accept(String.format(Locale.ROOT, "layer %s: %,d positions, %,d moves within it, %.1f s (moves played "
                        + "%.1f s, settled %.1f s)", s.name, s.nodes, s.graph.edges(), (System.nanoTime() - t0) / 1e9,
                (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9));
    }

    /**
     * Plays the moves of one position of the set: writes the nodes of its children in the set to {@code w.edges}
     * and returns their number; on the first pass also records the position's exits and open moves.
     */
    private int visit(Worker w, Set s, int node, int layer, Board b, boolean first) {
        MovePlayer mp = w.player;
        int n = mp.visit(layer, b, w.cursor.pits, first);
        for (int j = 0; j < n; j++) {
            w.edges[j] = (int) mp.edges[j];
        }
        if (first) {
            if (s.hawalis) {
                s.exitWin[node] = (char) mp.exitWin;
                s.exitLoss[node] = (char) mp.exitLoss;
                s.open[node] = (byte) n;
            } else {
                s.exit[node] = (byte) mp.exit;
                s.open[node] = mp.terminal ? TERMINAL : (byte) n;
            }
        }
        return n;
    }

    /** @return the finished layer {@code l} holding a child of a position in {@code layer} */
    private Values below(int l, Board t, int layer) {
        Values v = l < 0 ? null : layers[l];
        if (v == null) {
            throw new IllegalStateException("layer " + layout.name(layer) + ": a move leads outside the built "
                    + "layers (" + t + ")");
        }
        return v;
    }

    /** @return what the mover of a position with {@code k} seeds on the board secures in a round that never ends */
    static int neverEnding(int k, int unit, int mover) {
        int all = k * unit;
        return mover == 0 ? all / 2 : all - all / 2; // A8: North gets the odd seed
    }

    // ---- Settling: rounds ---------------------------------------------------------------------------------------

    private void settleRound(Set s) {
        int k = layout.seeds(s.codes[0]);
        int unit = ((Layout.Board2) layout).unit();
        int top = k * unit;
        int nodes = s.nodes;
        // One int a position (open moves, best exit, value, whether the round is over), so that a predecessor costs
        // one memory access.
        int[] st = new int[nodes];
        long[] atLevel = new long[top + 1];
        for (int i = 0; i < nodes; i++) {
            st[i] = s.open[i] == TERMINAL ? (s.exit[i] & 0xFF) << 8 | (UNSET & 0xFF) << 16 | 1 << 24
                    : (s.open[i] & 0xFF) | (s.exit[i] & 0xFF) << 8 | (UNSET & 0xFF) << 16;
            if (s.exit[i] != NONE) {
                atLevel[Math.abs(s.exit[i])]++;
            }
        }
        s.exit = null;
        s.open = null;
        // Plies to the next capture or end with best play: the side ahead takes the shortest way to its value, the
        // side behind the longest; within a level, positions are settled in rising order of it.
        char[] dist = new char[nodes];
        IntStack now = new IntStack();
        IntStack next = new IntStack();
        LayerGraph g = s.graph;
        long settled = 0;
        for (int m = top; m >= 1; m--) {
            if (atLevel[m] > 0) {
                for (int i = 0; i < nodes; i++) {
                    int x = st[i];
                    int e = (byte) (x >>> 8);
                    if ((byte) (x >>> 16) == UNSET && (e == m || e == -m && (x & 0xFF) == 0)) {
                        st[i] = x & ~0xFF0000 | (e & 0xFF) << 16;
                        if (x >>> 24 == 1) {
                            now.push(i); // over: 0 plies
                        } else {
                            dist[i] = 1;
                            next.push(i); // a capture: 1 ply
                        }
                    }
                }
            }
            for (int d = 0; now.size() > 0 || next.size() > 0; d++) {
                if (d + 1 >= Character.MAX_VALUE) {
                    throw new TablebaseException("layer " + s.name + ": a way to a capture too long for the tables");
                }
                while (now.size() > 0) {
                    int x = now.pop();
                    settled++;
                    boolean won = (byte) (st[x] >>> 16) > 0;
                    for (long e = g.first(x), end = g.end(x); e < end; e++) {
                        int p = g.pred(e);
                        int sp = st[p];
                        if ((byte) (sp >>> 16) != UNSET) {
                            continue;
                        }
                        if (!won) {
                            st[p] = sp & ~0xFF0000 | (m & 0xFF) << 16; // a move to a child worth -m: the best left
                            dist[p] = (char) (d + 1);
                            next.push(p);
                        } else {
                            sp--; // one more move known to give the opponent m or more
                            if ((sp & 0xFF) == 0 && (byte) (sp >>> 8) <= -m) {
                                sp = sp & ~0xFF0000 | (-m & 0xFF) << 16; // every move does, this one exactly m,
                                dist[p] = (char) (d + 1); // and the longest way
                                next.push(p);
                            }
                            st[p] = sp;
                        }
                    }
                }
                IntStack t = now;
                now = next;
                next = t;
            }
            report(s.name, 3, settled, nodes);
        }
        int valueBits = layout.valueBits(s.codes[0]);
        int maxDist = 0;
        for (int i = 0; i < nodes; i++) {
            maxDist = Math.max(maxDist, dist[i]);
        }
        int bits = valueBits + (maxDist == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(maxDist));
        if (bits > 32) {
            throw new TablebaseException("layer " + s.name + ": values and distances need " + bits + " bits");
        }
        PackedValues v = new PackedValues(nodes, bits);
        int sides = ((Layout.Board2) layout).sides(k);
        for (int i = 0; i < nodes; i++) {
            int mover = sides == 2 ? i & 1 : 0;
            int w = (byte) (st[i] >>> 16);
            v.set(i, (w == UNSET ? 0 : w) + neverEnding(k, unit, mover) | dist[i] << valueBits);
        }
        layers[s.codes[0]] = v;
        save(s.codes[0], v, unit, maxDist);
        doneAll += nodes;
    }

    // ---- Settling: Hawalis --------------------------------------------------------------------------------------

    /** Encodes a win in d plies (d ≥ 1). */
    static int win(int d) {
        return 2 * d - 1;
    }

    /** Encodes a loss in d plies (d ≥ 0). */
    static int loss(int d) {
        return 2 * d + 2;
    }

    private void settleHawalis(Set s) {
        int nodes = s.nodes;
        // One long a position: value (bits 0-15), open moves (16-23), exit win (24-39), exit loss (40-55), so
        // that a predecessor costs one memory access.
        long[] st = new long[nodes];
        int last = 0;
        for (int i = 0; i < nodes; i++) {
            st[i] = (long) (s.open[i] & 0xFF) << 16 | (long) s.exitWin[i] << 24 | (long) s.exitLoss[i] << 40;
            last = Math.max(last, s.exitWin[i]);
            if (s.exitLoss[i] != CANNOT_LOSE) {
                last = Math.max(last, s.exitLoss[i] - 1);
            }
        }
        boolean[] exitsAt = new boolean[last + 1];
        for (int i = 0; i < nodes; i++) {
            exitsAt[s.exitWin[i]] = true;
            if (s.exitLoss[i] != 0 && s.exitLoss[i] != CANNOT_LOSE) {
                exitsAt[s.exitLoss[i] - 1] = true;
            }
        }
        s.exitWin = null;
        s.exitLoss = null;
        s.open = null;
        IntStack now = new IntStack();
        IntStack next = new IntStack();
        LayerGraph g = s.graph;
        long settled = 0;
        for (int d = 0; d <= last || now.size() > 0; d++) {
            if (d <= last && exitsAt[d]) {
                for (int i = 0; i < nodes; i++) {
                    long x = st[i];
                    if ((x & 0xFFFF) != 0) {
                        continue;
                    }
                    long exitWin = x >>> 24 & 0xFFFF;
                    if (d > 0 && exitWin == d) {
                        st[i] = x | win(d);
                        now.push(i);
                    } else if ((x >>> 16 & 0xFF) == 0 && exitWin == 0 && (x >>> 40 & 0xFFFF) == d + 1) {
                        st[i] = x | loss(d);
                        now.push(i);
                    }
                }
            }
            if (win(d + 1) >= 1 << H_BITS) {
                throw new TablebaseException("layers " + s.name + ": a distance too long for the tables");
            }
            while (now.size() > 0) {
                int x = now.pop();
                settled++;
                boolean lost = (st[x] & 1) == 0;
                for (long e = g.first(x), end = g.end(x); e < end; e++) {
                    int p = g.pred(e);
                    long sp = st[p];
                    if ((sp & 0xFFFF) != 0) {
                        continue;
                    }
                    if (lost) {
                        st[p] = sp | win(d + 1);
                        next.push(p);
                        continue;
                    }
                    sp -= 1 << 16; // one more move known to lead to a won child
                    long exitLoss = sp >>> 40 & 0xFFFF;
                    if ((sp >>> 16 & 0xFF) == 0 && (sp >>> 24 & 0xFFFF) == 0 && exitLoss != CANNOT_LOSE
                            && exitLoss <= d + 2) {
                        sp |= loss(d + 1); // the longest of its losses: this child, won in d
                        next.push(p);
                    }
                    st[p] = sp;
                }
            }
            IntStack t = now;
            now = next;
            next = t;
            report(s.name, 3, settled, nodes);
        }
        char[] value = new char[nodes];
        for (int i = 0; i < nodes; i++) {
            value[i] = (char) (st[i] & 0xFFFF);
        }
        st = null;
        for (int i = 0; i < s.codes.length; i++) {
            int lo = (int) s.base[i];
            int size = (int) (s.base[i + 1] - lo);
            int max = 0;
            for (int j = 0; j < size; j++) {
                max = Math.max(max, value[lo + j]);
            }
            int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(max));
            PackedValues packed = new PackedValues(size, bits);
            for (int j = 0; j < size; j++) {
                packed.set(j, value[lo + j]);
            }
            layers[s.codes[i]] = packed;
            save(s.codes[i], packed, 1, max);
            doneAll += size;
        }
    }

    // ---- Threads ------------------------------------------------------------------------------------------------

    @FunctionalInterface
    private interface PositionWork {
        void run(Worker w, int node, int layer, Board b);
    }

    @FunctionalInterface
    private interface ChunkDone {
        void done(Worker w, int chunk);
    }

    /** @return whether {@code bytes} more fit in this Java's memory now */
    private static boolean fits(long bytes) {
        Runtime rt = Runtime.getRuntime();
        return bytes <= rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /** The second pass from the first pass's children: places every chunk's moves, freeing the chunk as it goes. */
    private void placeForward(ExecutorService pool, Set s, int[][] forward) {
        AtomicLong next = new AtomicLong();
        AtomicLong done = new AtomicLong();
        run(pool, () -> {
            while (true) {
                int chunk = (int) next.getAndIncrement();
                if (chunk >= forward.length) {
                    return;
                }
                int[] kids = forward[chunk];
                forward[chunk] = null;
                int lo = chunk * CHUNK;
                int hi = (int) Math.min(s.nodes, (long) lo + CHUNK);
                int at = 0;
                for (int node = lo; node < hi; node++) {
                    for (int j = s.open[node]; j > 0; j--) {
                        s.graph.place(node, kids[at++]);
                    }
                }
                report(s.name, 2, done.addAndGet(hi - lo), s.nodes);
            }
        });
    }

    /** Runs {@code task} on every thread and waits for all of them. */
    private void run(ExecutorService pool, Runnable task) {
        Parallel.run(pool, threads, () -> {
            task.run();
            return null;
        });
    }

    /**
     * Runs {@code work} on every position of the set, in chunks of {@link #CHUNK}, on all threads; {@code chunkDone}
     * (if any) after each chunk, on the thread that did it.
     */
    private void parallel(ExecutorService pool, Set s, int pass, PositionWork work, ChunkDone chunkDone) {
        AtomicLong next = new AtomicLong();
        AtomicLong done = new AtomicLong();
        long total = s.nodes;
        run(pool, () -> {
            Worker w = new Worker(s);
            while (true) {
                long lo = next.getAndAdd(CHUNK);
                if (lo >= total) {
                    return;
                }
                long hi = Math.min(total, lo + CHUNK);
                for (int i = 0; i < s.codes.length; i++) {
                    long a = Math.max(lo, s.base[i]);
                    long e = Math.min(hi, s.base[i + 1]);
                    if (a >= e) {
                        continue;
                    }
                    Layout.Cursor c = w.cursor;
                    c.seek(s.codes[i], a - s.base[i]);
                    for (long j = a; j < e; j++) {
                        if (j > a) {
                            c.advance();
                        }
                        c.load(w.board);
                        work.run(w, (int) j, s.codes[i], w.board);
                    }
                }
                if (chunkDone != null) {
                    chunkDone.done(w, (int) (lo / CHUNK));
                }
                report(s.name, pass, done.addAndGet(hi - lo), total);
            }
        });
    }

    /** A thread's boards and buffers, for one set. */
    private final class Worker {
        final Board board = rules.emptyBoard();
        final int[] edges = new int[rules.pitCount() + 1];
        final Layout.Cursor cursor = layout.cursor();
        final MovePlayer player;
        /** The first pass's children of the current chunk, when they are kept. */
        final IntStack out = new IntStack();

        Worker(Set s) {
            player = new MovePlayer(rules, layout, s::node, Builder.this::below);
        }
    }

    /** A growable stack of positions. */
    private static final class IntStack {
        private int[] a = new int[1024];
        private int n;

        void push(int x) {
            if (n == a.length) {
                a = java.util.Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 16, 2L * n));
            }
            a[n++] = x;
        }

        int pop() {
            return a[--n];
        }

        int size() {
            return n;
        }

        void clear() {
            n = 0;
        }

        int[] toArray() {
            return java.util.Arrays.copyOf(a, n);
        }
    }
}
