package mancala.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Quick pairing's rating window, worked by hand from its rule: two seeks pair when their ratings are at most
 * 200 apart, 50 points wider for every whole 10 s the waiting seek has waited, and at most 1000 points wider.
 */
class SeeksTest {
    @Test
    void theWindowIs200PointsAtOnceAndWidensBy50EveryTenSeconds() {
        assertThat(Seeks.range(0)).isEqualTo(200);
        assertThat(Seeks.range(9_999)).as("not yet 10 s").isEqualTo(200);
        assertThat(Seeks.range(10_000)).isEqualTo(250);
        assertThat(Seeks.range(25_000)).as("two whole steps").isEqualTo(300);
        assertThat(Seeks.range(60_000)).isEqualTo(500);
    }

    @Test
    void theWindowStopsWideningAt1200Points() {
        // 20 steps of 50 make the 1000 points of widening: from 200 s on the window stays at 1200.
        assertThat(Seeks.range(190_000)).isEqualTo(1150);
        assertThat(Seeks.range(200_000)).isEqualTo(1200);
        assertThat(Seeks.range(3_600_000)).isEqualTo(1200);
    }

    @Test
    void ratingsPairInsideTheWindowOnly() {
        assertThat(Seeks.matches(1500, 1700, 0)).as("200 apart at once").isTrue();
        assertThat(Seeks.matches(1500, 1701, 0)).as("201 apart at once").isFalse();
        assertThat(Seeks.matches(1701, 1500, 0)).as("the other way round").isFalse();
        assertThat(Seeks.matches(1500, 1750, 10_000)).as("250 apart after 10 s").isTrue();
        assertThat(Seeks.matches(1500, 1751, 19_999)).as("251 apart before 20 s").isFalse();
        assertThat(Seeks.matches(1500, 2700, 600_000)).as("1200 apart after 10 min").isTrue();
        assertThat(Seeks.matches(1500, 2701, 600_000)).as("1201 apart, ever").isFalse();
        assertThat(Seeks.matches(Seeks.NEW_RATING, 1500, 0)).as("a guest meets a new player").isTrue();
    }
}
