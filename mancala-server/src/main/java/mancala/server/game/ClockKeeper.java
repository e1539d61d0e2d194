package mancala.server.game;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mancala.record.GameRecord;
import mancala.record.MoveClocks;
import mancala.rules.Side;
import mancala.server.clock.Clock;
import mancala.server.clock.Clocks;
import mancala.server.error.DomainError;
import mancala.server.store.Job;
import mancala.server.store.JobRunner;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The clocks of games between people, where a clock flags: the running side's allowance is checked before each of
 * his changes ({@link #flagged}), and when no page is open the job {@value #FLAG_JOB} (scheduled in every change's
 * transaction for the instant the running allowance ends) ends the game. The arithmetic is {@link Clock}'s alone
 * (replayed by {@link Clocks#compute}): a side whose first-move time runs out gets the game aborted (a tournament
 * game: forfeited), a side whose own time runs out loses on time (by correspondence, a missed deadline).
 */
public final class ClockKeeper {
    private static final Logger log = LoggerFactory.getLogger(ClockKeeper.class);
    /** The job kind of a clock running out; subject: the game id. */
    public static final String FLAG_JOB = "flag";

    private final GamePlayersStore players;
    private final JobRunner runner;
    private final GameService games;

    /** Registers the flag job on {@code runner}. */
    public ClockKeeper(GamePlayersStore players, JobRunner runner, GameService games) {
        this.players = players;
        this.runner = runner;
        this.games = games;
        runner.register(FLAG_JOB, this::flagJob);
    }

    /** @return the clock of {@code game} (whose players have a time control) at {@code now}, epoch ms. */
    public static Clocks.State state(GamePlayers m, GameState game, long now) {
        List<Clocks.Event> events = new ArrayList<>();
        for (GameEvent e : game.events()) {
            Side side = "S".equals(e.side()) ? Side.SOUTH : Side.NORTH;
            Clocks.EventKind kind = e.kind().equals(GameEvent.MOVE) ? Clocks.EventKind.MOVE : Clocks.EventKind.OTHER;
            events.add(new Clocks.Event(side, kind, e.playedAt()));
        }
        Side toMove = game.isOver() || game.isAbandoned() || game.isAborted() ? null
                : game.position().sideToMove();
        return Clocks.compute(m.timeControl(), m.timeControl().firstMoveMillis(m.tournamentId() != null),
                m.clockStart(), events, toMove);
    }

    /**
     * @return the change that ends {@code game} when the running allowance has run out at {@code now}: a loss on
     *     time when the side's own time ran out; when its first-move time ran out, the game aborted (a tournament
     *     game: forfeited by that side). Null when nothing ran out (no clock, not running, time left, game over).
     */
    public SeatProtocol.Change flagged(GameState game, Instant now) {
        Optional<GamePlayers> m = players.find(game.id());
        if (game.isOver() || game.isAborted() || m.isEmpty() || m.get().timeControl() == null) {
            return null;
        }
        Clock c = state(m.get(), game, now.toEpochMilli()).clock();
        return switch (c.expiry(now.toEpochMilli())) {
            case FLAG -> SeatProtocol.forfeit(game, c.running(), GameEvent.TIME, now);
            case FIRST_MOVE -> m.get().tournamentId() != null
                    ? SeatProtocol.forfeit(game, c.running(), GameEvent.FORFEIT, now)
                    : SeatProtocol.noStart(game, c.running(), now);
            case NONE -> null;
        };
    }

    /**
     * Schedules the first flag job of a game just made, unless a change of the game (the computer's first move, which
     * may come before the maker's request has finished) has already scheduled a newer one: this game state may be
     * older than that change's.
     */
    public void firstDeadline(GamePlayers m, GameState game) {
        Clocks.State s = state(m, game, System.currentTimeMillis());
        if (s.running() != null && !game.isOver() && !game.isAborted()) {
            runner.jobs().scheduleIfAbsent(new Job(FLAG_JOB, game.id(), Instant.ofEpochMilli(s.deadline()),
                    game.version(), null));
        }
    }

    /** Schedules the flag job for when the running allowance ends, or cancels it when no clock runs. */
    public void deadline(Handle h, GamePlayers m, GameState game) {
        Clocks.State s = state(m, game, System.currentTimeMillis());
        if (s.running() == null || game.isOver() || game.isAborted()) {
            runner.jobs().cancel(h, FLAG_JOB, game.id());
        } else {
            runner.schedule(h, new Job(FLAG_JOB, game.id(), Instant.ofEpochMilli(s.deadline()), game.version(),
                    null));
        }
    }

    /** @return the records of {@code game} with each move's clock after it, when it is played on a clock. */
    public List<GameRecord> withClocks(GameState game, List<GameRecord> records) {
        Optional<GamePlayers> found = players.find(game.id());
        if (found.isEmpty() || found.get().timeControl() == null) {
            return records;
        }
        List<Long> after = state(found.get(), game, System.currentTimeMillis()).afterPlies();
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

    /** The flag job: ends the game on time if the running clock has run out (the game may have moved on). */
    private void flagJob(Job job) {
        try {
            games.apply(job.subject(), this::flagged, job);
        } catch (DomainError e) {
            log.debug("flag job for {}: {}", job.subject(), e.getMessage());
        }
    }
}
