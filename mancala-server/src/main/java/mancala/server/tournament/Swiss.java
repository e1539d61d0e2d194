package mancala.server.tournament;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Swiss pairings: each round pairs players of equal score where it can (and the sides allow), never pairs two players who have met,
 * alternates each player's side, and when the number of players is odd gives one player the bye (a point without a
 * game), at most once per player.
 *
 * <p>Players are ranked by score, then by their seed (the order of the list given, strongest first). The bye goes to
 * the lowest-ranked player who has not had one and whose absence leaves the others pairable. The others are paired
 * by an exact search over all pairings (fields up to {@value #EXACT_LIMIT} players; larger fields by a depth-first
 * search in rank order) that minimizes, in this order of importance:
 * <ol>
 *   <li>the number of players who would sit on the same side three rounds running or two games more often on one
 *       side than on the other (the absolute side rule of the FIDE Swiss rules, which comes first there too);</li>
 *   <li>the number of games between players of different scores;</li>
 *   <li>the total score difference over the games;</li>
 *   <li>the number of players who cannot have the side opposite to their last one;</li>
 *   <li>the distance from the Dutch order within a score group (the top half meets the bottom half).</li>
 * </ol>
 * A rematch is never made: when no pairing without one exists, {@link #pair} answers empty and the tournament ends.
 */
public final class Swiss {
    /** The largest field paired by the exact search. */
    public static final int EXACT_LIMIT = 20;
    /** Points for a bye. */
    public static final double BYE_POINTS = 1;

    private static final long THIRD_SIDE = 1_000_000_000_000_000L;
    private static final long MISMATCH = 1_000_000_000_000L;
    private static final long SCORE_GAP = 1_000_000L;
    private static final long SIDE_REPEAT = 1_000L;
    private static final long INFINITE = Long.MAX_VALUE / 4;

    private Swiss() {
    }

    /**
     * A player's tournament so far, as the pairing sees it.
     *
     * @param id        the player
     * @param score     points so far (byes included)
     * @param opponents everyone the player has met
     * @param sides     the sides played in order, 'S' or 'N' per game (byes left out)
     * @param hadBye    whether the player has had a bye
     */
    public record Entrant(String id, double score, Set<String> opponents, String sides, boolean hadBye) {
        /** @return +1 per South game, -1 per North game. */
        int balance() {
            int b = 0;
            for (char c : sides.toCharArray()) {
                b += c == 'S' ? 1 : -1;
            }
            return b;
        }

        char last() {
            return sides.isEmpty() ? 0 : sides.charAt(sides.length() - 1);
        }

        /** @return true when the last two games were both on {@code side}. */
        boolean twiceOn(char side) {
            int n = sides.length();
            return n >= 2 && sides.charAt(n - 1) == side && sides.charAt(n - 2) == side;
        }
    }

    /**
     * The players' state after the rounds played.
     *
     * @param players the players in seed order
     * @param rounds  the rounds paired so far
     * @param results the results of their games (every game of every round must have one)
     * @return the entrants, in seed order
     * @throws IllegalArgumentException when a game of a past round has no result
     */
    public static List<Entrant> entrants(List<String> players, List<Round> rounds, List<GameResult> results) {
        Map<String, Double> score = new HashMap<>();
        Map<String, Set<String>> met = new HashMap<>();
        Map<String, StringBuilder> sides = new HashMap<>();
        Set<String> byes = new HashSet<>();
        for (String p : players) {
            score.put(p, 0.0);
            met.put(p, new HashSet<>());
            sides.put(p, new StringBuilder());
        }
        for (Round round : rounds) {
            for (Pairing g : round.games()) {
                GameResult r = results.stream()
                        .filter(x -> x.round() == round.number() && x.south().equals(g.south())
                                && x.north().equals(g.north()))
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("round " + round.number() + " game "
                                + g.south() + "-" + g.north() + " has no result"));
                score.merge(g.south(), r.southScore(), Double::sum);
                score.merge(g.north(), 1 - r.southScore(), Double::sum);
                met.get(g.south()).add(g.north());
                met.get(g.north()).add(g.south());
                sides.get(g.south()).append('S');
                sides.get(g.north()).append('N');
            }
            round.bye().ifPresent(b -> {
                byes.add(b);
                score.merge(b, BYE_POINTS, Double::sum);
            });
        }
        List<Entrant> out = new ArrayList<>();
        for (String p : players) {
            out.add(new Entrant(p, score.get(p), Set.copyOf(met.get(p)), sides.get(p).toString(), byes.contains(p)));
        }
        return out;
    }

    /**
     * Pairs the next round.
     *
     * @param number   the round's number, from 1
     * @param entrants the players in seed order with their tournament so far (see {@link #entrants})
     * @return the round, or empty when the players cannot all be paired without a rematch (or a second bye)
     */
    public static Optional<Round> pair(int number, List<Entrant> entrants) {
        List<Entrant> ranked = new ArrayList<>(entrants);
        Map<String, Integer> seed = new HashMap<>();
        for (int i = 0; i < entrants.size(); i++) {
            seed.put(entrants.get(i).id(), i);
        }
        ranked.sort(Comparator.comparingDouble(Entrant::score).reversed()
                .thenComparing(e -> seed.get(e.id())));
        if (ranked.size() < 2) {
            return Optional.empty();
        }
        if (ranked.size() % 2 == 0) {
            return pairAll(ranked).map(games -> new Round(number, games, Optional.empty()));
        }
        for (int i = ranked.size() - 1; i >= 0; i--) {
            Entrant candidate = ranked.get(i);
            if (candidate.hadBye()) {
                continue;
            }
            List<Entrant> rest = new ArrayList<>(ranked);
            rest.remove(i);
            Optional<List<Pairing>> games = pairAll(rest);
            if (games.isPresent()) {
                return Optional.of(new Round(number, games.get(), Optional.of(candidate.id())));
            }
        }
        return Optional.empty();
    }

    /** Pairs an even, ranked list of players, or empty when a rematch cannot be avoided. */
    private static Optional<List<Pairing>> pairAll(List<Entrant> ranked) {
        int n = ranked.size();
        long[][] cost = new long[n][n];
        Map<Double, int[]> groups = new HashMap<>();
        for (int i = 0; i < n; i++) {
            double s = ranked.get(i).score();
            int[] g = groups.computeIfAbsent(s, k -> new int[] {Integer.MAX_VALUE, -1});
            g[0] = Math.min(g[0], i);
            g[1] = Math.max(g[1], i);
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                cost[i][j] = cost[j][i] = cost(ranked, groups, i, j);
            }
        }
        int[] mate = n <= EXACT_LIMIT ? exact(cost) : depthFirst(cost);
        if (mate == null) {
            return Optional.empty();
        }
        List<Pairing> games = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (mate[i] > i) {
                games.add(sides(ranked.get(i), ranked.get(mate[i]), games.size()));
            }
        }
        return Optional.of(games);
    }

    private static long cost(List<Entrant> ranked, Map<Double, int[]> groups, int i, int j) {
        Entrant a = ranked.get(i);
        Entrant b = ranked.get(j);
        if (a.opponents().contains(b.id())) {
            return INFINITE;
        }
        long c = 0;
        if (a.score() != b.score()) {
            c += MISMATCH;
            c += SCORE_GAP * Math.round(Math.abs(a.score() - b.score()) * 2);
        }
        Pairing p = sides(a, b, 0);
        Entrant south = p.south().equals(a.id()) ? a : b;
        c += sideCost(south, south == a ? b : a);
        if (a.score() == b.score()) {
            int[] g = groups.get(a.score());
            int half = (g[1] - g[0] + 1) / 2;
            c += Math.abs((j - i) - half);
        } else {
            c += j - i;
        }
        return c;
    }

    /**
     * @return how many of the two would sit the same side three rounds running or be two games more on one side
     * than the other if seated so (0, 1 or 2)
     */
    static int absoluteSideViolations(Entrant south, Entrant north) {
        int v = 0;
        if (south.twiceOn('S') || south.balance() + 1 > 2) {
            v++;
        }
        if (north.twiceOn('N') || north.balance() - 1 < -2) {
            v++;
        }
        return v;
    }

    private static long sideCost(Entrant south, Entrant north) {
        long c = THIRD_SIDE * absoluteSideViolations(south, north);
        if (south.last() == 'S') {
            c += SIDE_REPEAT;
        }
        if (north.last() == 'N') {
            c += SIDE_REPEAT;
        }
        return c;
    }

    /**
     * Gives the sides: each player the side opposite to his last where the two agree; otherwise the one who would
     * sit it three times running, then the one who has been more often on the side both had last, changes; between
     * equals the higher ranked alternates. Players new to the tournament: the higher ranked is South on odd boards.
     */
    private static Pairing sides(Entrant higher, Entrant lower, int board) {
        Pairing preferred = preferredSides(higher, lower, board);
        Entrant south = preferred.south().equals(higher.id()) ? higher : lower;
        Entrant north = south == higher ? lower : higher;
        if (sideCost(north, south) < sideCost(south, north)) {
            return new Pairing(north.id(), south.id());
        }
        return preferred;
    }

    private static Pairing preferredSides(Entrant higher, Entrant lower, int board) {
        char h = higher.last();
        char l = lower.last();
        if (h == 0 && l == 0) {
            return board % 2 == 0 ? new Pairing(higher.id(), lower.id()) : new Pairing(lower.id(), higher.id());
        }
        if (h != l) {
            if (h == 'S' || l == 'N') {
                return new Pairing(lower.id(), higher.id());
            }
            return new Pairing(higher.id(), lower.id());
        }
        // both last sat on the same side: one of them changes
        int hb = h == 'S' ? higher.balance() : -higher.balance();
        int lb = h == 'S' ? lower.balance() : -lower.balance();
        boolean higherChanges;
        if (higher.twiceOn(h) != lower.twiceOn(h)) {
            higherChanges = higher.twiceOn(h);
        } else if (hb != lb) {
            higherChanges = hb > lb;
        } else {
            higherChanges = true;
        }
        Entrant changer = higherChanges ? higher : lower;
        Entrant keeper = higherChanges ? lower : higher;
        return h == 'S' ? new Pairing(keeper.id(), changer.id()) : new Pairing(changer.id(), keeper.id());
    }

    /** Minimum-cost perfect matching over subsets (the lowest unpaired player takes each possible partner). */
    private static int[] exact(long[][] cost) {
        int n = cost.length;
        long[] memo = new long[1 << n];
        Arrays.fill(memo, -1);
        int full = (1 << n) - 1;
        if (solve(full, cost, memo) >= INFINITE) {
            return null;
        }
        int[] mate = new int[n];
        int mask = full;
        while (mask != 0) {
            int i = Integer.numberOfTrailingZeros(mask);
            int rest = mask & ~(1 << i);
            long best = memo[mask];
            for (int m = rest; m != 0; m &= m - 1) {
                int j = Integer.numberOfTrailingZeros(m);
                if (cost[i][j] < INFINITE && cost[i][j] + solve(rest & ~(1 << j), cost, memo) == best) {
                    mate[i] = j;
                    mate[j] = i;
                    mask = rest & ~(1 << j);
                    break;
                }
            }
        }
        return mate;
    }

    private static long solve(int mask, long[][] cost, long[] memo) {
        if (mask == 0) {
            return 0;
        }
        if (memo[mask] >= 0) {
            return memo[mask];
        }
        int i = Integer.numberOfTrailingZeros(mask);
        int rest = mask & ~(1 << i);
        long best = INFINITE;
        for (int m = rest; m != 0; m &= m - 1) {
            int j = Integer.numberOfTrailingZeros(m);
            if (cost[i][j] >= INFINITE) {
                continue;
            }
            long sub = solve(rest & ~(1 << j), cost, memo);
            if (sub < INFINITE) {
                best = Math.min(best, cost[i][j] + sub);
            }
        }
        memo[mask] = best;
        return best;
    }

    /** Large fields: the first pairing without a rematch, trying each player's partners cheapest first. */
    private static int[] depthFirst(long[][] cost) {
        int n = cost.length;
        int[] mate = new int[n];
        Arrays.fill(mate, -1);
        long[] budget = {2_000_000};
        return extend(cost, mate, budget) ? mate : null;
    }

    private static boolean extend(long[][] cost, int[] mate, long[] budget) {
        int i = 0;
        while (i < mate.length && mate[i] >= 0) {
            i++;
        }
        if (i == mate.length) {
            return true;
        }
        if (--budget[0] < 0) {
            return false;
        }
        List<Integer> partners = new ArrayList<>();
        for (int j = i + 1; j < mate.length; j++) {
            if (mate[j] < 0 && cost[i][j] < INFINITE) {
                partners.add(j);
            }
        }
        final int fi = i;
        partners.sort(Comparator.comparingLong(j -> cost[fi][j]));
        for (int j : partners) {
            mate[i] = j;
            mate[j] = i;
            if (extend(cost, mate, budget)) {
                return true;
            }
            mate[i] = -1;
            mate[j] = -1;
        }
        return false;
    }
}
