package mancala.engine.tablebase;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import mancala.engine.progress.Progress;
import mancala.notation.OptionsNotation;
import mancala.rules.Board;
import mancala.rules.GameKind;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Result;
import mancala.rules.RulesException;
import mancala.rules.Rules;
import mancala.rules.Side;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Small tables against an independent brute-force solver: for every position of the tables, a minimax over the
 * game tree that plays out the history as {@link mancala.rules.Game} does (a position seen
 * {@link Rules#repetitionLimit()} times since the last capture ends the game), with no retrograde analysis, ranking
 * or table of its own. Positions are enumerated by a plain recursion and built with {@link Position#of}. A
 * position whose game tree exceeds {@link #NODE_BUDGET} nodes (long cycles: the tree of play with history grows
 * exponentially) is left out: in practice every draw and every round that can go round for ever, so those are
 * checked against the older retrograde solver instead ({@code TablebaseSolverTest}); thousands of decided positions
 * are compared here.
 */
class TablebaseBruteForceTest {
    /** Nodes a brute-force solve of one position may take before it is left out (counted, and bounded below). */
    private static final int NODE_BUDGET = 1_500;

    @TempDir
    Path dir;

    @Test
    void hawalisTwoSeedsASide() {
        check(GameKind.HAWALIS, "", 2, true, 200);
    }

    @Test
    void hawalisEndlessDrawAndSkipOrigin() {
        check(GameKind.HAWALIS, "endless=draw skipOrigin", 2, true, 200);
    }

    @Test
    @Tag("slow")
    void baoKiarabuTwoSeedsASide() {
        check(GameKind.BAO_KIARABU, "", 2, true, 200);
    }

    @Test
    void alManqalaTwoSeeds() {
        check(GameKind.AL_MANQALA, "", 2, false, 100);
    }

    @Test
    void rioKadalisThreeSeeds() {
        check(GameKind.RIO_KADALIS, "", 3, false, 200);
    }

    @Test
    void rioKadalisFivePitsFoursAtLapEnd() {
        check(GameKind.RIO_KADALIS, "pits=5 foursAtLapEnd", 3, false, 100);
    }

    @Test
    @Tag("slow")
    void alManqalaThreeSeedsRelayAndCaptureOpposite() {
        check(GameKind.AL_MANQALA, "relay captureOpposite", 3, false, 200);
    }

    @Test
    @Tag("slow")
    void rioKadalisFourSeeds() {
        check(GameKind.RIO_KADALIS, "", 4, false, 200);
    }

    private void check(GameKind game, String options, int seeds, boolean fourRows, int atLeast) {
        Rules rules = Rules.of(OptionsNotation.parse(game, options));
        List<String> notes = new ArrayList<>();
        new Builder(rules, seeds, 2, dir, Progress.NONE, notes::add).build();
        Tablebase tb = Tablebase.open(dir, rules);
        assertThat(tb.reach()).isEqualTo(seeds);
        int[] checked = {0};
        int[] skipped = {0};
        int[] decided = {0};
        int[] draws = {0};
        forEachPosition(rules, seeds, fourRows, p -> {
            TablebaseValue v = tb.probe(p);
            assertThat(v).as("%s", p).isNotNull();
            Integer expected = solveDeep(() -> {
                Brute brute = new Brute(rules);
                return fourRows ? brute.hawalis(p.toBoard()) : brute.round(p.toBoard());
            });
            if (expected == null) {
                skipped[0]++;
                return;
            }
            checked[0]++;
            if (fourRows) {
                assertThat(encode(v)).as("%s: table %s", p, v.describe()).isEqualTo(expected);
                if (v.verdict() != TablebaseValue.Verdict.DRAW) {
                    decided[0]++;
                } else {
                    draws[0]++;
                }
            } else {
                assertThat(v.halfSeeds()).as("%s: table %s", p, v.describe()).isEqualTo(expected);
                if (v.halfSeeds() != v.seedsOnBoard()) {
                    decided[0]++;
                } else {
                    draws[0]++;
                }
            }
        });
        assertThat(checked[0]).as("positions checked (skipped %d)", skipped[0]).isGreaterThan(atLeast);
        assertThat(decided[0]).isGreaterThan(checked[0] / 4);
    }

    /** Runs a brute-force solve on a thread with a deep stack; null when it ran over its node budget. */
    private static Integer solveDeep(java.util.function.IntSupplier solve) {
        Integer[] out = new Integer[1];
        RuntimeException[] failure = new RuntimeException[1];
        Thread t = new Thread(null, () -> {
            try {
                out[0] = solve.getAsInt();
            } catch (OverBudget e) {
                out[0] = null;
            } catch (RuntimeException e) {
                failure[0] = e;
            }
        }, "brute", 1L << 28);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        if (failure[0] != null) {
            throw failure[0];
        }
        return out[0];
    }

    /** A Hawalis value as the brute force gives it: win in d → d, loss in d → -1000 - d, draw → -500. */
    private static int encode(TablebaseValue v) {
        return switch (v.verdict()) {
            case WIN -> v.plies();
            case LOSS -> -1000 - v.plies();
            case DRAW -> -500;
        };
    }

    /** Every position with at most {@code seeds} (a side, in four-row games) seeds on the board, both sides to move. */
    private static void forEachPosition(Rules rules, int seeds, boolean fourRows, Consumer<Position> f) {
        int n = rules.pitCount();
        int half = rules.pitsPerSide();
        int[] pits = new int[n];
        Runnable each = () -> {
            for (Side s : Side.values()) {
                Position p;
                try {
                    p = Position.of(rules, pits, 0, 0, s, 0, 0);
                } catch (RulesException e) {
                    continue;
                }
                f.accept(p);
            }
        };
        if (fourRows) {
            fill(pits, 0, half, seeds, () -> fill(pits, half, n, seeds, each));
        } else {
            fill(pits, 0, n, seeds, each);
        }
    }

    /** Every way of putting at most {@code left} seeds into {@code pits[at .. end)}, then {@code done}. */
    private static void fill(int[] pits, int at, int end, int left, Runnable done) {
        if (at == end) {
            done.run();
            return;
        }
        for (int c = 0; c <= left; c++) {
            pits[at] = c;
            fill(pits, at + 1, end, left - c, done);
        }
        pits[at] = 0;
    }

    private static final class OverBudget extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OverBudget() {
            super(null, null, false, false);
        }
    }

    /**
     * Plain minimax over the game tree with the history of the line played, as the rules judge repetition: the
     * positions since the last capture are kept on a stack and counted by scanning it.
     */
    private static final class Brute {
        private final Rules rules;
        private final List<Position> path = new ArrayList<>();
        private int nodes;

        Brute(Rules rules) {
            this.rules = rules;
        }

        /** @return how often {@code p} occurs on the path since {@code from}. */
        private int occurrences(Position p, int from) {
            int c = 0;
            for (int i = from; i < path.size(); i++) {
                if (path.get(i).equals(p)) {
                    c++;
                }
            }
            return c;
        }

        /** @return the Hawalis value for the mover: win in d → d, loss in d → -1000 - d, draw → -500. */
        int hawalis(Board b) {
            return hawalis(b, 0);
        }

        private int hawalis(Board b, int from) {
            if (++nodes > NODE_BUDGET) {
                throw new OverBudget();
            }
            int[] moves = new int[rules.pitCount()];
            int n = b.legalMoves(moves);
            if (n == 0) {
                Result r = rules.outcome(b).result();
                return r.winner().orElseThrow() == b.sideToMove() ? 0 : -1000;
            }
            path.add(Position.of(b));
            int best = Integer.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                Board c = b.copy();
                c.sow(moves[i]);
                int v;
                if (c.endedByMove()) {
                    Result r = rules.outcome(c).result();
                    v = r == Result.DRAW ? -500 : r.winner().orElseThrow() == b.sideToMove() ? 1 : -1001;
                } else {
                    boolean captured = c.holdings(0) != b.holdings(0) || c.holdings(1) != b.holdings(1);
                    int start = captured ? path.size() : from; // a capture clears the history (Game)
                    if (occurrences(Position.of(c), start) + 1 >= rules.repetitionLimit()
                            && c.legalMoves(new int[rules.pitCount()]) > 0) {
                        v = -500; // H10: the position occurs a second time
                    } else {
                        v = negate(hawalis(c, start));
                    }
                }
                if (best == Integer.MIN_VALUE || order(v) > order(best)) {
                    best = v;
                }
            }
            path.remove(path.size() - 1);
            return best;
        }

        /** Orders Hawalis values: the shortest win first, then a draw, the longest loss last. */
        private static int order(int v) {
            return v >= 0 ? 1_000_000 - v : v == -500 ? 0 : -1_000_000 + (-1000 - v);
        }

        /** The child's value for the child's mover, as a value for the parent's mover, one ply further. */
        private static int negate(int v) {
            if (v == -500) {
                return -500;
            }
            if (v >= 0) {
                return -1000 - (v + 1); // the child's mover wins in v: a loss in v + 1
            }
            return -1000 - v + 1; // the child's mover loses in d = -1000 - v: a win in d + 1
        }

        /**
         * @return the seeds of the board the mover of {@code b} (nothing held) ends with, in half seeds; a
         *     repetition gives the equal split (A8; Rio Kadalis: the tables' decision, half each)
         */
        int round(Board b) {
            int south = south(b, 0);
            return b.sideIndex() == 0 ? south : 2 * onBoard(b) - south;
        }

        private static int onBoard(Board b) {
            int k = 0;
            for (int p = 0; p < b.pitCount(); p++) {
                k += b.seeds(p);
            }
            return k;
        }

        /** South's holding at the end of the game from {@code b}, in half seeds. */
        private int south(Board b, int from) {
            if (++nodes > NODE_BUDGET) {
                throw new OverBudget();
            }
            int[] moves = new int[rules.pitCount()];
            int n = b.legalMoves(moves);
            if (n == 0) {
                Outcome o = rules.outcome(b);
                return 2 * o.south();
            }
            path.add(Position.of(b));
            boolean max = b.sideIndex() == 0;
            int best = max ? Integer.MIN_VALUE : Integer.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                Board c = b.copy();
                c.sow(moves[i]);
                int v;
                boolean captured = c.holdings(0) != b.holdings(0) || c.holdings(1) != b.holdings(1);
                int start = captured ? path.size() : from;
                if (occurrences(Position.of(c), start) + 1 >= rules.repetitionLimit()
                        && c.legalMoves(new int[rules.pitCount()]) > 0) {
                    // A8: the equal split; Rio Kadalis (R10's cycle, the tables' decision): half the board each
                    v = rules.kind() == GameKind.AL_MANQALA ? 2 * rules.byRepetition(c).south()
                            : 2 * c.holdings(0) + onBoard(c);
                } else {
                    v = south(c, start);
                }
                best = max ? Math.max(best, v) : Math.min(best, v);
            }
            path.remove(path.size() - 1);
            return best;
        }
    }
}
