package mancala.record;

import static mancala.record.HawalisPublishedRecordTest.assertThatRecordError;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mancala.rules.AlManqalaOptions;
import mancala.rules.GameKind;
import mancala.rules.HawalisOptions;
import mancala.rules.Endless;
import mancala.rules.Result;
import mancala.rules.Side;
import org.junit.jupiter.api.Test;

/** The record format of docs/rules.md §5, read; the capture counts used are those of the published Hawalis record (docs/records). */
class RecordReaderTest {
    private static final RecordReader.Settings HAWALIS = RecordReader.Settings.DEFAULT.withGame(GameKind.HAWALIS);

    private static GameRecord one(String text) {
        List<GameRecord> records = RecordReader.read(text, "t.txt", HAWALIS);
        assertThat(records).hasSize(1);
        return records.get(0);
    }

    @Test
    void commentsRemarksMarksSeparatorsAndMoveNumbers() {
        GameRecord r = one("[Game \"hawalis\"]\n\n{opening} 1.i!? (+4) L (+6) ?! {good} (infinite loop); 2. d (+6)\n");
        List<RecordedMove> m = r.moves();
        assertThat(m).hasSize(3);
        assertThat(m.get(0).pit()).isEqualTo(8);
        assertThat(m.get(0).side()).isEqualTo(Side.SOUTH);
        assertThat(m.get(0).marks()).isEqualTo("!?");
        assertThat(m.get(0).statedCapture()).hasValue(4);
        assertThat(m.get(0).commentsBefore()).containsExactly("opening");
        assertThat(m.get(0).line()).isEqualTo(3);
        assertThat(m.get(0).column()).isEqualTo(13);
        assertThat(m.get(0).captureColumn()).isEqualTo(17);
        assertThat(m.get(1).pit()).isEqualTo(14 + 11);
        assertThat(m.get(1).side()).isEqualTo(Side.NORTH);
        assertThat(m.get(1).marks()).isEqualTo("?!");
        assertThat(m.get(1).commentsAfter()).containsExactly("good", "infinite loop");
        assertThat(m.get(2).pit()).isEqualTo(3);
        assertThat(r.moveNumber(2)).isEqualTo(2);
        assertThat(r.statedResult()).isEmpty();
        assertThat(Replay.replay(r).problems()).isEmpty();
    }

    @Test
    void severalRecordsInOneFileWithAndWithoutTags() {
        String text = """
                [Game "hawalis"]
                [South "A"]

                1. i (+4) *
                [Game "al-manqala"]
                1. a 1/2-1/2
                1. d 2. e
                """;
        List<GameRecord> records = RecordReader.read(text, "t.txt", HAWALIS);
        assertThat(records).hasSize(3);
        assertThat(records.get(0).tag("South")).contains("A");
        assertThat(records.get(0).statedResult()).isEmpty();
        assertThat(records.get(1).game()).isEqualTo(GameKind.AL_MANQALA);
        assertThat(records.get(1).statedResult()).contains(Result.DRAW);
        assertThat(records.get(1).resultLine()).isEqualTo(6);
        assertThat(records.get(2).game()).isEqualTo(GameKind.HAWALIS);
        assertThat(records.get(2).tags()).isEmpty();
        assertThat(records.get(2).moves()).extracting(RecordedMove::pit).containsExactly(3, 4);
        assertThat(records.get(2).line()).isEqualTo(7);
    }

    @Test
    void tagsKeepTheirOrderAndEscapes() {
        GameRecord r = one("[Game \"hawalis\"]\n[Event \"The \\\"Cup\\\"\"]\n[Annotator \"x\\\\y\"]\n[Result \"0-1\"]\n\n");
        assertThat(r.tags().keySet()).containsExactly("Game", "Event", "Annotator", "Result");
        assertThat(r.tag("Event")).contains("The \"Cup\"");
        assertThat(r.tag("Annotator")).contains("x\\y");
        assertThat(r.statedResult()).contains(Result.NORTH_WINS);
        assertThat(r.resultLine()).isEqualTo(4);
        assertThat(r.moves()).isEmpty();
    }

    @Test
    void optionsComeFromTheTagOrTheCaller() {
        GameRecord tagged = one("[Game \"hawalis\"]\n[Options \"endless=draw skipOrigin\"]\n\n1. i\n");
        assertThat(tagged.options()).isEqualTo(HawalisOptions.DEFAULT.withEndless(Endless.DRAW).withSkipOrigin(true));
        RecordReader.Settings relay = RecordReader.Settings.DEFAULT.withOptions(AlManqalaOptions.DEFAULT
                .withRelay(true));
        GameRecord given = RecordReader.read("1. a", "t.txt", relay).get(0);
        assertThat(given.options()).isEqualTo(AlManqalaOptions.DEFAULT.withRelay(true));
    }

