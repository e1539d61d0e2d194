package mancala.server.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

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
}
