package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mancala pairings}: the next round of a TRF file, the check of a whole tournament, errors. */
class PairingsCommandTest {
    @TempDir
    Path dir;

    private static String player(int n, String rounds) {
        String name = String.format("%-33s", "Player " + n);
        return String.format("001 %4d      %s %4d %3s %11s %10s %4s %4d%s", n, name, 2000 - n, "", "", "", "0.0",
                n, rounds).stripTrailing();
    }

    private Path file(String... lines) throws Exception {
        Path f = dir.resolve("t.trf");
        Files.writeString(f, String.join("\n", lines) + "\n");
        return f;
    }

    @Test
    void roundOneOfSevenPlayers() throws Exception {
        String[] lines = new String[9];
        lines[0] = "XXR 5";
        lines[1] = "XXC white1";
        for (int i = 1; i <= 7; i++) {
            lines[i + 1] = player(i, "");
        }
        CliRun r = CliRun.of("pairings", "--dutch", file(lines).toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isZero();
        // C.04.3 round 1: S1 = 1-3 meets S2 = 4-6, White alternating from XXC; 7 gets the bye
        assertThat(r.out()).isEqualTo("4\n1 4\n5 2\n3 6\n7 0\n");
    }

    @Test
    void checkListsTheRoundsPairedDifferently() throws Exception {
        // round 1 as the Dutch system pairs it (1-3, 4-2), round 2 wrongly gives 1 White again against 4
        Path f = file("XXR 2", "XXC white1",
                player(1, "     3 w 1     4 w 1"),
                player(2, "     4 b 1     3 b 1"),
                player(3, "     1 b 0     2 w 0"),
                player(4, "     2 w 0     1 b 0"));
        CliRun r = CliRun.of("pairings", "--check", f.toString());
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.out()).contains("round 2: differs").doesNotContain("round 1:").contains("1 of 2 rounds differ");
    }

    @Test
    void anUnpairableRoundAndABadFileAreClearErrors() throws Exception {
        Path f = file("XXR 3", "XXC white1", player(1, "     2 w 1"), player(2, "     1 b 0"));
        CliRun r = CliRun.of("pairings", "--dutch", f.toString());
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).contains("absolute criteria");
        Path bad = file("XXR 3", "001    1      Broken");
        CliRun b = CliRun.of("pairings", "--dutch", bad.toString());
        assertThat(b.status()).isEqualTo(2);
        assertThat(b.err()).contains("line 2, column");
        CliRun none = CliRun.of("pairings", "--dutch", dir.resolve("missing.trf").toString());
        assertThat(none.status()).isEqualTo(2);
        assertThat(none.err()).contains("no such file");
    }

    @Test
    void theShippedExamplesGiveWhatTheDocsSay() {
        // docs/cli.md and the README: round 1 of docs/examples/club.trf, and the check of the finished club Swiss
        // (paired round by round by this program, so every round agrees).
        Path examples = Path.of("..", "docs", "examples");
        CliRun next = CliRun.of("pairings", "--dutch", examples.resolve("club.trf").toString());
        assertThat(next.status()).as(next.err()).isZero();
        assertThat(next.out()).isEqualTo("4\n1 4\n5 2\n3 6\n7 0\n");
        CliRun check = CliRun.of("pairings", "--check", examples.resolve("club-finished.trf").toString());
        assertThat(check.status()).as(check.err()).isZero();
        assertThat(check.out()).contains("all 5 rounds agree");
    }
}
