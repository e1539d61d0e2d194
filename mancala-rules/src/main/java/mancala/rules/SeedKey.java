package mancala.rules;

import java.util.SplittableRandom;

/**
 * The seed key of a board's pits: the sum over the pits of seeds times a per-pit random odd multiplier, modulo 2^64.
 * Being a sum, it follows a sowing at a few additions a lap ({@link Board#seedKey}): a lap of {@code k} seeds adds
 * the multipliers of the pits it drops into, a lift or a capture takes away seeds times the pit's multiplier. Keys
 * come from a fixed seed, so they are the same in every run. Used by {@link Playout} for repetition (H10, A8, R10).
 */
final class SeedKey {
    /** The multiplier of pit p, odd so that seed counts 0..2^63 of one pit have distinct keys. */
    static final long[] PIT = new long[32];

    static {
        SplittableRandom r = new SplittableRandom(0x706c61796f7574L);
        for (int i = 0; i < PIT.length; i++) {
            PIT[i] = r.nextLong() | 1;
        }
    }

    private SeedKey() {
    }

    /** @return the key of pits {@code from..to-1}: the sum of seeds times the pit's multiplier, modulo 2^64 */
    static long of(int[] pits, int from, int to) {
        long h = 0;
        for (int p = from; p < to; p++) {
            h += pits[p] * PIT[p];
        }
        return h;
    }

    /**
     * The running sums of the multipliers round a ring of {@code count} pits from {@code from}, twice round:
     * entry j is the sum of the multipliers of ring positions 0..j-1 (position i is pit {@code from + i % count}), so
     * that the pits at ring positions a..a+r-1 (r at most count, a below count) add up to {@code ring[a + r] -
     * ring[a]} whether or not they wrap. Length {@code 2 * count + 1}.
     */
    static long[] ring(int from, int count) {
        long[] sums = new long[2 * count + 1];
        for (int j = 0; j < 2 * count; j++) {
            sums[j + 1] = sums[j] + PIT[from + j % count];
        }
        return sums;
    }
}
