package mancala.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mancala.notation.PositionNotation;
import mancala.rules.Result;
import mancala.rules.Side;
import mancala.rules.Termination;
import org.junit.jupiter.api.Test;

/**
 * A hand-made Al-manqala record with a forced pass (A5), worked out from docs/rules.md §2:
 * <pre>
 * Setup: South f=3 g=1, North A=1, South to move.
 * 1. g     g's seed falls into A, which now holds 2: A3 takes it (+2); g before it is empty, the chain stops.
 *          North's row is empty: North passes (A5), written --.
 * 2. f     A4: South must feed; f (3 seeds) sows g, A, B: the only feeding move. B holds 1: no capture.
 *    A     North's A (1 seed) falls into B, which now holds 2: taken (+2); A before it is empty.
 * 3. g     North's row is empty again, and g (1 seed) into A feeds it. A holds 1: no capture.
 *          North to move: his A (1 seed) reaches only B, so he cannot feed South's empty row.
 *          A6: the game ends, the hungry South takes the seed on the board: South 2 + 1 = 3, North 2. 1-0.
 * </pre>
 */
class AlManqalaRecordTest {
    static final String RECORD = """
            [Game "al-manqala"]
            [Setup "al-manqala 0,0,0,0,0,3,1 1,0,0,0,0,0,0 S"]
            [Result "1-0"]
            [Termination "hunger"]

            1. g (+2) -- 2. f A (+2) 3. g 1-0
            """;

    @Test
    void aRecordWithAForcedPassReplaysToTheHungerEnd() {
        ReplayedRecord r = Replay.replay(RecordReader.read(RECORD, "pass.txt").get(0));
        assertThat(r.problems()).isEmpty();
        assertThat(r.record().moves()).hasSize(5);
        assertThat(r.record().moves().get(1).isPass()).isTrue();
        assertThat(r.record().moves().get(1).side()).isEqualTo(Side.NORTH);
        assertThat(r.plies()).extracting(ReplayedPly::moveText).containsExactly("g", "f", "A", "g");
        assertThat(r.plies()).extracting(ReplayedPly::side)
                .containsExactly(Side.SOUTH, Side.SOUTH, Side.NORTH, Side.SOUTH);
        assertThat(r.plies()).extracting(ReplayedPly::captured).containsExactly(2, 0, 2, 0);
        assertThat(PositionNotation.format(r.finalPosition()))
                .isEqualTo("al-manqala 0,0,0,0,0,0,0 1,0,0,0,0,0,0 N 2-2");
        var outcome = r.outcome().orElseThrow();
        assertThat(outcome.termination()).isEqualTo(Termination.HUNGER);
        assertThat(outcome.result()).isEqualTo(Result.SOUTH_WINS);
        assertThat(outcome.south()).isEqualTo(3);
        assertThat(outcome.north()).isEqualTo(2);
    }

    @Test
    void theForcedPassMayBeLeftOutAndTheWriterPutsItBack() {
        String withoutPass = RECORD.replace("(+2) -- 2. f", "(+2) 2. f");
        ReplayedRecord r = Replay.replay(RecordReader.read(withoutPass, "no-pass.txt").get(0));
        assertThat(r.problems()).isEmpty();
        assertThat(r.plies()).extracting(ReplayedPly::moveText).containsExactly("g", "f", "A", "g");
        String canonical = RecordWriter.write(r.canonicalRecord());
        assertThat(canonical).endsWith("\n1. g (+2) -- 2. f A (+2) 3. g 1-0\n");
    }

    @Test
    void aPassWhereTheRulesGiveNoneIsReported() {
        String wrong = RECORD.replace("2. f A (+2)", "2. f -- A (+2)");
        ReplayedRecord r = Replay.replay(RecordReader.read(wrong, "wrong.txt").get(0));
        RecordException e = r.problems().get(0);
        assertThat(e.line()).isEqualTo(6);
        assertThat(e.column()).isEqualTo(19);
        assertThat(e.found()).isEqualTo("--");
        assertThat(e.expected()).isEqualTo("a move of North: one of A B");
        assertThat(e.moveNumber()).isEqualTo(2);
    }

    @Test
    void aLeadingPassOfASideWithSeedsIsReported() {
        // From the start North's row is full: no pass of North comes before South's first move (A5).
        String record = """
                [Game "al-manqala"]

                -- a *
                """;
        ReplayedRecord r = Replay.replay(RecordReader.read(record, "lead.txt").get(0));
        assertThat(r.problems()).hasSize(1);
        RecordException e = r.problems().get(0);
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.column()).isEqualTo(1);
        assertThat(e.found()).isEqualTo("--");
        assertThat(e.getMessage()).contains("North").contains("49 seeds");
    }

    @Test
    void aMoveThatDoesNotFeedIsIllegalUnderA4() {
        // After 1. g North's row is empty and g is empty: f, which feeds, is South's only move.
        String wrong = RECORD.replace("2. f A (+2) 3. g", "2. g");
        ReplayedRecord r = Replay.replay(RecordReader.read(wrong, "feed.txt").get(0));
        RecordException e = r.problems().get(0);
        assertThat(e.found()).isEqualTo("g");
        assertThat(e.expected()).isEqualTo("one of the legal moves f");
        assertThat(e.getMessage()).contains("pit g is empty");
    }

    @Test
    void aWrongTerminationIsADisagreement() {
        String wrong = RECORD.replace("[Termination \"hunger\"]", "[Termination \"no-move\"]");
        List<RecordException> problems = Replay.replay(RecordReader.read(wrong, "t.txt").get(0)).problems();
        assertThat(problems).hasSize(1);
        assertThat(problems.get(0).line()).isEqualTo(4);
        assertThat(problems.get(0).expected()).isEqualTo("hunger");
    }

    @Test
    void aRecordMayStartWithThePassOfTheSideWhoseRowIsEmpty() {
        // South's row is empty: North moves first (A5) and must feed (A4): F's seed would stay in his row, G's two
        // seeds go to a and b. South's a then falls into b, which holds 2: taken (A3); a before it is empty.
        // North's F cannot feed South's empty row: hunger (A6), South takes the last seed: 3-0, 1-0.
        String record = """
                [Game "al-manqala"]
                [Setup "al-manqala 0,0,0,0,0,0,0 0,0,0,0,0,1,2 S"]

                1. -- G 2. a (+2) 1-0
                """;
        GameRecord r = RecordReader.read(record, "start.txt").get(0);
        assertThat(r.moves().get(0).isPass()).isTrue();
        assertThat(r.moves().get(0).side()).isEqualTo(Side.SOUTH);
        ReplayedRecord replay = Replay.replay(r);
        assertThat(replay.problems()).isEmpty();
        assertThat(replay.outcome().orElseThrow().termination()).isEqualTo(Termination.HUNGER);
        assertThat(replay.outcome().orElseThrow().south()).isEqualTo(3);
        assertThat(replay.outcome().orElseThrow().north()).isZero();
        assertThat(RecordWriter.write(replay.canonicalRecord())).endsWith("\n1. -- G 2. a (+2) 1-0\n");
    }
}
