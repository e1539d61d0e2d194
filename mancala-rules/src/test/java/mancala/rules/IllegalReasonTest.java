package mancala.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link Position#illegalReason}: each refused move names the rule that refuses it, on hand-worked positions. */
class IllegalReasonTest {
    /*
     * South: a 2, c e g i 1, k 2, l 1, n 1. k (2): l 2, m 1; m was empty, so the move ends there, and the pit
     * across from m, North's I, is empty: no capture (H7). a (2): b 1, c 2 -> relay c (2): d 1, e 2 -> relay e …
     * a relay sowing whose lap state comes back (H8): under the default rules playing it ends the game (South
     * loses); under endless=illegal only k is left.
     */
    private static final String ONE_ENDLESS = "hawalis 2,0,1,0,1,0,1,0,1,0,2,1,0,1 0,0,0,0,0,0,0,0,0,0,0,0,0,2 S";

    @Test
    void anEndlessMoveUnderEndlessIllegalSaysItGoesRoundForEver() {
        Position lose = Hand.position(HawalisOptions.DEFAULT, ONE_ENDLESS);
        assertThat(lose.play(0).outcome()).map(Outcome::termination).contains(Termination.ENDLESS_MOVE);
        assertThat(lose.play(10).toString()).startsWith("hawalis 2,0,1,0,1,0,1,0,1,0,0,2,1,1 ");

        Position p = Hand.position(Hand.options(GameKind.HAWALIS, "endless=illegal"), ONE_ENDLESS);
        assertThat(p.legalMoves()).containsExactly(10);
        assertThat(p.illegalReason(0)).contains("pit a starts an endless move: its relay sowing would go round for "
                + "ever, and endless moves are not allowed here (endless=illegal, H8)");
        assertThat(p.illegalReason(10)).isEmpty();
    }

    @Test
    void singleSeedsAreRefusedByH6() {
        // c holds one seed while a holds two: no single seed may move (H6).
        Position p = Hand.position(HawalisOptions.DEFAULT, ONE_ENDLESS);
        assertThat(p.illegalReason(2)).contains("pit c holds a single seed, which may move only when no pit of "
                + "South's holds two or more (H6)");
        // Only single seeds: a (1) may not step into the occupied b; c (1) steps into the empty d.
        Position singles = Hand.position(HawalisOptions.DEFAULT,
                "hawalis 1,1,1,0,0,0,0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0,0,0,0,0,0,2 S");
        assertThat(singles.legalMoves()).containsExactly(2);
        assertThat(singles.illegalReason(0)).contains("the single seed of pit a may step only into an empty pit (H6)");
    }

    @Test
    void emptyClosedAndOtherPlayersPitsAreNamed() {
        Position hawalis = Hand.position(HawalisOptions.DEFAULT, ONE_ENDLESS);
        assertThat(hawalis.illegalReason(1)).contains("pit b is empty");
        assertThat(hawalis.illegalReason(27)).contains("pit N is North's, not South's");
        assertThat(hawalis.illegalReason(28)).contains("no pit 28 on a Hawalis board");
        Position rio = Hand.position(RioKadalisOptions.DEFAULT, "rio-kadalis x,1,0,3,0,0 0,0,0,0,0,2 S");
        assertThat(rio.illegalReason(0)).contains("pit a is closed");
    }

    @Test
    void aMoveThatDoesNotFeedIsRefusedByA4() {
        // North's row is empty: a (29) feeds it, b's single seed (to c) does not (A4).
        Position p = Hand.position(AlManqalaOptions.DEFAULT, "al-manqala 29,1,0,0,0,0,0 0,0,0,0,0,0,0 S");
        assertThat(p.illegalReason(1)).contains("pit b does not feed North's empty row, and a move that does is "
                + "possible (A4)");
    }

    @Test
    void aFinishedGameRefusesEveryMove() {
        // endless=illegal: a is endless and b (1) may not move while a holds three (H6): South has no move (H9).
        Position p = Hand.position(Hand.options(GameKind.HAWALIS, "endless=illegal"),
                "hawalis 3,1,0,1,0,1,0,1,0,1,0,1,0,1 0,0,0,0,0,0,0,0,0,0,0,0,0,2 S");
        assertThat(p.isOver()).isTrue();
        assertThat(p.illegalReason(0)).contains("the game is over; no move can be played");
    }
}
