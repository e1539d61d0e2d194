package mancala.spark.tablebase;

import java.io.Serializable;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import mancala.engine.tablebase.LayerKit;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.Rules;

/**
 * One set of layers being built over a cluster, as every task sees it: the positions split into partitions of at most
 * {@link #partSize} consecutive nodes, and what a task does to one partition. A partition's state lives in files of
 * the checkpoint folder (which every machine sees at the same path): {@code state-P} (rounds: an int a position,
 * open moves, best exit, value and whether the round is over, then a char, the plies to the next capture; Hawalis: a
 * long, value, open moves, exit win and exit loss, packed as {@code Builder} packs them), {@code preds-P} (the
 * predecessors of each position in compressed rows: n + 1 long offsets, then unsigned int set nodes) and
 * {@code front-P-D-s|p} (the positions settled at depth D: seeded from their exits, or reached by propagation; the
 * sign bit set when the position is lost for its mover).
 *
 * <p>A message to a position is a long: its local index times 256, plus {@link #LOST} when a child is lost for its
 * mover (so the position wins), plus the number of its moves newly known to lead to a won child.
 */
final class LayerJob implements Serializable {
    private static final long serialVersionUID = 1L;
    static final int LOST = 0x80;
    static final int FLAG = 0x80000000;
    /** Rounds: a value not settled yet. */
    static final byte UNSET = Byte.MIN_VALUE;
    static final int TERMINAL_BIT = 1 << 24;
    private static final Map<String, LayerKit> KITS = new ConcurrentHashMap<>();

    final String game;
    final String options;
    final int seeds;
    final String tables;
    final String folder;
    final int[] codes;
    final long nodes;
    final long partSize;
    final int parts;
    final boolean hawalis;
    final String name;

    LayerJob(Rules rules, int seeds, Path tables, Path folder, int[] codes, long nodes, long partSize, boolean hawalis,
             String name) {
        this.game = rules.kind().key();
        this.options = OptionsNotation.format(rules.options());
        this.seeds = seeds;
        this.tables = tables.toAbsolutePath().toString();
        this.folder = folder.toAbsolutePath().toString();
        this.codes = codes.clone();
        this.nodes = nodes;
        this.partSize = partSize;
        this.parts = (int) Math.max(1, (nodes + partSize - 1) / partSize);
        this.hawalis = hawalis;
        this.name = name;
    }

    /** @return the tables' kit of this JVM (one per game, options, seeds and folder) */
    LayerKit kit() {
        return KITS.computeIfAbsent(game + "|" + options + "|" + seeds + "|" + tables, k -> LayerKit.of(
                Rules.of(OptionsNotation.parse(GameKind.byKey(game).orElseThrow(), options)), seeds,
                Paths.get(tables)));
    }

    long lo(int pid) {
        return pid * partSize;
    }

    // ---- Index arithmetic: a set's nodes are longs below 2^32 (Rio Kadalis 28 seeds: 1.68e9, above 2^31) -------

    /** @return the partition of set node {@code node} (partitions of {@code partSize} nodes) */
    static int partitionOf(long node, long partSize) {
        return (int) (node / partSize);
    }

    /** @return the index of set node {@code node} within its partition */
    static int localIndex(long node, long partSize) {
        return (int) (node % partSize);
    }

    /** @return set node {@code node} (0 ≤ node < 2^32) as the int stored for it: its low 32 bits, read unsigned */
    static int packNode(long node) {
        if (node < 0 || node > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("node " + node + " outside 0..2^32-1");
        }
        return (int) node;
    }

    /** @return the set node stored as {@code packed} ({@link #packNode}) */
    static long unpackNode(int packed) {
        return packed & 0xFFFFFFFFL;
    }

    /** @return the bytes of a partition's predecessors' file: n + 1 long offsets, then an int a move */
    static long predsBytes(int n, long edges) {
        return 8L * (n + 1) + 4L * edges;
    }

