package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConvertCommandTest {
    @TempDir
    Path dir;

    @Test
    void theMovesAsPrintedBecomeACanonicalRecord() throws IOException {
        String printed = "1. i (+4) L (+6); 2. d (+6) J {a comment} (a remark); 3. i!? H\n";
        Path in = dir.resolve("printed.txt");
        Files.writeString(in, printed);
        CliRun run = CliRun.of("convert", "--game", "hawalis", in.toString());
        assertThat(run.status()).as(run.err()).isZero();
        // The published record states J (+6) and 3. i (+2); convert fills both counts in.
        assertThat(run.out()).isEqualTo("""
                [Game "hawalis"]
                [Result "*"]

                1. i (+4) L (+6) 2. d (+6) J (+6) {a comment} {a remark} 3. i!? (+2) H *
                """);
    }

    @Test
    void convertsToNumericAndBackToTheSameText() throws IOException {
        Path published = CliRun.record(ReplayCommandTest.HAWALIS);
        Path numeric = dir.resolve("numeric.txt");
        CliRun toNumeric = CliRun.of("convert", "--to", "numeric", "-o", numeric.toString(), published.toString());
        assertThat(toNumeric.status()).as(toNumeric.err()).isZero();
        String numericText = CliRun.read(numeric);
        assertThat(numericText).contains("[Notation \"numeric\"]", "\n1. 2 (x4) 5 (x6) 2. 11 (x6) 3 (x6)");
        CliRun back = CliRun.of("convert", numeric.toString());
        CliRun direct = CliRun.of("convert", published.toString());
        assertThat(back.status()).isZero();
        assertThat(back.out()).isEqualTo(direct.out());
        assertThat(direct.out()).contains("[Termination \"no-seeds\"]", "55. i K (+1) 0-1\n");
    }

    @Test
    void anOutputThatCannotBeWrittenIsReportedWithTheReason() throws IOException {
        Path in = dir.resolve("h.txt");
        Files.writeString(in, "[Game \"hawalis\"]\n\n1. i *\n");
        Path noFolder = dir.resolve("nonexist").resolve("x.txt");
        CliRun missing = CliRun.of("convert", in.toString(), "-o", noFolder.toString());
        assertThat(missing.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(missing.err().strip()).isEqualTo("mancala: cannot write " + noFolder + ": no such folder");
        CliRun folder = CliRun.of("convert", in.toString(), "-o", dir.toString());
        assertThat(folder.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(folder.err().strip()).isEqualTo("mancala: cannot write " + dir + ": it is a folder");
        if (Files.isDirectory(Path.of("/proc/self"))) {
            CliRun proc = CliRun.of("convert", in.toString(), "-o", "/proc/x");
            assertThat(proc.status()).isEqualTo(Cli.UNUSABLE);
            assertThat(proc.err().strip()).isEqualTo("mancala: cannot write /proc/x: no file can be created in /proc");
        }
    }

    @Test
    void aRecordThatDoesNotReplayIsNotConverted() throws IOException {
        Path in = dir.resolve("wrong.txt");
        Files.writeString(in, "1. i (+3) *\n");
        CliRun run = CliRun.of("convert", "--game", "hawalis", in.toString());
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains("wrong.txt:1:6: move 1, South: found (+3), expected (+4)");
    }

    @Test
    void numericOutputIsOnlyForTheFourRowGames() throws IOException {
        Path in = dir.resolve("al.txt");
        Files.writeString(in, "[Game \"al-manqala\"]\n\n1. a *\n");
        assertThat(CliRun.of("convert", "--to", "numeric", in.toString()).status()).isEqualTo(2);
        assertThat(CliRun.of("convert", "--to", "roman", in.toString()).status()).isEqualTo(2);
    }
}
