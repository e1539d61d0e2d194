package mancala.rules;

import java.util.SplittableRandom;

/**
 * Uniformly random complete games on one board, for benchmarks and property tests. Repetition (H10, A8, R10) is
 * judged by Zobrist keys of the positions since the seeds held off the board last changed, kept in an
 * open-addressing table cleared on every capture. A Rio Kadalis playout is one round. Not thread-safe.
 */
public final class Playout {
    private final Rules rules;
    private final SplittableRandom random;
    private Board board;
    private final Board initial;
    /** Zobrist keys of each side's pits; in four-row games only the mover's change without a capture. */
    private final long[] sideHash = new long[2];
    private final boolean ownPitsOnly;
    private Board trial;
    private final boolean trials;
    private final int[] moves;
    private final int limit;
    private long[] keys = new long[1024];
    private int[] counts = new int[1024];
    private int[] used = new int[1024];
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
        sideHash[0] = Zobrist.pitsHash(b, 0, half);
        sideHash[1] = Zobrist.pitsHash(b, half, 2 * half);
        record(sideHash[0] ^ sideHash[1] ^ Zobrist.restHash(b));
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
                sideHash[mover] = Zobrist.pitsHash(b, mover * half, mover * half + half);
            } else {
                sideHash[0] = Zobrist.pitsHash(b, 0, half);
                sideHash[1] = Zobrist.pitsHash(b, half, 2 * half);
            }
            if (record(sideHash[0] ^ sideHash[1] ^ Zobrist.restHash(b)) >= limit && rules.legalMoves(b, moves) > 0) {
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

    private void clear() {
        for (int i = 0; i < usedCount; i++) {
            counts[used[i]] = 0;
        }
        usedCount = 0;
    }

    /** Counts one more occurrence of {@code key}; returns the count. */
    private int record(long key) {
        if (usedCount * 2 >= keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = (int) (key ^ key >>> 29) & mask;
        while (counts[i] != 0 && keys[i] != key) {
            i = i + 1 & mask;
        }
        if (counts[i] == 0) {
            keys[i] = key;
            used[usedCount++] = i;
        }
        return ++counts[i];
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldCounts = counts;
        int[] oldUsed = used;
        int oldUsedCount = usedCount;
        keys = new long[oldKeys.length * 2];
        counts = new int[oldKeys.length * 2];
        used = new int[oldKeys.length * 2];
        usedCount = 0;
        int mask = keys.length - 1;
        for (int u = 0; u < oldUsedCount; u++) {
            long key = oldKeys[oldUsed[u]];
            int i = (int) (key ^ key >>> 29) & mask;
            while (counts[i] != 0) {
                i = i + 1 & mask;
            }
            keys[i] = key;
            counts[i] = oldCounts[oldUsed[u]];
            used[usedCount++] = i;
        }
    }
}
