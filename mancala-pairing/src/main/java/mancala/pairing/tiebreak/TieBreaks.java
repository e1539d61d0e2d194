package mancala.pairing.tiebreak;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import mancala.pairing.Player;
import mancala.pairing.PointSystem;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;

/**
 * Tie-breaks of FIDE C.07 (play-off and tie-break regulations, 2023 text) over a tournament's first {@code rounds}
 * rounds, and the final ranking by score then a chosen list of tie-breaks.
 *
 * <p>Unplayed rounds (article 16): a <em>voluntarily unplayed round</em> (VUR) is an unplayed round that did not give
 * a win's points: a requested half- or zero-point bye ({@code H}, {@code Z}), an absence, a forfeit loss. A pairing-
 * allocated bye ({@code U}), a forfeit win or a full-point bye are not voluntary. (1) As an opponent, a player counts
 * with his <em>adjusted score</em>: his points up to the last round in which he had an opponent (played or
 * forfeited) or a win's points without playing, and a draw for every round after it (the rounds after he
 * withdrew). (2) For a player's own rounds without an opponent (byes, absences) the opponent is a <em>dummy</em>
 * whose score is the player's own adjusted score; a forfeited game counts its scheduled opponent. (3) A Cut removes
 * the VURs first, then the lowest values; the upper cut of a Median also takes VURs first.
 */
public final class TieBreaks {
    private final Tournament t;
    private final int rounds;
    private final PointSystem pts;

    /**
     * @param t      the tournament
     * @param rounds the rounds to count (the rounds played so far)
     */
    public TieBreaks(Tournament t, int rounds) {
        this.t = t;
        this.rounds = rounds;
        this.pts = t.points();
    }

    /** @return the player's score after the counted rounds, in tenths */
    public int score(Player p) {
        return p.points(pts, rounds);
    }

    private int points(RoundEntry e) {
        return e == null ? pts.zeroPointBye() : e.points(pts);
    }

    private boolean winUnplayed(RoundEntry e) {
        return e != null && !e.played() && e.score() == RoundEntry.Score.WIN && e.points(pts) >= pts.win();
    }

    /** @return whether round {@code r} (0-based) of {@code p} is voluntarily unplayed (C.07 article 16) */
    public boolean voluntarilyUnplayed(Player p, int r) {
        RoundEntry e = p.round(r);
        return e == null || !e.played() && !winUnplayed(e);
    }

    /** @return the last round (1-based, 0 if none) in which {@code p} had an opponent or a win's points unplayed */
    public int lastRoundTakingPart(Player p) {
        int last = 0;
        for (int r = 0; r < rounds; r++) {
            RoundEntry e = p.round(r);
            if (e != null && (e.played() || e.opponent() != 0 || winUnplayed(e))) {
                last = r + 1;
            }
        }
        return last;
    }

    /**
     * @return the score an opponent counts with (article 16): his points up to {@link #lastRoundTakingPart}, a draw
     *         for each round after it; tenths
     */
    public int adjustedScore(Player p) {
        int last = lastRoundTakingPart(p);
        int s = 0;
        for (int r = 0; r < last; r++) {
            s += points(p.round(r));
        }
        return s + (rounds - last) * pts.draw();
    }

    /** One round's contribution to the opponent-score tie-breaks. */
    private record Contribution(int opponentScore, int result, boolean voluntary) {
    }

    private List<Contribution> contributions(Player p) {
        List<Contribution> list = new ArrayList<>();
        int own = adjustedScore(p);
        for (int r = 0; r < rounds; r++) {
            RoundEntry e = p.round(r);
            boolean vur = voluntarilyUnplayed(p, r);
            if (e != null && e.opponent() != 0) {
                list.add(new Contribution(adjustedScore(t.player(e.opponent())), points(e), vur));
            } else {
                list.add(new Contribution(own, points(e), vur));
            }
        }
        return list;
    }

