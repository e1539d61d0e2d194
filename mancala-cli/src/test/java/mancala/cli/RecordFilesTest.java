package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading record files: the size limit shared by replay, convert, analyse and play --record, and bad file names. */
class RecordFilesTest {
    @TempDir
    Path dir;

    /** @return a file of {@code size} zero bytes (sparse: quick to make). */
    private Path zeros(String name, long size) throws IOException {
        Path p = dir.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(size);
        }
        return p;
    }

    @Test
    void aFileOneByteOverTheLimitIsRefusedByEveryCommandThatReadsRecords() throws IOException {
        assertThat(RecordFiles.MAX_BYTES).isEqualTo(64 * 1024 * 1024);
        Path big = zeros("big.txt", RecordFiles.MAX_BYTES + 1L);
        String message = "mancala: " + big + ": larger than 64 MiB; not a game record";
        for (String[] args : new String[][] {
                {"replay", big.toString()},
                {"convert", big.toString()},
                {"play", "--record", big.toString()}}) {
            CliRun run = CliRun.withInput("quit\n", args);
            assertThat(run.status()).as(String.join(" ", args)).isEqualTo(Cli.UNUSABLE);
            assertThat(run.err().strip()).as(String.join(" ", args)).isEqualTo(message);
            assertThat(run.out()).isEmpty();
        }
    }

    @Test
    void standardInputIsBoundedToo() {
        CliRun run = CliRun.withBytes(new byte[RecordFiles.MAX_BYTES + 1], "replay", "-");
        assertThat(run.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(run.err().strip()).isEqualTo("mancala: stdin: larger than 64 MiB; not a game record");
    }

    @Test
    void anEndlessSourceIsReadOnlyToTheLimit() {
        Path zero = Path.of("/dev/zero");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(zero), "no /dev/zero here");
        assertThatThrownBy(() -> RecordFiles.read(zero.toString(), 1000))
                .isInstanceOf(Cli.UsageException.class)
                .hasMessage("/dev/zero: larger than 1000 bytes; not a game record");
        assertThatThrownBy(() -> RecordFiles.read(zero.toString(), 4096))
                .hasMessage("/dev/zero: larger than 4 KiB; not a game record");
    }

    @Test
    void aFileAtTheLimitIsRead() throws IOException {
        Path p = dir.resolve("small.txt");
        Files.writeString(p, "[Game \"hawalis\"]\n");
        assertThat(RecordFiles.read(p.toString(), 17)).isEqualTo("[Game \"hawalis\"]\n");
        assertThatThrownBy(() -> RecordFiles.read(p.toString(), 16))
                .hasMessage(p + ": larger than 16 bytes; not a game record");
    }

    @Test
    void anEmptyFileNameOrAFolderIsNamedAsSuch() {
        CliRun empty = CliRun.withInput("quit\n", "play", "--record", "");
        assertThat(empty.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(empty.err().strip()).isEqualTo("mancala: cannot read a record: the file name is empty");
        CliRun replayEmpty = CliRun.of("replay", "");
        assertThat(replayEmpty.err().strip()).isEqualTo("mancala: cannot read a record: the file name is empty");
        CliRun folder = CliRun.of("replay", dir.toString());
        assertThat(folder.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(folder.err().strip()).isEqualTo("mancala: cannot read " + dir + ": it is a folder, not a record file");
    }
}
