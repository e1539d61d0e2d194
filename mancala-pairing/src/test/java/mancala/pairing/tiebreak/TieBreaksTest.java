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
 * Voluntarily unplayed: 5's half-point bye, 6's forfeit loss (not 3's forfeit win, not 6's bye). Everyone took
 * part in the last round, so the adjusted scores are the scores.
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
    void scoresAndVoluntarilyUnplayedRounds() {
        assertThat(tb.score(t.player(3))).isEqualTo(25);
        assertThat(tb.adjustedScore(t.player(6))).isEqualTo(10);
        assertThat(tb.voluntarilyUnplayed(t.player(6), 0)).isTrue();
        assertThat(tb.voluntarilyUnplayed(t.player(6), 1)).isFalse();
        assertThat(tb.voluntarilyUnplayed(t.player(3), 0)).isFalse();
        assertThat(tb.voluntarilyUnplayed(t.player(5), 1)).isTrue();
    }

    @Test
    void buchholzCountsByesAsADummyWithTheOwnScoreAndForfeitsAsTheirOpponent() {
        // 1: 4 (1) + 2 (2) + 5 (1); 3: 6 (forfeit, 1) + 4 (1) + 2 (2); 4: 1 (2) + 3 (2½) + 6 (1);
        // 5: 2 (2) + dummy 1 + 1 (2); 6: 3 (forfeit, 2½) + dummy 1 + 4 (1)
        assertThat(v(TieBreak.BH, 1)).isEqualTo(400);
        assertThat(v(TieBreak.BH, 2)).isEqualTo(550);
        assertThat(v(TieBreak.BH, 3)).isEqualTo(400);
        assertThat(v(TieBreak.BH, 4)).isEqualTo(550);
        assertThat(v(TieBreak.BH, 5)).isEqualTo(500);
        assertThat(v(TieBreak.BH, 6)).isEqualTo(450);
    }

    @Test
    void cutsTakeVoluntarilyUnplayedRoundsFirst() {
        assertThat(v(TieBreak.BH_C1, 1)).isEqualTo(300);
        assertThat(v(TieBreak.BH_C1, 4)).isEqualTo(450);
        // 5's values are 2, 1 (his half-point bye), 2: the bye goes
        assertThat(v(TieBreak.BH_C1, 5)).isEqualTo(400);
        // 6's forfeit loss (2½) goes before his lowest value
        assertThat(v(TieBreak.BH_C1, 6)).isEqualTo(200);
        assertThat(v(TieBreak.BH_C2, 2)).isEqualTo(250);
        // median: without the least significant and the highest: 2's values 1, 2, 2½ leave 2
        assertThat(v(TieBreak.BH_M1, 2)).isEqualTo(200);
    }

    @Test
    void sonnebornBergerWeighsOpponentsByTheResult() {
        // 2: ½·1 + 1·2 + ½·2½ = 3.75; 3: 1·1 (forfeit win over 6) + 1·1 + ½·2 = 3; 5: ½·2 + ½·dummy 1 + 0 = 1.5
        assertThat(v(TieBreak.SB, 2)).isEqualTo(375);
        assertThat(v(TieBreak.SB, 3)).isEqualTo(300);
        assertThat(v(TieBreak.SB, 5)).isEqualTo(150);
        assertThat(v(TieBreak.SB, 6)).isEqualTo(100);
    }

    @Test
    void aWithdrawnPlayerCountsDrawsForTheRoundsAfterHeLeft() {
        // 2 withdrew after round 2 (0 + 1 so far): as an opponent he counts 1 + ½ = 1½; his own absent round is a
        // dummy with that adjusted score, and a voluntarily unplayed round for the cut
        Tournament w = Tournaments.of(4, 3, Colour.WHITE, "1-2 1-0, 3-4 =", "1-3 1-0, 2-4 1-0", "1-4 1-0, 2:Z, 3:U");
        TieBreaks wb = new TieBreaks(w, 3);
        assertThat(wb.lastRoundTakingPart(w.player(2))).isEqualTo(2);
        assertThat(wb.adjustedScore(w.player(2))).isEqualTo(15);
        assertThat(wb.value(TieBreak.BH, w.player(1))).isEqualTo(150 + 150 + 50);
        assertThat(wb.value(TieBreak.BH, w.player(2))).isEqualTo(300 + 50 + 150);
        assertThat(wb.value(TieBreak.BH_C1, w.player(2))).isEqualTo(350);
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
