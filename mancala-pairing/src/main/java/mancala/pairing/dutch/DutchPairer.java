package mancala.pairing.dutch;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mancala.pairing.Colour;
import mancala.pairing.Tournament;
import mancala.pairing.dutch.RoundState.Match;
import mancala.pairing.dutch.RoundState.P;
import mancala.pairing.matching.MaxWeightMatching;

/**
 * The FIDE (Dutch) Swiss system, C.04.3 as in force from 1 July 2025 (with the general handling rules C.04.1 and
 * C.04.2): pairs the next round of a {@link Tournament}.
 *
 * <p>The rules are applied the way FIDE-endorsed programs apply them: one maximum-weight matching over all players
 * to pair, bracket by bracket from the top score down, whose integer edge weights encode the criteria in order of
 * priority, most important in the highest bits: the absolute criteria (C1 no rematch, C3 no two non-topscorers
 * with the same absolute colour preference) as missing edges; completion (C4) and the bye rules (C2: no second
 * pairing-allocated bye, none for a player who already scored a win's points without playing; the bye to the
 * lowest score possible, then to the player with the most games played); C5 the number of pairs in the bracket;
 * C6 the scores of the downfloaters; C7 the pairs and scores of the next bracket; C8-C13 the colour criteria
 * (colour difference beyond ±2 and three same colours in a row only for topscorers in the last round, then the
 * colour preferences and the strong ones); C14-C21 the repeated downfloats/upfloats of the last two rounds and
 * their score differences; and last the order of transpositions and exchanges inside a bracket (articles 3.2-3.3),
 * fixed one player at a time with further matchings. Colours (here: sides, White = the side that moves first)
 * are allocated by articles 5.2.1-5.2.5.
 *
 * <p>This way of turning the rules into matchings (the layout of the weights, the order in which moved-down players,
 * exchanges and opponents are fixed) is the published method of the FIDE-endorsed program bbpPairings (Apache-2.0),
 * written anew here in Java so that its results, sides included, are the same.
 */
public final class DutchPairer {
    private DutchPairer() {
    }

    /**
     * Pairs the round after those written in {@code t}. Entries already written for that round (H, Z, F, -)
     * keep those players out; every other player is paired.
     *
     * @return the pairs, sorted for publication (highest scores first, the bye last)
     * @throws NoValidPairingException when no pairing satisfies the absolute criteria
     * @throws IllegalArgumentException when the tournament lacks what pairing needs (the number of rounds, the
     *                                  initial colour, a consistent history)
     */
    public static List<Pairing> pairNextRound(Tournament t) throws NoValidPairingException {
        return pair(RoundState.forNextRound(t));
    }

    /**
     * Re-pairs round {@code round} (1-based) of a tournament from the rounds before it, with the players who were not
     * paired in that round kept out.
     */
    public static List<Pairing> repairRound(Tournament t, int round) throws NoValidPairingException {
        return pair(RoundState.forRound(t, round));
    }

    static List<Pairing> pair(RoundState st) throws NoValidPairingException {
        List<P> sorted = new ArrayList<>();
        for (P p : st.players) {
            if (st.present(p)) {
                sorted.add(p);
            }
        }
        if (sorted.isEmpty()) {
            return List.of();
        }
        sorted.sort((a, b) -> {
            int c = Integer.compare(st.score(b), st.score(a));
            return c != 0 ? c : Integer.compare(a.rankIndex, b.rankIndex);
        });
        return new Engine(st, sorted).run();
    }

    private enum Float { DOWN, UP, NONE }

    /** One pairing computation. */
    private static final class Engine {
        private final RoundState st;
        private final List<P> sorted;
        private final int n;
        private final int[] score;
        private final Map<Integer, Integer> groupShift = new HashMap<>();
        private final int groupsShift;
        private final int groupSizeBits;
        private final BigInteger maxWeight;
        private final MaxWeightMatching mc;
        private int byeScore;
        private boolean singleDownfloaterIsByeAssignee;
        private final Map<Integer, Integer> unplayedRanks = new HashMap<>();

