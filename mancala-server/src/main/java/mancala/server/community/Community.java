package mancala.server.community;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mancala.record.GameRecord;
import mancala.record.MoveClocks;
import mancala.rules.Outcome;
import mancala.rules.Result;
import mancala.server.account.Accounts;
import mancala.server.api.ServerContext;
import mancala.server.clock.TimeControl;
import mancala.server.play.GameExtension;
import mancala.server.play.GameService;
import mancala.server.play.GameState;
import mancala.server.play.Inputs;
import mancala.server.play.SeatProtocol;
import mancala.server.store.GameEvent;
import mancala.server.store.Job;
import mancala.server.work.JobRunner;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The community features on every game: clocks (the flag checked before each move and by a timed job when no page
 * is open), results settled once in the transaction that ends the game (ratings, tournaments), the clock in the
 * game's view and its record. Also starts games between two players for the lobby and tournaments.
 *
 * <p>Timed work goes through the server core's job table, claimed by exactly one live instance: {@value #FLAG_JOB}
 * (a running clock runs out; subject the game, scheduled in every change's transaction), {@value #START_JOB} and
 * {@value #ADVANCE_JOB} (a tournament starts; its next round is paired), {@value #EXPIRE_JOB} (old challenges).
 * Lobby changes reach every instance's pages over the change feed's {@value #LOBBY_CHANNEL} channel.
 */
public final class Community implements GameExtension {
    private static final Logger log = LoggerFactory.getLogger(Community.class);
    /** The job kind of a clock running out; subject: the game id. */
    public static final String FLAG_JOB = "flag";
    /** The job kind of a tournament's start; subject: the tournament id. */
    public static final String START_JOB = "tournament-start";
    /** The job kind of pairing a tournament's next round; subject: the tournament id. */
    public static final String ADVANCE_JOB = "tournament-round";
    /** The job kind of expiring old challenges; subject {@code challenges}. */
    public static final String EXPIRE_JOB = "lobby-expire";
    /** The change-feed channel of lobby changes. */
    public static final String LOBBY_CHANNEL = "lobby";

    final ServerContext sc;
    final GameService service;
    final Jdbi jdbi;
    final boolean postgres;
    final GameBook book;
    final Clocks clocks;
    final Accounts accounts;
    final Tournaments tournaments;
    final Lobby lobby;
    private final ObjectMapper mapper;

    /** Wires the community features to the server's games, jobs and change feed. */
    public Community(ServerContext sc) {
        this.sc = sc;
        this.service = sc.games();
        this.jdbi = sc.db().jdbi();
        this.postgres = sc.db().isPostgres();
        this.mapper = sc.mapper();
        this.book = new GameBook(jdbi);
        this.clocks = new Clocks(jdbi);
        this.accounts = new Accounts(jdbi);
        this.tournaments = new Tournaments(this);
        this.lobby = new Lobby(this);
        service.setExtension(this);
        sc.runner().register(FLAG_JOB, this::flag);
        sc.runner().register(START_JOB, tournaments::startJob);
        sc.runner().register(ADVANCE_JOB, tournaments::advanceJob);
        sc.runner().register(EXPIRE_JOB, lobby::expireJob);
        sc.jobs().scheduleIfAbsent(new Job(EXPIRE_JOB, "challenges", Instant.now().plusSeconds(60), -1, null));
    }

    /** @return the accounts. */
    public Accounts accounts() {
        return accounts;
    }

    /** Tells every instance's lobby pages that the lobby changed. */
    void announce(String payload) {
        jdbi.useTransaction(h -> sc.feed().publish(h, LOBBY_CHANNEL, payload));
    }

    /** Schedules a job (in its own transaction) and wakes the runners. */
    void schedule(Job job) {
        jdbi.useTransaction(h -> schedule(h, job));
    }

    void schedule(Handle h, Job job) {
        sc.jobs().schedule(h, job);
        sc.feed().publish(h, JobRunner.CHANNEL, job.kind());
    }

    // ---- the game extension

    @Override
    public SeatProtocol.Change before(GameState game, Instant now) {
        Optional<GameMeta> meta = book.find(game.id());
        if (meta.isEmpty() || meta.get().timeControl() == null || game.isOver()) {
            return null;
        }
        Clocks.State s = Clocks.compute(meta.get(), game, now.toEpochMilli());
        if (s.running() != null && s.left(s.running(), now.toEpochMilli()) == 0) {
            return SeatProtocol.forfeit(game, s.running(), GameEvent.TIME, now);
        }
        return null;
    }

    @Override
    public Player player(java.util.function.Function<String, String> cookies) {
        return accounts.bySession(cookies.apply(mancala.server.account.AccountApi.SESSION_COOKIE))
                .map(a -> new Player(a.playerKey(), a.username())).orElse(null);
    }

    @Override
    public void created(GameState game, TimeControl timeControl, Player creator, String creatorSeat) {
        if (timeControl == null && creator == null) {
            return;
        }
        boolean south = game.seatOf(creatorSeat) == mancala.server.play.Seat.SOUTH;
        String key = creator == null ? null : creator.key();
        // A game against the computer, or one made by a player: never rated (only challenges are).
        GameMeta m = new GameMeta(game.id(), game.kind().key(), south ? key : null, south ? null : key,
                south ? creatorSeat : null, south ? null : creatorSeat, timeControl,
                timeControl == null || game.waiting() ? null : Instant.now(), false, null);
        book.insert(m, game.kind().key());
        if (timeControl != null) {
            jdbi.useTransaction(h -> deadline(h, m, game));
        }
    }

    @Override
    public void joined(GameState game, Player joiner, String seat) {
        if (joiner == null) {
            return;
        }
        boolean south = game.seatOf(seat) == mancala.server.play.Seat.SOUTH;
        String side = south ? "south" : "north";
        int n = jdbi.withHandle(h -> h.createUpdate("UPDATE game_players SET " + side + "_player = :p, " + side
                + "_seat = :s WHERE game_id = :id AND " + side + "_player IS NULL")
                .bind("p", joiner.key()).bind("s", seat).bind("id", game.id()).execute());
        if (n == 0 && book.find(game.id()).isEmpty()) {
            book.insert(new GameMeta(game.id(), game.kind().key(), south ? joiner.key() : null,
                    south ? null : joiner.key(), south ? seat : null, south ? null : seat, null, null, false, null),
                    game.kind().key());
        }
        book.forget(game.id());
    }

    @Override
    public void afterChange(Handle h, GameState game, Instant now) {
        Optional<GameMeta> found = book.find(game.id());
        if (found.isEmpty()) {
            return;
        }
        GameMeta m = found.get();
        if (m.timeControl() != null) {
            if (m.clockStart() == null && !game.waiting()) {
                h.createUpdate("UPDATE game_players SET clock_start = :at WHERE game_id = :id AND clock_start IS NULL")
                        .bind("at", now).bind("id", game.id()).execute();
                book.forget(game.id());
                m = m.startedAt(now);
            }
            deadline(h, m, game);
        }
        if (game.isOver()) {
            settle(h, m, game, now);
        }
    }

    /** Schedules the flag job for when the running clock runs out, or cancels it when no clock runs. */
    private void deadline(Handle h, GameMeta m, GameState game) {
        Clocks.State s = Clocks.compute(m, game, System.currentTimeMillis());
        if (s.running() == null || game.isOver()) {
            sc.jobs().cancel(h, FLAG_JOB, game.id());
        } else {
            schedule(h, new Job(FLAG_JOB, game.id(), Instant.ofEpochMilli(s.flagAt()), game.version(), null));
        }
    }

    @Override
    public Object view(GameState game) {
        Optional<GameMeta> found = book.find(game.id());
        if (found.isEmpty()) {
            return game.view();
        }
        GameMeta m = found.get();
        ObjectNode v = mapper.valueToTree(game.view());
        if (m.timeControl() != null) {
            long now = System.currentTimeMillis();
            v.set("clock", mapper.valueToTree(Clocks.view(m, Clocks.compute(m, game, now), now)));
        }
        v.put("rated", m.rated());
        if (m.tournamentId() != null) {
            v.put("tournament", m.tournamentId());
        }
        ObjectNode acc = v.putObject("accounts");
        acc.put("south", username(m.southPlayer()));
        acc.put("north", username(m.northPlayer()));
        return v;
    }

    @Override
    public List<GameRecord> records(GameState game, List<GameRecord> records) {
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

    /** The flag job: ends the game on time if the running clock has run out (the game may have moved on). */
    private void flag(Job job) {
        try {
            service.apply(job.subject(), (g, now) -> {
                Optional<GameMeta> m = book.find(g.id());
                if (g.isOver() || m.isEmpty() || m.get().timeControl() == null) {
                    return null;
                }
                Clocks.State s = Clocks.compute(m.get(), g, now.toEpochMilli());
                if (s.running() != null && s.left(s.running(), now.toEpochMilli()) == 0) {
                    return SeatProtocol.forfeit(g, s.running(), GameEvent.TIME, now);
                }
                return null;
            }, job);
        } catch (mancala.server.error.DomainError e) {
            log.debug("flag job for {}: {}", job.subject(), e.getMessage());
        }
    }

    /**
     * Settles a finished game in the transaction that ended it, so exactly once across instances: its result
     * stored beside its players, ratings updated when rated, its tournament's game scored and the next round's
     * pairing scheduled.
     */
    private void settle(Handle h, GameMeta m, GameState g, Instant now) {
        Outcome o = g.finalOutcome();
        if (o == null) {
            return;
        }
        double southScore = o.result() == Result.SOUTH_WINS ? 1 : o.result() == Result.DRAW ? 0.5 : 0;
        int n = h.createUpdate("UPDATE game_players SET settled = TRUE, result = :r, termination = :t, "
                        + "finished_at = :at WHERE game_id = :id AND settled = FALSE")
                .bind("r", o.result().notation()).bind("t", o.termination().key()).bind("at", now)
                .bind("id", g.id()).execute();
        if (n == 0) {
            return;
        }
        Long south = accountOf(m.southPlayer());
        Long north = accountOf(m.northPlayer());
        if (m.rated() && south != null && north != null) {
            Ratings.rate(h, g.id(), m.game(), south, north, southScore);
        }
        if (m.tournamentId() != null) {
            h.createUpdate("UPDATE tournament_games SET south_score = :s WHERE game_id = :id")
                    .bind("s", southScore).bind("id", g.id()).execute();
            schedule(h, new Job(ADVANCE_JOB, m.tournamentId(), now, -1, null));
        }
        sc.feed().publish(h, LOBBY_CHANNEL, "games");
    }

    // ---- games between two players

    /** A new game's id and the seat tokens of its players. */
    record Started(String gameId, String southSeat, String northSeat) {
    }

    /**
     * Starts a game between two players, both seated, the clock running for the first mover.
     *
     * @param southKey South's player key; {@code southName} his name; North's likewise
     */
    Started start(String game, String options, TimeControl tc, boolean rated, String southKey, String southName,
                  String northKey, String northName, String tournamentId) {
        GameService.Created c = service.create(Inputs.newGame(game, options, "invite", "south", null, southName));
        GameService.Joined j = service.join(c.game().id(), c.inviteCode(), northName);
        GameMeta m = new GameMeta(c.game().id(), game, southKey, northKey, c.seatToken(), j.seatToken(), tc,
                Instant.now(), rated, tournamentId);
        book.insert(m, game);
        if (tc != null) {
            GameState g = j.game();
            jdbi.useTransaction(h -> deadline(h, m, g));
        }
        announce("games");
        return new Started(m.gameId(), c.seatToken(), j.seatToken());
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
}
