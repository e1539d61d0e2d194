package mancala.rules;

import static mancala.rules.Hand.check;
import static mancala.rules.Hand.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Hawalis (docs/rules.md §1, H1–H10 and the options skipOrigin, endless, scoring=captures), each case worked out by hand
 * from the rule text and checked as written and mirrored for North (see {@link Hand}).
 *
 * <p>Pit letters in a side's field: outer a–g, then inner h–n. The inner pit with index i (7–13) faces the
 * opponent's 20 − i with his outer i − 7 behind it.
 */
class HawalisRulesTest {
    private static final GameKind H = GameKind.HAWALIS;
    private static final String ALL2 = "2,2,2,2,2,2,2,2,2,2,2,2,2,2";
    private static final String OPENING = "hawalis " + ALL2 + " " + ALL2 + " S";

    @Test
    void h1SouthMovesFirstAndPlayersAlternate() {
        Position p = Position.initial(H);
        assertThat(p.sideToMove()).isEqualTo(Side.SOUTH);
        // After a (worked in h5OpeningMoveRelaysUntilALapEndsInAnEmptyPit) North is to move, and after North's A,
        // the same sowing in North's pits, South again.
        check(H, "", OPENING, "a A",
                "hawalis 1,3,0,3,3,0,3,3,0,3,3,0,3,3 1,3,0,3,3,0,3,3,0,3,3,0,3,3 S");
    }

    @Test
    void h2SeedsStayInTheMoversPitsAndWrapFromNToA() {
        // n (3 seeds) sows a, b, c: the pit after n is the mover's own a, never the opponent's pits. c was empty:
        // the move ends in the outer row, no capture; North's pits are untouched.
        check(H, "", "hawalis 0,0,0,0,0,0,0,0,0,0,0,0,0,3 " + ALL2 + " S", "n",
                "hawalis 1,1,1,0,0,0,0,0,0,0,0,0,0,0 " + ALL2 + " N");
    }

    @Test
    void h3OnlyPitsOfTwoOrMoreMayBeLifted() {
        Hand.legal(HawalisOptions.DEFAULT, "hawalis 1,0,2,1,0,3,0,1,0,0,0,0,0,1 " + ALL2 + " S", "c f");
    }

    @Test
    void h3OpeningHasFourteenLegalMovesForSouth() {
        Position p = Position.initial(H);
        assertThat(p.legalMoves()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13);
        Hand.legal(HawalisOptions.DEFAULT, OPENING, "a b c d e f g h i j k l m n");
    }

    @Test
    void h4LapOfFourteenSowsTheEmptiedStartingPit() {
        // c (14): d … n, a, b take 13 seeds, the 14th goes back into the emptied c, which was empty: the move ends
        // there (outer row, no capture). Every pit now holds 1.
        check(H, "", "hawalis 0,0,14,0,0,0,0,0,0,0,0,0,0,0 " + ALL2 + " S", "c",
                "hawalis 1,1,1,1,1,1,1,1,1,1,1,1,1,1 " + ALL2 + " N");
    }

    @Test
    void h4SkipOriginPassesTheEmptiedStartingPit() {
        // skipOrigin: c (14) sows d … b (13), skips c, the 14th lands in d (1 -> 2): relay d (2): e, f -> f 2;
        // relay f: g, h; relay h: i, j; relay j: k, l; relay l: m, n; relay n: a, b (a 1 -> 2, b 1 -> 2);
        // relay b (2): c 0 -> 1, d 0 -> 1, d was empty: end in the outer row.
        check(H, "skipOrigin", "hawalis 0,0,14,0,0,0,0,0,0,0,0,0,0,0 " + ALL2 + " S", "c",
                "hawalis 2,0,1,1,2,0,2,0,2,0,2,0,2,0 " + ALL2 + " N");
    }

    @Test
    void h5OpeningMoveRelaysUntilALapEndsInAnEmptyPit() {
        // a (2): b 3, c 3 -> relay c (3): d, e, f = 3 -> relay f: g, h, i = 3 -> relay i: j, k, l = 3 -> relay l:
        // m 3, n 3, a 0 -> 1: a was empty, the move ends in the outer row.
        check(H, "", OPENING, "a", "hawalis 1,3,0,3,3,0,3,3,0,3,3,0,3,3 " + ALL2 + " N");
    }

