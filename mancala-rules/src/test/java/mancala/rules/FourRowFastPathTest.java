package mancala.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import mancala.notation.OptionsNotation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The four-row games' fast paths against straightforward readings of the rules, move by move in seeded random
 * games and positions: the pit masks kept while sowing give the moves of H3 and H6 read from the pits, and an
 * endless move (H8) is found when a lap comes back to the move's start, which a set of every lap state confirms.
 */
class FourRowFastPathTest {
    /**
     * Every ply of 300 random games (and every move of each position, on a copy): the legal moves of the board that
     * played the game (its masks kept by each sowing and capture) equal those of a fresh board of the same position
     * (which scans its pits) and those read from the pits by H3 and H6 directly.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "hawalis|", "hawalis|skipOrigin", "hawalis|endless=illegal", "hawalis|endless=draw scoring=captures",
        "bao-kiarabu|", "bao-kiarabu|seeds=3", "bao-kiarabu|skipOrigin endless=illegal",
    })
    void movesFromThePitMasksAreTheMovesReadFromThePits(String game, String text) {
        GameKind kind = GameKind.byKey(game).orElseThrow();
        Rules rules = Rules.of(OptionsNotation.parse(kind, text == null ? "" : text));
        int[] moves = new int[rules.pitCount()];
        int[] fresh = new int[rules.pitCount()];
        long plies = 0;
        for (int g = 0; g < 300; g++) {
            SplittableRandom random = new SplittableRandom(0x6d61736bL + g);
            Board b = rules.initialBoard();
            for (int ply = 0; ply < 2000; ply++) {
                int n = rules.legalMoves(b, moves);
                Board scanned = Position.of(b).toBoard();
                int m2 = rules.legalMoves(scanned, fresh);
                String where = kind.key() + " " + text + " game " + g + " ply " + ply + " at " + b;
                assertThat(Arrays.copyOf(moves, n)).as(where).containsExactly(Arrays.copyOf(fresh, m2));
                if (n == 0) {
                    break;
                }
                assertThat(Arrays.copyOf(moves, n)).as(where).containsExactly(byTheRuleText(rules, b));
                for (int i = 0; i < n; i++) {
                    Board t = b.copy();
                    rules.sow(t, moves[i]);
                    int k = rules.legalMoves(t, fresh);
                    int[] again = new int[rules.pitCount()];
                    int k2 = rules.legalMoves(Position.of(t).toBoard(), again);
                    assertThat(Arrays.copyOf(fresh, k)).as(where + " after " + rules.pitLetter(moves[i]))
                            .containsExactly(Arrays.copyOf(again, k2));
                }
                rules.sow(b, moves[random.nextInt(n)]);
                plies++;
            }
        }
        assertThat(plies).isGreaterThan(10_000);
    }

    /** H3 and H6 read from the pits: pits of two or more; without one, a single seed whose next pit is empty. */
    private static int[] byTheRuleText(Rules rules, Board b) {
        int n = rules.pitsPerSide();
        int base = b.side * n;
        boolean clockwise = rules.kind() == GameKind.BAO_KIARABU;
        List<Integer> twos = new ArrayList<>();
        List<Integer> singles = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int next = base + (clockwise ? (i + n - 1) % n : (i + 1) % n);
            if (b.pits[base + i] >= 2) {
                twos.add(base + i);
            } else if (b.pits[base + i] == 1 && b.pits[next] == 0) {
                singles.add(base + i);
            }
        }
        List<Integer> legal = twos.isEmpty() ? singles : twos;
        if (rules.endlessIllegal) {
            legal.removeIf(m -> ReferenceSowing.play(rules.options(), b, m).endless());
        }
        return legal.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Random sides of 14 or 16 pits, every relay move of each: when a set of every lap state
     * finds the move endless, the first state to come again is the state the move started from (the lap map
     * without skipOrigin is one-to-one, HawalisRules), and the engine says endless too; when the set finds an
     * end, so does the engine. With skipOrigin, where the map need not be one-to-one, only the verdicts are compared.
     */
    @ParameterizedTest
    @CsvSource({"hawalis, false", "bao-kiarabu, false", "hawalis, true"})
    void anEndlessMoveComesBackToItsStart(String game, boolean skipOrigin) {
        GameKind kind = GameKind.byKey(game).orElseThrow();
        Rules rules = Rules.of(OptionsNotation.parse(kind, skipOrigin ? "skipOrigin" : ""));
        int n = rules.pitsPerSide();
        boolean clockwise = kind == GameKind.BAO_KIARABU;
        SplittableRandom random = new SplittableRandom(0x656e646cL + n + (skipOrigin ? 1 : 0));
        int endless = 0;
        for (int i = 0; i < 40_000; i++) {
            int[] pits = new int[2 * n];
            int seeds = 8 + random.nextInt(21); // the sides of 8 to 28 seeds where random games meet endless moves
            for (int s = 0; s < seeds; s++) {
                pits[random.nextInt(n)]++;
            }
            pits[n + random.nextInt(n)] = 1; // the opponent keeps a seed
            Board b = rules.emptyBoard();
            b.setup(pits, 0);
            for (int m = 0; m < n; m++) {
                if (pits[m] < 2) {
                    continue;
                }
                int firstRepeat = firstRepeatedLap(pits, m, n, clockwise, skipOrigin);
                Board t = b.copy();
                rules.sow(t, m);
                boolean engineEndless = t.statusTermination() == Termination.ENDLESS_MOVE;
                if (engineEndless != firstRepeat >= 0) {
                    fail(Arrays.toString(pits) + " move " + m + ": endless by the lap states " + (firstRepeat >= 0)
                            + ", by the engine " + engineEndless);
                }
                if (firstRepeat >= 0) {
                    endless++;
                    if (!skipOrigin) {
                        assertThat(firstRepeat).as(Arrays.toString(pits) + " move " + m).isZero();
                    }
                }
            }
        }
        assertThat(endless).as("endless moves met").isGreaterThanOrEqualTo(5);
    }

    /** @return the lap (0 = the start) whose state comes again first, or -1 when the move ends. */
    private static int firstRepeatedLap(int[] start, int pit, int n, boolean clockwise, boolean skipOrigin) {
        int[] pits = Arrays.copyOf(start, n);
        List<String> order = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int q = pit;
        String state = Arrays.toString(pits) + "@" + q;
        seen.add(state);
        order.add(state);
        while (true) {
            int seeds = pits[q];
            pits[q] = 0;
            int origin = q;
            for (int s = 0; s < seeds; s++) {
                q = clockwise ? (q + n - 1) % n : (q + 1) % n;
                if (q == origin && skipOrigin) {
                    q = clockwise ? (q + n - 1) % n : (q + 1) % n;
                }
                pits[q]++;
            }
            if (pits[q] == 1) {
                return -1;
            }
            state = Arrays.toString(pits) + "@" + q;
            if (!seen.add(state)) {
                return order.indexOf(state);
            }
            order.add(state);
        }
    }
}
