package mancala.rules;

import java.util.Arrays;

/**
 * The mutable board used in search and playouts: pit counts, seeds held off the board, side to move and, for Rio
 * Kadalis, closed and conquered pits. Moves are applied in place by {@link #sow(int)}; there is no unmake: search
 * copies a board per ply with {@link #copyFrom(Board)} (a handful of ints, cheaper than undoing a relay sowing).
 *
 * <p>Pit index order, used everywhere in this library: South's pits first, then North's, each side in its owner's
 * letter order (a = 0, b = 1, …). So with {@code n} pits a side ({@link Rules#pitsPerSide()}: 14 in Hawalis, 16 in
 * Bao Kiarabu, 7 in Al-manqala, 6 or 5 in Rio Kadalis), South's pit a is 0 and North's pit A is {@code n}.
 * A move is the index of the pit it lifts.
 *
 * <p>The board knows nothing of earlier positions: repetition (H10, A8, R10) lives in {@link Game}.
 * It assumes legal input and checks with {@code assert}; validation happens in {@link Position}.
 */
public final class Board {
    /** Laps a move sows before cycle detection starts; shorter moves never pay for it (bench: playouts/s). */
    static final int CYCLE_CHECK_FROM_LAP = 16;

    final Rules rules;
    final int[] pits;
    final int[] holdings = new int[2];
    int side;
    /** Bit p set: pit p is closed (R8). */
    int closed;
    /** Bit p set: pit p belongs to the player across from its row (Rio Kadalis {@code conquest}). */
    int conquered;
    /** 0 while the game goes on by the board alone; otherwise a {@link Termination} ordinal + 1 set by a move. */
    int status;
    /** The result that goes with {@link #status}. */
    Result statusResult;
    /** Al-manqala A4: whether the last move dropped a seed into the opponent's row. */
    boolean fed;
    SowingTrace trace;
    /**
     * Pit masks, kept up to date by the sowing and captures of the rules so that move generation does not scan the
     * pits (bench: playouts/s); any other change of the pits must clear {@link #masksValid}. Four-row games
     * ({@link HawalisRules}), for each side whose bit is set in masksValid: bit i set when the side's pit
     * {@code side * pitsPerSide + i} holds a seed ({@code occupied}) or two or more ({@code twoOrMore}).
     * Al-manqala ({@link AlManqalaRules}), while bit 0 is set: {@code occupied[0]} has bit p set when pit p holds a
     * seed. Rio Kadalis uses none.
     */
    final int[] occupied = new int[2];
    final int[] twoOrMore = new int[2];
    int masksValid;
    /**
     * The {@link SeedKey} of all the pits, while {@link #seedKeyValid}: the sowing and captures of every game keep it
     * up to date at a few additions a lap (bench: playouts/s, nodes/s); an endless move, which restores the pits,
     * clears the flag, and so must any other change of the pits. Read it with {@link #seedKey()}.
     */
    long seedKey;
    boolean seedKeyValid;

    // Endless-move detection (Brent's cycle finding over lap states), allocation-free.
    private final int[] saved;
    private int savedPit;
    private int laps;
    private int power;
    private int lam;
    /** The pits a move can change: [moveFrom, moveTo). */
    private int moveFrom;
    private int moveTo;
    /** Pits and holdings before the move, for restoring after an endless move. */
    final int[] before;
    private Board scratch;

    Board(Rules rules) {
        this.rules = rules;
        this.pits = new int[rules.pitCount()];
        this.saved = new int[pits.length + 2];
        this.before = new int[pits.length + 2];
    }

    /** @return a new board holding the same position (not the trace). */
    public Board copy() {
        Board b = new Board(rules);
        b.copyFrom(this);
        return b;
    }

    /**
     * Sets this board to the position of {@code other}, which must be of the same rules.
     *
     * @throws IllegalArgumentException when the rules differ
     */
    public void copyFrom(Board other) {
        if (other.rules != rules) {
            throw new IllegalArgumentException("boards of different rules");
        }
        System.arraycopy(other.pits, 0, pits, 0, pits.length);
        holdings[0] = other.holdings[0];
        holdings[1] = other.holdings[1];
        side = other.side;
        closed = other.closed;
        conquered = other.conquered;
        status = other.status;
        statusResult = other.statusResult;
        fed = other.fed;
        occupied[0] = other.occupied[0];
        occupied[1] = other.occupied[1];
        twoOrMore[0] = other.twoOrMore[0];
        twoOrMore[1] = other.twoOrMore[1];
        masksValid = other.masksValid;
        seedKey = other.seedKey;
        seedKeyValid = other.seedKeyValid;
    }

