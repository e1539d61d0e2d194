package mancala.pairing.matching;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MaxWeightMatchingTest {
    private static BigInteger total(MaxWeightMatching m, int[] mate) {
        BigInteger s = BigInteger.ZERO;
        for (int v = 0; v < mate.length; v++) {
            if (mate[v] > v) {
                s = s.add(m.weight(v, mate[v]));
            }
        }
        return s;
    }

    /** The best total over all matchings, by trying every partner for the lowest free vertex. */
    private static BigInteger brute(MaxWeightMatching m, boolean[] used, int from) {
        int n = m.size();
        int v = from;
        while (v < n && used[v]) {
            v++;
        }
        if (v >= n) {
            return BigInteger.ZERO;
        }
        used[v] = true;
        BigInteger best = brute(m, used, v + 1); // v stays single
        for (int u = v + 1; u < n; u++) {
            if (!used[u] && m.weight(v, u).signum() > 0) {
                used[u] = true;
                best = best.max(m.weight(v, u).add(brute(m, used, v + 1)));
                used[u] = false;
            }
        }
        used[v] = false;
        return best;
    }

    @Test
    void aTriangleTakesItsHeaviestEdge() {
        MaxWeightMatching m = new MaxWeightMatching(3);
        m.setWeight(0, 1, BigInteger.valueOf(5));
        m.setWeight(1, 2, BigInteger.valueOf(7));
        m.setWeight(0, 2, BigInteger.valueOf(6));
        int[] mate = m.compute();
        assertThat(mate).containsExactly(0, 2, 1);
    }

    @Test
    void twoLightEdgesBeatOneHeavyOneWhenTheirSumIsLarger() {
        // path 0-1-2-3: 1-2 weighs 10, the outer edges 6 each: 12 > 10
        MaxWeightMatching m = new MaxWeightMatching(4);
        m.setWeight(0, 1, BigInteger.valueOf(6));
        m.setWeight(1, 2, BigInteger.valueOf(10));
        m.setWeight(2, 3, BigInteger.valueOf(6));
        assertThat(m.compute()).containsExactly(1, 0, 3, 2);
    }

    @Test
    void weightsWiderThanALongAreExact() {
        // differences only in the lowest bit of 200-bit weights decide
        BigInteger big = BigInteger.ONE.shiftLeft(200);
        MaxWeightMatching m = new MaxWeightMatching(4);
        m.setWeight(0, 1, big.add(BigInteger.ONE));
        m.setWeight(2, 3, big.add(BigInteger.ONE));
        m.setWeight(0, 2, big.add(BigInteger.ONE));
        m.setWeight(1, 3, big.add(BigInteger.TWO));
        assertThat(m.compute()).containsExactly(2, 3, 0, 1);
    }

    @Test
    void randomGraphsReachTheBruteForceOptimum() {
        Random rnd = new Random(20261204);
        for (int trial = 0; trial < 400; trial++) {
            int n = 2 + rnd.nextInt(9);
            MaxWeightMatching m = new MaxWeightMatching(n);
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (rnd.nextInt(3) > 0) {
                        BigInteger w = BigInteger.valueOf(1 + rnd.nextInt(20));
                        if (rnd.nextBoolean()) {
                            w = w.shiftLeft(90).add(BigInteger.valueOf(rnd.nextInt(5)));
                        }
                        m.setWeight(i, j, w);
                    }
                }
            }
            int[] mate = m.compute();
            for (int v = 0; v < n; v++) {
                assertThat(mate[mate[v]]).isEqualTo(v);
            }
            assertThat(total(m, mate)).as("trial %d", trial).isEqualTo(brute(m, new boolean[n], 0));
        }
    }
}
