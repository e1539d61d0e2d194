package mancala.engine.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import mancala.rules.GameKind;
import mancala.rules.Position;
import org.junit.jupiter.api.Test;

/** Time limits: a huge one is no limit at all, never one that overflows into the past. */
class SearchLimitsTest {
    @Test
    void aHugeTimeLimitLetsTheDepthLimitDecide() {
        Searcher s = new Searcher(GameKind.HAWALIS.rules(), 16);
        SearchResult r = s.search(Position.initial(GameKind.HAWALIS).toBoard(),
                new SearchLimits(Long.MAX_VALUE, 4, 0));
        assertThat(r.depthPlies()).isEqualTo(4);
        assertThat(r.nodes()).isGreaterThan(14);
    }

    @Test
    void nanosSaturatesAtTheLongestLimit() {
        assertThat(SearchLimits.nanos(5)).isEqualTo(5_000_000L);
        assertThat(SearchLimits.nanos(Long.MAX_VALUE)).isEqualTo(SearchLimits.MAX_MILLIS * 1_000_000L);
        assertThat(System.nanoTime() + SearchLimits.nanos(Long.MAX_VALUE) - System.nanoTime()).isPositive();
    }

    @Test
    void negativeOrMissingLimitsAreRefused() {
        assertThatThrownBy(() -> new SearchLimits(-1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SearchLimits(0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
