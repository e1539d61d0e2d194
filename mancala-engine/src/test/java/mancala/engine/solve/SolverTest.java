package mancala.engine.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import mancala.engine.Analysis;
import mancala.engine.Engine;
import mancala.engine.eval.Evaluator;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.SearchResult;
import mancala.engine.search.Searcher;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Retrograde solving of Hawalis endgames: hand-worked positions (worked in EndgameSearchTest) and the search. */
class SolverTest {
    private static Solution solve(String position, String options) {
        Position p = PositionNotation.parse(position);
        if (options != null) {
            p = PositionNotation.parse(position, OptionsNotation.parse(p.kind(), options));
        }
        return Solver.solve(p);
    }

    /* i sows j, k and captures K with D behind it: North has no seeds (H7, H9). */
    @Test
    void captureOfEverySeedIsAWinInOnePly() {
        Solution s = solve("hawalis 0,0,0,0,0,0,0,0,2,0,0,0,0,0 0,0,0,1,0,0,0,0,0,0,1,0,0,0 S", null);
        assertThat(s.result()).isEqualTo(Solution.Value.WIN);
        assertThat(s.plies()).isEqualTo(1);
        assertThat(s.line()).containsExactly(8);
    }

    /* The singleton i → j (H6) is forced; North's J ends in L and captures j (H7): South has no seeds (H9). */
    @Test
    void forcedSingletonIsALossInTwoPlies() {
        Solution s = solve("hawalis 0,0,0,0,0,0,0,0,1,0,0,0,0,0 0,0,0,0,0,0,0,0,0,2,0,0,0,0 S", null);
        assertThat(s.result()).isEqualTo(Solution.Value.LOSS);
        assertThat(s.plies()).isEqualTo(2);
        assertThat(s.line()).containsExactly(8, 14 + 9);
    }

    /*
     * South's only move a is endless (worked in EndgameSearchTest): the option decides (H8). The draw comes from the
     * retrograde thread of solve's race: the proof search never proves a draw.
     */
    @Test
    void onlyMoveEndlessFollowsTheOption() {
        String pos = "hawalis 3,1,0,1,0,1,0,1,0,1,0,1,0,1 1,0,0,0,0,0,0,0,0,0,0,0,0,0 S";
        Solution lose = solve(pos, null);
        assertThat(lose.result()).isEqualTo(Solution.Value.LOSS);
        assertThat(lose.plies()).isEqualTo(1);
        assertThat(lose.line()).containsExactly(0);
        // endless=draw: the one ply a draws the game at once; the plies count that line.
        Solution draw = solve(pos, "endless=draw");
        assertThat(draw.result()).isEqualTo(Solution.Value.DRAW);
        assertThat(draw.line()).containsExactly(0);
        assertThat(draw.plies()).isEqualTo(1);
        Solution illegal = solve(pos, "endless=illegal");
        assertThat(illegal.result()).isEqualTo(Solution.Value.LOSS);
        assertThat(illegal.plies()).isZero();
    }

    /* Al-manqala A7: g makes A two and reaches 50 captured; worked in EndgameSearchTest. The proof search decides. */
    @Test
    void twoRowGamesAreSolvedByTheProofSearch() {
        Solution s = solve("al-manqala 0,0,0,0,0,0,1 1,0,0,0,0,0,8 S 48-40", null);
        assertThat(s.result()).isEqualTo(Solution.Value.WIN);
        assertThat(s.plies()).isEqualTo(1);
        assertThat(s.line()).containsExactly(6);
        Solution sacrifice = solve("al-manqala 0,0,1,1,0,0,1 3,1,1,0,0,0,0 S 44-46", null);
        assertThat(sacrifice.result()).isEqualTo(Solution.Value.WIN);
        assertThat(sacrifice.plies()).isEqualTo(3);
        assertThat(sacrifice.line().get(0)).isEqualTo(2);
    }

