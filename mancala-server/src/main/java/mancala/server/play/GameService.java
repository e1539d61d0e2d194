package mancala.server.play;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import mancala.notation.NotationException;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.RuleOptions;
import mancala.rules.RulesException;
import mancala.rules.Side;
import mancala.server.api.ApiException;
import mancala.server.store.GameRow;
import mancala.server.store.GameStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The games being played: creates them, finds them (loading from the store after a restart), runs every change
 * through the game and then the store, moves for the AI, and tells listeners (the WebSocket hub) what changed.
 * Thread-safe: each game is changed under its own lock.
 */
public final class GameService implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(GameService.class);

    /** Told after every change of a game, outside its lock. */
    @FunctionalInterface
    public interface Listener {
        /** @param game the game that changed; its {@link LiveGame#view()} is the new state */
        void changed(LiveGame game);
    }

    /** What a new game's creator gets back: the game, his seat token and, for an invitation, the code to send. */
    public record Created(LiveGame game, String seatToken, String inviteCode) {
    }

    private final GameStore store;
    private final Map<String, LiveGame> games = new ConcurrentHashMap<>();
    private final ExecutorService aiThreads;
    private final long aiDelayMillis;
    private volatile Listener listener = g -> { };
    private volatile GameExtension extension = GameExtension.NONE;

    /**
     * @param store         where games are kept
     * @param aiThreads     threads for the AI's moves
     * @param aiDelayMillis the AI waits this long before answering, so a person sees his own move land first
     */
    public GameService(GameStore store, int aiThreads, long aiDelayMillis) {
        this.store = store;
        this.aiThreads = Executors.newFixedThreadPool(aiThreads, r -> {
            Thread t = new Thread(r, "mancala-ai");
            t.setDaemon(true);
            return t;
        });
        this.aiDelayMillis = aiDelayMillis;
    }

    /** Sets the one listener told of every change. */
    public void setListener(Listener listener) {
        this.listener = listener;
    }

    /** Sets the extension consulted before each player's change and told of each change. */
    public void setExtension(GameExtension extension) {
        this.extension = extension;
    }

    /** @return the extension consulted on every game. */
    public GameExtension extension() {
        return extension;
    }

    /** @return the game's view with the extension's fields (the clock …) added. */
    public Map<String, Object> view(LiveGame game) {
        Map<String, Object> extra = extension.view(game);
        if (extra.isEmpty()) {
            return game.view();
        }
        Map<String, Object> v = new java.util.LinkedHashMap<>(game.view());
        v.putAll(extra);
        return v;
    }

    /**
     * Applies a change that is nobody's action (a flag, a claim), stored and announced like a player's.
     *
     * @param change computes the change under the game's lock; null when there is nothing to do
     * @return the game
     */
    public LiveGame apply(String id, Function<LiveGame, LiveGame.Change> change) {
        LiveGame g = find(id);
        boolean changed;
        synchronized (g) {
            LiveGame.Change c = change.apply(g);
            changed = c != null;
            if (changed) {
                persist(g, c);
            }
        }
        if (changed) {
            announce(g);
            forgetIfOver(g);
        }
        return g;
    }

    private void announce(LiveGame g) {
        listener.changed(g);
        try {
            extension.changed(g);
        } catch (RuntimeException e) {
            log.error("game {}: the community features failed on a change: {}", g.id(), e.toString(), e);
        }
    }

    /**
     * Loads every unfinished game from the store, so a restarted server resumes them, and lets the AI move where
     * it was its turn. @return how many games were resumed
     */
    public int resumeAll() {
        int n = 0;
        for (String id : store.unfinishedIds()) {
            try {
                LiveGame g = find(id);
                n++;
                scheduleAi(g);
            } catch (RuntimeException e) {
                log.error("game {} cannot be resumed: {}", id, e.getMessage());
            }
        }
        return n;
    }

    /**
     * Creates a game.
     *
     * @param gameKey     {@code hawalis}, {@code bao-kiarabu}, {@code al-manqala} or {@code rio-kadalis}
     * @param optionsText rule options in their text form, or null for the defaults
     * @param modeKey     {@code ai}, {@code invite} or {@code local}
     * @param sideKey     the creator's side ({@code south}/{@code north}); null for South
     * @param level       the AI's level 1–10 (mode {@code ai}); null for 3
     * @param name        the creator's name, or null
     * @throws ApiException 400 naming what is wrong
     */
    public Created create(String gameKey, String optionsText, String modeKey, String sideKey, Integer level,
                          String name) {
        if (gameKey == null) {
            throw ApiException.badRequest("game is required: one of " + GameKind.keys());
        }
        GameKind kind = GameKind.byKey(gameKey).orElseThrow(() -> ApiException.badRequest(
                "unknown game '" + gameKey + "': one of " + GameKind.keys()));
        RuleOptions options;
        try {
            options = OptionsNotation.parse(kind, optionsText);
        } catch (NotationException | RulesException e) {
            throw ApiException.badRequest("options: " + e.getMessage());
        }
        LiveGame.Mode mode = LiveGame.Mode.ofKey(modeKey == null ? "ai" : modeKey);
        if (mode == null) {
            throw ApiException.badRequest("unknown mode '" + modeKey + "': one of ai, invite, local");
        }
        Side side = sideKey == null ? Side.SOUTH : Seats.ofKey(sideKey);
        if (side == null) {
            throw ApiException.badRequest("side must be south or north, not '" + sideKey + "'");
        }
        int lvl = level == null ? 3 : level;
        if (mode == LiveGame.Mode.AI && (lvl < Ai.MIN_LEVEL || lvl > Ai.MAX_LEVEL)) {
            throw ApiException.badRequest("level must be 1 to 10, not " + lvl);
        }
        String me = LiveGame.playerName(name);
        String token = Seats.newToken();
        String hash = Seats.hash(token);
        String id = Seats.newId();
        Instant now = Instant.now();
        GameRow row = switch (mode) {
            case AI -> {
                String ai = "AI level " + lvl;
                String human = me == null ? "You" : me;
                yield new GameRow(id, kind.key(), OptionsNotation.format(options), mode.key(),
                        Seats.code(side.opponent()), lvl, side == Side.SOUTH ? human : ai,
                        side == Side.SOUTH ? ai : human, side == Side.SOUTH ? hash : null,
                        side == Side.SOUTH ? null : hash, null, null, null, 0, null, null, now, now);
            }
            case INVITE -> {
                String human = me == null ? "Host" : me;
                yield new GameRow(id, kind.key(), OptionsNotation.format(options), mode.key(), null, null,
                        side == Side.SOUTH ? human : "Guest", side == Side.SOUTH ? "Guest" : human,
                        side == Side.SOUTH ? hash : null, side == Side.SOUTH ? null : hash, Seats.newToken(), null,
                        null, 0, null, null, now, now);
            }
            case LOCAL -> new GameRow(id, kind.key(), OptionsNotation.format(options), mode.key(), null, null,
                    "South", "North", hash, hash, null, null, null, 0, null, null, now, now);
        };
        LiveGame game = new LiveGame(row, List.of());
        store.insert(row);
        games.put(id, game);
        log.info("game {} created: {} {} {}", id, kind.key(), mode.key(), OptionsNotation.format(options));
        scheduleAi(game);
        return new Created(game, token, row.inviteCode());
    }

    /**
     * @return the game with this id, loaded from the store when this server has not seen it yet
     * @throws ApiException 404 when there is none
     */
    public LiveGame find(String id) {
        if (id == null || id.length() > 24) {
            throw ApiException.unknownGame(String.valueOf(id));
        }
        LiveGame g = games.get(id);
        if (g != null) {
            return g;
        }
        GameRow row = store.find(id).orElseThrow(() -> ApiException.unknownGame(id));
        LiveGame loaded = new LiveGame(row, store.events(id));
        LiveGame prior = games.putIfAbsent(id, loaded);
        return prior != null ? prior : loaded;
    }

    /** @return the most recently changed games' rows, up to {@code limit}. */
    public List<GameRow> recent(int limit) {
        return store.recent(limit);
    }

    /**
     * Runs one change of a player's making: applied in memory, written to the store, then announced; the AI is
     * asked to move when it is its turn.
     *
     * @param token  the caller's seat token (null for none)
     * @param action the change, given the caller's seat
     * @throws ApiException when the change is refused (nothing changed) or cannot be stored (503, undone)
     */
    public LiveGame act(String id, String token, Function<LiveGame.Seat, LiveGame.Change> action) {
        LiveGame g = find(id);
        boolean ended = false;
        synchronized (g) {
            LiveGame.Change first = extension.before(g);
            if (first != null) {
                persist(g, first);
                ended = true;
            } else {
                LiveGame.Seat seat = g.seatOf(token);
                LiveGame.Change c = action.apply(seat);
                persist(g, c);
            }
        }
        announce(g);
        if (ended) {
            forgetIfOver(g);
            throw new ApiException(409, "game-over", "the game is over: " + g.view().get("summary"));
        }
        scheduleAi(g);
        forgetIfOver(g);
        return g;
    }

    /** @return the seat token of the invited player, who now sits in the free seat of game {@code id} */
    public String join(String id, String code, String name) {
        LiveGame g = find(id);
        String token;
        synchronized (g) {
            token = g.join(code, name);
            persist(g, new LiveGame.Change(null, -1));
        }
        announce(g);
        return token;
    }

    /**
     * A finished game can no longer change, so it need not stay in memory: it is dropped, and read again from the
     * store (replayed) when asked for. Only unfinished games stay loaded.
     */
    private void forgetIfOver(LiveGame g) {
        if (g.isOver()) {
            games.remove(g.id(), g);
        }
    }

    /** Writes a change; when that fails the game is rebuilt from what the store holds and 503 is thrown. */
    private void persist(LiveGame g, LiveGame.Change c) {
        try {
            GameRow row = g.row();
            if (c.truncateTo() >= 0) {
                store.truncate(row, c.truncateTo());
            } else if (c.event() != null) {
                store.append(row, c.event());
            } else {
                store.update(row);
            }
        } catch (RuntimeException e) {
            log.error("game {}: cannot store a change, undoing it: {}", g.id(), e.toString());
            try {
                g.rebuild(store.events(g.id()));
            } catch (RuntimeException again) {
                games.remove(g.id());
            }
            throw new ApiException(503, "storage", "the game could not be saved; nothing was changed");
        }
    }

    private void scheduleAi(LiveGame g) {
        if (!g.aiToMove() || aiThreads.isShutdown()) {
            return;
        }
        aiThreads.execute(() -> {
            try {
                if (aiDelayMillis > 0) {
                    Thread.sleep(aiDelayMillis);
                }
                boolean moved;
                synchronized (g) {
                    LiveGame.Change c = g.aiMove(g.id().hashCode());
                    moved = c != null;
                    if (moved) {
                        persist(g, c);
                    }
                }
                if (moved) {
                    announce(g);
                    scheduleAi(g);
                    forgetIfOver(g);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                log.error("game {}: the AI could not move: {}", g.id(), e.toString());
            }
        });
    }

    /** Stops the AI threads (waiting briefly for a move in progress). The store is closed by its owner. */
    @Override
    public void close() {
        aiThreads.shutdownNow();
        try {
            aiThreads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
