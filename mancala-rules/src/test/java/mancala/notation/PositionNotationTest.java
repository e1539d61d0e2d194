package mancala.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.RioKadalisOptions;
import mancala.rules.Rules;
import mancala.rules.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Position notation (docs/rules.md §4): reading, writing, round trips, and errors that name the field. */
class PositionNotationTest {

    @Test
    void readsRulesExample() {
        Position p = PositionNotation.parse("hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N");
        assertThat(p.kind()).isEqualTo(GameKind.HAWALIS);
        assertThat(p.sideToMove()).isEqualTo(Side.NORTH);
        // South's l (index 11) holds 2; North's A (index 14) holds 4, North's L (index 25) 3.
        assertThat(p.seeds(11)).isEqualTo(2);
        assertThat(p.seeds(14)).isEqualTo(4);
        assertThat(p.seeds(25)).isEqualTo(3);
        assertThat(p.holdings(Side.SOUTH)).isZero();
        assertThat(p.holdings(Side.NORTH)).isZero();
        assertThat(p.totalSeeds()).isEqualTo(6 + 16);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N",
        "hawalis 2,2,2,2,2,2,2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2,2,2,2,2,2,2 S",
        "bao-kiarabu 1,0,1,3,0,3,3,0,3,3,0,3,3,1,4,4 2,2,2,2,2,0,2,2,2,2,0,2,2,2,2,2 N 4-0",
        "al-manqala 0,8,8,8,8,8,8 8,7,7,7,7,7,7 N",
        "al-manqala 1,0,0,0,0,0,0 1,0,0,0,0,0,0 N 12-84",
        "rio-kadalis x,4,4,4,4,4 4,4,4,4,4,4 S 2-2",
        "rio-kadalis 4,4,4,4,4,4 x,x,4,4,4,4 N 17-3",
    })
    void roundTripsExactly(String text) {
        Position p = PositionNotation.parse(text);
        assertThat(PositionNotation.format(p)).isEqualTo(text);
        assertThat(PositionNotation.parse(PositionNotation.format(p))).isEqualTo(p);
    }

    @Test
    void conquestPitsRoundTripWithTheirMark() {
        RioKadalisOptions o = RioKadalisOptions.DEFAULT.withConquest(true);
        String text = "rio-kadalis 4,4,4,4,4,4 3*,4*,4,4,4,4 N 0-1";
        Position p = PositionNotation.parse(text, o);
        assertThat(p.owner(6)).isEqualTo(Side.SOUTH);
        assertThat(p.owner(8)).isEqualTo(Side.NORTH);
        assertThat(PositionNotation.format(p)).isEqualTo(text);
    }

    @Test
    void pitsFiveAndClosedPitsRead() {
        Position p = PositionNotation.parse("rio-kadalis x,4,4,4,4 4,4,4,4,4 S 1-3",
                RioKadalisOptions.DEFAULT.withPitsPerRow(5));
        assertThat(p.rules().pitCount()).isEqualTo(10);
        assertThat(p.isClosed(0)).isTrue();
        assertThat(p.closedMask()).isEqualTo(1);
        assertThat(p.holdings(Side.NORTH)).isEqualTo(3);
    }

    @Test
    void capturedZeroIsOptional() {
        Position a = PositionNotation.parse("al-manqala 7,7,7,7,7,7,7 7,7,7,7,7,7,7 S 0-0");
        assertThat(a).isEqualTo(Position.initial(GameKind.AL_MANQALA));
        assertThat(PositionNotation.format(a)).isEqualTo("al-manqala 7,7,7,7,7,7,7 7,7,7,7,7,7,7 S");
    }

    @Test
    void initialPositionsFormat() {
        assertThat(PositionNotation.format(Position.initial(GameKind.RIO_KADALIS)))
                .isEqualTo("rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 S");
        assertThat(PositionNotation.format(Position.initial(Rules.of(GameKind.BAO_KIARABU.defaultOptions()))))
                .isEqualTo("bao-kiarabu 2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2 S");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "mancala 1,0 1,0 S|GAME",
        "|GAME",
        "hawalis|SOUTH",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0|NORTH",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1|TURN",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N|SOUTH",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1,1 N|NORTH",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,q 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N|SOUTH",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,-1,0,2,1,0,1,0,3,2,1 N|NORTH",
        "hawalis 1,0,0,1,0,0,,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N|SOUTH",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 W|TURN",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N 3|CAPTURED",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N 3-x|CAPTURED",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N -3-4|CAPTURED",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N 3--4|CAPTURED",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N 3-4-5|CAPTURED",
        "al-manqala 7,7,7,7,7,7 7,7,7,7,7,7,7 S|SOUTH",
        "rio-kadalis 4,4,4,4,4,4 4,4,4,4,4 S|NORTH",
        "hawalis x,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N|SOUTH",
        "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,x,3,2,1 N|NORTH",
        "rio-kadalis 4,4,4,4,4,4 4*,4,4,4,4,4 S|NORTH",
        "al-manqala 7,7,7,7,7,7,7* 7,7,7,7,7,7,7 S|SOUTH",
        "al-manqala 7,7,7,7,7,7,\u0667 7,7,7,7,7,7,7 S|SOUTH",
        "al-manqala 7,7,7,7,7,7,7 7,7,7,7,7,7,7 S \u0664-0|CAPTURED",
        "rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 S 2147483647-2000000000|CAPTURED",
        "rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 S 1000000-0|CAPTURED",
    })
    void malformedFieldIsNamed(String text, String field) {
        assertThatThrownBy(() -> PositionNotation.parse(text))
                .isInstanceOf(NotationException.class)
                .hasMessageContaining(field);
    }

    @Test
    void errorGivesTheColumnOfTheField() {
        String text = "rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 Q";
        assertThatThrownBy(() -> PositionNotation.parse(text))
                .isInstanceOfSatisfying(NotationException.class, e -> {
                    assertThat(e.column()).isEqualTo(text.indexOf('Q') + 1);
                    assertThat(e.detail()).contains("TURN").contains("S or N").contains("Q");
                });
    }

    @Test
    void optionsOfAnotherGameAreRejected() {
        assertThatThrownBy(() -> PositionNotation.parse("al-manqala 7,7,7,7,7,7,7 7,7,7,7,7,7,7 S",
                RioKadalisOptions.DEFAULT))
                .isInstanceOf(NotationException.class).hasMessageContaining("GAME");
    }
}
