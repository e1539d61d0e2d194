package mancala.server.tournament;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.server.store.Job;
import mancala.server.store.JobRunner;
import org.jdbi.v3.core.Handle;

/**
 * Arena tournaments (lichess's most played kind), in the caller's transaction: a fixed duration from the start; a
 * player who finishes a game waits in the queue ({@code tournament_players.waiting_since}) and the pairing job
 * ({@value #PAIR_JOB}, subject the tournament) pairs the queue at once, each with the waiting player nearest in
 * score who was not his last opponent (when another is waiting). A win scores {@value #WIN}, a draw {@value #DRAW},
 * a loss 0; from the third win in a row on (a streak of {@value #STREAK} wins behind him: "on fire") a game scores
 * double, until a game he does not win. A player may pause (leave the queue; his game in progress is played out)
 * and come back. At its end ({@value #END_JOB}) nobody is paired again; games in progress finish and count.
 *
 * <p>Several server instances: the pairing job runs once (the job runner's claim) and holds the tournament's row
 * lock ({@code SELECT ... FOR UPDATE}) while it reads the queue and starts the games, and a game's end updates the
 * scores and the queue under the same lock, so no player is paired twice nor lost between instances. Every arena
 * transaction takes the tournament's row before the job's row, so they cannot deadlock.
 */
final class Arena {
    /** The job kind that pairs an arena's queue; subject: the tournament id. */
    static final String PAIR_JOB = "arena-pair";
    /** The job kind that ends an arena at its time; subject: the tournament id. */
    static final String END_JOB = "arena-end";
    /** Points of a win. */
    static final int WIN = 2;
    /** Points of a draw. */
    static final int DRAW = 1;
    /** Wins in a row after which games score double. */
    static final int STREAK = 2;
    /** The shortest and longest arena, in minutes. */
    static final int MIN_MINUTES = 1;
    static final int MAX_MINUTES = 720;

    private Arena() {
    }

    /** @return the points a result scores for a player with {@code streak} wins in a row before it */
    static int points(double score, int streak) {
        int base = score == 1 ? WIN : score == 0.5 ? DRAW : 0;
        return streak >= STREAK ? 2 * base : base;
    }

    /** Starts an arena: it ends {@code minutes} after now; every player waits to be paired. */
    static void start(Handle h, JobRunner runner, String id, int minutes, Instant now) {
        Instant end = now.plus(Duration.ofMinutes(minutes));
        h.createUpdate("UPDATE tournaments SET status = 'running', started_at = :now, ends_at = :e, current_round = 1 "
                + "WHERE id = :t").bind("now", now).bind("e", end).bind("t", id).execute();
        h.createUpdate("UPDATE tournament_players SET waiting_since = :now WHERE tournament_id = :t "
                + "AND withdrawn = FALSE").bind("now", now).bind("t", id).execute();
        runner.schedule(h, new Job(PAIR_JOB, id, now, -1, null));
        runner.schedule(h, new Job(END_JOB, id, end, -1, null));
    }

    /** A waiting player. */
    record Waiting(long account, String username, int points, Long lastOpponent) {
    }

    /** A pair to start: South (who waited longer, or the higher score) and North. */
    record Pair(Waiting south, Waiting north) {
    }

    /**
     * Pairs the queue: the highest score first, each with the waiting player nearest in score (the earlier waiter
     * on equal distance) who is not his last opponent, unless that is the only one left.
     *
     * @param queue the waiting players, highest score first (then longest waiting)
     */
    static List<Pair> pair(List<Waiting> queue) {
        List<Waiting> left = new ArrayList<>(queue);
        List<Pair> pairs = new ArrayList<>();
        while (left.size() >= 2) {
            Waiting p = left.remove(0);
            int best = nearest(p, left, true);
            if (best < 0) {
                best = nearest(p, left, false);
            }
            pairs.add(new Pair(p, left.remove(best)));
        }
        return pairs;
    }

    /** @return the index of the player nearest {@code p} in score (the first on equal distance), or -1 */
    private static int nearest(Waiting p, List<Waiting> left, boolean noRematch) {
        int best = -1;
        for (int i = 0; i < left.size(); i++) {
            Waiting q = left.get(i);
            boolean rematch = p.lastOpponent() != null && p.lastOpponent() == q.account()
                    || q.lastOpponent() != null && q.lastOpponent() == p.account();
            if (rematch && noRematch) {
                continue;
            }
            if (best < 0 || Math.abs(q.points() - p.points()) < Math.abs(left.get(best).points() - p.points())) {
                best = i;
            }
        }
        return best;
    }

    /** @return the queue of a running arena, highest score first (then the longest waiting), locked rows */
    static List<Waiting> queue(Handle h, String id) {
        return h.createQuery("SELECT p.account_id, a.username, p.arena_points, p.last_opponent FROM "
                        + "tournament_players p JOIN accounts a ON a.id = p.account_id WHERE p.tournament_id = :t "
                        + "AND p.waiting_since IS NOT NULL AND p.withdrawn = FALSE "
                        + "ORDER BY p.arena_points DESC, p.waiting_since, p.seed").bind("t", id)
                .map((rs, c) -> new Waiting(rs.getLong(1), rs.getString(2), rs.getInt(3),
                        rs.getObject(4) == null ? null : rs.getLong(4)))
                .list();
    }

