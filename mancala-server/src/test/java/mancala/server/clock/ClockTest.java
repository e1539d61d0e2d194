package mancala.server.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import mancala.rules.Side;
import mancala.server.clock.TimeControl.Correspondence;
import mancala.server.clock.TimeControl.RealTime;
import org.junit.jupiter.api.Test;

class ClockTest {
    @Test
    void fischerIncrementIsAddedAfterEachMove() {
        // 3+2: South moves after 10.5 s, North after 4 s, South after 20 s
        Clock c = Clock.initial(new RealTime(180, 2)).start(Side.SOUTH, 1_000);
        assertThat(c.remaining(Side.SOUTH, 11_500)).isEqualTo(169_500);
        assertThat(c.remaining(Side.NORTH, 11_500)).isEqualTo(180_000);
        c = c.afterMove(Side.SOUTH, Side.NORTH, 11_500);
        assertThat(c.after(Side.SOUTH)).isEqualTo(171_500);
        assertThat(c.running()).isEqualTo(Side.NORTH);
        c = c.afterMove(Side.NORTH, Side.SOUTH, 15_500);
        assertThat(c.after(Side.NORTH)).isEqualTo(178_000);
        assertThat(c.remaining(Side.SOUTH, 35_500)).isEqualTo(151_500);
        c = c.afterMove(Side.SOUTH, Side.NORTH, 35_500);
        assertThat(c.southMillis()).isEqualTo(153_500);
        assertThat(c.flagInstant()).isEqualTo(35_500 + 178_000);
    }

    @Test
    void theRunningSideFlagsExactlyWhenItsTimeIsUsed() {
        Clock c = Clock.initial(new RealTime(60, 0)).start(Side.SOUTH, 0);
        assertThat(c.flagInstant()).isEqualTo(60_000);
        assertThat(c.flagged(59_999)).isFalse();
        assertThat(c.flagged(60_000)).isTrue();
        assertThat(c.remaining(Side.SOUTH, 90_000)).isZero();
        Clock late = c;
        assertThatThrownBy(() -> late.afterMove(Side.SOUTH, Side.NORTH, 60_000))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> late.afterMove(Side.NORTH, Side.SOUTH, 1_000))
                .isInstanceOf(IllegalStateException.class);
        Clock stopped = c.stop(75_000);
        assertThat(stopped.southMillis()).isZero();
        assertThat(stopped.running()).isNull();
        assertThat(stopped.flagInstant()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void correspondenceGivesTheFullDaysForEveryMove() {
        long day = TimeControl.DAY_MS;
        Clock c = Clock.initial(new Correspondence(3)).start(Side.SOUTH, 0);
        assertThat(c.flagInstant()).isEqualTo(3 * day);
        c = c.afterMove(Side.SOUTH, Side.NORTH, 2 * day);
        assertThat(c.southMillis()).isEqualTo(3 * day);
        assertThat(c.flagInstant()).isEqualTo(5 * day);
        c = c.afterMove(Side.NORTH, Side.SOUTH, 5 * day - 1);
        assertThat(c.northMillis()).isEqualTo(3 * day);
        assertThat(c.flagInstant()).isEqualTo(8 * day - 1);
        // the opponent must pass (A5): the mover's clock starts again with a new move's days
        c = c.afterMove(Side.SOUTH, Side.SOUTH, 6 * day);
        assertThat(c.running()).isEqualTo(Side.SOUTH);
        assertThat(c.flagInstant()).isEqualTo(9 * day);
    }

    @Test
    void aMoveThatEndsTheGameStopsTheClock() {
        Clock c = Clock.initial(new RealTime(300, 5)).start(Side.NORTH, 0).afterMove(Side.NORTH, null, 1_000);
        assertThat(c.running()).isNull();
        assertThat(c.northMillis()).isEqualTo(304_000);
        assertThat(c.flagged(Long.MAX_VALUE - 1)).isFalse();
    }

    @Test
    void timeControlsAndTheirTags() {
        assertThat(new RealTime(300, 5).tag()).isEqualTo("300+5");
        assertThat(new RealTime(90, 0).label()).isEqualTo("1.5+0");
        assertThat(new RealTime(1800, 20).label()).isEqualTo("30+20");
        assertThat(new Correspondence(3).tag()).isEqualTo("1/259200");
        assertThat(TimeControl.parseTag("600+10")).contains(new RealTime(600, 10));
        assertThat(TimeControl.parseTag("1/604800")).contains(new Correspondence(7));
        assertThat(TimeControl.parseTag("1/100000")).isEmpty();
        assertThat(TimeControl.parseTag("30+0")).isEmpty();
        assertThat(TimeControl.parseTag("-")).isEmpty();
        assertThat(new RealTime(60, 0).speed()).isEqualTo("bullet");
        assertThat(new RealTime(180, 2).speed()).isEqualTo("blitz");
        assertThat(new RealTime(600, 5).speed()).isEqualTo("rapid");
        assertThat(new RealTime(1800, 20).speed()).isEqualTo("classical");
        assertThatThrownBy(() -> new RealTime(59, 0)).hasMessageContaining("initialSeconds must be from 60 to 1800");
        assertThatThrownBy(() -> new RealTime(60, 21)).hasMessageContaining("incrementSeconds must be from 0 to 20");
        assertThatThrownBy(() -> new Correspondence(2)).hasMessage("daysPerMove must be 1, 3 or 7, was 2");
    }
}
