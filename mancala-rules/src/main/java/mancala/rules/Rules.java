package mancala.rules;

/**
 * The rules of one game with one set of options: the hot loops of move generation and sowing, shared by
 * {@link Board} (search) and {@link Position} (everything else) so that each rule is written once.
 * Instances are immutable and thread-safe; make them with {@link #of(RuleOptions)}.
 *
 * <p>Boards and moves follow {@link Board}'s pit index order. Each subclass cites its RULES.md section.
 */
public abstract sealed class Rules permits HawalisRules, AlManqalaRules, RioKadalisRules {
    /** Whether an endless move may be played (options lose or draw), so that the board must be restorable. */
    final boolean endlessPlayable;
    /** Whether endless moves are illegal (H8 {@code endless=illegal}, R5's default). */
    final boolean endlessIllegal;
    private final int pitsPerSide;

    Rules(int pitsPerSide, Endless endless) {
        this.pitsPerSide = pitsPerSide;
        this.endlessPlayable = endless != Endless.ILLEGAL;
        this.endlessIllegal = endless == Endless.ILLEGAL;
    }

    /**
     * @return the rules for these options
     * @throws RulesException when options is null
     */
    public static Rules of(RuleOptions options) {
        if (options == null) {
            throw new RulesException("no rule options given");
        }
        if (options instanceof HawalisOptions h) {
            return new HawalisRules(h);
        }
        if (options instanceof AlManqalaOptions a) {
            return new AlManqalaRules(a);
        }
        return new RioKadalisRules((RioKadalisOptions) options);
    }

    /** @return the game. */
    public abstract GameKind kind();

    /** @return the options these rules were made with. */
    public abstract RuleOptions options();

    /** @return pits a side owns: 14 (Hawalis), 16 (Bao Kiarabu), 7 (Al-manqala), 6 or 5 (Rio Kadalis). */
    public final int pitsPerSide() {
        return pitsPerSide;
    }

    /** @return pits on the board, both sides. */
    public final int pitCount() {
        return 2 * pitsPerSide;
    }

    /**
     * @return the side whose rows hold {@code pit}: 0 South, 1 North (its owner unless conquered under Rio Kadalis
     *     {@code conquest}: see {@link Position#owner})
     */
    public final int sideOf(int pit) {
        return pit < pitsPerSide ? 0 : 1;
    }

    /** @return the seeds a game of these rules starts with, on the board and off it (RULES.md §0: conserved). */
    public final int startingSeeds() {
        return initialBoard().totalSeeds();
    }

    /** @return the board at the start of the game (for Rio Kadalis, of the match's first round). */
    public abstract Board initialBoard();

    /** @return an empty board (all pits 0, South to move) to be filled by a caller such as position notation. */
    public final Board emptyBoard() {
        return new Board(this);
    }

    /**
     * Writes the legal moves of the side to move, ascending, into {@code out}: the candidate moves less the
     * endless ones where those are illegal (H8, R5).
     *
     * @param out at least {@link #pitCount()} entries
     * @return how many; 0 exactly when the game (or round) is over on the board
     */
    public int legalMoves(Board b, int[] out) {
        int k = candidateMoves(b, out);
        if (k > 0 && endlessIllegal) {
            k = withoutEndlessMoves(b, out, k);
        }
        return k;
    }

