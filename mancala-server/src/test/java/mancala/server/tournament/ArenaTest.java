package mancala.server.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The arena's scoring and queue pairing, worked by hand. */
class ArenaTest {
    private static Arena.Waiting w(long id, int points, Long last) {
        return new Arena.Waiting(id, "p" + id, points, last);
    }

    @Test
    void aWinIsTwoADrawOneAndBothDoubleAfterTwoWinsInARow() {
        assertThat(Arena.points(1, 0)).isEqualTo(2);
        assertThat(Arena.points(1, 1)).isEqualTo(2);
        assertThat(Arena.points(1, 2)).isEqualTo(4);
        assertThat(Arena.points(1, 5)).isEqualTo(4);
        assertThat(Arena.points(0.5, 0)).isEqualTo(1);
        assertThat(Arena.points(0.5, 2)).isEqualTo(2);
        assertThat(Arena.points(0, 3)).isZero();
    }

    @Test
    void theLeaderMeetsTheNearestScoreThatIsNotHisLastOpponent() {
        // A (10) just played B (9): A takes C (4, 6 away) rather than B; B then meets D
        List<Arena.Pair> pairs = Arena.pair(List.of(w(1, 10, 2L), w(2, 9, 1L), w(3, 4, null), w(4, 3, null)));
        assertThat(pairs).extracting(p -> p.south().account() + "-" + p.north().account())
                .containsExactly("1-3", "2-4");
        // without that history the nearest is B
        pairs = Arena.pair(List.of(w(1, 10, null), w(2, 9, null), w(3, 4, null), w(4, 3, null)));
        assertThat(pairs).extracting(p -> p.south().account() + "-" + p.north().account())
                .containsExactly("1-2", "3-4");
    }

    @Test
    void aRematchOnlyWhenNobodyElseWaitsAndAnOddPlayerWaitsOn() {
        List<Arena.Pair> pairs = Arena.pair(List.of(w(1, 4, 2L), w(2, 2, 1L)));
        assertThat(pairs).extracting(p -> p.south().account() + "-" + p.north().account()).containsExactly("1-2");
        pairs = Arena.pair(List.of(w(1, 4, null), w(2, 2, null), w(3, 0, null)));
        assertThat(pairs).hasSize(1);
        assertThat(pairs.get(0).north().account()).isEqualTo(2);
    }
}
