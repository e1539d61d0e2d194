package mancala.engine.tablebase;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import mancala.engine.progress.Progress;
import mancala.rules.Board;
import mancala.rules.Outcome;
import mancala.rules.Result;
import mancala.rules.Rules;
import mancala.rules.Side;

/**
 * The project's first table builder, kept as an independent reference for {@link Builder} (which replaced it: it
 * settles values backwards along a graph of the moves and is many times faster); {@code BuilderAgreementTest}
 * compares the two entry by entry. What it does: a fixed-point analysis of every position up to a number of seeds,
 * layer by layer (captures only ever lower the seeds
 * on the board, so a layer needs only itself and the layers below), on several threads. Moves are generated forwards
 * with the rules engine itself (relay sowing cannot be unmade), so each pass looks at every unsettled position of a
 * layer, plays its moves and reads its children's values.
 *
 * <p><b>Hawalis</b> (win, draw or loss, and the plies to the end): layers (a, b) and (b, a) are solved together
 * (a move without capture passes from one to the other). Pass d labels a position won in d plies when a move leads
 * to a child lost in fewer than d, and lost when every move leads to a child won in fewer than d plies (or is an
 * endless move that loses, H8); the distance is one more than the shortest such loss (longest such win). Positions
 * never labelled are draws: endless play draws, which is what H10 makes of it (see {@link Tablebase}).
 *
 * <p><b>Rounds</b> (Al-manqala, Rio Kadalis: the seeds of the board the mover secures): every position of the layer
 * starts at the value of a round that never ends (A8: the equal split; Rio Kadalis: half the seeds each, our
 * decision), then passes replace each value by the best move's (seeds gained by the move plus what is left of the
 * child's value) until a pass changes nothing. A value above the never-ending one is only ever set when the mover
 * can force it in finitely many plies, one below only when the opponent can; at the fixed point every position
 * holds its exact value in the game where endless play is worth the equal split.
 *
 * <p>Each finished layer is written at once ({@link LayerFile}, atomically); a build started again reads the
 * layers on disk (checksums checked) and goes on from the first missing one.
 */
final class PassBuilder {
    /**
     * Entries a thread takes at a time: a multiple of every count of entries a word holds (64 / bits for 1–32
     * bits: their least common multiple is 20,160), so that no two threads ever write the same word.
     */
    private static final long CHUNK = 20_160L * 64;
    /** Passes a layer may need at most before the builder gives up (a bug, never seen). */
    private static final int MAX_PASSES = 100_000;
    private static final int H_BITS = 16;

    private final Rules rules;
    private final int seeds;
    private final int threads;
    private final Path dir;
    private final Progress progress;
    private final Consumer<String> log;
    private final Layout layout;
    private final LayerStore store;
    private final boolean alManqala;
    private final Map<Integer, Values> layers = new HashMap<>();
    private long doneAll;
    private long totalAll;
    private int maxHawalisValue;

    /**
     * @param rules    the game and options
     * @param seeds    seeds on the board at most (Hawalis, Bao Kiarabu: seeds a side at most)
     * @param threads  threads, at least 1
     * @param dir      the tables folder (the game's and options' subfolders are made in it)
     * @param progress receives the progress, from the building threads
     * @param log      receives notes (layers found on disk, damaged files rebuilt)
     * @throws TablebaseException when tables cannot be built for these options
     */
    PassBuilder(Rules rules, int seeds, int threads, Path dir, Progress progress, Consumer<String> log) {
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
        this.alManqala = rules.kind() == mancala.rules.GameKind.AL_MANQALA;
    }

    /** @return the folder the layers go to. */
    public Path folder() {
        return dir;
    }

    /**
     * Builds every missing layer.
     *
     * @return the layers' files, in build order
     * @throws TablebaseException when a layer cannot be written
     */
    public List<Path> build() {
        List<Integer> order = layout.layersUpTo(seeds);
        for (int l : order) {
            totalAll += layout.size(l);
        }
        ExecutorService pool = Parallel.pool(threads);
        List<Path> files = new ArrayList<>();
        try {
            for (int i = 0; i < order.size(); i++) {
                int l = order.get(i);
                if (layers.containsKey(l)) {
                    continue;
                }
                if (tryLoad(l)) {
                    doneAll += layout.size(l);
                    continue;
                }
                if (layout instanceof Layout.Sides) {
                    int mirror = (l & 63) * 64 + (l >> 6);
                    boolean pair = mirror != l;
                    if (pair && !tryLoad(mirror)) {
                        buildHawalis(pool, new int[] {l, mirror});
                    } else if (pair) {
                        doneAll += layout.size(mirror);
                        buildHawalis(pool, new int[] {l});
                    } else {
                        buildHawalis(pool, new int[] {l});
                    }
                } else {
                    buildRound(pool, l);
                }
            }
            for (int l : order) {
                files.add(file(l));
            }
        } finally {
            pool.shutdownNow();
        }
        return files;
    }

    private Path file(int layer) {
        return store.file(layer);
    }

    private boolean tryLoad(int layer) {
        PackedValues v = store.load(layer);
        if (v == null) {
            return false;
        }
        layers.put(layer, v);
        maxHawalisValue = Math.max(maxHawalisValue, v.max());
        return true;
    }

