package mancala.rules;

import static mancala.rules.Hand.check;
import static mancala.rules.Hand.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * One Rio Kadalis round (docs/rules.md §3, R1–R7, R10 and the options pits=5, clockwise, skipOrigin, foursAtLapEnd,
 * endless, and conquest's ownership in play), worked by hand and checked as written and mirrored for North.
 * Sowing runs a … f, A … F, a …; {@code x} is a closed pit, {@code 4*} a pit owned by the player across its row.
 */
class RioKadalisRulesTest {
    private static final GameKind R = GameKind.RIO_KADALIS;

    @Test
    void r1SouthMovesFirst() {
        Position p = Position.initial(R);
        assertThat(p.sideToMove()).isEqualTo(Side.SOUTH);
        assertThat(p.legalMoves()).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(p.totalSeeds()).isEqualTo(48);
    }

    @Test
    void r2AnyOwnOpenNonEmptyPitASingleSeedToo() {
        Hand.legal(RioKadalisOptions.DEFAULT, "rio-kadalis x,1,0,3,0,0 0,0,0,0,0,2 S", "b d");
    }

    @Test
    void r2ClosedPitsAreSkippedBySowing() {
        // F (2): a is closed and skipped: b 1, c 1 (empty): end.
        check(R, "", "rio-kadalis x,0,0,0,0,0 0,0,0,0,0,2 N 10-10", "F",
                "rio-kadalis x,1,1,0,0,0 0,0,0,0,0,0 S 10-10");
    }

    @Test
    void r3FourDuringALapGoesToTheRowsOwner() {
        // e (4): f 3 -> 4, not the last seed: South's row, South takes it; A 3 -> 4: North's row, North takes it;
        // B 4 -> 5 is not a four; C 0 -> 1, the last, empty: end.
        check(R, "", "rio-kadalis 0,1,0,0,4,3 3,4,0,0,0,2 S", "e",
                "rio-kadalis 0,1,0,0,0,0 0,5,1,0,0,2 N 4-4");
    }

    @Test
    void r3LapOfTwelveOrMoreSowsTheEmptiedStartingPit() {
        // a (13): b 3, c … f 1, A 1, B 1, C 3 -> 4 (not last: North's), D … F 1, a (emptied) 1, b 3 -> 4 with the
        // last seed: binikh, South takes it (R4).
        check(R, "", "rio-kadalis 13,2,0,0,0,0 0,0,3,0,0,0 S", "a",
                "rio-kadalis 1,0,1,1,1,1 1,1,0,1,1,1 N 4-4");
    }

    @Test
    void skipOriginPassesTheEmptiedStartingPit() {
        // skipOrigin, a (13): b 3, c … B 1, C 4 (North's), D … F 1, a skipped, b 3 -> 4 with the 12th seed (not
        // last): South's; c 1 -> 2 last: relay c: d 2, e 2 -> relay e: f 2, A 2 -> relay A: B 2, C 0 -> 1: end.
        check(R, "skipOrigin", "rio-kadalis 13,2,0,0,0,0 0,0,3,0,0,0 S", "a",
                "rio-kadalis 0,0,0,2,0,2 0,2,1,1,1,1 N 4-4");
    }

    @Test
    void r4BinikhGoesToTheMoverInEitherRow() {
        // e (3): f 1, A 1, B 3 -> 4 with the last seed: the mover, South, takes it from North's row.
        check(R, "", "rio-kadalis 1,0,0,0,3,0 0,3,0,0,0,1 S", "e",
                "rio-kadalis 1,0,0,0,0,1 1,0,0,0,0,1 N 4-0");
        // d (2): e 1, f 3 -> 4 last: South takes it from his own row.
        check(R, "", "rio-kadalis 0,0,0,2,0,3 1,0,0,0,0,0 S", "d",
                "rio-kadalis 0,0,0,0,1,0 1,0,0,0,0,0 N 4-0");
    }

    @Test
    void r4RelayFromAPitOfTwoThreeOrFivePlus() {
        // f (2): A 1, B 4 -> 5 last: relay B (5): C, D, E, F 1, a 1 -> 2 last: relay a (2): b 1, c 1 (empty): end.
        check(R, "", "rio-kadalis 1,0,0,0,0,2 0,4,0,0,0,0 S", "f",
                "rio-kadalis 0,1,1,0,0,0 1,0,1,1,1,1 N");
    }

    /*
     * An endless move, worked by hand: South a 3, then b … F alternating 1, 0, … 1 (b 1, c 0, d 1, e 0, f 1, A 0,
     * B 1, C 0, D 1, E 0, F 1). Lift a (3): b 2, c 1, d 2 -> relay d: e 1, f 2 -> relay f: A 1, B 2 -> relay B:
     * C 1, D 2 -> relay D: E 1, F 2 -> relay F: a 1, b 3 -> relay b (3). No pit ever reaches 4. Six laps later b
     * holds the 3 being lifted and c … a alternate 1, 0, … 1: the start one pit on; after 12 such shifts (72 laps)
     * the lap state recurs, with no capture on the way (R5). b, d and f (single seeds into empty pits) end at once.
     */
    private static final String ENDLESS = "rio-kadalis 3,1,0,1,0,1 0,1,0,1,0,1 S";

    @Test
    void r5EndlessMoveIsIllegalByDefault() {
        Hand.legal(RioKadalisOptions.DEFAULT, ENDLESS, "b d f");
    }

    @Test
    void endlessLoseLosesTheRoundForTheMover() {
        Hand.legal(Hand.options(R, "endless=lose"), ENDLESS, "a b d f");
        // The board stays as before the move; the leftovers go to the rows' owners: South 6, North 3.
        check(R, "endless=lose", ENDLESS, "a", ENDLESS, outcome(Result.NORTH_WINS, Termination.ENDLESS_MOVE, 6, 3));
    }

    @Test
    void endlessDrawDrawsTheRound() {
        check(R, "endless=draw", ENDLESS, "a", ENDLESS, outcome(Result.DRAW, Termination.ENDLESS_MOVE, 6, 3));
    }

    @Test
    void r6RoundEndsWhenThePlayerToMoveHasNoMove() {
        // E -> F; South, to move, has no seeds: the round ends. North's 1 goes to North: 25 against 23 (R7: South
        // wins the round although the seed lay in North's row).
        check(R, "", "rio-kadalis 0,0,0,0,0,0 0,0,0,0,1,0 N 25-22", "E",
                "rio-kadalis 0,0,0,0,0,0 0,0,0,0,0,1 S 25-22",
                outcome(Result.SOUTH_WINS, Termination.NO_MOVE, 25, 23));
    }

    @Test
    void r6LeftoversGoToTheOwnerOfTheirRow() {
        // a -> b; North has nothing to move: South keeps b 1 and d 3: 26 against 22.
        check(R, "", "rio-kadalis 1,0,0,3,0,0 0,0,0,0,0,0 S 22-22", "a",
                "rio-kadalis 0,1,0,3,0,0 0,0,0,0,0,0 N 22-22",
                outcome(Result.SOUTH_WINS, Termination.NO_MOVE, 26, 22));
    }

    @Test
    void r7EqualHoldingsDrawTheRound() {
        check(R, "", "rio-kadalis 0,0,0,0,0,0 0,0,0,0,1,0 N 24-23", "E",
                "rio-kadalis 0,0,0,0,0,0 0,0,0,0,0,1 S 24-23",
                outcome(Result.DRAW, Termination.NO_MOVE, 24, 24));
    }

    /*
     * A two-ply cycle, worked by hand. North A (2): B 1, C 2 -> relay C: D 1, E 2 -> relay E: F 1, a 2 -> relay a:
     * b 1, c 2 -> relay c: d 1, e 2 -> relay e: f 2, A 1 (emptied): end. South f (2): A 2, B 2 -> relay B: C 1,
     * D 2 -> relay D: E 1, F 2 -> relay F: a 1, b 2 -> relay b: c 1, d 2 -> relay d: e 1, f 1 (emptied): end,
     * the start again. No pit reaches 4.
     */
    private static final String CYCLE = "rio-kadalis 1,0,1,0,1,1 2,0,1,0,1,0 N 22-18";

    @Test
    void r10CyclePliesWorkedByHand() {
        check(R, "", CYCLE, "A", "rio-kadalis 0,1,0,1,0,2 1,1,0,1,0,1 S 22-18");
        check(R, "", CYCLE, "A f", CYCLE);
    }

    @Test
    void r10ThirdOccurrenceEndsTheRoundAsR6() {
        for (boolean mirrored : new boolean[] {false, true}) {
            String start = mirrored ? Hand.mirror(CYCLE) : CYCLE;
            String[] moves = (mirrored ? Hand.mirrorMoves("A f") : "A f").split(" ");
            Game g = new Game(Hand.position(RioKadalisOptions.DEFAULT, start));
            for (int ply = 1; ply <= 4; ply++) {
                assertThat(g.isOver()).as("before ply " + ply).isFalse();
                g.play(Hand.pit(g.position().rules(), moves[(ply - 1) % 2].charAt(0)));
            }
            // Leftovers to the rows' owners: South 22 + 4, North 18 + 4.
            Outcome expected = outcome(Result.SOUTH_WINS, Termination.REPETITION, 26, 22);
            assertThat(g.outcome()).contains(mirrored ? Hand.mirror(expected) : expected);
        }
    }

    @Test
    void pitsFiveBoardWrapsAfterE() {
        Position p = Position.initial(Rules.of(Hand.options(R, "pits=5")));
        assertThat(p.totalSeeds()).isEqualTo(40);
        assertThat(p.legalMoves()).containsExactly(0, 1, 2, 3, 4);
        // e (2): A 1, B 2 -> relay B: C 1, D 1 (empty): end.
        check(R, "pits=5", "rio-kadalis 0,0,0,0,2 0,1,0,0,0 S", "e", "rio-kadalis 0,0,0,0,0 1,0,1,1,0 N");
        // E (3) on five pits: a, b, c: the pit after North's E is South's a.
        check(R, "pits=5", "rio-kadalis 0,0,0,0,0 0,0,0,0,3 N", "E", "rio-kadalis 1,1,1,0,0 0,0,0,0,0 S");
    }

    @Test
    void clockwiseSowsBackwardsThroughTheLetters() {
        // clockwise, c (2): b 1, a 2 -> relay a: F 1, E 1 (empty): end.
        check(R, "clockwise", "rio-kadalis 1,0,2,0,0,0 0,0,0,0,0,0 S", "c",
                "rio-kadalis 0,1,0,0,0,0 0,0,0,0,1,1 N");
    }

    @Test
    void foursAtLapEndTakesFoursOnlyWhenTheLapEnds() {
        // Default, a (14): b 3 -> 4 with the first seed: South's at once; c … F 1, a 1, b 1, c 2 (last): relay c:
        // d 2, e 2 -> relay e: f 2, A 2 -> relay A: B 2, C 2 -> relay C: D 2, E 2 -> relay E: F 2, a 2 -> relay a:
        // b 2, c 1 (emptied): end.
        String start = "rio-kadalis 14,3,0,0,0,0 0,0,0,0,0,0 S";
        check(R, "", start, "a", "rio-kadalis 0,2,1,2,0,2 0,2,0,2,0,2 N 4-0");
        // foursAtLapEnd: b 3 -> 4 -> 5 (the 13th seed) before the lap ends, so no four; the same relays then end
        // with b 5 -> 6.
        check(R, "foursAtLapEnd", start, "a", "rio-kadalis 0,6,1,2,0,2 0,2,0,2,0,2 N");
        // Where no pit is sown twice in a lap, both give the same (r3FourDuringALapGoesToTheRowsOwner).
        check(R, "foursAtLapEnd", "rio-kadalis 0,1,0,0,4,3 3,4,0,0,0,2 S", "e",
                "rio-kadalis 0,1,0,0,0,0 0,5,1,0,0,2 N 4-4");
    }

    @Test
    void conquestPitBelongsToItsConquerorInPlay() {
        // A* is South's: a four made there during the lap goes to South. f (2): A* 3 -> 4 (not last): South's;
        // B 1 (empty): end.
        check(R, "conquest", "rio-kadalis 0,0,0,0,0,2 3*,0,0,0,0,1 S 10-10", "f",
                "rio-kadalis 0,0,0,0,0,0 0*,1,0,0,0,1 N 14-10");
        // South may play A*; c -> d leaves North nothing of his own to move: the round ends and A*'s 2 seeds go
        // to South with d's 1: 25 against 23.
        Hand.legal(Hand.options(R, "conquest"), "rio-kadalis 0,0,1,0,0,0 2*,0,0,0,0,0 S 22-23", "c A");
        check(R, "conquest", "rio-kadalis 0,0,1,0,0,0 2*,0,0,0,0,0 S 22-23", "c",
                "rio-kadalis 0,0,0,1,0,0 2*,0,0,0,0,0 N 22-23",
                outcome(Result.SOUTH_WINS, Termination.NO_MOVE, 25, 23));
    }
}
