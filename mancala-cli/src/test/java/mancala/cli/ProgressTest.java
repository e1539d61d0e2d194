package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Progress on standard error: plain lines when standard error is not a terminal (as under the test runner),
 * nothing with {@code --quiet} or {@code --progress=none}, and standard output byte for byte the same either way.
 */
class ProgressTest {
    @TempDir
    Path dir;

    static final String[] SELFPLAY = {"selfplay", "--games", "6", "--south", "level:3", "--north", "random",
        "--game", "rio-kadalis", "--threads", "2", "--seed", "5"};

    static String[] with(String[] args, String... more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    @Test
    void standardErrorOfTheTestRunIsNotATerminal() {
        assertThat(ProgressOptions.stderrIsTerminal()).isFalse();
    }

    @Test
    void selfplayWritesPlainLinesWhenStandardErrorIsNotATerminal() {
        CliRun run = CliRun.of(SELFPLAY);
        assertThat(run.status()).isZero();
        // The last line sums the run up: every game, the time, the rate and the first player's running tally,
        // which at the end is the tally printed on standard output.
        String tally = run.out().lines().filter(l -> l.startsWith("level:3: ")).findFirst().orElseThrow();
        int wins = Integer.parseInt(tally.replaceAll("level:3: (\\d+) wins?.*", "$1"));
        assertThat(run.err()).containsPattern("(?m)^self-play: 6/6 games in \\d+\\.\\d s, [0-9.]+ games/s; \\+"
                + wins + " =\\d+ -\\d+, score [01]\\.\\d{3}$");
        assertThat(CliRun.of(with(SELFPLAY, "--progress=plain")).err()).containsPattern("(?m)^self-play: 6/6 games");
    }

    @Test
    void quietAndNoneShowNothing() {
        for (String quiet : List.of("--quiet", "-q", "--progress=none", "--progress=NONE")) {
            CliRun run = CliRun.of(with(SELFPLAY, quiet));
            assertThat(run.status()).as(quiet).isZero();
            assertThat(run.err()).as(quiet).isEmpty();
        }
    }

    @Test
    void anUnknownProgressModeIsAUsageError() {
        CliRun run = CliRun.of(with(SELFPLAY, "--progress=sometimes"));
        assertThat(run.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(run.err()).contains("expected auto, bar, plain or none, found 'sometimes'");
    }

    @Test
    void selfplayStandardOutputIsTheSameWithAndWithoutProgress() {
        String quiet = CliRun.of(with(SELFPLAY, "--quiet")).out();
        assertThat(quiet).contains("level:3 vs random, rio-kadalis, 6 games");
        assertThat(CliRun.of(SELFPLAY).out()).isEqualTo(quiet);
        assertThat(CliRun.of(with(SELFPLAY, "--progress=plain")).out()).isEqualTo(quiet);
        // The bar draws on the process's own standard error, never on standard output.
        assertThat(CliRun.of(with(SELFPLAY, "--progress=bar")).out()).isEqualTo(quiet);
    }

    @Test
    void analyseRecordCountsPliesAndLeavesStandardOutputAlone() throws IOException {
        Path records = dir.resolve("games.txt");
        assertThat(CliRun.of("selfplay", "--games", "1", "--south", "level:2", "--north", "random", "--game",
                "al-manqala", "--records", records.toString(), "--quiet").status()).isZero();
        String[] analyse = {"analyse", records.toString(), "--depth", "2"};
        CliRun quiet = CliRun.of(with(analyse, "--quiet"));
        CliRun plain = CliRun.of(analyse);
        assertThat(quiet.status()).isZero();
        assertThat(quiet.err()).isEmpty();
        assertThat(plain.out()).isEqualTo(quiet.out());
        long plies = quiet.out().lines().filter(l -> l.matches("\\s*\\d+\\. .*")).count();
        assertThat(plies).isPositive();
        assertThat(plain.err()).containsPattern("(?m)^analyse: " + plies + "/" + plies + " plies in \\d+\\.\\d s, "
                + "[0-9.]+ plies/s; inaccuracies \\d+, mistakes \\d+, blunders \\d+$");
    }

    @Test
    void analysePositionReportsEachIteration() {
        String[] analyse = {"analyse", "hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N", "--depth",
            "6"};
        CliRun quiet = CliRun.of(with(analyse, "--quiet"));
        CliRun plain = CliRun.of(analyse);
        assertThat(quiet.out()).contains("depth: 6");
        assertThat(plain.out()).isEqualTo(quiet.out());
        assertThat(quiet.err()).isEmpty();
        String nodes = quiet.out().lines().filter(l -> l.startsWith("nodes: ")).findFirst().orElseThrow().substring(7);
        String score = quiet.out().lines().filter(l -> l.startsWith("score: ")).findFirst().orElseThrow()
                .replaceAll("^score: (.*) for North$", "$1");
        assertThat(score).matches("[+-]\\d+\\.\\d\\d|(win|loss) in \\d+");
        assertThat(plain.err()).containsPattern("(?m)^analyse: 6/6 plies in \\d+\\.\\d s, [0-9.]+ plies/s; depth 6, "
                + "score " + java.util.regex.Pattern.quote(score) + ", " + nodes + " positions$");
    }

    /* i sows j, k and captures all North has: a win in 1 ply, in the progress lines as on standard output. */
    @Test
    void analyseProgressWritesAProvenScoreAsPlies() {
        CliRun plain = CliRun.of("analyse", "hawalis 0,0,0,0,0,0,0,0,2,0,0,0,0,0 0,0,0,1,0,0,0,0,0,0,1,0,0,0 S",
                "--depth", "3");
        assertThat(plain.out()).contains("score: win in 1 for South");
        assertThat(plain.err()).contains(", score win in 1, ").doesNotContain("99999");
    }

    /* Standard output's positions examined and the progress's last count are one count, for both solvers. */
    @Test
    void solveCountsTheSamePositionsOnBothStreams() {
        String pos = "hawalis 0,0,0,0,0,0,0,0,2,0,1,0,0,0 0,0,0,1,0,0,1,0,0,0,1,0,0,0 S";
        for (String[] args : List.of(new String[] {"solve", pos}, new String[] {"solve", pos, "--retrograde"})) {
            CliRun r = CliRun.of(args);
            assertThat(r.status()).as(r.err()).isZero();
            String n = r.out().lines().filter(l -> l.startsWith("positions examined: ")).findFirst().orElseThrow()
                    .substring("positions examined: ".length());
            assertThat(Long.parseLong(n)).isPositive();
            assertThat(r.err()).containsPattern("(?m)^(solve|retrograde analysis): " + n + " positions in ");
        }
        assertThat(CliRun.of("solve", "--help").out().replaceAll("\\s+", " "))
                .contains("'positions examined' counts the positions every racing search");
    }

    @Test
    void solveReportsPositionsAndLeavesItsJsonAlone() {
        String[] solve = {"solve", "hawalis 0,0,0,0,0,0,0,0,2,0,0,0,0,0 0,0,0,1,0,0,0,0,0,0,1,0,0,0 S", "--json"};
        CliRun quiet = CliRun.of(with(solve, "--quiet"));
        CliRun plain = CliRun.of(solve);
        assertThat(quiet.out()).isEqualTo("{\"result\": \"win\", \"plies\": 1, \"line\": [\"i\"]}"
                + System.lineSeparator());
        assertThat(plain.out()).isEqualTo(quiet.out());
        assertThat(quiet.err()).isEmpty();
        assertThat(plain.err()).containsPattern("(?m)^solve: \\d+ positions in \\d+\\.\\d s, .*; proof search depth "
                + "\\d+$");
        CliRun retro = CliRun.of(with(solve, "--retrograde"));
        assertThat(retro.out()).isEqualTo(quiet.out());
        assertThat(retro.err()).containsPattern("(?m)^retrograde analysis: \\d+ positions in ");
    }

    @Test
    void benchReportsWarmUpAndMeasurement() {
        CliRun run = CliRun.of("bench", "--seconds", "0.3", "--game", "rio-kadalis");
        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("rio-kadalis playouts/s=");
        assertThat(run.err()).containsPattern("(?m)^rio-kadalis warm-up: 0\\.1/0\\.1 s in \\d+\\.\\d s$")
                .containsPattern("(?m)^rio-kadalis measurement: 0\\.3/0\\.3 s in \\d+\\.\\d s; \\d+ playouts/s$");
        assertThat(CliRun.of("bench", "--seconds", "0.3", "--game", "rio-kadalis", "--quiet").err()).isEmpty();
    }

    @Test
    void tuneReportsGamesOfAllTrialsAndTheBestSoFar() {
        String[] tune = {"tune", "rio-kadalis", "--games", "2", "--depth", "1", "--seed", "3"};
        CliRun quiet = CliRun.of(with(tune, "--quiet"));
        CliRun plain = CliRun.of(tune);
        assertThat(quiet.status()).isZero();
        assertThat(quiet.err()).isEmpty();
        assertThat(plain.out()).isEqualTo(quiet.out());
        String weights = quiet.out().lines().filter(l -> l.startsWith("weights: ")).findFirst().orElseThrow()
                .substring("weights: ".length());
        // 3 step sizes x (features - 1) x 2 directions trials of 2 games; kept trials skip their opposite.
        assertThat(plain.err()).containsPattern("(?m)^tune rio-kadalis: (\\d+)/\\1 games in \\d+\\.\\d s, [0-9.]+ "
                + "games/s; trial \\d+ of at most \\d+, \\d+ kept, best \\Q" + weights + "\\E$");
    }
}
