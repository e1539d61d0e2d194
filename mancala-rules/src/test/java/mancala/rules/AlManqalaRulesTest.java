package mancala.rules;

import static mancala.rules.Hand.check;
import static mancala.rules.Hand.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Al-manqala (docs/rules.md §2, A1–A8 and the options skipOrigin, relay, captureOpposite), worked by hand from the rule
 * text and checked as written and mirrored for North. Sowing runs a … g, A … G, a …; the pit opposite South's e is
 * North's C (same column).
 */
class AlManqalaRulesTest {
    private static final GameKind A = GameKind.AL_MANQALA;

    @Test
    void a1SouthMovesFirstAndPlayersAlternate() {
        assertThat(Position.initial(A).sideToMove()).isEqualTo(Side.SOUTH);
        // a (7): b … g 8, A 8: last pit 8, no capture; North's A (8): B … G 8, a 1, b 9: no capture; South next.
        check(A, "", "al-manqala 7,7,7,7,7,7,7 7,7,7,7,7,7,7 S", "a",
                "al-manqala 0,8,8,8,8,8,8 8,7,7,7,7,7,7 N");
        check(A, "", "al-manqala 7,7,7,7,7,7,7 7,7,7,7,7,7,7 S", "a A",
                "al-manqala 1,9,8,8,8,8,8 0,8,8,8,8,8,8 S");
    }

    @Test
    void a2AnyNonEmptyPitMayBeLiftedASingleSeedToo() {
        Hand.legal(AlManqalaOptions.DEFAULT, "al-manqala 1,0,3,0,0,0,1 1,1,1,1,1,1,1 S", "a c g");
    }

    @Test
    void a2LapOfFourteenSowsTheEmptiedStartingPit() {
        // c (14): d … g, A … G, a, b (13), the 14th into c: c holds 1, no capture.
        check(A, "", "al-manqala 0,0,14,0,0,0,0 1,1,1,1,1,1,1 S", "c",
                "al-manqala 1,1,1,1,1,1,1 2,2,2,2,2,2,2 N");
    }

    @Test
    void skipOriginPassesTheStartingPit() {
        // skipOrigin: the 14th seed skips c and lands in d (1 -> 2): d is taken (A3); c before it holds 0: stop.
        check(A, "skipOrigin", "al-manqala 0,0,14,0,0,0,0 1,1,1,1,1,1,1 S", "c",
                "al-manqala 1,1,0,0,1,1,1 2,2,2,2,2,2,2 N 2-0");
    }

    @Test
    void a3ChainRunsBackThroughBothRows() {
        // f (3): g 4, A 2, B 2. B holds 2: taken; before it A (2), g (4): taken; f (emptied) holds 0: stop. e's 4
        // is not reached. South takes 8.
        check(A, "", "al-manqala 0,0,0,0,4,3,3 1,1,0,3,0,0,0 S", "f",
                "al-manqala 0,0,0,0,4,0,0 0,0,0,3,0,0,0 N 8-0");
    }

    @Test
    void a3ChainGoesRoundButNotBeyondTheFirstPit() {
        // North's row is empty, a (29) feeds it (A4); b's single seed would not. a (29): b … G, a, b … G, a, b:
        // every pit gets 2, b gets 3 (1 -> 4), a gets 2. b holds 4: taken; then a, G, F … c (2 each): taken; the
        // next is b again, the first pit taken: stop. South takes all 30 and the board is empty.
        String start = "al-manqala 29,1,0,0,0,0,0 0,0,0,0,0,0,0 S";
        Hand.legal(AlManqalaOptions.DEFAULT, start, "a");
        check(A, "", start, "a", "al-manqala 0,0,0,0,0,0,0 0,0,0,0,0,0,0 N 30-0",
                outcome(Result.SOUTH_WINS, Termination.BOARD_EMPTY, 30, 0));
    }

    @Test
    void a3LastPitOfOtherCountCapturesNothing() {
        // e (2): f 1, g 3: g holds 3, no capture (and no relay by default).
        check(A, "", "al-manqala 0,0,0,0,2,0,2 0,0,1,0,0,0,5 S", "e",
                "al-manqala 0,0,0,0,0,1,3 0,0,1,0,0,0,5 N");
    }

