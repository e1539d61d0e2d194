package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mancala.engine.data.DataDir;
import mancala.record.GameRecord;
import mancala.record.RecordReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code selfplay}'s caps (reported as unfinished games, never as results) and the records it writes. */
class SelfPlayCommandTest {
    private static final Pattern TALLY = Pattern.compile("(\\d+) wins?, (\\d+) draws?, (\\d+) loss(?:es)?(?:; (\\d+) "
            + "unfinished)?");

    @TempDir
    Path dir;

    /** @return {wins, draws, losses, unfinished} of the tally line. */
    private static int[] tally(String out) {
        Matcher m = TALLY.matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                m.group(4) == null ? 0 : Integer.parseInt(m.group(4))};
    }

    @Test
    void matchesStoppedByTheRoundCapAreUnfinishedNotDrawsByAgreement() throws IOException {
        Path records = dir.resolve("matches.txt");
        CliRun r = CliRun.of("selfplay", "--game", "rio-kadalis", "--match", "--south", "random", "--north", "random",
                "--games", "30", "--threads", "1", "--millis", "1", "--max-rounds", "2", "--records",
                records.toString());

        assertThat(r.status()).as(r.err()).isZero();
        int[] t = tally(r.out());
        assertThat(t[0] + t[1] + t[2] + t[3]).isEqualTo(30);
        // Random matches seldom end within two rounds (R9 needs a player below four seeds at a refill).
        assertThat(t[3]).isPositive();
        assertThat(r.out()).contains("unfinished " + t[3] + " (stopped after 2 rounds or a round of 2000 plies)")
                .doesNotContain("agreement");
        replaysWithStatusZero(records);
        List<GameRecord> all = RecordReader.read(Files.readString(records), records.toString());
        assertThat(all).allSatisfy(g -> assertThat(g.tag("Round")).isPresent());
        assertThat(all.stream().filter(g -> g.tag("Round").orElseThrow().equals("1")).count()).isEqualTo(30);
    }

    @Test
    void aOneRoundMatchIsWrittenWithItsRoundAndSetupAndReplays() throws IOException {
        Path records = dir.resolve("one.txt");
        CliRun r = CliRun.of("selfplay", "--game", "rio-kadalis", "--match", "--south", "random", "--north",
                "greedy", "--games", "6", "--threads", "1", "--millis", "1", "--max-rounds", "1", "--records",
                records.toString());

        assertThat(r.status()).as(r.err()).isZero();
        String text = Files.readString(records);
        List<GameRecord> all = RecordReader.read(text, records.toString());
        assertThat(all).hasSize(6);
        assertThat(all).allSatisfy(g -> {
            assertThat(g.tag("Round")).contains("1");
            assertThat(g.tag("Setup")).contains("rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 S");
        });
        replaysWithStatusZero(records);
    }

    @Test
    void gamesStoppedByThePlyCapAreUnfinishedAndRecordedWithoutAResult() throws IOException {
        Path records = dir.resolve("short.txt");
        CliRun r = CliRun.of("selfplay", "--game", "hawalis", "--south", "random", "--north", "random", "--games",
                "4", "--threads", "1", "--millis", "1", "--max-plies", "6", "--records", records.toString());

        assertThat(r.status()).as(r.err()).isZero();
        // No Hawalis game ends within six plies of 56 seeds: none is counted for anyone.
        assertThat(tally(r.out())).containsExactly(0, 0, 0, 4);
        assertThat(r.out()).contains("no game finished").contains("unfinished 4 (stopped after 6 plies)")
                .doesNotContain("agreement");
        List<GameRecord> all = RecordReader.read(Files.readString(records), records.toString());
        assertThat(all).hasSize(4).allSatisfy(g -> {
            assertThat(g.moves()).hasSize(6);
            assertThat(g.tag("Result")).contains("*");
            assertThat(g.tag("Termination")).isEmpty();
        });
        replaysWithStatusZero(records);
    }

    @Test
    void theCapsAreInTheHelpAndMustBePositive() {
        CliRun help = CliRun.of("selfplay", "--help");
        assertThat(help.out()).contains("--max-plies=N").contains("--max-rounds=N").contains("default: 2000")
                .contains("default: 30").contains("unfinished");
        CliRun bad = CliRun.of("selfplay", "--south", "random", "--north", "random", "--max-rounds", "0");
        assertThat(bad.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(bad.err()).contains("--max-rounds must be at least 1, was 0");
    }

    @Test
    void aLevelWithTablesAgainstOneWithoutThemSaysHowEachUsedThem() {
        Path tb = dir.resolve("tb");
        CliRun build = CliRun.of("tablebase", "build", "rio-kadalis", "--seeds", "6", "--dir", tb.toString(),
                "--progress", "none");
        assertThat(build.status()).as(build.err()).isZero();
        System.setProperty(DataDir.TABLEBASES_PROPERTY, tb.toString());
        CliRun r;
        try {
            r = CliRun.of("selfplay", "--game", "rio-kadalis", "--south", "level:10", "--north",
                    "level:10:notables", "--games", "2", "--threads", "1", "--millis", "5", "--progress", "none");
        } finally {
            System.setProperty(DataDir.TABLEBASES_PROPERTY, "none");
        }
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("level:10 vs level:10:notables, rio-kadalis, 2 games, 5 ms a move")
                .contains("endgame tables: up to 6 seeds on the board (" + tb.resolve("rio-kadalis")
                        .resolve("default") + ")");
        // Every round ends with fewer than 6 seeds on the board, so both players move inside the tables.
        Matcher with = Pattern.compile("(?m)^level:10: (\\d+) moves? with a choice inside the tables, none gave "
                + "anything away by them; tbhits (\\d+) in \\d+ searches, (\\d+) answered from the tables at the "
                + "root$").matcher(r.out());
        assertThat(with.find()).as(r.out()).isTrue();
        assertThat(Long.parseLong(with.group(1))).isPositive();
        assertThat(Long.parseLong(with.group(2))).isGreaterThanOrEqualTo(Long.parseLong(with.group(1)));
        assertThat(with.group(3)).isEqualTo(with.group(1));
        Matcher without = Pattern.compile("(?m)^level:10:notables: (\\d+) moves? with a choice inside the tables, "
                + ".*; tbhits 0 in \\d+ searches, 0 answered from the tables at the root$").matcher(r.out());
        assertThat(without.find()).as(r.out()).isTrue();
        assertThat(Long.parseLong(without.group(1))).isPositive();
    }

    @Test
    void aBadPlayerModifierIsAUsageErrorNamingIt() {
        CliRun r = CliRun.of("selfplay", "--game", "rio-kadalis", "--south", "level:10:notabels", "--north",
                "level:10");
        assertThat(r.status()).isEqualTo(Cli.UNUSABLE);
        assertThat(r.err()).contains("unknown player 'level:10:notabels': unknown modifier 'notabels' at "
                + "character 10; a level takes :notables");
        assertThat(CliRun.of("selfplay", "--help").out()).contains("level:N:notables")
                .contains("MANCALA_TABLEBASES");
    }

    private static void replaysWithStatusZero(Path file) {
        CliRun replay = CliRun.of("replay", file.toString());
        assertThat(replay.status()).as(replay.err()).isZero();
    }
}