    @Test
    void undecidedTwoRowGamesAndOversizedSidesAreRefusedWithAReason() {
        assertThatThrownBy(() -> Solver.solve(Position.initial(GameKind.AL_MANQALA), 100))
                .isInstanceOf(SolveException.class).hasMessageContaining("Hawalis");
        assertThatThrownBy(() -> Solver.retrograde(PositionNotation.parse(
                "hawalis 2,2,2,2,2,2,2,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0,0,0,0,0,0,0 S")))
                .isInstanceOf(SolveException.class).hasMessageContaining("at most 15");
    }

    /* The retrograde analysis alone gives the same answers as with the proof search in front. */
    @Test
    void retrogradeAloneSolvesTheHandWorkedPositions() {
        Solution win = Solver.retrograde(PositionNotation.parse(
                "hawalis 0,0,0,0,0,0,0,0,2,0,0,0,0,0 0,0,0,1,0,0,0,0,0,0,1,0,0,0 S"));
        assertThat(win.result()).isEqualTo(Solution.Value.WIN);
        assertThat(win.plies()).isEqualTo(1);
        Solution loss = Solver.retrograde(PositionNotation.parse(
                "hawalis 0,0,0,0,0,0,0,0,1,0,0,0,0,0 0,0,0,0,0,0,0,0,0,2,0,0,0,0 S"));
        assertThat(loss.result()).isEqualTo(Solution.Value.LOSS);
        assertThat(loss.plies()).isEqualTo(2);
        assertThat(loss.line()).containsExactly(8, 14 + 9);
    }

    /*
     * The solver and the search agree on small random endgames: a proven win or loss in n plies is found by a
     * search n + 1 plies deep with exactly that score (both score repetition as a draw, H10).
     */
    @Test
    void agreesWithTheSearchOnSmallEndgames() {
        Rules rules = GameKind.HAWALIS.rules();
        SplittableRandom r = new SplittableRandom(42);
        int decided = 0;
        for (int t = 0; t < 40; t++) {
            Position p = randomEndgame(rules, r);
            Solution s = Solver.retrograde(p);
            if (s.result() == Solution.Value.DRAW || s.plies() > 14) {
                continue;
            }
            decided++;
            Analysis a = Engine.analyse(new Game(p), SearchLimits.depth(s.plies() + 1));
            int expected = s.result() == Solution.Value.WIN ? Score.WIN - s.plies() : -(Score.WIN - s.plies());
            assertThat(a.score()).as("%s", p).isEqualTo(expected);
        }
        assertThat(decided).isGreaterThan(10);
    }

    /*
     * scoring=captures: the retrograde analysis does not model captures, but the proof search does (they are in its
     * hash and in the outcome). South's only move i captures K and D, North's last seeds (H7), so the game ends with
     * North empty, and the larger capture wins: with 0-10 captured before it South loses (2 against 10), with 5-3
     * South wins (7 against 3).
     */
    @Test
    void scoringByCapturesIsSolvedByTheProofSearch() {
        String board = "hawalis 0,0,0,0,0,0,0,0,2,0,0,0,0,0 0,0,0,1,0,0,0,0,0,0,1,0,0,0 S ";
        Solution behind = solve(board + "0-10", "scoring=captures");
        assertThat(behind.result()).isEqualTo(Solution.Value.LOSS);
        assertThat(behind.plies()).isEqualTo(1);
        assertThat(behind.line()).containsExactly(8);
        Solution ahead = solve(board + "5-3", "scoring=captures");
        assertThat(ahead.result()).isEqualTo(Solution.Value.WIN);
        assertThat(ahead.plies()).isEqualTo(1);
    }

    /*
     * A solve that proves nothing in its time says so, with how far each method came, and returns: here a dense
     * Hawalis endgame (10 seeds a side) given 300 ms.
     */
    @Test
    void aSolveOutOfTimeSaysHowFarItCame() {
        Position dense = PositionNotation.parse(
                "hawalis 0,0,1,0,2,1,0,1,1,0,0,0,1,3 0,0,1,0,2,2,0,2,0,1,1,1,0,0 S 18-18");
        assertThatThrownBy(() -> Solver.solve(dense, 300)).isInstanceOf(SolveException.class)
                .hasMessageStartingWith("not solved in 300 ms: no forced win or loss within ")
                .hasMessageMatching(".*; retrograde analysis: (out of time after exploring |would not finish in time: )"
                        + "\\d+ positions.*");
    }