        Engine(RoundState st, List<P> sorted) {
            this.st = st;
            this.sorted = sorted;
            this.n = sorted.size();
            this.score = new int[st.players.length];
            for (P p : st.players) {
                if (p.valid && p.matches.size() >= st.playedRounds) {
                    score[p.id] = st.score(p);
                }
            }
            int shift = 0;
            int maxGroup = 0;
            int repeated = 0;
            for (int i = n - 1; i >= 0; i--) {
                repeated++;
                int s = sc(sorted.get(i));
                if (i == 0 || s < sc(sorted.get(i - 1))) {
                    groupShift.put(s, shift);
                    maxGroup = Math.max(maxGroup, repeated);
                    shift += bits(repeated);
                    repeated = 0;
                }
            }
            groupsShift = shift;
            groupSizeBits = bits(maxGroup);
            int total = 0;
            total += groupSizeBits + groupsShift + groupSizeBits + groupsShift + 2 * groupSizeBits + 4 * groupSizeBits;
            if (st.playedRounds > 0) {
                total += 2 * groupSizeBits + 2 * groupsShift;
            }
            if (st.playedRounds > 1) {
                total += 2 * groupSizeBits + 2 * groupsShift;
            }
            total += 3 * groupSizeBits + 1;
            maxWeight = BigInteger.ONE.shiftLeft(total + 2).subtract(BigInteger.ONE);
            mc = new MaxWeightMatching(n);
        }

        private static int bits(int v) {
            return 32 - Integer.numberOfLeadingZeros(v);
        }

        private int sc(P p) {
            return score[p.id];
        }

        private boolean compatible(P a, P b) {
            if (a.forbidden.contains(b.id) || b.forbidden.contains(a.id)) {
                return false;
            }
            int threshold = st.playedRounds * Math.max(st.points.win(), st.points.draw()) >> 1;
            return !a.absolutePreference() || !b.absolutePreference() || a.preference != b.preference
                    || st.playedRounds >= st.expectedRounds - 1 && (sc(a) > threshold || sc(b) > threshold);
        }

        private Float floatOf(P p, int roundsBack) {
            Match m = p.matches.get(st.playedRounds - roundsBack);
            if (!m.played) {
                return st.points(p, m) > st.points.loss() ? Float.DOWN : Float.NONE;
            }
            int mine = st.score(p, roundsBack);
            int theirs = st.score(st.players[m.opponent], roundsBack);
            return mine > theirs ? Float.DOWN : mine < theirs ? Float.UP : Float.NONE;
        }

        private boolean byeCandidate(P p) {
            return st.eligibleForBye(p) && sc(p) <= byeScore;
        }

        private static BigInteger b(boolean v) {
            return v ? BigInteger.ONE : BigInteger.ZERO;
        }

        private BigInteger bit(int score) {
            return BigInteger.ONE.shiftLeft(groupShift.get(score));
        }

        private static boolean prefsCompatible(Colour a, Colour b) {
            return a != b || a == Colour.NONE || b == Colour.NONE;
        }

