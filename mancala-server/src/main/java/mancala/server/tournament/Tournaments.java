package mancala.server.tournament;

import mancala.server.board.RulesInput;
import mancala.server.error.DomainError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mancala.rules.GameKind;
import mancala.server.account.Account;
import mancala.server.clock.TimeControl;
import mancala.server.game.Seats;
import mancala.server.store.Job;
import mancala.server.account.Accounts;
import mancala.server.challenge.Challenges;
import mancala.server.clock.Clocks;
import mancala.server.game.GameStarter;
import mancala.server.game.Inputs;
import mancala.server.rating.RatingStore;
import mancala.server.store.JobRunner;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * Tournaments in the database: created by a signed-in player (game, options, clock, round robin or Swiss with a
 * number of rounds, start time), joined until the start, then run by the server: at the start the players are
 * seeded by rating, each round is paired ({@link RoundRobin}'s Berger tables or {@link Swiss}) and its games
 * started; when the last game of a round is over the next is paired, until the last round (or, in a Swiss, until
 * no pairing without a rematch is left). Each step holds the tournament's row lock, so it happens once across
 * instances.
 */
public final class Tournaments {
    /** The systems. */
    public static final List<String> SYSTEMS = List.of("swiss", "round-robin");
    /** The most players a tournament takes. */
    public static final int MAX_PLAYERS = 64;
    /** The most rounds of a Swiss. */
    public static final int MAX_ROUNDS = 20;

    /** The job kind of a tournament's start; subject: the tournament id. */
    public static final String START_JOB = "tournament-start";
    /** The job kind of pairing a tournament's next round; subject: the tournament id. */
    public static final String ADVANCE_JOB = "tournament-round";

    private final Jdbi jdbi;
    private final Accounts accounts;
    private final GameStarter starter;
    private final JobRunner runner;
    private final Challenges lobby;

    /**
     * Registers the tournaments' jobs on {@code runner}.
     *
     * @param starter starts the games of a round
     * @param lobby   announces changes to the lobby pages
     */
    public Tournaments(Jdbi jdbi, Accounts accounts, GameStarter starter, JobRunner runner, Challenges lobby) {
        this.jdbi = jdbi;
        this.accounts = accounts;
        this.starter = starter;
        this.runner = runner;
        this.lobby = lobby;
        runner.register(START_JOB, this::startJob);
        runner.register(ADVANCE_JOB, this::advanceJob);
    }

    /** A tournament's row. */
    record Row(String id, String name, String game, String options, String timeControl, String system, int rounds,
               boolean rated, Instant startsAt, long creator, String status, int currentRound, Instant createdAt) {
    }

    /**
     * Creates a tournament.
     *
     * @return its id
     * @throws DomainError 400 naming the field that is wrong
     */
    public String create(Account creator, String name, String game, String options, TimeControl tc, String system,
                  Integer rounds, Instant startsAt, boolean rated) {
        GameKind gk = RulesInput.game(game);
        String opts = Inputs.options(gk, options, rated);
        if (tc == null) {
            throw DomainError.badRequest("clock is required", Map.of());
        }
        if (system == null || !SYSTEMS.contains(system)) {
            throw DomainError.badRequest("system must be swiss or round-robin, not '" + system + "'", Map.of());
        }
        int r = 0;
        if (system.equals("swiss")) {
            if (rounds == null || rounds < 1 || rounds > MAX_ROUNDS) {
                throw DomainError.badRequest("rounds: a Swiss has 1 to " + MAX_ROUNDS + " rounds", Map.of());
            }
            r = rounds;
        } else if (rounds != null) {
            throw DomainError.badRequest("rounds: a round robin has as many rounds as its players need", Map.of());
        }
        if (startsAt == null) {
            throw DomainError.badRequest("startsAt is required: an instant such as 2026-05-01T18:00:00Z", Map.of());
        }
        if (startsAt.isBefore(Instant.now())) {
            throw new DomainError(DomainError.Kind.INVALID, "starts-at-past", "startsAt " + startsAt + " is in the past: give a time to "
                    + "come, within 90 days", Map.of(), java.util.Map.of("field", "startsAt"), 0);
        }
        if (startsAt.isAfter(Instant.now().plus(java.time.Duration.ofDays(90)))) {
            throw DomainError.badRequest("startsAt must be within 90 days", Map.of());
        }
        String n = name == null || name.isBlank() ? gk.displayName() + " " + (system.equals("swiss") ? "Swiss"
                : "round robin") : name.strip();
        if (n.length() > 80) {
            throw DomainError.badRequest("name must be at most 80 characters", Map.of());
        }
        String id = Seats.newId();
        int roundCount = r;
        jdbi.useHandle(h -> h.createUpdate("""
                INSERT INTO tournaments (id, name, game, options, time_control, system, rounds, rated, starts_at,
                  creator, status, current_round, created_at)
                VALUES (:id, :name, :game, :options, :tc, :system, :rounds, :rated, :startsAt, :creator, 'open', 0,
                  :now)""")
                .bind("id", id).bind("name", n).bind("game", gk.key()).bind("options", opts).bind("tc", tc.tag())
                .bind("system", system).bind("rounds", roundCount).bind("rated", rated).bind("startsAt", startsAt)
                .bind("creator", creator.id()).bind("now", Instant.now()).execute());
        jdbi.useTransaction(h -> runner.schedule(h, new Job(START_JOB, id, startsAt, -1, null)));
        return id;
    }

    /** Joins a tournament that has not started. @throws DomainError 404, 409 */
    public void join(Account a, String id) {
        jdbi.useTransaction(h -> {
            Row t = lock(h, id);
            if (!t.status().equals("open")) {
                throw notOpen(t);
            }
            int n = h.createQuery("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = :t")
                    .bind("t", id).mapTo(Integer.class).one();
            boolean in = h.createQuery("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = :t AND "
                    + "account_id = :a").bind("t", id).bind("a", a.id()).mapTo(Integer.class).one() > 0;
            if (in) {
                return;
            }
            if (n >= MAX_PLAYERS) {
                throw DomainError.conflict("tournament-full", "the tournament has " + MAX_PLAYERS + " players", Map.of());
            }
            h.createUpdate("INSERT INTO tournament_players (tournament_id, account_id, seed, joined_at) "
                    + "VALUES (:t, :a, :s, :now)").bind("t", id).bind("a", a.id()).bind("s", n + 1)
                    .bind("now", Instant.now()).execute();
        });
    }

    /** Leaves a tournament that has not started. */
    public void leave(Account a, String id) {
        jdbi.useTransaction(h -> {
            Row t = lock(h, id);
            if (!t.status().equals("open")) {
                throw notOpen(t);
            }
            h.createUpdate("DELETE FROM tournament_players WHERE tournament_id = :t AND account_id = :a")
                    .bind("t", id).bind("a", a.id()).execute();
        });
    }

    /** The creator starts his tournament before its time. */
    public void startNow(Account a, String id) {
        jdbi.useTransaction(h -> {
            Row t = lock(h, id);
            if (t.creator() != a.id()) {
                throw new DomainError(DomainError.Kind.FORBIDDEN, "not-creator", "only the tournament's creator may start it early", Map.of());
            }
            if (!t.status().equals("open")) {
                throw notOpen(t);
            }
            start(h, t);
        });
    }

    /** The start job: the tournament starts at its time (unless its creator started it already). */
    private void startJob(Job job) {
        jdbi.useTransaction(h -> {
            if (!runner.jobs().complete(h, job)) {
                return;
            }
            Row t = lock(h, job.subject());
            if (t.status().equals("open")) {
                start(h, t);
            }
        });
        lobby.announce("tournament " + job.subject());
    }

    private void start(Handle h, Row t) {
        List<Long> players = h.createQuery("""
                SELECT p.account_id FROM tournament_players p LEFT JOIN ratings r
                  ON r.account_id = p.account_id AND r.game = :g
                WHERE p.tournament_id = :t
                ORDER BY COALESCE(r.rating, 1500) DESC, p.joined_at, p.account_id""")
                .bind("g", t.game()).bind("t", t.id()).mapTo(Long.class).list();
        if (players.size() < 2) {
            h.createUpdate("UPDATE tournaments SET status = 'cancelled' WHERE id = :t").bind("t", t.id()).execute();
            return;
        }
        for (int i = 0; i < players.size(); i++) {
            h.createUpdate("UPDATE tournament_players SET seed = :s WHERE tournament_id = :t AND account_id = :a")
                    .bind("s", i + 1).bind("t", t.id()).bind("a", players.get(i)).execute();
        }
        int rounds = t.system().equals("round-robin") ? RoundRobin.roundCount(players.size())
                : Math.min(t.rounds(), players.size() % 2 == 0 ? players.size() - 1 : players.size());
        h.createUpdate("UPDATE tournaments SET status = 'running', rounds = :r, rounds_asked = :asked WHERE id = :t")
                .bind("r", rounds).bind("asked", t.rounds()).bind("t", t.id()).execute();
        pairNext(h, lock(h, t.id()));
    }

    /**
     * The round job, scheduled when a game of the tournament ends: pairs the next round once every game of the
     * current round is over.
     */
    private void advanceJob(Job job) {
        jdbi.useTransaction(h -> {
            if (!runner.jobs().complete(h, job)) {
                return;
            }
            Row t = lock(h, job.subject());
            if (!t.status().equals("running")) {
                return;
            }
            int open = h.createQuery("SELECT COUNT(*) FROM tournament_games WHERE tournament_id = :t AND round = :r "
                    + "AND south_score IS NULL").bind("t", t.id()).bind("r", t.currentRound()).mapTo(Integer.class)
                    .one();
            if (open == 0) {
                pairNext(h, t);
            }
        });
        lobby.announce("tournament " + job.subject());
    }

    private void pairNext(Handle h, Row t) {
        int next = t.currentRound() + 1;
        if (next > t.rounds()) {
            finish(h, t);
            return;
        }
        List<String> players = seeded(h, t.id());
        java.util.Set<String> away = withdrawn(h, t.id());
        Optional<Round> round;
        if (t.system().equals("round-robin")) {
            round = Optional.of(RoundRobin.round(players, next));
        } else {
            // a withdrawn player is not paired (nor given the bye) until he comes back
            History hist = history(h, t.id());
            round = Swiss.pair(next, Swiss.entrants(players, hist.rounds(), hist.results()).stream()
                    .filter(e -> !away.contains(e.id())).toList());
        }
        if (round.isEmpty()) {
            finish(h, t);
            return;
        }
        Round r = round.get();
        h.createUpdate("INSERT INTO tournament_rounds (tournament_id, round, bye, paired_at) VALUES (:t, :r, :b, :now)")
                .bind("t", t.id()).bind("r", next).bind("b", r.bye().map(Long::parseLong).orElse(null))
                .bind("now", Instant.now()).execute();
        h.createUpdate("UPDATE tournaments SET current_round = :r WHERE id = :t").bind("r", next).bind("t", t.id())
                .execute();
        TimeControl tc = TimeControl.parseTag(t.timeControl()).orElseThrow();
        int board = 1;
        for (Pairing p : r.games()) {
            long south = Long.parseLong(p.south());
            long north = Long.parseLong(p.north());
            if (away.contains(p.south()) || away.contains(p.north())) {
                // a round robin keeps its table: a withdrawn player's game is scored as his forfeit, not played
                // (both withdrawn: no game, no score)
                if (!(away.contains(p.south()) && away.contains(p.north()))) {
                    h.createUpdate("INSERT INTO tournament_games (tournament_id, round, board, south, north, game_id, "
                                    + "south_score, forfeit) VALUES (:t, :r, :b, :s, :n, NULL, :score, TRUE)")
                            .bind("t", t.id()).bind("r", next).bind("b", board++).bind("s", south).bind("n", north)
                            .bind("score", away.contains(p.south()) ? 0.0 : 1.0).execute();
                }
                continue;
            }
            String sn = accounts.byId(south).map(Account::username).orElse("?");
            String nn = accounts.byId(north).map(Account::username).orElse("?");
            GameStarter.Started s = starter.start(t.game(), t.options(), tc, t.rated(), "a:" + south, sn,
                    "a:" + north, nn, t.id());
            h.createUpdate("INSERT INTO tournament_games (tournament_id, round, board, south, north, game_id) "
                    + "VALUES (:t, :r, :b, :s, :n, :g)").bind("t", t.id()).bind("r", next).bind("b", board++)
                    .bind("s", south).bind("n", north).bind("g", s.gameId()).execute();
        }
        int open = h.createQuery("SELECT COUNT(*) FROM tournament_games WHERE tournament_id = :t AND round = :r "
                + "AND south_score IS NULL").bind("t", t.id()).bind("r", next).mapTo(Integer.class).one();
        if (open == 0) {
            pairNext(h, lock(h, t.id()));
        }
    }

    /** @return the players of tournament {@code id} withdrawn after a no-show, as pairing ids. */
    private static java.util.Set<String> withdrawn(Handle h, String id) {
        return java.util.Set.copyOf(h.createQuery("SELECT account_id FROM tournament_players WHERE tournament_id = :t "
                        + "AND withdrawn = TRUE").bind("t", id).mapTo(Long.class).list().stream()
                .map(String::valueOf).toList());
    }

    /**
     * A player withdrawn after a no-show comes back: he is paired again from the next round on. Nothing happens for a
     * player who is not withdrawn.
     *
     * @throws DomainError NOT_FOUND for an unknown tournament, CONFLICT {@code not-in-tournament} when he does not
     *                     play in it
     *                      or {@code tournament-finished} once it is over
     */
    public void comeBack(Account a, String id) {
        jdbi.useTransaction(h -> {
            Row t = lock(h, id);
            if (t.status().equals("finished") || t.status().equals("cancelled")) {
                throw notOpen(t);
            }
            int n = h.createUpdate("UPDATE tournament_players SET withdrawn = FALSE WHERE tournament_id = :t "
                    + "AND account_id = :a").bind("t", id).bind("a", a.id()).execute();
            if (n == 0) {
                throw DomainError.conflict("not-in-tournament", "you do not play in this tournament", Map.of());
            }
        });
    }

    private static void finish(Handle h, Row t) {
        h.createUpdate("UPDATE tournaments SET status = 'finished' WHERE id = :t").bind("t", t.id()).execute();
    }

    private static List<String> seeded(Handle h, String id) {
        return h.createQuery("SELECT account_id FROM tournament_players WHERE tournament_id = :t ORDER BY seed")
                .bind("t", id).mapTo(Long.class).list().stream().map(String::valueOf).toList();
    }

    private record History(List<Round> rounds, List<GameResult> results, Map<Integer, List<Object[]>> games) {
    }

    private static History history(Handle h, String id) {
        // the rounds first, then their games: a view read while a round is being paired shows it whole or not at all
        // (read the other way, a round committed between the two reads showed without its games)
        Map<Integer, Long> byes = new HashMap<>();
        List<Integer> numbers = new ArrayList<>();
        h.createQuery("SELECT round, bye FROM tournament_rounds WHERE tournament_id = :t ORDER BY round")
                .bind("t", id).map((rs, c) -> new Object[] {rs.getInt(1), rs.getObject(2) == null ? null
                    : rs.getLong(2)})
                .forEach(row -> {
                    numbers.add((Integer) row[0]);
                    byes.put((Integer) row[0], (Long) row[1]);
                });
        Map<Integer, List<Object[]>> byRound = new LinkedHashMap<>();
        h.createQuery("SELECT round, board, south, north, game_id, south_score, forfeit FROM tournament_games "
                        + "WHERE tournament_id = :t ORDER BY round, board").bind("t", id)
                .map((rs, c) -> new Object[] {rs.getInt(1), rs.getInt(2), rs.getLong(3), rs.getLong(4),
                    rs.getString(5), rs.getObject(6) == null ? null : rs.getDouble(6), rs.getBoolean(7)})
                .forEach(row -> byRound.computeIfAbsent((Integer) row[0], k -> new ArrayList<>()).add(row));
        List<Round> rounds = new ArrayList<>();
        List<GameResult> results = new ArrayList<>();
        for (int n : numbers) {
            List<Pairing> games = new ArrayList<>();
            for (Object[] g : byRound.getOrDefault(n, List.of())) {
                Pairing p = new Pairing(String.valueOf(g[2]), String.valueOf(g[3]));
                games.add(p);
                if (g[5] != null) {
                    results.add(new GameResult(n, p.south(), p.north(), (Double) g[5]));
                }
            }
            rounds.add(new Round(n, games, Optional.ofNullable(byes.get(n)).map(String::valueOf)));
        }
        return new History(rounds, results, byRound);
    }

    private Row lock(Handle h, String id) {
        if (id == null || id.length() > 24) {
            throw new DomainError(DomainError.Kind.NOT_FOUND, "unknown-tournament", "no tournament with id '" + id + "'", Map.of());
        }
        return h.createQuery("SELECT id, name, game, options, time_control, system, rounds, rated, starts_at, "
                        + "creator, status, current_round, created_at FROM tournaments WHERE id = :id FOR UPDATE")
                .bind("id", id).map((rs, c) -> row(rs)).findOne()
                .orElseThrow(() -> new DomainError(DomainError.Kind.NOT_FOUND, "unknown-tournament", "no tournament with id '" + id + "'", Map.of()));
    }

    private static Row row(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new Row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                rs.getString(6), rs.getInt(7), rs.getBoolean(8), rs.getTimestamp(9).toInstant(), rs.getLong(10),
                rs.getString(11), rs.getInt(12), rs.getTimestamp(13).toInstant());
    }

    /** @return the tournaments, newest first (up to 100). */
    public List<Map<String, Object>> list() {
        return jdbi.withHandle(h -> h.createQuery("SELECT id, name, game, options, time_control, system, "
                        + "rounds, rated, starts_at, creator, status, current_round, created_at FROM tournaments "
                        + "ORDER BY created_at DESC LIMIT 100")
                .map((rs, c) -> row(rs)).list().stream().map(t -> summary(h, t)).toList());
    }

    /** @return the refusal of a change to a tournament that is no longer open, saying what it is now. */
    private static DomainError notOpen(Row t) {
        return switch (t.status()) {
            case "cancelled" -> DomainError.conflict("tournament-cancelled",
                    "the tournament was cancelled: too few players had joined at its start", Map.of());
            case "finished" -> DomainError.conflict("tournament-finished", "the tournament is over", Map.of());
            default -> DomainError.conflict("tournament-started", "the tournament has started: joining is over", Map.of());
        };
    }

    private Map<String, Object> summary(Handle h, Row t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", t.id());
        m.put("name", t.name());
        m.put("game", t.game());
        m.put("options", t.options());
        m.put("clock", Clocks.viewOfTag(t.timeControl()));
        m.put("system", t.system());
        m.put("rounds", t.rounds());
        Integer asked = h.createQuery("SELECT rounds_asked FROM tournaments WHERE id = :t").bind("t", t.id())
                .mapTo(Integer.class).findOne().orElse(null);
        if (asked != null && asked > t.rounds()) {
            // A Swiss never pairs two players twice: N players have N - 1 rounds of new pairings (N with a bye).
            m.put("roundsAsked", asked);
            m.put("fewerRounds", "too-few-players");
        }
        m.put("rated", t.rated());
        m.put("startsAt", t.startsAt().toString());
        m.put("creator", accounts.byId(t.creator()).map(Account::username).orElse(null));
        m.put("status", t.status());
        m.put("currentRound", t.currentRound());
        m.put("players", h.createQuery("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = :t")
                .bind("t", t.id()).mapTo(Integer.class).one());
        return m;
    }

    /**
     * @return the tournament: its settings, players by seed, each round's pairings (bye, games with their ids and
     * results), the standings with the system's tie-break, and the crosstable
     */
    public Map<String, Object> view(String id) {
        return jdbi.inTransaction(h -> {
            Row t = h.createQuery("SELECT id, name, game, options, time_control, system, rounds, rated, starts_at, "
                            + "creator, status, current_round, created_at FROM tournaments WHERE id = :id")
                    .bind("id", id).map((rs, c) -> row(rs)).findOne()
                    .orElseThrow(() -> new DomainError(DomainError.Kind.NOT_FOUND, "unknown-tournament", "no tournament with id '" + id
                            + "'", Map.of()));
            Map<String, Object> m = summary(h, t);
            Map<String, String> names = new HashMap<>();
            m.put("players", players(h, t, names));
            History hist = history(h, id);
            m.put("pairings", pairings(hist, names));
            List<String> seeded = seeded(h, id);
            boolean rr = t.system().equals("round-robin");
            List<Standings.Line> lines = Standings.compute(seeded, hist.rounds(), hist.results(),
                    rr ? Standings.TieBreak.SONNEBORN_BERGER : Standings.TieBreak.BUCHHOLZ,
                    rr ? 0 : Swiss.BYE_POINTS);
            m.put("tieBreak", rr ? "sonneborn-berger" : "buchholz");
            m.put("standings", standings(lines, names));
            m.put("crosstable", crosstable(seeded, names, hist, lines));
            return m;
        });
    }

    /** @return the players by seed with their ratings; fills {@code names} (account id to user name). */
    private static List<Map<String, Object>> players(Handle h, Row t, Map<String, String> names) {
        List<Map<String, Object>> players = new ArrayList<>();
        h.createQuery("SELECT p.account_id, a.username, p.seed, p.withdrawn FROM tournament_players p JOIN "
                        + "accounts a ON a.id = p.account_id WHERE p.tournament_id = :t ORDER BY p.seed")
                .bind("t", t.id())
                .map((rs, c) -> new Object[] {rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getBoolean(4)})
                .forEach(r -> {
                    names.put(String.valueOf(r[0]), (String) r[1]);
                    Map<String, Object> p = new LinkedHashMap<>();
                    p.put("username", r[1]);
                    p.put("seed", r[2]);
                    p.put("withdrawn", r[3]);
                    p.put("rating", RatingStore.shown(h, (Long) r[0], t.game()));
                    players.add(p);
                });
        return players;
    }

    /** @return each round: its number, bye and games with their ids and results. */
    private static List<Map<String, Object>> pairings(History hist, Map<String, String> names) {
        List<Map<String, Object>> rounds = new ArrayList<>();
        for (Round r : hist.rounds()) {
            Map<String, Object> rv = new LinkedHashMap<>();
            rv.put("number", r.number());
            rv.put("bye", r.bye().map(names::get).orElse(null));
            List<Map<String, Object>> games = new ArrayList<>();
            for (Object[] g : hist.games().getOrDefault(r.number(), List.of())) {
                Map<String, Object> gv = new LinkedHashMap<>();
                gv.put("board", g[1]);
                gv.put("south", names.get(String.valueOf(g[2])));
                gv.put("north", names.get(String.valueOf(g[3])));
                gv.put("gameId", g[4]);
                gv.put("result", g[5] == null ? null : (Double) g[5] == 1 ? "1-0" : (Double) g[5] == 0 ? "0-1"
                        : "1/2-1/2");
                gv.put("forfeit", g[6]);
                games.add(gv);
            }
            rv.put("games", games);
            rounds.add(rv);
        }
        return rounds;
    }

    /** @return the standings' lines for the page. */
    private static List<Map<String, Object>> standings(List<Standings.Line> lines, Map<String, String> names) {
        List<Map<String, Object>> standings = new ArrayList<>();
        for (Standings.Line l : lines) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("rank", l.rank());
            s.put("username", names.get(l.player()));
            s.put("points", l.points());
            s.put("tieBreak", l.tieBreak());
            s.put("played", l.played());
            s.put("wins", l.wins());
            s.put("draws", l.draws());
            s.put("losses", l.losses());
            standings.add(s);
        }
        return standings;
    }

    /**
     * The crosstable: one row per player in standings order, with his result against each opponent (round robin)
     * and, for each round, the opponent's place, his side and his result (both systems).
     */
    private static List<Map<String, Object>> crosstable(List<String> seeded, Map<String, String> names, History hist,
                                                        List<Standings.Line> lines) {
        Map<String, Integer> place = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            place.put(lines.get(i).player(), i + 1);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Standings.Line l : lines) {
            String p = l.player();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("place", place.get(p));
            row.put("username", names.get(p));
            Map<String, Object> against = new LinkedHashMap<>();
            List<Map<String, Object>> byRound = new ArrayList<>();
            for (Round r : hist.rounds()) {
                Map<String, Object> cell = new LinkedHashMap<>();
                cell.put("round", r.number());
                if (r.bye().filter(p::equals).isPresent()) {
                    cell.put("bye", true);
                } else {
                    for (Pairing g : r.games()) {
                        if (g.has(p)) {
                            String o = g.opponentOf(p);
                            cell.put("opponent", names.get(o));
                            cell.put("opponentPlace", place.get(o));
                            cell.put("side", g.south().equals(p) ? "south" : "north");
                            for (GameResult res : hist.results()) {
                                if (res.round() == r.number() && res.has(p)) {
                                    double s = res.scoreOf(p);
                                    cell.put("score", s);
                                    against.merge(names.get(o), s, (a, b) -> (Double) a + (Double) b);
                                }
                            }
                        }
                    }
                }
                byRound.add(cell);
            }
            row.put("rounds", byRound);
            row.put("against", against);
            row.put("points", l.points());
            rows.add(row);
        }
        return rows;
    }
}