    /*
     * The two threads of solve's race answer alike: on random small endgames, both proof searches (tuned and plain
     * evaluation) prove exactly the retrograde analysis's value and distance whenever they prove anything, and their
     * lines are legal and end the game in that many plies.
     */
    @Test
    void bothProofSearchesAgreeWithTheRetrogradeAnalysis() {
        Rules rules = GameKind.HAWALIS.rules();
        SplittableRandom r = new SplittableRandom(19);
        int proven = 0;
        for (int t = 0; t < 40; t++) {
            Position p = randomEndgame(rules, r);
            if (p.isOver()) {
                continue;
            }
            Solution truth = Solver.retrograde(p);
            for (Evaluator eval : List.of(Evaluator.tuned(p.toBoard()),
                    ProofSearch.plain(p))) {
                Optional<Solution> s = new ProofSearch(p, eval, 16).prove(p,
                        System.nanoTime() + 2_000_000_000L);
                if (s.isEmpty()) {
                    continue;
                }
                proven++;
                assertThat(s.get().result()).as("%s", p).isEqualTo(truth.result());
                assertThat(s.get().plies()).as("%s", p).isEqualTo(truth.plies());
                Position q = p;
                for (int m : s.get().line()) {
                    assertThat(q.isLegal(m)).as("%s line %s", p, s.get().line()).isTrue();
                    q = q.play(m);
                }
                assertThat(s.get().line()).hasSize(truth.plies());
                assertThat(q.isOver()).isTrue();
            }
        }
        assertThat(proven).isGreaterThan(40);
    }

    /*
     * A search stopped part-way through an iteration claims a proven result only when it holds: a loss needs every
     * move searched, so the first move found lost proves nothing. Node limits stop the searches at many points.
     */
    @Test
    void anInterruptedSearchNeverClaimsALossItHasNotProven() {
        Rules rules = GameKind.HAWALIS.rules();
        SplittableRandom r = new SplittableRandom(11);
        int claims = 0;
        for (int t = 0; t < 60; t++) {
            Position p = randomEndgame(rules, r);
            if (p.isOver()) {
                continue;
            }
            Solution truth = Solver.retrograde(p);
            Searcher searcher = new Searcher(rules, 16);
            searcher.setRepetition(false);
            for (int nodes = 7; nodes < 4000; nodes = nodes * 3 / 2) {
                searcher.clear();
                SearchResult res = searcher.search(p.toBoard(), new SearchLimits(0, 0, nodes));
                if (Score.isProven(res.score()) && Score.pliesToEnd(res.score()) <= res.depthPlies()) {
                    claims++;
                    Solution.Value v = res.score() > 0 ? Solution.Value.WIN : Solution.Value.LOSS;
                    assertThat(v).as("%s after %d nodes", p, nodes).isEqualTo(truth.result());
                    assertThat(Score.pliesToEnd(res.score())).as("%s after %d nodes", p, nodes)
                            .isEqualTo(truth.plies());
                }
            }
        }
        assertThat(claims).isGreaterThan(50);
    }

