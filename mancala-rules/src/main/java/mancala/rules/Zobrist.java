package mancala.rules;

import java.util.SplittableRandom;

/**
 * Zobrist hashing of a board: the XOR of one fixed random key per (pit, seed count), per (side, seeds held),
 * for the side to move, and per closed and conquered pit. Used for repetition in playouts and by the engine's
 * transposition table. Computed from scratch: a sowing touches many pits, so updating the key seed by seed would
 * cost more than this one pass over at most 32 pits, and it keeps the sowing loops free of hashing.
 *
 * <p>Key table layout: {@code PITS[pit * 128 + seeds]} for pit 0–31 and seeds 0–127 (counts fold modulo 128; no
 * game has more than 98 seeds), {@code HOLDINGS[side * 256 + seeds]} for seeds 0–255, {@code SIDE} for North to move,
 * {@code CLOSED[pit]}, {@code FOREIGN[pit]}. Keys come from a fixed seed, so hashes are the same in every run.
 */
public final class Zobrist {
    private static final long[] PITS = new long[32 * 128];
    private static final long[] HOLDINGS = new long[2 * 256];
    private static final long[] CLOSED = new long[32];
    private static final long[] FOREIGN = new long[32];
    private static final long SIDE;

    static {
        SplittableRandom r = new SplittableRandom(0x6d616e63616c61L);
        for (int i = 0; i < PITS.length; i++) {
            PITS[i] = r.nextLong();
        }
        for (int i = 0; i < HOLDINGS.length; i++) {
            HOLDINGS[i] = r.nextLong();
        }
        for (int i = 0; i < 32; i++) {
            CLOSED[i] = r.nextLong();
            FOREIGN[i] = r.nextLong();
        }
        SIDE = r.nextLong();
    }

    private Zobrist() {
    }

    /** @return the hash of everything that decides the board's future: pits, holdings, side to move, closed pits. */
    public static long hash(Board b) {
        return pitsHash(b, 0, b.pits.length) ^ restHash(b);
    }

    /** @return the XOR of the keys of pits {@code from..to-1}: the part of {@link #hash} those pits make. */
    static long pitsHash(Board b, int from, int to) {
        int[] pits = b.pits;
        long h = 0;
        for (int p = from; p < to; p++) {
            h ^= PITS[p << 7 | pits[p] & 127];
        }
        return h;
    }

    /** @return the part of {@link #hash} that is not the pits: side to move, holdings, closed and conquered pits. */
    static long restHash(Board b) {
        long h = b.side == 0 ? 0 : SIDE;
        h ^= HOLDINGS[b.holdings[0] & 255] ^ HOLDINGS[256 | b.holdings[1] & 255];
        for (int m = b.closed; m != 0; m &= m - 1) {
            h ^= CLOSED[Integer.numberOfTrailingZeros(m)];
        }
        for (int m = b.foreign; m != 0; m &= m - 1) {
            h ^= FOREIGN[Integer.numberOfTrailingZeros(m)];
        }
        return h;
    }

    /** @return the key {@link #restHash} adds for North to move (XOR). */
    static long northToMove() {
        return SIDE;
    }

    /** @return the hash of a position, equal to the hash of its board. */
    public static long hash(Position p) {
        return hash(p.toBoard());
    }
}
