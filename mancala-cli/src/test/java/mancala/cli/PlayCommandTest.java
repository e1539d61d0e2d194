package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mancala.record.Replay;
import mancala.record.RecordReader;
import mancala.record.ReplayedRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code play}'s commands: undo, help, quit, the messages for a typed pit, and a forced pass. */
class PlayCommandTest {
    @TempDir
    Path dir;

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void undoBeforeTheHumansFirstMoveChangesNothing() {
        CliRun r = CliRun.withInput("undo\nquit\n", "play", "hawalis", "--south", "level:1", "--north", "human");

        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("nothing to undo: North has made no move yet; the game is unchanged");
        // The computer's first move stays: it is played once, not taken back and played again.
        assertThat(count(r.out(), "South plays ")).isEqualTo(1);
        assertThat(r.out()).doesNotContain("took back");
    }

    @Test
    void undoTakesBackTheHumansMoveAndTheComputersReply() {
        // South (level:1) plays, North plays A (any move of his), South replies; undo goes back to North's turn.
        CliRun r = CliRun.withInput("A\nundo\nquit\nquit\n", "play", "hawalis", "--south", "level:1", "--north",
                "human");

        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("North plays A:").contains("took back 2 plies");
        assertThat(count(r.out(), "South plays ")).isEqualTo(2);
    }

    @Test
    void helpListsEveryCommandItselfIncluded() {
        CliRun r = CliRun.withInput("help\nquit\n", "play", "hawalis", "--south", "human", "--north", "human");

        for (String command : List.of("hint", "undo", "save FILE", "resign", "board", "help", "quit")) {
            assertThat(r.out()).contains("\n  " + command + " ");
        }
    }

    @Test
    void aLetterThatIsNoPitAtAllIsSaidToBeNone() {
        CliRun r = CliRun.withInput("Z\nA\nb\nquit\n", "play", "hawalis", "--south", "human", "--north", "human");

        // Hawalis pits are a-n and A-N: Z is no pit; A is North's; b (2 seeds) is legal for South.
        assertThat(r.out()).contains("'Z' is no pit in Hawalis: South's pits are a-n, North's A-N; legal: ")
                .contains("'A' is North's pit; South is to move (letters are case-sensitive")
                .doesNotContain("'Z' is not one of South's pits");
        assertThat(r.out()).contains("South plays b:");
    }

    @Test
    void quitInAnUnfinishedGameOffersToSaveIt() throws IOException {
        Path file = dir.resolve("kept.txt");
        CliRun r = CliRun.withInput("i\nquit\nsave " + file + "\n", "play", "hawalis", "--south", "human",
                "--north", "human");

        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("The game is not over and not saved: save FILE to keep it, or quit again")
                .contains("saved " + file);
        ReplayedRecord saved = Replay.replay(RecordReader.read(Files.readString(file), file.toString()).get(0));
        assertThat(saved.problems()).isEmpty();
        // The first move of the published game: i captures North's M and the B behind it, 2 + 2 (H7).
        assertThat(saved.plies()).hasSize(1);
        assertThat(saved.plies().get(0).captured()).isEqualTo(4);
    }

    @Test
    void quitWithNothingPlayedOrEverythingSavedLeavesAtOnce() {
        CliRun r = CliRun.withInput("quit\n", "play", "hawalis", "--south", "human", "--north", "human");
        assertThat(r.out()).doesNotContain("not saved").contains("Left unfinished.");
        Path file = dir.resolve("g.txt");
        CliRun saved = CliRun.withInput("i\nsave " + file + "\nquit\n", "play", "hawalis", "--south", "human",
                "--north", "human");
        assertThat(saved.out()).doesNotContain("not saved").contains("Left unfinished.");
    }

    @Test
    void aForcedAlManqalaPassIsPrinted() throws IOException {
        // g (1) -> A makes A two: South takes it (A3; f is then empty, the chain stops), 47 + 2 = 49, not yet 50
        // (A7). North's row is empty at his turn: he passes (A5), and South must feed: f (2) sows g and A.
        Path record = Files.writeString(dir.resolve("pass.txt"), "[Game \"al-manqala\"]\n"
                + "[Setup \"al-manqala 0,0,0,0,0,2,1 1,0,0,0,0,0,0 S 47-47\"]\n\n*\n");
        CliRun r = CliRun.withInput("g\nquit\nquit\n", "play", "--record", record.toString(), "--south", "human",
                "--north", "human");

        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("South plays g:")
                .contains("North has no seeds in his row and passes (A5); South moves again")
                .contains("South to move (f)");
    }
}