    @Test
    void h6SingletonsOnlyStepIntoAnEmptyPit() {
        // No pit holds two: a (b empty) and d (e empty) may step; c (d full) and n (a full) may not.
        String start = "hawalis 1,0,1,1,0,0,0,0,0,0,0,0,0,1 " + ALL2 + " S";
        Hand.legal(HawalisOptions.DEFAULT, start, "a d");
        // d steps into e: outer row, no capture.
        check(H, "", start, "d", "hawalis 1,0,1,0,1,0,0,0,0,0,0,0,0,1 " + ALL2 + " N");
    }

    @Test
    void h6NoSingletonWhileAPitHoldsTwo() {
        Hand.legal(HawalisOptions.DEFAULT, "hawalis 1,0,2,0,0,0,0,0,0,0,0,0,0,1 " + ALL2 + " S", "c");
    }

    @Test
    void h7EndInInnerRowCapturesFacingPitAndOuterPitBehind() {
        // g (2): h 1, i 1; i was empty, the move ends in inner pit i (8), facing M (20 - 8 = 12) with 3 and
        // B (8 - 7 = 1) behind with 5: South takes 8.
        check(H, "", "hawalis 0,0,0,0,0,0,2,0,0,0,0,0,0,0 1,5,0,0,0,0,0,0,0,0,0,2,3,0 S", "g",
                "hawalis 0,0,0,0,0,0,0,1,1,0,0,0,0,0 1,0,0,0,0,0,0,0,0,0,0,2,0,0 N 8-0");
    }

    @Test
    void h7FacingInnerEmptyCapturesNothing() {
        // As above but M is empty: nothing is taken, though B behind it holds 5.
        check(H, "", "hawalis 0,0,0,0,0,0,2,0,0,0,0,0,0,0 1,5,0,0,0,0,0,0,0,0,0,2,0,0 S", "g",
                "hawalis 0,0,0,0,0,0,0,1,1,0,0,0,0,0 1,5,0,0,0,0,0,0,0,0,0,2,0,0 N");
    }

    @Test
    void h7CaptureAfterRelayEndsInInnerRow() {
        // f (2): g 1, h 1 -> 2, relay h (2): i 1, j 1; j was empty: the move ends in j (9), facing L (11) with 2,
        // C (2) behind with 4: South takes 6.
        check(H, "", "hawalis 0,0,0,0,0,2,0,1,0,0,0,0,0,0 1,0,4,0,0,0,0,0,0,0,0,2,0,0 S", "f",
                "hawalis 0,0,0,0,0,0,1,0,1,1,0,0,0,0 1,0,0,0,0,0,0,0,0,0,0,0,0,0 N 6-0");
    }

    @Test
    void h7EndInOuterRowCapturesNothing() {
        // e (2): f 1, g 1; the move ends in the outer row: nothing is taken whatever North holds.
        check(H, "", "hawalis 0,0,0,0,2,0,0,0,0,0,0,0,0,0 " + ALL2 + " S", "e",
                "hawalis 0,0,0,0,0,1,1,0,0,0,0,0,0,0 " + ALL2 + " N");
    }

    /** docs/rules.md §1's opposition table, letter by letter: inner pit, facing inner pit, outer pit behind. */
    private static final String[][] OPPOSITION = {
        {"h", "N", "A"}, {"i", "M", "B"}, {"j", "L", "C"}, {"k", "K", "D"},
        {"l", "J", "E"}, {"m", "I", "F"}, {"n", "H", "G"},
    };

    @Test
    void h7OppositionTableHoldsForEveryInnerPit() {
        // A singleton steps from the pit before each inner pit into it (H6) and takes the facing pit (3 seeds)
        // and the outer pit behind it (5 seeds); every other North pit holds 1 and is left alone.
        for (String[] row : OPPOSITION) {
            char inner = row[0].charAt(0);
            char from = (char) (inner - 1);
            int[] south = new int[14];
            south[from - 'a'] = 1;
            int[] north = new int[14];
            java.util.Arrays.fill(north, 1);
            north[row[1].charAt(0) - 'A'] = 3;
            north[row[2].charAt(0) - 'A'] = 5;
            int[] southAfter = new int[14];
            southAfter[inner - 'a'] = 1;
            int[] northAfter = north.clone();
            northAfter[row[1].charAt(0) - 'A'] = 0;
            northAfter[row[2].charAt(0) - 'A'] = 0;
            check(H, "", "hawalis " + csv(south) + " " + csv(north) + " S", String.valueOf(from),
                    "hawalis " + csv(southAfter) + " " + csv(northAfter) + " N 8-0");
        }
    }