        /** The edge weight between a higher- and a lower-placed player (0: they may not meet). */
        private BigInteger weight(P higher, P lower, boolean lowerInCurrent, boolean lowerInNext) {
            if (!compatible(higher, lower)) {
                return BigInteger.ZERO;
            }
            int sgb = groupSizeBits;
            BigInteger r = BigInteger.valueOf(1 + (byeCandidate(higher) ? 0 : 1) + (byeCandidate(lower) ? 0 : 1));
            // C5: pairs in the current bracket
            r = r.shiftLeft(sgb).or(b(lowerInCurrent));
            // C6: scores paired in the current bracket
            r = r.shiftLeft(groupsShift);
            if (lowerInCurrent) {
                r = r.or(bit(sc(higher)));
            }
            // C7: pairs and scores in the next bracket
            r = r.shiftLeft(sgb).or(b(lowerInNext));
            r = r.shiftLeft(groupsShift);
            if (lowerInNext) {
                r = r.or(bit(sc(higher)));
            }
            // the bye to the player with the fewest unplayed games
            r = r.shiftLeft(sgb).shiftLeft(sgb);
            if (singleDownfloaterIsByeAssignee) {
                if (sc(higher) == byeScore) {
                    r = r.or(BigInteger.valueOf(unplayedRanks.get(higher.playedGames)));
                }
                if (sc(lower) == byeScore) {
                    r = r.add(BigInteger.valueOf(unplayedRanks.get(lower.playedGames)));
                }
            }
            // C8-C11: colours
            P p = lower;
            P o = higher;
            boolean mask = lowerInCurrent;
            r = r.shiftLeft(sgb).or(b(mask && (!p.absoluteImbalance() || !o.absoluteImbalance()
                    || p.preference != o.preference)));
            boolean c9;
            if (p.imbalance == o.imbalance) {
                c9 = p.repeated == Colour.NONE || p.repeated != o.repeated;
            } else {
                c9 = (p.imbalance > o.imbalance ? o : p).repeated != p.preference.invert();
            }
            r = r.shiftLeft(sgb).or(b(mask && (!p.absolutePreference() || !o.absolutePreference()
                    || p.preference != o.preference || c9)));
            r = r.shiftLeft(sgb).or(b(mask && prefsCompatible(p.preference, o.preference)));
            r = r.shiftLeft(sgb).or(b(mask && (!p.strong && !p.absolutePreference()
                    || !o.strong && !o.absolutePreference()
                    || p.absolutePreference() && o.absolutePreference()
                    || p.preference != o.preference)));
            // C12-C15: repeated floats
            for (int back = 1; back <= 2; back++) {
                if (st.playedRounds >= back) {
                    r = r.shiftLeft(sgb);
                    if (lowerInCurrent) {
                        r = r.or(b(floatOf(lower, back) == Float.DOWN));
                        r = r.add(b(sc(higher) <= sc(lower) && floatOf(higher, back) == Float.DOWN));
                    }
                    r = r.shiftLeft(sgb);
                    if (lowerInCurrent) {
                        r = r.or(b(!(sc(higher) > sc(lower) && floatOf(lower, back) == Float.UP)));
                    }
                }
            }
            // C16-C19: scores of repeated floaters
            for (int back = 1; back <= 2; back++) {
                if (st.playedRounds >= back) {
                    r = r.shiftLeft(groupsShift);
                    if (lowerInCurrent) {
                        if (floatOf(lower, back) == Float.DOWN) {
                            r = r.add(bit(sc(lower)));
                        }
                        if (floatOf(higher, back) == Float.DOWN) {
                            r = r.add(bit(sc(higher)));
                        }
                    }
                    r = r.shiftLeft(groupsShift);
                    if (lowerInCurrent && !(floatOf(lower, back) == Float.UP && sc(higher) > sc(lower))) {
                        r = r.or(bit(sc(higher)));
                    }
                }
            }
            // room for the order of exchanges and transpositions
            return r.shiftLeft(3 * sgb + 1);
        }

        private BigInteger weight0(P higher, P lower) {
            return weight(higher, lower, false, false);
        }

        private void finalizePair(int v0, int v1) {
            for (int u = 0; u < n; u++) {
                if (u != v0) {
                    mc.setWeight(v0, u, u == v1 ? maxWeight : BigInteger.ZERO);
                }
                if (u != v1) {
                    mc.setWeight(v1, u, u == v0 ? maxWeight : BigInteger.ZERO);
                }
            }
        }

        private boolean complete(int[] matching) {
            boolean unmatched = false;
            for (int v = 0; v < n; v++) {
                if (matching[v] == v) {
                    if (unmatched || !st.eligibleForBye(sorted.get(v))) {
                        return false;
                    }
                    unmatched = true;
                }
            }
            return true;
        }