    /**
     * Says whether the side to move has a legal move, as {@code legalMoves(b, out) > 0} does, trying candidate moves
     * (endless moves that are illegal, relay moves that must feed) only until one proves legal: for search leaves,
     * which need to know only whether the game is over.
     *
     * @param out at least {@link #pitCount()} entries, overwritten
     * @return false exactly when the game (or round) is over on the board
     */
    public final boolean hasLegalMove(Board b, int[] out) {
        int n = candidateMoves(b, out);
        if (n == 0 || !candidatesNeedTrial()) {
            return n > 0;
        }
        for (int i = 0; i < n; i++) {
            if (surelyLegal(b, out[i])) {
                return true;
            }
        }
        Board s = b.scratch();
        for (int i = 0; i < n; i++) {
            s.copyFrom(b);
            sow(s, out[i]);
            if (!refutedBy(b, s)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return true when {@link #legalMoves} may have to play moves to know they are legal (endless moves that are
     *     illegal, relay moves that must feed); {@link #legalChildren} then costs about what legalMoves does and
     *     leaves the positions after the moves ready
     */
    public final boolean movesNeedTrial() {
        return candidatesNeedTrial();
    }

    /**
     * Plays every legal move of {@code b} once: writes the moves, ascending, into {@code moves} and the board after
     * each into {@code after} (same index). Where {@link #legalMoves} must try candidate moves (endless moves that
     * are illegal, relay moves that fail to feed), each is played only once here, so retrograde analysis and search
     * do not sow twice.
     *
     * @param moves at least {@link #pitCount()} entries
     * @param after at least {@link #pitCount()} boards of these rules, overwritten
     * @return how many legal moves; 0 exactly when the game (or round) is over on the board
     */
    public final int legalChildren(Board b, int[] moves, Board[] after) {
        int n = candidateMoves(b, moves);
        boolean trial = candidatesNeedTrial();
        int k = 0;
        for (int i = 0; i < n; i++) {
            Board t = after[k];
            t.copyFrom(b);
            sow(t, moves[i]);
            if (trial && refutedBy(b, t)) {
                continue;
            }
            moves[k++] = moves[i];
        }
        return k;
    }

    /**
     * Sows the legal move {@code pit} in place: the whole move, that is every lap and relay, the captures, the
     * turn passing and the end set by the move itself.
     *
     * @return the seeds dropped while sowing (every lap counted)
     */
    public abstract int sow(Board b, int pit);

    /**
     * Four-row games: applies the capture that ends a move of side {@code mover} whose last seed fell in pit
     * {@code end} (board index), as {@link #play} does after sowing: H7 (Bao Kiarabu: the outer pit is taken even
     * when the inner pit in front of it is empty). For solvers that combine each side's moves with the opponent's
     * pits themselves.
     *
     * @throws RulesException in a two-row game, whose captures belong to the sowing itself
     */
    public void capture(Board b, int end, int mover) {
        throw new RulesException(kind().displayName() + " has no capture apart from its sowing");
    }

    /**
     * @return the outcome of a board on which the game is over ({@link #legalMoves} returns 0), by the board alone
     */
    public abstract Outcome outcome(Board b);

    /**
     * Brings a board read from notation into the form play keeps (Al-manqala: the forced pass of A5 is applied).
     * Does nothing in the other games.
     */
    void normalize(Board b) {
    }

    /** Checks rule-specific facts of a board read from notation. @throws RulesException naming what is wrong */
    void validate(Board b) {
        if (b.closed != 0 || b.conquered != 0) {
            throw new RulesException(kind().displayName() + " has no closed or conquered pits");
        }
    }

    /**
     * @return how many occurrences of a position end the game (H10: 2; A8, R10: 3)
     */
    public abstract int repetitionLimit();

    /** @return the outcome when the position on {@code b} has occurred {@link #repetitionLimit()} times. */
    public abstract Outcome byRepetition(Board b);

    /** @return the outcome when the players agree to end the game drawn on {@code b}. */
    public Outcome byAgreement(Board b) {
        return new Outcome(Result.DRAW, Termination.AGREEMENT, b.holdings[0], b.holdings[1]);
    }

    /**
     * Reads a pit letter, the one reader of records, the command line and the web API: South's rows {@code a}…,
     * North's {@code A}…, each side in its owner's letter order (RULES.md §1–3). A Rio Kadalis pit conquered by the
     * player across keeps its row's letter.
     *
     * @return the pit index ({@link Board}'s order), or -1 when {@code letter} is no pit of this board
     */
    public final int pitOfLetter(char letter) {
        if (letter >= 'a' && letter < 'a' + pitsPerSide) {
            return letter - 'a';
        }
        if (letter >= 'A' && letter < 'A' + pitsPerSide) {
            return pitsPerSide + letter - 'A';
        }
        return -1;
    }

    /** @return as {@link #pitOfLetter(char)} for a text of exactly one letter; -1 for any other text or null */
    public final int pitOfLetter(String text) {
        return text != null && text.length() == 1 ? pitOfLetter(text.charAt(0)) : -1;
    }

    /** @return the letter of {@code pit} in records: the owner's letter, lower case for South's rows. */
    public final String pitLetter(int pit) {
        if (pit < 0 || pit >= pitCount()) {
            throw new RulesException("no pit " + pit + " on a " + kind().displayName() + " board");
        }
        return pit < pitsPerSide ? String.valueOf((char) ('a' + pit))
                : String.valueOf((char) ('A' + pit - pitsPerSide));
    }

    /**
     * Writes moves that are legal unless playing them shows otherwise: an endless move where endless moves are
     * illegal, a relay move that fails to feed (A4). A superset of {@link #legalMoves}, ascending; playouts try one
     * at a time and check with {@link #refutedBy} instead of playing every move twice.
     *
     * @return how many
     */
    abstract int candidateMoves(Board b, int[] out);

    /**
     * The moves {@link #candidateMoves} writes, as a mask: bit p set when pit p is one (these rules have at most 32
     * pits). This default writes them into {@code scratch}; rules that find their moves as a mask anyway override it.
     *
     * @param scratch at least {@link #pitCount()} entries, overwritten
     */
    int candidateMask(Board b, int[] scratch) {
        int n = candidateMoves(b, scratch);
        int mask = 0;
        for (int i = 0; i < n; i++) {
            mask |= 1 << scratch[i];
        }
        return mask;
    }

    /**
     * @return true when the candidate move {@code pit} is legal without playing it: no trial could refute it
     *     ({@link #refutedBy}). Never wrong when true; false says only that the move must be tried. This default
     *     knows nothing and says false.
     */
    boolean surelyLegal(Board b, int pit) {
        return false;
    }

    /** @return true when a candidate move, played from {@code before} to {@code after}, is not legal after all. */
    boolean refutedBy(Board before, Board after) {
        return endlessIllegal && after.status == Termination.ENDLESS_MOVE.ordinal() + 1;
    }

    /** @return true when {@link #candidateMoves} may include moves that are not legal. */
    boolean candidatesNeedTrial() {
        return endlessIllegal;
    }

    /** Keeps in {@code out[0..n)} the moves that are not endless, in order; returns the new count. */
    final int withoutEndlessMoves(Board b, int[] out, int n) {
        Board s = b.scratch();
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (surelyLegal(b, out[i])) {
                out[k++] = out[i];
                continue;
            }
            s.copyFrom(b);
            sow(s, out[i]);
            if (s.status != Termination.ENDLESS_MOVE.ordinal() + 1) {
                out[k++] = out[i];
            }
        }
        return k;
    }

    /** @return the result the endless option gives when {@code mover} plays an endless move. */
    static Result endlessResult(Endless endless, int mover) {
        return endless == Endless.DRAW ? Result.DRAW : Result.winFor(Side.of(mover ^ 1));
    }

    @Override
    public String toString() {
        return kind().key() + " " + options();
    }
}
