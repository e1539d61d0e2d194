package mancala.server.tournament;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import mancala.pairing.bergertables.BergerTables;
import mancala.pairing.dutch.DutchPairer;
import mancala.pairing.dutch.NoValidPairingException;
import mancala.pairing.dutch.Pairing;
import mancala.pairing.tiebreak.TieBreak;
import mancala.rules.GameKind;
import mancala.server.account.Account;
import mancala.server.account.Accounts;
import mancala.server.board.RulesInput;
import mancala.server.challenge.Challenges;
import mancala.server.clock.TimeControl;
import mancala.server.error.DomainError;
import mancala.server.game.GameStarter;
import mancala.server.game.Inputs;
import mancala.server.game.Seats;
import mancala.server.rating.RatingStore;
import mancala.server.store.Job;
import mancala.server.store.JobRunner;
import mancala.server.tournament.TournamentStore.Entrant;
import mancala.server.tournament.TournamentStore.Game;
import mancala.server.tournament.TournamentStore.Row;
import mancala.server.tournament.TournamentStore.Snapshot;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * The tournaments' service (no HTTP here): created by a signed-in player (game, options, clock, round robin, Swiss
 * with a number of rounds or an arena of a number of minutes ({@link Arena}), start time, round-robin seats by lot or by rating, the order of the tie-breaks, whether
 * players may join late), joined until the start (or later where allowed), then run by the server: at the start
 * the players get their starting numbers by rating; each round is paired — a Swiss by the FIDE Dutch system
 * ({@link DutchPairer}), a round robin by the Berger tables ({@link BergerTables}) — and its games started; when the
 * last game of a round is over the next is paired. Players may withdraw (never paired again, played games stand),
 * come back, and ask for a half-point bye in a coming round; a no-show ({@link #markNoShow}) withdraws the player.
 * Each step holds the tournament's row lock, so it happens once across instances.
 */
public final class Tournaments {
    /** The systems. */
    public static final List<String> SYSTEMS = List.of("swiss", "round-robin", "arena");
    /** How a round robin's seats in the Berger table are given. */
    public static final List<String> SEATINGS = List.of("rating", "lot");
    /** The most players a tournament takes. */
    public static final int MAX_PLAYERS = 64;
    /** The most rounds of a Swiss. */
    public static final int MAX_ROUNDS = 20;
    /** The most tie-breaks a creator lists. */
    public static final int MAX_TIE_BREAKS = 6;
    /** The tie-breaks of a Swiss when the creator names none (FIDE C.07 §13, individual Swiss). */
    public static final List<TieBreak> SWISS_TIE_BREAKS = List.of(TieBreak.BH_C1, TieBreak.BH, TieBreak.SB,
            TieBreak.WIN);
    /** The tie-breaks of a round robin when the creator names none (FIDE C.07 §13, round robin). */
    public static final List<TieBreak> ROUND_ROBIN_TIE_BREAKS = List.of(TieBreak.DE, TieBreak.WIN, TieBreak.SB);

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
     * @param lobby   announces changes to the lobby and tournament pages
     */
    public Tournaments(Jdbi jdbi, Accounts accounts, GameStarter starter, JobRunner runner, Challenges lobby) {
        this.jdbi = jdbi;
        this.accounts = accounts;
        this.starter = starter;
        this.runner = runner;
        this.lobby = lobby;
        runner.register(START_JOB, this::startJob);
        runner.register(ADVANCE_JOB, this::advanceJob);
        runner.register(Arena.PAIR_JOB, this::arenaPairJob);
        runner.register(Arena.END_JOB, this::arenaEndJob);
    }

    /**
     * What a creator asks for. {@code rounds} only for a Swiss; {@code tieBreaks} FIDE codes, null for the default;
     * {@code minutes} only for an arena (its duration).
     */
    public record Settings(String name, String game, String options, TimeControl clock, String system,
                           Integer rounds, Instant startsAt, boolean rated, String seating, List<String> tieBreaks,
                           boolean lateJoin, Integer minutes) {
    }

    /**
     * Creates a tournament.
     *
     * @return its id
     * @throws DomainError 400 naming the field that is wrong
     */
    public String create(Account creator, Settings s) {
        GameKind gk = RulesInput.game(s.game());
        String opts = Inputs.options(gk, s.options(), s.rated());
        if (s.clock() == null) {
            throw DomainError.badRequest("clock is required", Map.of());
        }
        String system = s.system();
        if (system == null || !SYSTEMS.contains(system)) {
            throw DomainError.badRequest("system must be swiss, round-robin or arena, not '{system}'",
                    Map.of("system", DomainError.echo(String.valueOf(system))));
        }
        int r = rounds(system, s.rounds());
        Integer minutes = null;
        if (system.equals("arena")) {
            if (s.minutes() == null || s.minutes() < Arena.MIN_MINUTES || s.minutes() > Arena.MAX_MINUTES) {
                throw DomainError.badRequest("minutes: an arena lasts " + Arena.MIN_MINUTES + " to "
                        + Arena.MAX_MINUTES + " minutes", Map.of());
            }
            minutes = s.minutes();
        } else if (s.minutes() != null) {
            throw DomainError.badRequest("minutes: only an arena has a duration", Map.of());
        }
        String seating = s.seating() == null ? "rating" : s.seating();
        if (!SEATINGS.contains(seating)) {
            throw DomainError.badRequest("seating must be rating or lot, not '{seating}'",
                    Map.of("seating", DomainError.echo(seating)));
        }
        if (s.lateJoin() && !system.equals("swiss")) {
            throw DomainError.badRequest("lateJoin: only a Swiss takes players after its start", Map.of());
        }
        String tieBreaks = tieBreaks(s.tieBreaks());
        checkStart(s.startsAt());
        String n = s.name() == null || s.name().isBlank() ? defaultName(gk, system) : s.name().strip();
        if (n.length() > 80) {
            throw DomainError.badRequest("name must be at most 80 characters", Map.of());
        }
        String id = Seats.newId();
        Integer duration = minutes;
        jdbi.useTransaction(h -> {
            h.createUpdate("""
                    INSERT INTO tournaments (id, name, game, options, time_control, system, rounds, rated, starts_at,
                      creator, status, current_round, created_at, seating, tie_breaks, late_join, minutes)
                    VALUES (:id, :name, :game, :options, :tc, :system, :rounds, :rated, :startsAt, :creator, 'open', 0,
                      :now, :seating, :tb, :late, :minutes)""")
                    .bind("id", id).bind("name", n).bind("game", gk.key()).bind("options", opts)
                    .bind("tc", s.clock().tag()).bind("system", system).bind("rounds", r).bind("rated", s.rated())
                    .bind("startsAt", s.startsAt()).bind("creator", creator.id()).bind("now", Instant.now())
                    .bind("seating", seating).bind("tb", tieBreaks).bind("late", s.lateJoin())
                    .bind("minutes", duration).execute();
            runner.schedule(h, new Job(START_JOB, id, s.startsAt(), -1, null));
        });
        return id;
    }

    private static int rounds(String system, Integer rounds) {
        if (system.equals("swiss")) {
            if (rounds == null || rounds < 1 || rounds > MAX_ROUNDS) {
                throw DomainError.badRequest("rounds: a Swiss has 1 to " + MAX_ROUNDS + " rounds", Map.of());
            }
            return rounds;
        }
        if (rounds != null) {
            throw DomainError.badRequest(system.equals("arena") ? "rounds: an arena has a duration (minutes), not "
                    + "rounds" : "rounds: a round robin has as many rounds as its players need", Map.of());
        }
        return 0;
    }

    /** @return the codes joined by commas, or null for the default. @throws DomainError 400 naming the code */
    private static String tieBreaks(List<String> codes) {
        if (codes == null) {
            return null;
        }
        if (codes.isEmpty() || codes.size() > MAX_TIE_BREAKS) {
            throw DomainError.badRequest("tieBreaks: 1 to " + MAX_TIE_BREAKS + " of " + codes(), Map.of());
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < codes.size(); i++) {
            try {
                String c = TieBreak.byCode(String.valueOf(codes.get(i))).code();
                if (out.contains(c)) {
                    throw DomainError.badRequest("tieBreaks[" + i + "]: '" + c + "' is listed twice", Map.of());
                }
                out.add(c);
            } catch (IllegalArgumentException e) {
                throw DomainError.badRequest("tieBreaks[" + i + "]: '{code}' is not one of " + codes(),
                        Map.of("code", DomainError.echo(String.valueOf(codes.get(i)))));
            }
        }
        return String.join(",", out);
    }

    private static String codes() {
        return java.util.Arrays.stream(TieBreak.values()).map(TieBreak::code).toList().toString();
    }

    /** @return the tie-breaks of a tournament, most important first */
    static List<TieBreak> tieBreaksOf(Row t) {
        if (t.tieBreaks() == null) {
            return t.roundRobin() ? ROUND_ROBIN_TIE_BREAKS : SWISS_TIE_BREAKS;
        }
        return java.util.Arrays.stream(t.tieBreaks().split(",")).map(TieBreak::byCode).toList();
    }

    private static void checkStart(Instant startsAt) {
        if (startsAt == null) {
            throw DomainError.badRequest("startsAt is required: an instant such as 2026-05-01T18:00:00Z", Map.of());
        }
        if (startsAt.isBefore(Instant.now())) {
            throw new DomainError(DomainError.Kind.INVALID, "starts-at-past", "startsAt " + startsAt + " is in the "
                    + "past: give a time to come, within 90 days", Map.of(), Map.of("field", "startsAt"), 0);
        }
        if (startsAt.isAfter(Instant.now().plus(Duration.ofDays(90)))) {
            throw DomainError.badRequest("startsAt must be within 90 days", Map.of());
        }
    }

    /**
     * Joins a tournament: before its start, or later in a Swiss that allows it (paired from the next round not yet
     * paired; the rounds before are absences, no points). A withdrawn player who joins again comes back.
     *
     * @throws DomainError 404, 409 (not open, full; {@code rated-not-yet} for a rated tournament when the account
     *     may not play rated games yet, see {@link mancala.server.rating.RatedPlay#notYet})
     */
    public void join(Account a, String id) {
        jdbi.useTransaction(h -> {
            Row t = TournamentStore.lock(h, id);
            Optional<Entrant> in = TournamentStore.player(h, id, a.id());
            if (in.isPresent()) {
                if (in.get().withdrawn() && t.status().equals("running")) {
                    back(h, t, a);
                }
                return;
            }
            boolean late = t.status().equals("running") && (t.arena() || t.lateJoin()
                    && t.currentRound() < t.rounds());
            if (!t.status().equals("open") && !late) {
                throw notOpen(t);
            }
            if (t.rated()) {
                // The rule of rated games (RatedPlay): a rated tournament's games are rated games. Its same-pair cap
                // does not apply to them: the tournament pairs the players, they do not choose each other.
                DomainError no = lobby.ratedPlay().notYet(h, a.playerKey(), a.createdAt(), Instant.now());
                if (no != null) {
                    throw no;
                }
            }
            int n = TournamentStore.playerCount(h, id);
            if (n >= MAX_PLAYERS) {
                throw DomainError.conflict("tournament-full", "the tournament has " + MAX_PLAYERS + " players",
                        Map.of());
            }
            Integer rating = late ? RatingStore.shown(h, a.id(), t.game()) : null;
            TournamentStore.addPlayer(h, id, a.id(), n + 1, rating, Instant.now());
            if (late && t.arena()) {
                Arena.enqueue(h, runner, id, a.id(), Instant.now());
            }
            for (int r = 1; late && !t.arena() && r <= t.currentRound(); r++) {
                TournamentStore.absence(h, id, a.id(), r, 'Z');
            }
        });
        lobby.announce("tournament " + id);
    }

    /** Leaves a tournament: before the start he is no longer in it; after it, he withdraws ({@link #withdraw}). */
    public void leave(Account a, String id) {
        withdraw(a, id);
    }

    /**
     * Withdraws a player: before the start he leaves the list; once it runs he is not paired from the next round
     * not yet paired on (his game in progress is played out, his played games stand). Idempotent.
     *
     * @throws DomainError 404, 409 when the tournament is over or he is not in it
     */
    public void withdraw(Account a, String id) {
        jdbi.useTransaction(h -> {
            Row t = TournamentStore.lock(h, id);
            if (t.status().equals("open")) {
                TournamentStore.removePlayer(h, id, a.id());
                return;
            }
            if (!t.status().equals("running")) {
                throw notOpen(t);
            }
            entrant(h, t, a);
            TournamentStore.withdrawn(h, id, a.id(), true, false);
            if (t.arena()) {
                Arena.pause(h, id, a.id());
            }
        });
        lobby.announce("tournament " + id);
    }

    /**
     * A withdrawn player (by his own wish or for not showing) comes back: paired again from the next round not yet
     * paired.
     *
     * @throws DomainError 404, 409 when the tournament is not running or he is not in it
     */
    public void comeBack(Account a, String id) {
        jdbi.useTransaction(h -> {
            Row t = TournamentStore.lock(h, id);
            if (!t.status().equals("running")) {
                throw notOpen(t);
            }
            entrant(h, t, a);
            back(h, t, a);
        });
        lobby.announce("tournament " + id);
    }

    private void back(Handle h, Row t, Account a) {
        TournamentStore.withdrawn(h, t.id(), a.id(), false, false);
        if (t.arena()) {
            Arena.enqueue(h, runner, t.id(), a.id(), Instant.now());
        }
    }

    /**
     * Marks a player who did not show for his game of the current round, in the caller's transaction (the one that
     * ends that game as a forfeit): the game is recorded as a forfeit (not played) and the player is withdrawn until
     * he comes back ({@link #comeBack}).
     *
     * @param tournamentId the game's tournament
     * @param account      the player who did not show
     */
    public static void markNoShow(Handle h, String tournamentId, long account) {
        Row t = TournamentStore.lock(h, tournamentId);
        if (!t.status().equals("running")) {
            return;
        }
        if (t.arena()) {
            Arena.pause(h, tournamentId, account);
        } else {
            TournamentStore.forfeit(h, tournamentId, t.currentRound(), account);
        }
        TournamentStore.withdrawn(h, tournamentId, account, true, true);
    }

    /**
     * Asks for a half-point bye in a round not yet paired of a Swiss (or takes the request back).
     *
     * @param round the round, after the current one and at most the last
     * @throws DomainError 400 for a round out of range, 409 for a round robin or a tournament that is over
     */
    public void requestBye(Account a, String id, int round, boolean wanted) {
        jdbi.useTransaction(h -> {
            Row t = TournamentStore.lock(h, id);
            if (!t.system().equals("swiss")) {
                throw DomainError.conflict("no-byes", "only a Swiss has half-point byes", Map.of());
            }
            if (!t.status().equals("open") && !t.status().equals("running")) {
                throw notOpen(t);
            }
            if (round <= t.currentRound() || round > t.rounds()) {
                throw DomainError.badRequest("round: a half-point bye is asked for a round not yet paired, "
                        + (t.currentRound() + 1) + " to " + t.rounds() + ", not " + round, Map.of());
            }
            entrant(h, t, a);
            if (wanted) {
                TournamentStore.absence(h, id, a.id(), round, 'H');
            } else {
                TournamentStore.cancelBye(h, id, a.id(), round);
            }
        });
        lobby.announce("tournament " + id);
    }

    private static Entrant entrant(Handle h, Row t, Account a) {
        return TournamentStore.player(h, t.id(), a.id()).orElseThrow(() -> DomainError.conflict("not-a-player",
                "you are not a player of this tournament", Map.of()));
    }

    /** The creator starts his tournament before its time. */
    public void startNow(Account a, String id) {
        jdbi.useTransaction(h -> {
            Row t = TournamentStore.lock(h, id);
            if (t.creator() != a.id()) {
                throw new DomainError(DomainError.Kind.FORBIDDEN, "not-creator",
                        "only the tournament's creator may start it early", Map.of());
            }
            if (!t.status().equals("open")) {
                throw notOpen(t);
            }
            start(h, t);
        });
        lobby.announce("tournament " + id);
    }

    /** The start job: the tournament starts at its time (unless its creator started it already). */
    private void startJob(Job job) {
        jdbi.useTransaction(h -> {
            Row t = TournamentStore.lock(h, job.subject());
            if (!runner.jobs().complete(h, job)) {
                return;
            }
            if (t.status().equals("open")) {
                start(h, t);
            }
        });
        lobby.announce("tournament " + job.subject());
    }

    /**
     * Gives the starting numbers by rating (then by joining time) and the round-robin seats (the same, or drawn by
     * lot), fixes the number of rounds and pairs round 1.
     */
    private void start(Handle h, Row t) {
        List<Object[]> players = h.createQuery("""
                SELECT p.account_id, COALESCE(r.rating, 1500) FROM tournament_players p LEFT JOIN ratings r
                  ON r.account_id = p.account_id AND r.game = :g
                WHERE p.tournament_id = :t
                ORDER BY COALESCE(r.rating, 1500) DESC, p.joined_at, p.account_id""")
                .bind("g", t.game()).bind("t", t.id())
                .map((rs, c) -> new Object[] {rs.getLong(1), (int) Math.round(rs.getDouble(2))}).list();
        if (players.size() < 2) {
            TournamentStore.status(h, t.id(), "cancelled");
            return;
        }
        if (t.arena()) {
            for (int i = 0; i < players.size(); i++) {
                TournamentStore.seat(h, t.id(), (Long) players.get(i)[0], i + 1, i + 1, (Integer) players.get(i)[1]);
            }
            Arena.start(h, runner, t.id(), t.minutes(), Instant.now());
            return;
        }
        List<Integer> seats = new ArrayList<>();
        for (int i = 1; i <= players.size(); i++) {
            seats.add(i);
        }
        if (t.seating().equals("lot")) {
            java.util.Collections.shuffle(seats, new java.util.Random(new SplittableRandom().nextLong()));
        }
        for (int i = 0; i < players.size(); i++) {
            TournamentStore.seat(h, t.id(), (Long) players.get(i)[0], i + 1, seats.get(i), (Integer) players.get(i)[1]);
        }
        int n = players.size();
        int rounds = t.roundRobin() ? BergerTables.roundsPerCycle(n) : Math.min(t.rounds(), n % 2 == 0 ? n - 1 : n);
        TournamentStore.started(h, t.id(), rounds, t.rounds(), Instant.now());
        pairNext(h, TournamentStore.lock(h, t.id()));
    }

    /**
     * The round job, scheduled when a game of the tournament ends: pairs the next round once every game of the
     * current round is over.
     */
    private void advanceJob(Job job) {
        jdbi.useTransaction(h -> {
            // the tournament's row before the job's, as a game's end with a no-show (markNoShow) takes them
            Row t = TournamentStore.lock(h, job.subject());
            if (!runner.jobs().complete(h, job)) {
                return;
            }
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

    /** The arena's pairing job: pairs its queue at once, under the tournament's row lock. */
    private void arenaPairJob(Job job) {
        jdbi.useTransaction(h -> {
            // the tournament's row before the job's: a game's end locks them in that order too (no deadlock)
            Row t = TournamentStore.lock(h, job.subject());
            if (!runner.jobs().complete(h, job)) {
                return;
            }
            if (!t.arena() || !t.status().equals("running") || t.endsAt() == null
                    || !Instant.now().isBefore(t.endsAt())) {
                return;
            }
            TimeControl tc = TimeControl.parseTag(t.timeControl()).orElseThrow();
            for (Arena.Pair p : Arena.pair(Arena.queue(h, t.id()))) {
                GameStarter.Started st = starter.start(t.game(), t.options(), tc, t.rated(),
                        "a:" + p.south().account(), p.south().username(), "a:" + p.north().account(),
                        p.north().username(), t.id());
                Arena.paired(h, t.id(), p, st.gameId());
            }
        });
        lobby.announce("tournament " + job.subject());
    }

    /** The arena's end: nobody is paired again; games in progress finish and count. */
    private void arenaEndJob(Job job) {
        jdbi.useTransaction(h -> {
            Row t = TournamentStore.lock(h, job.subject());
            if (!runner.jobs().complete(h, job)) {
                return;
            }
            if (t.status().equals("running")) {
                TournamentStore.status(h, t.id(), "finished");
                h.createUpdate("UPDATE tournament_players SET waiting_since = NULL WHERE tournament_id = :t")
                        .bind("t", t.id()).execute();
            }
        });
        lobby.announce("tournament " + job.subject());
    }

    /** Pairs and starts the round after the current one, or finishes the tournament after its last. */
    private void pairNext(Handle h, Row t) {
        int next = t.currentRound() + 1;
        if (next > t.rounds()) {
            TournamentStore.status(h, t.id(), "finished");
            return;
        }
        Snapshot s = TournamentStore.snapshot(h, t);
        for (Entrant e : s.players()) {
            if (e.withdrawn()) {
                TournamentStore.absence(h, t.id(), e.account(), next, 'Z');
            }
        }
        s = TournamentStore.snapshot(h, t);
        Paired paired = t.roundRobin() ? bergerRound(s, next) : swissRound(s, next);
        if (paired == null) {
            TournamentStore.status(h, t.id(), "finished");
            return;
        }
        TournamentStore.round(h, t.id(), next, paired.bye(), Instant.now());
        TimeControl tc = TimeControl.parseTag(t.timeControl()).orElseThrow();
        boolean started = false;
        for (Game g : paired.games()) {
            Game stored = g;
            if (g.gameId() == null && !g.forfeit()) {
                String sn = name(s, g.south());
                String nn = name(s, g.north());
                GameStarter.Started st = starter.start(t.game(), t.options(), tc, t.rated(), "a:" + g.south(), sn,
                        "a:" + g.north(), nn, t.id());
                stored = new Game(g.round(), g.board(), g.south(), g.north(), st.gameId(), null, false);
                started = true;
            }
            TournamentStore.game(h, t.id(), stored);
        }
        if (!started) {
            pairNext(h, TournamentStore.lock(h, t.id()));
        }
    }

    private static String name(Snapshot s, long account) {
        return s.players().stream().filter(p -> p.account() == account).map(Entrant::username).findFirst()
                .orElse("?");
    }

    /** A round as paired: its games (forfeits included) and the player without a game (or null). */
    private record Paired(List<Game> games, Long bye) {
    }

    /**
     * @return the Swiss round's games by the Dutch system (null when no pairing is possible or fewer than two
     *     players are left to pair)
     */
    private static Paired swissRound(Snapshot s, int round) {
        Long bye = null;
        mancala.pairing.Tournament file = TournamentFile.of(s, round - 1, true);
        long toPair = file.players().stream().filter(p -> p.rounds().size() < round).count();
        if (toPair < 2) {
            return null;
        }
        List<Pairing> pairs;
        try {
            pairs = DutchPairer.pairNextRound(file);
        } catch (NoValidPairingException e) {
            return null;
        }
        Map<Integer, Long> account = new HashMap<>();
        s.players().forEach(p -> account.put(p.seed(), p.account()));
        List<Game> games = new ArrayList<>();
        int board = 1;
        for (Pairing p : pairs) {
            if (p.isBye()) {
                bye = account.get(p.white() == 0 ? p.black() : p.white());
            } else {
                games.add(new Game(round, board++, account.get(p.white()), account.get(p.black()), null, null, false));
            }
        }
        return new Paired(games, bye);
    }

    /**
     * @return the round robin's games by the Berger table; a game of a withdrawn player is a forfeit (no game, the
     *     other scores), one between two withdrawn players is not held
     */
    private static Paired bergerRound(Snapshot s, int round) {
        Map<Integer, Entrant> bySeat = new HashMap<>();
        s.players().forEach(p -> bySeat.put(p.seat(), p));
        List<Game> games = new ArrayList<>();
        for (BergerTables.Game g : BergerTables.round(s.players().size(), round)) {
            Entrant south = bySeat.get(g.white());
            Entrant north = bySeat.get(g.black());
            if (south.withdrawn() && north.withdrawn()) {
                continue;
            }
            if (south.withdrawn() || north.withdrawn()) {
                games.add(new Game(round, g.board(), south.account(), north.account(), null,
                        south.withdrawn() ? 0.0 : 1.0, true));
            } else {
                games.add(new Game(round, g.board(), south.account(), north.account(), null, null, false));
            }
        }
        int seat = BergerTables.bye(s.players().size(), round);
        Long bye = seat == 0 ? null : bySeat.get(seat).account();
        return new Paired(games, bye);
    }

    /** @return the tournaments, newest first (up to 100) */
    public List<Map<String, Object>> list() {
        return jdbi.withHandle(h -> TournamentStore.newest(h).stream()
                .map(t -> TournamentViews.summary(t, TournamentStore.playerCount(h, t.id()),
                        accounts.byId(t.creator()).map(Account::username).orElse(null)))
                .toList());
    }

    /**
     * @param viewer the signed-in account looking, or null: he also gets his own board, side and opponent
     * @return the tournament: settings, players, rounds, standings with each tie-break's value, crosstable
     */
    public Map<String, Object> view(String id, Account viewer) {
        return jdbi.inTransaction(h -> {
            Row t = TournamentStore.read(h, id);
            Snapshot s = TournamentStore.snapshot(h, t);
            Map<Long, Integer> ratings = new HashMap<>();
            for (Entrant e : s.players()) {
                ratings.put(e.account(), e.startRating() != null ? e.startRating()
                        : RatingStore.shown(h, e.account(), t.game()));
            }
            String creator = accounts.byId(t.creator()).map(Account::username).orElse(null);
            if (t.arena()) {
                return TournamentViews.arena(s, Arena.standings(h, s), ratings, creator, viewer);
            }
            return TournamentViews.view(s, tieBreaksOf(t), ratings, creator, viewer);
        });
    }

    /** @return the tournament as a TRF file (complete rounds; the next round's byes and absences when due) */
    public String trf(String id) {
        return jdbi.inTransaction(h -> {
            Row t = TournamentStore.read(h, id);
            if (t.arena()) {
                throw DomainError.conflict("arena-no-trf", "an arena has no rounds: a TRF file cannot describe it",
                        Map.of());
            }
            return TournamentFile.trf(TournamentStore.snapshot(h, t), tieBreaksOf(t));
        });
    }

    /** @return the refusal of a change to a tournament that is no longer open, saying what it is now */
    private static DomainError notOpen(Row t) {
        return switch (t.status()) {
            case "cancelled" -> DomainError.conflict("tournament-cancelled",
                    "the tournament was cancelled: too few players had joined at its start", Map.of());
            case "finished" -> DomainError.conflict("tournament-finished", "the tournament is over", Map.of());
            default -> DomainError.conflict("tournament-started", "the tournament has started: joining is over",
                    Map.of());
        };
    }

    /**
     * The name a tournament created without one is stored under, in English ("Hawalis Swiss", "Al-manqala arena",
     * "Rio Kadalis round robin"); views mark it {@code defaultName} so that the pages show it in the reader's
     * language.
     *
     * @param system {@code swiss}, {@code arena} or {@code round-robin}
     */
    static String defaultName(GameKind game, String system) {
        return game.displayName() + " " + (system.equals("swiss") ? "Swiss" : system.equals("arena") ? "arena"
                : "round robin");
    }
}