        List<Pairing> run() throws NoValidPairingException {
            boolean odd = (n & 1) != 0;
            int top = sc(sorted.get(0));
            for (int i = 0; i < n; i++) {
                P player = sorted.get(i);
                for (int j = 0; j < i; j++) {
                    P opp = sorted.get(j);
                    BigInteger w;
                    if (odd) {
                        w = BigInteger.ZERO;
                        if (compatible(player, opp)) {
                            w = BigInteger.valueOf(1 + (st.eligibleForBye(player) ? 0 : 1)
                                    + (st.eligibleForBye(opp) ? 0 : 1));
                            w = w.shiftLeft(groupsShift);
                            w = w.or(BigInteger.valueOf(groupShift.get(sc(player)) + groupShift.get(sc(opp))));
                            w = w.shiftLeft(groupSizeBits);
                            w = w.or(b(sc(player) >= top));
                        }
                    } else {
                        w = weight0(opp, player);
                    }
                    mc.setWeight(i, j, w);
                }
            }
            int[] first = mc.compute();
            if (!complete(first)) {
                throw new NoValidPairingException(
                        "no pairing of the " + n + " players present satisfies the absolute criteria"
                                + " (no rematch, at most one pairing-allocated bye, absolute colour preferences)");
            }
            if (odd) {
                for (int v = 0; v < n; v++) {
                    if (first[v] == v) {
                        byeScore = sc(sorted.get(v));
                        break;
                    }
                }
                if (byeScore >= top) {
                    singleDownfloaterIsByeAssignee = true;
                    for (int v = 0; v < n; v++) {
                        if (sc(sorted.get(v)) < top) {
                            break;
                        }
                        if (sc(sorted.get(first[v])) < top) {
                            singleDownfloaterIsByeAssignee = false;
                            break;
                        }
                    }
                } else {
                    singleDownfloaterIsByeAssignee = false;
                }
                List<Integer> counts = new ArrayList<>();
                for (P p : sorted) {
                    if (sc(p) == byeScore) {
                        counts.add(p.playedGames);
                    }
                }
                counts.sort(Comparator.reverseOrder());
                int rank = 0;
                for (int c : counts) {
                    unplayedRanks.put(c, rank++);
                }
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < i; j++) {
                        mc.setWeight(i, j, weight0(sorted.get(j), sorted.get(i)));
                    }
                }
            } else {
                singleDownfloaterIsByeAssignee = false;
            }