    @Test
    void a4OnlyFeedingMovesWhenTheOpponentRowIsEmpty() {
        // a (3) stops at d; e (3) reaches A; g (1) reaches A.
        Hand.legal(AlManqalaOptions.DEFAULT, "al-manqala 3,0,0,0,3,0,1 0,0,0,0,0,0,0 S", "e g");
    }

    @Test
    void a4MoveThatFeedsThenCapturesTheFedSeedsStillFeeds() {
        // a (1) does not feed; g (21): A … G, a … f, g, A … G: North's pits get 2 each, the last G: G … A taken
        // (14), g (1) stops the chain. It fed (our reading of A4), so it is legal. North's row is empty again:
        // North passes (A5) and South, to move again, must feed: only g (1) reaches A.
        String start = "al-manqala 1,0,0,0,0,0,21 0,0,0,0,0,0,0 S";
        Hand.legal(AlManqalaOptions.DEFAULT, start, "g");
        check(A, "", start, "g", "al-manqala 2,1,1,1,1,1,1 0,0,0,0,0,0,0 S 14-0");
        Hand.legal(AlManqalaOptions.DEFAULT, "al-manqala 2,1,1,1,1,1,1 0,0,0,0,0,0,0 S 14-0", "g");
    }

    @Test
    void a5PlayerWithAnEmptyRowPasses() {
        // g (1) -> A; South's row is empty, so North moves and must feed: only G (2: a, b) reaches South's row.
        check(A, "", "al-manqala 0,0,0,0,0,0,1 0,1,0,0,0,0,2 S", "g", "al-manqala 0,0,0,0,0,0,0 1,1,0,0,0,0,2 N");
        Hand.legal(AlManqalaOptions.DEFAULT, "al-manqala 0,0,0,0,0,0,0 1,1,0,0,0,0,2 N", "G");
        // A position read with South to move and South's row empty is North's to move (the forced pass).
        Position p = Hand.position(AlManqalaOptions.DEFAULT, "al-manqala 0,0,0,0,0,0,0 1,1,0,0,0,0,2 S");
        assertThat(p.sideToMove()).isEqualTo(Side.NORTH);
    }

    @Test
    void a6HungryPlayerTakesTheBoard() {
        // G (1) -> a; North's row is empty and neither a (1 -> b) nor b (1 -> c) can feed it: the game ends and
        // North, the hungry player, takes the 2 seeds on the board: 48-50.
        check(A, "", "al-manqala 0,1,0,0,0,0,0 0,0,0,0,0,0,1 N 48-48", "G",
                "al-manqala 1,1,0,0,0,0,0 0,0,0,0,0,0,0 S 48-48",
                outcome(Result.NORTH_WINS, Termination.HUNGER, 48, 50));
    }

    @Test
    void a7FiftyCapturedWinsAtOnce() {
        // f (1) -> g (1 -> 2): taken, f empty stops the chain. South has 50: the game ends though North can move.
        check(A, "", "al-manqala 0,0,0,0,0,1,1 2,0,0,0,0,0,0 S 48-46", "f",
                "al-manqala 0,0,0,0,0,0,0 2,0,0,0,0,0,0 N 50-46",
                outcome(Result.SOUTH_WINS, Termination.CAPTURE_MAJORITY, 50, 46));
    }

    @Test
    void a8AgreementSplitsTheBoardEqually() {
        // 6 seeds on the board, 3 each: 13-23.
        Game g = new Game(Hand.position(AlManqalaOptions.DEFAULT, "al-manqala 4,0,0,0,0,0,0 2,0,0,0,0,0,0 S 10-20"));
        g.agree();
        assertThat(g.outcome()).contains(outcome(Result.NORTH_WINS, Termination.EQUAL_SPLIT, 13, 23));
        Game m = new Game(Hand.position(AlManqalaOptions.DEFAULT, "al-manqala 2,0,0,0,0,0,0 4,0,0,0,0,0,0 N 20-10"));
        m.agree();
        assertThat(m.outcome()).contains(outcome(Result.SOUTH_WINS, Termination.EQUAL_SPLIT, 23, 13));
    }

