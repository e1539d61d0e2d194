package mancala.server.community;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import mancala.record.GameRecord;
import mancala.record.MoveClocks;
import mancala.rules.Outcome;
import mancala.rules.Result;
import mancala.rules.Side;
import mancala.server.account.Accounts;
import mancala.server.clock.TimeControl;
import mancala.server.play.GameExtension;
import mancala.server.play.GameService;
import mancala.server.play.LiveGame;
import mancala.server.store.GameEvent;
import mancala.server.store.GameStore;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The community features on every game: clocks (flag checked before each move and by a job when no page is
 * open), results settled once (ratings, tournaments), the clock in the game's view and its record. Also starts
 * games between two players for the lobby and tournaments.
 *
 * <p>Jobs that must run once across instances claim their rows with {@code FOR UPDATE SKIP LOCKED} (PostgreSQL)
 * or plain row locks (H2, one process): a clock that ran out ({@code clock_deadlines}), a tournament due to start,
 * a game over but not yet settled.
 */
public final class Community implements GameExtension, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Community.class);

    final GameService service;
    final Jdbi jdbi;
    final boolean postgres;
    final GameBook book;
    final Clocks clocks;
    final Accounts accounts;
    final Notifier notifier;
    final Tournaments tournaments;
    final Lobby lobby;
    private final ScheduledExecutorService jobs;

    /** Wires the community features to {@code service}; start the jobs with {@link #startJobs()}. */
    public Community(GameService service, GameStore store) {
        this.service = service;
        this.jdbi = store.jdbi();
        this.postgres = store.postgres();
        this.book = new GameBook(jdbi);
        this.clocks = new Clocks(jdbi);
        this.accounts = new Accounts(jdbi);
        this.notifier = new Notifier(store.dataSource(), postgres);
        this.tournaments = new Tournaments(this);
        this.lobby = new Lobby(this);
        this.jobs = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mancala-community-jobs");
            t.setDaemon(true);
            return t;
        });
        service.setExtension(this);
    }

    /** Starts the jobs: flags every 200 ms, tournaments and unsettled games every second. */
    public void startJobs() {
        jobs.scheduleWithFixedDelay(() -> guarded(this::flagDue), 200, 200, TimeUnit.MILLISECONDS);
        jobs.scheduleWithFixedDelay(() -> guarded(() -> {
            tournaments.startDue();
            settleLeftovers();
            lobby.expire();
        }), 1000, 1000, TimeUnit.MILLISECONDS);
    }

    private static void guarded(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            log.error("a community job failed: {}", e.toString(), e);
        }
    }

    /** @return the accounts. */
    public Accounts accounts() {
        return accounts;
    }

    // ---- the game extension

    @Override
    public LiveGame.Change before(LiveGame game) {
        Optional<GameMeta> meta = book.find(game.id());
        if (meta.isEmpty() || meta.get().timeControl() == null || game.isOver()) {
            return null;
        }
        Clocks.State s = Clocks.compute(meta.get(), game, System.currentTimeMillis());
        if (s.running() != null && s.left(s.running(), System.currentTimeMillis()) == 0) {
            return game.forfeit(s.running(), GameEvent.TIME);
        }
        return null;
    }

    @Override
    public void created(LiveGame game, TimeControl timeControl) {
        if (timeControl == null) {
            return;
        }
        boolean waiting = "waiting".equals(game.view().get("status"));
        GameMeta m = new GameMeta(game.id(), game.kind().key(), null, null, null, null, timeControl,
                waiting ? null : Instant.now(), false, null);
        book.insert(m, game.kind().key());
        clocks.deadline(game.id(), Clocks.compute(m, game, System.currentTimeMillis()));
    }

    @Override
    public void changed(LiveGame game) {
        Optional<GameMeta> found = book.find(game.id());
        if (found.isEmpty()) {
            return;
        }
        GameMeta m = found.get();
        if (m.timeControl() != null) {
            if (m.clockStart() == null && !"waiting".equals(game.view().get("status"))) {
                m = book.start(m, Instant.now());
            }
            clocks.deadline(game.id(), Clocks.compute(m, game, System.currentTimeMillis()));
        }
        if (game.isOver()) {
            settle(game.id());
        }
    }

    @Override
    public Map<String, Object> view(LiveGame game) {
        Optional<GameMeta> found = book.find(game.id());
        if (found.isEmpty()) {
            return Map.of();
        }
        GameMeta m = found.get();
        Map<String, Object> v = new LinkedHashMap<>();
        if (m.timeControl() != null) {
            long now = System.currentTimeMillis();
            v.put("clock", Clocks.view(m, Clocks.compute(m, game, now), now));
        }
        v.put("rated", m.rated());
        if (m.tournamentId() != null) {
            v.put("tournament", m.tournamentId());
        }
        Map<String, Object> accountsView = new LinkedHashMap<>();
        accountsView.put("south", username(m.southPlayer()));
        accountsView.put("north", username(m.northPlayer()));
        v.put("accounts", accountsView);
        return v;
    }

    @Override
    public List<GameRecord> records(LiveGame game, List<GameRecord> records) {
        Optional<GameMeta> found = book.find(game.id());
        if (found.isEmpty() || found.get().timeControl() == null) {
            return records;
        }
        Clocks.State s = Clocks.compute(found.get(), game, System.currentTimeMillis());
        List<Long> after = s.afterPlies();
        List<GameRecord> out = new ArrayList<>();
        int from = 0;
        for (GameRecord r : records) {
            int plies = (int) r.moves().stream().filter(mv -> !mv.isPass()).count();
            int to = Math.min(after.size(), from + plies);
            out.add(MoveClocks.withClocks(r, after.subList(Math.min(from, to), to),
                    found.get().timeControl().tag()));
            from = to;
        }
        return out;
    }

    // ---- jobs

    /** Ends on time every game whose clock has run out, each claimed by one instance. */
    void flagDue() {
        List<String> flagged = new ArrayList<>();
        jdbi.useTransaction(h -> {
            for (String id : clocks.due(h, Instant.now(), 20, postgres)) {
                try {
                    service.apply(id, g -> {
                        Optional<GameMeta> m = book.find(id);
                        if (g.isOver() || m.isEmpty() || m.get().timeControl() == null) {
                            return null;
                        }
                        long now = System.currentTimeMillis();
                        Clocks.State s = Clocks.compute(m.get(), g, now);
                        if (s.running() != null && s.left(s.running(), now) == 0) {
                            return g.forfeit(s.running(), GameEvent.TIME);
                        }
                        return null;
                    });
                } catch (RuntimeException e) {
                    log.warn("game {}: cannot check its clock: {}", id, e.toString());
                }
                flagged.add(id);
            }
            for (String id : flagged) {
                h.createUpdate("DELETE FROM clock_deadlines WHERE game_id = :id AND flag_at <= :now")
                        .bind("id", id).bind("now", Instant.now()).execute();
            }
        });
    }

    /** Settles games that ended while no instance settled them (a crash between the end and the settling). */
    private void settleLeftovers() {
        List<String> ids = jdbi.withHandle(h -> h.createQuery("SELECT p.game_id FROM game_players p JOIN games g "
                + "ON g.id = p.game_id WHERE p.settled = FALSE AND g.result IS NOT NULL LIMIT 50")
                .mapTo(String.class).list());
        for (String id : ids) {
            settle(id);
        }
    }

    /**
     * Settles a finished game once across all instances: its result stored beside its players, ratings updated
     * when rated, its tournament told.
     */
    void settle(String gameId) {
        LiveGame g = service.find(gameId);
        Outcome o = g.finalOutcome();
        Optional<GameMeta> found = book.find(gameId);
        if (o == null || found.isEmpty()) {
            return;
        }
        GameMeta m = found.get();
        double southScore = o.result() == Result.SOUTH_WINS ? 1 : o.result() == Result.DRAW ? 0.5 : 0;
        boolean settled = jdbi.inTransaction(h -> {
            int n = h.createUpdate("UPDATE game_players SET settled = TRUE, result = :r, termination = :t, "
                            + "finished_at = :at WHERE game_id = :id AND settled = FALSE")
                    .bind("r", o.result().notation()).bind("t", o.termination().key()).bind("at", Instant.now())
                    .bind("id", gameId).execute();
            if (n == 0) {
                return false;
            }
            Long south = accountOf(m.southPlayer());
            Long north = accountOf(m.northPlayer());
            if (m.rated() && south != null && north != null) {
                Ratings.rate(h, gameId, m.game(), south, north, southScore);
            }
            if (m.tournamentId() != null) {
                h.createUpdate("UPDATE tournament_games SET south_score = :s WHERE game_id = :id")
                        .bind("s", southScore).bind("id", gameId).execute();
            }
            return true;
        });
        if (settled) {
            clocks.deadline(gameId, new Clocks.State(0, 0, null, 0, List.of()));
            if (m.tournamentId() != null) {
                tournaments.advance(m.tournamentId());
            }
            notifier.send("games");
        }
    }

    // ---- games between two players

    /** A new game's id and the seat tokens of its players. */
    record Started(String gameId, String southSeat, String northSeat) {
    }

    /**
     * Starts a game between two players, both seated, the clock running for the first mover.
     *
     * @param south South's player key and name; {@code north} likewise
     */
    Started start(String game, String options, TimeControl tc, boolean rated, String southKey, String southName,
                  String northKey, String northName, String tournamentId) {
        GameService.Created c = service.create(game, options, "invite", "south", null, southName);
        String northSeat = service.join(c.game().id(), c.inviteCode(), northName);
        GameMeta m = new GameMeta(c.game().id(), game, southKey, northKey, c.seatToken(), northSeat, tc,
                Instant.now(), rated, tournamentId);
        book.insert(m, game);
        if (tc != null) {
            clocks.deadline(m.gameId(), Clocks.compute(m, c.game(), System.currentTimeMillis()));
        }
        notifier.send("games");
        return new Started(m.gameId(), c.seatToken(), northSeat);
    }

    /** @return the account id of a player key {@code a:ID}, or null for a guest or nobody. */
    static Long accountOf(String playerKey) {
        if (playerKey == null || !playerKey.startsWith("a:")) {
            return null;
        }
        return Long.parseLong(playerKey.substring(2));
    }

    /** @return the user name of a player key, or null for a guest or nobody. */
    String username(String playerKey) {
        Long id = accountOf(playerKey);
        return id == null ? null : accounts.byId(id).map(a -> a.username()).orElse(null);
    }

    @Override
    public void close() {
        jobs.shutdownNow();
        notifier.close();
        lobby.close();
    }
}
