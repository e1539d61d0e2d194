package mancala.rules;

/**
 * The two players. South sits at the bottom of every diagram and moves first (docs/rules.md §0, H1, A1, R1).
 * {@link #index()} is 0 for South and 1 for North and indexes every per-side array in this library.
 */
public enum Side {
    SOUTH, NORTH;

    private static final Side[] BY_INDEX = values();

    /** @return the other player. */
    public Side opponent() {
        return this == SOUTH ? NORTH : SOUTH;
    }

    /** @return 0 for South, 1 for North. */
    public int index() {
        return ordinal();
    }

    /**
     * @param index 0 or 1
     * @return South for 0, North for 1
     * @throws IllegalArgumentException for any other index
     */
    public static Side of(int index) {
        if (index != 0 && index != 1) {
            throw new IllegalArgumentException("side index must be 0 (South) or 1 (North), was " + index);
        }
        return BY_INDEX[index];
    }

    /** @return "South" or "North". */
    public String displayName() {
        return this == SOUTH ? "South" : "North";
    }
}