    /** The values left after cutting {@code low} least and {@code high} most significant rounds. */
    private static List<Integer> cut(List<Contribution> cs, ToIntFunction<Contribution> f, int low, int high) {
        List<Contribution> left = new ArrayList<>(cs);
        int lows = Math.min(low, left.size());
        int highs = Math.min(high, left.size() - lows);
        Comparator<Contribution> byScore = Comparator.comparingInt(Contribution::opponentScore).thenComparingInt(f);
        Comparator<Contribution> vurFirst = Comparator.comparing((Contribution c) -> !c.voluntary())
                .thenComparing(byScore);
        for (int k = 0; k < lows; k++) {
            Contribution lowest = Collections.min(left, byScore);
            Contribution candidate = Collections.min(left, vurFirst);
            left.remove(f.applyAsInt(lowest) > f.applyAsInt(candidate) ? lowest : candidate);
        }
        Comparator<Contribution> highFirst = Comparator.comparing((Contribution c) -> !c.voluntary())
                .thenComparing(byScore.reversed());
        for (int k = 0; k < highs; k++) {
            left.remove(Collections.min(left, highFirst));
        }
        List<Integer> values = new ArrayList<>();
        for (Contribution c : left) {
            values.add(f.applyAsInt(c));
        }
        return values;
    }

    private static int sum(List<Integer> values) {
        int s = 0;
        for (int v : values) {
            s += v;
        }
        return s;
    }

    /**
     * @return the value of tie-break {@code tb} for {@code p}, in the unit {@link TieBreak} gives (Buchholz and
     *         Sonneborn-Berger in hundredths of a point); for {@link TieBreak#DE} use {@link #rank} (it depends on
     *         who is tied), here it is 0
     */
    public int value(TieBreak tb, Player p) {
        List<Contribution> cs = contributions(p);
        ToIntFunction<Contribution> bh = c -> c.opponentScore() * 10;
        ToIntFunction<Contribution> sb = c -> c.opponentScore() * 10 * c.result() / pts.win();
        switch (tb) {
            case BH:
                return sum(cut(cs, bh, 0, 0));
            case BH_C1:
                return sum(cut(cs, bh, 1, 0));
            case BH_C2:
                return sum(cut(cs, bh, 2, 0));
            case BH_M1:
                return sum(cut(cs, bh, 1, 1));
            case SB:
                return sum(cut(cs, sb, 0, 0));
            case SB_C1:
                return sum(cut(cs, sb, 1, 0));
            case WIN:
                return count(p, e -> e.score() == RoundEntry.Score.WIN && e.points(pts) >= pts.win());
            case WON:
                return count(p, e -> e.played() && e.score() == RoundEntry.Score.WIN);
            case BPG:
                return count(p, e -> e.played() && e.colour() == 'b');
            case BWG:
                return count(p, e -> e.played() && e.colour() == 'b' && e.score() == RoundEntry.Score.WIN);
            case ARO: {
                long total = 0;
                int n = 0;
                for (int r = 0; r < rounds; r++) {
                    RoundEntry e = p.round(r);
                    if (e != null && e.played()) {
                        int rating = t.player(e.opponent()).rating();
                        if (rating > 0) {
                            total += rating;
                            n++;
                        }
                    }
                }
                return n == 0 ? 0 : (int) ((2 * total + n) / (2L * n));
            }
            default:
                return 0;
        }
    }

