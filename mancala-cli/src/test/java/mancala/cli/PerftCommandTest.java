package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code mancala perft}: counts at depths 1 and 2 worked out by hand from docs/rules.md; the format and errors.
 */
class PerftCommandTest {
    /** Runs the CLI and returns {exit status, stdout, stderr}. */
    static Object[] run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int status = Main.run(args);
            return new Object[] {status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void alManqalaOpeningCountsSevenThenFortyNine() {
        // A2: any non-empty own pit; all 7 of each side hold 7 seeds and no first move can empty North's row,
        // so North has 7 replies to each of South's 7 moves.
        Object[] r = run("perft", "al-manqala", "2");
        assertThat(r[0]).isEqualTo(0);
        assertThat((String) r[1]).isEqualTo("1 7\n2 49\n");
    }

    @Test
    void rioKadalisOpeningCountsSixMoves() {
        Object[] r = run("perft", "rio-kadalis", "1");
        assertThat((String) r[1]).isEqualTo("1 6\n");
    }

    @Test
    void hawalisOpeningHasFourteenMoves() {
        // H3: every pit holds two seeds, so all 14 of South's pits may be lifted.
        Object[] r = run("perft", "hawalis", "1");
        assertThat((String) r[1]).isEqualTo("1 14\n");
    }

    @Test
    void finishedPositionCountsNothing() {
        // H9: South to move with no seeds: the game is over, no move.
        Object[] r = run("perft", "hawalis", "2", "--position",
                "hawalis 0,0,0,0,0,0,0,0,0,0,0,0,0,0 2,0,0,0,0,0,0,0,0,0,0,0,0,0 S");
        assertThat((String) r[1]).isEqualTo("1 0\n2 0\n");
    }

    @Test
    void divideListsEachFirstMove() {
        // Al-manqala: South's pit g holds 1 seed and North's A holds 1; South's only move g sows into A,
        // which then holds 2: captured (A3), and the chain looks back at g (now 0) and stops. North's row is
        // empty and South's too: the board is empty and the game is over.
        Object[] r = run("perft", "al-manqala", "2", "--divide", "--position",
                "al-manqala 0,0,0,0,0,0,1 1,0,0,0,0,0,0 S 48-48");
        assertThat((String) r[1]).isEqualTo("g 0\n\n2 0\n");
    }

    @Test
    void aPositionWithMoreSeedsThanTheGameStartsWithIsRefused() {
        // docs/rules.md §0: seeds are conserved, so no Hawalis position holds more than 56, nor an Al-manqala one 98.
        Object[] r = run("perft", "hawalis", "1", "--position",
                "hawalis 57,0,0,0,0,0,0,0,0,0,0,0,0,0 2,0,0,0,0,0,0,0,0,0,0,0,0,0 S");
        assertThat(r[0]).isEqualTo(2);
        assertThat((String) r[2]).contains("59 seeds").contains("at most 56");
        Object[] heavy = run("perft", "al-manqala", "3", "--options", "relay", "--position",
                "al-manqala 9999,9999,9999,9999,9999,9999,9999 9999,9999,9999,9999,9999,9999,9999 S");
        assertThat(heavy[0]).isEqualTo(2);
        assertThat((String) heavy[2]).contains("139986 seeds").contains("at most 98");
        Object[] empty = run("perft", "hawalis", "1", "--position", "");
        assertThat(empty[0]).isEqualTo(2);
        assertThat((String) empty[2]).contains("GAME").doesNotContain("unknown game ''");
    }

    @Test
    void badArgumentsExitTwoWithAMessage() {
        Object[] r = run("perft", "chess", "2");
        assertThat(r[0]).isEqualTo(2);
        assertThat((String) r[2]).contains("unknown game 'chess'");
        Object[] bad = run("perft", "hawalis", "2", "--position", "hawalis 1,2 3 S");
        assertThat(bad[0]).isEqualTo(2);
        assertThat((String) bad[2]).contains("SOUTH: expected 14 pit counts");
        Object[] opt = run("perft", "hawalis", "1", "--options", "relay");
        assertThat(opt[0]).isEqualTo(2);
        assertThat((String) opt[2]).contains("unknown option relay for hawalis");
    }
}
