package mancala.rules;

import java.util.SplittableRandom;

/**
 * The position hash of search and repetition: everything that decides the board's future in 64 bits. The pits make
 * their part as the {@link SeedKey} (seeds times a per-pit random odd multiplier, summed), which the sowing keeps up
 * to date as it sows ({@link Board#seedKey}), so that hashing a searched position costs a
 * few operations instead of a pass over up to 32 pits; it is then mixed by a bijection that spreads every bit into
 * the low ones a transposition table indexes by. The rest is Zobrist hashing proper: the XOR of one fixed random key
 * per (side, seeds held), for the side to move, and per closed and conquered pit. Keys come from fixed seeds, so
 * hashes are the same in every run.
 *
 * <p>Key table layout: {@code HOLDINGS[side * 256 + seeds]} for seeds 0–255 (no game has more than 98 seeds),
 * {@code SIDE} for North to move, {@code CLOSED[pit]}, {@code CONQUERED[pit]}.
 */
public final class Zobrist {
    private static final long[] HOLDINGS = new long[2 * 256];
    private static final long[] CLOSED = new long[32];
    private static final long[] CONQUERED = new long[32];
    private static final long SIDE;

    static {
        SplittableRandom r = new SplittableRandom(0x6d616e63616c61L);
        for (int i = 0; i < 32 * 128; i++) {
            r.nextLong(); // the keys of the former per-(pit, seeds) table: the keys below stay as they were
        }
        for (int i = 0; i < HOLDINGS.length; i++) {
            HOLDINGS[i] = r.nextLong();
        }
        for (int i = 0; i < 32; i++) {
            CLOSED[i] = r.nextLong();
            CONQUERED[i] = r.nextLong();
        }
        SIDE = r.nextLong();
    }

    private Zobrist() {
    }

    /**
     * @return the hash of everything that decides the board's future: pits, holdings, side to move, closed and
     *     conquered pits. Makes the board's seed key valid, so that the positions after its moves hash at once.
     */
    public static long hash(Board b) {
        return mix(b.seedKey()) ^ restHash(b);
    }

    /** @return {@code x} mixed by a bijection of 64-bit words (xor-shifts and odd multipliers, as in MurmurHash3) */
    static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        return x ^ x >>> 33;
    }

    /** @return the part of {@link #hash} that is not the pits: side to move, holdings, closed and conquered pits. */
    static long restHash(Board b) {
        long h = b.side == 0 ? 0 : SIDE;
        h ^= HOLDINGS[b.holdings[0] & 255] ^ HOLDINGS[256 | b.holdings[1] & 255];
        for (int m = b.closed; m != 0; m &= m - 1) {
            h ^= CLOSED[Integer.numberOfTrailingZeros(m)];
        }
        for (int m = b.conquered; m != 0; m &= m - 1) {
            h ^= CONQUERED[Integer.numberOfTrailingZeros(m)];
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
