package mancala.engine.eval;

import mancala.rules.GameKind;

/**
 * The evaluation weights per game ({@link Evaluator} lists the features), in hundredths of a seed per unit.
 *
 * <p>How they were obtained: {@link Tuner} (coordinate-wise self-play hill climbing, steps 64/32/16, 400 games
 * per trial at search depth 4 from 4-ply random openings played from both seats, a change kept above 55%), run
 * with seed 11 ({@code mancala tune GAME}, whose defaults are these) from material-only weights: Hawalis {@code {100, 0, 0, 0}}, Al-manqala {@code {100, 0, 0, 0}}, Rio
 * Kadalis {@code {100, 100, 0, 0}} (holdings). The trials are listed in {@code mancala-engine/TUNING.md}.
 * <ul>
 * <li>Hawalis: no change scored above 55% (best: inner row −16, 53.9%), so material alone stays.
 * <li>Al-manqala: weak pits +64 (60.8%), mobility +32 (58.3%), row seeds +16 (55.6%).
 * <li>Rio Kadalis: row seeds 100 → 36 (56.0%): seeds in the row count for less than seeds held.
 * </ul>
 */
public final class Weights {
    private Weights() {
    }

    /** @return a fresh copy of the tuned weights for {@code kind}. */
    public static int[] of(GameKind kind) {
        return switch (kind) {
            case HAWALIS, BAO_KIARABU -> new int[] {100, 0, 0, 0};
            case AL_MANQALA -> new int[] {100, 16, 64, 32};
            case RIO_KADALIS -> new int[] {100, 36, 0, 0};
        };
    }

    /** @return the weights the tuning started from (material only). */
    public static int[] untuned(GameKind kind) {
        return kind == GameKind.RIO_KADALIS ? new int[] {100, 100, 0, 0} : new int[] {100, 0, 0, 0};
    }
}
