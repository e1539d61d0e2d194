package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mancala.engine.puzzle.Puzzle;
import mancala.engine.puzzle.PuzzleFile;
import mancala.notation.PositionNotation;
import mancala.rules.Position;
import mancala.server.analysis.Annotator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mancala puzzles} builds a set that {@code replay} reads (the published problem first, solved), and an
 * annotated export of the analysis board is a record {@code replay} accepts with its marks and comments.
 */
class PuzzlesCommandTest {
    @TempDir
    Path dir;

    @Test
    void thePublishedProblemAloneIsSolvedAndWrittenAsARecordThatReplayReads() throws Exception {
        Path out = dir.resolve("set.txt");
        CliRun run = CliRun.of("puzzles", "--games", "0", "-o", out.toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).contains("gering-2008-problem-1")
                .contains("hawalis: 1 puzzle (1 published, 0 from 0 games of self-play)")
                .contains("1 puzzle in all, written to " + out);
        List<Puzzle> set = PuzzleFile.read(Files.readString(out), out.toString());
        assertThat(set).hasSize(1);
        assertThat(set.get(0).position()).isEqualTo(PositionNotation.parse(
                "hawalis 0,0,0,0,0,0,0,0,1,0,0,1,0,0 1,0,2,1,0,0,0,0,1,1,1,1,1,0 S"));
        assertThat(Files.readString(out)).contains("[Annotator \"Ralf Gering\"]").contains("[Event \"Problem 1\"]");
        CliRun replay = CliRun.of("replay", out.toString());
        assertThat(replay.status()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("1-0");
    }

    @Test
    @Tag("slow")
    void selfPlayPuzzlesHaveOneWinningMoveAndReplay() throws Exception {
        Path out = dir.resolve("set.txt");
        CliRun run = CliRun.of("puzzles", "--games", "3", "--game", "hawalis", "--seed", "2026", "--max-seeds", "10",
                "--millis", "2000", "-o", out.toString());
        assertThat(run.status()).as(run.err()).isZero();
        List<Puzzle> set = PuzzleFile.read(Files.readString(out), out.toString());
        assertThat(set.size()).isGreaterThan(1);
        assertThat(set.subList(1, set.size())).allMatch(p -> p.source().startsWith("self-play"));
        assertThat(CliRun.of("replay", out.toString()).status()).isZero();
    }

    @Test
    void anAnnotatedExportIsReadByReplay() throws Exception {
        // R3: e's second seed makes A hold four during the lap, and North gets them: with South's 20 seeds and the
        // 3 left on the board South can no longer reach North's 25, a loss where d (a binikh, R4) did not lose: ??.
        Position start = PositionNotation.parse("rio-kadalis 0,0,0,1,3,0 3,0,0,0,0,0 S 20-21");
        Position after = start.play(4);
        String text = Annotator.annotate(start, List.of(4, after.legalMoves()[0]), java.util.Map.of(), 50);
        assertThat(text).contains("e??").contains("{North wins in ").containsPattern("; best d [^}]+\\}");
        Path file = dir.resolve("annotated.txt");
        Files.writeString(file, text);
        CliRun replay = CliRun.of("replay", file.toString());
        assertThat(replay.status()).as(text + replay.out() + replay.err()).isZero();
    }

    /* Gering's problem is Hawalis: asked for Al-manqala alone, it is left out, and the empty result is said. */
    @Test
    void onlyTheGamesAskedForAreIncludedAndNoneFoundIsAWarning() throws Exception {
        Path out = dir.resolve("am.txt");
        CliRun run = CliRun.of("puzzles", "--games", "0", "--game", "al-manqala", "-o", out.toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("gering").doesNotContain("hawalis")
                .contains("warning: no al-manqala puzzles found (no published problem, none in 0 games of self-play)")
                .contains("0 puzzles in all, written to " + out);
        assertThat(Files.readString(out)).doesNotContain("Problem 1");
    }
}
