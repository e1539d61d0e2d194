package mancala.server.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import mancala.rules.Side;
import mancala.server.clock.Clock.Expiry;
import mancala.server.clock.TimeControl.Correspondence;
import mancala.server.clock.TimeControl.RealTime;
import org.junit.jupiter.api.Test;

/** The live clock, against values worked by hand (all instants in milliseconds from an arbitrary 0). */
class ClockTest {
    private static final Side S = Side.SOUTH;
    private static final Side N = Side.NORTH;

    /** Both sides have moved once in a 3+2 game started at 1,000: South's first move at 5,000, North's at 9,000. */
    private static Clock opened() {
        return Clock.initial(new RealTime(180, 2)).start(S, 1_000).afterMove(S, N, 5_000).afterMove(N, S, 9_000);
    }

    @Test
    void firstMovesTakeNoTimeAndEarnNoIncrementAndTheClockStartsOnceBothHaveMoved() {
        Clock c = Clock.initial(new RealTime(180, 2)).start(S, 1_000);
        assertThat(c.awaitingFirstMove()).isTrue();
        assertThat(c.ownTimeRuns()).isFalse();
        // 25 s after the start South still has all 180 s: only his first-move time (30 s) runs
        assertThat(c.remaining(S, 26_000)).isEqualTo(180_000);
        assertThat(c.firstMoveLeft(26_000)).isEqualTo(5_000); // 1,000 + 30,000 - 26,000
        assertThat(c.deadline()).isEqualTo(31_000);
        assertThat(c.flagInstant()).isEqualTo(Long.MAX_VALUE);
        c = c.afterMove(S, N, 5_000);
        assertThat(c.after(S)).isEqualTo(180_000); // no time taken, no increment
        assertThat(c.running()).isEqualTo(N);
        assertThat(c.deadline()).isEqualTo(35_000); // North's first-move time runs from 5,000
        assertThat(c.bothMoved()).isFalse();
        c = c.afterMove(N, S, 9_000);
        assertThat(c.after(N)).isEqualTo(180_000);
        assertThat(c.bothMoved()).isTrue();
        assertThat(c.ownTimeRuns()).isTrue();
        assertThat(c.remaining(S, 19_000)).isEqualTo(170_000); // now South's own clock runs from 9,000
        assertThat(c.flagInstant()).isEqualTo(189_000);
    }

    @Test
    void timeUsedIsTakenOffAndTheIncrementAdded() {
        Clock c = opened();
        assertThat(c.timeUsed(16_500)).isEqualTo(7_500);
        // South thinks 7.5 s: 180 - 7.5 + 2 = 174.5 s
        c = c.afterMove(S, N, 16_500);
        assertThat(c.after(S)).isEqualTo(174_500);
        assertThat(c.remaining(N, 16_500)).isEqualTo(180_000);
        // North thinks 12.25 s: 180 - 12.25 + 2 = 169.75 s
        c = c.afterMove(N, S, 28_750);
        assertThat(c.after(N)).isEqualTo(169_750);
        assertThat(c.remaining(S, 40_000)).isEqualTo(163_250); // 174.5 - (40 - 28.75)
        assertThat(c.flagInstant()).isEqualTo(203_250); // 28,750 + 174,500
    }

    @Test
    void aSideMovingAgainWhenTheOpponentMustPassKeepsItsClockRunningFromItsLastMove() {
        Clock c = opened().afterMove(S, S, 12_000); // 180 - 3 + 2 = 179 s, South to move again
        assertThat(c.after(S)).isEqualTo(179_000);
        assertThat(c.running()).isEqualTo(S);
        assertThat(c.remaining(S, 20_000)).isEqualTo(171_000);
    }

    @Test
    void theRunningSideFlagsExactlyWhenItsTimeIsUsed() {
        Clock c = Clock.initial(new RealTime(60, 0)).start(S, 0).afterMove(S, N, 1_000).afterMove(N, S, 2_000);
        assertThat(c.flagInstant()).isEqualTo(62_000);
        assertThat(c.expiry(61_999)).isEqualTo(Expiry.NONE);
        assertThat(c.remaining(S, 61_999)).isEqualTo(1);
        assertThat(c.expiry(62_000)).isEqualTo(Expiry.FLAG);
        assertThat(c.flagged(62_000)).isTrue();
        assertThat(c.remaining(S, 70_000)).isZero();
        assertThat(c.remaining(N, 70_000)).isEqualTo(60_000);
    }

