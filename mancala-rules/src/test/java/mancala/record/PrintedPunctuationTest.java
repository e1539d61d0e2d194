package mancala.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mancala.rules.GameKind;
import org.junit.jupiter.api.Test;

/**
 * Movetext as printed sources end it: a full stop after the last move and a remark after that, as in Ralf Gering's
 * published problem solutions ({@code … 5 14 (x1); 6 (x1). (41 movimentos)}). The moves used are the first two of
 * the published Tavares-Gering game (docs/records): South's i takes 4 (H7), North's L takes 6; in numeric notation
 * South's i is 2 and North's L is 5 (1-7 are h-n).
 */
class PrintedPunctuationTest {
    private static ReplayedRecord numeric(String movetext) {
        List<GameRecord> records = RecordReader.read("[Game \"hawalis\"]\n[Notation \"numeric\"]\n\n" + movetext,
                "printed.txt");
        assertThat(records).hasSize(1);
        return Replay.replay(records.get(0));
    }

    @Test
    void aFullStopAndARemarkAfterTheLastCaptureAreRead() {
        ReplayedRecord r = numeric("1. 2 (x4); 5 (x6). (2 movimentos)\n");
        assertThat(r.problems()).isEmpty();
        assertThat(r.plies()).extracting(ReplayedPly::captured).containsExactly(4, 6);
        assertThat(r.record().moves().get(1).pit()).isEqualTo(14 + 11);
        // The remark is kept as a comment after the last move.
        assertThat(r.record().moves().get(1).commentsAfter()).containsExactly("2 movimentos");
    }

    @Test
    void aFinalNumberWithAFullStopIsTheLastMoveNotAMoveNumber() {
        ReplayedRecord r = numeric("1. 2 (x4) 5.\n");
        assertThat(r.problems()).isEmpty();
        assertThat(r.record().moves()).extracting(RecordedMove::pit).containsExactly(8, 14 + 11);
        // 5. before a move is still that move's number.
        ReplayedRecord numbered = numeric("1. 2 (x4) 5 (x6) 2. 1\n");
        assertThat(numbered.record().moves()).hasSize(3);
    }

    @Test
    void lettersMayEndWithAStopOrACommaToo() {
        GameRecord stop = RecordReader.read("1. i (+4) L (+6).\n", "t.txt",
                RecordReader.Settings.DEFAULT.withGame(GameKind.HAWALIS)).get(0);
        assertThat(stop.moves()).extracting(RecordedMove::pit).containsExactly(8, 14 + 11);
        GameRecord attached = RecordReader.read("1. i (+4), L. (the end)\n", "t.txt",
                RecordReader.Settings.DEFAULT.withGame(GameKind.HAWALIS)).get(0);
        assertThat(attached.moves()).extracting(RecordedMove::pit).containsExactly(8, 14 + 11);
        assertThat(Replay.replay(attached).problems()).isEmpty();
    }
}
