package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code solve}'s answer for a drawn end: the plies count the line. */
class SolveCommandTest {
    /* South's only move a (3) relays round his pits for ever (H8; worked by hand in the Hawalis rules tests). */
    private static final String ENDLESS = "hawalis 3,1,0,1,0,1,0,1,0,1,0,1,0,1 0,0,0,0,0,0,0,0,0,0,0,0,0,2 S";

    @Test
    void anEndlessMoveUnderEndlessDrawIsADrawInOnePly() {
        CliRun json = CliRun.of("solve", ENDLESS, "--options", "endless=draw", "--json");
        assertThat(json.status()).as(json.err()).isZero();
        assertThat(json.out().strip()).isEqualTo("{\"result\": \"draw\", \"plies\": 1, \"line\": [\"a\"]}");
        CliRun text = CliRun.of("solve", ENDLESS, "--options", "endless=draw");
        assertThat(text.out()).contains("South to move: draw in 1 ply").contains("line: a");
        // By default the same move loses, also in one ply.
        assertThat(CliRun.of("solve", ENDLESS, "--json").out().strip())
                .isEqualTo("{\"result\": \"loss\", \"plies\": 1, \"line\": [\"a\"]}");
    }
}