    private void save(int layer, PackedValues v, int unit, int max) {
        store.save(layer, v, unit, max);
    }

    /** Runs {@code work} on chunks of [0, total) on all threads; returns the sum of what the chunks return. */
    private long parallel(ExecutorService pool, long total, String name, int pass, ChunkWork work) {
        AtomicLong next = new AtomicLong();
        AtomicLong done = new AtomicLong();
        java.util.concurrent.Callable<Long> task = () -> {
                Worker w = new Worker();
                long sum = 0;
                while (true) {
                    long lo = next.getAndAdd(CHUNK);
                    if (lo >= total) {
                        return sum;
                    }
                    long hi = Math.min(total, lo + CHUNK);
                    sum += work.run(w, lo, hi);
                    long d = done.addAndGet(hi - lo);
                    synchronized (progress) {
                        progress.update(doneAll + d, "layer " + name + ", pass " + pass);
                    }
                }
            };
        return Parallel.run(pool, threads, task).stream().mapToLong(Long::longValue).sum();
    }

    @FunctionalInterface
    private interface ChunkWork {
        long run(Worker w, long lo, long hi);
    }

    /** A thread's boards and buffers. */
    private final class Worker {
        final Board board = rules.emptyBoard();
        final Board[] kids = new Board[rules.pitCount()];
        final int[] moves = new int[rules.pitCount()];
        final Layout.Cursor cursor = layout.cursor();
        /** Hawalis: the smallest distance of a child not yet usable in this pass. */
        int pending;

        Worker() {
            for (int i = 0; i < kids.length; i++) {
                kids[i] = rules.emptyBoard();
            }
        }
    }

    // ---- Rounds -------------------------------------------------------------------------------------------------

    private void buildRound(ExecutorService pool, int k) {
        Layout.Board2 lay = (Layout.Board2) layout;
        int unit = lay.unit();
        long size = layout.size(k);
        PackedValues v = new PackedValues(size, layout.valueBits(k));
        int sides = lay.sides(k);
        if (sides == 1) {
            v.fill(k * unit / 2);
        } else {
            for (long i = 0; i < size; i++) {
                v.set(i, (int) (i & 1) == 0 ? k / 2 : k - k / 2); // A8: South gets the smaller half
            }
        }
        layers.put(k, v);
        String name = layout.name(k);
        for (int pass = 1; ; pass++) {
            if (pass > MAX_PASSES) {
                throw new TablebaseException("layer " + name + " did not settle in " + MAX_PASSES + " passes");
            }
            long changed = parallel(pool, size, name, pass, (w, lo, hi) -> roundChunk(w, k, v, lo, hi, unit));
            if (changed == 0) {
                break;
            }
        }
        save(k, v, unit, v.max());
        doneAll += size;
    }

    private long roundChunk(Worker w, int k, PackedValues v, long lo, long hi, int unit) {
        Layout.Cursor c = w.cursor;
        c.seek(k, lo);
        Board b = w.board;
        long changed = 0;
        for (long i = lo; i < hi; i++) {
            if (i > lo) {
                c.advance();
            }
            c.load(b);
            int value = roundValue(w, b, k, v, unit);
            if (value != v.get(i)) {
                v.set(i, value);
                changed++;
            }
        }
        return changed;
    }

    /** The best the mover of {@code b} (k seeds on the board, nothing held) can secure, from the current values. */
    private int roundValue(Worker w, Board b, int k, PackedValues current, int unit) {
        int mover = b.sideIndex();
        if (alManqala && k > 0 && rowEmpty(b, mover) && !rowEmpty(b, mover ^ 1)) {
            // A5 (Al-manqala): a side with an empty row passes; such positions are never reached, valued so anyway.
            Board s = w.kids[0];
            s.setup(w.cursor.pits, mover ^ 1);
            int l = layout.layerOf(s);
            return k * unit - current.get(layout.indexOf(s, l));
        }
        int n = rules.legalChildren(b, w.moves, w.kids);
        if (n == 0) {
            Outcome o = rules.outcome(b);
            return (mover == 0 ? o.south() : o.north()) * unit;
        }
        int best = -1;
        for (int j = 0; j < n; j++) {
            Board t = w.kids[j];
            int value;
            if (t.endedByMove()) {
                Outcome o = rules.outcome(t);
                value = (mover == 0 ? o.south() : o.north()) * unit;
            } else {
                int l = layout.layerOf(t);
                Values cv = l == k ? current : layers.get(l);
                int child = cv.get(layout.indexOf(t, l));
                int left = layout.seeds(l);
                value = t.holdings(mover) * unit + (t.sideIndex() == mover ? child : left * unit - child);
            }
            if (value > best) {
                best = value;
            }
        }
        return best;
    }

    private boolean rowEmpty(Board b, int side) {
        int n = rules.pitsPerSide();
        for (int p = side * n; p < side * n + n; p++) {
            if (b.seeds(p) != 0) {
                return false;
            }
        }
        return true;
    }

    // ---- Hawalis ------------------------------------------------------------------------------------------------

