package mancala.rules;

/**
 * One round of Rio Kadalis (docs/rules.md §3, tags R2–R7, R10's end); the match (R1, R8, R9, {@code conquest}) is
 * {@link Match}. Sources: Pankhurst, <i>Gabata and related board games</i> (1971); Mancala World; Ludii (the
 * options {@code foursAtLapEnd} and {@code conquest}). Contested points, as docs/rules.md decides them: an endless move
 * is illegal (R5, our decision; under {@code endless=lose} the mover loses the round and under {@code draw} the round
 * is drawn, the board staying as before the move); a thrice repeated position ends the round (R10, in {@link Game}).
 *
 * <p>Pits 0…n−1 are South's a…, n…2n−1 North's A…; sowing runs up the indices (down with {@code clockwise}),
 * skipping closed pits. A pit's owner is its row's owner unless it was conquered ({@code conquest}).
 */
final class RioKadalisRules extends Rules {
    private final RioKadalisOptions options;
    private final int n;
    private final int pits;
    private final int[] next;
    /** Bit p set for each pit p of South's row. */
    private final int southRow;

    RioKadalisRules(RioKadalisOptions options) {
        super(options.pitsPerRow(), options.endless());
        this.options = options;
        this.n = options.pitsPerRow();
        this.pits = 2 * n;
        this.southRow = (1 << n) - 1;
        this.next = new int[pits];
        for (int p = 0; p < pits; p++) {
            next[p] = options.clockwise() ? (p + pits - 1) % pits : (p + 1) % pits;
        }
    }

    @Override
    public GameKind kind() {
        return GameKind.RIO_KADALIS;
    }

    @Override
    public RioKadalisOptions options() {
        return options;
    }

    @Override
    public Board initialBoard() {
        Board b = new Board(this);
        java.util.Arrays.fill(b.pits, RioKadalisOptions.SEEDS_PER_PIT);
        return b;
    }

    /** @return bit p set for each pit p {@code side} owns: its row, less pits conquered from it, plus those it conquered. */
    private int ownPits(Board b, int side) {
        return (side == 0 ? southRow : southRow << n) ^ b.conquered;
    }

    private int ownerIndex(Board b, int p) {
        return (p < n ? 0 : 1) ^ (b.conquered >>> p & 1);
    }

    /** R2, with endless moves still among them. */
    @Override
    int candidateMoves(Board b, int[] out) {
        if (b.status != 0) {
            return 0;
        }
        int[] ps = b.pits;
        int k = 0;
        // The side's open pits, ascending; an empty one is written and then overwritten, without a branch to
        // mispredict (bench: playouts/s).
        for (int m = ownPits(b, b.side) & ~b.closed; m != 0; m &= m - 1) {
            int p = Integer.numberOfTrailingZeros(m);
            out[k] = p;
            k += -ps[p] >>> 31; // ps[p] > 0
        }
        return k;
    }

    /**
     * A move surely ends, so is legal however endless moves are judged (R5), when no pit is closed, its seeds are
     * fewer than the pits and the pit its last seed falls in holds 0 or 3: the lap goes round the board less than
     * once, so that pit is reached once, with the lap's last seed, and then holds 1 (R4: the lap ends) or 4 (R4:
     * binikh). Fours taken during the lap (R3, {@code foursAtLapEnd}) are of other pits, and {@code skipOrigin}
     * matters only on a full round. Lets search leaves and {@link #legalMoves} skip most trials (bench: nodes/s).
     */
    @Override
    boolean surelyLegal(Board b, int pit) {
        int seeds = b.pits[pit];
        if (b.closed != 0 || seeds >= pits) {
            return false;
        }
        int last;
        if (options.clockwise()) {
            last = pit >= seeds ? pit - seeds : pit - seeds + pits;
        } else {
            last = pit + seeds < pits ? pit + seeds : pit + seeds - pits;
        }
        int held = b.pits[last];
        return held == 0 || held == 3;
    }

