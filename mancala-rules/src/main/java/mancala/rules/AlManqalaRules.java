package mancala.rules;

/**
 * Al-manqala (RULES.md §2, tags A1–A8). Sources: Mancala World; Culin's Damascus game (La'b Akila) for the
 * options {@code relay} and {@code captureOpposite}. Contested points, as RULES.md decides them: a move feeds (A4)
 * when its sowing drops a seed into the opponent's row, even if the move then captures it; the three-fold
 * repetition that ends the game by equal split (A8) is judged in {@link Game}.
 *
 * <p>Our decision where RULES.md is silent: with {@code relay} and {@code endless=illegal}, a player whose every
 * move is endless has no legal move; the seeds then only circle, so the game ends by the equal split of A8.
 *
 * <p>Pits 0–6 are South's a–g, 7–13 North's A–G; sowing runs up the indices, 13 wrapping to 0. The pit opposite
 * pit p (same column, other row) is 13 − p. A forced pass (A5) is not a move: after a move that leaves the
 * opponent's row empty the mover stays to move.
 */
final class AlManqalaRules extends Rules {
    private static final int N = 7;
    private static final int PITS = 14;
    /** A7: captures that win at once. */
    static final int WINNING_CAPTURES = 50;

    /** Bits of one row: pits 0–6. */
    private static final int ROW = (1 << N) - 1;
    /** Bits of every pit. */
    private static final int ALL = (1 << PITS) - 1;

    /** {@link SeedKey#ring} of the 14 pits in sowing order. */
    private static final long[] RING = SeedKey.ring(0, PITS);

    private final AlManqalaOptions options;

    AlManqalaRules(AlManqalaOptions options) {
        super(N, options.endless());
        this.options = options;
    }

    @Override
    public GameKind kind() {
        return GameKind.AL_MANQALA;
    }

    @Override
    public AlManqalaOptions options() {
        return options;
    }

    @Override
    public Board initialBoard() {
        Board b = new Board(this);
        java.util.Arrays.fill(b.pits, 7);
        return b;
    }

    private static int next(int p) {
        return p == PITS - 1 ? 0 : p + 1;
    }

    private static int previous(int p) {
        return p == 0 ? PITS - 1 : p - 1;
    }

    private static boolean rowEmpty(int[] pits, int side) {
        int base = side * N;
        int any = 0;
        for (int p = base; p < base + N; p++) {
            any |= pits[p]; // no early exit: one branch instead of seven to mispredict (bench: playouts/s)
        }
        return any == 0;
    }

    /**
     * @return bit p set when pit p holds a seed: {@link Board#occupied}[0], which the sowing keeps, once a scan has
     *     made it valid (bit 0 of {@link Board#masksValid})
     */
    private static int occupiedPits(Board b) {
        if ((b.masksValid & 1) == 0) {
            int m = 0;
            for (int p = 0; p < PITS; p++) {
                m |= (-b.pits[p] >>> 31) << p;
            }
            b.occupied[0] = m;
            b.masksValid |= 1;
        }
        assert occupiedBits(b.pits) == b.occupied[0] : "pit mask out of date on " + b;
        return b.occupied[0];
    }

    private static int occupiedBits(int[] pits) {
        int m = 0;
        for (int p = 0; p < PITS; p++) {
            m |= (pits[p] != 0 ? 1 : 0) << p;
        }
        return m;
    }

    /** Implements A2, A4 and A6 (no feeding move: 0 moves), and {@code relay}'s endless rule. */
    @Override
    public int legalMoves(Board b, int[] out) {
        if (b.status != 0) {
            return 0;
        }
        int[] pits = b.pits;
        int base = b.side * N;
        int occupied = occupiedPits(b);
        boolean mustFeed = (occupied >>> (b.side ^ 1) * N & ROW) == 0; // A4
        boolean simulate = options.relay() && (mustFeed || options.endless() == Endless.ILLEGAL);
        if (!simulate) {
            int k = 0;
            for (int m = occupied >>> base & ROW; m != 0; m &= m - 1) {
                int p = base + Integer.numberOfTrailingZeros(m);
                out[k] = p;
                // A4: a single lap that stops short of the opponent's row does not feed
                k += mustFeed ? (base + N - p - 1 - pits[p]) >>> 31 : 1;
            }
            return k;
        }
        Board s = b.scratch();
        int k = 0;
        for (int p = base; p < base + N; p++) {
            int seeds = pits[p];
            if (seeds == 0) {
                continue;
            }
            if (simulate) {
                s.copyFrom(b);
                sow(s, p);
                boolean endless = s.status == Termination.ENDLESS_MOVE.ordinal() + 1;
                if (endless && options.endless() == Endless.ILLEGAL || mustFeed && !s.fed) {
                    continue;
                }
            } else if (mustFeed && seeds < base + N - p) {
                continue; // A4: a single lap that stops short of the opponent's row does not feed
            }
            out[k++] = p;
        }
        return k;
    }

