package mancala.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import mancala.rules.AlManqalaOptions;
import mancala.rules.Endless;
import mancala.rules.GameKind;
import mancala.rules.HawalisOptions;
import mancala.rules.RioKadalisOptions;
import mancala.rules.RuleOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Options notation ({@code endless=draw skipOrigin}): every option of docs/rules.md, round trips, and errors. */
class OptionsNotationTest {

    @Test
    void aListWithSeveralBadOptionsNamesEveryOne() {
        assertThatThrownBy(() -> OptionsNotation.parse(GameKind.HAWALIS, "endless=bogus foo"))
                .isInstanceOf(NotationException.class)
                .hasMessage("column 1: 2 bad options: option endless takes lose, illegal or draw, found 'bogus'; "
                        + "column 15: unknown option foo for hawalis; allowed: skipOrigin, endless=lose|illegal|draw, "
                        + "scoring=captures")
                .extracting(e -> ((NotationException) e).column()).isEqualTo(1);
        assertThatThrownBy(() -> OptionsNotation.parse(GameKind.RIO_KADALIS, "pits=9 skipOrigin clockwse conquest=2"))
                .hasMessageContaining("3 bad options: option pits takes a number from 5 to 6, found '9'")
                .hasMessageContaining("column 19: unknown option clockwse")
                .hasMessageContaining("column 28: option conquest is a flag and takes no value, found =2");
        // One bad option reads as before.
        assertThatThrownBy(() -> OptionsNotation.parse(GameKind.HAWALIS, "skipOrigin foo"))
                .hasMessageStartingWith("column 12: unknown option foo for hawalis");
    }

    @Test
    void emptyTextGivesTheDefaults() {
        assertThat(OptionsNotation.parse(GameKind.HAWALIS, "")).isEqualTo(HawalisOptions.DEFAULT);
        assertThat(OptionsNotation.parse(GameKind.HAWALIS, null)).isEqualTo(HawalisOptions.DEFAULT);
        assertThat(OptionsNotation.parse(GameKind.AL_MANQALA, " ")).isEqualTo(AlManqalaOptions.DEFAULT);
        assertThat(OptionsNotation.parse(GameKind.RIO_KADALIS, "")).isEqualTo(RioKadalisOptions.DEFAULT);
        assertThat(RioKadalisOptions.DEFAULT.endless()).isEqualTo(Endless.ILLEGAL);
        assertThat(HawalisOptions.DEFAULT.endless()).isEqualTo(Endless.LOSE);
    }

    @Test
    void hawalisOptions() {
        assertThat(OptionsNotation.parse(GameKind.HAWALIS, "endless=draw skipOrigin"))
                .isEqualTo(new HawalisOptions(GameKind.HAWALIS, true, Endless.DRAW, false, 2));
        assertThat(OptionsNotation.parse(GameKind.HAWALIS, "scoring=captures,endless=illegal"))
                .isEqualTo(new HawalisOptions(GameKind.HAWALIS, false, Endless.ILLEGAL, true, 2));
        assertThat(OptionsNotation.parse(GameKind.BAO_KIARABU, "seeds=3")).isEqualTo(HawalisOptions.baoKiarabu(3));
    }

    @Test
    void alManqalaOptions() {
        assertThat(OptionsNotation.parse(GameKind.AL_MANQALA, "relay captureOpposite skipOrigin"))
                .isEqualTo(new AlManqalaOptions(true, true, true, Endless.ILLEGAL));
        // endless= may come before the relay it needs.
        assertThat(OptionsNotation.parse(GameKind.AL_MANQALA, "endless=draw relay"))
                .isEqualTo(new AlManqalaOptions(false, true, false, Endless.DRAW));
    }

    @Test
    void rioKadalisOptions() {
        assertThat(OptionsNotation.parse(GameKind.RIO_KADALIS,
                "pits=5 clockwise skipOrigin foursAtLapEnd endless=lose loserStarts conquest"))
                .isEqualTo(new RioKadalisOptions(5, true, true, true, Endless.LOSE, true, true));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "hawalis|skipOrigin endless=draw scoring=captures",
        "hawalis|endless=illegal",
        "bao-kiarabu|skipOrigin seeds=3",
        "al-manqala|skipOrigin relay captureOpposite endless=lose",
        "rio-kadalis|pits=5 clockwise skipOrigin foursAtLapEnd endless=draw loserStarts conquest",
        "rio-kadalis|conquest",
    })
    void canonicalTextRoundTrips(String game, String text) {
        RuleOptions o = OptionsNotation.parse(GameKind.byKey(game).orElseThrow(), text);
        assertThat(OptionsNotation.format(o)).isEqualTo(text);
        assertThat(OptionsNotation.parse(o.kind(), OptionsNotation.format(o))).isEqualTo(o);
    }

    @Test
    void defaultsFormatAsEmptyText() {
        for (GameKind g : GameKind.values()) {
            assertThat(OptionsNotation.format(g.defaultOptions())).as(g.key()).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "hawalis|relay|relay",
        "hawalis|seeds=3|seeds",
        "hawalis|endless=forever|endless",
        "hawalis|scoring=seeds|scoring",
        "hawalis|skipOrigin=yes|skipOrigin",
        "bao-kiarabu|seeds=4|seeds",
        "al-manqala|pits=5|pits",
        "al-manqala|endless=draw|relay",
        "al-manqala|endless=lose captureOpposite|relay",
        "rio-kadalis|pits=7|pits",
        "rio-kadalis|pits|pits",
        "rio-kadalis|captureOpposite|captureOpposite",
        "rio-kadalis|endless=draw endless=lose|endless",
        "rio-kadalis|pits=5 pits=6|pits",
        "hawalis|endless=illegal endless=draw|endless",
    })
    void unknownOrContradictoryOptionIsAnError(String game, String text, String named) {
        assertThatThrownBy(() -> OptionsNotation.parse(GameKind.byKey(game).orElseThrow(), text))
                .isInstanceOfSatisfying(NotationException.class,
                        e -> assertThat(e.getMessage()).containsIgnoringCase(named));
    }

    @Test
    void errorNamesTheAllowedOptionsAndColumn() {
        assertThatThrownBy(() -> OptionsNotation.parse(GameKind.AL_MANQALA, "relay sowFast"))
                .isInstanceOfSatisfying(NotationException.class, e -> {
                    assertThat(e.column()).isEqualTo(7);
                    assertThat(e.getMessage()).contains("sowFast").contains("captureOpposite");
                });
    }
}
