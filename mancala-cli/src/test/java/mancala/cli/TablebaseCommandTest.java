package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mancala tablebase build|probe|info} on small tables in a folder of the test's own. */
class TablebaseCommandTest {
    private static final String CAPTURE_ALL =
            "hawalis 0,0,0,0,0,0,0,0,2,0,0,0,0,0 0,0,0,1,0,0,0,0,0,0,1,0,0,0 S";

    @TempDir
    Path dir;

    /* i sows j, k and captures K with D behind it: North has no seeds (H7, H9); SolverTest works it by hand. */
    @Test
    void buildThenProbeAHandWorkedWin() {
        CliRun b = CliRun.of("tablebase", "build", "hawalis", "--seeds", "2", "--dir", dir.toString());
        assertThat(b.status()).as(b.err()).isZero();
        assertThat(b.out()).contains("hawalis: every position up to 2 seeds a side: 14,400 positions");
        CliRun p = CliRun.of("tablebase", "probe", CAPTURE_ALL, "--dir", dir.toString());
        assertThat(p.status()).as(p.err()).isZero();
        assertThat(p.out()).startsWith("South to move: win in 1 ply\n").contains("  i: win in 1 ply");
        CliRun i = CliRun.of("tablebase", "info", "--dir", dir.toString());
        assertThat(i.out()).contains("hawalis default: up to 2 seeds a side, 9 layers, 14,400 positions");
    }

    /*
     * South's one seed in f sows into A and the move ends (R4); North's A steps on to B; South has no move, so the
     * round ends (R6) and North's row keeps the seed: South secures 0 of 1. Held 24-23 before, that is 24-24.
     */
    @Test
    void roundValueWithAndWithoutHoldings() {
        CliRun b = CliRun.of("tablebase", "build", "rio-kadalis", "--seeds", "3", "--dir", dir.toString());
        assertThat(b.status()).as(b.err()).isZero();
        CliRun p = CliRun.of("tablebase", "probe", "rio-kadalis 0,0,0,0,0,1 0,0,0,0,0,0 S", "--dir", dir.toString());
        assertThat(p.out()).startsWith("South to move: loss: secures 0 of the 1 seeds on the board");
        CliRun q = CliRun.of("tablebase", "probe", "rio-kadalis 0,0,0,0,0,1 0,0,0,0,0,0 S 24-23", "--dir",
                dir.toString());
        assertThat(q.out()).startsWith("South to move: draw: secures 0 of the 1 seeds on the board");
        CliRun far = CliRun.of("tablebase", "probe", "rio-kadalis 4,4,0,0,0,1 0,0,0,0,0,0 S 20-19", "--dir",
                dir.toString());
        assertThat(far.status()).isEqualTo(2);
        assertThat(far.err()).contains("not in the tables", "up to 3 seeds on the board");
    }

    @Test
    void aDamagedLayerIsReportedAndRebuilt() throws IOException {
        CliRun.of("tablebase", "build", "hawalis", "--seeds", "1", "--dir", dir.toString());
        Path layer = dir.resolve("hawalis/default/1-1.tb");
        assertThat(layer).exists();
        try (RandomAccessFile f = new RandomAccessFile(layer.toFile(), "rw")) {
            f.seek(f.length() - 1);
            int x = f.read();
            f.seek(f.length() - 1);
            f.write(x ^ 0xff);
        }
        CliRun i = CliRun.of("tablebase", "info", "--dir", dir.toString());
        assertThat(i.out()).contains("1 damaged", "layer 1-1", "checksum mismatch");
        CliRun again = CliRun.of("tablebase", "build", "hawalis", "--seeds", "1", "--dir", dir.toString());
        assertThat(again.status()).isZero();
        assertThat(again.err()).contains("layer 0-0: found on disk, checksum good", "checksum mismatch",
                "rebuilding it");
        assertThat(CliRun.of("tablebase", "info", "--dir", dir.toString()).out()).doesNotContain("damaged");
        assertThat(Files.list(layer.getParent()).map(Path::toString)).noneMatch(s -> s.endsWith(".tmp"));
    }

