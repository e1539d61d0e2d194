package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import mancala.rules.HawalisOptions;
import mancala.rules.Position;
import mancala.rules.Rules;
import org.junit.jupiter.api.Test;

/** What {@code play} makes of odd input on standard input: a byte order mark, a huge word. */
class PlayInputTest {
    private static final Position START = Position.initial(Rules.of(HawalisOptions.DEFAULT));

    @Test
    void aByteOrderMarkBeforeTheFirstMoveIsDropped() {
        String letter = START.rules().pitLetter(START.legalMoves()[0]);
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] script = (letter + "\nquit\n").getBytes(StandardCharsets.UTF_8);
        byte[] input = new byte[bom.length + script.length];
        System.arraycopy(bom, 0, input, 0, bom.length);
        System.arraycopy(script, 0, input, bom.length, script.length);

        CliRun r = CliRun.withBytes(input, "play", "hawalis", "--south", "human", "--north", "human");

        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("South plays " + letter + ":").doesNotContain("\uFEFF")
                .doesNotContain("is not a legal move");
    }

    @Test
    void anIllegalMoveOfAMillionCharactersIsEchoedCut() {
        String huge = "z".repeat(1_000_000);

        CliRun r = CliRun.withInput(huge + "\nquit\n", "play", "hawalis", "--south", "human", "--north", "human");

        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("'" + "z".repeat(40) + "…' is not a legal move; legal: ")
                .doesNotContain("z".repeat(41));
        assertThat(r.out().length()).isLessThan(5_000);
    }

    @Test
    void echoCutsAtFortyCharactersAndKeepsShortTextWhole() {
        assertThat(PlayCommand.echo("abc")).isEqualTo("abc");
        assertThat(PlayCommand.echo("x".repeat(40))).isEqualTo("x".repeat(40));
        assertThat(PlayCommand.echo("x".repeat(41))).isEqualTo("x".repeat(40) + "…");
        // A character outside the BMP is never cut in half.
        assertThat(PlayCommand.echo("x".repeat(39) + "\uD83D\uDE00" + "y")).isEqualTo("x".repeat(39) + "…");
    }
}
