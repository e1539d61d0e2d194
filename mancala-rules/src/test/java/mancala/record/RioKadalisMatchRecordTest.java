package mancala.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mancala.notation.PositionNotation;
import mancala.rules.Result;
import mancala.rules.Side;
import mancala.rules.Termination;
import org.junit.jupiter.api.Test;

/**
 * A hand-made two-round Rio Kadalis match file, worked out from docs/rules.md §3.
 * <pre>
 * Round 1 from South e=2, North A=3 F=1, holdings 20-22, South to move:
 *   1. e   sows f (1), A (4): the last seed makes a four, a binikh: South takes it (R4, +4). Holdings 24-22.
 *      F   North's single seed goes round into a, which was empty: the move ends.
 *   2. a   into b, empty. North has no seeds: the round ends (R6); South's row keeps b=1 and f=1 for him.
 *          South 24 + 2 = 26, North 22: South wins the round (R7), 1-0.
 * Refill (R8): South fills all six pits (24) and keeps 2; North fills F, E, D, C, B (20) and keeps 2; his A
 * stays closed. Round 2 is North's to start (R1): rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 N 2-2.
 * Round 2, 1... F: 4 seeds to a b c d; d holds 5, relay: e f (A closed) B C D; D holds 5, relay: E F a b c;
 *   c holds 6, relay: d e f (A closed) B C D; D was empty: the move ends, nothing taken.
 *   South a..f = 6,6,0,1,6,6; North x,6,6,1,5,1.
 * </pre>
 */
class RioKadalisMatchRecordTest {
    static final String MATCH = """
            [Game "rio-kadalis"]
            [Setup "rio-kadalis 0,0,0,0,2,0 3,0,0,0,0,1 S 20-22"]
            [Round "1"]
            [Result "1-0"]
            [Termination "no-move"]

            1. e (+4) F 2. a 1-0

            [Game "rio-kadalis"]
            [Setup "rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 N 2-2"]
            [Round "2"]
            [Result "*"]

            1... F *
            """;

    @Test
    void bothRoundsReplayAndTheSecondSetupFollowsFromTheFirst() {
        List<GameRecord> records = RecordReader.read(MATCH, "match.txt");
        assertThat(records).hasSize(2);
        List<ReplayedRecord> replays = Replay.replay(records);
        assertThat(replays.get(0).problems()).isEmpty();
        assertThat(replays.get(1).problems()).isEmpty();
        ReplayedRecord first = replays.get(0);
        assertThat(first.plies()).extracting(ReplayedPly::captured).containsExactly(4, 0, 0);
        assertThat(PositionNotation.format(first.finalPosition()))
                .isEqualTo("rio-kadalis 0,1,0,0,0,1 0,0,0,0,0,0 N 24-22");
        assertThat(first.outcome().orElseThrow().result()).isEqualTo(Result.SOUTH_WINS);
        assertThat(first.outcome().orElseThrow().termination()).isEqualTo(Termination.NO_MOVE);
        assertThat(first.outcome().orElseThrow().south()).isEqualTo(26);
        assertThat(first.outcome().orElseThrow().north()).isEqualTo(22);
        assertThat(first.matchOutcome()).isEmpty();
        ReplayedRecord second = replays.get(1);
        assertThat(second.plies()).hasSize(1);
        assertThat(second.plies().get(0).side()).isEqualTo(Side.NORTH);
        assertThat(second.plies().get(0).captured()).isZero();
        assertThat(PositionNotation.format(second.finalPosition()))
                .isEqualTo("rio-kadalis 6,6,0,1,6,6 x,6,6,1,5,1 S 2-2");
        assertThat(second.outcome()).isEmpty();
    }

    @Test
    void aSetupThatDoesNotFollowFromTheRoundBeforeIsReportedAtItsTag() {
        // North's refill wrongly from the left: A..E filled, F closed.
        String wrong = MATCH.replace("x,4,4,4,4,4 N 2-2", "4,4,4,4,4,x N 2-2");
        List<ReplayedRecord> replays = Replay.replay(RecordReader.read(wrong, "match.txt"));
        assertThat(replays.get(0).problems()).isEmpty();
        RecordException e = replays.get(1).problems().get(0);
        assertThat(e.line()).isEqualTo(10);
        assertThat(e.column()).isEqualTo(1);
        assertThat(e.expected()).isEqualTo("Setup \"rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 N 2-2\"");
    }

