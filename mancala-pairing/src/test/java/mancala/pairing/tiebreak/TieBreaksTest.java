package mancala.pairing.tiebreak;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mancala.pairing.Colour;
import mancala.pairing.Tournament;
import mancala.pairing.Tournaments;
import org.junit.jupiter.api.Test;

/**
 * A 3-round, 6-player tournament worked by hand with C.07 (2023) article 16:
 * R1 1-4 1-0, 2-5 ½, 3-6 forfeit (3 wins); R2 1-2 0-1, 3-4 1-0, 5 half-point bye, 6 pairing-allocated bye;
 * R3 2-3 ½, 1-5 1-0, 4-6 1-0. Scores: 1: 2, 2: 2, 3: 2½, 4: 1, 5: 1, 6: 1.
 * Voluntarily unplayed: 5's half-point bye, 6's forfeit loss (not 3's forfeit win, not 6's bye).
 * Adjusted scores (a VUR counted as a draw): 6 has 1½, everyone else his score.
 */
class TieBreaksTest {
    private final Tournament t = Tournaments.of(6, 3, Colour.WHITE,
            "1-4 1-0, 2-5 =, 3-6 +-",
            "1-2 0-1, 3-4 1-0, 5:H, 6:U",
            "2-3 =, 1-5 1-0, 4-6 1-0");
    private final TieBreaks tb = new TieBreaks(t, 3);

    private int v(TieBreak k, int player) {
        return tb.value(k, t.player(player));
    }

    @Test
    void scoresAndAdjustedScores() {
        assertThat(tb.score(t.player(3))).isEqualTo(25);
        assertThat(tb.adjustedScore(t.player(6))).isEqualTo(15);
        assertThat(tb.adjustedScore(t.player(5))).isEqualTo(10);
        assertThat(tb.voluntarilyUnplayed(t.player(6), 0)).isTrue();
        assertThat(tb.voluntarilyUnplayed(t.player(6), 1)).isFalse();
        assertThat(tb.voluntarilyUnplayed(t.player(3), 0)).isFalse();
    }

    @Test
    void buchholzCountsOwnUnplayedRoundsAsADummyWithTheOwnScore() {
        // 1: 4 (1) + 2 (2) + 5 (1); 3: dummy 2½ + 4 (1) + 2 (2); 4: 1 (2) + 3 (2½) + 6 (adjusted 1½);
        // 5: 2 (2) + dummy 1 + 1 (2); 6: dummy 1 + dummy 1 + 4 (1)
        assertThat(v(TieBreak.BH, 1)).isEqualTo(400);
        assertThat(v(TieBreak.BH, 2)).isEqualTo(550);
        assertThat(v(TieBreak.BH, 3)).isEqualTo(550);
        assertThat(v(TieBreak.BH, 4)).isEqualTo(600);
        assertThat(v(TieBreak.BH, 5)).isEqualTo(500);
        assertThat(v(TieBreak.BH, 6)).isEqualTo(300);
    }

    @Test
    void cutsTakeVoluntarilyUnplayedRoundsFirst() {
        assertThat(v(TieBreak.BH_C1, 1)).isEqualTo(300);
        assertThat(v(TieBreak.BH_C1, 4)).isEqualTo(450);
        // 5 cuts his half-point bye (1), not ... his values are 2, 1 (VUR), 2
        assertThat(v(TieBreak.BH_C1, 5)).isEqualTo(400);
        assertThat(v(TieBreak.BH_C1, 6)).isEqualTo(200);
        assertThat(v(TieBreak.BH_C2, 2)).isEqualTo(250);
        // median: without the least significant and the highest: 2's values 1, 2, 2½ leave 2
        assertThat(v(TieBreak.BH_M1, 2)).isEqualTo(200);
    }

    @Test
    void sonnebornBergerWeighsOpponentsByTheResult() {
        // 2: ½·1 + 1·2 + ½·2½ = 3.75; 3: dummy 2½·1 + 1·1 + ½·2 = 4.5; 5: ½·2 + ½·dummy 1 + 0 = 1.5
        assertThat(v(TieBreak.SB, 2)).isEqualTo(375);
        assertThat(v(TieBreak.SB, 3)).isEqualTo(450);
        assertThat(v(TieBreak.SB, 5)).isEqualTo(150);
        assertThat(v(TieBreak.SB, 6)).isEqualTo(100);
    }

    @Test
    void countsAndAverageRating() {
        assertThat(v(TieBreak.WIN, 3)).as("a forfeit win counts").isEqualTo(2);
        assertThat(v(TieBreak.WON, 3)).as("over the board only").isEqualTo(1);
        assertThat(v(TieBreak.WIN, 6)).as("the pairing-allocated bye").isEqualTo(1);
        assertThat(v(TieBreak.WON, 6)).isZero();
        assertThat(v(TieBreak.BPG, 4)).isEqualTo(2);
        assertThat(v(TieBreak.BWG, 2)).isEqualTo(1);
        // ratings 2000 - 10·n: 1 met 4, 2, 5: (1960 + 1980 + 1950) / 3 = 1963.3
        assertThat(v(TieBreak.ARO, 1)).isEqualTo(1963);
        assertThat(v(TieBreak.ARO, 6)).as("the forfeit is not a game").isEqualTo(1960);
    }

    @Test
    void rankingSharesRanksOnlyWhenEveryTieBreakTies() {
        List<TieBreaks.Standing> byDe = tb.rank(List.of(TieBreak.DE));
        assertThat(byDe.get(0).player().startNumber()).isEqualTo(3);
        // 1 and 2 are tied on 2 points; 2 won their game
        assertThat(byDe.get(1).player().startNumber()).isEqualTo(2);
        assertThat(byDe.get(1).rank()).isEqualTo(2);
        assertThat(byDe.get(2).rank()).isEqualTo(3);
        // 4, 5, 6 on 1 point did not all meet each other: DE does not separate them, so they share rank 4
        assertThat(byDe.subList(3, 6)).allSatisfy(s -> assertThat(s.rank()).isEqualTo(4));
        List<TieBreaks.Standing> byBh = tb.rank(List.of(TieBreak.BH_C1, TieBreak.BH));
        assertThat(byBh.stream().map(s -> s.player().startNumber()).toList()).containsExactly(3, 2, 1, 4, 5, 6);
        assertThat(byBh.stream().map(TieBreaks.Standing::rank).toList()).containsExactly(1, 2, 3, 4, 5, 6);
    }
}
