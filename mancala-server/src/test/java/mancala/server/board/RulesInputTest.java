package mancala.server.board;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import mancala.rules.GameKind;
import mancala.server.error.DomainError;
import org.junit.jupiter.api.Test;

/** A game's key and its options are read in one place, with one code for each mistake. */
class RulesInputTest {
    @Test
    void theFourGamesAreKnownByTheirKeys() {
        assertThat(RulesInput.game("hawalis")).isEqualTo(GameKind.HAWALIS);
        assertThat(RulesInput.game("rio-kadalis")).isEqualTo(GameKind.RIO_KADALIS);
    }

    @Test
    void aMissingOrUnknownGameHasItsOwnCode() {
        assertThatThrownBy(() -> RulesInput.game(null)).isInstanceOfSatisfying(DomainError.class,
                e -> assertThat(e.code()).isEqualTo("game-required"));
        assertThatThrownBy(() -> RulesInput.game("chess")).isInstanceOfSatisfying(DomainError.class, e -> {
            assertThat(e.code()).isEqualTo("unknown-game-kind");
            assertThat(e.kind()).isEqualTo(DomainError.Kind.INVALID);
            assertThat(e.getMessage()).contains("'chess'");
        });
    }

    @Test
    void badOptionsNameTheFieldTheyCameIn() {
        assertThat(RulesInput.options(GameKind.RIO_KADALIS, null, "options")).isNotNull();
        assertThatThrownBy(() -> RulesInput.options(GameKind.RIO_KADALIS, "pits=7", "options"))
                .isInstanceOfSatisfying(DomainError.class, e -> {
                    assertThat(e.code()).isEqualTo("bad-options");
                    assertThat(e.details()).containsEntry("field", "options");
                    assertThat(e.getMessage()).startsWith("options: ");
                });
    }
}
