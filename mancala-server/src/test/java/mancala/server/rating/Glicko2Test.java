package mancala.server.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import mancala.server.rating.Glicko2.Game;
import mancala.server.rating.Glicko2.Rating;
import org.junit.jupiter.api.Test;

class Glicko2Test {
    /**
     * Glickman, "Example of the Glicko-2 system": a player rated 1500, RD 200, volatility 0.06 beats a player rated
     * 1400 (RD 30) and loses to players rated 1550 (RD 100) and 1700 (RD 300), tau 0.5. The paper gives
     * mu' = -0.2069, phi' = 0.8722 on the Glicko-2 scale, so r' = 1464.06, RD' = 151.52, and sigma' = 0.05999.
     * The paper rounds its intermediate values to four decimals (r' is 173.7178 * -0.2069 + 1500), so r' is checked
     * to within 0.01 and the Glicko-2 figures to the paper's four decimals.
     */
    @Test
    void glickmansWorkedExample() {
        Glicko2 glicko = new Glicko2(0.5);
        Rating player = new Rating(1500, 200, 0.06);
        Rating after = glicko.update(player, List.of(
                new Game(new Rating(1400, 30, 0.06), 1),
                new Game(new Rating(1550, 100, 0.06), 0),
                new Game(new Rating(1700, 300, 0.06), 0)));
        assertThat((after.rating() - 1500) / Glicko2.SCALE).isCloseTo(-0.2069, within(0.00005));
        assertThat(after.deviation() / Glicko2.SCALE).isCloseTo(0.8722, within(0.00005));
        assertThat(after.rating()).isCloseTo(1464.06, within(0.01));
        assertThat(after.deviation()).isCloseTo(151.52, within(0.005));
        // the paper prints 0.05999, the value cut (not rounded) to five decimals
        assertThat(after.volatility()).isBetween(0.05999, 0.06);
    }

    @Test
    void aPeriodWithoutGamesOnlyWidensTheDeviation() {
        Rating after = new Glicko2(0.5).update(new Rating(1500, 200, 0.06), List.of());
        assertThat(after.rating()).isEqualTo(1500);
        assertThat(after.volatility()).isEqualTo(0.06);
        // phi* = sqrt(phi^2 + sigma^2) on the Glicko-2 scale: sqrt((200/173.7178)^2 + 0.06^2) * 173.7178
        assertThat(after.deviation()).isCloseTo(Math.sqrt(200.0 * 200.0 + Math.pow(0.06 * 173.7178, 2)),
                within(1e-9));
    }

    @Test
    void newPlayersMovingApartByOneGame() {
        Glicko2 glicko = new Glicko2(0.5);
        Rating winner = glicko.update(Rating.initial(), List.of(new Game(Rating.initial(), 1)));
        Rating loser = glicko.update(Rating.initial(), List.of(new Game(Rating.initial(), 0)));
        assertThat(winner.rating() - 1500).isCloseTo(1500 - loser.rating(), within(1e-9));
        assertThat(winner.rating()).isGreaterThan(1600);
        assertThat(winner.deviation()).isLessThan(350);
        Rating drawn = glicko.update(Rating.initial(), List.of(new Game(Rating.initial(), 0.5)));
        assertThat(drawn.rating()).isCloseTo(1500, within(1e-9));
    }

