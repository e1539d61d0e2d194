package mancala.server.game;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import mancala.record.GameRecord;
import mancala.rules.Outcome;
import mancala.rules.Result;
import mancala.rules.Side;
import mancala.server.board.SideKeys;
import mancala.server.error.DomainError;
import java.util.Map;
import mancala.server.clock.Clocks;
import mancala.server.clock.TimeControl;
import mancala.server.store.Database;
import mancala.server.store.JobRunner;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * What every game gets from knowing its players ({@link GamePlayers}): their seats, the clock ({@link ClockKeeper}),
 * the settlement once in the transaction that ends the game (the result stored beside its players, then each
 * {@link GameListener}: ratings, tournaments, the lobby), the clock and the players' accounts in the game's view,
 * the clock in its record. Installed on the {@link GameService} as its {@link GameExtension}.
 */
public final class PlayersExtension implements GameExtension {
    private final Jdbi jdbi;
    private final GamePlayersStore players;
    private final ClockKeeper clocks;
    private final PlayerDirectory directory;
    private final ObjectMapper mapper;
    private final GameStarter starter;
    private final List<GameListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Installs itself on {@code games} and registers the flag job on {@code runner}.
     *
     * @param directory who a request comes from and the names of player keys (the accounts)
     */
    public PlayersExtension(Database db, GameService games, JobRunner runner, PlayerDirectory directory,
                            ObjectMapper mapper) {
        this.jdbi = db.jdbi();
        this.players = new GamePlayersStore(jdbi);
        this.clocks = new ClockKeeper(players, runner, games);
        this.directory = directory;
        this.mapper = mapper;
        this.starter = new GameStarter(games, players, clocks, jdbi, this);
        games.setExtension(this);
    }

    /** Adds a listener told of every game between people that starts or ends. */
    public void listen(GameListener listener) {
        listeners.add(listener);
    }

    /** @return the database. */
    Jdbi jdbi() {
        return jdbi;
    }

    /** @return the players of games. */
    public GamePlayersStore players() {
        return players;
    }

    /** @return what starts games between two people. */
    public GameStarter starter() {
        return starter;
    }

    void started(GamePlayers m) {
        for (GameListener l : listeners) {
            l.started(m);
        }
    }

    @Override
    public long clockLeftMillis(GameState game, long nowMillis) {
        Optional<GamePlayers> m = players.find(game.id());
        if (m.isEmpty() || m.get().timeControl() == null || game.isOver()) {
            return Long.MAX_VALUE;
        }
        Clocks.State s = ClockKeeper.state(m.get(), game, nowMillis);
        return s.running() == null ? Long.MAX_VALUE : s.left(s.running(), nowMillis);
    }

    @Override
    public SeatProtocol.Change before(GameState game, Instant now) {
        return clocks.flagged(game, now);
    }

    @Override
    public Player player(Function<String, String> cookies) {
        return directory.signedIn(cookies);
    }

    @Override
    public void checkGuestName(String name) {
        directory.checkGuestName(name);
    }

    @Override
    public void created(GameState game, TimeControl timeControl, Player creator, String creatorSeat) {
        if (timeControl == null && creator == null) {
            return;
        }
        boolean south = game.seatOf(creatorSeat) == Seat.SOUTH;
        String key = creator == null ? null : creator.key();
        // A game against the computer, or one made by a player: never rated (only challenges are).
        GamePlayers m = new GamePlayers(game.id(), game.kind().key(), south ? key : null, south ? null : key,
                south ? creatorSeat : null, south ? null : creatorSeat, timeControl,
                timeControl == null || game.waiting() ? null : Instant.now(), false, null);
        players.insert(m, game.kind().key());
        if (timeControl != null) {
            clocks.firstDeadline(m, game);
        }
    }

    @Override
    public void joined(GameState game, Player joiner, String seat) {
        if (joiner == null) {
            return;
        }
        boolean south = game.seatOf(seat) == Seat.SOUTH;
        if (!players.seat(game.id(), south, joiner.key(), seat) && players.find(game.id()).isEmpty()) {
            players.insert(new GamePlayers(game.id(), game.kind().key(), south ? joiner.key() : null,
                    south ? null : joiner.key(), south ? seat : null, south ? null : seat, null, null, false, null),
                    game.kind().key());
        }
        players.forget(game.id());
    }

