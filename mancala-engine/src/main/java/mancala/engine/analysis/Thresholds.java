package mancala.engine.analysis;

import mancala.rules.GameKind;

/**
 * Score lost, in hundredths of a seed (the evaluation's unit), from which a move is an inaccuracy, a mistake or a
 * blunder. One set per game, from the sizes of its captures:
 * <ul>
 *   <li>the <b>mistake</b> is the smallest capture the rules allow, the least a single move can give the
 *       opponent: Hawalis and Bao Kiarabu 1 seed (H7: a facing inner pit of one seed with nothing behind it;
 *       the Tavares–Gering record of 2009 has 14 captures of 1 among its 26), Al-manqala 2 (A3: a pit is taken
 *       when it holds exactly 2 or 4), Rio Kadalis 4 (R3, R4: seeds are taken in fours);</li>
 *   <li>the <b>inaccuracy</b> is half of it;</li>
 *   <li>the <b>blunder</b> is a big capture of the game: Hawalis 4, the facing inner and outer pair of the
 *       opening (two seeds in each pit, H7; that record's first four plies capture 4, 6, 6 and 6, and no later
 *       capture takes more than 3); Al-manqala 6, a chain over two pits (4 then 2, A3); Rio Kadalis 8, two
 *       fours, a sixth of the 48 seeds.</li>
 * </ul>
 *
 * @param inaccuracy hundredths of a seed lost from which a move is an inaccuracy
 * @param mistake    the same for a mistake (at least {@code inaccuracy})
 * @param blunder    the same for a blunder (at least {@code mistake})
 */
public record Thresholds(int inaccuracy, int mistake, int blunder) {
    /** Hawalis and Bao Kiarabu: 0.5, 1 and 4 seeds. */
    public static final Thresholds HAWALIS = new Thresholds(50, 100, 400);
    /** Al-manqala: 1, 2 and 6 seeds. */
    public static final Thresholds AL_MANQALA = new Thresholds(100, 200, 600);
    /** Rio Kadalis: 2, 4 and 8 seeds. */
    public static final Thresholds RIO_KADALIS = new Thresholds(200, 400, 800);

    /** @throws IllegalArgumentException unless 0 &lt; inaccuracy &le; mistake &le; blunder */
    public Thresholds {
        if (inaccuracy <= 0 || mistake < inaccuracy || blunder < mistake) {
            throw new IllegalArgumentException("thresholds must grow from inaccuracy to blunder and be positive, were "
                    + inaccuracy + ", " + mistake + ", " + blunder);
        }
    }

    /** @return the thresholds of {@code kind}'s captures (see the class doc). */
    public static Thresholds of(GameKind kind) {
        return switch (kind) {
            case HAWALIS, BAO_KIARABU -> HAWALIS;
            case AL_MANQALA -> AL_MANQALA;
            case RIO_KADALIS -> RIO_KADALIS;
        };
    }

    /** @return the verdict on a move that lost {@code lost} hundredths of a seed and is not the best move. */
    public Verdict verdict(int lost) {
        return lost >= blunder ? Verdict.BLUNDER : lost >= mistake ? Verdict.MISTAKE
                : lost >= inaccuracy ? Verdict.INACCURACY : Verdict.GOOD;
    }
}
