package mancala.server.game;

import mancala.server.engine.Ai;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.rules.Game;
import mancala.rules.Outcome;
import mancala.rules.Side;
import mancala.server.error.DomainError;
import mancala.server.store.ChangeFeed;
import mancala.server.store.Database;
import mancala.server.store.Job;
import mancala.server.store.JobStore;
import mancala.server.board.SideKeys;
import mancala.server.store.JobRunner;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The games: creates them, finds them, runs every change of one as a single store transaction that holds the
 * game's row lock, and moves for the AI through the job table. The database is the authority: a game's state in
 * this instance's memory is only a cache, checked against the stored version before it is used, so any number of
 * instances may serve the same games. After each committed change the change feed's {@link #CHANNEL} carries
 * {@code id:version} to every instance (for live watchers).
 *
 * <p>The AI's move is a job ({@link #AI_JOB}, the game id, due after the AI's delay): claimed by one instance,
 * thought out there with no lock held, and stored only if the game is still at the version the job was made for.
 * Unfinished games nobody touched for the abandonment time are closed by the recurring job {@link #SWEEP_JOB}
 * (how: {@link GameExtension#sweep}); a game whose clock runs is never swept: its clock ends it. Thread-safe.
 */
public final class GameService {
    private static final Logger log = LoggerFactory.getLogger(GameService.class);
    /** The change-feed channel of game changes; payload {@code id:version}. */
    public static final String CHANNEL = "games";
    /** The job kind of an AI move; subject: the game id. */
    public static final String AI_JOB = "ai-move";
    /** The job kind of the abandonment sweep; subject {@code abandon}. */
    public static final String SWEEP_JOB = "sweep";

    /** What a new game's creator gets back: the game, his seat token and, for an invitation, the code to send. */
    public record Created(GameState game, String seatToken, String inviteCode) {
    }

    /** What an invited player gets back on joining: the game and his seat token. */
    public record Joined(GameState game, String seatToken) {
    }

    /** A change made by {@link #change}: given the game and the time now, change it or throw. */
    @FunctionalInterface
    public interface Action {
        /** @return the change to store, or null when there is nothing to store */
        SeatProtocol.Change apply(GameState game, Instant now);
    }

    /**
     * How the service behaves.
     *
     * @param aiDelay       how long after a person's move the AI's job falls due (the page's animation)
     * @param abandonAfter  an unfinished game untouched this long is closed as abandoned
     * @param cachedGames   games kept in memory at most (the least recently used leave first)
     * @param aiQueueLimit  AI moves waiting at most before new AI games and moves are refused (429)
     */
    public record Settings(Duration aiDelay, Duration abandonAfter, int cachedGames, int aiQueueLimit) {
    }

    private final Database db;
    private final GameStore store;
    private final JobStore jobs;
    private final ChangeFeed feed;
    private final Settings settings;
    private final JobRunner runner;
    private final Map<String, GameState> cache;
    private final java.util.concurrent.atomic.LongAdder movesStored = new java.util.concurrent.atomic.LongAdder();
    private volatile GameExtension extension = GameExtension.NONE;
    private volatile mancala.server.engine.ComputerCapacity capacity =
            new mancala.server.engine.ComputerCapacity(Integer.MAX_VALUE, Integer.MAX_VALUE);

    /**
     * @param runner where the service registers its job kinds (AI moves, abandonment sweep)
     */
    public GameService(Database db, JobStore jobs, ChangeFeed feed, JobRunner runner, Settings settings) {
        this.db = db;
        this.store = new GameStore(db);
        this.jobs = jobs;
        this.feed = feed;
        this.settings = settings;
        this.runner = runner;
        int max = settings.cachedGames();
        this.cache = java.util.Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, GameState> eldest) {
                return size() > max;
            }
        });
        runner.register(AI_JOB, this::aiMove);
        runner.register(SWEEP_JOB, this::sweep);
    }

    /**
     * Makes sure the recurring jobs exist and that every unfinished game where the AI is to move has its AI job
     * (games stored before jobs existed). @return how many open AI games were looked at
     */
    public int resume() {
        Instant now = Instant.now();
        jobs.scheduleIfAbsent(new Job(SWEEP_JOB, "abandon", now, -1, null));
        int n = 0;
        for (String id : store.openAiGames()) {
            try {
                GameState g = find(id);
                n++;
                if (g.aiToMove()) {
                    jobs.scheduleIfAbsent(new Job(AI_JOB, id, now, g.version(), null));
                }
            } catch (RuntimeException e) {
                log.error("game {} cannot be resumed: {}", id, e.getMessage());
            }
        }
        runner.wake();
        return n;
    }

    /** Sets how many games against the computer this instance keeps going ({@link mancala.server.engine.ComputerCapacity}). */
    public void setCapacity(mancala.server.engine.ComputerCapacity capacity) {
        this.capacity = capacity;
    }

    /** @return the places of games against the computer on this instance. */
    public mancala.server.engine.ComputerCapacity capacity() {
        return capacity;
    }

    /** Sets the extension consulted before each player's change and inside every change's transaction. */
    public void setExtension(GameExtension extension) {
        this.extension = extension;
    }

    /** @return the extension consulted on every game. */
    public GameExtension extension() {
        return extension;
    }

    /** @return the game's view for JSON, with the extension's fields (the clock …). */
    public Object view(GameState game) {
        return extension.view(game);
    }

    /**
     * A change that is nobody's action (a flag, a claim), stored and announced like a player's; see
     * {@link #change}.
     *
     * @param completing the claimed job this change completes, or null
     */
    public GameState apply(String id, Action action, Job completing) {
        return change(id, action, completing);
    }

    /** @return the games kept in this instance's memory now. */
    public int cachedGames() {
        return cache.size();
    }

    /**
     * Creates a game.
     *
     * @throws DomainError UNAVAILABLE {@code computer-busy} when the AI's queue is full (mode {@code ai})
     */
    public Created create(Inputs.NewGame req) {
        if (req.mode() == Mode.AI) {
            requireAiRoom();
        }
        String token = Seats.newToken();
        String hash = Seats.hash(token);
        String id = Seats.newId();
        Instant now = Instant.now();
        Side side = req.side();
        String me = req.name() == null ? Inputs.ANONYMOUS : req.name();
        String options = mancala.notation.OptionsNotation.format(req.options());
        String kind = req.kind().key();
        GameRow row = switch (req.mode()) {
            case AI -> {
                String ai = "AI level " + req.level();
                yield new GameRow(id, kind, options, "ai", SideKeys.code(side.opponent()), req.level(),
                        side == Side.SOUTH ? me : ai, side == Side.SOUTH ? ai : me,
                        side == Side.SOUTH ? hash : null, side == Side.SOUTH ? null : hash, null, null, null, 0, null,
                        null, now, now, 0, false);
            }
            case INVITE -> new GameRow(id, kind, options, "invite", null, null,
                    side == Side.SOUTH ? me : Inputs.ANONYMOUS, side == Side.SOUTH ? Inputs.ANONYMOUS : me,
                    side == Side.SOUTH ? hash : null, side == Side.SOUTH ? null : hash, Seats.newToken(), null,
                    null, 0, null, null, now, now, 0, false);
            case LOCAL -> new GameRow(id, kind, options, "local", null, null, "South", "North", hash, hash, null,
                    null, null, 0, null, null, now, now, 0, false);
        };
        GameState game = new GameState(row, List.of());
        try {
            db.inTransaction(h -> {
                store.insert(h, row);
                afterChange(h, game, now, false);
                return null;
            });
        } catch (RuntimeException e) {
            log.error("game {}: cannot be stored: {}", id, e.toString());
            throw DomainError.unavailable("storage", "the game could not be saved; nothing was changed");
        }
        cache.put(id, game);
        log.info("game {} created: {} {} {}", id, kind, row.mode(), options);
        return new Created(game, token, row.inviteCode());
    }

    /** @throws DomainError 503 {@code computer-busy} when more AI moves wait (on all instances) than allowed */
    private void requireAiRoom() {
        int waiting = jobs.waiting(AI_JOB, Instant.now());
        if (waiting >= settings.aiQueueLimit()) {
            throw mancala.server.engine.ComputerCapacity.busy();
        }
    }

    /**
     * @return the game with this id as last stored (from memory when the cached copy is current)
     * @throws DomainError NOT_FOUND when there is none
     */
    public GameState find(String id) {
        if (id == null || id.isEmpty() || id.length() > 24) {
            throw DomainError.unknownGame(String.valueOf(id));
        }
        return db.withHandle(h -> {
            GameRow row = store.find(h, id).orElseThrow(() -> DomainError.unknownGame(id));
            GameState g = cache.get(id);
            return g != null && g.version() == row.version() ? g : load(h, row);
        });
    }

    private GameState load(Handle h, GameRow row) {
        GameState g = new GameState(row, store.events(h, row.id()));
        cache.merge(row.id(), g, (old, fresh) -> old.version() > fresh.version() ? old : fresh);
        return g;
    }

    /** @return the most recently changed games' rows, up to {@code limit}. */
    public List<GameRow> recent(int limit) {
        return store.recent(limit);
    }

    /**
     * Runs a player's change as one transaction: the game's row locked, the state brought up to the stored
     * version, the action applied and stored, the change announced on commit, the AI's job scheduled when it is
     * its turn.
     *
     * @param token the caller's seat token (null for none)
     * @throws DomainError when the change is refused (nothing changed), or UNAVAILABLE when it cannot be stored
     */
    public GameState act(String id, String token, Seated action) {
        boolean[] ended = {false};
        GameState after = change(id, (g, now) -> {
            SeatProtocol.Change first = extension.before(g, now);
            ended[0] = first != null;
            if (first != null) {
                return first;
            }
            return action.apply(g, g.seatOf(token), now);
        }, null);
        if (ended[0]) {
            if (after.isAborted()) {
                throw DomainError.conflict("aborted", "the game was aborted: a first move was not made in time",
                        Map.of());
            }
            Outcome o = after.finalOutcome();
            throw DomainError.conflict("game-over", "the game is over ({how})",
                    Map.of("how", o == null ? "finished" : o.termination().description()));
        }
        return after;
    }

    /** A player's action given his seat. */
    @FunctionalInterface
    public interface Seated {
        /** @return the change to store */
        SeatProtocol.Change apply(GameState game, Seat seat, Instant now);
    }

    /**
     * Seats the invited player in the free seat of game {@code id}.
     *
     * @throws DomainError as {@link SeatProtocol#join}
     */
    public Joined join(String id, String code, String name) {
        String token = Seats.newToken();
        GameState g = change(id, (s, now) -> SeatProtocol.join(s, code, name, token, now), null);
        return new Joined(g, token);
    }

    /**
     * The one way a game changes: {@code action} under the game's row lock in one transaction. When
     * {@code completing} is given (a claimed job), the job is completed in the same transaction, and nothing is
     * stored if its claim was lost (a timed job, e.g. a flag when a clock runs out, changes its game this way).
     *
     * @return the game after the change
     * @throws DomainError NOT_FOUND, what {@code action} throws, or UNAVAILABLE when the store fails
     * @throws ClaimLost when {@code completing}'s claim was lost: nothing was stored
     */
    public GameState change(String id, Action action, Job completing) {
        if (id == null || id.isEmpty() || id.length() > 24) {
            throw DomainError.unknownGame(String.valueOf(id));
        }
        GameState[] out = new GameState[1];
        boolean[] moved = {false};
        try {
            // A game's end settles ratings and a tournament's next step in this transaction: when it loses to another
            // game's end (rows locked in one order: the game, ratings by account id, the tournament), it runs again.
            db.inTransactionRetrying(h -> {
                GameRow locked = store.lockRow(h, id).orElseThrow(() -> DomainError.unknownGame(id));
                GameState g = cache.get(id);
                if (g == null || g.version() != locked.version()) {
                    g = load(h, locked); // changed by another instance: its events only are read
                }
                out[0] = g;
                synchronized (g) {
                    Instant now = Instant.now();
                    SeatProtocol.Change c;
                    try {
                        c = action.apply(g, now);
                    } catch (DomainError e) {
                        throw e;
                    } catch (RuntimeException e) {
                        cache.remove(id);
                        throw e;
                    }
                    if (completing != null && !jobs.complete(h, completing)) {
                        cache.remove(id);
                        throw new ClaimLost();
                    }
                    if (c != null) {
                        try {
                            boolean announced = write(h, g, c);
                            afterChange(h, g, now, announced);
                            moved[0] = c.event() != null && GameEvent.MOVE.equals(c.event().kind());
                        } catch (RuntimeException e) {
                            cache.remove(id);
                            throw e;
                        }
                    }
                }
                return null;
            });
        } catch (DomainError | ClaimLost e) {
            throw e;
        } catch (RuntimeException e) {
            cache.remove(id);
            log.error("game {}: cannot store a change: {}", id, e.toString());
            throw DomainError.unavailable("storage", "the game could not be saved; nothing was changed");
        }
        if (moved[0]) {
            movesStored.increment();
        }
        return out[0];
    }

    /** @return moves (players' and the AI's) this instance has stored since it started. */
    public long movesStored() {
        return movesStored.sum();
    }

    /** The claimed job was taken over by another instance: the work is not stored. */
    public static final class ClaimLost extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ClaimLost() {
            super("the job's claim was lost", null, false, false);
        }
    }

    /**
     * Stores the change in the caller's transaction. On PostgreSQL a change with an event (a move, most often) is
     * one statement that also announces it on {@link #CHANNEL}. @return true when it was announced so
     */
    private boolean write(Handle h, GameState g, SeatProtocol.Change c) {
        if (c.truncateTo() >= 0) {
            store.truncate(h, g.id(), c.truncateTo());
        } else if (c.event() != null) {
            if (db.isPostgres()) {
                store.appendUpdateAndNotify(h, g.row(), c.event(), ChangeFeed.pgChannel(CHANNEL),
                        g.id() + ":" + g.version());
                return true;
            }
            store.appendEvent(h, g.id(), c.event());
        }
        store.update(h, g.row());
        return false;
    }

    /**
     * In the change's transaction: announce it (unless {@code announced} already), and schedule or cancel the AI's
     * move.
     */
    private void afterChange(Handle h, GameState g, Instant now, boolean announced) {
        if (!announced) {
            feed.publish(h, CHANNEL, g.id() + ":" + g.version());
        }
        extension.afterChange(h, g, now);
        if (g.mode() == Mode.AI) {
            if (g.isOver() || g.isAbandoned()) {
                capacity.release(g.id());
            } else {
                capacity.touch(g.id(), now.toEpochMilli());
            }
            if (g.aiToMove()) {
                Instant due = now.plus(settings.aiDelay());
                jobs.schedule(h, new Job(AI_JOB, g.id(), due, g.version(), null));
                feed.publish(h, JobRunner.CHANNEL, AI_JOB + "@" + due.toEpochMilli());
            } else {
                jobs.cancel(h, AI_JOB, g.id());
            }
        }
    }

    /** The AI job: think on a copy with no lock held, then store the move if the game has not changed. */
    private void aiMove(Job job) {
        GameState g;
        try {
            g = find(job.subject());
        } catch (DomainError e) {
            return;
        }
        if (g.version() != job.version() || !g.aiToMove()) {
            return;
        }
        GameState copy;
        synchronized (g) {
            copy = new GameState(g.row(), g.events());
        }
        Game current = copy.current();
        long millis = Ai.thinkMillis(g.aiLevel());
        int waiting = runner.workers();
        try {
            waiting = Math.max(waiting, jobs.waiting(AI_JOB, Instant.now()));
        } catch (RuntimeException e) {
            // the queue's length only shortens thinking under load
        }
        // Fair under load: when more AI moves wait than there are workers, each thinks for a share.
        millis = Math.max(50, millis * runner.workers() / waiting);
        millis = Math.min(millis, clockBudget(extension.clockLeftMillis(copy, System.currentTimeMillis())));
        int pit = Ai.player(g.aiLevel(), g.id().hashCode() * 31L + copy.plies()).chooseMove(current, millis);
        try {
            change(job.subject(), (s, now) -> {
                if (s.version() != job.version()) {
                    return null;
                }
                // the computer's clock flags like a person's
                SeatProtocol.Change ran = extension.before(s, now);
                return ran != null ? ran : SeatProtocol.aiMove(s, pit, now);
            }, job);
        } catch (ClaimLost e) {
            log.info("game {}: the AI's move was taken over by another instance", job.subject());
        }
    }

    /** What the AI keeps for storing and sending its move after thinking, ms. */
    static final long AI_SAFETY_MILLIS = 300;

    /**
     * @param leftMillis the AI's clock now (its time in the queue already spent), or {@link Long#MAX_VALUE}
     * @return the longest the AI may think: a tenth of what its clock holds beyond {@link #AI_SAFETY_MILLIS}, so
     *     that its move is stored before its flag falls and the next moves still have time; 1 ms at the least
     */
    static long clockBudget(long leftMillis) {
        if (leftMillis == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        return Math.max(1, (leftMillis - AI_SAFETY_MILLIS) / 10);
    }

    /**
     * How long a guests' game (no account in either seat, no tournament) is kept once over or abandoned: 30 days,
     * then the sweep deletes it. Games with an account are kept (ratings, the player's page).
     */
    public static final Duration PURGE_AFTER = Duration.ofDays(30);

    /**
     * The sweep, every tenth of the abandonment time (at most 5 minutes): marks games untouched for the
     * abandonment time as abandoned (games on a clock end by their flag before that), deletes up to 500 guests'
     * games over for {@link #PURGE_AFTER}, then falls due again.
     */
    private void sweep(Job job) {
        Instant cutoff = Instant.now().minus(settings.abandonAfter());
        List<String> ids = store.untouchedSince(cutoff, 500);
        for (String id : ids) {
            try {
                change(id, (s, now) -> s.updatedAt().isBefore(cutoff) ? extension.sweep(s, now) : null, null);
                cache.remove(id);
            } catch (RuntimeException e) {
                log.warn("game {}: cannot be marked abandoned: {}", id, e.toString());
            }
        }
        if (!ids.isEmpty()) {
            log.info("{} untouched games marked abandoned", ids.size());
        }
        try {
            int purged = store.purgeGuestGames(Instant.now().minus(PURGE_AFTER), 500);
            if (purged > 0) {
                log.info("{} guests' games over for {} days deleted", purged, PURGE_AFTER.toDays());
            }
        } catch (RuntimeException e) {
            log.warn("cannot purge old guests' games: {}", e.toString());
        }
        Duration every = settings.abandonAfter().dividedBy(10);
        if (every.compareTo(Duration.ofMinutes(5)) > 0) {
            every = Duration.ofMinutes(5);
        }
        if (every.compareTo(Duration.ofMillis(200)) < 0) {
            every = Duration.ofMillis(200);
        }
        Instant next = Instant.now().plus(ids.size() == 500 ? Duration.ZERO : every);
        db.inTransaction(h -> {
            if (jobs.complete(h, job)) {
                jobs.schedule(h, new Job(SWEEP_JOB, job.subject(), next, -1, null));
            }
            return null;
        });
    }
}
