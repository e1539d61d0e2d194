package mancala.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import mancala.engine.cluster.Cluster;
import mancala.engine.play.PlayedGame;
import mancala.engine.play.SelfPlay;
import mancala.notation.PositionNotation;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/** Self-play spread over {@code local[2]} plays every game as one machine plays it, and brings it back whole. */
class GamesTest {
    @Test
    void gamesOnSparkAreTheGamesOfALocalRun() {
        Cluster.GamesSpec spec = new Cluster.GamesSpec("rio-kadalis", "", "random", "greedy", 6, 10, 2, 7, true,
                SelfPlay.MAX_PLIES, 3, false);
        List<PlayedGame> got = new ArrayList<>();
        List<PlayedGame> games;
        try (JavaSparkContext sc = SparkTestContext.local2()) {
            games = Games.play(sc, spec, got::add);
        }
        assertThat(got).hasSize(6).isEqualTo(games);
        for (int i = 0; i < 6; i++) {
            PlayedGame local = SelfPlay.play(Games.config(spec), i);
            PlayedGame remote = games.get(i);
            assertThat(remote.index()).isEqualTo(i);
            assertThat(remote.firstSeat()).isEqualTo(local.firstSeat());
            assertThat(remote.outcome()).isEqualTo(local.outcome());
            assertThat(remote.plies()).isEqualTo(local.plies());
            assertThat(remote.match()).isTrue();
            assertThat(remote.rounds()).hasSameSizeAs(local.rounds());
            for (int r = 0; r < local.rounds().size(); r++) {
                assertThat(remote.rounds().get(r).moves()).isEqualTo(local.rounds().get(r).moves());
                assertThat(PositionNotation.format(remote.rounds().get(r).start()))
                        .isEqualTo(PositionNotation.format(local.rounds().get(r).start()));
                assertThat(remote.rounds().get(r).outcome()).isEqualTo(local.rounds().get(r).outcome());
            }
        }
    }
}
