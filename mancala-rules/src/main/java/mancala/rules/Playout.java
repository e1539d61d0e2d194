package mancala.rules;

import java.util.SplittableRandom;

/**
 * Uniformly random complete games on one board, for benchmarks and property tests. Repetition (H10, A8, R10) is
 * judged by 64-bit keys of the positions since the seeds held off the board last changed, kept in an
 * open-addressing table that a capture empties by starting a new generation of its entries (no clearing pass). A key
 * is the sum over the pits of seeds times a per-pit random odd multiplier (modulo 2^64, no table of keys to read:
 * bench, playouts/s) plus the Zobrist key of the rest of the position (side to move, holdings, closed and conquered
 * pits). A Rio Kadalis playout is one round. Not thread-safe.
 */
public final class Playout {
    private final Rules rules;
    private final SplittableRandom random;
    private Board board;
    private final Board initial;
    /** Keys of each side's pits ({@link #pitsKey}); in four-row games only the mover's change without a capture. */
    private final long[] sideHash = new long[2];
    private final boolean ownPitsOnly;
    private Board trial;
    private final boolean trials;
    private final int[] moves;
    private final int limit;
    private long[] keys = new long[1024];
    private int[] counts = new int[1024];
    /** An entry is in use when its stamp is the current {@link #generation}; a capture empties the table by a new one. */
    private int[] stamps = new int[1024];
    private int generation = 1;
    private int usedCount;
    private long plies;
    private int[] gameMoves = new int[256];
    private int gamePlies;
    private long seedsSown;
    private long games;

    /** @param seed the random generator's seed: the same seed plays the same games */
    public Playout(Rules rules, long seed) {
        this.rules = rules;
        this.random = new SplittableRandom(seed);
        this.board = rules.emptyBoard();
        this.initial = rules.initialBoard();
        this.ownPitsOnly = rules.kind().fourRows();
        this.trial = rules.emptyBoard();
        this.trials = rules.candidatesNeedTrial();
        this.moves = new int[rules.pitCount()];
        this.limit = rules.repetitionLimit();
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
        final int half = rules.pitsPerSide();
        long[] sideHash = this.sideHash;
        sideHash[0] = pitsKey(b, 0, half);
        sideHash[1] = pitsKey(b, half, 2 * half);
        record(sideHash[0] + sideHash[1] + Zobrist.restHash(b));
        games++;
        gamePlies = 0;
        while (true) {
            int mover = b.side;
            if (trials) {
                b = playTrial(b);
                if (b == null) {
                    return rules.outcome(board).result();
                }
            } else {
                int n = rules.legalMoves(b, moves);
                if (n == 0) {
                    return rules.outcome(b).result();
                }
                int move = moves[random.nextInt(n)];
                seedsSown += rules.sow(b, move);
                log(move);
            }
            plies++;
            boolean captured = b.holdings[0] != south || b.holdings[1] != north;
            if (captured) {
                south = b.holdings[0];
                north = b.holdings[1];
                clear();
            }
            if (ownPitsOnly && !captured) {
                // Without a capture a four-row move changes only the mover's pits (H2).
                sideHash[mover] = pitsKey(b, mover * half, mover * half + half);
            } else {
                sideHash[0] = pitsKey(b, 0, half);
                sideHash[1] = pitsKey(b, half, 2 * half);
            }
            if (record(sideHash[0] + sideHash[1] + Zobrist.restHash(b)) >= limit && rules.legalMoves(b, moves) > 0) {
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
            int i = random.nextInt(n);
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

    /** One random odd multiplier per pit for {@link #pitsKey}, from a fixed seed. */
    private static final long[] PIT_KEYS = new long[32];

    static {
        SplittableRandom r = new SplittableRandom(0x706c61796f7574L);
        for (int i = 0; i < PIT_KEYS.length; i++) {
            PIT_KEYS[i] = r.nextLong() | 1;
        }
    }

    /**
     * @return the sum of seeds times the pit's multiplier over pits {@code from..to-1}, modulo 2^64: a key of those
     *     pits that, unlike {@link Zobrist#pitsHash}, reads no table of 4,096 keys (bench: playouts/s)
     */
    private static long pitsKey(Board b, int from, int to) {
        int[] pits = b.pits;
        long[] keys = PIT_KEYS;
        long h = 0;
        for (int p = from; p < to; p++) {
            h += pits[p] * keys[p];
        }
        return h;
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
        if (++generation == 0) {
            java.util.Arrays.fill(stamps, 0);
            generation = 1;
        }
    }

    /** Counts one more occurrence of {@code key}; returns the count. */
    private int record(long key) {
        if (usedCount * 2 >= keys.length) {
            grow();
        }
        long[] keys = this.keys;
        int[] stamps = this.stamps;
        int gen = generation;
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (stamps[i] == gen) {
            if (keys[i] == key) {
                return ++counts[i];
            }
            i = i + 1 & mask;
        }
        stamps[i] = gen;
        keys[i] = key;
        usedCount++;
        return counts[i] = 1;
    }

    /** @return the key's first slot: its high bits after a multiply (a sum of seeds' keys varies little in its low). */
    private static int slot(long key, int mask) {
        return (int) ((key * 0x9e3779b97f4a7c15L) >>> 40) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldCounts = counts;
        int[] oldStamps = stamps;
        int gen = generation;
        keys = new long[oldKeys.length * 2];
        counts = new int[oldKeys.length * 2];
        stamps = new int[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int u = 0; u < oldKeys.length; u++) {
            if (oldStamps[u] != gen) {
                continue;
            }
            long key = oldKeys[u];
            int i = slot(key, mask);
            while (stamps[i] == gen) {
                i = i + 1 & mask;
            }
            stamps[i] = gen;
            keys[i] = key;
            counts[i] = oldCounts[u];
        }
    }
}
