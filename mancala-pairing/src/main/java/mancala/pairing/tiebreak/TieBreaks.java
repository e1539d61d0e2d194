package mancala.pairing.tiebreak;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mancala.pairing.Player;
import mancala.pairing.PointSystem;
import mancala.pairing.RoundEntry;
import mancala.pairing.Tournament;

/**
 * Tie-breaks of FIDE C.07 (play-off and tie-break regulations, 2023 text) over a tournament's first {@code rounds}
 * rounds, and the final ranking by score then a chosen list of tie-breaks.
 *
 * <p>Unplayed rounds (article 16): a <em>voluntarily unplayed round</em> (VUR) is one the player gave away: a
 * requested half- or zero-point bye ({@code H}, {@code Z}, an absence), a forfeit loss, a blank round. A pairing-
 * allocated bye ({@code U}), a forfeit win or a full-point bye are not voluntary. (1) As an opponent, a player
 * counts with his <em>adjusted score</em>: each of his VURs counted as a draw. (2) For his own Buchholz and
 * Sonneborn-Berger, each of a player's unplayed rounds counts as a game against a <em>dummy opponent</em> whose
 * score is the player's own score, with the result the round gave him. (3) A Cut removes the VURs first, then the
 * lowest values.
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

    /** @return whether round {@code r} (0-based) of {@code p} is voluntarily unplayed (C.07 article 16) */
    public boolean voluntarilyUnplayed(Player p, int r) {
        RoundEntry e = p.round(r);
        if (e == null) {
            return true;
        }
        if (e.played()) {
            return false;
        }
        switch (e.result()) {
            case 'U': case 'F':
                return false;
            case '+':
                return false;
            default:
                return true;
        }
    }

    /** @return the score an opponent counts with: each of his voluntarily unplayed rounds as a draw */
    public int adjustedScore(Player p) {
        int s = 0;
        for (int r = 0; r < rounds; r++) {
            RoundEntry e = p.round(r);
            if (voluntarilyUnplayed(p, r)) {
                s += pts.draw();
            } else {
                s += e.points(pts);
            }
        }
        return s;
    }

    /** One round's contribution to the opponent-score tie-breaks. */
    private record Contribution(int opponentScore, int result, boolean voluntary) {
    }

    private List<Contribution> contributions(Player p) {
        List<Contribution> list = new ArrayList<>();
        int own = score(p);
        for (int r = 0; r < rounds; r++) {
            RoundEntry e = p.round(r);
            int result = e == null ? pts.zeroPointBye() : e.points(pts);
            if (e != null && e.played()) {
                list.add(new Contribution(adjustedScore(t.player(e.opponent())), result, false));
            } else {
                list.add(new Contribution(own, result, voluntarilyUnplayed(p, r)));
            }
        }
        return list;
    }

    /** Sorts contributions so the least significant come first: VURs, then by value. */
    private static List<Integer> cutOrder(List<Contribution> cs, java.util.function.ToIntFunction<Contribution> f) {
        List<Contribution> sorted = new ArrayList<>(cs);
        sorted.sort(Comparator.comparing((Contribution c) -> !c.voluntary()).thenComparingInt(f));
        List<Integer> values = new ArrayList<>();
        for (Contribution c : sorted) {
            values.add(f.applyAsInt(c));
        }
        return values;
    }

    private static int sum(List<Integer> values, int from, int to) {
        int s = 0;
        for (int i = from; i < to; i++) {
            s += values.get(i);
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
        java.util.function.ToIntFunction<Contribution> bh = c -> c.opponentScore() * 10;
        java.util.function.ToIntFunction<Contribution> sb = c -> c.opponentScore() * 10 * c.result() / pts.win();
        switch (tb) {
            case BH:
                return sum(cutOrder(cs, bh), 0, cs.size());
            case BH_C1:
                return sum(cutOrder(cs, bh), Math.min(1, cs.size()), cs.size());
            case BH_C2:
                return sum(cutOrder(cs, bh), Math.min(2, cs.size()), cs.size());
            case BH_M1: {
                List<Integer> v = cutOrder(cs, bh);
                return v.size() < 2 ? 0 : sum(v, 1, v.size()) - java.util.Collections.max(v.subList(1, v.size()));
            }
            case SB:
                return sum(cutOrder(cs, sb), 0, cs.size());
            case SB_C1:
                return sum(cutOrder(cs, sb), Math.min(1, cs.size()), cs.size());
            case WIN: {
                int n = 0;
                for (int r = 0; r < rounds; r++) {
                    RoundEntry e = p.round(r);
                    if (e != null && e.points(pts) >= pts.win() && e.score() == RoundEntry.Score.WIN) {
                        n++;
                    }
                }
                return n;
            }
            case WON:
                return count(p, e -> e.played() && e.score() == RoundEntry.Score.WIN);
            case BPG:
                return count(p, e -> e.played() && e.colour() == 'b');
            case BWG:
                return count(p, e -> e.played() && e.colour() == 'b' && e.score() == RoundEntry.Score.WIN);
            case ARO: {
                long sum = 0;
                int n = 0;
                for (int r = 0; r < rounds; r++) {
                    RoundEntry e = p.round(r);
                    if (e != null && e.played()) {
                        int rating = t.player(e.opponent()).rating();
                        if (rating > 0) {
                            sum += rating;
                            n++;
                        }
                    }
                }
                return n == 0 ? 0 : (int) ((2 * sum + n) / (2L * n));
            }
            default:
                return 0;
        }
    }

    private int count(Player p, java.util.function.Predicate<RoundEntry> test) {
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
     * Direct encounter among {@code tied} (players on the same score and equal on the earlier tie-breaks): when every
     * two of them met over the board, each gets his points from those games; otherwise nobody is separated.
     *
     * @return points (tenths) per starting number, all 0 when the tie-break does not apply
     */
    public Map<Integer, Integer> directEncounter(List<Player> tied) {
        Map<Integer, Integer> points = new HashMap<>();
        Set<Integer> ids = new HashSet<>();
        tied.forEach(p -> ids.add(p.startNumber()));
        Map<Integer, Set<Integer>> met = new HashMap<>();
        for (Player p : tied) {
            int s = 0;
            Set<Integer> opps = new HashSet<>();
            for (int r = 0; r < rounds; r++) {
                RoundEntry e = p.round(r);
                if (e != null && e.opponent() != 0 && ids.contains(e.opponent())) {
                    s += e.points(pts);
                    opps.add(e.opponent());
                }
            }
            points.put(p.startNumber(), s);
            met.put(p.startNumber(), opps);
        }
        for (Player p : tied) {
            if (met.get(p.startNumber()).size() != tied.size() - 1) {
                tied.forEach(q -> points.put(q.startNumber(), 0));
                break;
            }
        }
        return points;
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
        // direct encounter depends on the group tied before it
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
                if (g.size() > 1) {
                    Map<Integer, Integer> de = directEncounter(g);
                    g.forEach(p -> values.get(p.startNumber()).set(upto, de.get(p.startNumber())));
                }
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
