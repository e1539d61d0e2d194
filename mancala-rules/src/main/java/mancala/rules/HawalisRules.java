package mancala.rules;

/**
 * Hawalis (docs/rules.md §1, tags H1–H10) and its Zanzibar variant Bao Kiarabu. Sources: de Voogt, <i>Hawalis in
 * Oman</i> (2003); the igGameCenter rules; Ingrams, <i>Zanzibar</i> (1931) for Bao Kiarabu; Mancala World.
 * Contested points, as docs/rules.md decides them: the emptied starting pit is sown on a full circuit (H4, option
 * {@code skipOrigin}); an endless move loses (H8, options {@code endless=illegal|draw}); seeds are not counted at the
 * end (H9, option {@code scoring=captures}). Repetition (H10) needs the history and is judged in {@link Game}.
 *
 * <p>Each side's pits run in its letter order: outer row a–g (a–h), then inner row h–n (i–p), so in Hawalis a
 * side's pit with index i ≥ 7 is inner and faces the opponent's inner pit 20 − i with the outer pit i − 7 behind
 * it (Bao Kiarabu: i ≥ 8, 23 − i, i − 8). Seeds never leave their owner's pits except by capture (H2).
 */
final class HawalisRules extends Rules {
    private final HawalisOptions options;
    private final int n;
    private final int row;
    /** next[p]: the pit after p in its owner's sowing direction (H2: counterclockwise; Bao Kiarabu: clockwise). */
    private final int[] next;
    private final boolean outerAlwaysCaptured;
    private final boolean skipOrigin;
    /** H2: Bao Kiarabu sows clockwise, down its pit indices; Hawalis counterclockwise, up them. */
    private final boolean clockwise;
    /** Bit i set for each of a side's n pits. */
    private final int sideMask;
    /** Whether laps may be sown a range at a time: counterclockwise and sowing the starting pit (H2, H4). */
    private final boolean bulkSowing;
    /** {@link SeedKey#ring} of each side's pits, South's then North's, {@code 2n + 1} entries a side. */
    private final long[] ringKeys;

    HawalisRules(HawalisOptions options) {
        super(options.pitsPerRow() * 2, options.endless());
        this.options = options;
        this.row = options.pitsPerRow();
        this.n = 2 * row;
        this.skipOrigin = options.skipOrigin();
        this.clockwise = options.kind() == GameKind.BAO_KIARABU;
        this.sideMask = (1 << n) - 1;
        this.outerAlwaysCaptured = options.kind() == GameKind.BAO_KIARABU;
        this.bulkSowing = !clockwise && !skipOrigin;
        this.ringKeys = new long[2 * (2 * n + 1)];
        System.arraycopy(SeedKey.ring(0, n), 0, ringKeys, 0, 2 * n + 1);
        System.arraycopy(SeedKey.ring(n, n), 0, ringKeys, 2 * n + 1, 2 * n + 1);
        this.next = new int[2 * n];
        for (int p = 0; p < 2 * n; p++) {
            int base = p < n ? 0 : n;
            int i = p - base;
            next[p] = base + (clockwise ? (i + n - 1) % n : (i + 1) % n);
        }
    }

    @Override
    public GameKind kind() {
        return options.kind();
    }

    @Override
    public HawalisOptions options() {
        return options;
    }

    @Override
    public Board initialBoard() {
        Board b = new Board(this);
        java.util.Arrays.fill(b.pits, options.seeds());
        return b;
    }

    /** H3 and H6, with endless moves still among them. */
    @Override
    int candidateMoves(Board b, int[] out) {
        int base = b.side * n;
        int k = 0;
        for (int m = ownMoves(b); m != 0; m &= m - 1) {
            out[k++] = base + Integer.numberOfTrailingZeros(m);
        }
        return k;
    }

    @Override
    int candidateMask(Board b, int[] scratch) {
        return ownMoves(b) << b.side * n;
    }

    /** @return H3 and H6's moves, endless ones still among them: bit i for the side to move's pit i */
    private int ownMoves(Board b) {
        if (b.status != 0) {
            return 0;
        }
        int side = b.side;
        int base = side * n;
        int two;
        int occupied;
        if ((b.masksValid >>> side & 1) != 0) {
            two = b.twoOrMore[side];
            occupied = b.occupied[side];
            assert masksOf(b.pits, base) == ((long) occupied << 32 | two) : "pit masks out of date on " + b;
        } else {
            long masks = masksOf(b.pits, base);
            two = (int) masks;
            occupied = (int) (masks >>> 32);
            b.twoOrMore[side] = two;
            b.occupied[side] = occupied;
            b.masksValid |= 1 << side;
        }
        int moves = two;
        if (two == 0) {
            // H6: only without a pit of two or more, a single seed steps forward into an empty pit. Here every pit
            // holds 0 or 1: a move is a pit of 1 whose next pit (H2's direction) is empty.
            int empty = ~occupied & sideMask;
            int nextEmpty = clockwise ? (empty << 1 | empty >>> (n - 1)) & sideMask
                    : (empty >>> 1 | empty << (n - 1)) & sideMask;
            moves = occupied & nextEmpty;
        }
        return moves;
    }

