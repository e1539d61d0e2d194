package mancala.engine.tablebase;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.SplittableRandom;
import mancala.engine.progress.Progress;
import mancala.engine.solve.Solution;
import mancala.engine.solve.Solver;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hawalis tables against the endgame solver's own retrograde analysis (a graph of the positions reachable from one
 * position, built with hash maps, labelled breadth-first): random positions must get the same result and distance
 * (draws too, though with so few seeds they are rare).
 */
class TablebaseSolverTest {
    @TempDir
    Path dir;

    @Test
    void threeSeedsASideAgreeWithTheSolver() {
        compare("", 3, 150, 7);
    }

    @Test
    void endlessDrawAgreesWithTheSolver() {
        compare("endless=draw", 3, 100, 8);
    }

    @Test
    @Tag("slow")
    void fourSeedsASideAgreeWithTheSolver() {
        compare("", 4, 400, 9);
    }

    private void compare(String options, int seeds, int samples, long seed) {
        Rules rules = Rules.of(OptionsNotation.parse(GameKind.HAWALIS, options));
        new Builder(rules, seeds, 2, dir, Progress.NONE, s -> { }).build();
        Tablebase tb = Tablebase.open(dir, rules);
        SplittableRandom r = new SplittableRandom(seed);
        int draws = 0;
        int compared = 0;
        while (compared < samples) {
            int[] pits = new int[28];
            for (int side = 0; side < 2; side++) {
                int k = r.nextInt(seeds + 1);
                for (int i = 0; i < k; i++) {
                    pits[side * 14 + r.nextInt(14)]++;
                }
            }
            Position p = Position.of(rules, pits, 0, 0, r.nextBoolean() ? Side.SOUTH : Side.NORTH, 0, 0);
            TablebaseValue v = tb.probe(p);
            assertThat(v).isNotNull();
            Solution s = Solver.retrograde(p);
            String expected = s.result().key() + (s.result() == Solution.Value.DRAW ? "" : " " + s.plies());
            String actual = v.verdict().name().toLowerCase(java.util.Locale.ROOT)
                    + (v.verdict() == TablebaseValue.Verdict.DRAW ? "" : " " + v.plies());
            assertThat(actual).as("%s", p).isEqualTo(expected);
            compared++;
            if (v.verdict() == TablebaseValue.Verdict.DRAW) {
                draws++;
            }
        }
        assertThat(compared - draws).as("decided positions among the samples").isGreaterThan(samples / 2);
    }
}
