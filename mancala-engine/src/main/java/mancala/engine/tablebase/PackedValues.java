package mancala.engine.tablebase;

/**
 * Unsigned values of {@code bits} bits each (1–32), packed {@code 64 / bits} to a long so that no value straddles two
 * words: a layer of a table in memory. Entries in different words may be written by different threads at once; a
 * builder gives each thread whole words ({@link #perWord()} entries).
 */
final class PackedValues implements Values {
    private final long size;
    private final int bits;
    private final int perWord;
    private final long mask;
    final long[] words;

    /**
     * @param size entries
     * @param bits bits an entry, 1–32
     * @throws IllegalArgumentException when the entries do not fit one Java array of longs
     */
    PackedValues(long size, int bits) {
        if (bits < 1 || bits > 32) {
            throw new IllegalArgumentException("bits must be 1-32, was " + bits);
        }
        this.size = size;
        this.bits = bits;
        this.perWord = 64 / bits;
        this.mask = (1L << bits) - 1;
        long n = (size + perWord - 1) / perWord;
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(size + " entries of " + bits + " bits do not fit in memory");
        }
        this.words = new long[(int) n];
    }

    /** @return the number of longs that hold {@code size} entries of {@code bits} bits. */
    static long wordsFor(long size, int bits) {
        int per = 64 / bits;
        return (size + per - 1) / per;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int bits() {
        return bits;
    }

    int perWord() {
        return perWord;
    }

    @Override
    public int get(long i) {
        long w = words[(int) (i / perWord)];
        return (int) (w >>> (int) (i % perWord) * bits & mask);
    }

    /** Sets entry {@code i} to {@code v} (0 ≤ v < 2^bits). */
    void set(long i, int v) {
        int wi = (int) (i / perWord);
        int shift = (int) (i % perWord) * bits;
        words[wi] = words[wi] & ~(mask << shift) | ((long) v & mask) << shift;
    }

    /** Sets every entry to {@code v}. */
    void fill(int v) {
        long w = 0;
        for (int j = 0; j < perWord; j++) {
            w |= ((long) v & mask) << j * bits;
        }
        java.util.Arrays.fill(words, w);
    }

    /** @return the same values in {@code newBits} bits an entry (every value must fit). */
    PackedValues repack(int newBits) {
        PackedValues p = new PackedValues(size, newBits);
        for (long i = 0; i < size; i++) {
            p.set(i, get(i));
        }
        return p;
    }

    /** @return the largest value held. */
    int max() {
        int m = 0;
        for (long i = 0; i < size; i++) {
            m = Math.max(m, get(i));
        }
        return m;
    }
}