    /**
     * Sets this board to a position with nothing held off the board, no closed or conquered pit and no end set by a
     * move: the form retrograde analysis enumerates. No rule is checked or applied (not even Al-manqala's forced pass,
     * A5); callers that read positions from users go through {@link Position#of}.
     *
     * @param seeds seeds per pit in this class's index order, {@link #pitCount()} entries
     * @param sideIndex 0 when South is to move, 1 when North is
     */
    public void setup(int[] seeds, int sideIndex) {
        System.arraycopy(seeds, 0, pits, 0, pits.length);
        holdings[0] = 0;
        holdings[1] = 0;
        side = sideIndex;
        closed = 0;
        conquered = 0;
        status = 0;
        statusResult = null;
        fed = false;
        masksValid = 0;
        seedKeyValid = false;
    }

    /** @return the bit mask of closed pits (bit p for pit p, Rio Kadalis R8). */
    public int closedMask() {
        return closed;
    }

    /** @return the bit mask of conquered pits (Rio Kadalis {@code conquest}). */
    public int conqueredMask() {
        return conquered;
    }

    /** @return the rules this board is played by. */
    public Rules rules() {
        return rules;
    }

    /** @return seeds in {@code pit} (board index, see the class doc). */
    public int seeds(int pit) {
        return pits[pit];
    }

    /** @return the number of pits, both sides together. */
    public int pitCount() {
        return pits.length;
    }

    /** @return seeds held off the board by {@code s}: captures, and in Rio Kadalis also fours and reserve. */
    public int holdings(Side s) {
        return holdings[s.index()];
    }

    /** @return seeds held off the board by side index 0 (South) or 1 (North). */
    public int holdings(int sideIndex) {
        return holdings[sideIndex];
    }

    /** @return the side to move. */
    public Side sideToMove() {
        return Side.of(side);
    }

    /** @return 0 when South is to move, 1 when North is. */
    public int sideIndex() {
        return side;
    }

    /** @return true when {@code pit} is closed (Rio Kadalis R8). */
    public boolean isClosed(int pit) {
        return (closed >>> pit & 1) != 0;
    }

    /** @return the player who owns {@code pit}: its row's owner, unless conquered (Rio Kadalis {@code conquest}). */
    public Side owner(int pit) {
        return Side.of(rules.sideOf(pit) ^ (conquered >>> pit & 1));
    }

    /** @return the total seeds on the board and off it; constant through a game. */
    public int totalSeeds() {
        int t = holdings[0] + holdings[1];
        for (int p : pits) {
            t += p;
        }
        return t;
    }

    /**
     * Writes the legal moves of the side to move into {@code out}, ascending, and returns their count.
     *
     * @param out an array of at least {@link Board#pitCount()} entries
     * @return the number of legal moves; 0 when the game (or round) is over
     */
    public int legalMoves(int[] out) {
        return rules.legalMoves(this, out);
    }

    /**
     * Sows the legal move {@code pit} in place: the whole move (every lap and relay, the captures, the turn
     * passing, an end set by the move). Names in this library: {@code sow} changes a board and returns the seeds
     * sown; {@code play} plays a move in a {@link Position}, {@link Game} or {@link Match} and returns the position
     * after it.
     *
     * @return the seeds dropped while sowing (every lap counted)
     */
    public int sow(int pit) {
        return rules.sow(this, pit);
    }

    /** @return true when a move ended the game (endless move, A7); a board with no legal move has ended too. */
    public boolean endedByMove() {
        return status != 0;
    }

    /**
     * Sets the trace that receives each step of the following moves; null turns tracing off.
     *
     * @param trace the receiver, or null
     */
    public void trace(SowingTrace trace) {
        this.trace = trace;
    }

    /** @return the {@link SeedKey} of all the pits: the kept one, summed over the pits (and kept) when not valid */
    long seedKey() {
        if (!seedKeyValid) {
            seedKey = SeedKey.of(pits, 0, pits.length);
            seedKeyValid = true;
        }
        assert seedKey == SeedKey.of(pits, 0, pits.length) : "seed key out of date on " + this;
        return seedKey;
    }

    /** A board used to try moves on, owned by this board. */
    Board scratch() {
        if (scratch == null) {
            scratch = new Board(rules);
        }
        return scratch;
    }