    /** Rio Kadalis 5 seeds, reachable layers only: 1 and 5 (captures take fours, R3, R4). */
    @Test
    void reachableLayersOnly() {
        CliRun b = CliRun.of("tablebase", "build", "rio-kadalis", "--seeds", "5", "--reachable", "--dir",
                dir.toString());
        assertThat(b.status()).as(b.err()).isZero();
        // C(12, 11) + C(16, 11) = 12 + 4,368 positions
        assertThat(b.out()).contains("rio-kadalis: the positions a round of 5 seeds reaches, up to 5 seeds on the "
                + "board: 4,380 positions");
        CliRun p = CliRun.of("tablebase", "probe", "rio-kadalis 0,0,0,0,0,1 0,0,0,0,0,0 S", "--dir", dir.toString());
        assertThat(p.out()).startsWith("South to move: loss: secures 0 of the 1 seeds on the board");
        CliRun two = CliRun.of("tablebase", "probe", "rio-kadalis 0,0,0,0,1,1 0,0,0,0,0,0 S", "--dir",
                dir.toString());
        assertThat(two.status()).isEqualTo(2);
        assertThat(two.err()).contains("not in the tables", "hold some layers up to 5 seeds");
        CliRun i = CliRun.of("tablebase", "info", "--dir", dir.toString());
        assertThat(i.out()).contains("rio-kadalis default: no complete table, reachable layers up to 5, 2 layers, "
                + "4,380 positions");
        CliRun h = CliRun.of("tablebase", "build", "hawalis", "--seeds", "2", "--reachable", "--dir", dir.toString());
        assertThat(h.status()).isEqualTo(2);
        assertThat(h.err()).contains("hawalis: a capture can take any number of seeds");
    }

    @Test
    void optionsThatCannotHaveTablesAreRefused() {
        CliRun r = CliRun.of("tablebase", "build", "hawalis", "--options", "scoring=captures", "--seeds", "1",
                "--dir", dir.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("scoring=captures");
    }

    /* No tables: the message names the options as an Options tag writes them and the command that builds them. */
    @Test
    void missingTablesNameTheOptionsAndTheBuildCommand() {
        String pos = "al-manqala 0,0,0,0,0,0,1 1,0,0,0,0,0,0 S 48-48";
        CliRun p = CliRun.of("tablebase", "probe", pos, "--dir", dir.toString());
        assertThat(p.status()).isEqualTo(2);
        assertThat(p.err()).contains("there are no tables for al-manqala (default rules) in ",
                "build them with: mancala tablebase build al-manqala --seeds 2 --dir " + dir)
                .doesNotContain("Options[", "skipOrigin=false");
        CliRun q = CliRun.of("tablebase", "probe", pos, "--options", "captureOpposite", "--dir", dir.toString());
        assertThat(q.err()).contains("no tables for al-manqala (captureOpposite)",
                "mancala tablebase build al-manqala --options 'captureOpposite' --seeds 2 --dir " + dir);
        String cmd = q.err().substring(q.err().indexOf("mancala tablebase build") + "mancala ".length()).strip();
        CliRun b = CliRun.of(cmd.replace("'", "").split(" "));
        assertThat(b.status()).as(b.err()).isZero();
        CliRun again = CliRun.of("tablebase", "probe", pos, "--options", "captureOpposite", "--dir", dir.toString());
        assertThat(again.status()).as(again.err()).isZero();
        assertThat(again.out()).startsWith("South to move: ");
    }

    @Test
    void countsTakeThePluralUnlessOne() {
        assertThat(TablebaseCommand.count(1, "position")).isEqualTo("1 position");
        assertThat(TablebaseCommand.count(2, "bit")).isEqualTo("2 bits");
    }
}
