package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code mancala bench}: the line format (speed itself is measured by running it, not here). */
class BenchCommandTest {
    @Test
    void printsOneLinePerGameWithThreeRates() {
        Object[] r = PerftCommandTest.run("bench", "--seconds", "0.2", "--game", "rio-kadalis");
        assertThat(r[0]).isEqualTo(0);
        assertThat((String) r[1]).matches("rio-kadalis playouts/s=[1-9]\\d* plies/s=[1-9]\\d* seeds/s=[1-9]\\d*\\n");
    }

    @Test
    void rejectsNonPositiveSeconds() {
        Object[] r = PerftCommandTest.run("bench", "--seconds", "0");
        assertThat(r[0]).isEqualTo(2);
        assertThat((String) r[2]).contains("--seconds must be more than 0");
    }
}
