package mancala.engine.tablebase;

/**
 * The combinatorial rank of a seed distribution: the ways of putting exactly {@code k} seeds into {@code m} pits
 * (compositions of k into m parts, empty pits allowed) numbered 0 … C(k+m−1, m−1)−1 in lexicographic order of the
 * pit counts, first pit most significant. This is how a table finds a position's entry without a hash map: rank,
 * unrank and the successor in rank order all take O(m) table look-ups. Immutable and thread-safe.
 */
final class Compositions {
    private final int maxPits;
    private final int maxSeeds;
    /** count[m][k]: compositions of k seeds into m pits. */
    private final long[][] count;
    /** below[m][r][c]: compositions of r seeds into m pits whose first pit holds fewer than c. */
    private final long[][][] below;

    /**
     * @param maxPits  pits at most (a side of Hawalis: 14 or 16; a two-row board: 10–14)
     * @param maxSeeds seeds at most
     */
    Compositions(int maxPits, int maxSeeds) {
        this.maxPits = maxPits;
        this.maxSeeds = maxSeeds;
        count = new long[maxPits + 1][maxSeeds + 1];
        count[0][0] = 1;
        for (int m = 1; m <= maxPits; m++) {
            for (int k = 0; k <= maxSeeds; k++) {
                long c = 0;
                for (int v = 0; v <= k; v++) {
                    c = Math.addExact(c, count[m - 1][k - v]);
                }
                count[m][k] = c;
            }
        }
        below = new long[maxPits + 1][maxSeeds + 1][];
        for (int m = 1; m <= maxPits; m++) {
            for (int r = 0; r <= maxSeeds; r++) {
                long[] b = new long[r + 2];
                for (int c = 1; c <= r + 1; c++) {
                    b[c] = b[c - 1] + count[m - 1][r - (c - 1)];
                }
                below[m][r] = b;
            }
        }
    }

    /** @return the number of distributions of {@code k} seeds into {@code m} pits. */
    long count(int m, int k) {
        return count[m][k];
    }

    /** @return the rank of {@code a[off .. off+m)}, which holds {@code k} seeds in all. */
    long rank(int[] a, int off, int m, int k) {
        long r = 0;
        int left = k;
        for (int i = 0; i < m - 1; i++) {
            int c = a[off + i];
            r += below[m - i][left][c];
            left -= c;
        }
        return r;
    }

    /** @return compositions of {@code r} seeds into {@code m} pits whose first pit holds fewer than {@code c}. */
    long below(int m, int r, int c) {
        return below[m][r][c];
    }

    /** Writes into {@code a[off .. off+m)} the distribution of {@code k} seeds with rank {@code rank}. */
    void unrank(long rank, int m, int k, int[] a, int off) {
        int left = k;
        for (int i = 0; i < m - 1; i++) {
            long[] b = below[m - i][left];
            int c = 0;
            while (c < left && b[c + 1] <= rank) {
                c++;
            }
            rank -= b[c];
            a[off + i] = c;
            left -= c;
        }
        a[off + m - 1] = left;
    }

    /**
     * Steps {@code a[off .. off+m)} to the next distribution in rank order (same seed total).
     *
     * @return false (and {@code a} unchanged) when it was the last
     */
    static boolean next(int[] a, int off, int m) {
        int j = off + m - 1;
        while (j > off && a[j] == 0) {
            j--;
        }
        if (j == off) {
            return false;
        }
        int s = a[j];
        a[j] = 0;
        a[j - 1]++;
        a[off + m - 1] = s - 1;
        return true;
    }

    int maxPits() {
        return maxPits;
    }

    int maxSeeds() {
        return maxSeeds;
    }
}
