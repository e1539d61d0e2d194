package mancala.rules;

import static mancala.rules.Hand.outcome;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import mancala.notation.PositionNotation;
import org.junit.jupiter.api.Test;

/**
 * The Rio Kadalis match (docs/rules.md §3: R1, R8, R9, options loserStarts and conquest), worked by hand. Each refill
 * is checked for both holdings orders (the mirrored case).
 */
class MatchTest {
    private static final RioKadalisOptions DEFAULT = RioKadalisOptions.DEFAULT;

    private static String refill(RioKadalisOptions o, int south, int north, Side first) {
        return Match.refill(o, south, north, first).map(PositionNotation::format).orElse("none");
    }

    private static RioKadalisOptions opts(String text) {
        return (RioKadalisOptions) Hand.options(GameKind.RIO_KADALIS, text);
    }

    @Test
    void r8RefillFromTheRightmostPitClosesWhatCannotBeFilled() {
        // South 22: f, e, d, c, b get 4 (20), a stays closed, 2 wait in reserve; North 26: all six (24), reserve 2.
        assertThat(refill(DEFAULT, 22, 26, Side.SOUTH)).isEqualTo("rio-kadalis x,4,4,4,4,4 4,4,4,4,4,4 S 2-2");
        assertThat(refill(DEFAULT, 26, 22, Side.NORTH)).isEqualTo("rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 N 2-2");
        // South 17: f, e, d, c (16), a and b closed, reserve 1; North 31: six pits and 7 held back (our decision
        // where docs/rules.md's "fewer than four" cannot hold: a full row takes only 24).
        assertThat(refill(DEFAULT, 17, 31, Side.SOUTH)).isEqualTo("rio-kadalis x,x,4,4,4,4 4,4,4,4,4,4 S 1-7");
        assertThat(refill(DEFAULT, 31, 17, Side.SOUTH)).isEqualTo("rio-kadalis 4,4,4,4,4,4 x,x,4,4,4,4 S 7-1");
    }

    @Test
    void r8RefillOnFivePits() {
        // pits=5, South 17: e, d, c, b (16), a closed, reserve 1; North 23: five pits (20), reserve 3.
        assertThat(refill(opts("pits=5"), 17, 23, Side.SOUTH)).isEqualTo("rio-kadalis x,4,4,4,4 4,4,4,4,4 S 1-3");
        assertThat(refill(opts("pits=5"), 23, 17, Side.SOUTH)).isEqualTo("rio-kadalis 4,4,4,4,4 x,4,4,4,4 S 3-1");
    }

    @Test
    void r9FewerThanFourSeedsLosesTheMatch() {
        assertThat(Match.refill(DEFAULT, 3, 45, Side.SOUTH)).isEmpty();
        assertThat(Match.refill(DEFAULT, 45, 3, Side.SOUTH)).isEmpty();
        // Exactly four fills f alone.
        assertThat(refill(DEFAULT, 4, 44, Side.SOUTH)).isEqualTo("rio-kadalis x,x,x,x,x,4 4,4,4,4,4,4 S 0-20");
        assertThat(refill(DEFAULT, 44, 4, Side.SOUTH)).isEqualTo("rio-kadalis 4,4,4,4,4,4 x,x,x,x,x,4 S 20-0");
    }

    @Test
    void r9MatchEndsWhenARoundLeavesAPlayerUnderFour() {
        // E -> F; South has only closed pits and an empty f: the round ends, South 3, North 45; no refill.
        for (boolean mirrored : new boolean[] {false, true}) {
            String start = "rio-kadalis x,x,x,x,x,0 0,0,0,0,1,0 N 3-44";
            Match m = new Match(Hand.position(DEFAULT, mirrored ? Hand.mirror(start) : start));
            m.play(Hand.pit(m.rules(), mirrored ? 'e' : 'E'));
            assertThat(m.round().isOver()).isTrue();
            assertThat(m.nextRound()).isEmpty();
            assertThat(m.isOver()).isTrue();
            Outcome expected = outcome(Result.NORTH_WINS, Termination.CANNOT_REFILL, 3, 45);
            assertThat(m.outcome()).contains(mirrored ? Hand.mirror(expected) : expected);
            assertThatThrownBy(() -> m.play(0)).isInstanceOf(RulesException.class);
        }
    }