    /** Encodes a win in d plies (d ≥ 1). */
    static int win(int d) {
        return 2 * d - 1;
    }

    /** Encodes a loss in d plies (d ≥ 0). */
    static int loss(int d) {
        return 2 * d + 2;
    }

    private void buildHawalis(ExecutorService pool, int[] pair) {
        PackedValues[] v = new PackedValues[pair.length];
        long[] offset = new long[pair.length + 1];
        for (int i = 0; i < pair.length; i++) {
            v[i] = new PackedValues(layout.size(pair[i]), H_BITS);
            layers.put(pair[i], v[i]);
            offset[i + 1] = offset[i] + (v[i].size() + CHUNK - 1) / CHUNK * CHUNK; // chunks never span layers
        }
        long total = offset[pair.length];
        String name = layout.name(pair[0]) + (pair.length > 1 ? "+" + layout.name(pair[1]) : "");
        java.util.concurrent.atomic.AtomicInteger pending = new java.util.concurrent.atomic.AtomicInteger();
        int passes = 0;
        for (int d = 0; d != Integer.MAX_VALUE; ) {
            if (++passes > MAX_PASSES) {
                throw new TablebaseException("layers " + name + " did not settle in " + MAX_PASSES + " passes");
            }
            final int pass = d;
            pending.set(Integer.MAX_VALUE);
            long changed = parallel(pool, total, name, passes, (w, lo, hi) -> {
                long c = 0;
                w.pending = Integer.MAX_VALUE;
                for (int i = 0; i < pair.length; i++) {
                    long a = Math.max(lo, offset[i]);
                    long e = Math.min(hi, offset[i] + v[i].size());
                    if (a < e) {
                        c += hawalisChunk(w, pair[i], v[i], a - offset[i], e - offset[i], pass);
                    }
                }
                pending.accumulateAndGet(w.pending, Math::min);
                return c;
            });
            // A pass that labels nothing changes nothing until a child's distance, too large so far, becomes
            // usable: the next pass that can label anything is the one after the smallest such distance.
            d = changed > 0 || d == 0 ? d + 1 : pending.get() == Integer.MAX_VALUE ? Integer.MAX_VALUE
                    : pending.get() + 1;
        }
        for (int i = 0; i < pair.length; i++) {
            int max = v[i].max();
            int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(max));
            PackedValues packed = v[i].repack(bits);
            layers.put(pair[i], packed);
            save(pair[i], packed, 1, max);
            maxHawalisValue = Math.max(maxHawalisValue, max);
            doneAll += packed.size();
        }
    }

    private long hawalisChunk(Worker w, int layer, PackedValues v, long lo, long hi, int d) {
        Layout.Cursor c = w.cursor;
        c.seek(layer, lo);
        Board b = w.board;
        long changed = 0;
        for (long i = lo; i < hi; i++) {
            if (i > lo) {
                c.advance();
            }
            if (v.get(i) != 0) {
                continue; // settled in an earlier pass
            }
            c.load(b);
            int value = hawalisValue(w, b, d);
            if (value == 0 && d == 0) {
                w.pending = 0;
            }
            if (value != 0) {
                v.set(i, value);
                changed++;
            }
        }
        return changed;
    }

    /** Pass {@code d}'s label of an unlabelled position (0: none yet), from children labelled in earlier passes. */
    private int hawalisValue(Worker w, Board b, int d) {
        int n = rules.legalChildren(b, w.moves, w.kids);
        int mover = b.sideIndex();
        if (n == 0) {
            Result r = rules.outcome(b).result();
            return r.winner().map(s -> s.index() == mover ? win(1) : loss(0)).orElse(0); // H9: he loses
        }
        if (d == 0) {
            return 0;
        }
        int bestWin = Integer.MAX_VALUE;
        int longestLoss = -1;
        boolean allLost = true;
        for (int j = 0; j < n; j++) {
            Board t = w.kids[j];
            if (t.endedByMove()) {
                Result r = rules.outcome(t).result(); // H8: the endless move ends the game
                if (r == Result.DRAW) {
                    allLost = false;
                } else if (r.winner().orElseThrow() == Side.of(mover)) {
                    bestWin = Math.min(bestWin, 1);
                } else {
                    longestLoss = Math.max(longestLoss, 1);
                }
                continue;
            }
            int l = layout.layerOf(t);
            int cv = layers.get(l).get(layout.indexOf(t, l));
            if (cv == 0) {
                allLost = false;
            } else if ((cv & 1) == 1) {
                int e = (cv + 1) / 2; // the child's mover wins in e
                if (e < d) {
                    longestLoss = Math.max(longestLoss, e + 1);
                } else {
                    allLost = false;
                    w.pending = Math.min(w.pending, e);
                }
            } else {
                int e = (cv - 2) / 2; // the child's mover loses in e
                if (e < d) {
                    bestWin = Math.min(bestWin, e + 1);
                } else {
                    allLost = false;
                    w.pending = Math.min(w.pending, e);
                }
            }
        }
        if (bestWin != Integer.MAX_VALUE) {
            return win(bestWin);
        }
        return allLost ? loss(longestLoss) : 0;
    }
}