    @Test
    void refusesNonsense() {
        assertThatThrownBy(() -> new Glicko2(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Rating(1500, 0, 0.06)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Game(Rating.initial(), 2)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Step 6 for a year away, by hand: phi = 50 / 173.7178 = 0.287824, phi^2 = 0.082843; 365 days add
     * 365 * 0.06^2 = 1.314, so phi* = sqrt(1.396843) = 1.181881 and RD = 1.181881 * 173.7178 = 205.31: provisional.
     */
    @Test
    void aYearAwayWidensTheDeviationByStepSixForEachDay() {
        Rating settled = new Rating(1720, 50, 0.06);
        Instant last = Instant.parse("2025-03-01T12:00:00Z");
        Instant back = Instant.parse("2026-03-01T12:00:00Z"); // 365 days later
        assertThat(Glicko2.daysAway(last, back)).isEqualTo(365);
        Rating after = Glicko2.asOf(settled, last, back);
        assertThat(after.deviation()).isCloseTo(205.31, within(0.005));
        assertThat(after.rating()).isEqualTo(1720);
        assertThat(after.volatility()).isEqualTo(0.06);
        assertThat(settled.provisional()).isFalse();
        assertThat(after.provisional()).isTrue();
    }

    /**
     * By hand: RD 60, 30 days, sigma 0.06: (60 / 173.7178)^2 = 0.119294, + 30 * 0.0036 = 0.227294, sqrt = 0.476754,
     * RD = 82.82. RD 80, 10 days, sigma 0.09: 0.212076 + 0.081 = 0.293076, sqrt = 0.541365, RD = 94.04.
     * One day at RD 50: 0.082843 + 0.0036 = 0.086443, sqrt = 0.294012, RD = 51.07.
     */
    @Test
    void stepSixByHandForSeveralDays() {
        assertThat(Glicko2.afterDaysAway(new Rating(1500, 60, 0.06), 30).deviation()).isCloseTo(82.82, within(0.005));
        assertThat(Glicko2.afterDaysAway(new Rating(1500, 80, 0.09), 10).deviation()).isCloseTo(94.04, within(0.005));
        assertThat(Glicko2.afterDaysAway(new Rating(1500, 50, 0.06), 1).deviation()).isCloseTo(51.07, within(0.005));
        // N days at once equal N single days one after the other (phi^2 grows by sigma^2 a day)
        Rating stepwise = new Rating(1500, 60, 0.06);
        for (int i = 0; i < 30; i++) {
            stepwise = Glicko2.afterDaysAway(stepwise, 1);
        }
        assertThat(stepwise.deviation()).isCloseTo(82.82, within(0.005));
        // one day is also the paper's step 6 as update() applies it to a period without games
        assertThat(Glicko2.afterDaysAway(new Rating(1500, 200, 0.06), 1).deviation())
                .isCloseTo(new Glicko2(0.5).update(new Rating(1500, 200, 0.06), List.of()).deviation(), within(1e-9));
    }

    /** RD 300 after 1000 days would be sqrt(2.982367 + 3.6) * 173.7178 = 445.7: capped at the starting 350. */
    @Test
    void theDeviationNeverGrowsPastTheStartingOne() {
        assertThat(Glicko2.afterDaysAway(new Rating(1500, 300, 0.06), 1000).deviation()).isEqualTo(350);
        assertThat(Glicko2.afterDaysAway(Rating.initial(), 1000).deviation()).isEqualTo(350);
    }

    @Test
    void onlyWholeDaysCount() {
        Instant last = Instant.parse("2026-01-10T18:00:00Z");
        assertThat(Glicko2.daysAway(last, Instant.parse("2026-01-11T17:59:59.999Z"))).isZero();
        assertThat(Glicko2.daysAway(last, Instant.parse("2026-01-11T18:00:00Z"))).isEqualTo(1);
        assertThat(Glicko2.daysAway(last, Instant.parse("2026-01-13T17:00:00Z"))).isEqualTo(2);
        assertThat(Glicko2.daysAway(null, last)).isZero();
        assertThat(Glicko2.daysAway(last, last.minusSeconds(5))).isZero();
        Rating r = new Rating(1600, 70, 0.06);
        assertThat(Glicko2.asOf(r, last, Instant.parse("2026-01-11T17:00:00Z"))).isEqualTo(r);
        assertThatThrownBy(() -> Glicko2.afterDaysAway(r, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    /** The provisional rule: "?" strictly above RD 110. */
    @Test
    void provisionalAboveOneHundredTen() {
        assertThat(new Rating(1500, 110, 0.06).provisional()).isFalse();
        assertThat(new Rating(1500, 110.01, 0.06).provisional()).isTrue();
        assertThat(Rating.initial().provisional()).isTrue();
    }
}