    @Test
    void numericNotationNumbersThePitsFromTheInnerPitAtTheMoversRightHand() {
        // 1-7 are h-n and 8-14 are a-g, for either player: South's 1 is h (7), North's 8 is A (14 + 0),
        // South's 7 is n (13), North's 14 is G (14 + 6); (x4) states a capture of 4.
        GameRecord r = one("[Game \"hawalis\"]\n[Notation \"numeric\"]\n\n1. 1 8 2. 7 (x4) 14\n");
        assertThat(r.numeric()).isTrue();
        assertThat(r.moves()).extracting(RecordedMove::pit).containsExactly(7, 14, 13, 20);
        assertThat(r.moves()).extracting(RecordedMove::side)
                .containsExactly(Side.SOUTH, Side.NORTH, Side.SOUTH, Side.NORTH);
        assertThat(r.moves().get(2).statedCapture()).hasValue(4);
        GameRecord flagged = RecordReader.read("2 (x4) 5 (x6)", "t.txt", HAWALIS.withNumeric(true)).get(0);
        assertThat(flagged.moves()).extracting(RecordedMove::pit).containsExactly(8, 14 + 11);
        assertThat(Replay.replay(flagged).problems()).isEmpty();
        // Bao Kiarabu: 1-8 are i-p, 9-16 are a-h.
        GameRecord bao = one("[Game \"bao-kiarabu\"]\n[Notation \"numeric\"]\n\n1 9 16\n");
        assertThat(bao.moves()).extracting(RecordedMove::pit).containsExactly(8, 16, 7);
    }

    @Test
    void errorsSayWhereAndWhatWasExpected() {
        assertThatRecordError(() -> one("[Game \"chess\"]\n\n1. a\n"), 1, 8);
        assertThatRecordError(() -> one("[Game \"hawalis\"]\n[Options \"skipOrigin endless=maybe\"]\n\n1. a\n"),
                2, 22);
        assertThatRecordError(() -> one("1. i {oops\n"), 1, 6);
        assertThatRecordError(() -> one("1. i (+4\n"), 1, 6);
        assertThatRecordError(() -> one("1. i (+4)\n2. o\n"), 2, 4);
        assertThatRecordError(() -> one("[Game \"hawalis\"]\n[Game \"hawalis\"]\n"), 2, 1);
        assertThatRecordError(() -> one("(+2) 1. i\n"), 1, 1);
        assertThatRecordError(() -> one("1. i!!! L\n"), 1, 5);
        assertThatRecordError(() -> one("1. i L 0-1 1-0\n"), 1, 12);
        assertThatRecordError(() -> one("1. i (+4) (+4)\n"), 1, 11);
        assertThatRecordError(() -> one("1. 12\n"), 1, 4);
        assertThatRecordError(() -> one("[Game \"hawalis\"\n\n1. i\n"), 1, 16);
        assertThatRecordError(() -> one("[Game \"hawalis\"]\n[Result \"2-0\"]\n"), 2, 10);
        assertThatRecordError(() -> one("[Game \"al-manqala\"]\n[Notation \"numeric\"]\n\n1. 1\n"), 2, 12);
        assertThatRecordError(() -> one("1. i }\n"), 1, 6);
        // 28 pits of 3 seeds are 84, more than the 56 Hawalis starts with (docs/rules.md §0).
        assertThatRecordError(() -> one("[Setup \"hawalis 3,3,3,3,3,3,3,3,3,3,3,3,3,3 3,3,3,3,3,3,3,3,3,3,3,3,3,3 S\"]"
                + "\n\n1. a\n"), 1, 9);
        // Held seeds whose sum overflows an int must not slip past that check.
        assertThatRecordError(() -> one("[Setup \"rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 S 2147483647-2000000000\"]"
                + "\n\n1. a\n"), 1, 47);
    }

    @Test
    void aMoveAfterTheResultIsNamedAsSuch() {
        String text = "[Game \"hawalis\"]\n[Result \"0-1\"]\n\n1. i (+4) L (+6) 0-1 2. d\n";
        assertThatRecordError(() -> RecordReader.read(text, "t.txt"), 4, 22);
        try {
            RecordReader.read(text, "t.txt");
        } catch (RecordException e) {
            assertThat(e.getMessage()).contains("after the result 0-1").contains("4:18")
                    .doesNotContain("no Game tag");
        }
    }

    @Test
    void anErrorAtAMoveNamesItsMoveNumberAndSide() {
        try {
            one("1. i (+4) L (+6) 2. d (+6) J (+6) 3. i (+2) Q\n");
        } catch (RecordException e) {
            assertThat(e.moveNumber()).isEqualTo(3);
            assertThat(e.side()).contains(Side.NORTH);
            assertThat(e.found()).isEqualTo("'Q'");
            assertThat(e.expected()).isEqualTo("a pit letter a-n or A-N");
            assertThat(e.getMessage()).isEqualTo("t.txt:1:45: move 3, North: found 'Q', expected a pit letter a-n "
                    + "or A-N");
            return;
        }
        throw new AssertionError("no error");
    }

    @Test
    void aByteOrderMarkAndWindowsLineEndsAreRead() {
        GameRecord r = one("\uFEFF[Game \"hawalis\"]\r\n\r\n1. i (+4) L\r\n");
        assertThat(r.moves()).hasSize(2);
        assertThat(r.moves().get(1).line()).isEqualTo(3);
    }

    @Test
    void aTextWithoutRecordsHoldsNone() {
        assertThat(RecordReader.read("", "t.txt")).isEmpty();
        assertThat(RecordReader.read("  \n{just a comment}\n", "t.txt")).isEmpty();
    }
}
