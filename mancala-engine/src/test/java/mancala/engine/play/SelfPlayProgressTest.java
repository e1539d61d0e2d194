package mancala.engine.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import mancala.engine.Players;
import mancala.engine.progress.Progress;
import mancala.rules.GameKind;
import org.junit.jupiter.api.Test;

/** What self-play reports to a {@link Progress}, and the first mover's tally. */
class SelfPlayProgressTest {
    /** Records every call, in order. */
    static final class Recording implements Progress {
        final List<String> calls = new ArrayList<>();

        @Override
        public synchronized void begin(String task, long total, String unit) {
            calls.add("begin " + task + " " + total + " " + unit);
        }

        @Override
        public synchronized void update(long done, String detail) {
            calls.add(done + " " + detail);
        }

        @Override
        public synchronized void end() {
            calls.add("end");
        }
    }

    static SelfPlay.Config config(int games, boolean paired) {
        return new SelfPlay.Config(GameKind.RIO_KADALIS.defaultOptions(), s -> Players.byName("level:2", s),
                s -> Players.byName("random", s), games, 2, 100, 2, 3, false, SelfPlay.MAX_PLIES, SelfPlay.MAX_ROUNDS,
                paired);
    }

    @Test
    void oneTaskCountingEveryGameWithTheRunningTally() {
        Recording r = new Recording();
        SelfPlay.Summary s = SelfPlay.run(config(10, true), g -> { }, r);
        assertThat(r.calls).hasSize(12);
        assertThat(r.calls.get(0)).isEqualTo("begin self-play 10 games");
        assertThat(r.calls.get(11)).isEqualTo("end");
        for (int i = 1; i <= 10; i++) {
            assertThat(r.calls.get(i)).startsWith(i + " +");
        }
        // The last update's tally is the run's.
        assertThat(r.calls.get(10)).isEqualTo(String.format(java.util.Locale.ROOT, "10 +%d =%d -%d, score %.3f",
                s.wins(), s.draws(), s.losses(), s.score()));
    }

    @Test
    void unpairedOpeningsDifferAndTheFirstMoverIsCountedWhoeverSitsThere() {
        List<PlayedGame> paired = new ArrayList<>();
        SelfPlay.run(config(6, true), paired::add);
        List<PlayedGame> own = new ArrayList<>();
        SelfPlay.run(config(6, false), own::add);
        paired.sort(java.util.Comparator.comparingInt(PlayedGame::index));
        own.sort(java.util.Comparator.comparingInt(PlayedGame::index));
        for (int k = 0; k < 3; k++) {
            assertThat(opening(paired.get(2 * k))).isEqualTo(opening(paired.get(2 * k + 1)));
        }
        assertThat(own.stream().map(SelfPlayProgressTest::opening).distinct().count()).isGreaterThan(3);
        SelfPlay.Summary first = SelfPlay.forFirstMover(own);
        int wins = 0;
        int draws = 0;
        for (PlayedGame g : own) {
            // R1: South moves first in the first round; the first mover wins when South wins.
            var winner = g.outcome().orElseThrow().result().winner();
            if (winner.isEmpty()) {
                draws++;
            } else if (winner.get() == mancala.rules.Side.SOUTH) {
                wins++;
            }
        }
        assertThat(first.wins()).isEqualTo(wins);
        assertThat(first.draws()).isEqualTo(draws);
        assertThat(first.games()).isEqualTo(6);
    }

    static List<Integer> opening(PlayedGame g) {
        return g.rounds().get(0).moves().subList(0, 2);
    }
}