    /** @return the byte of the predecessors' file that holds predecessor {@code slot} of a partition of n nodes */
    static int predAt(int n, long slot) {
        long at = 8L * (n + 1) + 4L * slot;
        if (at > Integer.MAX_VALUE - 4) {
            throw new IllegalStateException("predecessor " + slot + " beyond one map (2 GiB)");
        }
        return (int) at;
    }

    int size(int pid) {
        return (int) (Math.min(nodes, lo(pid) + partSize) - lo(pid));
    }

    Path dir() {
        return Paths.get(folder);
    }

    Path state(int pid) {
        return dir().resolve("state-" + pid);
    }

    Path preds(int pid) {
        return dir().resolve("preds-" + pid);
    }

    Path stats(int pid) {
        return dir().resolve("stats-" + pid);
    }

    /**
     * Rounds: the partition's positions by |best exit| (the only ones a level's seeding can settle): 257 int offsets
     * by level, then the positions' local indices, each level's in rising order. Written with the state; never
     * changes.
     */
    Path candidates(int pid) {
        return dir().resolve("cand-" + pid);
    }

    Path front(int pid, int depth, char kind) {
        return dir().resolve("front-" + pid + "-" + depth + "-" + kind);
    }

    long stateBytes(int pid) {
        return (long) size(pid) * (hawalis ? 8 : 6);
    }

    // ---- Pass 1: moves played, exits valued, edges sent to their children's partitions ------------------------

    /**
     * Plays the moves of partition {@code pid}: writes its state and statistics (rounds: positions by |exit|;
     * Hawalis: positions by exit depth), and returns the edges grouped by the partition of their child: for each
     * target, pairs (child's local index, parent's set node).
     */
    List<scala.Tuple2<Integer, int[]>> graph(int pid) {
        LayerKit kit = kit();
        LayerKit.Mover mv = kit.mover(codes);
        int n = size(pid);
        long lo = lo(pid);
        IntList[] out = new IntList[parts];
        MappedByteBuffer st = Files2.mapRw(state(pid), stateBytes(pid));
        long[] stats = new long[256];
        java.util.BitSet depths = new java.util.BitSet();
        for (int i = 0; i < n; i++) {
            long node = lo + i;
            int e = mv.visit(node);
            long[] ch = mv.children();
            for (int j = 0; j < e; j++) {
                long c = ch[j];
                int t = partitionOf(c, partSize);
                if (out[t] == null) {
                    out[t] = new IntList();
                }
                out[t].add(localIndex(c, partSize));
                out[t].add(packNode(node));
            }
            if (hawalis) {
                long x = (long) mv.open() << 16 | (long) mv.exitWin() << 24 | (long) mv.exitLoss() << 40;
                st.putLong(8 * i, x);
                depths.set(mv.exitWin());
                if (mv.exitLoss() != LayerKit.CANNOT_LOSE && mv.exitLoss() > 0) {
                    depths.set(mv.exitLoss() - 1);
                }
            } else {
                int exit = mv.exit();
                int x = mv.terminal() ? (exit & 0xFF) << 8 | (UNSET & 0xFF) << 16 | TERMINAL_BIT
                        : (mv.open() & 0xFF) | (exit & 0xFF) << 8 | (UNSET & 0xFF) << 16;
                st.putInt(4 * i, x);
                if (exit != LayerKit.NONE) {
                    stats[Math.abs(exit)]++;
                }
            }
        }
        st.force();
        if (!hawalis) {
            int[] cand = new int[257 + (int) Arrays.stream(stats).sum()];
            int[] at = new int[256];
            for (int lv = 0; lv < 256; lv++) {
                cand[lv + 1] = cand[lv] + (int) stats[lv];
                at[lv] = 257 + cand[lv];
            }
            for (int i = 0; i < n; i++) {
                int exit = (byte) (st.getInt(4 * i) >>> 8);
                if (exit != LayerKit.NONE) {
                    cand[at[Math.abs(exit)]++] = i;
                }
            }
            Files2.writeInts(candidates(pid), cand, cand.length);
        }
        Files2.writeLongs(stats(pid), hawalis ? depths.stream().asLongStream().toArray() : stats);
        List<scala.Tuple2<Integer, int[]>> r = new ArrayList<>();
        for (int t = 0; t < parts; t++) {
            if (out[t] != null) {
                r.add(new scala.Tuple2<>(t, out[t].toArray()));
            }
        }
        return r;
    }