            P[] matchById = new P[st.players.length];
            List<P> pbi = new ArrayList<>();
            List<Integer> vi = new ArrayList<>();
            int nextIdx = 0;
            while (nextIdx < n && sc(sorted.get(nextIdx)) >= top) {
                pbi.add(sorted.get(nextIdx));
                vi.add(nextIdx);
                nextIdx++;
            }
            boolean[] matched = new boolean[n];
            int sgBegin = 0;
            int sgBeginVertex = 0;
            int[] stable;
            while (pbi.size() > 1 || nextIdx < n) {
                final int nextBegin = pbi.size();
                final int nextBeginVertex = sgBeginVertex + (nextBegin - sgBegin);
                final int groupStart = nextIdx;
                while (nextIdx < n && sc(sorted.get(nextIdx)) >= sc(sorted.get(groupStart))) {
                    pbi.add(sorted.get(nextIdx));
                    vi.add(nextIdx);
                    nextIdx++;
                }
                final int size = pbi.size();
                final BigInteger[][] base = new BigInteger[size][];
                for (int larger = 0; larger < size; larger++) {
                    base[larger] = new BigInteger[larger];
                    if (larger < sgBegin) {
                        continue;
                    }
                    for (int smaller = 0; smaller < larger; smaller++) {
                        base[larger][smaller] = weight(pbi.get(smaller), pbi.get(larger), larger < nextBegin,
                                larger >= nextBegin);
                        mc.setWeight(vi.get(larger), vi.get(smaller), base[larger][smaller]);
                    }
                }
                final int sgb = groupSizeBits;
                final BigInteger[][] baseRef = base;
                Ewc ewc = (smaller, larger, smallerRemIdx, remPairs) -> {
                    BigInteger r = baseRef[larger][smaller];
                    if (r.signum() != 0) {
                        BigInteger addend = b(smallerRemIdx < remPairs);
                        addend = addend.shiftLeft(sgb).shiftLeft(sgb).subtract(BigInteger.valueOf(smallerRemIdx));
                        addend = addend.shiftLeft(1);
                        r = r.add(addend);
                    }
                    return r;
                };

                stable = mc.compute();

                // which moved-down players are paired in this bracket
                int mdScore = 0;
                int remainingMd = 0;
                int remainingMatchedMd = 0;
                for (int pi = 0; pi < sgBegin; pi++) {
                    if (pi == 0 || sc(pbi.get(pi)) < mdScore) {
                        mdScore = sc(pbi.get(pi));
                        remainingMatchedMd = 0;
                        remainingMd = 0;
                        for (int md = pi; md < size && sc(pbi.get(md)) >= mdScore; md++) {
                            remainingMd++;
                            int mv = vi.get(md);
                            if (stable[mv] >= sgBeginVertex && stable[mv] < nextBeginVertex) {
                                remainingMatchedMd++;
                            }
                        }
                    }
                    if (remainingMatchedMd == 0) {
                        continue;
                    }
                    int pv = vi.get(pi);
                    if (remainingMd <= remainingMatchedMd) {
                        matched[pv] = true;
                        continue;
                    }
                    remainingMd--;
                    if (stable[pv] < sgBeginVertex || stable[pv] >= nextBeginVertex) {
                        for (int oi = sgBegin; oi < nextBegin; oi++) {
                            BigInteger w = base[oi][pi];
                            if (w.signum() != 0) {
                                mc.setWeight(pv, vi.get(oi), w.or(BigInteger.ONE));
                            }
                        }
                        stable = mc.compute();
                    }
                    if (stable[pv] >= sgBeginVertex && stable[pv] < nextBeginVertex) {
                        matched[pv] = true;
                        remainingMatchedMd--;
                        for (int oi = sgBegin; oi < nextBegin; oi++) {
                            BigInteger w = base[oi][pi];
                            if (w.signum() != 0) {
                                w = w.or(BigInteger.valueOf(nextBegin - sgBegin)).add(BigInteger.ONE);
                                mc.setWeight(pv, vi.get(oi), w);
                            }
                        }
                    }
                }

                // their opponents, highest first
                for (int pi = 0; pi < sgBegin; pi++) {
                    int pv = vi.get(pi);
                    if (!matched[pv]) {
                        continue;
                    }
                    long addend = size;
                    for (int oi = nextBegin - 1; oi >= sgBegin; oi--) {
                        int ov = vi.get(oi);
                        if (matched[ov]) {
                            continue;
                        }
                        BigInteger w = base[oi][pi];
                        if (w.signum() != 0) {
                            mc.setWeight(pv, ov, w.add(BigInteger.valueOf(addend)));
                            addend++;
                        }
                    }
                    stable = mc.compute();
                    int mv = stable[pv];
                    matched[mv] = true;
                    finalizePair(pv, mv);
                }

                // the remainder: residents not paired with moved-down players
                List<Integer> rem = new ArrayList<>();
                int remPairs = 0;
                for (int pi = sgBegin; pi < nextBegin; pi++) {
                    int pv = vi.get(pi);
                    if (stable[pv] < sgBeginVertex) {
                        continue;
                    }
                    rem.add(pi);
                    if (stable[pv] < pv) {
                        remPairs++;
                    }
                }
                for (int a = 0; a < rem.size(); a++) {
                    int oi = rem.get(a);
                    for (int c = 0; c < rem.size(); c++) {
                        int pi = rem.get(c);
                        if (oi <= pi) {
                            break;
                        }
                        mc.setWeight(vi.get(pi), vi.get(oi), ewc.apply(pi, oi, c, remPairs));
                    }
                }
                stable = mc.compute();

                int exchangeCount = 0;
                for (int c = 0; c < remPairs && c < rem.size(); c++) {
                    int pv = vi.get(rem.get(c));
                    if (stable[pv] <= pv || stable[pv] >= nextBeginVertex) {
                        exchangeCount++;
                    }
                }

                // S1 players to exchange: the lowest first
                int exchangesRemaining = exchangeCount;
                int prIdx = remPairs;
                for (int pos = remPairs; pos > 0 && exchangesRemaining > 0; ) {
                    int oStart = pos;
                    prIdx--;
                    pos--;
                    int pi = rem.get(pos);
                    int pv = vi.get(pi);
                    if (stable[pv] > pv && stable[pv] < nextBeginVertex) {
                        for (int c = oStart; c < rem.size(); c++) {
                            BigInteger w = ewc.apply(pi, rem.get(c), prIdx, remPairs);
                            if (w.signum() != 0) {
                                mc.setWeight(pv, vi.get(rem.get(c)), w.subtract(BigInteger.ONE));
                            }
                        }
                        stable = mc.compute();
                    }
                    boolean exchange = stable[pv] <= pv || stable[pv] >= nextBeginVertex;
                    if (exchange) {
                        exchangesRemaining--;
                    }
                    for (int c = pos + 1; c < rem.size(); c++) {
                        if (exchange) {
                            base[rem.get(c)][pi] = BigInteger.ZERO;
                        }
                        mc.setWeight(pv, vi.get(rem.get(c)), ewc.apply(pi, rem.get(c), prIdx, remPairs));
                    }
                }

                // S2 players to exchange: the highest first
                exchangesRemaining = exchangeCount;
                int remIndex = remPairs;
                for (int pos = remPairs; pos < rem.size() && exchangesRemaining > 1; pos++) {
                    int pi = rem.get(pos);
                    int pv = vi.get(pi);
                    boolean already = stable[pv] > pv && stable[pv] < nextBeginVertex;
                    if (!already) {
                        for (int c = pos + 1; c < rem.size(); c++) {
                            BigInteger w = ewc.apply(pi, rem.get(c), remIndex, remPairs);
                            if (w.signum() != 0) {
                                mc.setWeight(pv, vi.get(rem.get(c)), w.add(BigInteger.ONE));
                            }
                        }
                        stable = mc.compute();
                    }
                    boolean exchange = stable[pv] > pv && stable[pv] < nextBeginVertex;
                    if (exchange) {
                        exchangesRemaining--;
                        for (int c = 0; c < pos; c++) {
                            base[pi][rem.get(c)] = BigInteger.ZERO;
                            mc.setWeight(pv, vi.get(rem.get(c)), BigInteger.ZERO);
                        }
                        for (int oi = nextBegin; oi < size; oi++) {
                            base[oi][pi] = BigInteger.ZERO;
                            mc.setWeight(pv, vi.get(oi), BigInteger.ZERO);
                        }
                        // nor may he float below the next score group
                        for (int ov = vi.get(size - 1) + 1; ov < n; ov++) {
                            mc.setWeight(pv, ov, BigInteger.ZERO);
                        }
                    }
                    if (!already) {
                        for (int c = pos + 1; c < rem.size(); c++) {
                            mc.setWeight(pv, vi.get(rem.get(c)), ewc.apply(pi, rem.get(c), remIndex, remPairs));
                        }
                    }
                    remIndex++;
                }

                // fix the exchanges, drop the exchange bits
                for (int a = 0; a < rem.size(); a++) {
                    int pi = rem.get(a);
                    int pv = vi.get(pi);
                    for (int c = a + 1; c < rem.size(); c++) {
                        int oi = rem.get(c);
                        int ov = vi.get(oi);
                        if (stable[pv] <= pv || stable[pv] >= nextBeginVertex
                                || stable[ov] > ov && stable[ov] < nextBeginVertex) {
                            base[oi][pi] = BigInteger.ZERO;
                        }
                        mc.setWeight(pv, ov, base[oi][pi]);
                    }
                }

                // S1 players' opponents: the highest possible first
                for (int pi : rem) {
                    int pv = vi.get(pi);
                    if (stable[pv] > pv && stable[pv] < nextBeginVertex) {
                        long addend = 0;
                        for (int c = rem.size() - 1; c >= 0; c--) {
                            int oi = rem.get(c);
                            int ov = vi.get(oi);
                            if (oi <= pi || matched[ov]) {
                                continue;
                            }
                            BigInteger w = base[oi][pi];
                            if (w.signum() != 0) {
                                mc.setWeight(pv, ov, w.add(BigInteger.valueOf(addend)));
                            }
                            addend++;
                        }
                        stable = mc.compute();
                        int mv = stable[pv];
                        matched[pv] = true;
                        matched[mv] = true;
                        finalizePair(pv, mv);
                    }
                }

                // the next bracket: the unpaired (downfloaters) and the next score group
                List<P> newPbi = new ArrayList<>();
                List<Integer> newVi = new ArrayList<>();
                sgBegin = 0;
                singleDownfloaterIsByeAssignee = odd && groupStart < n && byeScore >= sc(sorted.get(groupStart));
                for (int pi = 0; pi < size; pi++) {
                    int pv = vi.get(pi);
                    if (pi < nextBegin && matched[pv]) {
                        P partner = sorted.get(stable[pv]);
                        matchById[pbi.get(pi).id] = partner;
                        matchById[partner.id] = pbi.get(pi);
                    } else {
                        newPbi.add(pbi.get(pi));
                        newVi.add(pv);
                        if (pi < nextBegin) {
                            sgBegin++;
                        }
                        if (singleDownfloaterIsByeAssignee
                                && sc(sorted.get(stable[pv])) < sc(sorted.get(groupStart))) {
                            singleDownfloaterIsByeAssignee = false;
                        }
                    }
                }
                pbi = newPbi;
                vi = newVi;
                sgBeginVertex = nextBeginVertex;
            }

