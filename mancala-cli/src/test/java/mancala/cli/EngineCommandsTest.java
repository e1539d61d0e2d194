package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The engine's commands end to end: solve, analyse, selfplay, and play and engine driven by a script on standard
 * input. Positions are the hand-worked ones of the engine module's EndgameSearchTest.
 */
class EngineCommandsTest {
    /* South's i captures K and D, North's last seeds: a win in 1 ply (H7, H9). */
    private static final String WIN_IN_ONE = "hawalis 0,0,0,0,0,0,0,0,2,0,0,0,0,0 0,0,0,1,0,0,0,0,0,0,1,0,0,0 S";

    private record Run(int status, String out, String err) {
    }

    private static Run run(String stdin, String... args) {
        InputStream saved = System.in;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try {
            System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            CommandLine cl = Cli.commandLine(new Main());
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            int status = cl.execute(args);
            return new Run(status, out.toString(), err.toString());
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void solvePrintsJson() {
        Run r = run("", "solve", "--json", WIN_IN_ONE);
        assertThat(r.status()).isZero();
        assertThat(r.out().strip()).isEqualTo("{\"result\": \"win\", \"plies\": 1, \"line\": [\"i\"]}");
    }

    @Test
    void solveRetrogradeOfATwoRowGameIsAUsageErrorAndSelfplaySaysOneOfEach() {
        Run r = run("", "solve", "--retrograde", "al-manqala 0,0,1,0,0,2,0 1,0,0,0,1,0,0 S");
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err().strip()).isEqualTo("mancala: --retrograde is for Hawalis and Bao Kiarabu; Al-manqala is "
                + "solved by the proof search (leave --retrograde out)");
        assertThat(SelfPlayCommand.count(1, "loss")).isEqualTo("1 loss");
        assertThat(SelfPlayCommand.count(2, "loss")).isEqualTo("2 losses");
        assertThat(SelfPlayCommand.count(0, "win")).isEqualTo("0 wins");
        assertThat(SelfPlayCommand.count(1, "thread")).isEqualTo("1 thread");
    }

    @Test
    void solveRefusesUndecidedTwoRowGamesWithStatusTwo() {
        Run r = run("", "solve", "--millis", "50", "al-manqala 7,7,7,7,7,7,7 7,7,7,7,7,7,7 S");
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err()).contains("Hawalis");
    }

    @Test
    void analyseGivesBestMoveScoreAndLine() {
        Run r = run("", "analyse", "--depth", "4", WIN_IN_ONE);
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("best move: i").contains("score: win in 1 for South").contains("pv: i");
    }

    @Test
    void analyseRefusesAbsurdLimitsAtOnceWithStatusTwo() {
        Run deep = run("", "analyse", "--depth", "1000", WIN_IN_ONE);
        assertThat(deep.status()).isEqualTo(2);
        assertThat(deep.err()).contains("--depth").contains("1000");
        Run slow = run("", "analyse", "--millis", "99999999999", WIN_IN_ONE);
        assertThat(slow.status()).isEqualTo(2);
        assertThat(slow.err()).contains("--millis").contains("99999999999");
    }

    @Test
    void analyseOfARecordThatIsNotUtf8NamesTheBadByteWithoutAStackTrace(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latin1.txt");
        Files.write(file, "[Game \"hawalis\"]\n[South \"Jos\u00e9\"]\n\n1. i\n"
                .getBytes(StandardCharsets.ISO_8859_1));
        Run r = run("", "analyse", "--depth", "2", file.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("latin1.txt:2:12:").contains("0xE9").doesNotContain("Exception");
        Run missing = run("", "analyse", dir.resolve("missing.txt").toString());
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.err()).contains("missing.txt").contains("no such file").doesNotContain("unknown game");
        Run folder = run("", "analyse", dir.toString());
        assertThat(folder.status()).isEqualTo(2);
        assertThat(folder.err()).contains("a folder");
    }

    /*
     * A record of the Al-manqala endgame worked in EndgameSearchTest: South plays the greedy g (+4), which loses
     * (North's B then wins by hunger, A6), where c would have won: a blunder.
     */
    @Test
    void analyseMarksTheLosingGreedyCaptureOfARecordAsABlunder(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("game.txt");
        Files.writeString(file, "[Game \"al-manqala\"]\n[Setup \"al-manqala 0,0,1,1,0,0,1 3,1,1,0,0,0,0 S 44-46\"]\n\n"
                + "1. g (+4) B (+2) 0-1\n");
        Run r = run("", "analyse", "--depth", "8", file.toString());
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("best c").contains("blunder").contains("mistakes: 0, blunders: 1");
    }