    /** Implements R2–R5 and the options {@code clockwise}, {@code skipOrigin}, {@code foursAtLapEnd}. */
    @Override
    public int sow(Board b, int pit) {
        int[] ps = b.pits;
        int mover = b.side;
        assert ps[pit] > 0 && ownerIndex(b, pit) == mover && !b.isClosed(pit) : "not a playable pit: " + pit;
        SowingTrace trace = b.trace;
        int closed = b.closed;
        boolean skipOrigin = options.skipOrigin();
        boolean foursAtLapEnd = options.foursAtLapEnd();
        b.startMove(0, pits);
        int seeds = ps[pit];
        ps[pit] = 0;
        int origin = pit;
        int q = pit;
        int sown = 0;
        long key = 0; // the change of Board.seedKey by the laps, seed by seed; takeFour changes it itself
        while (true) {
            if (trace != null) {
                trace.lift(origin, seeds);
            }
            sown += seeds;
            key -= seeds * SeedKey.PIT[origin];
            int sownMask = 0;
            while (seeds > 0) {
                do {
                    q = next[q];
                } while ((closed >>> q & 1) != 0 || q == origin && skipOrigin); // R2: closed pits are skipped
                ps[q]++;
                key += SeedKey.PIT[q];
                seeds--;
                if (trace != null) {
                    trace.sow(q);
                }
                if (seeds > 0) {
                    if (foursAtLapEnd) {
                        sownMask |= 1 << q;
                    } else if (ps[q] == 4) {
                        takeFour(b, q, ownerIndex(b, q)); // R3: a four made during the lap goes to the row's owner
                    }
                }
            }
            if (foursAtLapEnd) {
                sownMask &= ~(1 << q);
                for (int m = sownMask; m != 0; m &= m - 1) {
                    int p = Integer.numberOfTrailingZeros(m);
                    if (ps[p] == 4) {
                        takeFour(b, p, ownerIndex(b, p)); // R3 option foursAtLapEnd
                    }
                }
            }
            int last = ps[q];
            if (last == 4) {
                takeFour(b, q, mover); // R4: binikh, the mover takes the four in either row
                break;
            }
            if (last == 1) {
                break; // R4: the lap ended in an empty pit
            }
            if (b.lapRepeats(q)) {
                b.endByEndlessMove(0, pits, endlessResult(options.endless(), mover)); // R5
                return sown;
            }
            seeds = last; // R4: relay
            ps[q] = 0;
            origin = q;
        }
        b.seedKey += key;
        b.side = mover ^ 1;
        return sown;
    }

    private static void takeFour(Board b, int p, int to) {
        if (b.trace != null) {
            b.trace.take(p, 4, Side.of(to));
        }
        b.pits[p] = 0;
        b.seedKey -= 4 * SeedKey.PIT[p];
        b.holdings[to] += 4;
    }

    /**
     * R6 and R7: the round has ended; seeds still on the board go to their pits' owners and the larger holding
     * wins the round. An endless move under {@code lose} or {@code draw} sets the result instead (R5).
     */
    @Override
    public Outcome outcome(Board b) {
        int[] held = holdings(b);
        if (b.status != 0) {
            return new Outcome(b.statusResult, b.statusTermination(), held[0], held[1]);
        }
        return new Outcome(Result.byHoldings(held[0], held[1]), Termination.NO_MOVE, held[0], held[1]);
    }

    /** R6: each side's holdings plus the seeds in the pits it owns. */
    int[] holdings(Board b) {
        int[] held = {b.holdings[0], b.holdings[1]};
        for (int p = 0; p < pits; p++) {
            held[ownerIndex(b, p)] += b.pits[p];
        }
        return held;
    }

    /** R10: a position occurring for the third time in a round ends the round as R6 does. */
    @Override
    public int repetitionLimit() {
        return 3;
    }

    @Override
    public Outcome byRepetition(Board b) {
        int[] held = holdings(b);
        return new Outcome(Result.byHoldings(held[0], held[1]), Termination.REPETITION, held[0], held[1]);
    }

    /**
     * Agreed end of a round: the round ends as R6 ends it (the seeds left on the board go to the owners of the rows
     * they are in) and R7 decides it: more seeds win the round, equal holdings draw it. The holdings recorded are
     * those seeds, so an agreed end at 25-23 is a round South won 25-23, not a draw.
     */
    @Override
    public Outcome byAgreement(Board b) {
        int[] held = holdings(b);
        return new Outcome(Result.byHoldings(held[0], held[1]), Termination.AGREEMENT, held[0], held[1]);
    }

    @Override
    void validate(Board b) {
        for (int p = 0; p < pits; p++) {
            if ((b.closed >>> p & 1) != 0 && b.pits[p] != 0) {
                throw new RulesException("closed pit " + p + " holds seeds");
            }
        }
        if ((b.closed & b.conquered) != 0) {
            throw new RulesException("a closed pit cannot be conquered");
        }
        if (b.conquered != 0 && !options.conquest()) {
            throw new RulesException("conquered pits need option conquest");
        }
    }
}