            List<Pairing> result = new ArrayList<>();
            List<int[]> raw = new ArrayList<>();
            for (P p : sorted) {
                P m = matchById[p.id];
                if (m != null) {
                    if (p.id < m.id) {
                        Colour c = Colours.choose(st, p, m);
                        raw.add(c == Colour.WHITE ? new int[] {p.id, m.id} : new int[] {m.id, p.id});
                    }
                } else {
                    raw.add(new int[] {p.id, p.id});
                }
            }
            sortForPublication(raw);
            for (int[] pr : raw) {
                result.add(new Pairing(pr[0] + 1, pr[0] == pr[1] ? 0 : pr[1] + 1));
            }
            return result;
        }

        /** Publication order: games before the bye, higher scores first, then the higher player's number. */
        private void sortForPublication(List<int[]> raw) {
            raw.sort((a, b) -> {
                boolean byeA = a[0] == a[1];
                boolean byeB = b[0] == b[1];
                if (byeA != byeB) {
                    return byeA ? 1 : -1;
                }
                P ha = higherOf(a);
                P la = st.players[a[0]] == ha ? st.players[a[1]] : st.players[a[0]];
                P hb = higherOf(b);
                P lb = st.players[b[0]] == hb ? st.players[b[1]] : st.players[b[0]];
                int c = Integer.compare(hb.score, ha.score);
                if (c != 0) {
                    return c;
                }
                c = Integer.compare(lb.score, la.score);
                if (c != 0) {
                    return c;
                }
                return Integer.compare(ha.rankIndex, hb.rankIndex);
            });
        }

        private P higherOf(int[] pair) {
            P w = st.players[pair[0]];
            P bl = st.players[pair[1]];
            boolean wLower = w.score < bl.score || w.score == bl.score && w.rankIndex > bl.rankIndex;
            return wLower ? bl : w;
        }
    }

    @FunctionalInterface
    private interface Ewc {
        BigInteger apply(int smaller, int larger, int smallerRemIdx, int remPairs);
    }
}
