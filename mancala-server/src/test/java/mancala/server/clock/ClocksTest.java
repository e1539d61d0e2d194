package mancala.server.clock;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import mancala.rules.Side;
import org.junit.jupiter.api.Test;

/** A game's stored events replayed through {@link Clock}: values worked by hand (1 min + 2 s, first move 30 s). */
class ClocksTest {
    private static final TimeControl TC = new TimeControl.RealTime(60, 2);

    private static Clocks.Event move(Side side, long at) {
        return new Clocks.Event(side, Clocks.EventKind.MOVE, Instant.ofEpochMilli(at));
    }

    @Test
    void firstMovesTakeNoTimeLaterMovesTakeTheirTimeAndEarnTheIncrement() {
        // started at 1 000; South's first move at 6 000, North's at 9 000, South's second at 13 000
        Clocks.State s = Clocks.compute(TC, 30_000, Instant.ofEpochMilli(1_000),
                List.of(move(Side.SOUTH, 6_000), move(Side.NORTH, 9_000), move(Side.SOUTH, 13_000)), Side.NORTH);
        // 60 000 - (13 000 - 9 000) + 2 000 = 58 000; first moves change nothing
        assertThat(s.afterPlies()).containsExactly(60_000L, 60_000L, 58_000L);
        assertThat(s.running()).isEqualTo(Side.NORTH);
        assertThat(s.clock().since()).isEqualTo(13_000);
        assertThat(s.deadline()).isEqualTo(73_000);
        assertThat(s.left(Side.NORTH, 23_000)).isEqualTo(50_000);
        assertThat(s.left(Side.SOUTH, 23_000)).isEqualTo(58_000);
    }

    @Test
    void beforeBothMovedTheFirstMoveTimeRunsAndNobodysOwnTime() {
        Clocks.State s = Clocks.compute(TC, 30_000, Instant.ofEpochMilli(1_000), List.of(move(Side.SOUTH, 6_000)),
                Side.NORTH);
        assertThat(s.clock().awaitingFirstMove()).isTrue();
        assertThat(s.deadline()).isEqualTo(36_000);
        assertThat(s.left(Side.NORTH, 30_000)).isEqualTo(60_000);
        assertThat(s.clock().expiry(36_000)).isEqualTo(Clock.Expiry.FIRST_MOVE);
        assertThat(s.clock().expiry(35_999)).isEqualTo(Clock.Expiry.NONE);
    }

    @Test
    void aStoredMoveAfterItsDeadlineIsReplayedAsMadeJustBefore() {
        // North's own time runs from 13 000 with 60 000: deadline 73 000; a move stored at 80 000 counts at 72 999
        Clocks.State s = Clocks.compute(TC, 30_000, Instant.ofEpochMilli(1_000), List.of(move(Side.SOUTH, 6_000),
                move(Side.NORTH, 9_000), move(Side.SOUTH, 13_000), move(Side.NORTH, 80_000)), Side.SOUTH);
        assertThat(s.afterPlies().get(3)).isEqualTo(60_000 - 59_999 + 2_000L);
    }

    @Test
    void notStartedIsStoppedAndAnEndStopsTheClock() {
        assertThat(Clocks.compute(TC, 30_000, null, List.of(), Side.SOUTH).running()).isNull();
        Clocks.State s = Clocks.compute(TC, 30_000, Instant.ofEpochMilli(1_000), List.of(move(Side.SOUTH, 6_000),
                move(Side.NORTH, 9_000), new Clocks.Event(Side.SOUTH, Clocks.EventKind.OTHER,
                        Instant.ofEpochMilli(19_000))), null);
        assertThat(s.running()).isNull();
        // South resigned 10 s into his own time
        assertThat(s.left(Side.SOUTH, 50_000)).isEqualTo(50_000);
    }
}
