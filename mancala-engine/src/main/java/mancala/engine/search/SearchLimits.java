package mancala.engine.search;

/**
 * What bounds a search: time in milliseconds, depth in plies, nodes. A value of 0 means no bound of that kind;
 * at least one bound must be set.
 *
 * @param timeMillis  wall-clock time for the whole search, ms (0: none)
 * @param depthPlies  deepest iteration, plies (0: up to {@link Searcher#MAX_PLY})
 * @param nodes       positions to visit at most (0: none)
 */
public record SearchLimits(long timeMillis, int depthPlies, long nodes) {
    /** @throws IllegalArgumentException when a bound is negative or none is set */
    public SearchLimits {
        if (timeMillis < 0 || depthPlies < 0 || nodes < 0) {
            throw new IllegalArgumentException("search limits cannot be negative");
        }
        if (timeMillis == 0 && depthPlies == 0 && nodes == 0) {
            throw new IllegalArgumentException("a search needs a time, depth or node limit");
        }
    }

    /** @return a limit of {@code ms} milliseconds. */
    public static SearchLimits millis(long ms) {
        return new SearchLimits(Math.max(1, ms), 0, 0);
    }

    /** @return a limit of {@code plies} plies. */
    public static SearchLimits depth(int plies) {
        return new SearchLimits(0, plies, 0);
    }
}
