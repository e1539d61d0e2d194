package mancala.engine.level;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import mancala.engine.Players;
import mancala.engine.play.SelfPlay;
import mancala.rules.GameKind;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Strength checks by short self-play runs (the full 200-game figures come from {@code mancala selfplay}). Level 10
 * gets 50 ms a move here instead of 100 ms to keep the suite fast.
 */
class LevelPlayerTest {
    @Tag("slow")
    @ParameterizedTest
    @EnumSource(value = GameKind.class, names = {"HAWALIS", "AL_MANQALA"})
    void levelTenBeatsGreedy(GameKind kind) {
        SelfPlay.Summary s = SelfPlay.run(new SelfPlay.Config(kind.defaultOptions(),
                seed -> Players.byName("level:10", seed), seed -> Players.byName("greedy", seed), 12, 1, 50, 2,
                7, false), g -> { });
        assertThat(s.wins()).isGreaterThanOrEqualTo(10);
    }

    /* A Rio Kadalis game is a match (R8, R9); single rounds are often drawn 24–24 by both players. */
    @Tag("slow")
    @Test
    void levelTenBeatsGreedyInRioKadalisMatches() {
        SelfPlay.Summary s = SelfPlay.run(new SelfPlay.Config(GameKind.RIO_KADALIS.defaultOptions(),
                seed -> Players.byName("level:10", seed), seed -> Players.byName("greedy", seed), 8, 1, 50, 2,
                7, true), g -> { });
        assertThat(s.wins()).isGreaterThanOrEqualTo(6);
    }

    @Tag("slow")
    @Test
    void levelFiveBeatsLevelOne() {
        SelfPlay.Summary s = SelfPlay.run(new SelfPlay.Config(GameKind.HAWALIS.defaultOptions(),
                seed -> Players.byName("level:5", seed), seed -> Players.byName("level:1", seed), 10, 1, 20, 0, 3,
                false), g -> { });
        assertThat(s.wins()).isGreaterThanOrEqualTo(8);
    }

    @Test
    void namesAreReadAndCheckedByPlayers() {
        assertThat(Players.byName("level:7", 1).name()).isEqualTo("level:7");
        assertThat(Players.byName("MCTS", 1).name()).isEqualTo("mcts");
        assertThatThrownBy(() -> Players.byName("level:11", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("level:1 to level:10");
        assertThatThrownBy(() -> new LevelPlayer(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