    @Test
    void r1FirstRoundSouthThenAlternateAndClosedPitReopens() {
        Match first = new Match(DEFAULT);
        assertThat(first.round().position().sideToMove()).isEqualTo(Side.SOUTH);
        assertThat(first.roundNumber()).isEqualTo(1);
        // A round started by North: E -> F, South (a closed, the rest empty) cannot move. South 25, North 23.
        // Next round: South starts (alternation); South 25 fills all six, a reopens, reserve 1; North 23 fills
        // F … B, A closed, reserve 3.
        Match m = new Match(Hand.position(DEFAULT, "rio-kadalis x,0,0,0,0,0 0,0,0,0,1,0 N 25-22"));
        m.play(Hand.pit(m.rules(), 'E'));
        assertThat(m.round().outcome()).contains(outcome(Result.SOUTH_WINS, Termination.NO_MOVE, 25, 23));
        assertThat(m.nextRound().map(PositionNotation::format))
                .contains("rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 S 1-3");
        assertThat(m.roundNumber()).isEqualTo(2);
        assertThat(PositionNotation.format(m.round().position())).isEqualTo("rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 S 1-3");
        // Mirrored: started by South, North wins, North starts next.
        Match n = new Match(Hand.position(DEFAULT, "rio-kadalis 0,0,0,0,1,0 x,0,0,0,0,0 S 22-25"));
        n.play(Hand.pit(n.rules(), 'e'));
        assertThat(n.nextRound().map(PositionNotation::format))
                .contains("rio-kadalis x,4,4,4,4,4 4,4,4,4,4,4 N 3-1");
    }

    @Test
    void loserStartsTheNextRound() {
        RioKadalisOptions o = opts("loserStarts");
        // As above: North started and lost, so North starts again.
        Match m = new Match(Hand.position(o, "rio-kadalis x,0,0,0,0,0 0,0,0,0,1,0 N 25-22"));
        m.play(Hand.pit(m.rules(), 'E'));
        assertThat(m.nextRound().map(PositionNotation::format))
                .contains("rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 N 1-3");
        Match n = new Match(Hand.position(o, "rio-kadalis 0,0,0,0,1,0 x,0,0,0,0,0 S 22-25"));
        n.play(Hand.pit(n.rules(), 'e'));
        assertThat(n.nextRound().map(PositionNotation::format))
                .contains("rio-kadalis x,4,4,4,4,4 4,4,4,4,4,4 S 3-1");
        // A drawn round (24 each) has no loser: the first player alternates (our decision); both rows full.
        Match d = new Match(Hand.position(o, "rio-kadalis x,0,0,0,0,0 0,0,0,0,1,0 N 24-23"));
        d.play(Hand.pit(d.rules(), 'E'));
        assertThat(d.round().outcome()).contains(outcome(Result.DRAW, Termination.NO_MOVE, 24, 24));
        assertThat(d.nextRound().map(PositionNotation::format))
                .contains("rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 S");
    }

    @Test
    void conquestRicherPlayerFillsThePoorerRow() {
        RioKadalisOptions o = opts("conquest");
        // South 30: own six (24), surplus 6; North 18: F, E, D, C (16), reserve 2. South buys B with 4; his last 2
        // buy nothing; A stays closed.
        assertThat(refill(o, 30, 18, Side.SOUTH)).isEqualTo("rio-kadalis 4,4,4,4,4,4 x,4*,4,4,4,4 S 2-2");
        assertThat(refill(o, 18, 30, Side.SOUTH)).isEqualTo("rio-kadalis x,4*,4,4,4,4 4,4,4,4,4,4 S 2-2");
        // South 31: surplus 7 buys B (4) and, with a final three, A (3); North 17: reserve 1.
        assertThat(refill(o, 31, 17, Side.NORTH)).isEqualTo("rio-kadalis 4,4,4,4,4,4 3*,4*,4,4,4,4 N 0-1");
        assertThat(refill(o, 17, 31, Side.NORTH)).isEqualTo("rio-kadalis 3*,4*,4,4,4,4 4,4,4,4,4,4 N 1-0");
        // Equal holdings: nothing to conquer.
        assertThat(refill(o, 24, 24, Side.SOUTH)).isEqualTo("rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 S");
        Optional<Position> p = Match.refill(o, 31, 17, Side.NORTH);
        assertThat(p.orElseThrow().owner(Hand.pit(p.get().rules(), 'A'))).isEqualTo(Side.SOUTH);
        assertThat(p.orElseThrow().owner(Hand.pit(p.get().rules(), 'C'))).isEqualTo(Side.NORTH);
    }

    @Test
    void nextRoundBeforeTheRoundEndsIsAnError() {
        Match m = new Match(DEFAULT);
        assertThatThrownBy(m::nextRound).isInstanceOf(RulesException.class).hasMessageContaining("not over");
    }

    @Test
    void resigningEndsTheMatch() {
        Match m = new Match(DEFAULT);
        m.resign(Side.SOUTH);
        assertThat(m.isOver()).isTrue();
        assertThat(m.outcome().orElseThrow().result()).isEqualTo(Result.NORTH_WINS);
        assertThat(m.outcome().orElseThrow().termination()).isEqualTo(Termination.RESIGNATION);
    }
}