    static String csv(int[] a) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length; i++) {
            sb.append(i == 0 ? "" : ",").append(a[i]);
        }
        return sb.toString();
    }

    /*
     * An endless move, worked by hand. South: a 3, then b … n alternating 1, 0, 1, … 1 (b 1, c 0, d 1, … n 1).
     * Only a holds two or more, so a is South's only move (H6). Lift a (3): b 2, c 1, d 2 -> relay d (2): e 1,
     * f 2 -> relay f: g 1, h 2 -> relay h: i 1, j 2 -> relay j: k 1, l 2 -> relay l: m 1, n 2 -> relay n: a 1,
     * b 3 -> relay b (3). Seven laps later b holds the 3 being lifted and c … a alternate 1, 0, … 1: the start
     * shifted one pit on. Shifting 14 times returns the start, so the lap state after lap 1 recurs at lap 99:
     * the sowing never ends (H8).
     */
    private static final String ENDLESS =
            "hawalis 3,1,0,1,0,1,0,1,0,1,0,1,0,1 0,0,0,0,0,0,0,0,0,0,0,0,0,2 S";

    @Test
    void h8EndlessMoveLosesByDefault() {
        Hand.legal(HawalisOptions.DEFAULT, ENDLESS, "a");
        // The move never completes: the pits stay as they were and South, who played it, loses.
        check(H, "", ENDLESS, "a", ENDLESS, outcome(Result.NORTH_WINS, Termination.ENDLESS_MOVE, 0, 0));
    }

    @Test
    void h8EndlessIllegalRemovesTheMoveAndLeavesNoMove() {
        // endless=illegal: a is not allowed; South has a pit of two, so no singleton either (H6): no legal move,
        // and South loses by H9.
        RuleOptions o = Hand.options(H, "endless=illegal");
        Hand.legal(o, ENDLESS, "");
        assertThat(Hand.position(o, ENDLESS).outcome())
                .contains(outcome(Result.NORTH_WINS, Termination.NO_MOVE, 0, 0));
        assertThat(Hand.position(o, Hand.mirror(ENDLESS)).outcome())
                .contains(outcome(Result.SOUTH_WINS, Termination.NO_MOVE, 0, 0));
    }

    @Test
    void h8EndlessDrawEndsTheGameDrawn() {
        check(H, "endless=draw", ENDLESS, "a", ENDLESS, outcome(Result.DRAW, Termination.ENDLESS_MOVE, 0, 0));
    }

    @Test
    void h8EndlessIllegalKeepsEveryFiniteMove() {
        // Each opening move ends (h5 works out a; every pit is alike), so endless=illegal removes none of them.
        RuleOptions o = Hand.options(H, "endless=illegal");
        Hand.legal(o, OPENING, "a b c d e f g h i j k l m n");
    }

    @Test
    void h9PlayerWithNoSeedsLeftLoses() {
        // g (2) ends in i and takes M (3) and B (5), North's last seeds: North, to move, has none and loses.
        check(H, "", "hawalis 0,0,0,0,0,0,2,0,0,0,0,0,0,0 0,5,0,0,0,0,0,0,0,0,0,0,3,0 S", "g",
                "hawalis 0,0,0,0,0,0,0,1,1,0,0,0,0,0 0,0,0,0,0,0,0,0,0,0,0,0,0,0 N 8-0",
                outcome(Result.SOUTH_WINS, Termination.NO_SEEDS, 8, 0));
    }

    @Test
    void h9PlayerWithoutALegalMoveLoses() {
        // a (2): b 1, c 1, end in the outer row. North's 14 singletons each face a full pit ahead (H6): no move,
        // North loses although he has seeds (seeds are not counted).
        String allOne = "1,1,1,1,1,1,1,1,1,1,1,1,1,1";
        check(H, "", "hawalis 2,0,0,0,0,0,0,0,0,0,0,0,0,0 " + allOne + " S 0-20", "a",
                "hawalis 0,1,1,0,0,0,0,0,0,0,0,0,0,0 " + allOne + " N 0-20",
                outcome(Result.SOUTH_WINS, Termination.NO_MOVE, 0, 20));
    }

    @Test
    void scoringCapturesGivesTheGameToTheBiggerCapturer() {
        // As h9PlayerWithNoSeedsLeftLoses, North having captured 10 before: North's side is empty, the game ends,
        // and North's 10 beat South's 8. With 8 each it is drawn.
        check(H, "scoring=captures", "hawalis 0,0,0,0,0,0,2,0,0,0,0,0,0,0 0,5,0,0,0,0,0,0,0,0,0,0,3,0 S 0-10",
                "g", "hawalis 0,0,0,0,0,0,0,1,1,0,0,0,0,0 0,0,0,0,0,0,0,0,0,0,0,0,0,0 N 8-10",
                outcome(Result.NORTH_WINS, Termination.NO_SEEDS, 8, 10));
        check(H, "scoring=captures", "hawalis 0,0,0,0,0,0,2,0,0,0,0,0,0,0 0,5,0,0,0,0,0,0,0,0,0,0,3,0 S 0-8",
                "g", "hawalis 0,0,0,0,0,0,0,1,1,0,0,0,0,0 0,0,0,0,0,0,0,0,0,0,0,0,0,0 N 8-8",
                outcome(Result.DRAW, Termination.NO_SEEDS, 8, 8));
        // Default rules: the empty side loses whatever the captures.
        check(H, "", "hawalis 0,0,0,0,0,0,2,0,0,0,0,0,0,0 0,5,0,0,0,0,0,0,0,0,0,0,3,0 S 0-10",
                "g", "hawalis 0,0,0,0,0,0,0,1,1,0,0,0,0,0 0,0,0,0,0,0,0,0,0,0,0,0,0,0 N 8-10",
                outcome(Result.SOUTH_WINS, Termination.NO_SEEDS, 8, 10));
    }

    /*
     * A cycle without captures, worked by hand (every lap ends in the outer row).
     * Start, North to move: South a0 b1 c0 d2 e0 f1 g1 h1 i0 j1 k0 l1 m0 n1, North A0 B2 C0 D1 E1 F1 G0 H1 I0 J1
     * K0 L1 M0 N1.
     * 1. B (North's only pit of two): C 1, D 2 -> relay D: E 2, F 2 -> relay F: G 1, H 2 -> relay H: I 1, J 2 ->
     *    relay J: K 1, L 2 -> relay L: M 1, N 2 -> relay N: A 1, B 1 (emptied): end. North 1,1,1,0,2,0,1,0,1,0,1,0,1,0.
     * 2. d (South's only pit of two): likewise e 1, f 2 -> … -> relay n: a 1, b 2 -> relay b: c 1, d 1: end.
     *    South 1,0,1,1,1,0,2,0,1,0,1,0,1,0.
     * 3. E: F 1, G 2 -> relay G: H 1, I 2 -> relay I: J 1, K 2 -> relay K: L 1, M 2 -> relay M: N 1, A 2 ->
     *    relay A: B 2, C 2 -> relay C: D 1, E 1: end. North is back at its start.
     * 4. g: h 1, i 2 -> relay i: j 1, k 2 -> relay k: l 1, m 2 -> relay m: n 1, a 2 -> relay a: b 1, c 2 ->
     *    relay c: d 2, e 2 -> relay e: f 1, g 1: end. South is back at its start, North to move: a second
     *    occurrence.
     */
    private static final String CYCLE =
            "hawalis 0,1,0,2,0,1,1,1,0,1,0,1,0,1 0,2,0,1,1,1,0,1,0,1,0,1,0,1 N";

    @Test
    void h10CyclePliesWorkedByHand() {
        check(H, "", CYCLE, "B d", "hawalis 1,0,1,1,1,0,2,0,1,0,1,0,1,0 1,1,1,0,2,0,1,0,1,0,1,0,1,0 N");
        check(H, "", CYCLE, "B d E g", CYCLE);
    }

    @Test
    void h10SecondOccurrenceOfAPositionDraws() {
        for (boolean mirrored : new boolean[] {false, true}) {
            String start = mirrored ? Hand.mirror(CYCLE) : CYCLE;
            String moves = mirrored ? Hand.mirrorMoves("B d E g") : "B d E g";
            Game g = new Game(Hand.position(HawalisOptions.DEFAULT, start));
            String[] m = moves.split(" ");
            for (int i = 0; i < 3; i++) {
                g.play(Hand.pit(g.position().rules(), m[i].charAt(0)));
                assertThat(g.isOver()).as("ply " + (i + 1)).isFalse();
            }
            g.play(Hand.pit(g.position().rules(), m[3].charAt(0)));
            assertThat(g.isOver()).isTrue();
            assertThat(g.outcome()).contains(outcome(Result.DRAW, Termination.REPETITION, 0, 0));
            // The position itself goes on: only the history ends the game.
            assertThat(g.position().isOver()).isFalse();
            g.undo();
            assertThat(g.isOver()).isFalse();
            g.play(Hand.pit(g.position().rules(), m[3].charAt(0)));
            assertThat(g.outcome()).contains(outcome(Result.DRAW, Termination.REPETITION, 0, 0));
        }
    }
}
