package mancala.rules;

import java.util.Arrays;
import java.util.Optional;

/**
 * An immutable position: the rules (game and options), the pits, the seeds each side holds off the board, the side
 * to move and, in Rio Kadalis, closed and conquered pits. {@link #play(int)} returns the position after a move, as
 * {@link Game#play} does ({@link Board#sow} is the in-place form). Legal moves are computed on first use and cached. A position knows no history: repetition is judged by {@link Game}.
 *
 * <p>Pits are indexed as in {@link Board}. A position in which the game has ended by a move (an endless move, A7)
 * remembers that end; after an endless move the pits are those before it and the mover is still "to move".
 */
public final class Position {
    private final Rules rules;
    private final int[] pits;
    private final int southHoldings;
    private final int northHoldings;
    private final int side;
    private final int closed;
    private final int conquered;
    private final int status;
    private final Result statusResult;
    private int[] legal;

    private Position(Board b) {
        this.rules = b.rules;
        this.pits = b.pits.clone();
        this.southHoldings = b.holdings[0];
        this.northHoldings = b.holdings[1];
        this.side = b.side;
        this.closed = b.closed;
        this.conquered = b.conquered;
        this.status = b.status;
        this.statusResult = b.statusResult;
    }

    /** @return the start position of a game with these rules (Rio Kadalis: the match's first round). */
    public static Position initial(Rules rules) {
        return new Position(rules.initialBoard());
    }

    /** @return the start position of a game with its default options. */
    public static Position initial(GameKind kind) {
        return initial(kind.rules());
    }

    /** @return a snapshot of a board's position. */
    public static Position of(Board board) {
        return new Position(board);
    }

    /**
     * Builds and validates a position.
     *
     * @param pits        seeds per pit in {@link Board}'s order, length {@link Rules#pitCount()}
     * @param southHoldings  seeds South holds off the board
     * @param northHoldings  seeds North holds off the board
     * @param closedMask  bit p set: pit p is closed (Rio Kadalis only; such pits hold 0)
     * @param conqueredMask bit p set: pit p is owned by the player across from its row (Rio Kadalis conquest only)
     * @throws RulesException naming the first thing that is wrong
     */
    public static Position of(Rules rules, int[] pits, int southHoldings, int northHoldings, Side toMove,
                              int closedMask, int conqueredMask) {
        if (pits.length != rules.pitCount()) {
            throw new RulesException(rules.kind().displayName() + " has " + rules.pitCount() + " pits, not "
                    + pits.length);
        }
        Board b = rules.emptyBoard();
        for (int p = 0; p < pits.length; p++) {
            if (pits[p] < 0) {
                throw new RulesException("pit " + rules.pitLetter(p) + " holds " + pits[p] + " seeds");
            }
            b.pits[p] = pits[p];
        }
        if (southHoldings < 0 || northHoldings < 0) {
            throw new RulesException("seeds held off the board cannot be negative: " + southHoldings + "-" + northHoldings);
        }
        if (closedMask >>> rules.pitCount() != 0 || conqueredMask >>> rules.pitCount() != 0) {
            throw new RulesException("pit mask beyond the board");
        }
        b.holdings[0] = southHoldings;
        b.holdings[1] = northHoldings;
        b.side = toMove.index();
        b.closed = closedMask;
        b.conquered = conqueredMask;
        rules.validate(b);
        rules.normalize(b);
        return new Position(b);
    }

    /** @return a new board holding this position. */
    public Board toBoard() {
        Board b = rules.emptyBoard();
        System.arraycopy(pits, 0, b.pits, 0, pits.length);
        b.holdings[0] = southHoldings;
        b.holdings[1] = northHoldings;
        b.side = side;
        b.closed = closed;
        b.conquered = conquered;
        b.status = status;
        b.statusResult = statusResult;
        return b;
    }

    public Rules rules() {
        return rules;
    }

    public GameKind kind() {
        return rules.kind();
    }

    public Side sideToMove() {
        return Side.of(side);
    }

    /** @return seeds in {@code pit} (index as in {@link Board}). */
    public int seeds(int pit) {
        return pits[pit];
    }

