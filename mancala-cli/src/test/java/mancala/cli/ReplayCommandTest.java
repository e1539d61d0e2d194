package mancala.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTest {
    static final String HAWALIS = "hawalis-tavares-gering-2009.txt";

    @TempDir
    Path dir;

    private String hawalisText() {
        return CliRun.read(CliRun.record(HAWALIS));
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void thePublishedRecordReplaysWithStatusZero() {
        CliRun run = CliRun.of("replay", CliRun.record(HAWALIS).toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).contains("   1    1.  South  i    4\n", "   2    1.  North  L    6\n",
                " 110   55.  North  K    1\n");
        assertThat(run.out()).contains("final: hawalis 0,0,0,0,0,0,0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0,0,0,0,1,0,0 S 27-28");
        assertThat(run.out()).contains("result: 0-1\n", "termination: no-seeds");
    }

    @Test
    void boardsAreDrawnFromSouthsSeat() {
        CliRun run = CliRun.of("replay", "--boards", CliRun.record(HAWALIS).toString());
        assertThat(run.status()).isZero();
        // The start: North's outer row G..A on top, South's outer row a..g at the bottom (docs/rules.md §1).
        assertThat(run.out()).contains("""
                          G  F  E  D  C  B  A
                  North   2  2  2  2  2  2  2
                          2  2  2  2  2  2  2   holdings 0
                          H  I  J  K  L  M  N
                          n  m  l  k  j  i  h
                          2  2  2  2  2  2  2
                  South   2  2  2  2  2  2  2   holdings 0
                          a  b  c  d  e  f  g
                """);
    }

    @Test
    void theMovesAsPrintedReplayFromStandardInputWithTheGameGiven() {
        String text = hawalisText();
        String printed = text.substring(text.indexOf("\n\n") + 2);
        CliRun run = CliRun.withInput(printed, "replay", "--game", "hawalis", "-");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("result: 0-1");
        CliRun noGame = CliRun.withInput(printed, "replay", "-");
        assertThat(noGame.status()).isEqualTo(2);
        assertThat(noGame.err().strip()).isEqualTo("mancala: stdin:1:1: found a record with no Game tag, expected "
                + "[Game \"...\"] tag, or the game named when reading (e.g. replay --game GAME)");
    }

    @Test
    void aWrongCaptureCountGivesStatusOneAndPointsAtIt() throws IOException {
        String text = hawalisText().replace("1. i (+4)", "1. i (+5)");
        CliRun run = CliRun.of("replay", write("wrong.txt", text).toString());
        assertThat(run.status()).isEqualTo(1);
        // Line 10 is the first movetext line; "(+5)" starts at column 6.
        assertThat(run.err()).contains("wrong.txt:10:6: move 1, South: found (+5), expected (+4)");
    }

    @Test
    void anIllegalMoveGivesStatusOneAndTheLegalMoves() throws IOException {
        String text = hawalisText().replace("1. i (+4) L (+6)", "1. i (+4) i (+6)");
        CliRun run = CliRun.of("replay", write("illegal.txt", text).toString());
        assertThat(run.status()).isEqualTo(1);
        // South's i captured North's M and the B behind it (H7); North's other twelve pits hold 2 each (H3).
        assertThat(run.err()).contains("illegal.txt:10:11: move 1, North: found i, expected one of the legal moves "
                + "A C D E F G H I J K L N: North is to move");
    }

    @Test
    void unusableInputGivesStatusTwo() throws IOException {
        assertThat(CliRun.of("replay", dir.resolve("missing.txt").toString()).status()).isEqualTo(2);
        CliRun bad = CliRun.of("replay", write("bad.txt", "[Game \"hawalis\"]\n\n1. i (+4) z\n").toString());
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).contains("bad.txt:3:11:");
        assertThat(CliRun.of("replay", write("empty.txt", "\n").toString()).status()).isEqualTo(2);
        assertThat(CliRun.of("replay", "--game", "chess", write("x.txt", "1. a\n").toString()).status())
                .isEqualTo(2);
    }

    @Test
    void aFileThatIsNotUtf8TextIsNamedWithTheLineAndColumnOfTheBadByte() throws IOException {
        Path latin1 = dir.resolve("latin1.txt");
        Files.write(latin1, "[Game \"hawalis\"]\n[South \"Jos\u00e9\"]\n\n1. i\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        CliRun r = CliRun.of("replay", latin1.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("latin1.txt:2:12:").contains("UTF-8").contains("0xE9")
                .doesNotContain("Input length");
        CliRun stdin = CliRun.withBytes(new byte[] {'1', '.', ' ', (byte) 0xFF}, "replay", "--game", "hawalis", "-");
        assertThat(stdin.status()).isEqualTo(2);
        assertThat(stdin.err()).contains("stdin:1:4:").contains("0xFF");
    }

    @Test
    void jsonHasAnObjectPerRecordWithPliesFinalResultAndTermination() throws IOException {
        String match = """
                [Game "rio-kadalis"]
                [Setup "rio-kadalis 0,0,0,0,2,0 3,0,0,0,0,1 S 20-22"]
                [Round "1"]
                [Result "1-0"]

                1. e (+4) F 2. a 1-0

                [Game "rio-kadalis"]
                [Setup "rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 N 2-2"]
                [Round "2"]

                1... F *
                """;
        CliRun run = CliRun.of("replay", "--json", write("match.txt", match).toString());
        assertThat(run.status()).as(run.err()).isZero();
        JsonNode array = new ObjectMapper().readTree(run.out());
        assertThat(array.isArray()).isTrue();
        assertThat(array).hasSize(2);
        JsonNode first = array.get(0);
        assertThat(first.get("plies")).hasSize(3);
        JsonNode ply = first.get("plies").get(0);
        assertThat(ply.get("ply").asInt()).isEqualTo(1);
        assertThat(ply.get("side").asText()).isEqualTo("south");
        assertThat(ply.get("move").asText()).isEqualTo("e");
        assertThat(ply.get("captured").asInt()).isEqualTo(4);
        // e sows f and A; A's four is South's binikh.
        assertThat(ply.get("position").asText()).isEqualTo("rio-kadalis 0,0,0,0,0,1 0,0,0,0,0,1 N 24-22");
        assertThat(first.get("final").asText()).isEqualTo("rio-kadalis 0,1,0,0,0,1 0,0,0,0,0,0 N 24-22");
        assertThat(first.get("result").asText()).isEqualTo("1-0");
        assertThat(first.get("termination").asText()).isEqualTo("no-move");
        JsonNode second = array.get(1);
        assertThat(second.get("plies").get(0).get("side").asText()).isEqualTo("north");
        assertThat(second.get("final").asText()).isEqualTo("rio-kadalis 6,6,0,1,6,6 x,6,6,1,5,1 S 2-2");
        assertThat(second.get("result").asText()).isEqualTo("*");
        assertThat(second.get("termination").isNull()).isTrue();
        assertThat(second.get("valid").asBoolean()).isTrue();
    }

    @Test
    void jsonOfAWrongRecordListsItsProblemsWithStatusOne() throws IOException {
        String text = hawalisText().replace("[Result \"0-1\"]", "[Result \"1/2-1/2\"]");
        CliRun run = CliRun.of("replay", "--json", write("draw.txt", text).toString());
        assertThat(run.status()).isEqualTo(1);
        JsonNode record = new ObjectMapper().readTree(run.out()).get(0);
        assertThat(record.get("valid").asBoolean()).isFalse();
        JsonNode problem = record.get("problems").get(0);
        // The Result tag's line, the eighth of the file.
        assertThat(text.lines().toList().get(7)).startsWith("[Result ");
        assertThat(problem.get("line").asInt()).isEqualTo(8);
        assertThat(problem.get("found").asText()).isEqualTo("result 1/2-1/2");
        assertThat(problem.get("expected").asText()).isEqualTo("0-1");
        assertThat(record.get("result").asText()).isEqualTo("0-1");
    }

    @Test
    void numericNotationIsReadWithTheFlag() throws IOException {
        // 1. i (+4) L (+6) in numbers: i is South's 2nd inner pit from his right, L North's 5th (docs/rules.md §5).
        CliRun run = CliRun.of("replay", "--game", "hawalis", "--numeric", write("n.txt", "1. 2 (x4) 5 (x6) *\n")
                .toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("   1    1.  South  2    4\n", "   2    1.  North  5    6\n");
    }

    @Test
    void theMatchResultFollowsTheLastRound() throws IOException {
        // South's f into A, North's A into B; South has no seeds: the round ends 45-3 (R6, R7), and North cannot
        // refill a pit with 3 seeds (R9).
        String round = """
                [Game "rio-kadalis"]
                [Setup "rio-kadalis 0,0,0,0,0,1 0,0,0,0,0,0 S 45-2"]
                [Round "1"]
                [Result "1-0"]

                1. f A 1-0
                """;
        Path file = write("last.txt", round);
        CliRun run = CliRun.of("replay", file.toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("round result: 1-0\n", "termination: no-move (no legal move); holdings South 45,"
                + " North 3\n", "match result: 1-0\n", "match termination: cannot-refill");
        JsonNode json = new ObjectMapper().readTree(CliRun.of("replay", "--json", file.toString()).out());
        assertThat(json.get(0).get("match").get("result").asText()).isEqualTo("1-0");
        assertThat(json.get(0).get("match").get("termination").asText()).isEqualTo("cannot-refill");
    }

    @Test
    void twoRowBoardsShowClosedPits() throws IOException {
        // North's row runs A..F from his left, so South sees F on the left; A is closed (x).
        Path file = write("round2.txt", """
                [Game "rio-kadalis"]
                [Setup "rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 N 2-2"]

                *
                """);
        CliRun run = CliRun.of("replay", "--boards", file.toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("""
                          F  E  D  C  B  A
                  North   4  4  4  4  4  x   holdings 2
                  South   4  4  4  4  4  4   holdings 2
                          a  b  c  d  e  f
                           North to move
                """);
        assertThat(run.out()).contains("result: * (not over; North to move)");
    }

    /*
     * The endless move of the Hawalis rules tests, worked by hand there: South's only move a (3) relays round his
     * pits for ever (H8). By default South, who plays it, loses; the pits stay as they were before it.
     */
    private static final String ENDLESS = "hawalis 3,1,0,1,0,1,0,1,0,1,0,1,0,1 0,0,0,0,0,0,0,0,0,0,0,0,0,2 S";

    @Test
    void theFinalPositionAfterAnEndlessMoveSaysTheGameIsOverThere() throws IOException {
        Path file = write("endless.txt", "[Game \"hawalis\"]\n[Setup \"" + ENDLESS + "\"]\n\n1. a 0-1\n");
        CliRun run = CliRun.of("replay", file.toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("final: " + ENDLESS + " (the game is over: South's move a at ply 1 is "
                + "endless, so the pits stay as they were before it)")
                .contains("result: 0-1").contains("termination: endless-move");

        JsonNode json = new ObjectMapper().readTree(CliRun.of("replay", "--json", file.toString()).out()).get(0);
        assertThat(json.get("over").asBoolean()).isTrue();
        assertThat(json.get("finalNote").asText()).contains("South's move a at ply 1 is endless");
        // A game that goes on says nothing of the kind.
        JsonNode open = new ObjectMapper().readTree(CliRun.of("replay", "--json",
                write("open.txt", "[Game \"hawalis\"]\n\n1. i\n").toString()).out()).get(0);
        assertThat(open.get("over").asBoolean()).isFalse();
        assertThat(open.has("finalNote")).isFalse();
    }

    @Test
    void anEndlessMoveUnderEndlessIllegalIsSaidToLoopForEver() throws IOException {
        // k (2) ends in m; a (2) relays for ever (see IllegalReasonTest in the rules tests): only k is legal.
        String setup = "hawalis 2,0,1,0,1,0,1,0,1,0,2,1,0,1 0,0,0,0,0,0,0,0,0,0,0,0,0,2 S";
        Path file = write("illegal.txt", "[Game \"hawalis\"]\n[Options \"endless=illegal\"]\n[Setup \"" + setup
                + "\"]\n\n1. a\n");
        CliRun run = CliRun.of("replay", file.toString());
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.err()).contains("illegal.txt:5:4: move 1, South: found a, expected one of the legal moves k: "
                + "pit a starts an endless move: its relay sowing would go round for ever, and endless moves are "
                + "not allowed here (endless=illegal, H8)");
    }

    @Test
    void jsonKeepsTheClockAfterEachMove() throws IOException {
        String text = "[Game \"al-manqala\"]\n[TimeControl \"60+2\"]\n[Result \"0-1\"]\n[Termination \"time\"]\n\n"
                + "1. a {[%clk 0:01:01]} A {[%clk 0:00:58.4]} 0-1\n";
        CliRun run = CliRun.of("replay", "--json", write("clock.txt", text).toString());
        assertThat(run.status()).as(run.err() + run.out()).isZero();
        com.fasterxml.jackson.databind.JsonNode plies = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(run.out()).get(0).get("plies");
        assertThat(plies.get(0).get("clockMillis").asLong()).isEqualTo(61_000);
        assertThat(plies.get(1).get("clockMillis").asLong()).isEqualTo(58_400);
    }
}
