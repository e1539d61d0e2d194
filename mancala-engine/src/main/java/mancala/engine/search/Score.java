package mancala.engine.search;

import mancala.rules.Result;

/**
 * Scores, always from the side to move's point of view, in hundredths of a seed for evaluations. A proven win
 * {@code n} plies from the root scores {@code WIN - n}; a proven loss {@code -(WIN - n)}; a draw 0. Evaluations stay
 * far below {@link #WIN_THRESHOLD}.
 */
public final class Score {
    /** A win at the root itself: a win {@code n} plies away scores {@code WIN - n}. */
    public static final int WIN = 1_000_000;
    /** Scores at or beyond this magnitude are proven results (wins at most 10,000 plies away). */
    public static final int WIN_THRESHOLD = WIN - 10_000;
    /**
     * A round won by the endgame tables scores {@code TABLE_WIN} plus the winning margin of the holdings in
     * hundredths of a seed; lost, the negation. Far above any evaluation and below {@link #WIN_THRESHOLD}: the
     * result is exact, the distance to it unknown, so a proven win by search still ranks higher.
     */
    public static final int TABLE_WIN = 500_000;
    /** Scores at or beyond this magnitude (and below {@link #WIN_THRESHOLD}) are rounds decided by the tables. */
    public static final int TABLE_THRESHOLD = TABLE_WIN - 10_000;
    /** Bigger than any score: the initial window. */
    public static final int INFINITE = WIN + 1;

    private Score() {
    }

    /** @return the score of a finished game whose result is {@code r}, for side {@code side}, {@code ply} plies in. */
    public static int ofResult(Result r, int side, int ply) {
        if (r == Result.DRAW) {
            return 0;
        }
        boolean sideWins = (r == Result.SOUTH_WINS) == (side == 0);
        return sideWins ? WIN - ply : -(WIN - ply);
    }

    /**
     * @return the score of a table value {@code ply} plies from the root: Hawalis {@code WIN - (ply + plies)} for a
     *     win and its negation for a loss; a round {@link #TABLE_WIN} plus the margin of the final holdings (in
     *     hundredths of a seed) when won, its negation when lost; 0 for a draw
     */
    public static int ofTable(mancala.engine.tablebase.TablebaseValue v, int ply) {
        if (v.isRound()) {
            int m = v.margin();
            return m > 0 ? TABLE_WIN + 50 * m : m < 0 ? -(TABLE_WIN - 50 * m) : 0;
        }
        return switch (v.verdict()) {
            case WIN -> WIN - (ply + v.plies());
            case LOSS -> -(WIN - (ply + v.plies()));
            case DRAW -> 0;
        };
    }

    /** @return true when {@code score} is a proven win or loss. */
    public static boolean isProven(int score) {
        return Math.abs(score) >= WIN_THRESHOLD;
    }

    /** @return plies to the end of a proven score, counted from where the score was taken. */
    public static int pliesToEnd(int score) {
        return WIN - Math.abs(score);
    }

    /**
     * Converts a score relative to the root into one relative to the node {@code ply} plies in, for storing in the
     * transposition table: a win in n plies from the node must mean the same wherever the node is met again.
     */
    public static int toTable(int score, int ply) {
        return score >= WIN_THRESHOLD ? score + ply : score <= -WIN_THRESHOLD ? score - ply : score;
    }

    /** Inverse of {@link #toTable}: a stored node-relative score back to root-relative at {@code ply}. */
    public static int fromTable(int score, int ply) {
        return score >= WIN_THRESHOLD ? score - ply : score <= -WIN_THRESHOLD ? score + ply : score;
    }

    /**
     * @return a short text for people: {@code win in 7}, {@code loss in 4} (plies), {@code win by 3.0 (tables)}
     *     (seeds of margin), or the evaluation in seeds, e.g. {@code +1.25}
     */
    public static String format(int score) {
        if (score >= WIN_THRESHOLD) {
            return "win in " + pliesToEnd(score);
        }
        if (score <= -WIN_THRESHOLD) {
            return "loss in " + pliesToEnd(score);
        }
        if (Math.abs(score) >= TABLE_THRESHOLD) {
            return String.format(java.util.Locale.ROOT, "%s by %.1f (tables)", score > 0 ? "win" : "loss",
                    (Math.abs(score) - TABLE_WIN) / 100.0);
        }
        return String.format(java.util.Locale.ROOT, "%+.2f", score / 100.0);
    }
}