    /** As {@link #legalMoves} without {@code relay}, a mask at a time (bench: playouts/s). */
    @Override
    int candidateMask(Board b, int[] scratch) {
        if (options.relay()) {
            return super.candidateMask(b, scratch);
        }
        if (b.status != 0) {
            return 0;
        }
        int base = b.side * N;
        int occupied = occupiedPits(b);
        int own = occupied & ROW << base;
        if ((occupied >>> (b.side ^ 1) * N & ROW) != 0) {
            return own;
        }
        int[] pits = b.pits;
        int feeding = 0;
        for (int m = own; m != 0; m &= m - 1) {
            int p = Integer.numberOfTrailingZeros(m);
            if (pits[p] >= base + N - p) {
                feeding |= 1 << p; // A4: the lap reaches the opponent's row
            }
        }
        return feeding;
    }

    /** With {@code relay}: every non-empty own pit, to be tried for feeding and endless sowing. */
    @Override
    int candidateMoves(Board b, int[] out) {
        if (!options.relay()) {
            return legalMoves(b, out);
        }
        if (b.status != 0) {
            return 0;
        }
        int base = b.side * N;
        int k = 0;
        for (int p = base; p < base + N; p++) {
            if (b.pits[p] > 0) {
                out[k++] = p;
            }
        }
        return k;
    }

    @Override
    boolean refutedBy(Board before, Board after) {
        if (!options.relay()) {
            return false;
        }
        boolean endless = after.status == Termination.ENDLESS_MOVE.ordinal() + 1;
        return endless && options.endless() == Endless.ILLEGAL || rowEmpty(before.pits, before.side ^ 1) && !after.fed;
    }

    @Override
    boolean candidatesNeedTrial() {
        return options.relay();
    }

    /** Implements A2, A3, A5, A7 and the options {@code skipOrigin}, {@code relay}, {@code captureOpposite}. */
    @Override
    public int sow(Board b, int pit) {
        int[] pits = b.pits;
        int mover = b.side;
        assert sideOf(pit) == mover && pits[pit] > 0 : "not a pit of the side to move with seeds: " + pit;
        SowingTrace trace = b.trace;
        boolean relay = options.relay();
        if (relay) {
            b.startMove(0, PITS);
        }
        b.fed = false;
        int seeds = pits[pit];
        pits[pit] = 0;
        // The board's mask of occupied pits (Board.occupied[0]), kept as the pits change.
        int occupied = b.occupied[0] & ~(1 << pit);
        int origin = pit;
        int q = pit;
        int sown = 0;
        boolean bulk = !relay && !options.skipOrigin() && trace == null;
        long key = b.seedKey; // Board.seedKey, kept lap by lap
        while (true) {
            if (trace != null) {
                trace.lift(origin, seeds);
            }
            sown += seeds;
            key -= seeds * SeedKey.PIT[origin];
            if (bulk) {
                b.fed = seeds >= mover * N + N - pit; // A4: the lap reaches the first pit of the opponent's row
                key += (seeds / PITS) * RING[PITS] + RING[pit + 1 + seeds % PITS] - RING[pit + 1];
                int arc = ((1 << seeds % PITS) - 1) << pit + 1;
                occupied |= (arc | arc >>> PITS) & ALL | (seeds >= PITS ? ALL : 0);
                q = sowRange(pits, pit, seeds);
                seeds = 0;
            }
            for (; seeds > 0; seeds--) {
                q = next(q);
                if (q == origin && options.skipOrigin()) {
                    q = next(q); // A2 option skipOrigin
                }
                pits[q]++;
                key += SeedKey.PIT[q];
                occupied |= 1 << q;
                if (q / N != mover) {
                    b.fed = true;
                }
                if (trace != null) {
                    trace.sow(q);
                }
            }
            int last = pits[q];
            if (last == 2 || last == 4) {
                b.seedKey = key;
                b.occupied[0] = occupied;
                captureChain(b, q, mover); // A3
                occupied = b.occupied[0];
                break;
            }
            if (!relay || last == 1) {
                b.seedKey = key;
                break;
            }
            if (b.lapRepeats(q)) {
                b.endByEndlessMove(0, PITS, endlessResult(options.endless(), mover));
                b.masksValid &= ~1;
                return sown;
            }
            seeds = last; // option relay: neither a capture nor an empty pit, so the pit is lifted
            pits[q] = 0;
            occupied &= ~(1 << q);
            origin = q;
        }
        if (b.holdings[mover] >= WINNING_CAPTURES) {
            b.status = Termination.CAPTURE_MAJORITY.ordinal() + 1; // A7: the game ends at that moment
            b.statusResult = Result.winFor(Side.of(mover));
        }
        b.occupied[0] = occupied;
        b.side = mover ^ 1;
        boolean opponentEmpty;
        boolean moverEmpty;
        if ((b.masksValid & 1) != 0) {
            opponentEmpty = (occupied >>> b.side * N & ROW) == 0;
            moverEmpty = (occupied >>> mover * N & ROW) == 0;
        } else {
            opponentEmpty = rowEmpty(pits, b.side);
            moverEmpty = rowEmpty(pits, mover);
        }
        if (opponentEmpty && !moverEmpty) {
            b.side = mover; // A5: the opponent's row is empty, he passes
        }
        return sown;
    }

