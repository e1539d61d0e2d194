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

    /** The longest time limit, ms (about 31 years): longer ones are taken as this, so that none overflows. */
    public static final long MAX_MILLIS = 1_000_000_000_000L;

    /**
     * @param millis a time limit, ms, at least 0
     * @return the same in nanoseconds, at most {@link #MAX_MILLIS} ms' worth: a deadline {@code System.nanoTime()}
     *         plus this never overflows
     */
    public static long nanos(long millis) {
        return Math.min(millis, MAX_MILLIS) * 1_000_000L;
    }

    /** @return a limit of {@code plies} plies. */
    public static SearchLimits depth(int plies) {
        return new SearchLimits(0, plies, 0);
    }
}