    /**
     * Scans a side's pits without branches to mispredict (bench: playouts/s).
     *
     * @return the mask of pits holding a seed in the high 32 bits, of those holding two or more in the low 32
     */
    private long masksOf(int[] pits, int base) {
        int two = 0;
        int occupied = 0;
        for (int i = 0; i < n; i++) {
            int c = pits[base + i];
            two |= ((1 - c) >>> 31) << i; // c >= 2
            occupied |= (-c >>> 31) << i; // c >= 1
        }
        return (long) occupied << 32 | two;
    }

    /** Implements H3–H8. */
    @Override
    public int sow(Board b, int pit) {
        int[] pits = b.pits;
        int mover = b.side;
        int base = mover * n;
        assert pit >= base && pit < base + n && pits[pit] > 0 : "not a pit of the side to move with seeds: " + pit;
        SowingTrace trace = b.trace;
        int sown;
        int q;
        if (pits[pit] == 1) {
            // H6: a singleton steps one pit forward into an empty pit and never relays.
            q = next[pit];
            assert pits[q] == 0;
            pits[pit] = 0;
            pits[q] = 1;
            b.occupied[mover] ^= 1 << pit - base | 1 << q - base;
            b.seedKey += SeedKey.PIT[q] - SeedKey.PIT[pit];
            sown = 1;
            if (trace != null) {
                trace.lift(pit, 1);
                trace.sow(q);
            }
        } else {
            if (skipOrigin) {
                b.startMove(base, base + n);
            } else {
                b.startReversibleMove(base, base + n);
            }
            if ((b.masksValid >>> mover & 1) == 0) {
                long masks = masksOf(pits, base); // the lap's end is judged by them (H5)
                b.twoOrMore[mover] = (int) masks;
                b.occupied[mover] = (int) (masks >>> 32);
                b.masksValid |= 1 << mover;
            }
            int seeds = pits[pit];
            pits[pit] = 0;
            // The mover's pit masks (Board.occupied, twoOrMore), kept as the pits change: adding a seed to the
            // pits of mask m is two |= m & occupied; occupied |= m.
            int occupied = b.occupied[mover] & ~(1 << pit - base);
            int two = b.twoOrMore[mover] & ~(1 << pit - base);
            int origin = pit;
            q = pit;
            sown = 0;
            boolean bulk = bulkSowing && trace == null;
            long key = b.seedKey; // Board.seedKey, kept lap by lap
            int ring = mover * (2 * n + 1);
            while (true) {
                if (trace != null) {
                    trace.lift(origin, seeds);
                }
                sown += seeds;
                key -= seeds * SeedKey.PIT[origin];
                if (bulk) {
                    int rel = q - base;
                    int rest = seeds;
                    if (seeds >= n) {
                        int rounds = seeds / n;
                        rest = seeds - rounds * n;
                        two |= occupied | (rounds >= 2 ? sideMask : 0);
                        occupied = sideMask;
                        for (int p = base; p < base + n; p++) {
                            pits[p] += rounds;
                        }
                        key += rounds * (ringKeys[ring + n] - ringKeys[ring]);
                    }
                    int arc = arcAfter(rel, rest);
                    two |= arc & occupied;
                    occupied |= arc;
                    key += ringKeys[ring + rel + 1 + rest] - ringKeys[ring + rel + 1];
                    q = sowArc(pits, base, rel, rest);
                    seeds = 0;
                }
                for (; seeds > 0; seeds--) {
                    q = next[q];
                    if (q == origin && skipOrigin) {
                        q = next[q]; // H4 option skipOrigin
                    }
                    pits[q]++;
                    key += SeedKey.PIT[q];
                    int bit = 1 << q - base;
                    two |= bit & occupied;
                    occupied |= bit;
                    if (trace != null) {
                        trace.sow(q);
                    }
                }
                if ((two >>> q - base & 1) == 0) {
                    break; // H5: the lap ended in an empty pit (it holds one seed: the mask says so without a load)
                }
                if (skipOrigin ? b.lapRepeats(q) : q == pit && b.backAtStart(q, pit)) {
                    // H8: the lap state repeated, so the sowing would never end.
                    b.endByEndlessMove(base, base + n, endlessResult(options.endless(), mover), !skipOrigin
                            || endlessPlayable);
                    b.masksValid &= ~(1 << mover);
                    return sown;
                }
                seeds = pits[q]; // H5: relay from the occupied pit, the last seed included
                pits[q] = 0;
                occupied &= ~(1 << q - base);
                two &= ~(1 << q - base);
                origin = q;
            }
            b.occupied[mover] = occupied;
            b.twoOrMore[mover] = two;
            b.seedKey = key;
        }
        capture(b, q, mover);
        b.side = mover ^ 1;
        return sown;
    }