    /*
     * The solver against a reference that shares none of its machinery: every position reachable through the rules
     * engine itself (Position.play), then values settled round by round, round k settling exactly the positions
     * whose distance is k (a win when a move reaches a loss of distance k - 1, a loss when every move reaches a win
     * and the longest is k - 1). Random endgames of up to 4 seeds a side, for every endless option (H8) and
     * skipOrigin (H4); the reference is slow, so they are few.
     */
    @Tag("slow")
    @Test
    void agreesWithAReferenceRetrogradeOnRandomEndgames() {
        SplittableRandom r = new SplittableRandom(7);
        String[] options = {null, "endless=draw", "endless=illegal", "skipOrigin"};
        int[] seen = new int[3]; // wins, losses, draws (rare this small)
        for (int t = 0; t < 48; t++) {
            String opts = options[t % options.length];
            Rules rules = opts == null ? GameKind.HAWALIS.rules()
                    : Rules.of(OptionsNotation.parse(GameKind.HAWALIS, opts));
            Position p = randomEndgame(rules, r);
            Solution s = Solver.retrograde(p);
            int[] expected = reference(p);
            int plies = s.result() == Solution.Value.DRAW ? 0 : s.plies(); // a draw's plies are its line's
            assertThat(new int[] {s.result().ordinal(), plies}).as("%s %s", p, opts).containsExactly(expected);
            seen[s.result().ordinal()]++;
            // The line is legal and, for a decided result, reaches the end in exactly that many plies.
            Position q = p;
            for (int m : s.line()) {
                assertThat(q.isLegal(m)).as("%s line %s", p, s.line()).isTrue();
                q = q.play(m);
            }
            if (s.result() != Solution.Value.DRAW) {
                assertThat(s.line()).as("%s", p).hasSize(s.plies());
                assertThat(q.isOver()).as("%s line %s", p, s.line()).isTrue();
            }
        }
        assertThat(seen[0]).as("wins").isGreaterThan(5);
        assertThat(seen[1]).as("losses").isGreaterThan(5);
    }

    /** {value ordinal, plies} of {@code start} by the reference of the test above. */
    private static int[] reference(Position start) {
        Map<String, Integer> ids = new HashMap<>();
        List<Position> all = new ArrayList<>();
        List<int[]> children = new ArrayList<>();
        ids.put(refKey(start), 0);
        all.add(start);
        for (int i = 0; i < all.size(); i++) {
            Position q = all.get(i);
            int[] moves = q.isOver() ? new int[0] : q.legalMoves();
            int[] c = new int[moves.length];
            for (int j = 0; j < moves.length; j++) {
                Position next = q.play(moves[j]);
                Integer id = ids.putIfAbsent(refKey(next), all.size());
                if (id == null) {
                    id = all.size();
                    all.add(next);
                }
                c[j] = id;
            }
            children.add(c);
        }
        int count = all.size();
        int[] value = new int[count]; // 0 unknown, 1 win, 2 loss, 3 draw at the end
        int[] dist = new int[count];
        for (int i = 0; i < count; i++) {
            Position q = all.get(i);
            if (q.isOver()) {
                value[i] = q.outcome().orElseThrow().result().winner()
                        .map(w -> w == q.sideToMove() ? 1 : 2).orElse(3);
            }
        }
        for (int k = 1;; k++) {
            List<int[]> settled = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                if (value[i] != 0) {
                    continue;
                }
                boolean win = false;
                boolean allWins = true;
                int longest = -1;
                for (int c : children.get(i)) {
                    win |= value[c] == 2 && dist[c] == k - 1;
                    allWins &= value[c] == 1;
                    longest = Math.max(longest, dist[c]);
                }
                if (win) {
                    settled.add(new int[] {i, 1});
                } else if (allWins && longest == k - 1) {
                    settled.add(new int[] {i, 2});
                }
            }
            if (settled.isEmpty()) {
                break;
            }
            for (int[] st : settled) {
                value[st[0]] = st[1];
                dist[st[0]] = k;
            }
        }
        Solution.Value v = value[0] == 1 ? Solution.Value.WIN
                : value[0] == 2 ? Solution.Value.LOSS : Solution.Value.DRAW;
        return new int[] {v.ordinal(), v == Solution.Value.DRAW ? 0 : dist[0]};
    }

    private static String refKey(Position q) {
        return Arrays.toString(q.pits()) + q.sideToMove() + q.isOver();
    }

    /** A Hawalis position with 1 to 4 seeds a side in random pits, either side to move, nothing captured. */
    private static Position randomEndgame(Rules rules, SplittableRandom r) {
        int[] pits = new int[28];
        for (int side = 0; side < 2; side++) {
            int seeds = 1 + r.nextInt(4);
            for (int s = 0; s < seeds; s++) {
                pits[side * 14 + r.nextInt(14)]++;
            }
        }
        return Position.of(rules, pits, 0, 0, r.nextBoolean() ? Side.SOUTH : Side.NORTH, 0, 0);
    }
}