    private int count(Player p, Predicate<RoundEntry> test) {
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            RoundEntry e = p.round(r);
            if (e != null && test.test(e)) {
                n++;
            }
        }
        return n;
    }

    /**
     * Direct encounter (article 6) among {@code tied}: the points each scored in the games played among them. When
     * all of them met, they are ordered by those points; otherwise a player is placed above the rest only when his
     * points exceed what any other could have reached (his points plus a win for each tied player he did not meet),
     * from the top down. The ordering is applied again inside each group still tied.
     *
     * @return per starting number a value, higher for a better place, equal for players not separated
     */
    public Map<Integer, Integer> directEncounter(List<Player> tied) {
        Map<Integer, Integer> value = new HashMap<>();
        order(new ArrayList<>(tied), tied.size(), value, 0);
        return value;
    }

    /** Assigns values (top + size ... ) to {@code group}; returns nothing, fills {@code value}. */
    private void order(List<Player> group, int base, Map<Integer, Integer> value, int depth) {
        if (group.size() == 1 || depth > 30) {
            group.forEach(p -> value.put(p.startNumber(), base));
            return;
        }
        Set<Integer> ids = new HashSet<>();
        group.forEach(p -> ids.add(p.startNumber()));
        Map<Integer, Integer> got = new HashMap<>();
        Map<Integer, Integer> best = new HashMap<>();
        boolean allMet = true;
        for (Player p : group) {
            int s = 0;
            Set<Integer> met = new HashSet<>();
            for (int r = 0; r < rounds; r++) {
                RoundEntry e = p.round(r);
                if (e != null && e.played() && ids.contains(e.opponent())) {
                    s += e.points(pts);
                    met.add(e.opponent());
                }
            }
            got.put(p.startNumber(), s);
            int missing = group.size() - 1 - met.size();
            if (missing > 0) {
                allMet = false;
            }
            best.put(p.startNumber(), s + Math.max(0, missing) * pts.win());
        }
        List<Player> sorted = new ArrayList<>(group);
        sorted.sort(Comparator.comparingInt((Player p) -> -got.get(p.startNumber()))
                .thenComparingInt(p -> -best.get(p.startNumber())).thenComparingInt(Player::startNumber));
        List<List<Player>> subgroups = new ArrayList<>();
        if (allMet) {
            for (Player p : sorted) {
                if (!subgroups.isEmpty() && got.get(subgroups.get(subgroups.size() - 1).get(0).startNumber())
                        .equals(got.get(p.startNumber()))) {
                    subgroups.get(subgroups.size() - 1).add(p);
                } else {
                    subgroups.add(new ArrayList<>(List.of(p)));
                }
            }
        } else {
            int i = 0;
            while (i < sorted.size() - 1) {
                int mine = got.get(sorted.get(i).startNumber());
                boolean above = true;
                for (int j = i + 1; j < sorted.size(); j++) {
                    if (best.get(sorted.get(j).startNumber()) >= mine) {
                        above = false;
                        break;
                    }
                }
                if (!above) {
                    break;
                }
                subgroups.add(new ArrayList<>(List.of(sorted.get(i))));
                i++;
            }
            subgroups.add(new ArrayList<>(sorted.subList(i, sorted.size())));
        }
        if (subgroups.size() == 1) {
            group.forEach(p -> value.put(p.startNumber(), base));
            return;
        }
        int top = base;
        for (List<Player> g : subgroups) {
            order(g, top, value, depth + 1);
            top -= g.size();
        }
    }

    /** One line of a final ranking. */
    public record Standing(int rank, Player player, int score, List<Integer> values) {
    }

    /**
     * Ranks the players by score, then by the tie-breaks in order; players equal on all of them share a rank.
     *
     * @param order the tie-breaks, most important first (as the tournament's regulations list them)
     */
    public List<Standing> rank(List<TieBreak> order) {
        List<Player> players = new ArrayList<>(t.players());
        Map<Integer, List<Integer>> values = new HashMap<>();
        for (Player p : players) {
            List<Integer> v = new ArrayList<>();
            for (TieBreak tb : order) {
                v.add(value(tb, p));
            }
            values.put(p.startNumber(), v);
        }
        // direct encounter depends on the group still tied before it
        for (int k = 0; k < order.size(); k++) {
            if (order.get(k) != TieBreak.DE) {
                continue;
            }
            final int upto = k;
            Map<String, List<Player>> groups = new HashMap<>();
            for (Player p : players) {
                String key = score(p) + ":" + values.get(p.startNumber()).subList(0, upto);
                groups.computeIfAbsent(key, x -> new ArrayList<>()).add(p);
            }
            for (List<Player> g : groups.values()) {
                Map<Integer, Integer> de = directEncounter(g);
                g.forEach(p -> values.get(p.startNumber()).set(upto, de.get(p.startNumber())));
            }
        }
        Comparator<Player> cmp = Comparator.comparingInt((Player p) -> -score(p));
        for (int k = 0; k < order.size(); k++) {
            final int i = k;
            cmp = cmp.thenComparingInt(p -> -values.get(p.startNumber()).get(i));
        }
        Comparator<Player> tieCmp = cmp;
        players.sort(cmp.thenComparingInt(Player::startNumber));
        List<Standing> out = new ArrayList<>();
        for (int i = 0; i < players.size(); i++) {
            Player p = players.get(i);
            int rank = i + 1;
            if (i > 0 && tieCmp.compare(players.get(i - 1), p) == 0) {
                rank = out.get(i - 1).rank();
            }
            out.add(new Standing(rank, p, score(p), values.get(p.startNumber())));
        }
        return out;
    }
}
