package mancala.server.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mancala.engine.puzzle.Puzzle;
import mancala.engine.puzzle.PuzzleCatalog;
import mancala.engine.puzzle.PuzzleJudge;
import mancala.engine.solve.Solution;
import mancala.record.GameRecord;
import mancala.record.RecordReader;
import mancala.record.RecordedMove;
import mancala.rules.Position;
import mancala.rules.Side;
import org.junit.jupiter.api.Test;

/**
 * The analysis board's export (docs/rules.md §5): each comment sits right after the move it talks about, on both
 * sides' moves, numbered as the records of docs/records are ({@code 1. a … 1... B …}).
 */
class AnnotatorTest {

    @Test
    void eachCommentFollowsTheMoveItJudgesOnBothSidesMoves() {
        // A shipped puzzle (small, solved exactly): the side to move throws its win away (??), then the other side,
        // now winning, throws it back (??). Each comment names the winner after its own move and a best move of
        // its own mover, so a comment one ply off names the wrong winner and a pit of the wrong side.
        PuzzleJudge judge = new PuzzleJudge(10_000);
        Position start = null;
        int first = -1;
        int second = -1;
        search:
        for (Puzzle p : PuzzleCatalog.load().puzzles()) {
            if (p.plies() > 7) {
                continue;
            }
            Position s = p.position();
            for (int m1 : s.legalMoves()) {
                if (judge.valueOf(s, m1).value() != Solution.Value.LOSS) {
                    continue;
                }
                Position after = s.play(m1);
                if (after.isOver() || after.sideToMove() == s.sideToMove()) {
                    continue;
                }
                for (int m2 : after.legalMoves()) {
                    if (judge.valueOf(after, m2).value() == Solution.Value.LOSS) {
                        start = s;
                        first = m1;
                        second = m2;
                        break search;
                    }
                }
            }
        }
        assertThat(start).as("a shipped puzzle where both sides can throw the win away").isNotNull();
        Position afterFirst = start.play(first);
        Side mover = start.sideToMove();
        String moverName = mover == Side.SOUTH ? "South" : "North";
        String otherName = mover == Side.SOUTH ? "North" : "South";

        String text = Annotator.annotate(start, List.of(first, second), Map.of("South", "Amal", "North", "Ali"), 300);

        GameRecord rec = RecordReader.read(text, "export").get(0);
        List<RecordedMove> moves = rec.moves();
        assertThat(moves).extracting(RecordedMove::pit).containsExactly(first, second);
        assertThat(moves).extracting(RecordedMove::side).containsExactly(mover, mover.opponent());
        assertThat(moves).extracting(RecordedMove::marks).containsExactly("??", "??");
        // the first move hands the win to the other side; its best move is one of its mover's winning moves
        String c1 = moves.get(0).commentsAfter().get(0);
        String c2 = moves.get(1).commentsAfter().get(0);
        assertThat(c1).startsWith(otherName + " wins in ");
        assertThat(bestOf(c1)).isIn(letters(start, judge.winningMoves(start)));
        // the reply hands it back
        assertThat(c2).startsWith(moverName + " wins in ");
        assertThat(bestOf(c2)).isIn(letters(afterFirst, judge.winningMoves(afterFirst)));
        assertThat(moves.get(0).commentsBefore()).isEmpty();
        // numbered as docs/records numbers a game (a South ply and the North reply share a number); in the text
        // each comment follows its move
        assertThat(rec.moveNumber(0)).isEqualTo(1);
        assertThat(rec.moveNumber(1)).isEqualTo(mover == Side.SOUTH ? 1 : 2);
        String l1 = start.rules().pitLetter(first);
        String l2 = afterFirst.rules().pitLetter(second);
        String movetext = text.substring(text.lastIndexOf(']') + 1).strip().replaceAll("\\s+", " ");
        String expected = mover == Side.SOUTH
                ? "1. " + l1 + "?? {" + c1 + "} 1... " + l2 + "?? {" + c2 + "}"
                : "1... " + l1 + "?? {" + c1 + "} 2. " + l2 + "?? {" + c2 + "}";
        assertThat(movetext).startsWith(expected);
    }

    private static String bestOf(String comment) {
        Matcher m = Pattern.compile("; best ([A-Za-z]) ").matcher(comment);
        assertThat(m.find()).as(comment).isTrue();
        return m.group(1);
    }

    private static List<String> letters(Position p, List<Integer> pits) {
        return pits.stream().map(p.rules()::pitLetter).toList();
    }
}
