package mancala.engine.search;

/**
 * A transposition table: results of earlier searches by Zobrist hash, one entry per slot, {@code 2^bits} slots.
 * Not thread-safe; each searcher owns one.
 *
 * <p>Entry packing, one {@code long} beside the full 64-bit key:
 * <pre>
 *   bits  0– 5  move + 1      6  (0: no move; pits are 0–31)
 *   bits  6–13  depth         8  plies searched below the node, 0–255
 *   bits 14–15  bound         2  {@link #EXACT}, {@link #LOWER}, {@link #UPPER}
 *   bits 16–47  score        32  node-relative ({@link Score#toTable})
 *   bits 48–55  generation    8  search count, modulo 256
 * </pre>
 * Replacement: a slot is overwritten unless it holds the same key searched deeper in the current search, or a
 * different key from the current search searched deeper than the new entry; entries of older searches always go.
 * A store without a move keeps the move already held for the same key.
 */
public final class TranspositionTable {
    /** Bound kinds: the score is exact, at least (failed high), at most (failed low). */
    public static final int EXACT = 1;
    public static final int LOWER = 2;
    public static final int UPPER = 3;

    /** Slot i at [2i, 2i + 1]: key, entry; side by side so that reading or writing a slot touches one cache line. */
    private final long[] slots;
    private final int mask;
    private int generation;

    /** @param bits log2 of the slot count, 10–26 */
    public TranspositionTable(int bits) {
        if (bits < 10 || bits > 26) {
            throw new IllegalArgumentException("table bits must be 10 to 26, was " + bits);
        }
        slots = new long[2 << bits];
        mask = (1 << bits) - 1;
    }

    /** Starts a new search: entries of earlier searches become replaceable. */
    public void newSearch() {
        generation = generation + 1 & 255;
    }

    /** Empties the table. */
    public void clear() {
        java.util.Arrays.fill(slots, 0);
    }

    /** @return the index in {@link #slots} of the key of {@code key}'s slot; its entry follows. */
    private int slot(long key) {
        return ((int) (key ^ key >>> 32) & mask) << 1;
    }

    /** @return the packed entry for {@code key}, or 0 when none is held (see the class doc for the fields). */
    public long probe(long key) {
        int i = slot(key);
        return slots[i] == key ? slots[i + 1] : 0;
    }

    /** Stores a search result; {@code move} -1 for none; {@code score} already node-relative. */
    public void store(long key, int move, int depth, int bound, int score) {
        int i = slot(key);
        long old = slots[i + 1];
        boolean sameKey = slots[i] == key;
        if (old != 0 && generation(old) == generation && depth(old) > depth && (sameKey || depth(old) > depth + 2)) {
            return;
        }
        if (move < 0 && sameKey) {
            move = move(old);
        }
        slots[i] = key;
        slots[i + 1] = (move + 1L) | (long) Math.min(depth, 255) << 6 | (long) bound << 14
                | ((long) score & 0xffffffffL) << 16 | (long) generation << 48;
    }

    /** @return the move of an entry, or -1. */
    public static int move(long entry) {
        return (int) (entry & 63) - 1;
    }

    /** @return the depth of an entry, in plies. */
    public static int depth(long entry) {
        return (int) (entry >>> 6 & 255);
    }

    /** @return the bound kind of an entry. */
    public static int bound(long entry) {
        return (int) (entry >>> 14 & 3);
    }

    /** @return the node-relative score of an entry. */
    public static int score(long entry) {
        return (int) (entry >>> 16);
    }

    private static int generation(long entry) {
        return (int) (entry >>> 48 & 255);
    }
}