    @Test
    void aRoundNumberOutOfOrderIsReportedAtItsTag() {
        // Round 1 ended and the match goes on, so the next round is 2: a 5 (or "two") was taken for a new match.
        for (String round : List.of("5", "two")) {
            String wrong = MATCH.replace("[Round \"2\"]", "[Round \"" + round + "\"]");
            List<ReplayedRecord> replays = Replay.replay(RecordReader.read(wrong, "match.txt"));
            assertThat(replays.get(0).problems()).isEmpty();
            assertThat(replays.get(1).problems()).hasSize(1);
            RecordException e = replays.get(1).problems().get(0);
            assertThat(e.line()).isEqualTo(11);
            assertThat(e.found()).isEqualTo("Round \"" + round + "\"");
            assertThat(e.expected()).isEqualTo("Round \"2\"");
        }
    }

    @Test
    void theSecondRoundMayLeaveItsSetupOutAndGetsTheRefill() {
        String noSetup = MATCH.replace("[Setup \"rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 N 2-2\"]\n", "");
        List<ReplayedRecord> replays = Replay.replay(RecordReader.read(noSetup, "match.txt"));
        assertThat(replays.get(1).problems()).isEmpty();
        assertThat(PositionNotation.format(replays.get(1).game().start()))
                .isEqualTo("rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 N 2-2");
        String canonical = RecordWriter.write(replays.get(1).canonicalRecord());
        assertThat(canonical).contains("[Setup \"rio-kadalis 4,4,4,4,4,4 x,4,4,4,4,4 N 2-2\"]");
    }

    @Test
    void aPlayOnTheClosedPitIsIllegal() {
        String wrong = MATCH.replace("1... F *", "1... A *");
        RecordException e = Replay.replay(RecordReader.read(wrong, "match.txt")).get(1).problems().get(0);
        assertThat(e.found()).isEqualTo("A");
        assertThat(e.expected()).isEqualTo("one of the legal moves B C D E F");
        assertThat(e.line()).isEqualTo(14);
        assertThat(e.column()).isEqualTo(6);
        assertThat(e.getMessage()).contains("pit A is closed");
    }

    /**
     * Round 1 from South f=1, holdings 45-2: f's seed goes into A, empty; North's A into B, empty; South has no
     * seeds, the round ends (R6) and B's seed is North's: 45-3, South wins the round. North cannot fill a pit with
     * 3 seeds and loses the match (R9).
     */
    static final String LAST_ROUND = """
            [Game "rio-kadalis"]
            [Setup "rio-kadalis 0,0,0,0,0,1 0,0,0,0,0,0 S 45-2"]
            [Round "1"]
            [Result "1-0"]

            1. f A 1-0
            """;

    @Test
    void aPlayerWhoCannotRefillLosesTheMatch() {
        ReplayedRecord r = Replay.replay(RecordReader.read(LAST_ROUND, "end.txt")).get(0);
        assertThat(r.problems()).isEmpty();
        assertThat(r.outcome().orElseThrow().south()).isEqualTo(45);
        assertThat(r.outcome().orElseThrow().north()).isEqualTo(3);
        var match = r.matchOutcome().orElseThrow();
        assertThat(match.result()).isEqualTo(Result.SOUTH_WINS);
        assertThat(match.termination()).isEqualTo(Termination.CANNOT_REFILL);
    }

    @Test
    void aRoundAfterTheEndOfTheMatchIsReported() {
        String text = LAST_ROUND + """

                [Game "rio-kadalis"]
                [Round "2"]

                1... F *
                """;
        List<ReplayedRecord> replays = Replay.replay(RecordReader.read(text, "end.txt"));
        RecordException e = replays.get(1).problems().get(0);
        assertThat(e.line()).isEqualTo(8);
        assertThat(e.found()).isEqualTo("round 2");
        assertThat(e.expected()).isEqualTo("the end of the match");
    }
}