    /** @return a copy of the pit counts, length {@link Rules#pitCount()}, in {@link Board}'s order. */
    public int[] pits() {
        return pits.clone();
    }

    /** @return seeds {@code s} holds off the board (captures; in Rio Kadalis also fours and reserve). */
    public int holdings(Side s) {
        return s == Side.SOUTH ? southHoldings : northHoldings;
    }

    /** @return true when {@code pit} is closed (Rio Kadalis R8). */
    public boolean isClosed(int pit) {
        return (closed >>> pit & 1) != 0;
    }

    /** @return the bit mask of closed pits (bit p for pit p). */
    public int closedMask() {
        return closed;
    }

    /** @return the bit mask of conquered pits, owned by the player across from their row. */
    public int conqueredMask() {
        return conquered;
    }

    /** @return the owner of {@code pit}: its row's owner unless conquered. */
    public Side owner(int pit) {
        return Side.of(rules.sideOf(pit) ^ (conquered >>> pit & 1));
    }

    /** @return seeds on the board in the pits {@code s} owns. */
    public int seedsOnBoard(Side s) {
        int t = 0;
        for (int p = 0; p < pits.length; p++) {
            if (owner(p) == s) {
                t += pits[p];
            }
        }
        return t;
    }

    /** @return all seeds, on the board and held off it. */
    public int totalSeeds() {
        int t = southHoldings + northHoldings;
        for (int p : pits) {
            t += p;
        }
        return t;
    }

    /**
     * The one check that a position (from notation: the command line, the engine protocol, a record's Setup) holds
     * no more seeds, on and off the board, than its game starts with: seeds are conserved (RULES.md §0).
     *
     * @return this position
     * @throws RulesException e.g. "holds 84 seeds, expected at most 56: seeds on and off the board never exceed the
     *     hawalis starting total"
     */
    public Position requireSeedTotal() {
        int most = rules.startingSeeds();
        int total = totalSeeds();
        if (total > most) {
            throw new RulesException("holds " + total + " seeds, expected at most " + most + ": seeds on and off the"
                    + " board never exceed the " + kind().key() + " starting total");
        }
        return this;
    }

    /** @return the legal moves (pit indices, ascending); empty when the game or round is over. */
    public int[] legalMoves() {
        return legal().clone();
    }

    private int[] legal() {
        int[] l = legal;
        if (l == null) {
            int[] out = new int[pits.length];
            int k = rules.legalMoves(toBoard(), out);
            l = Arrays.copyOf(out, k);
            legal = l;
        }
        return l;
    }

    /** @return true when {@code pit} is a legal move here. */
    public boolean isLegal(int pit) {
        for (int m : legal()) {
            if (m == pit) {
                return true;
            }
        }
        return false;
    }

    /**
     * Plays a move.
     *
     * @param pit the pit to lift (index as in {@link Board})
     * @return the position after it
     * @throws RulesException when the move is not legal, saying why and listing the legal moves
     */
    public Position play(int pit) {
        return play(pit, null);
    }

    /**
     * Plays a move, reporting each lap, seed and capture to {@code trace} (may be null).
     *
     * @throws RulesException when the move is not legal
     */
    public Position play(int pit, SowingTrace trace) {
        if (!isLegal(pit)) {
            throw new RulesException(whyIllegal(pit));
        }
        Board b = toBoard();
        b.trace = trace;
        b.sow(pit);
        b.trace = null;
        return new Position(b);
    }

    private String whyIllegal(int pit) {
        String reason = illegalReason(pit).orElse("pit " + rules.pitLetter(pit) + " is legal");
        if (isOver()) {
            return reason;
        }
        StringBuilder moves = new StringBuilder();
        for (int m : legal()) {
            moves.append(moves.length() == 0 ? "" : " ").append(rules.pitLetter(m));
        }
        return reason + ": " + sideToMove().displayName() + " to move; legal moves: " + moves;
    }