    /** Marks the start of a move for cycle detection and keeps what an endless move restores. */
    void startMove(int from, int to) {
        laps = 0;
        moveFrom = from;
        moveTo = to;
        if (rules.endlessPlayable) {
            System.arraycopy(pits, from, before, from, to - from);
            before[pits.length] = holdings[0];
            before[pits.length + 1] = holdings[1];
        }
    }

    /**
     * Marks the start of a move whose lap map is one-to-one (see {@link #backAtStart}) and keeps the pits and
     * holdings before it, for that check and for restoring after an endless move.
     */
    void startReversibleMove(int from, int to) {
        moveFrom = from;
        moveTo = to;
        System.arraycopy(pits, from, before, from, to - from);
        before[pits.length] = holdings[0];
        before[pits.length + 1] = holdings[1];
    }

    /**
     * For a move started by {@link #startReversibleMove}: called after each lap that ends in an occupied pit, before
     * that pit is lifted (H8). Returns true when the lap state (the pits the move can change, the holdings, the pit
     * about to be lifted) is the state the move started from: the sowing would then go round for ever.
     *
     * <p>Exact only where the lap map is one-to-one, which the caller must know; then a move is endless if and only
     * if it comes back to its start. Proof: the states are finite, so a move that never ends repeats a state; were
     * the first repeated state not the start, it would have two predecessors (one on the cycle, one before it),
     * which a one-to-one map forbids. Costs one comparison of ints per lap and no saving, and finds an endless move
     * one cycle after it starts, where cycle finding over arbitrary states takes up to about three cycles.
     */
    boolean backAtStart(int pit, int start) {
        if (pit != start) {
            return false;
        }
        for (int i = moveFrom; i < moveTo; i++) {
            if (pits[i] != before[i]) {
                return false;
            }
        }
        int n = pits.length;
        return holdings[0] == before[n] && holdings[1] == before[n + 1];
    }

    /**
     * Called after each lap that ends in an occupied pit, before that pit is lifted (H8, R5). Returns true when
     * the lap state (the pits the move can change, the holdings, the pit where the lap ended) repeats an earlier lap
     * state of this move; pits outside the range given to {@link #startMove} cannot change during the move.
     * Exact: the move is deterministic, so it never ends if and only if a state repeats; Brent's method finds the
     * repetition with one saved state and no allocation. Checking starts after {@link #CYCLE_CHECK_FROM_LAP} laps,
     * which delays but never misses the detection.
     */
    boolean lapRepeats(int pit) {
        int lap = ++laps;
        if (lap < CYCLE_CHECK_FROM_LAP) {
            return false;
        }
        if (lap == CYCLE_CHECK_FROM_LAP) {
            saveLapState(pit);
            power = 1;
            lam = 0;
            return false;
        }
        if (pit == savedPit && sameAsSaved()) {
            return true;
        }
        if (++lam == power) {
            saveLapState(pit);
            power <<= 1;
            lam = 0;
        }
        return false;
    }

    private void saveLapState(int pit) {
        System.arraycopy(pits, moveFrom, saved, moveFrom, moveTo - moveFrom);
        saved[pits.length] = holdings[0];
        saved[pits.length + 1] = holdings[1];
        savedPit = pit;
    }

    private boolean sameAsSaved() {
        for (int i = moveFrom; i < moveTo; i++) {
            if (pits[i] != saved[i]) {
                return false;
            }
        }
        int n = pits.length;
        return holdings[0] == saved[n] && holdings[1] == saved[n + 1];
    }

    /**
     * Ends the game by an endless move: restores the position before the move (it never completes; the mover is
     * still to move) and records the result the option gives.
     */
    void endByEndlessMove(int from, int to, Result result) {
        endByEndlessMove(from, to, result, rules.endlessPlayable);
    }

    /** As {@link #endByEndlessMove(int, int, Result)}; {@code restore}: whether the position before was kept. */
    void endByEndlessMove(int from, int to, Result result, boolean restore) {
        seedKeyValid = false;
        if (restore) {
            System.arraycopy(before, from, pits, from, to - from);
            holdings[0] = before[pits.length];
            holdings[1] = before[pits.length + 1];
        }
        status = Termination.ENDLESS_MOVE.ordinal() + 1;
        statusResult = result;
    }

    /** @return the termination set by a move, if any. */
    Termination statusTermination() {
        return status == 0 ? null : Termination.values()[status - 1];
    }

    @Override
    public String toString() {
        return rules.kind().key() + " " + Arrays.toString(pits) + " holdings=" + holdings[0] + "-" + holdings[1]
                + " " + (side == 0 ? "S" : "N") + (closed != 0 ? " closed=" + Integer.toBinaryString(closed) : "");
    }
}
