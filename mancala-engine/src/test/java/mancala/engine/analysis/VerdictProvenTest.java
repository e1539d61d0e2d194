package mancala.engine.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Proven values on the one scale of verdicts: the puzzles' feedback and the analysis say the same word. */
class VerdictProvenTest {
    @Test
    void keepingTheResultInTheFewestPliesIsBest() {
        assertThat(Verdict.ofProven(1, 5, 1, 5)).isEqualTo(Verdict.BEST);
        assertThat(Verdict.ofProven(0, 0, 0, 0)).isEqualTo(Verdict.BEST);
        assertThat(Verdict.ofProven(-1, 8, -1, 8)).isEqualTo(Verdict.BEST);
    }

    @Test
    void aSlowerWinOrAQuickerLossIsGood() {
        assertThat(Verdict.ofProven(1, 5, 1, 9)).isEqualTo(Verdict.GOOD);
        assertThat(Verdict.ofProven(-1, 8, -1, 4)).isEqualTo(Verdict.GOOD);
    }

    @Test
    void aWinLetGoOrADrawTurnedIntoALossIsABlunder() {
        assertThat(Verdict.ofProven(1, 5, 0, 0)).isEqualTo(Verdict.BLUNDER);
        assertThat(Verdict.ofProven(1, 5, -1, 6)).isEqualTo(Verdict.BLUNDER);
        assertThat(Verdict.ofProven(0, 0, -1, 6)).isEqualTo(Verdict.BLUNDER);
    }

    @Test
    void aMoveCannotBeatBestPlay() {
        assertThatThrownBy(() -> Verdict.ofProven(0, 0, 1, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0 then 1");
        assertThatThrownBy(() -> Verdict.ofProven(2, 0, 1, 3)).isInstanceOf(IllegalArgumentException.class);
    }
}