    @Override
    public void afterChange(Handle h, GameState game, Instant now) {
        Optional<GamePlayers> found = players.find(game.id());
        if (found.isEmpty()) {
            return;
        }
        GamePlayers m = found.get();
        if (m.timeControl() != null) {
            if (m.clockStart() == null && !game.waiting()) {
                players.startClock(h, game.id(), now);
                m = m.startedAt(now);
            }
            clocks.deadline(h, m, game);
        }
        if (game.isOver()) {
            settle(h, m, game, now);
        } else if (game.isAborted()) {
            List<GameEvent> events = game.events();
            GameEvent last = events.get(events.size() - 1);
            String by = last.kind().equals(GameEvent.ABORT) ? m.player(SideKeys.ofCode(last.side())) : null;
            if (players.settleAborted(h, game.id(), by, now)) {
                for (GameListener l : listeners) {
                    l.aborted(h, m, game, now);
                }
            }
        }
    }

    @Override
    public void mayAbort(GameState game) {
        Optional<GamePlayers> m = players.find(game.id());
        if (m.isPresent() && m.get().tournamentId() != null) {
            throw DomainError.conflict("no-abort", "a tournament game is not aborted: a player who does not make his "
                    + "first move in time loses it by forfeit", Map.of());
        }
    }

    /**
     * What the abandonment sweep does to an untouched unfinished game: a game on a clock is left to its clock (a
     * missed correspondence deadline loses like a flag: the change is made here when the flag job has not made it
     * yet, else nothing); a game between two people without a clock, once both have moved, is lost by the side to
     * move, who left it (termination {@code abandoned}), and aborted while that side has not moved yet; any other
     * game (against the computer, on one screen, an invitation nobody took) is closed as abandoned, with no result.
     */
    @Override
    public SeatProtocol.Change sweep(GameState game, Instant now) {
        Optional<GamePlayers> m = players.find(game.id());
        if (m.isPresent() && m.get().timeControl() != null && m.get().clockStart() != null) {
            return clocks.flagged(game, now);
        }
        if (game.mode() == Mode.INVITE && !game.waiting() && !game.isOver() && !game.isAborted()
                && !game.isAbandoned()) {
            Side toMove = game.position().sideToMove();
            return game.hasMoved(toMove) ? SeatProtocol.forfeit(game, toMove, GameEvent.ABANDON, now)
                    : SeatProtocol.noStart(game, toMove, now);
        }
        return GameExtension.super.sweep(game, now);
    }

    /**
     * Settles a finished game in the transaction that ended it, so exactly once across instances: its result
     * stored beside its players, then every listener told (ratings, tournaments, the lobby).
     */
    private void settle(Handle h, GamePlayers m, GameState g, Instant now) {
        Outcome o = g.finalOutcome();
        if (o == null || !players.settle(h, g.id(), o.result().notation(), o.termination().key(), now)) {
            return;
        }
        double southScore = o.result() == Result.SOUTH_WINS ? 1 : o.result() == Result.DRAW ? 0.5 : 0;
        for (GameListener l : listeners) {
            l.ended(h, m, g, southScore, now);
        }
    }

    @Override
    public Object view(GameState game) {
        Optional<GamePlayers> found = players.find(game.id());
        if (found.isEmpty()) {
            return game.view();
        }
        GamePlayers m = found.get();
        ObjectNode v = mapper.valueToTree(game.view());
        if (m.timeControl() != null) {
            long now = System.currentTimeMillis();
            v.set("clock", mapper.valueToTree(Clocks.view(m.timeControl(), ClockKeeper.state(m, game, now), now)));
        }
        v.put("rated", m.rated());
        if (m.tournamentId() != null) {
            v.put("tournament", m.tournamentId());
        }
        ObjectNode acc = v.putObject("accounts");
        acc.put("south", directory.username(m.southPlayer()));
        acc.put("north", directory.username(m.northPlayer()));
        ObjectNode titles = v.putObject("titles");
        titles.put("south", directory.bot(m.southPlayer()) ? "BOT" : null);
        titles.put("north", directory.bot(m.northPlayer()) ? "BOT" : null);
        return v;
    }

    @Override
    public List<GameRecord> records(GameState game, List<GameRecord> records) {
        return clocks.withClocks(game, records);
    }
}