    @Test
    void selfplayTalliesAndWritesRecords(@TempDir Path dir) throws Exception {
        Path records = dir.resolve("games.txt");
        Run r = run("", "selfplay", "--games", "4", "--south", "greedy", "--north", "random", "--game", "al-manqala",
                "--threads", "2", "--millis", "1", "--records", records.toString());
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("greedy vs random").contains("win rate").contains("average length")
                .contains("ended by");
        assertThat(Files.readString(records)).contains("[Game \"al-manqala\"]").contains("[Result ");
    }

    @Test
    void selfplayNamesTheBadOptionAndAnUnwritableRecordsFileWithoutAStackTrace(@TempDir Path dir) {
        Run opening = run("", "selfplay", "--south", "random", "--north", "greedy", "--opening-plies", "-3");
        assertThat(opening.status()).isEqualTo(2);
        assertThat(opening.err()).contains("--opening-plies").contains("-3");
        Run threads = run("", "selfplay", "--south", "random", "--north", "greedy", "--threads", "-1");
        assertThat(threads.status()).isEqualTo(2);
        assertThat(threads.err()).contains("--threads").contains("-1");
        for (Path target : List.of(dir, dir.resolve("no-such-folder").resolve("games.txt"))) {
            Run r = run("", "selfplay", "--south", "random", "--north", "greedy", "--games", "1", "--millis", "1",
                    "--records", target.toString());
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.err()).contains("cannot write").contains(target.toString()).doesNotContain("Exception");
        }
    }

    @Test
    void selfplayRefusesMatchOutsideRioKadalisWithStatusTwo() {
        for (String game : List.of("hawalis", "bao-kiarabu", "al-manqala")) {
            Run r = run("", "selfplay", "--south", "random", "--north", "greedy", "--games", "1", "--millis", "1",
                    "--game", game, "--match");
            assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
            assertThat(r.err().strip()).isEqualTo("mancala: --match is for rio-kadalis, whose games are matches of"
                    + " rounds; in " + game + " every game is a single game (leave --match out)");
            assertThat(r.out()).isEmpty();
        }
        Run match = run("", "selfplay", "--south", "random", "--north", "greedy", "--games", "2", "--millis", "1",
                "--threads", "1", "--game", "rio-kadalis", "--match");
        assertThat(match.status()).isZero();
        assertThat(match.out()).contains("rio-kadalis matches, 2 games");
    }

    @Test
    void playFollowsAScriptAndEndsCleanlyAtTheEndOfInput() {
        Run r = run("hint\nzz\ni\n", "play", "hawalis", "--north", "random", "--millis", "20");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("hint: ").contains("'zz' is not a legal move").contains("South plays i: sows 2 from i")
                .contains("North plays").contains("End of input");
    }

    @Test
    void playResignsAndUndoes(@TempDir Path dir) {
        Path save = dir.resolve("saved.txt");
        Run r = run("a\nundo\nb\nsave " + save + "\nresign\n", "play", "hawalis", "--north", "greedy",
                "--millis", "5");
        assertThat(r.out()).contains("South plays a").contains("South plays b").contains("saved ")
                .contains("Game over: North wins (0-1): South resigned");
        assertThat(save).exists();
    }

    @Test
    void aSaveThatCannotBeWrittenIsReportedAndTheGameGoesOnWithAnExistingFileUntouched(@TempDir Path dir)
            throws Exception {
        Path kept = dir.resolve("kept.txt");
        Files.writeString(kept, "an earlier game\n");
        Path folder = Files.createDirectory(dir.resolve("folder"));
        Path missing = dir.resolve("no-such-folder").resolve("x.txt");
        Run r = run("a\nsave " + missing + "\nsave " + folder + "\nB\nsave " + kept + "\nquit\n", "play",
                "hawalis", "--south", "human", "--north", "human");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("cannot save " + missing + ": no such folder; the game goes on")
                .contains("cannot save " + folder + ": it is a folder; the game goes on")
                .contains("North plays B").contains("saved " + kept);
        assertThat(Files.readString(kept)).contains("1. a B");
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("kept.txt", "folder");
        }
    }

    @Test
    void solveJsonOutOfTimeStillPrintsJsonWithStatusTwo() {
        Run r = run("", "solve", "--json", "--millis", "200",
                "hawalis 0,0,1,0,2,1,0,1,1,0,0,0,1,3 0,0,1,0,2,2,0,2,0,1,1,1,0,0 S 18-18");
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.out().strip()).startsWith("{\"result\": \"unknown\", \"reason\": \"not solved in 200 ms: ")
                .endsWith("\"}");
        assertThat(r.err()).contains("not solved in 200 ms");
    }

    @Test
    void playsAWholeRioKadalisMatchBetweenEngines() {
        Run r = run("", "play", "rio-kadalis", "--south", "greedy", "--north", "level:3", "--millis", "5");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("Round 1 over").contains("Match over");
    }

    @Test
    void enginePositionWithMoreSeedsThanTheGameStartsWithIsAnErrorLineAndKeepsThePosition() {
        String tooMany = "hawalis 3,3,3,3,3,3,3,3,3,3,3,3,3,3 3,3,3,3,3,3,3,3,3,3,3,3,3,3 S";
        Run r = run("position " + WIN_IN_ONE + "\nposition " + tooMany + "\nd\n"
                + "position al-manqala 9,9,9,9,9,9,9 9,9,9,9,9,9,9 N\nd\nisready\nquit\n", "engine");
        assertThat(r.status()).isZero();
        assertThat(r.out().lines().toList()).containsExactly(
                "info string error: position '" + tooMany + "': holds 84 seeds, expected at most 56: seeds on and"
                        + " off the board never exceed the hawalis starting total",
                "info string " + WIN_IN_ONE,
                "info string error: position 'al-manqala 9,9,9,9,9,9,9 9,9,9,9,9,9,9 N': holds 126 seeds,"
                        + " expected at most 98: seeds on and off the board never exceed the al-manqala starting"
                        + " total",
                "info string " + WIN_IN_ONE,
                "readyok");
    }

    @Test
    void engineGoWithAMissingOrBadNumberIsAnErrorLineNotACrash() {
        Run r = run("position " + WIN_IN_ONE + "\ngo movetime\ngo depth x\ngo depth 0\ngo movetime -5\nisready\n"
                + "go depth 1\nisready\nquit\n", "engine");
        assertThat(r.status()).isZero();
        assertThat(r.out().lines().filter(l -> l.startsWith("info string error")).toList()).containsExactly(
                "info string error: go movetime needs a number",
                "info string error: go depth: 'x' is not a number",
                "info string error: go depth 0: must be 1 to " + mancala.engine.search.Searcher.MAX_PLY,
                "info string error: go movetime -5: must be 1 to " + mancala.engine.search.SearchLimits.MAX_MILLIS);
        assertThat(r.out()).contains("bestmove i");
    }

    @Test
    void engineAnswersIsreadyDuringGoInfiniteAndAPositionStopsThatSearch() {
        // From the start nothing is proven, so go infinite runs until something stops it.
        Run r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run("position startpos\ngo infinite\n"
                + "isready\nposition " + WIN_IN_ONE + "\nd\ngo depth 1\nisready\nquit\n", "engine"));
        assertThat(r.status()).isZero();
        List<String> lines = r.out().lines().filter(l -> !l.startsWith("info depth")).toList();
        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).isEqualTo("readyok");
        assertThat(lines.get(1)).matches("bestmove [a-n]");
        assertThat(lines.subList(2, 5)).containsExactly("info string " + WIN_IN_ONE, "bestmove i", "readyok");
    }

    @Test
    void engineGoWithAClockSpendsAShareAndRejectsUnknownWords() {
        Run r = run("position " + WIN_IN_ONE + "\ngo wtime 3000 btime 3000 winc 10\nisready\ngo foo\n"
                + "go wtime\nisready\nquit\n", "engine");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("bestmove i")
                .contains("info string error: go: unknown 'foo'; expected movetime MS, depth D, infinite, or "
                        + "wtime/btime MS [winc/binc MS] [movestogo N]")
                .contains("info string error: go wtime needs a number");
    }

    @Test
    void enginePositionWithoutAPositionIsAnErrorLineNotACrash() {
        Run r = run("position\nposition moves a\nisready\n", "engine");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("info string error: position startpos | GAME").contains("readyok");
        assertThat(r.out().lines().filter(l -> l.startsWith("info string error: position startpos"))).hasSize(2);
    }

    @Test
    void engineStopsADeepSearchWhenToldToStopOrQuitAtOnce() {
        // stop or quit right after go used to be lost when the search thread had not begun yet: the search reset
        // the request and ran its full depth (at depth 100, for ever).
        for (String end : List.of("stop\nquit\n", "quit\n", "")) {
            Run r = assertTimeoutPreemptively(Duration.ofSeconds(20),
                    () -> run("position startpos\ngo depth 100\n" + end, "engine"));
            assertThat(r.status()).isZero();
            assertThat(r.out()).contains("bestmove ");
        }
    }

    @Test
    void engineProtocolAnswersAndMoves() {
        Run r = run("uci\nisready\nposition " + WIN_IN_ONE + "\ngo depth 3\nisready\n"
                + "setoption name Game value al-manqala\nposition startpos moves a\ngo movetime 50\nstop\nquit\n",
                "engine");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("uciok").contains("readyok").contains("info depth 1 score win 1")
                .contains("bestmove i").containsPattern("bestmove [A-G]\\R");
    }
}
