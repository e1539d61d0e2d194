package mancala.rules;

/** How a game (or a Rio Kadalis round) ended, with the RULES.md tag of the rule that ended it. */
public enum Termination {
    /** H9: the side to move has no seeds left. */
    NO_SEEDS("no seeds"),
    /** H9, R6: the side to move has seeds but no legal move. */
    NO_MOVE("no legal move"),
    /** H8, R5: an endless move was played (under {@code endless=lose} or {@code endless=draw}). */
    ENDLESS_MOVE("endless move"),
    /** H10, R10: a position repeated. */
    REPETITION("repetition"),
    /** A7: a player captured 50 seeds or more. */
    CAPTURE_MAJORITY("50 captured"),
    /** A6: the opponent's row is empty and no move can feed it; the hungry player takes the board. */
    HUNGER("hunger"),
    /** A8: equal split of the seeds left on the board (agreed, third repetition, or no legal move). */
    EQUAL_SPLIT("equal split"),
    /** Al-manqala: every seed has been captured. */
    BOARD_EMPTY("board empty"),
    /** R9: a player could not refill a single pit and lost the Rio Kadalis match. */
    CANNOT_REFILL("fewer than four seeds at the refill"),
    /** A player resigned. */
    RESIGNATION("resignation"),
    /** The players agreed a draw. */
    AGREEMENT("agreement"),
    /** A player's clock ran out (a game on a clock; not a rule of the games). */
    TIME("time"),
    /** A player left a game on a clock and the opponent claimed it. */
    ABANDONED("abandoned"),
    /** A tournament player did not make his first move in time: he loses by forfeit (unrated; not a rule of the games). */
    FORFEIT("forfeit");

    /** @return true for an end decided off the board by one player's loss: resignation, time, abandonment, forfeit. */
    public boolean isForfeit() {
        return this == RESIGNATION || this == TIME || this == ABANDONED || this == FORFEIT;
    }

    private final String description;

    Termination(String description) {
        this.description = description;
    }

    /** @return a short description for people, e.g. "endless move". */
    public String description() {
        return description;
    }

    /** @return the record tag value, e.g. {@code endless-move}. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** @return the termination for a record tag value such as {@code endless-move}; empty when unknown. */
    public static java.util.Optional<Termination> byKey(String key) {
        String k = key.trim().toLowerCase(java.util.Locale.ROOT).replace('_', '-').replace(' ', '-');
        for (Termination t : values()) {
            if (t.key().equals(k) || t.description.replace(' ', '-').equals(k)) {
                return java.util.Optional.of(t);
            }
        }
        return java.util.Optional.empty();
    }
}
