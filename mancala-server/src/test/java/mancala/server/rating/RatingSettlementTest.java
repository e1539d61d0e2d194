package mancala.server.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import mancala.server.rating.Glicko2.Rating;
import org.junit.jupiter.api.Test;

/**
 * Settling one rated game: each player rated by Glicko-2 (Glickman, "Example of the Glicko-2 system", steps 1-8,
 * tau 0.5) from the other's rating before the game, the game its own rating period. Values worked by hand from
 * the paper's formulas.
 */
class RatingSettlementTest {
    private static final Rating NEW = new Rating(1500, 350, 0.06);

    /**
     * Two new players, South wins. Step 2: mu = 0, phi = 350 / 173.7178 = 2.01476. Step 3: g(phi) = 1 / sqrt(1 +
     * 3 phi^2 / pi^2) = 0.66907, E = 1 / (1 + exp(0)) = 0.5, v = 1 / (g^2 E (1 - E)) = 8.9355. Step 4: Delta = v g
     * (1 - E) = 2.9892. Step 5: sigma' stays 0.06 to 1e-6. Step 6: phi* = sqrt(phi^2 + sigma'^2) = 2.01566. Step 7:
     * phi' = 1 / sqrt(1 / phi*^2 + 1 / v) = 1.67121, mu' = phi'^2 g (1 - E) = 0.93434. Step 8: r' = 1500 +
     * 173.7178 mu' = 1662.31, RD' = 173.7178 phi' = 290.32; the loser mirrors him: 1337.69, 290.32.
     */
    @Test
    void twoNewPlayersMoveApartBy162PointsAfterOneWin() {
        Rating[] after = RatingSettlement.settle(NEW, NEW, 1);
        assertThat(after[0].rating()).isCloseTo(1662.31, within(0.01));
        assertThat(after[0].deviation()).isCloseTo(290.32, within(0.01));
        assertThat(after[0].volatility()).isCloseTo(0.06, within(1e-5));
        assertThat(after[1].rating()).isCloseTo(1337.69, within(0.01));
        assertThat(after[1].deviation()).isCloseTo(290.32, within(0.01));
    }

    @Test
    void aLossIsTheWinSeenFromTheOtherSide() {
        Rating[] after = RatingSettlement.settle(NEW, NEW, 0);
        assertThat(after[0].rating()).isCloseTo(1337.69, within(0.01));
        assertThat(after[1].rating()).isCloseTo(1662.31, within(0.01));
    }

    /** A draw between equals: Delta = v g (0.5 - E) = 0, so both ratings stay 1500 and only RD shrinks, to 290.32. */
    @Test
    void aDrawBetweenEqualsOnlyNarrowsTheDeviation() {
        Rating[] after = RatingSettlement.settle(NEW, NEW, 0.5);
        assertThat(after[0].rating()).isCloseTo(1500, within(1e-9));
        assertThat(after[1].rating()).isCloseTo(1500, within(1e-9));
        assertThat(after[0].deviation()).isCloseTo(290.32, within(0.01));
    }

    /**
     * A draw between 1700 (RD 100) and 1500 (RD 80): the stronger player was expected to score E = 1 / (1 +
     * exp(-g(phi_j) (mu - mu_j))) = 0.7532 (g(80 / 173.7178) = 0.96925, mu - mu_j = 1.15129), so he loses points and
     * the weaker gains: by the same steps 1686.51 (RD 97.72) and 1508.60 (RD 79.23).
     */
    @Test
    void aDrawAgainstAWeakerPlayerCostsTheStrongerOne() {
        Rating[] after = RatingSettlement.settle(new Rating(1700, 100, 0.06), new Rating(1500, 80, 0.06), 0.5);
        assertThat(after[0].rating()).isCloseTo(1686.51, within(0.01));
        assertThat(after[0].deviation()).isCloseTo(97.72, within(0.01));
        assertThat(after[1].rating()).isCloseTo(1508.60, within(0.01));
        assertThat(after[1].deviation()).isCloseTo(79.23, within(0.01));
    }
}
