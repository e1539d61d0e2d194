package mancala.rules;

import java.util.SplittableRandom;

/**
 * Uniformly random complete games on one board, for benchmarks and property tests. Repetition (H10, A8, R10) is
 * judged by 64-bit keys of the positions since the seeds held off the board last changed, kept in an
 * open-addressing table that a capture empties by starting a new generation of its entries (no clearing pass). A key
 * is the {@link SeedKey} of the pits (which the sowing keeps up to date, bench: playouts/s) plus the Zobrist key of
 * the rest of the position (side to move, holdings, closed and conquered pits).
 * A Rio Kadalis playout is one round. Not thread-safe.
 */
public final class Playout {
    private final Rules rules;
    private final SplittableRandom random;
    private Board board;
    private final Board initial;
    private Board trial;
    private final boolean trials;
    private final int[] moves;
    private final int limit;
    /**
     * The table of positions since the last capture, two longs a slot: the key, then the generation that wrote it
     * (high 32 bits) and the count (low 32 bits), so that a probe reads one cache line. A slot is in use when its
     * generation is the current {@link #generation}; a capture empties the table by starting a new one.
     */
    private long[] slots;
    /**
     * The table's arrays by size, {@code 256 << k} slots for k = 0, 1, …, made when first needed and kept: a capture
     * goes back to the smallest (4 KiB, so that probes stay in the nearest cache), and a long stretch without
     * captures grows into the next ones again without allocating; their stale entries are of earlier generations
     * (bench: playouts/s).
     */
    private long[][] sizes = {new long[2 * 256]};
    private int size;
    private int generation = 1;
    private int usedCount;
    private long plies;
    private int[] gameMoves = new int[256];
    private int gamePlies;
    private long seedsSown;
    private long games;

    /** @param randomSeed the random generator's seed: the same seed plays the same games */
    public Playout(Rules rules, long randomSeed) {
        this.rules = rules;
        this.random = new SplittableRandom(randomSeed);
        this.board = rules.emptyBoard();
        this.initial = rules.initialBoard();
        this.trial = rules.emptyBoard();
        this.trials = rules.candidatesNeedTrial();
        this.moves = new int[rules.pitCount()];
        this.limit = rules.repetitionLimit();
        this.slots = sizes[0];
    }

    /**
     * Runs one playout: a random game from the start position.
     *
     * @return the result
     */
    public Result run() {
        return run(initial);
    }

    /**
     * Runs one playout: a random game from {@code start} (left unchanged).
     *
     * @return the result
     */
    public Result run(Board start) {
        Board b = board;
        b.copyFrom(start);
        clear();
        int south = b.holdings[0];
        int north = b.holdings[1];
        // The rest of the key changes only with the holdings and the side to move: no sowing opens, closes or
        // conquers a pit (R8 and conquest act between rounds), so it is computed once a capture.
        long rest = southRest(b);
        record(b.seedKey() + (rest ^ north(b)));
        games++;
        gamePlies = 0;
        while (true) {
            if (trials) {
                b = playTrial(b);
                if (b == null) {
                    return rules.outcome(board).result();
                }
            } else {
                int legal = rules.candidateMask(b, moves); // no trial needed: the candidates are the legal moves
                if (legal == 0) {
                    return rules.outcome(b).result();
                }
                int move = nthBit(legal, pick(random, Integer.bitCount(legal)));
                seedsSown += rules.sow(b, move);
                log(move);
            }
            plies++;
            boolean captured = b.holdings[0] != south || b.holdings[1] != north;
            if (captured) {
                south = b.holdings[0];
                north = b.holdings[1];
                clear();
                rest = southRest(b);
            }
            if (record(b.seedKey() + (rest ^ north(b))) >= limit && rules.legalMoves(b, moves) > 0) {
                return rules.byRepetition(b).result();
            }
        }
    }

    /**
     * Plays a uniformly random legal move where some candidate moves may prove illegal (endless, not feeding):
     * candidates are tried in random order on a second board and refuted ones dropped, so one move is usually
     * played once instead of every move being played to find the legal ones (bench: Rio Kadalis playouts/s).
     *
     * @return the board holding the new position (the two boards swap roles), or null when no move is legal
     */
    private Board playTrial(Board b) {
        int n = rules.candidateMoves(b, moves);
        while (n > 0) {
            int i = pick(random, n);
            Board t = trial;
            t.copyFrom(b);
            int sown = rules.sow(t, moves[i]);
            if (rules.refutedBy(b, t)) {
                moves[i] = moves[--n];
                continue;
            }
            trial = b;
            board = t;
            seedsSown += sown;
            log(moves[i]);
            return t;
        }
        return null;
    }