    @Test
    void aMoveStoredAMillisecondBeforeTheFlagCountsAndOneAtOrAfterItLoses() {
        Clock c = Clock.initial(new RealTime(60, 3)).start(S, 0).afterMove(S, N, 1_000).afterMove(N, S, 2_000);
        // flag at 2,000 + 60,000 = 62,000
        Clock inTime = c.afterMove(S, N, 61_999);
        assertThat(inTime.after(S)).isEqualTo(3_001); // 1 ms left + 3 s increment
        assertThatThrownBy(() -> c.afterMove(S, N, 62_000)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ran out at 62000");
        assertThatThrownBy(() -> c.afterMove(S, N, 62_004)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aMissedFirstMoveExpiresAsFirstMoveNotAsAFlag() {
        Clock c = Clock.initial(new RealTime(60, 0)).start(S, 10_000);
        assertThat(c.expiry(39_999)).isEqualTo(Expiry.NONE);
        assertThat(c.expiry(40_000)).isEqualTo(Expiry.FIRST_MOVE);
        assertThat(c.flagged(40_000)).isFalse();
        assertThatThrownBy(() -> c.afterMove(S, N, 40_001)).hasMessageContaining("first-move time ran out at 40000");
        // North's first move likewise, from South's first move
        Clock n = c.afterMove(S, N, 12_000);
        assertThat(n.expiry(41_999)).isEqualTo(Expiry.NONE);
        assertThat(n.expiry(42_000)).isEqualTo(Expiry.FIRST_MOVE);
        // and it takes nothing from North's own minute
        assertThat(n.remaining(N, 50_000)).isEqualTo(60_000);
    }

    @Test
    void tournamentGamesGiveSixtySecondsForTheFirstMoveAndCorrespondenceTheFullDays() {
        assertThat(new RealTime(60, 0).firstMoveMillis(false)).isEqualTo(30_000);
        assertThat(new RealTime(60, 0).firstMoveMillis(true)).isEqualTo(60_000);
        assertThat(new Correspondence(3).firstMoveMillis(false)).isEqualTo(259_200_000L);
        assertThat(new Correspondence(7).firstMoveMillis(true)).isEqualTo(604_800_000L);
        Clock t = Clock.initial(new RealTime(300, 0), new RealTime(300, 0).firstMoveMillis(true)).start(N, 0);
        assertThat(t.deadline()).isEqualTo(60_000);
        assertThat(t.expiry(59_999)).isEqualTo(Expiry.NONE);
        assertThat(t.expiry(60_000)).isEqualTo(Expiry.FIRST_MOVE);
    }

    @Test
    void correspondenceGivesTheFullDaysForEveryMoveAndItsDeadlineIsTheFlag() {
        long day = 86_400_000L;
        Clock c = Clock.initial(new Correspondence(3)).start(S, 0);
        assertThat(c.deadline()).isEqualTo(3 * day); // first move: the full 3 days, missing it aborts
        assertThat(c.expiry(3 * day)).isEqualTo(Expiry.FIRST_MOVE);
        c = c.afterMove(S, N, day); // South's first move after 1 day
        assertThat(c.deadline()).isEqualTo(4 * day);
        c = c.afterMove(N, S, 2 * day + 5); // North's first move after 1 day and 5 ms
        assertThat(c.deadline()).isEqualTo(5 * day + 5);
        c = c.afterMove(S, N, 4 * day); // South uses 2 days less 5 ms of his 3
        assertThat(c.after(S)).isEqualTo(3 * day);
        assertThat(c.deadline()).isEqualTo(7 * day);
        assertThat(c.remaining(N, 6 * day)).isEqualTo(day);
        assertThat(c.expiry(7 * day - 1)).isEqualTo(Expiry.NONE);
        assertThat(c.expiry(7 * day)).isEqualTo(Expiry.FLAG);
        Clock late = c;
        assertThatThrownBy(() -> late.afterMove(N, S, 7 * day + 1)).isInstanceOf(IllegalStateException.class);
        // the mover again (the opponent passes): the full days again
        Clock again = c.afterMove(N, N, 6 * day);
        assertThat(again.running()).isEqualTo(N);
        assertThat(again.deadline()).isEqualTo(9 * day);
    }

    @Test
    void abortIsPossibleForASideUntilItsOwnFirstMove() {
        Clock c = Clock.initial(new RealTime(180, 0)).start(S, 0);
        assertThat(c.canAbort(S)).isTrue();
        assertThat(c.canAbort(N)).isTrue();
        c = c.afterMove(S, N, 2_000);
        assertThat(c.canAbort(S)).isFalse();
        assertThat(c.canAbort(N)).isTrue();
        assertThat(c.bothMoved()).isFalse();
        c = c.afterMove(N, S, 4_000);
        assertThat(c.canAbort(N)).isFalse();
        assertThat(c.bothMoved()).isTrue();
    }

    @Test
    void aClaimNeedsTheOpponentsTurnHisOwnTimeRunningAndTheClaimTimeGone() {
        Clock c = opened(); // South to move from 9,000, own time running
        // North claims against South, gone since 3,000: counted from 9,000 (South's turn), 30 s claim time
        assertThat(c.claimable(N, 3_000, 38_999, 30_000)).isFalse();
        assertThat(c.claimable(N, 3_000, 39_000, 30_000)).isTrue();
        assertThat(c.claimable(N, 20_000, 49_999, 30_000)).isFalse();
        assertThat(c.claimable(N, 20_000, 50_000, 30_000)).isTrue();
        // never on one's own turn
        assertThat(c.claimable(S, 0, 100_000, 30_000)).isFalse();
        // never before the opponent's first move: that is an abort
        Clock first = Clock.initial(new RealTime(180, 0)).start(S, 0);
        assertThat(first.claimable(N, 0, 29_000, 10_000)).isFalse();
        // never once his time is out: that is a flag
        assertThat(c.claimable(N, 0, 189_000, 30_000)).isFalse();
    }

    @Test
    void aMoveThatEndsTheGameStopsTheClockAndStopTakesTheTimeUsed() {
        Clock c = opened().afterMove(S, null, 10_000);
        assertThat(c.running()).isNull();
        assertThat(c.after(S)).isEqualTo(181_000); // 180 - 1 + 2
        assertThat(c.deadline()).isEqualTo(Long.MAX_VALUE);
        assertThat(c.expiry(Long.MAX_VALUE - 1)).isEqualTo(Expiry.NONE);
        // a resignation at 20,000 while South's clock ran from 9,000: 169 s left
        Clock resigned = opened().stop(20_000);
        assertThat(resigned.after(S)).isEqualTo(169_000);
        assertThat(resigned.running()).isNull();
        // a flag stops at 0
        assertThat(opened().stop(500_000).after(S)).isZero();
        // stopping during a first-move wait takes nothing
        assertThat(Clock.initial(new RealTime(180, 0)).start(S, 0).stop(20_000).after(S)).isEqualTo(180_000);
    }

    @Test
    void aMoveInstantBeforeTheClocksStartCountsAsItsStart() {
        Clock c = opened().afterMove(S, N, 8_000); // stored "before" 9,000 by another instance's clock
        assertThat(c.after(S)).isEqualTo(182_000); // no time used, the increment added
        assertThat(c.since()).isEqualTo(9_000);
    }

    @Test
    void refusesWrongUse() {
        Clock stopped = Clock.initial(new RealTime(180, 0));
        assertThatThrownBy(() -> stopped.afterMove(S, N, 0)).hasMessageContaining("stopped");
        assertThatThrownBy(() -> stopped.start(S, 0).afterMove(N, S, 0)).hasMessageContaining("SOUTH's clock");
        assertThatThrownBy(() -> Clock.initial(new RealTime(180, 0), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Clock(null, 1, 0, 0, false, false, null, 0))
                .isInstanceOf(IllegalArgumentException.class);
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
