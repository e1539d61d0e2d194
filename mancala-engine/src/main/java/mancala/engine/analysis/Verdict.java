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

    /** @return the lower-case name used in JSON and messages: {@code best}, {@code good}, … {@code blunder}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
