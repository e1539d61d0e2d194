package mancala.rules;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * A deliberately plain second reading of RULES.md's sowing and capture rules (H2–H8, Bao Kiarabu, A2–A5 with the
 * options, R2–R5 with the options), written for the tests from the rule text alone: no shared code with the engine,
 * endless moves found with a set of every lap state (not a cycle-finding method). Slow, and used only to
 * cross-check the engine move by move in the random playouts.
 */
final class ReferenceSowing {
    /** The position after a move: pits, holdings, side to move; or {@code endless} with the other fields unset. */
    record After(int[] pits, int south, int north, int side, boolean endless) {
    }

    /** A lap state (pit counts, then the pit where the lap ended), compared by value. */
    private record LapState(int[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof LapState l && Arrays.equals(l.values, values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return Arrays.toString(values);
        }
    }

    private ReferenceSowing() {
    }

    static After play(RuleOptions o, Board before, int pit) {
        int[] pits = before.pits.clone();
        int[] holdings = {before.holdings[0], before.holdings[1]};
        int side = before.side;
        if (o instanceof HawalisOptions h) {
            return hawalis(h, pits, holdings, side, pit);
        }
        if (o instanceof AlManqalaOptions a) {
            return alManqala(a, pits, holdings, side, pit);
        }
        return rioKadalis((RioKadalisOptions) o, pits, holdings, side, before.closed, before.conquered, pit);
    }

    private static After hawalis(HawalisOptions o, int[] pits, int[] holdings, int side, int pit) {
        boolean bao = o.kind() == GameKind.BAO_KIARABU;
        int n = bao ? 16 : 14;
        int base = side * n;
        int q;
        if (pits[pit] == 1) {
            // H6: one step forward into an empty pit.
            q = ownNext(pit, base, n, bao);
            pits[pit] = 0;
            pits[q] = 1;
        } else {
            Set<LapState> lapStates = new HashSet<>();
            int seeds = pits[pit];
            pits[pit] = 0;
            int origin = pit;
            q = pit;
            while (true) {
                for (int s = 0; s < seeds; s++) {
                    q = ownNext(q, base, n, bao);
                    if (q == origin && o.skipOrigin()) {
                        q = ownNext(q, base, n, bao);
                    }
                    pits[q]++;
                }
                if (pits[q] == 1) {
                    break;
                }
                // H8: the mover's pit counts and the pit where the lap ended.
                int[] own = Arrays.copyOfRange(pits, base, base + n + 1);
                own[n] = q;
                if (!lapStates.add(new LapState(own))) {
                    return new After(null, 0, 0, side, true);
                }
                seeds = pits[q];
                pits[q] = 0;
                origin = q;
            }
        }
        int i = q - base;
        int innerFrom = bao ? 8 : 7;
        if (i >= innerFrom) {
            int oppBase = (side ^ 1) * n;
            int facing = oppBase + (bao ? 23 - i : 20 - i);
            int behind = oppBase + (bao ? i - 8 : i - 7);
            if (bao || pits[facing] > 0) {
                holdings[side] += pits[facing] + pits[behind];
                pits[facing] = 0;
                pits[behind] = 0;
            }
        }
        return new After(pits, holdings[0], holdings[1], side ^ 1, false);
    }

    private static int ownNext(int p, int base, int n, boolean clockwise) {
        int i = p - base;
        return base + (clockwise ? (i + n - 1) % n : (i + 1) % n);
    }

    private static After alManqala(AlManqalaOptions o, int[] pits, int[] holdings, int side, int pit) {
        Set<LapState> lapStates = new HashSet<>();
        int seeds = pits[pit];
        pits[pit] = 0;
        int origin = pit;
        int q = pit;
        while (true) {
            for (int s = 0; s < seeds; s++) {
                q = (q + 1) % 14;
                if (q == origin && o.skipOrigin()) {
                    q = (q + 1) % 14;
                }
                pits[q]++;
            }
            if (pits[q] == 2 || pits[q] == 4) {
                int r = q;
                do {
                    if (pits[r] != 2 && pits[r] != 4) {
                        break;
                    }
                    holdings[side] += pits[r];
                    pits[r] = 0;
                    if (o.captureOpposite()) {
                        holdings[side] += pits[13 - r];
                        pits[13 - r] = 0;
                    }
                    r = (r + 13) % 14;
                } while (r != q);
                break;
            }
            if (!o.relay() || pits[q] == 1) {
                break;
            }
            int[] state = Arrays.copyOf(pits, 15);
            state[14] = q;
            if (!lapStates.add(new LapState(state))) {
                return new After(null, 0, 0, side, true);
            }
            seeds = pits[q];
            pits[q] = 0;
            origin = q;
        }
        int next = side ^ 1;
        if (rowEmpty(pits, next, 7) && !rowEmpty(pits, side, 7)) {
            next = side; // A5: the opponent passes
        }
        return new After(pits, holdings[0], holdings[1], next, false);
    }

    private static boolean rowEmpty(int[] pits, int side, int n) {
        for (int p = side * n; p < side * n + n; p++) {
            if (pits[p] != 0) {
                return false;
            }
        }
        return true;
    }

    private static After rioKadalis(RioKadalisOptions o, int[] pits, int[] holdings, int side, int closed, int conquered,
                                    int pit) {
        int count = pits.length;
        int n = count / 2;
        Set<LapState> lapStates = new HashSet<>();
        int seeds = pits[pit];
        pits[pit] = 0;
        int origin = pit;
        int q = pit;
        while (true) {
            boolean[] sown = new boolean[count];
            for (int s = 0; s < seeds; s++) {
                do {
                    q = o.clockwise() ? (q + count - 1) % count : (q + 1) % count;
                } while ((closed >>> q & 1) != 0 || q == origin && o.skipOrigin());
                pits[q]++;
                boolean last = s == seeds - 1;
                if (!last) {
                    sown[q] = true;
                    if (!o.foursAtLapEnd() && pits[q] == 4) {
                        holdings[owner(q, n, conquered)] += 4; // R3
                        pits[q] = 0;
                    }
                }
            }
            if (o.foursAtLapEnd()) {
                for (int p = 0; p < count; p++) {
                    if (sown[p] && p != q && pits[p] == 4) {
                        holdings[owner(p, n, conquered)] += 4;
                        pits[p] = 0;
                    }
                }
            }
            if (pits[q] == 4) {
                holdings[side] += 4; // R4: binikh
                pits[q] = 0;
                break;
            }
            if (pits[q] == 1) {
                break;
            }
            int[] state = Arrays.copyOf(pits, count + 3);
            state[count] = holdings[0];
            state[count + 1] = holdings[1];
            state[count + 2] = q;
            if (!lapStates.add(new LapState(state))) {
                return new After(null, 0, 0, side, true);
            }
            seeds = pits[q];
            pits[q] = 0;
            origin = q;
        }
        return new After(pits, holdings[0], holdings[1], side ^ 1, false);
    }

    private static int owner(int p, int n, int conquered) {
        return (p < n ? 0 : 1) ^ (conquered >>> p & 1);
    }
}