    /** Pass 2: places the edges sent to partition {@code pid} as its positions' predecessors. */
    void place(int pid, java.util.Iterator<scala.Tuple2<Integer, int[]>> in) {
        int n = size(pid);
        List<int[]> got = new ArrayList<>();
        long[] start = new long[n + 1];
        while (in.hasNext()) {
            int[] a = in.next()._2();
            got.add(a);
            for (int i = 0; i < a.length; i += 2) {
                start[a[i] + 1]++;
            }
        }
        for (int i = 1; i <= n; i++) {
            start[i] += start[i - 1];
        }
        long edges = start[n];
        if (predsBytes(n, edges) > Integer.MAX_VALUE) {
            throw new IllegalStateException("partition " + pid + " of " + name + ": " + edges
                    + " moves lead into it, more than one map (2 GiB) holds; use smaller partitions");
        }
        MappedByteBuffer p = Files2.mapRw(dir().resolve("preds-" + pid + ".tmp"), predsBytes(n, edges));
        for (int i = 0; i <= n; i++) {
            p.putLong(8 * i, start[i]);
        }
        long[] next = Arrays.copyOf(start, n);
        for (int[] a : got) {
            for (int i = 0; i < a.length; i += 2) {
                long slot = next[a[i]]++;
                p.putInt(predAt(n, slot), a[i + 1]);
            }
        }
        p.force();
        Files2.move(dir().resolve("preds-" + pid + ".tmp"), preds(pid));
    }

    // ---- Settling -----------------------------------------------------------------------------------------------

    /**
     * Seeds partition {@code pid}'s positions whose value the exits decide at this step (rounds: level {@code m};
     * Hawalis: depth {@code d}), writing their frontier files.
     *
     * @return positions seeded at depth 0 and at depth 1 (rounds), or at depth d (Hawalis: index 0)
     */
    long[] seed(int pid, int m, int d) {
        return seedToFiles(Files2.mapRw(state(pid), stateBytes(pid)), pid, m, d);
    }

    /** Seeds as {@link #seed(int, int, int)} on a mapped state (the driver keeps its maps). */
    long[] seedToFiles(MappedByteBuffer st, int pid, int m, int d) {
        int[][] f = seed(st, pid, m, d);
        if (f[0].length > 0 || hawalis) {
            Files2.writeInts(front(pid, hawalis ? d : 0, 's'), f[0], f[0].length);
        }
        if (f[1].length > 0) {
            Files2.writeInts(front(pid, 1, 's'), f[1], f[1].length);
        }
        return new long[] {f[0].length, f[1].length};
    }

