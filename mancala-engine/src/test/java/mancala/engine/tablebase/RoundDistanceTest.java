package mancala.engine.tablebase;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import mancala.engine.progress.Progress;
import mancala.notation.OptionsNotation;
import mancala.rules.Board;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plies to the next capture that round tables keep beside each value, so that a side ahead comes to its value
 * instead of going round for ever. Checked on every position of small tables against their definition, move by
 * move: a position the never-ending share is all either side can get has none; otherwise among the moves that keep
 * the value, a capture counts 1 and a move within the layer one more than the child's, and the position's figure is
 * the smallest of them for the side ahead and the largest for the side behind; and both sides playing the tables'
 * first move capture at exactly that ply (before the tables kept these figures, their best moves could take a
 * round that one side wins round a cycle for ever).
 */
class RoundDistanceTest {
    @TempDir
    Path dir;

    @Test
    void rioKadalisNineSeeds() {
        check(GameKind.RIO_KADALIS, "", 9);
    }

    @Test
    void alManqalaEightSeeds() {
        check(GameKind.AL_MANQALA, "", 8);
    }

    @Test
    @Tag("slow")
    void alManqalaRelayCaptureOppositeSeven() {
        check(GameKind.AL_MANQALA, "relay captureOpposite", 7);
    }

    private void check(GameKind game, String options, int seeds) {
        Rules rules = Rules.of(OptionsNotation.parse(game, options));
        new Builder(rules, seeds, 2, dir, Progress.NONE, s -> { }).build();
        Tablebase tb = Tablebase.open(dir, rules);
        Layout layout = Layout.of(rules, seeds);
        Board b = rules.emptyBoard();
        long decided = 0;
        for (int layer : layout.layersUpTo(seeds)) {
            Layout.Cursor c = layout.cursor();
            c.seek(layer, 0);
            for (long i = 0; i < layout.size(layer); i++) {
                if (i > 0) {
                    c.advance();
                }
                c.load(b);
                TablebaseValue v = tb.probe(b);
                int k = layout.seeds(layer);
                int all = k * 2;
                int never = b.sideIndex() == 0 ? all / 2 - (k % 2) * (game == GameKind.AL_MANQALA ? 1 : 0)
                        : all / 2 + (k % 2) * (game == GameKind.AL_MANQALA ? 1 : 0);
                List<Tablebase.MoveValue> moves = tb.moves(b);
                if (v.halfSeeds() == never) {
                    assertThat(v.plies()).as("%s: worth the never-ending share", b).isEqualTo(-1);
                    continue;
                }
                decided++;
                if (moves.isEmpty() && passes(b)) {
                    // A5: the mover passes (such positions are read with the pass made, but the tables hold them).
                    assertThat(v.plies()).as("%s: a pass, then the opponent's way", b)
                            .isEqualTo(tb.probe(passed(b)).plies() + 1);
                    continue;
                }
                if (moves.isEmpty()) {
                    assertThat(v.plies()).as("%s: the round is over", b).isZero();
                    continue;
                }
                int best = Tablebase.rank(moves.get(0).value());
                boolean ahead = v.halfSeeds() > never;
                int want = ahead ? Integer.MAX_VALUE : Integer.MIN_VALUE;
                for (Tablebase.MoveValue m : moves) {
                    if (Tablebase.rank(m.value()) != best) {
                        continue;
                    }
                    int p = m.value().plies();
                    assertThat(p).as("%s move %d keeps the value: it has plies", b, m.move()).isPositive();
                    want = ahead ? Math.min(want, p) : Math.max(want, p);
                }
                assertThat(v.plies()).as("%s (%s)", b, v.describe()).isEqualTo(want);
                assertThat(moves.get(0).value().plies()).as("%s: the first move takes that way", b).isEqualTo(want);
                // Both sides playing the tables' first move: the capture (or the end) comes at that ply.
                Board line = b.copy();
                for (int ply = 1; ply <= want; ply++) {
                    if (passes(line)) {
                        line = passed(line);
                    } else {
                        line.sow(tb.moves(line).get(0).move());
                    }
                    boolean done = seeds(line) < k || line.endedByMove() || tb.moves(line).isEmpty()
                            && !passes(line);
                    assertThat(done).as("%s: captured or over at ply %d of %d", b, ply, want).isEqualTo(ply == want);
                }
            }
        }
        assertThat(decided).isGreaterThan(1000);
    }

    /** @return true when the side to move passes (A5: Al-manqala, his row empty and the other not) */
    private static boolean passes(Board b) {
        if (b.rules().kind() != GameKind.AL_MANQALA) {
            return false;
        }
        int n = b.rules().pitsPerSide();
        int mine = 0;
        int theirs = 0;
        for (int i = 0; i < n; i++) {
            mine += b.seeds(b.sideIndex() * n + i);
            theirs += b.seeds((1 - b.sideIndex()) * n + i);
        }
        return mine == 0 && theirs > 0;
    }

    /** @return the position after the pass */
    private static Board passed(Board b) {
        Board p = b.rules().emptyBoard();
        int[] pits = new int[b.pitCount()];
        for (int i = 0; i < pits.length; i++) {
            pits[i] = b.seeds(i);
        }
        p.setup(pits, 1 - b.sideIndex());
        return p;
    }

    private static int seeds(Board b) {
        int k = 0;
        for (int i = 0; i < b.pitCount(); i++) {
            k += b.seeds(i);
        }
        return k;
    }
}
