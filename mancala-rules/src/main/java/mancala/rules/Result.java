package mancala.rules;

import java.util.Optional;

/** The result of a game, round or match, written as in records (docs/rules.md §5). */
public enum Result {
    SOUTH_WINS("1-0"),
    NORTH_WINS("0-1"),
    DRAW("1/2-1/2");

    private final String notation;

    Result(String notation) {
        this.notation = notation;
    }

    /** @return {@code 1-0}, {@code 0-1} or {@code 1/2-1/2}. */
    public String notation() {
        return notation;
    }

    /** @return the winner, or empty for a draw. */
    public Optional<Side> winner() {
        return this == DRAW ? Optional.empty() : Optional.of(this == SOUTH_WINS ? Side.SOUTH : Side.NORTH);
    }

    /** @return the result in which {@code side} wins. */
    public static Result winFor(Side side) {
        return side == Side.SOUTH ? SOUTH_WINS : NORTH_WINS;
    }

    /** @return the win of the side holding more seeds, or a draw when they hold the same. */
    public static Result byHoldings(int south, int north) {
        return south > north ? SOUTH_WINS : north > south ? NORTH_WINS : DRAW;
    }

    /** @return the result for {@code 1-0}, {@code 0-1} or {@code 1/2-1/2}; empty for anything else. */
    public static Optional<Result> byNotation(String text) {
        for (Result r : values()) {
            if (r.notation.equals(text)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }
}