    /** Records the start of a paired game: both leave the queue and remember each other. */
    static void paired(Handle h, String id, Pair p, String gameId) {
        int board = h.createQuery("SELECT COALESCE(MAX(board), 0) + 1 FROM tournament_games WHERE tournament_id = :t")
                .bind("t", id).mapTo(Integer.class).one();
        TournamentStore.game(h, id, new TournamentStore.Game(1, board, p.south().account(), p.north().account(),
                gameId, null, false));
        for (Waiting[] w : List.of(new Waiting[] {p.south(), p.north()}, new Waiting[] {p.north(), p.south()})) {
            h.createUpdate("UPDATE tournament_players SET waiting_since = NULL, last_opponent = :o "
                            + "WHERE tournament_id = :t AND account_id = :a").bind("o", w[1].account())
                    .bind("t", id).bind("a", w[0].account()).execute();
        }
    }

    /**
     * A game of the arena ended (in the transaction that ends it): both players score by their streaks, and while
     * the arena runs they wait again and the pairing job is due at once.
     */
    static void ended(Handle h, JobRunner runner, String id, long south, long north, double southScore,
                      Instant now) {
        TournamentStore.Row t = TournamentStore.lock(h, id);
        boolean running = t.status().equals("running");
        score(h, id, south, southScore, running, now);
        score(h, id, north, 1 - southScore, running, now);
        // also after the end: the job then pairs nobody but tells the pages the standings changed
        runner.schedule(h, new Job(PAIR_JOB, id, now, -1, null));
    }

    private static void score(Handle h, String id, long account, double score, boolean requeue, Instant now) {
        int streak = h.createQuery("SELECT streak FROM tournament_players WHERE tournament_id = :t AND account_id = :a")
                .bind("t", id).bind("a", account).mapTo(Integer.class).findOne().orElse(0);
        h.createUpdate("UPDATE tournament_players SET arena_points = arena_points + :p, streak = :s, "
                        + "waiting_since = CASE WHEN :q AND withdrawn = FALSE THEN :now ELSE NULL END "
                        + "WHERE tournament_id = :t AND account_id = :a")
                .bind("p", points(score, streak)).bind("s", score == 1 ? streak + 1 : 0).bind("q", requeue)
                .bind("now", now).bind("t", id).bind("a", account).execute();
    }

    /** @return whether the player has a game of the arena still being played */
    static boolean playing(Handle h, String id, long account) {
        return h.createQuery("SELECT COUNT(*) FROM tournament_games WHERE tournament_id = :t AND south_score IS NULL "
                        + "AND (south = :a OR north = :a)").bind("t", id).bind("a", account).mapTo(Integer.class)
                .one() > 0;
    }

    /** A player (back) in the queue unless he is playing; the pairing job is due at once. */
    static void enqueue(Handle h, JobRunner runner, String id, long account, Instant now) {
        if (!playing(h, id, account)) {
            h.createUpdate("UPDATE tournament_players SET waiting_since = :now WHERE tournament_id = :t "
                    + "AND account_id = :a").bind("now", now).bind("t", id).bind("a", account).execute();
            runner.schedule(h, new Job(PAIR_JOB, id, now, -1, null));
        }
    }

    /** A player pauses: out of the queue (his game in progress is played out). */
    static void pause(Handle h, String id, long account) {
        h.createUpdate("UPDATE tournament_players SET waiting_since = NULL WHERE tournament_id = :t "
                + "AND account_id = :a").bind("t", id).bind("a", account).execute();
    }

    /** A standings line of an arena. */
    record Line(long account, String username, int points, int streak, boolean paused, boolean noShow, int played,
                int wins, int draws, int losses) {
    }

    /** @return the arena's standings: points, then fewer games played, then name */
    static List<Map<String, Object>> standings(Handle h, TournamentStore.Snapshot s) {
        List<Line> lines = h.createQuery("SELECT p.account_id, a.username, p.arena_points, p.streak, p.withdrawn, "
                        + "p.no_show FROM tournament_players p JOIN accounts a ON a.id = p.account_id "
                        + "WHERE p.tournament_id = :t").bind("t", s.row().id())
                .map((rs, c) -> {
                    long acc = rs.getLong(1);
                    int w = 0;
                    int d = 0;
                    int l = 0;
                    for (TournamentStore.Game g : s.games()) {
                        if (g.has(acc) && g.southScore() != null) {
                            double sc = g.south() == acc ? g.southScore() : 1 - g.southScore();
                            if (sc == 1) {
                                w++;
                            } else if (sc == 0) {
                                l++;
                            } else {
                                d++;
                            }
                        }
                    }
                    return new Line(acc, rs.getString(2), rs.getInt(3), rs.getInt(4), rs.getBoolean(5),
                            rs.getBoolean(5) && rs.getBoolean(6), w + d + l,
                            w, d, l);
                }).list();
        List<Line> sorted = new ArrayList<>(lines);
        sorted.sort((a, b) -> a.points() != b.points() ? b.points() - a.points() : a.played() != b.played()
                ? a.played() - b.played() : a.username().compareTo(b.username()));
        List<Map<String, Object>> out = new ArrayList<>();
        int rank = 0;
        for (int i = 0; i < sorted.size(); i++) {
            Line l = sorted.get(i);
            if (i == 0 || l.points() != sorted.get(i - 1).points() || l.played() != sorted.get(i - 1).played()) {
                rank = i + 1;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rank", rank);
            m.put("username", l.username());
            m.put("points", l.points());
            m.put("pointsText", Integer.toString(l.points()));
            m.put("tieBreaks", List.of());
            m.put("played", l.played());
            m.put("wins", l.wins());
            m.put("draws", l.draws());
            m.put("losses", l.losses());
            m.put("withdrawn", l.paused());
            m.put("noShow", l.noShow());
            m.put("streak", l.streak());
            m.put("onFire", l.streak() >= STREAK);
            out.add(m);
        }
        return out;
    }
}
