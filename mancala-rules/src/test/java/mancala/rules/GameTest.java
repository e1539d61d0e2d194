package mancala.rules;

import static mancala.rules.Hand.outcome;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link Game}: history, repetition counts across undo, captures per ply, resignation and agreement. */
class GameTest {
    /** HawalisRulesTest's four-ply cycle: B d E g returns the start (H10). */
    private static final String CYCLE =
            "hawalis 0,1,0,2,0,1,1,1,0,1,0,1,0,1 0,2,0,1,1,1,0,1,0,1,0,1,0,1 N";

    private static void play(Game g, String letters) {
        for (String m : letters.split(" ")) {
            g.play(Hand.pit(g.position().rules(), m.charAt(0)));
        }
    }

    @Test
    void undoForgetsTheRepetitionAndReplayFindsItAgain() {
        Game g = new Game(Hand.position(HawalisOptions.DEFAULT, CYCLE));
        play(g, "B d E g");
        assertThat(g.isOver()).isTrue();
        g.undo();
        g.undo();
        g.undo();
        g.undo();
        assertThat(g.plies()).isZero();
        assertThat(g.position()).isEqualTo(Hand.position(HawalisOptions.DEFAULT, CYCLE));
        play(g, "B d E");
        assertThat(g.isOver()).isFalse();
        play(g, "g");
        assertThat(g.outcome()).contains(outcome(Result.DRAW, Termination.REPETITION, 0, 0));
        assertThatThrownBy(() -> g.play(0)).isInstanceOf(RulesException.class).hasMessageContaining("over");
    }

    @Test
    void undoWithoutPliesIsAnError() {
        Game g = Game.start(GameKind.HAWALIS.rules());
        assertThatThrownBy(g::undo).isInstanceOf(RulesException.class);
    }

    @Test
    void capturesPerPlyAndMovers() {
        // HawalisRulesTest.h7…: g takes 8.
        Game g = new Game(Hand.position(HawalisOptions.DEFAULT,
                "hawalis 0,0,0,0,0,0,2,0,0,0,0,0,0,0 1,5,0,0,0,0,0,0,0,0,0,2,3,0 S"));
        Position after = g.play(6);
        assertThat(after).as("play returns the new current position").isEqualTo(g.position());
        assertThat(g.capturedAt(1)).isEqualTo(8);
        assertThat(g.moverAt(1)).isEqualTo(Side.SOUTH);
        assertThat(g.moves()).containsExactly(6);
        assertThat(g.positions()).hasSize(2);
        // North's L (2) is his only move (A's single seed may not move, H6): M 1, N 1 (empty): N (13) faces
        // South's h (20 - 13 = 7) holding 1, with g (0) behind: North takes 1.
        assertThat(g.position().legalMoves()).containsExactly(25);
        assertThat(g.play(25)).isEqualTo(g.position());
        assertThat(g.moverAt(2)).isEqualTo(Side.NORTH);
        assertThat(g.capturedAt(2)).isEqualTo(1);
    }

    @Test
    void illegalMoveNamesThePly() {
        Game g = Game.start(GameKind.AL_MANQALA.rules());
        play(g, "a");
        // North to move; South's b is not North's.
        assertThatThrownBy(() -> g.play(1)).isInstanceOf(RulesException.class)
                .hasMessageContaining("ply 2").hasMessageContaining("b");
    }

    @Test
    void resignationLosesForTheResigner() {
        Game g = Game.start(GameKind.RIO_KADALIS.rules());
        g.resign(Side.NORTH);
        assertThat(g.isOver()).isTrue();
        assertThat(g.outcome().orElseThrow().result()).isEqualTo(Result.SOUTH_WINS);
        assertThat(g.outcome().orElseThrow().termination()).isEqualTo(Termination.RESIGNATION);
        assertThatThrownBy(() -> g.resign(Side.SOUTH)).isInstanceOf(RulesException.class);
    }

    @Test
    void agreementDrawsAndRioKadalisGivesTheLeftoversToTheRows() {
        Game h = Game.start(GameKind.HAWALIS.rules());
        h.agree();
        assertThat(h.outcome()).contains(outcome(Result.DRAW, Termination.AGREEMENT, 0, 0));
        // Rio Kadalis: 24 on each side's row, holdings 0: each holds 24.
        Game r = Game.start(GameKind.RIO_KADALIS.rules());
        r.agree();
        assertThat(r.outcome()).contains(outcome(Result.DRAW, Termination.AGREEMENT, 24, 24));
    }

    /**
     * docs/rules.md: an agreed end of a Rio Kadalis round ends it as R6 (the seeds on the board go to the owners of
     * their rows) and R7 decides it. South's row holds 3 + 2, North's 1; holdings 20 and 22: South holds 25, North
     * 23, so South wins the round 25-23 (it used to be recorded drawn).
     */
    @Test
    void anAgreedRioKadalisRoundIsWonByTheSeedsEachHolds() {
        int[] pits = new int[12];
        pits[0] = 3;
        pits[4] = 2;
        pits[8] = 1;
        Position p = Position.of(GameKind.RIO_KADALIS.rules(), pits, 20, 22, Side.SOUTH, 0, 0);
        Game g = new Game(p);
        g.agree();
        assertThat(g.outcome()).contains(outcome(Result.SOUTH_WINS, Termination.AGREEMENT, 25, 23));
    }

    @Test
    void positionIsAValue() {
        Position p = Position.initial(GameKind.HAWALIS);
        Position q = p.play(0);
        assertThat(p).isEqualTo(Position.initial(GameKind.HAWALIS));
        assertThat(q).isNotEqualTo(p);
        assertThat(p.legalMoves()).hasSize(14);
        int[] pits = q.pits();
        pits[0] = 99;
        assertThat(q.seeds(0)).isEqualTo(1);
        assertThatThrownBy(() -> q.play(0)).isInstanceOf(RulesException.class)
                .hasMessageContaining("not North's").hasMessageContaining("legal moves");
        Position r = Hand.position(HawalisOptions.DEFAULT, "hawalis 1,0,2,0,0,0,0,0,0,0,0,0,0,0 "
                + "2,2,2,2,2,2,2,2,2,2,2,2,2,2 S");
        assertThatThrownBy(() -> r.play(1)).isInstanceOf(RulesException.class).hasMessageContaining("pit b is empty");
    }

    @Test
    void positionValidation() {
        Rules h = GameKind.HAWALIS.rules();
        assertThatThrownBy(() -> Position.of(h, new int[27], 0, 0, Side.SOUTH, 0, 0))
                .isInstanceOf(RulesException.class).hasMessageContaining("28");
        int[] neg = new int[28];
        neg[3] = -1;
        assertThatThrownBy(() -> Position.of(h, neg, 0, 0, Side.SOUTH, 0, 0))
                .isInstanceOf(RulesException.class).hasMessageContaining("pit d");
        assertThatThrownBy(() -> Position.of(h, new int[28], 0, 0, Side.SOUTH, 1, 0))
                .isInstanceOf(RulesException.class);
        Rules rio = GameKind.RIO_KADALIS.rules();
        int[] full = new int[12];
        full[0] = 4;
        assertThatThrownBy(() -> Position.of(rio, full, 0, 0, Side.SOUTH, 1, 0))
                .isInstanceOf(RulesException.class).hasMessageContaining("closed");
        assertThatThrownBy(() -> Position.of(rio, new int[12], 0, 0, Side.SOUTH, 0, 1))
                .isInstanceOf(RulesException.class).hasMessageContaining("conquest");
    }
}