    /*
     * Single seeds circling, worked by hand: g -> A empties South's row, North must feed: only G -> a (A -> B
     * would not); then a -> b, A -> B, … f -> g, F -> G. After 14 plies the start recurs; no pit ever holds 2.
     */
    private static final String CIRCLE = "al-manqala 0,0,0,0,0,0,1 0,0,0,0,0,0,1 S 48-48";
    private static final String CIRCLE_MOVES = "g G a A b B c C d D e E f F";

    @Test
    void a8CirclingSeedsWorkedByHand() {
        check(A, "", CIRCLE, "g", "al-manqala 0,0,0,0,0,0,0 1,0,0,0,0,0,1 N 48-48");
        Hand.legal(AlManqalaOptions.DEFAULT, "al-manqala 0,0,0,0,0,0,0 1,0,0,0,0,0,1 N 48-48", "G");
        check(A, "", CIRCLE, CIRCLE_MOVES, CIRCLE);
    }

    @Test
    void a8ThirdOccurrenceSplitsTheBoardEqually() {
        for (boolean mirrored : new boolean[] {false, true}) {
            String start = mirrored ? Hand.mirror(CIRCLE) : CIRCLE;
            String[] moves = (mirrored ? Hand.mirrorMoves(CIRCLE_MOVES) : CIRCLE_MOVES).split(" ");
            Game g = new Game(Hand.position(AlManqalaOptions.DEFAULT, start));
            for (int ply = 1; ply <= 28; ply++) {
                assertThat(g.isOver()).as("before ply " + ply).isFalse();
                g.play(Hand.pit(g.position().rules(), moves[(ply - 1) % 14].charAt(0)));
            }
            // 2 seeds on the board, 1 each: 49-49 is a draw (A7).
            assertThat(g.outcome()).contains(outcome(Result.DRAW, Termination.EQUAL_SPLIT, 49, 49));
        }
    }

    @Test
    void relayLiftsALastPitThatNeitherCapturesNorWasEmpty() {
        // relay: e (2): f 1, g 3: neither 2/4 nor empty, so lift g (3): A 1, B 1, C 2: C taken; B (1) stops.
        check(A, "relay", "al-manqala 0,0,0,0,2,0,2 0,0,1,0,0,0,5 S", "e",
                "al-manqala 0,0,0,0,0,1,0 1,1,0,0,0,0,5 N 2-0");
    }

    @Test
    void relayFeedingIsJudgedOnTheWholeSowing() {
        // North's row is empty. Default: e (2) stops at g, only g (2: A, B) feeds. With relay, e (2): f 1, g 3 ->
        // relay g (3): A 1, B 1, C 1 (empty): end; its relay lap feeds, so e is legal too.
        String start = "al-manqala 0,0,0,0,2,0,2 0,0,0,0,0,0,0 S";
        Hand.legal(AlManqalaOptions.DEFAULT, start, "g");
        Hand.legal(Hand.options(A, "relay"), start, "e g");
        check(A, "relay", start, "e", "al-manqala 0,0,0,0,0,1,0 1,1,1,0,0,0,0 N");
    }

    @Test
    void captureOppositeTakesTheOppositePitWhateverItHolds() {
        // c (2): d 2, e 4: e taken with its opposite C (5), d taken with its opposite D (1); c (0) stops: 12.
        check(A, "captureOpposite", "al-manqala 1,0,2,1,3,0,0 1,0,5,1,0,0,0 S", "c",
                "al-manqala 1,0,0,0,0,0,0 1,0,0,0,0,0,0 N 12-0");
        // Default: only e and d, 6.
        check(A, "", "al-manqala 1,0,2,1,3,0,0 1,0,5,1,0,0,0 S", "c",
                "al-manqala 1,0,0,0,0,0,0 1,0,5,1,0,0,0 N 6-0");
    }
}