    /**
     * Seeds as {@link #seed(int, int, int)} on a mapped state.
     *
     * @return the positions seeded at depth 0 (Hawalis: d) and 1
     */
    int[][] seed(MappedByteBuffer st, int pid, int m, int d) {
        int n = size(pid);
        IntList f0 = new IntList();
        IntList f1 = new IntList();
        if (hawalis) {
            for (int i = 0; i < n; i++) {
                long x = st.getLong(8 * i);
                if ((x & 0xFFFF) != 0) {
                    continue;
                }
                long exitWin = x >>> 24 & 0xFFFF;
                if (d > 0 && exitWin == d) {
                    st.putLong(8 * i, x | LayerKit.win(d));
                    f0.add(i);
                } else if ((x >>> 16 & 0xFF) == 0 && exitWin == 0 && (x >>> 40 & 0xFFFF) == d + 1) {
                    st.putLong(8 * i, x | LayerKit.loss(d));
                    f0.add(i | FLAG);
                }
            }
            return new int[][] {f0.toArray(), new int[0]};
        }
        int distAt = 4 * n;
        // Only the positions whose best exit is worth m or -m can be seeded: those of the candidates' file when it
        // is there (a checkpoint of an earlier version has none: every position is looked at).
        java.nio.IntBuffer cand = null;
        int from = 0;
        int to = n;
        MappedByteBuffer cm = Files2.mapRo(candidates(pid));
        if (cm != null && m >= 0 && m < 256) {
            cand = cm.asIntBuffer();
            from = 257 + cand.get(m);
            to = 257 + cand.get(m + 1);
        }
        for (int c = from; c < to; c++) {
            int i = cand == null ? c : cand.get(c);
            int x = st.getInt(4 * i);
            int e = (byte) (x >>> 8);
            if ((byte) (x >>> 16) == UNSET && (e == m || e == -m && (x & 0xFF) == 0)) {
                st.putInt(4 * i, x & ~0xFF0000 | (e & 0xFF) << 16);
                int flagged = e < 0 ? i | FLAG : i;
                if ((x & TERMINAL_BIT) != 0) {
                    f0.add(flagged); // over: 0 plies
                } else {
                    st.putChar(distAt + 2 * i, (char) 1);
                    f1.add(flagged); // a capture: 1 ply
                }
            }
        }
        return new int[][] {f0.toArray(), f1.toArray()};
    }

    /**
     * The messages partition {@code pid}'s positions settled at depth {@code d} send to their predecessors, combined
     * per target partition and per position (sorted by position).
     */
    List<scala.Tuple2<Integer, long[]>> send(int pid, int d) {
        return sendFromFiles(Files2.mapRo(preds(pid)), pid, d);
    }

    /** Sends as {@link #send(int, int)} from mapped predecessors (the driver keeps its maps). */
    List<scala.Tuple2<Integer, long[]>> sendFromFiles(MappedByteBuffer preds, int pid, int d) {
        List<scala.Tuple2<Integer, long[]>> r = send(preds, pid,
                Files2.readInts(front(pid, d, 's')), Files2.readInts(front(pid, d, 'p')));
        dropFront(pid, d); // read: the depth is done
        return r;
    }

    /** Sends as {@link #send(int, int)} from mapped predecessors and frontiers in memory. */
    List<scala.Tuple2<Integer, long[]>> send(MappedByteBuffer p, int pid, int[]... fronts) {
        LongList[] out = new LongList[parts];
        int n = size(pid);
        for (int[] f : fronts) {
            for (int e : f) {
                int x = e & ~FLAG;
                long msg = (e & FLAG) != 0 ? LOST : 1;
                long a = p.getLong(8 * x);
                long b = p.getLong(8 * x + 8);
                for (long s = a; s < b; s++) {
                    long pred = unpackNode(p.getInt(predAt(n, s)));
                    int t = partitionOf(pred, partSize);
                    if (out[t] == null) {
                        out[t] = new LongList();
                    }
                    out[t].add((long) localIndex(pred, partSize) << 8 | msg);
                }
            }
        }
        List<scala.Tuple2<Integer, long[]>> r = new ArrayList<>();
        for (int t = 0; t < parts; t++) {
            if (out[t] != null) {
                long[] a = Arrays.copyOf(out[t].a, out[t].n);
                Arrays.sort(a);
                r.add(new scala.Tuple2<>(t, combine(a)));
            }
        }
        return r;
    }

    /** @return sorted messages with those to one position combined into one */
    static long[] combine(long[] sorted) {
        int n = 0;
        for (int i = 0; i < sorted.length; i++) {
            long v = sorted[i];
            if (n > 0 && sorted[n - 1] >>> 8 == v >>> 8) {
                sorted[n - 1] = merge(sorted[n - 1], v);
            } else {
                sorted[n++] = v;
            }
        }
        return n == sorted.length ? sorted : Arrays.copyOf(sorted, n);
    }

    private static long merge(long a, long b) {
        return a >>> 8 << 8 | ((a & 0x7F) + (b & 0x7F)) | (a | b) & LOST;
    }

