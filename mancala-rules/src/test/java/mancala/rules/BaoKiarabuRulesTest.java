package mancala.rules;

import static mancala.rules.Hand.check;
import static mancala.rules.Hand.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Bao Kiarabu (docs/rules.md §1, variant): 4×8, sown clockwise (backwards through the letters: c, b, a, p, o …), the
 * opponent's outer pit taken even behind an empty inner pit; option seeds=3. Worked by hand, mirrored for North.
 *
 * <p>Letters: outer a–h (0–7), inner i–p (8–15); inner index i faces the opponent's 23 − i, outer i − 8 behind.
 */
class BaoKiarabuRulesTest {
    private static final GameKind B = GameKind.BAO_KIARABU;
    private static final String ALL2 = "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2";

    @Test
    void openingHasSixteenMovesAndThirtyTwoSeedsASide() {
        Position p = Position.initial(B);
        assertThat(p.legalMoves()).hasSize(16);
        assertThat(p.totalSeeds()).isEqualTo(64);
        assertThat(p.sideToMove()).isEqualTo(Side.SOUTH);
        Position three = Position.initial(Rules.of(HawalisOptions.baoKiarabu(3)));
        assertThat(three.totalSeeds()).isEqualTo(96);
        assertThat(three.seeds(0)).isEqualTo(3);
    }

    @Test
    void openingMoveSowsClockwiseAndCaptures() {
        // c (2): b 3, a 3 -> relay a (3): p, o, n = 3 -> relay n: m, l, k = 3 -> relay k: j, i, h = 3 -> relay h:
        // g, f, e = 3 -> relay e: d 3, c 1, b 4 -> relay b (4): a 1, p 4, o 4, n 1 (emptied): end in inner n (13),
        // facing K (23 - 13 = 10) with 2 and F (13 - 8 = 5) behind with 2: South takes 4.
        check(B, "", "bao-kiarabu " + ALL2 + " " + ALL2 + " S", "c",
                "bao-kiarabu 1,0,1,3,0,3,3,0,3,3,0,3,3,1,4,4 2,2,2,2,2,0,2,2,2,2,0,2,2,2,2,2 N 4-0");
    }

    @Test
    void seedsThreeOpeningMove() {
        // seeds=3, c (3): b 4, a 4, p 4 -> relay p (4): o, n, m, l = 4 -> relay l: k, j, i, h = 4 -> relay h:
        // g, f, e, d = 4 -> relay d (4): c 1, b 5, a 5, p 1 (emptied): end in inner p (15), facing I (8) and H (7)
        // behind, 3 each: South takes 6.
        String all3 = "3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3";
        check(B, "seeds=3", "bao-kiarabu " + all3 + " " + all3 + " S", "c",
                "bao-kiarabu 5,5,1,0,4,4,4,0,4,4,4,0,4,4,4,1 3,3,3,3,3,3,3,0,0,3,3,3,3,3,3,3 N 6-0");
    }

    @Test
    void outerPitIsTakenEvenBehindAnEmptyInnerPit() {
        // Singleton j steps clockwise into i (8): facing P (15) is empty, A (0) behind holds 3: taken.
        check(B, "", "bao-kiarabu 0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0 3,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0 S", "j",
                "bao-kiarabu 0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0 N 3-0");
        // Both occupied: both taken.
        check(B, "", "bao-kiarabu 0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0 3,0,2,0,0,0,0,0,0,0,0,0,0,0,0,2 S", "j",
                "bao-kiarabu 0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0 N 5-0");
        // Both empty: nothing.
        check(B, "", "bao-kiarabu 0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0 0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0 S", "j",
                "bao-kiarabu 0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0 N");
    }

    /** Inner pit, facing inner pit (23 − i), outer pit behind (i − 8), from docs/rules.md §1's Bao Kiarabu text. */
    private static final String[][] OPPOSITION = {
        {"i", "P", "A"}, {"j", "O", "B"}, {"k", "N", "C"}, {"l", "M", "D"},
        {"m", "L", "E"}, {"n", "K", "F"}, {"o", "J", "G"}, {"p", "I", "H"},
    };

    @Test
    void oppositionHoldsForEveryInnerPit() {
        // A singleton steps clockwise into each inner pit from the pit after it in letter order (p from a) and
        // takes the facing pit (3) and the outer pit behind (5); North's other pits (1 each) stay.
        for (String[] row : OPPOSITION) {
            char inner = row[0].charAt(0);
            char from = inner == 'p' ? 'a' : (char) (inner + 1);
            int[] south = new int[16];
            south[from - 'a'] = 1;
            int[] north = new int[16];
            Arrays.fill(north, 1);
            north[row[1].charAt(0) - 'A'] = 3;
            north[row[2].charAt(0) - 'A'] = 5;
            int[] southAfter = new int[16];
            southAfter[inner - 'a'] = 1;
            int[] northAfter = north.clone();
            northAfter[row[1].charAt(0) - 'A'] = 0;
            northAfter[row[2].charAt(0) - 'A'] = 0;
            check(B, "", "bao-kiarabu " + HawalisRulesTest.csv(south) + " " + HawalisRulesTest.csv(north) + " S",
                    String.valueOf(from),
                    "bao-kiarabu " + HawalisRulesTest.csv(southAfter) + " " + HawalisRulesTest.csv(northAfter)
                            + " N 8-0");
        }
    }

    @Test
    void lapOfSixteenSowsTheEmptiedStartingPit() {
        // c (16): b, a, p … d take 15, the 16th goes into the emptied c: end there, all pits 1.
        String all1 = "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1";
        check(B, "", "bao-kiarabu 0,0,16,0,0,0,0,0,0,0,0,0,0,0,0,0 " + ALL2 + " S", "c",
                "bao-kiarabu " + all1 + " " + ALL2 + " N");
    }

    @Test
    void skipOriginPassesTheEmptiedStartingPitClockwise() {
        // skipOrigin, c (16): b … d (15), c skipped, the 16th into b (1 -> 2): relay b: a 2, p 2 -> relay p: o, n
        // -> relay n: m, l -> relay l: k, j -> relay j: i, h -> relay h: g, f -> relay f: e, d -> relay d (2):
        // c 0 -> 1, b 0 -> 1 (emptied): end in the outer row.
        check(B, "skipOrigin", "bao-kiarabu 0,0,16,0,0,0,0,0,0,0,0,0,0,0,0,0 " + ALL2 + " S", "c",
                "bao-kiarabu 2,1,1,0,2,0,2,0,2,0,2,0,2,0,2,0 " + ALL2 + " N");
    }

    @Test
    void singletonsStepClockwiseIntoEmptyPits() {
        // a steps to p (a's clockwise neighbour), c to the empty b; d is blocked by c.
        Hand.legal(HawalisOptions.defaults(B), "bao-kiarabu 1,0,1,1,0,0,0,0,0,0,0,0,0,0,0,0 " + ALL2 + " S", "a c");
        // With p full, a is blocked too, and p may step to the empty o.
        Hand.legal(HawalisOptions.defaults(B), "bao-kiarabu 1,0,1,1,0,0,0,0,0,0,0,0,0,0,0,1 " + ALL2 + " S", "c p");
    }

    @Test
    void emptiedSideLoses() {
        // j steps into i and takes A (3), North's last seeds (P empty): North has no seeds and loses (H9).
        check(B, "", "bao-kiarabu 0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0 3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 S", "j",
                "bao-kiarabu 0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 N 3-0",
                outcome(Result.SOUTH_WINS, Termination.NO_SEEDS, 3, 0));
    }
}
