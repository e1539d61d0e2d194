package mancala.server.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A tournament's standings: points, then the tie-break of its system, then the seed order.
 *
 * <ul>
 *   <li>Sonneborn-Berger (round robin): the final points of every opponent beaten plus half those of every opponent
 *       drawn with.</li>
 *   <li>Buchholz (Swiss): the sum of the final points of every opponent met. A bye adds nothing.</li>
 * </ul>
 * A Swiss bye is worth {@link Swiss#BYE_POINTS} points; a round-robin bye (the odd player out) is worth none.
 */
public final class Standings {
    /** Which tie-break ranks players on equal points. */
    public enum TieBreak { SONNEBORN_BERGER, BUCHHOLZ }

    /**
     * One line of the standings.
     *
     * @param rank     the place, from 1 (players equal on points and tie-break share it)
     * @param player   the player
     * @param points   points, byes included
     * @param tieBreak the tie-break's value
     * @param played   games played
     * @param wins     games won
     * @param draws    games drawn
     * @param losses   games lost
     */
    public record Line(int rank, String player, double points, double tieBreak, int played, int wins, int draws,
                       int losses) {
    }

    private Standings() {
    }

    /**
     * @param players  the players in seed order
     * @param rounds   the rounds paired so far (for the byes)
     * @param results  the finished games
     * @param tieBreak the tie-break
     * @param byePoints the points a bye is worth
     * @return the standings, first place first
     */
    public static List<Line> compute(List<String> players, List<Round> rounds, List<GameResult> results,
                                     TieBreak tieBreak, double byePoints) {
        Map<String, Double> points = new HashMap<>();
        for (String p : players) {
            points.put(p, 0.0);
        }
        for (GameResult r : results) {
            points.merge(r.south(), r.southScore(), Double::sum);
            points.merge(r.north(), 1 - r.southScore(), Double::sum);
        }
        for (Round round : rounds) {
            round.bye().ifPresent(b -> points.merge(b, byePoints, Double::sum));
        }
        Map<String, Integer> seed = new HashMap<>();
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < players.size(); i++) {
            String p = players.get(i);
            seed.put(p, i);
            double tb = 0;
            int played = 0;
            int wins = 0;
            int draws = 0;
            for (GameResult r : results) {
                if (!r.has(p)) {
                    continue;
                }
                played++;
                double s = r.scoreOf(p);
                double opponentPoints = points.getOrDefault(r.opponentOf(p), 0.0);
                if (s == 1) {
                    wins++;
                } else if (s == 0.5) {
                    draws++;
                }
                tb += tieBreak == TieBreak.BUCHHOLZ ? opponentPoints : s * opponentPoints;
            }
            lines.add(new Line(0, p, points.get(p), tb, played, wins, draws, played - wins - draws));
        }
        lines.sort(Comparator.comparingDouble(Line::points).reversed()
                .thenComparing(Comparator.comparingDouble(Line::tieBreak).reversed())
                .thenComparing(l -> seed.get(l.player())));
        List<Line> ranked = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            int rank = i + 1;
            if (i > 0) {
                Line prev = ranked.get(i - 1);
                if (prev.points() == l.points() && prev.tieBreak() == l.tieBreak()) {
                    rank = prev.rank();
                }
            }
            ranked.add(new Line(rank, l.player(), l.points(), l.tieBreak(), l.played(), l.wins(), l.draws(),
                    l.losses()));
        }
        return ranked;
    }
}
