package mancala.server.bot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import mancala.server.challenge.Challenge;
import mancala.server.challenge.Challenges;
import mancala.server.game.GamePlayers;
import mancala.server.game.GamePlayersStore;
import mancala.server.game.GameService;
import mancala.server.game.GameState;
import mancala.server.store.ChangeFeed;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open streams of the Bot and Board API on this instance, kept up to date from the change feed, so that a
 * change made on any instance reaches them: the {@code games} channel (a game changed: its streams get the new
 * state, its players' event streams are looked at again) and the {@code lobby} channel (challenges changed: every
 * event stream is looked at again). Every {@link #KEEP_ALIVE_SECONDS} each stream gets a blank line and each event
 * stream is looked at again, so nothing missed (a lost notification) stays missing for long. The work runs on this
 * class's own threads; no thread waits for a client ({@link NdjsonStream}). Thread-safe.
 */
final class Streams implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Streams.class);
    /** Seconds between keep-alive lines. */
    static final int KEEP_ALIVE_SECONDS = 5;
    /** Streams one account may hold open on one instance. */
    static final int MAX_PER_ACCOUNT = 16;

    private final GameService games;
    private final GamePlayersStore players;
    private final Challenges challenges;
    private final Jdbi jdbi;
    private final ObjectMapper mapper;
    private final GameJson.Names names;
    private final Set<EventStream> events = ConcurrentHashMap.newKeySet();
    private final Map<String, Set<GameStream>> gameStreams = new ConcurrentHashMap<>();
    private final Map<String, Integer> perAccount = new ConcurrentHashMap<>();
    private final ExecutorService work = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "mancala-api-streams");
        t.setDaemon(true);
        return t;
    });
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mancala-api-keepalive");
        t.setDaemon(true);
        return t;
    });

    /** One account's event stream and what it has been told. */
    private static final class EventStream {
        final String playerKey;
        final NdjsonStream out;
        final Set<String> challenges = new HashSet<>();
        final Map<String, Map<String, Object>> challengeViews = new HashMap<>();
        final Set<String> games = new HashSet<>();

        EventStream(String playerKey, NdjsonStream out) {
            this.playerKey = playerKey;
            this.out = out;
        }
    }

    /** One game stream and the last state it was sent. */
    private static final class GameStream {
        final String gameId;
        final NdjsonStream out;
        String last;

        GameStream(String gameId, NdjsonStream out) {
            this.gameId = gameId;
            this.out = out;
        }
    }

    Streams(GameService games, GamePlayersStore players, Challenges challenges, Jdbi jdbi, ObjectMapper mapper,
            ChangeFeed feed, GameJson.Names names) {
        this.games = games;
        this.players = players;
        this.challenges = challenges;
        this.jdbi = jdbi;
        this.mapper = mapper;
        this.names = names;
        feed.subscribe(GameService.CHANNEL, this::onGame);
        feed.subscribe(Challenges.CHANNEL, p -> work.execute(this::refreshAll));
        timer.scheduleWithFixedDelay(this::tick, KEEP_ALIVE_SECONDS, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS);
    }

    /** @return the streams open on this instance (event and game streams). */
    int open() {
        return events.size() + gameStreams.values().stream().mapToInt(Set::size).sum();
    }

    /** @throws mancala.server.error.DomainError TOO_MANY when the account holds too many streams here */
    private void count(String playerKey, NdjsonStream out) {
        int n = perAccount.merge(playerKey, 1, Integer::sum);
        out.onClose(() -> perAccount.computeIfPresent(playerKey, (k, v) -> v <= 1 ? null : v - 1));
        if (n > MAX_PER_ACCOUNT) {
            out.close();
        }
    }

    /** Opens an account's event stream: the open challenges and games in progress first, then each change. */
    void openEvents(String playerKey, NdjsonStream out) {
        EventStream s = new EventStream(playerKey, out);
        count(playerKey, out);
        events.add(s);
        out.onClose(() -> events.remove(s));
        work.execute(() -> refresh(s));
    }

    /** Opens a game stream: {@code gameFull} at once, then a {@code gameState} on every change; ends with the game. */
    void openGame(String playerKey, GameState g, NdjsonStream out) {
        GameStream s = new GameStream(g.id(), out);
        count(playerKey, out);
        gameStreams.computeIfAbsent(g.id(), k -> ConcurrentHashMap.newKeySet()).add(s);
        out.onClose(() -> {
            Set<GameStream> set = gameStreams.get(s.gameId);
            if (set != null) {
                set.remove(s);
                gameStreams.remove(s.gameId, Set.of());
            }
        });
        GamePlayers m = players.find(g.id()).orElse(null);
        Map<String, Object> full = GameJson.full(g, m, names);
        synchronized (s) {
            s.last = key(g);
            out.send(json(full));
        }
        if (!"started".equals(GameJson.status(g))) {
            out.close();
        }
    }

    private void onGame(String payload) {
        if (ChangeFeed.RESYNC.equals(payload)) {
            work.execute(() -> {
                gameStreams.keySet().forEach(this::pushGame);
                refreshAll();
            });
            return;
        }
        int colon = payload.indexOf(':');
        String id = colon < 0 ? payload : payload.substring(0, colon);
        work.execute(() -> {
            pushGame(id);
            for (EventStream e : events) {
                boolean known;
                synchronized (e) {
                    known = e.games.contains(id);
                }
                if (known) {
                    refresh(e);
                }
            }
        });
    }

    /** Sends every stream of game {@code id} its state, when it changed; closes them once the game is over. */
    private void pushGame(String id) {
        Set<GameStream> set = gameStreams.get(id);
        if (set == null || set.isEmpty()) {
            return;
        }
        GameState g;
        try {
            g = games.find(id);
        } catch (RuntimeException e) {
            return;
        }
        GamePlayers m = players.find(id).orElse(null);
        String state = json(GameJson.state(g, m));
        String key = key(g);
        boolean over = !"started".equals(GameJson.status(g));
        for (GameStream s : set) {
            synchronized (s) {
                if (!key.equals(s.last)) {
                    s.last = key;
                    s.out.send(state);
                }
            }
            if (over) {
                s.out.close();
            }
        }
    }

    /** @return what makes a new state worth sending: the moves and the status (not the running clock). */
    private static String key(GameState g) {
        return g.version() + "|" + GameJson.status(g);
    }

    private void refreshAll() {
        for (EventStream e : events) {
            refresh(e);
        }
    }

    /** Looks at an account's challenges and games again and sends what changed. */
    private void refresh(EventStream s) {
        if (s.out.isClosed()) {
            return;
        }
        try {
            List<Challenge> open = challenges.mine(s.playerKey);
            List<String> playing = jdbi.withHandle(h -> h.createQuery("SELECT p.game_id FROM game_players p JOIN "
                            + "games g ON g.id = p.game_id WHERE (p.south_player = :me OR p.north_player = :me) AND "
                            + "g.result IS NULL AND g.abandoned = FALSE ORDER BY p.created_at")
                    .bind("me", s.playerKey).mapTo(String.class).list());
            synchronized (s) {
                Set<String> nowOpen = new HashSet<>();
                for (Challenge c : open) {
                    nowOpen.add(c.id());
                    if (s.challenges.add(c.id())) {
                        Map<String, Object> v = challengeView(c);
                        s.challengeViews.put(c.id(), v);
                        s.out.send(json(Map.of("type", "challenge", "challenge", v)));
                    }
                }
                for (String gone : new HashSet<>(s.challenges)) {
                    if (!nowOpen.contains(gone)) {
                        s.challenges.remove(gone);
                        Map<String, Object> v = s.challengeViews.remove(gone);
                        Optional<Challenge> c = challenges.table().find(gone);
                        String status = c.map(Challenge::status).orElse("cancelled");
                        if (status.equals("declined")) {
                            s.out.send(json(Map.of("type", "challengeDeclined", "challenge", v)));
                        } else if (!status.equals("accepted") && !status.equals("taken")) {
                            s.out.send(json(Map.of("type", "challengeCanceled", "challenge", v)));
                        }
                    }
                }
                for (String id : playing) {
                    if (s.games.add(id)) {
                        s.out.send(json(Map.of("type", "gameStart", "game", gameEvent(id, s.playerKey))));
                    }
                }
                for (String gone : new HashSet<>(s.games)) {
                    if (!playing.contains(gone)) {
                        s.games.remove(gone);
                        s.out.send(json(Map.of("type", "gameFinish", "game", gameEvent(gone, s.playerKey))));
                    }
                }
            }
        } catch (RuntimeException e) {
            log.warn("event stream of {}: {}", s.playerKey, e.toString());
        }
    }

    /** @return a challenge as the event stream shows it. */
    private Map<String, Object> challengeView(Challenge c) {
        Map<String, Object> v = new LinkedHashMap<>(c.view(names.username(c.toPlayer())));
        v.put("challenger", GameJson.player(c.creator(), c.creatorName(), names));
        v.put("destUser", c.toPlayer() == null ? null : GameJson.player(c.toPlayer(), null, names));
        return v;
    }

    /** @return a game as {@code gameStart} and {@code gameFinish} show it, for the player of {@code playerKey}. */
    private Map<String, Object> gameEvent(String id, String playerKey) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("gameId", id);
        v.put("id", id);
        try {
            GameState g = games.find(id);
            GamePlayers m = players.find(id).orElse(null);
            String side = m == null ? null : m.sideOf(playerKey) == mancala.rules.Side.SOUTH ? "south" : "north";
            v.put("game", g.kind().key());
            v.put("options", mancala.notation.OptionsNotation.format(g.options()));
            v.put("side", side);
            v.put("rated", m != null && m.rated());
            v.put("status", GameJson.status(g));
            String w = GameJson.winner(g);
            if (w != null) {
                v.put("winner", w);
            }
            if (m != null && side != null) {
                String opp = side.equals("south") ? m.northPlayer() : m.southPlayer();
                v.put("opponent", GameJson.player(opp, null, names));
                v.put("isMyTurn", "started".equals(GameJson.status(g))
                        && (g.position().sideToMove() == mancala.rules.Side.SOUTH) == side.equals("south"));
            }
        } catch (RuntimeException e) {
            // the game is gone: its id is all there is to tell
        }
        return v;
    }

    private void tick() {
        try {
            for (EventStream e : events) {
                e.out.keepAlive();
            }
            for (Set<GameStream> set : gameStreams.values()) {
                for (GameStream s : set) {
                    s.out.keepAlive();
                }
            }
            work.execute(() -> {
                refreshAll();
                // A clock running out is stored by a job; a missed notification is caught here.
                gameStreams.keySet().forEach(this::pushGame);
            });
        } catch (RuntimeException e) {
            log.warn("keep-alive: {}", e.toString());
        }
    }

    private String json(Object o) {
        try {
            return mapper.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Ends every stream (the server stops). */
    @Override
    public void close() {
        timer.shutdownNow();
        work.shutdownNow();
        for (EventStream e : events) {
            e.out.close();
        }
        for (Set<GameStream> set : gameStreams.values()) {
            for (GameStream s : set) {
                s.out.close();
            }
        }
    }
}
