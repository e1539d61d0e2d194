package mancala.engine.analysis;

import java.util.Locale;

/**
 * The engine's judgement of a move, from the score it lost against the best move ({@link Thresholds}), or from a
 * proven result given away. Ordered from best to worst.
 */
public enum Verdict {
    /** The engine's own choice. */
    BEST(""),
    /** Another move that loses less than an inaccuracy, or keeps a proven win (or a proven loss) as it is. */
    GOOD(""),
    /** Loses at least {@link Thresholds#inaccuracy()}. */
    INACCURACY("?!"),
    /** Loses at least {@link Thresholds#mistake()}. */
    MISTAKE("?"),
    /**
     * Loses at least {@link Thresholds#blunder()}, or gives a proven result away: a forced win let go, or a
     * position that was not lost turned into a forced loss.
     */
    BLUNDER("??");

    private final String mark;

    Verdict(String mark) {
        this.mark = mark;
    }

    /** @return the move mark of records (docs/rules.md §5): {@code ?!}, {@code ?}, {@code ??}; empty for best and good. */
    public String mark() {
        return mark;
    }

    /**
     * The verdict on a move from proven values, on the same scale as the search's: a move keeping the position's
     * proven result in the fewest plies is best; one keeping the result but slower (a longer win, a quicker loss of
     * a lost position) is good; one giving a proven result away (a win let go, a draw turned into a loss) is a
     * blunder — the rule {@link GameAnalysis} applies when the tables or the solver decide.
     *
     * @param before     the proven value of the position for the side to move: 1 win, 0 draw, -1 loss
     * @param pliesBest  plies to the end with best play from the position (ignored for a draw)
     * @param after      the proven value after the move, for the same side: 1, 0 or -1
     * @param pliesAfter plies to the end after the move, the move included (ignored for a draw)
     * @throws IllegalArgumentException when a value is not -1, 0 or 1, or the move is better than best play
     */
    public static Verdict ofProven(int before, int pliesBest, int after, int pliesAfter) {
        if (Math.abs(before) > 1 || Math.abs(after) > 1 || after > before) {
            throw new IllegalArgumentException("proven values must be -1, 0 or 1 and a move cannot beat best play: "
                    + before + " then " + after);
        }
        if (after < before) {
            return BLUNDER;
        }
        if (before == 0 || pliesAfter == pliesBest) {
            return BEST;
        }
        return GOOD;
    }

    /** @return the lower-case name used in JSON and messages: {@code best}, {@code good}, … {@code blunder}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
