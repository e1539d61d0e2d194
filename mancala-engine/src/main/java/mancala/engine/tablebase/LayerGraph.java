package mancala.engine.tablebase;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The moves that stay inside the layers being built (no capture: the seeds on the board, a side's in Hawalis, are
 * unchanged), stored backwards: for every position the positions with a move to it (its predecessors), in
 * compressed rows ({@code start[x]} … {@code start[x + 1]} of one long list). Relay sowing cannot be unmade, so the
 * builder finds the edges by playing every move forwards twice: once to count each position's predecessors
 * ({@link #count}), once to place them ({@link #place}); both may be called from many threads at once.
 *
 * <p>Memory: 8 bytes a position and 4 bytes an edge.
 */
final class LayerGraph {
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int SEGMENT_BITS = 30;
    private static final int SEGMENT = 1 << SEGMENT_BITS;

    private final int nodes;
    /** While counting: predecessors of x at x + 1; while placing: the next free slot of x; after: x's first. */
    private final long[] start;
    private int[][] preds;
    private long edges;
    private final String name;

    /**
     * @param nodes positions in the layers
     * @param name  the layers' name, for errors
     * @throws TablebaseException when that many positions cannot be indexed by an int
     */
    LayerGraph(long nodes, String name) {
        this.name = name;
        if (nodes > Integer.MAX_VALUE - 16) {
            throw new TablebaseException(String.format(java.util.Locale.ROOT,
                    "%,d positions in one layer are more than a build can hold (%,d at most)", nodes,
                    Integer.MAX_VALUE - 16));
        }
        this.nodes = (int) nodes;
        this.start = new long[this.nodes + 1];
    }

    /** @return positions in the layers */
    int nodes() {
        return nodes;
    }

    /** @return edges placed (moves within the layers) */
    long edges() {
        return edges;
    }

    /** First pass: a move leads to {@code child}. Thread-safe. */
    void count(int child) {
        LONGS.getAndAdd(start, child + 1, 1L);
    }

    /**
     * Between the passes: turns the counts into places and makes room for the edges.
     *
     * @throws TablebaseException when the edges do not fit in memory (with the figures)
     */
    void counted() {
        for (int i = 1; i <= nodes; i++) {
            start[i] += start[i - 1];
        }
        edges = start[nodes];
        Builder.checkMemory(4 * edges, String.format(java.util.Locale.ROOT, "the %,d moves within layers %s", edges,
                name));
        int segments = (int) ((edges + SEGMENT - 1) >>> SEGMENT_BITS);
        preds = new int[segments][];
        for (int s = 0; s < segments; s++) {
            preds[s] = new int[(int) Math.min(SEGMENT, edges - ((long) s << SEGMENT_BITS))];
        }
    }

    /** Second pass: {@code parent} has a move to {@code child} (exactly as counted). Thread-safe. */
    void place(int parent, int child) {
        long slot = (long) LONGS.getAndAdd(start, child, 1L);
        preds[(int) (slot >>> SEGMENT_BITS)][(int) (slot & (SEGMENT - 1))] = parent;
    }

    /**
     * After the second pass: every slot must have been filled exactly.
     *
     * @throws IllegalStateException when the second pass did not place what the first counted (a bug)
     */
    void placed() {
        // start[x] now holds x's end, which is x + 1's first: shift back.
        if (nodes > 0 && start[nodes - 1] != edges) {
            throw new IllegalStateException("the second pass placed other edges than the first counted");
        }
        System.arraycopy(start, 0, start, 1, nodes);
        start[0] = 0;
    }

    /** @return the first slot of {@code x}'s predecessors */
    long first(int x) {
        return start[x];
    }

    /** @return one past the last slot of {@code x}'s predecessors */
    long end(int x) {
        return start[x + 1];
    }

    /** @return the predecessor in slot {@code slot} */
    int pred(long slot) {
        return preds[(int) (slot >>> SEGMENT_BITS)][(int) (slot & (SEGMENT - 1))];
    }
}