    /** Merges two combined message lists (each sorted, one message a position) into one. */
    static long[] mergeSorted(long[] a, long[] b) {
        long[] out = new long[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < b.length) {
            long v;
            if (j >= b.length || i < a.length && a[i] >>> 8 < b[j] >>> 8) {
                v = a[i++];
            } else if (i >= a.length || b[j] >>> 8 < a[i] >>> 8) {
                v = b[j++];
            } else {
                v = merge(a[i++], b[j++]);
            }
            out[n++] = v;
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /**
     * Applies the messages of depth {@code d} to partition {@code pid} (rounds: at level {@code m}), writing the
     * positions they settle as its frontier at depth d + 1.
     *
     * @return positions settled
     */
    long apply(int pid, int m, int d, java.util.Iterator<long[]> in) {
        return applyToFiles(Files2.mapRw(state(pid), stateBytes(pid)), pid, m, d, in);
    }

    /** Applies as {@link #apply(int, int, int, java.util.Iterator)} to a mapped state (the driver keeps its maps). */
    long applyToFiles(MappedByteBuffer st, int pid, int m, int d, java.util.Iterator<long[]> in) {
        int[] f = apply(st, pid, m, d, in);
        if (f.length > 0) {
            Files2.writeInts(front(pid, d + 1, 'p'), f, f.length);
        }
        return f.length;
    }

    /**
     * Applies as {@link #apply(int, int, int, java.util.Iterator)} to a mapped state.
     *
     * @return the positions settled at depth d + 1
     */
    int[] apply(MappedByteBuffer st, int pid, int m, int d, java.util.Iterator<long[]> in) {
        int distAt = 4 * size(pid);
        IntList f = new IntList();
        while (in.hasNext()) {
            for (long msg : in.next()) {
                int x = (int) (msg >>> 8);
                boolean lostChild = (msg & LOST) != 0;
                int count = (int) (msg & 0x7F);
                if (hawalis) {
                    long sp = st.getLong(8 * x);
                    if ((sp & 0xFFFF) != 0) {
                        continue;
                    }
                    if (lostChild) {
                        st.putLong(8 * x, sp | LayerKit.win(d + 1));
                        f.add(x);
                        continue;
                    }
                    sp -= (long) count << 16; // moves known to lead to a won child
                    long exitLoss = sp >>> 40 & 0xFFFF;
                    if ((sp >>> 16 & 0xFF) == 0 && (sp >>> 24 & 0xFFFF) == 0 && exitLoss != LayerKit.CANNOT_LOSE
                            && exitLoss <= d + 2) {
                        sp |= LayerKit.loss(d + 1);
                        f.add(x | FLAG);
                    }
                    st.putLong(8 * x, sp);
                } else {
                    int sp = st.getInt(4 * x);
                    if ((byte) (sp >>> 16) != UNSET) {
                        continue;
                    }
                    if (lostChild) {
                        st.putInt(4 * x, sp & ~0xFF0000 | (m & 0xFF) << 16);
                        st.putChar(distAt + 2 * x, (char) (d + 1));
                        f.add(x);
                        continue;
                    }
                    sp -= count;
                    if ((sp & 0xFF) == 0 && (byte) (sp >>> 8) <= -m) {
                        sp = sp & ~0xFF0000 | (-m & 0xFF) << 16;
                        st.putChar(distAt + 2 * x, (char) (d + 1));
                        f.add(x | FLAG);
                    }
                    st.putInt(4 * x, sp);
                }
            }
        }
        return f.toArray();
    }

    /** Deletes partition {@code pid}'s frontier files of depth {@code d}. */
    void dropFront(int pid, int d) {
        try {
            Files.deleteIfExists(front(pid, d, 's'));
            Files.deleteIfExists(front(pid, d, 'p'));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A growable list of ints. */
    static final class IntList {
        int[] a = new int[256];
        int n;

        void add(int v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, 2 * n);
            }
            a[n++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }

    /** A growable list of longs. */
    static final class LongList {
        long[] a = new long[256];
        int n;

        void add(long v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, 2 * n);
            }
            a[n++] = v;
        }
    }
}