    /**
     * Sows {@code seeds} seeds round the board from the pit after {@code from}, the emptied starting pit included
     * (A2's default), a range at a time instead of a seed at a time (bench: playouts/s). Returns the pit of the
     * last seed.
     */
    private static int sowRange(int[] pits, int from, int seeds) {
        if (seeds >= PITS) {
            int rounds = seeds / PITS;
            for (int p = 0; p < PITS; p++) {
                pits[p] += rounds;
            }
            seeds -= rounds * PITS;
        }
        int end = from + seeds;
        if (end < PITS) {
            for (int p = from + 1; p <= end; p++) {
                pits[p]++;
            }
            return end;
        }
        for (int p = from + 1; p < PITS; p++) {
            pits[p]++;
        }
        for (int p = 0; p <= end - PITS; p++) {
            pits[p]++;
        }
        return end - PITS;
    }

    /**
     * A3: takes the last pit if it holds 2 or 4, then each pit before it while it holds 2 or 4, stopping before
     * the chain comes back round to the first pit; {@code captureOpposite} takes each taken pit's opposite too.
     */
    private void captureChain(Board b, int q, int mover) {
        int[] pits = b.pits;
        Side to = Side.of(mover);
        int taken = 0;
        int r = q;
        do {
            int c = pits[r];
            if (c != 2 && c != 4) {
                break;
            }
            taken += c;
            b.seedKey -= c * SeedKey.PIT[r];
            pits[r] = 0;
            b.occupied[0] &= ~(1 << r);
            if (b.trace != null) {
                b.trace.take(r, c, to);
            }
            if (options.captureOpposite()) {
                int o = PITS - 1 - r;
                if (pits[o] > 0 && b.trace != null) {
                    b.trace.take(o, pits[o], to);
                }
                taken += pits[o];
                b.seedKey -= pits[o] * SeedKey.PIT[o];
                pits[o] = 0;
                b.occupied[0] &= ~(1 << o);
            }
            r = previous(r);
        } while (r != q);
        b.holdings[mover] += taken;
    }

    /** Implements A6, A7's count and the end of an emptied board, and the endless option's result. */
    @Override
    public Outcome outcome(Board b) {
        int south = b.holdings[0];
        int north = b.holdings[1];
        if (b.status != 0) {
            return new Outcome(b.statusResult, b.statusTermination(), south, north);
        }
        int onBoard = 0;
        for (int p : b.pits) {
            onBoard += p;
        }
        if (onBoard == 0) {
            return new Outcome(Result.byHoldings(south, north), Termination.BOARD_EMPTY, south, north);
        }
        int hungry = b.side ^ 1;
        if (rowEmpty(b.pits, hungry)) {
            // A6: no move can feed the empty row; the hungry player takes every seed still on the board.
            if (hungry == 0) {
                south += onBoard;
            } else {
                north += onBoard;
            }
            return new Outcome(Result.byHoldings(south, north), Termination.HUNGER, south, north);
        }
        // Every move is endless and illegal: the seeds only circle, so they are split equally (A8).
        return equalSplit(b);
    }

    /**
     * A5: a position whose side to move has an empty row (and the opponent not) is the opponent's to move.
     * A7: a position in which a player already holds 50 has ended.
     */
    @Override
    void normalize(Board b) {
        if (rowEmpty(b.pits, b.side) && !rowEmpty(b.pits, b.side ^ 1)) {
            b.side ^= 1;
        }
        if (b.status == 0 && Math.max(b.holdings[0], b.holdings[1]) >= WINNING_CAPTURES) {
            b.status = Termination.CAPTURE_MAJORITY.ordinal() + 1;
            b.statusResult = Result.byHoldings(b.holdings[0], b.holdings[1]);
        }
    }

    /** A8: a position (board, captures, side to move) occurring for the third time ends the game. */
    @Override
    public int repetitionLimit() {
        return 3;
    }

    /** A8: the seeds on the board are split equally (always possible: every capture is even). */
    @Override
    public Outcome byRepetition(Board b) {
        return equalSplit(b);
    }

    /** A8: the players agreed that the seeds only circle; they are split equally. */
    @Override
    public Outcome byAgreement(Board b) {
        return equalSplit(b);
    }

    private static Outcome equalSplit(Board b) {
        int onBoard = 0;
        for (int p : b.pits) {
            onBoard += p;
        }
        int south = b.holdings[0] + onBoard / 2;
        int north = b.holdings[1] + onBoard - onBoard / 2;
        return new Outcome(Result.byHoldings(south, north), Termination.EQUAL_SPLIT, south, north);
    }
}
