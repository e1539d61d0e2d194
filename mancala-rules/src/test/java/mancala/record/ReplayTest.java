package mancala.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mancala.rules.Result;
import mancala.rules.Termination;
import org.junit.jupiter.api.Test;

/** How {@link Replay} judges records that stop before the rules end the game, or go on after it. */
class ReplayTest {
    private static ReplayedRecord replay(String text) {
        List<GameRecord> records = RecordReader.read(text, "r.txt");
        assertThat(records).hasSize(1);
        return Replay.replay(records.get(0));
    }

    @Test
    void aStatedResignationEndsTheGame() {
        ReplayedRecord r = replay("""
                [Game "hawalis"]
                [Result "1-0"]
                [Termination "resignation"]

                1. i (+4) L (+6)
                """);
        assertThat(r.problems()).isEmpty();
        assertThat(r.outcome().orElseThrow().termination()).isEqualTo(Termination.RESIGNATION);
        assertThat(r.outcome().orElseThrow().result()).isEqualTo(Result.SOUTH_WINS);
    }

    @Test
    void aResultForAGameThatIsNotOverIsADisagreement() {
        ReplayedRecord r = replay("""
                [Game "hawalis"]
                [Result "1-0"]

                1. i (+4) L (+6)
                """);
        assertThat(r.problems()).hasSize(1);
        RecordException e = r.problems().get(0);
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.found()).isEqualTo("result 1-0");
        assertThat(e.getMessage()).contains("the game is not over after ply 2 (South to move)");
        assertThat(r.outcome()).isEmpty();
    }

    @Test
    void anAgreedEndInAlManqalaSplitsTheBoardEqually() {
        // 1. a sows its 7 seeds into b..g and A: no pit ends on 2 or 4, nothing is taken; all 98 seeds are on the
        // board, so the equal split of A8 gives 49 each: a draw.
        String agreed = """
                [Game "al-manqala"]
                [Result "1/2-1/2"]
                [Termination "agreement"]

                1. a
                """;
        ReplayedRecord r = replay(agreed);
        assertThat(r.problems()).isEmpty();
        assertThat(r.outcome().orElseThrow().south()).isEqualTo(49);
        assertThat(r.outcome().orElseThrow().north()).isEqualTo(49);
        ReplayedRecord wrong = replay(agreed.replace("1/2-1/2", "1-0"));
        assertThat(wrong.problems()).hasSize(1);
        assertThat(wrong.problems().get(0).expected()).isEqualTo("1/2-1/2");
    }

    @Test
    void aMoveAfterTheEndOfTheGameIsReported() {
        String text = HistoricalRecords.text(HawalisPublishedRecordTest.FILE).stripTrailing() + " 56. a\n";
        ReplayedRecord r = replay(text);
        assertThat(r.problems()).hasSize(1);
        RecordException e = r.problems().get(0);
        assertThat(e.found()).isEqualTo("a");
        assertThat(e.expected()).isEqualTo("the end of the moves");
        assertThat(e.getMessage()).contains("the game is over after ply 110 (no seeds)");
        String last = text.lines().reduce((a, b) -> b).orElseThrow();
        assertThat(e.line()).isEqualTo((int) text.lines().count());
        assertThat(e.column()).isEqualTo(last.length());
        assertThat(r.plies()).hasSize(110);
    }

    @Test
    void aTerminationForAGameThatIsNotOverIsReported() {
        ReplayedRecord r = replay("""
                [Game "hawalis"]
                [Termination "no-seeds"]

                1. i (+4)
                """);
        assertThat(r.problems()).hasSize(1);
        assertThat(r.problems().get(0).line()).isEqualTo(2);
        assertThat(r.problems().get(0).found()).isEqualTo("termination no-seeds");
    }

    @Test
    void anUnknownTerminationOfAGameThatIsNotOverIsReportedAsUnknown() {
        ReplayedRecord r = replay("""
                [Game "hawalis"]
                [Result "1-0"]
                [Termination "resign"]

                1. i (+4) L (+6)
                """);
        assertThat(r.valid()).isFalse();
        assertThat(r.problems()).hasSize(1);
        RecordException e = r.problems().get(0);
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.found()).isEqualTo("unknown termination 'resign'");
        assertThat(e.expected()).isEqualTo("one of no-seeds, no-move, endless-move, repetition, capture-majority, "
                + "hunger, equal-split, board-empty, cannot-refill, resignation, agreement, time, abandoned, forfeit");
        assertThat(e.getMessage()).isEqualTo("r.txt:3:1: found unknown termination 'resign', expected one of "
                + "no-seeds, no-move, endless-move, repetition, capture-majority, hunger, equal-split, board-empty, "
                + "cannot-refill, resignation, agreement, time, abandoned, forfeit: the game is not over after ply 2 (South "
                + "to move); a record that stops early needs Termination resignation, time, abandoned, forfeit or "
                + "agreement");
    }
}
