package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code solve}'s answer for a drawn end (the plies count the line), and a problem read from its record file. */
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

    /* Ralf Gering's problem 1 (2008), as shipped in docs/records: "South to move and win". */
    private static final String GERING_1 = "hawalis 0,0,0,0,0,0,0,0,1,0,0,1,0,0 1,0,2,1,0,0,0,0,1,1,1,1,1,0 S";

    @Test
    void aProblemsRecordFileIsSolvedFromItsSetup() {
        CliRun fromRecord = CliRun.of("solve", CliRun.record("hawalis-gering-2008-problem1.txt").toString(), "--json");
        assertThat(fromRecord.status()).as(fromRecord.err()).isZero();
        assertThat(fromRecord.out()).startsWith("{\"result\": \"win\"");
        assertThat(fromRecord.out()).isEqualTo(CliRun.of("solve", GERING_1, "--json").out());
    }

    @Test
    void aRecordThatDoesNotReplayIsNamedWithItsPlace(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path bad = dir.resolve("bad.txt");
        java.nio.file.Files.writeString(bad, "[Game \"al-manqala\"]\n\n1. a b 2. z *\n");
        CliRun r = CliRun.of("solve", bad.toString());
        assertThat(r.status()).isNotZero();
        assertThat(r.err()).contains("bad.txt:3:11").contains("move 2, North");
    }
}
