package mancala.engine.tablebase;

import java.util.Locale;

/**
 * A table's value of a position, for the side to move.
 *
 * @param verdict      win, draw or loss for the side to move: Hawalis by the table; a round (Al-manqala, Rio
 *                     Kadalis) by the holdings at its end, the seeds already held plus those secured
 * @param plies        Hawalis: plies to the end with best play (shortest win, longest loss), -1 for a draw;
 *                     rounds: plies to the next capture (or the end) with best play, the side ahead of a
 *                     never-ending round's share taking the shortest way and the side behind the longest (0: the
 *                     round is over), -1 when the position is worth just that share
 * @param seedsOnBoard seeds on the board
 * @param halfSeeds    rounds: the seeds of the board the side to move secures, in half seeds (a round that goes
 *                     round for ever is worth half of them to each; Al-manqala's odd seed of an equal split goes
 *                     to North, A8); -1 in Hawalis
 * @param margin       rounds: the side to move's holdings at the end minus the opponent's, in half seeds; Hawalis
 *                     0
 */
public record TablebaseValue(Verdict verdict, int plies, int seedsOnBoard, int halfSeeds, int margin) {
    /** A result for the side to move. */
    public enum Verdict {
        WIN, DRAW, LOSS;

        /** @return the verdict for the other side. */
        public Verdict opposite() {
            return this == WIN ? LOSS : this == LOSS ? WIN : DRAW;
        }
    }

    /** @return true for a round's value (seeds secured), false for Hawalis's (result and distance). */
    public boolean isRound() {
        return halfSeeds >= 0;
    }

    /**
     * @return e.g. {@code win in 7 plies}, {@code loss in 4 plies}, {@code draw}, or for a round
     *     {@code win: secures 5 of the 8 seeds on the board} ({@code 4.5} for half seeds)
     */
    public String describe() {
        String v = verdict.name().toLowerCase(Locale.ROOT);
        if (!isRound()) {
            return verdict == Verdict.DRAW ? "draw" : v + " in " + plies + (plies == 1 ? " ply" : " plies");
        }
        String share = halfSeeds % 2 == 0 ? Integer.toString(halfSeeds / 2) : (halfSeeds / 2) + ".5";
        return v + ": secures " + share + " of the " + seedsOnBoard + " seeds on the board";
    }
}
