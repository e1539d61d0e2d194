package mancala.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Result;
import mancala.rules.Side;
import mancala.rules.Termination;
import org.junit.jupiter.api.Test;

/** The published Hawalis game of {@code docs/records} (docs/rules.md §5; docs/records/README.md). */
class HawalisPublishedRecordTest {
    static final String FILE = "hawalis-tavares-gering-2009.txt";
    /** Pit letters of the record's movetext: a single letter standing alone. */
    private static final Pattern MOVE = Pattern.compile("(?<![A-Za-z(+])[a-nA-N](?![A-Za-z])");
    private static final Pattern CAPTURE = Pattern.compile("\\(\\+(\\d+)\\)");

    private static String text() {
        return HistoricalRecords.text(FILE);
    }

    /** Offset of the movetext: after the first blank line. */
    private static int movetextStart(String text) {
        return text.indexOf("\n\n") + 2;
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static int columnOf(String text, int offset) {
        return offset - text.lastIndexOf('\n', offset - 1);
    }

    private static ReplayedRecord replay(String text) {
        List<GameRecord> records = RecordReader.read(text, FILE);
        assertThat(records).hasSize(1);
        return Replay.replay(records.get(0));
    }

    @Test
    void replaysWithEveryCaptureCountMatchingAndNorthWinning() {
        ReplayedRecord r = replay(text());
        assertThat(r.problems()).isEmpty();
        GameRecord record = r.record();
        assertThat(record.game()).isEqualTo(GameKind.HAWALIS);
        assertThat(record.tag("South")).contains("Miceu Tavares");
        assertThat(record.tag("North")).contains("Ralf Gering");
        assertThat(record.statedResult()).contains(Result.NORTH_WINS);
        // 55 moves of two plies each; South has no seeds after North's 55th move (H9).
        assertThat(r.plies()).hasSize(110);
        assertThat(r.outcome().orElseThrow().result()).isEqualTo(Result.NORTH_WINS);
        assertThat(r.outcome().orElseThrow().termination()).isEqualTo(Termination.NO_SEEDS);
        Position end = r.finalPosition();
        assertThat(end.sideToMove()).isEqualTo(Side.SOUTH);
        assertThat(end.seedsOnBoard(Side.SOUTH)).isZero();
        // The stated counts add up to South 4+6+2+2+3+1+1+1+3+2+1+1 = 27 and
        // North 6+6+2+1+1+1+1+1+2+1+1+1+3+1 = 28, leaving 56 - 55 = 1 seed, North's.
        assertThat(end.holdings(Side.SOUTH)).isEqualTo(27);
        assertThat(end.holdings(Side.NORTH)).isEqualTo(28);
        assertThat(end.seedsOnBoard(Side.NORTH)).isEqualTo(1);
        // Every stated count was checked: 12 by South, 14 by North.
        long stated = record.moves().stream().filter(m -> m.statedCapture().isPresent()).count();
        assertThat(stated).isEqualTo(26);
        assertThat(r.plies().get(0).moveText()).isEqualTo("i");
        assertThat(r.plies().get(0).captured()).isEqualTo(4);
        assertThat(r.plies().get(1).moveText()).isEqualTo("L");
        assertThat(r.plies().get(1).captured()).isEqualTo(6);
    }

    @Test
    void theMovesAsPrintedWithNoTagsReplayWithTheGameGiven() {
        String text = text();
        String printed = text.substring(movetextStart(text));
        List<GameRecord> records = RecordReader.read(printed, "printed",
                RecordReader.Settings.DEFAULT.withGame(GameKind.HAWALIS));
        assertThat(records).hasSize(1);
        ReplayedRecord r = Replay.replay(records.get(0));
        ReplayedRecord tagged = replay(text);
        assertThat(r.problems()).isEmpty();
        assertThat(r.record().tags()).isEmpty();
        assertThat(r.game().moves()).isEqualTo(tagged.game().moves());
        assertThat(r.finalPosition()).isEqualTo(tagged.finalPosition());
        assertThat(r.outcome().orElseThrow().termination()).isEqualTo(Termination.NO_SEEDS);
    }

    @Test
    void theMovesWithNoTagsAndNoGameCannotBeRead() {
        String text = text();
        assertThatRecordError(() -> RecordReader.read(text.substring(movetextStart(text)), "printed"), 1, 1);
    }

    @Test
    void everyChangedCaptureCountIsReportedAtItsLineAndColumn() {
        String text = text();
        Matcher m = CAPTURE.matcher(text);
        int checked = 0;
        while (m.find()) {
            int n = Integer.parseInt(m.group(1));
            int line = lineOf(text, m.start());
            int column = columnOf(text, m.start());
            for (int wrong : new int[] {n + 1, n - 1, n + 10}) {
                String changed = text.substring(0, m.start(1)) + wrong + text.substring(m.end(1));
                ReplayedRecord r = replay(changed);
                assertThat(r.problems()).as("(+%d) for (+%d) at %d:%d", wrong, n, line, column).hasSize(1);
                RecordException e = r.problems().get(0);
                assertThat(e.line()).isEqualTo(line);
                assertThat(e.column()).isEqualTo(column);
                assertThat(e.found()).isEqualTo("(+" + wrong + ")");
                assertThat(e.expected()).isEqualTo("(+" + n + ")");
                assertThat(e.source()).isEqualTo(FILE);
            }
            checked++;
        }
        assertThat(checked).isEqualTo(26);
    }

    @Test
    void aCaptureCountAddedToAMoveThatCapturesNothingIsReported() {
        String text = text();
        // "3. i (+2) H;": H captures nothing.
        int at = text.indexOf("3. i (+2) H;") + "3. i (+2) H".length();
        String changed = text.substring(0, at) + " (+1)" + text.substring(at);
        RecordException e = replay(changed).problems().get(0);
        assertThat(e.line()).isEqualTo(lineOf(text, at));
        assertThat(e.column()).isEqualTo(columnOf(text, at) + 1);
        assertThat(e.moveNumber()).isEqualTo(3);
        assertThat(e.side()).contains(Side.NORTH);
        assertThat(e.expected()).isEqualTo("no capture count");
    }

    @Test
    void everyChangedMoveIsReportedAtItsLineAndColumnOrLater() {
        String text = text();
        ReplayedRecord good = replay(text);
        List<Integer> offsets = new ArrayList<>();
        Matcher m = MOVE.matcher(text);
        m.region(movetextStart(text), text.length());
        while (m.find()) {
            offsets.add(m.start());
        }
        assertThat(offsets).hasSize(110);
        for (int k = 0; k < offsets.size(); k++) {
            int at = offsets.get(k);
            int line = lineOf(text, at);
            int column = columnOf(text, at);
            char original = text.charAt(at);
            Side mover = Character.isLowerCase(original) ? Side.SOUTH : Side.NORTH;
            assertThat(mover).isEqualTo(k % 2 == 0 ? Side.SOUTH : Side.NORTH);
            Position before = k == 0 ? good.record().start() : good.plies().get(k - 1).position();
            int moveNumber = k / 2 + 1;
            for (int i = 0; i < 14; i++) {
                for (char base : new char[] {'a', 'A'}) {
                    char letter = (char) (base + i);
                    if (letter == original) {
                        continue;
                    }
                    String changed = text.substring(0, at) + letter + text.substring(at + 1);
                    ReplayedRecord r = replay(changed);
                    String what = "move " + moveNumber + " changed from " + original + " to " + letter;
                    assertThat(r.problems()).as(what).isNotEmpty();
                    RecordException e = r.problems().get(0);
                    int pit = (base == 'a' ? 0 : 14) + i;
                    if (!before.isLegal(pit)) {
                        assertThat(e.line()).as(what).isEqualTo(line);
                        assertThat(e.column()).as(what).isEqualTo(column);
                        assertThat(e.moveNumber()).as(what).isEqualTo(moveNumber);
                        assertThat(e.found()).as(what).isEqualTo(String.valueOf(letter));
                        assertThat(e.expected()).as(what).startsWith("one of the legal moves ");
                    } else {
                        // A legal substitute: the record goes wrong at this move's count or later.
                        assertThat(e.line() * 1000 + e.column()).as(what).isGreaterThanOrEqualTo(line * 1000 + column);
                    }
                }
            }
        }
    }

    @Test
    void anIllegalMoveNamesTheLegalMoves() {
        String text = text();
        // 1. i (+4): South's first move changed to North's L; South's pits a-n all hold 2, all legal.
        int at = text.indexOf("1. i") + 3;
        RecordException e = replay(text.substring(0, at) + "L" + text.substring(at + 1)).problems().get(0);
        assertThat(e.expected()).isEqualTo("one of the legal moves a b c d e f g h i j k l m n");
        assertThat(e.getMessage()).contains("South is to move").contains("move 1, South");
    }

    @Test
    void aWrongStatedResultIsADisagreement() {
        String text = text().replace("[Result \"0-1\"]", "[Result \"1-0\"]");
        ReplayedRecord r = replay(text);
        assertThat(r.problems()).hasSize(1);
        RecordException e = r.problems().get(0);
        assertThat(e.line()).isEqualTo(lineOf(text, text.indexOf("[Result ")));
        assertThat(e.found()).isEqualTo("result 1-0");
        assertThat(e.expected()).isEqualTo("0-1");
    }

    @Test
    void aResultTokenThatContradictsTheResultTagIsAReadError() {
        String text = text().stripTrailing() + " 1-0\n";
        int line = lineOf(text, text.length() - 4);
        assertThatRecordError(() -> RecordReader.read(text, FILE), line, columnOf(text, text.length() - 4));
    }

    static void assertThatRecordError(Runnable read, int line, int column) {
        try {
            read.run();
        } catch (RecordException e) {
            assertThat(e.line()).as(e.getMessage()).isEqualTo(line);
            assertThat(e.column()).as(e.getMessage()).isEqualTo(column);
            return;
        }
        throw new AssertionError("expected a RecordException at " + line + ":" + column);
    }
}