    /**
     * Says why a move may not be played here, by the rule that forbids it: another player's pit, a closed or empty
     * pit, a single seed while a pit holds two or a single seed stepping into an occupied pit (H6), a sowing that
     * goes round for ever where endless moves are illegal (H8, R5, Al-manqala's {@code relay}), a move that does
     * not feed the opponent's empty row (A4).
     *
     * @param pit a pit index as in {@link Board}, or any other number (then "no pit …")
     * @return the reason, e.g. "pit c is empty"; empty when the move is legal
     */
    public Optional<String> illegalReason(int pit) {
        if (isOver()) {
            return Optional.of("the game is over; no move can be played");
        }
        if (pit < 0 || pit >= pits.length) {
            return Optional.of("no pit " + pit + " on a " + kind().displayName() + " board");
        }
        if (isLegal(pit)) {
            return Optional.empty();
        }
        String name = "pit " + rules.pitLetter(pit);
        Side mover = sideToMove();
        if (owner(pit) != mover) {
            return Optional.of(name + " is " + owner(pit).displayName() + "'s, not " + mover.displayName() + "'s");
        }
        if (isClosed(pit)) {
            return Optional.of(name + " is closed");
        }
        if (pits[pit] == 0) {
            return Optional.of(name + " is empty");
        }
        Board b = toBoard();
        int[] candidates = new int[pits.length];
        int k = rules.candidateMoves(b, candidates);
        boolean candidate = false;
        for (int i = 0; i < k; i++) {
            candidate |= candidates[i] == pit;
        }
        if (candidate) {
            rules.sow(b, pit); // a move the rules refuse only once played: an endless one, or one not feeding
        }
        if (candidate && b.status == Termination.ENDLESS_MOVE.ordinal() + 1) {
            String tag = kind() == GameKind.RIO_KADALIS ? "R5" : kind() == GameKind.AL_MANQALA ? "relay, as H8" : "H8";
            return Optional.of(name + " starts an endless move: its relay sowing would go round for ever, and "
                    + "endless moves are not allowed here (endless=illegal, " + tag + ")");
        }
        if (kind().fourRows() && pits[pit] == 1) {
            boolean holdsTwo = false;
            for (int q = 0; q < pits.length; q++) {
                holdsTwo |= owner(q) == mover && pits[q] >= 2;
            }
            return Optional.of(holdsTwo
                    ? name + " holds a single seed, which may move only when no pit of " + mover.displayName()
                    + "'s holds two or more (H6)"
                    : "the single seed of " + name + " may step only into an empty pit (H6)");
        }
        if (kind() == GameKind.AL_MANQALA && seedsOnBoard(mover.opponent()) == 0) {
            return Optional.of(name + " does not feed " + mover.opponent().displayName() + "'s empty row, and a "
                    + "move that does is possible (A4)");
        }
        return Optional.of(name + " may not be played here");
    }

    /** @return true when the game (Rio Kadalis: the round) is over on the board: no legal move, or ended by a move. */
    public boolean isOver() {
        return legal().length == 0;
    }

    /** @return the outcome by the board alone, when the game (round) is over; empty while it goes on. */
    public Optional<Outcome> outcome() {
        return isOver() ? Optional.of(rules.outcome(toBoard())) : Optional.empty();
    }

    /** @return the outcome if the players agreed to end the game here (A8's equal split in Al-manqala). */
    public Outcome agreedOutcome() {
        return rules.byAgreement(toBoard());
    }

    /** @return the outcome if this position has just repeated often enough to end the game (H10, A8, R10). */
    Outcome repetitionOutcome() {
        return rules.byRepetition(toBoard());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && p.side == side && p.southHoldings == southHoldings && p.northHoldings == northHoldings
                && p.closed == closed && p.conquered == conquered && p.status == status && Arrays.equals(p.pits, pits)
                && p.rules.options().equals(rules.options());
    }

    @Override
    public int hashCode() {
        return ((Arrays.hashCode(pits) * 31 + side) * 31 + southHoldings * 97 + northHoldings) * 31 + closed * 7 + conquered;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(kind().key()).append(' ');
        for (int p = 0; p < pits.length; p++) {
            if (p == rules.pitsPerSide()) {
                sb.append(' ');
            } else if (p > 0) {
                sb.append(',');
            }
            sb.append(isClosed(p) ? "x" : String.valueOf(pits[p]));
        }
        return sb.append(side == 0 ? " S " : " N ").append(southHoldings).append('-').append(northHoldings).toString();
    }
}