    /**
     * Draws a uniformly random int in {@code 0..n-1}: Lemire's multiply-and-shift, exact by rejecting the few low
     * products that would bias it, and without a division unless one of those comes up (bench: playouts/s).
     * Playouts draw their moves with it: the index into the legal moves in ascending order.
     *
     * @param n at least 1
     */
    static int pick(SplittableRandom random, int n) {
        long m = (random.nextInt() & 0xFFFF_FFFFL) * n;
        if ((m & 0xFFFF_FFFFL) < n) {
            long threshold = (1L << 32) % n;
            while ((m & 0xFFFF_FFFFL) < threshold) {
                m = (random.nextInt() & 0xFFFF_FFFFL) * n;
            }
        }
        return (int) (m >>> 32);
    }

    /** SELECT[b * 8 + k]: the index of the k-th set bit of the byte b (k below its count). */
    private static final byte[] SELECT = new byte[256 * 8];

    static {
        for (int b = 0; b < 256; b++) {
            int k = 0;
            for (int i = 0; i < 8; i++) {
                if ((b >>> i & 1) != 0) {
                    SELECT[b * 8 + k++] = (byte) i;
                }
            }
        }
    }

    /**
     * @return the index of the {@code k}-th set bit of {@code mask}, counting from 0 at the lowest (k below its
     *     count): halves of 16 and 8 bits chosen without a branch to mispredict, then a table of bytes
     */
    static int nthBit(int mask, int k) {
        int low = Integer.bitCount(mask & 0xFFFF);
        int skip = low - k - 1 >> 31; // -1 when the k-th set bit is above the low half
        k -= low & skip;
        mask >>>= 16 & skip;
        int at = 16 & skip;
        low = Integer.bitCount(mask & 0xFF);
        skip = low - k - 1 >> 31;
        k -= low & skip;
        mask >>>= 8 & skip;
        at += 8 & skip;
        return at + SELECT[(mask & 0xFF) << 3 | k];
    }

    /** @return {@link Zobrist#restHash} of the board as if South were to move */
    private static long southRest(Board b) {
        return Zobrist.restHash(b) ^ north(b);
    }

    /** @return the part of {@link Zobrist#restHash} the side to move makes: 0 for South */
    private static long north(Board b) {
        return -b.side & Zobrist.northToMove();
    }

    private void log(int move) {
        if (gamePlies == gameMoves.length) {
            gameMoves = java.util.Arrays.copyOf(gameMoves, gamePlies * 2);
        }
        gameMoves[gamePlies++] = move;
    }

    /** @return the moves of the last game, in order (pit indices as in {@link Board}). */
    public int[] lastGame() {
        return java.util.Arrays.copyOf(gameMoves, gamePlies);
    }

    /** @return the board as the last game ended. */
    public Board board() {
        return board;
    }

    /** @return plies played in all games so far. */
    public long plies() {
        return plies;
    }

    /** @return seeds dropped while sowing in all games so far. */
    public long seedsSown() {
        return seedsSown;
    }

    /** @return games played so far. */
    public long games() {
        return games;
    }

    /** Empties the table: entries of earlier generations count as free. */
    private void clear() {
        usedCount = 0;
        size = 0;
        slots = sizes[0];
        if (++generation == 0) {
            for (long[] t : sizes) {
                if (t != null) {
                    java.util.Arrays.fill(t, 0);
                }
            }
            generation = 1;
        }
    }

    /** Counts one more occurrence of {@code key}; returns the count. */
    private int record(long key) {
        long[] slots = this.slots;
        if (usedCount >= slots.length >>> 2) {
            grow();
            slots = this.slots;
        }
        long gen = (long) generation << 32;
        int mask = (slots.length >>> 1) - 1;
        int i = slot(key, mask);
        long tag;
        while (((tag = slots[2 * i + 1]) & 0xFFFF_FFFF_0000_0000L) == gen) {
            if (slots[2 * i] == key) {
                slots[2 * i + 1] = tag + 1;
                return (int) tag + 1;
            }
            i = i + 1 & mask;
        }
        slots[2 * i] = key;
        slots[2 * i + 1] = gen | 1;
        usedCount++;
        return 1;
    }

    /** @return the key's first slot: its high bits after a multiply (a sum of seeds' keys varies little in its low). */
    private static int slot(long key, int mask) {
        return (int) ((key * 0x9e3779b97f4a7c15L) >>> 40) & mask;
    }

    /** Doubles the table, keeping the entries of the current generation. */
    private void grow() {
        long[] old = slots;
        long gen = (long) generation << 32;
        if (++size == sizes.length) {
            sizes = java.util.Arrays.copyOf(sizes, size + 1);
        }
        if (sizes[size] == null) {
            sizes[size] = new long[old.length * 2];
        }
        slots = sizes[size];
        int mask = (slots.length >>> 1) - 1;
        for (int u = 0; u < old.length; u += 2) {
            if ((old[u + 1] & 0xFFFF_FFFF_0000_0000L) != gen) {
                continue;
            }
            int i = slot(old[u], mask);
            while ((slots[2 * i + 1] & 0xFFFF_FFFF_0000_0000L) == gen) {
                i = i + 1 & mask;
            }
            slots[2 * i] = old[u];
            slots[2 * i + 1] = old[u + 1];
        }
    }
}