    /** @return the mask of the {@code count} pits (fewer than n) after the side's pit {@code i}, round the side. */
    private int arcAfter(int i, int count) {
        int m = ((1 << count) - 1) << i + 1;
        return (m | m >>> n) & sideMask;
    }

    /*
     * Why a lap without skipOrigin is one-to-one, so that Board.backAtStart finds every endless move (H8). A lap
     * lifts the k seeds of pit o and sows them one a pit from the next on, round the mover's n pits and through o
     * itself; with k = a*n + r (0 <= r < n) every pit gains a, the r pits after o one more, and the lap ends in
     * o + r. Seen from the state after it (pits P, the lap's end e): o holds a, the fewest of any pit, and the pits
     * from o + 1 to e hold more. So if P[e] is the fewest, r = 0 and o = e; otherwise o is the first pit holding the
     * fewest met going back from e. Either way o, then a and k, then the pits before the lap are known: each state
     * has at most one predecessor. Clockwise sowing (Bao Kiarabu) is the mirror image. The opponent's pits and the
     * holdings do not change during the sowing (H7 captures after it). With skipOrigin the origin gains nothing,
     * the number of full rounds is not seen afterwards, and the lap map is not one-to-one: Brent's cycle finding.
     */

    /**
     * Drops one seed in each of the {@code count} pits (fewer than n) after the side's pit {@code rel}
     * counterclockwise, round the mover's pits {@code base..base+n-1}: the rest of a lap once its full rounds are
     * sown, a range at a time instead of a seed at a time (bench: about a fifth more playouts/s). Returns the pit of
     * the last seed ({@code base + rel} when count is 0).
     */
    private int sowArc(int[] pits, int base, int rel, int count) {
        int end = rel + count;
        if (end < n) {
            for (int p = base + rel + 1; p <= base + end; p++) {
                pits[p]++;
            }
            return base + end;
        }
        for (int p = base + rel + 1; p < base + n; p++) {
            pits[p]++;
        }
        for (int p = base; p <= base + end - n; p++) {
            pits[p]++;
        }
        return base + end - n;
    }

    /** H7 (and Bao Kiarabu's capture): the move ended in pit {@code q} of {@code mover}. */
    @Override
    public void capture(Board b, int q, int mover) {
        int i = q - mover * n;
        if (i < row) {
            return; // H7: the move ended in the outer row
        }
        int[] pits = b.pits;
        int oppBase = (mover ^ 1) * n;
        int facing = oppBase + 3 * row - 1 - i;
        int behind = oppBase + i - row;
        if (pits[facing] == 0 && !outerAlwaysCaptured) {
            return; // H7: facing inner pit empty, so nothing is captured, even behind it
        }
        int taken = pits[facing] + pits[behind];
        if (taken == 0) {
            return;
        }
        Side to = Side.of(mover);
        if (b.trace != null) {
            if (pits[facing] > 0) {
                b.trace.take(facing, pits[facing], to);
            }
            if (pits[behind] > 0) {
                b.trace.take(behind, pits[behind], to);
            }
        }
        b.seedKey -= pits[facing] * SeedKey.PIT[facing] + pits[behind] * SeedKey.PIT[behind];
        pits[facing] = 0;
        pits[behind] = 0;
        int cleared = ~(1 << facing - oppBase | 1 << behind - oppBase);
        b.occupied[mover ^ 1] &= cleared;
        b.twoOrMore[mover ^ 1] &= cleared;
        b.holdings[mover] += taken;
    }

    /** Implements H9 (and {@code scoring=captures}) and H8's result. Holdings are the captures. */
    @Override
    public Outcome outcome(Board b) {
        int south = b.holdings[0];
        int north = b.holdings[1];
        if (b.status != 0) {
            return new Outcome(b.statusResult, b.statusTermination(), south, north);
        }
        int base = b.side * n;
        boolean noSeeds = true;
        for (int p = base; p < base + n; p++) {
            if (b.pits[p] != 0) {
                noSeeds = false;
                break;
            }
        }
        Termination why = noSeeds ? Termination.NO_SEEDS : Termination.NO_MOVE;
        Result result = options.scoringCaptures()
                ? Result.byHoldings(south, north)
                : Result.winFor(Side.of(b.side ^ 1)); // H9: the side to move cannot move and loses
        return new Outcome(result, why, south, north);
    }

    /** H10: a position occurring a second time draws. */
    @Override
    public int repetitionLimit() {
        return 2;
    }

    @Override
    public Outcome byRepetition(Board b) {
        return new Outcome(Result.DRAW, Termination.REPETITION, b.holdings[0], b.holdings[1]);
    }
}
