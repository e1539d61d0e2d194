package mancala.engine.puzzle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import mancala.engine.solve.Solution;
import mancala.record.GameRecord;
import mancala.rules.Game;
import mancala.rules.Position;
import mancala.rules.Side;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every shipped puzzle proven by the exact solver: a forced win in exactly its stated plies, its solution a legal
 * optimal line that ends the game won, a generated puzzle's winning first move the only one, its difficulty the
 * rule's; and the judge the puzzle page uses plays each one to the end from the solver's side.
 */
class PuzzleSetTest {
    static PuzzleCatalog catalog;
    static final PuzzleJudge JUDGE = new PuzzleJudge(20_000);

    @BeforeAll
    static void load() {
        catalog = PuzzleCatalog.load();
    }

    @Test
    void gering2008Problem1IsShippedAsPublished() {
        GameRecord published = PuzzleCatalog.publishedRecords().get(0);
        assertThat(published.tag("Annotator")).contains("Ralf Gering");
        Puzzle p = catalog.byId("gering-2008-problem-1");
        assertThat(p).isNotNull();
        assertThat(p.position()).isEqualTo(published.start());
        assertThat(p.position().sideToMove()).isEqualTo(Side.SOUTH);
        assertThat(p.source()).contains("Ralf Gering").contains("Problem 1").contains("2008");
        assertThat(catalog.puzzles().get(0)).isSameAs(p);
    }

    @Test
    void theSetHasPuzzlesOfEveryGameBesideThePublishedOne() {
        assertThat(catalog.puzzles()).hasSizeGreaterThanOrEqualTo(10);
        assertThat(catalog.puzzles().stream().map(p -> p.position().kind().key()).distinct())
                .contains("hawalis", "al-manqala", "rio-kadalis");
        for (Puzzle p : catalog.puzzles()) {
            Game g = new Game(p.position());
            p.solution().forEach(g::play);
            assertThat(g.plies()).as(p.id()).isEqualTo(p.plies());
            assertThat(g.outcome().orElseThrow().result().winner()).as(p.id()).contains(p.position().sideToMove());
            assertThat(p.difficulty()).as(p.id()).isBetween(1, PuzzleJudge.MAX_DIFFICULTY);
        }
    }

    @Test
    @Tag("slow")
    void everyShippedPuzzleIsProvenByTheSolver() {
        for (Puzzle p : catalog.puzzles()) {
            Position start = p.position();
            Solution s = JUDGE.solve(start);
            assertThat(s.result()).as(p.id()).isEqualTo(Solution.Value.WIN);
            assertThat(s.plies()).as(p.id() + " plies").isEqualTo(p.plies());
            // The solution: legal, as long as stated, ending in the solver's win; each of the solver's moves keeps
            // the shortest win, each defence resists longest.
            Game g = new Game(start);
            Side solver = start.sideToMove();
            assertThat(p.solution()).as(p.id()).hasSize(p.plies());
            for (int m : p.solution()) {
                Position q = g.position();
                if (q.sideToMove() == solver) {
                    assertThat(JUDGE.keepsShortestWin(q, m)).as(p.id() + " at ply " + (g.plies() + 1)).isTrue();
                } else {
                    PuzzleJudge.MoveValue v = JUDGE.valueOf(q, m);
                    assertThat(v.value()).as(p.id()).isEqualTo(Solution.Value.LOSS);
                    assertThat(v.plies()).as(p.id() + " defence at ply " + (g.plies() + 1))
                            .isEqualTo(JUDGE.solve(q).plies());
                }
                g.play(m);
            }
            assertThat(g.isOver()).as(p.id()).isTrue();
            assertThat(g.outcome().orElseThrow().result().winner()).as(p.id()).contains(solver);
            int losing = 0;
            int winningFirst = 0;
            for (int m : start.legalMoves()) {
                Solution.Value v = JUDGE.valueOf(start, m).value();
                losing += v == Solution.Value.LOSS ? 1 : 0;
                winningFirst += v == Solution.Value.WIN ? 1 : 0;
            }
            assertThat(p.difficulty()).as(p.id() + " difficulty").isEqualTo(PuzzleJudge.difficulty(p.plies(), losing));
            if (p.source().startsWith("self-play")) {
                assertThat(winningFirst).as(p.id() + ": exactly one move wins").isEqualTo(1);
            }
        }
    }

    @Test
    @Tag("slow")
    void theJudgePlaysEveryPuzzleToTheEndAndRefusesAMoveThatLetsTheWinGo() {
        for (Puzzle p : catalog.puzzles()) {
            List<Integer> moves = new ArrayList<>();
            PuzzleJudge.Check c = null;
            Position q = p.position();
            int plies = 0;
            while (c == null || !c.solved()) {
                int m = JUDGE.solve(q).line().get(0);
                moves.add(m);
                c = JUDGE.check(p, moves);
                assertThat(c.correct()).as(p.id()).isTrue();
                q = q.play(m);
                plies++;
                for (int r : c.replies()) {
                    q = q.play(r);
                    plies++;
                }
                assertThat(plies).as(p.id() + ": no longer than the shortest win").isLessThanOrEqualTo(p.plies());
            }
            assertThat(plies).as(p.id()).isEqualTo(p.plies());
            assertThat(q.isOver()).isTrue();
            List<Integer> winning = JUDGE.winningMoves(p.position());
            for (int m : p.position().legalMoves()) {
                if (!winning.contains(m)) {
                    PuzzleJudge.Check wrong = JUDGE.check(p, List.of(m));
                    assertThat(wrong.correct()).as(p.id() + " move " + m).isFalse();
                    assertThat(wrong.wrongAt()).isZero();
                }
            }
        }
    }
}
