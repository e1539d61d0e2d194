package mancala.server.lobby;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.websocket.WsContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import mancala.server.challenge.Challenges;
import mancala.server.live.Outbox;
import mancala.server.store.ChangeFeed;

/**
 * The lobby WebSocket {@code /ws/lobby}: shows each connected page the challenges it may see and the games being
 * played, again after every change announced on any instance (the change feed's {@link Challenges#CHANNEL}), and
 * tells the players of a challenge taken where their game is, and the tournament pages which tournament changed
 * ({@code {type:'tournament', id}}). Never blocks on a slow page ({@link Outbox}).
 */
public final class LobbySocket implements AutoCloseable {
    private static final String NOBODY = "-";

    private final Challenges challenges;
    private final LobbyStore games;
    private final ObjectMapper mapper = new ObjectMapper();
    private final Map<WsContext, String> sockets = new ConcurrentHashMap<>();
    private final Map<WsContext, Outbox> outboxes = new ConcurrentHashMap<>();

    /** Follows the lobby's channel on {@code feed}. */
    public LobbySocket(Challenges challenges, LobbyStore games, ChangeFeed feed) {
        this.challenges = challenges;
        this.games = games;
        feed.subscribe(Challenges.CHANNEL, this::onNotify);
    }

    /** Lobby sockets one address may hold on this instance (a household's or a club's tabs). */
    public static final int MAX_PER_ADDRESS = 20;
    /** Lobby sockets one signed-in or guest player may hold on this instance. */
    public static final int MAX_PER_PLAYER = 8;

    private final Map<WsContext, String> addresses = new ConcurrentHashMap<>();
    private final Map<String, Integer> perAddress = new ConcurrentHashMap<>();
    private final Map<String, Integer> perPlayer = new ConcurrentHashMap<>();

    /**
     * A page connected from {@code address}, for the player of key {@code playerKey} (null: anonymous): it gets the
     * lobby at once.
     *
     * @return false when the address already holds {@value #MAX_PER_ADDRESS} lobby sockets or the player
     *     {@value #MAX_PER_PLAYER}: the socket is closed (1008, policy)
     */
    public boolean connected(WsContext ctx, String playerKey, String address) {
        String key = playerKey == null ? NOBODY : playerKey;
        synchronized (perAddress) {
            int a = perAddress.getOrDefault(address, 0);
            int p = playerKey == null ? 0 : perPlayer.getOrDefault(key, 0);
            if (a >= MAX_PER_ADDRESS || p >= MAX_PER_PLAYER) {
                ctx.closeSession(1008, "too many lobby connections from this address");
                return false;
            }
            perAddress.put(address, a + 1);
            if (playerKey != null) {
                perPlayer.put(key, p + 1);
            }
            addresses.put(ctx, address);
        }
        sockets.put(ctx, key);
        outboxes.put(ctx, new Outbox(ctx.session));
        push(ctx, games.playing(), null);
        return true;
    }

    /** A page left. */
    public void disconnected(WsContext ctx) {
        String key = sockets.remove(ctx);
        synchronized (perAddress) {
            String address = addresses.remove(ctx);
            if (address != null) {
                perAddress.computeIfPresent(address, (k, n) -> n > 1 ? n - 1 : null);
                if (key != null && !key.equals(NOBODY)) {
                    perPlayer.computeIfPresent(key, (k, n) -> n > 1 ? n - 1 : null);
                }
            }
        }
        Outbox o = outboxes.remove(ctx);
        if (o != null) {
            o.drop();
        }
    }

    private void onNotify(String payload) {
        dropStuck();
        if (payload.startsWith("tournament ")) {
            // a tournament page reloads its tournament when told it changed
            String json = json(Map.of("type", "tournament", "id", payload.substring("tournament ".length())));
            for (WsContext ctx : sockets.keySet()) {
                Outbox o = outboxes.get(ctx);
                if (o != null) {
                    o.reply(json);
                }
            }
        }
        if (payload.startsWith("accepted ")) {
            String[] parts = payload.split(" ");
            if (parts.length == 3) {
                String json = json(Map.of("type", "accepted", "challenge", parts[1], "gameId", parts[2]));
                for (WsContext ctx : sockets.keySet()) {
                    Outbox o = outboxes.get(ctx);
                    if (o != null) {
                        o.reply(json);
                    }
                }
            }
        }
        if (sockets.isEmpty()) {
            return;
        }
        // One event: the games and every open challenge read once, the message for pages with no challenge of their
        // own rendered once; a page with its own (made by it or for it) gets its list filtered from the same read.
        Snapshot s = new Snapshot(games.playing(), challenges.open());
        for (WsContext ctx : sockets.keySet()) {
            push(ctx, null, s);
        }
    }

    /**
     * Drops the pages that stopped reading (a send in flight longer than the outbox allows), so a page that never
     * reads does not keep one of its address's lobby sockets for ever; checked at every event, when a send is due.
     */
    private void dropStuck() {
        long now = System.currentTimeMillis();
        for (Map.Entry<WsContext, Outbox> e : outboxes.entrySet()) {
            if (e.getValue().stuck(now)) {
                disconnected(e.getKey());
            }
        }
    }

    /** The lobby as read once for an event: the games being played, the open challenges, the public message. */
    private final class Snapshot {
        final List<Map<String, Object>> playing;
        final List<Challenges.Open> open;
        private String publicJson;

        Snapshot(List<Map<String, Object>> playing, List<Challenges.Open> open) {
            this.playing = playing;
            this.open = open;
        }

        String forPlayer(String key) {
            boolean own = false;
            for (Challenges.Open c : open) {
                if (key.equals(c.creator()) || key.equals(c.toPlayer())) {
                    own = true;
                    break;
                }
            }
            if (!own) {
                if (publicJson == null) {
                    publicJson = message(playing, open.stream().filter(c -> c.visibleTo(NOBODY))
                            .map(Challenges.Open::view).toList());
                }
                return publicJson;
            }
            return message(playing, open.stream().filter(c -> c.visibleTo(key)).map(Challenges.Open::view).toList());
        }
    }

    private String message(List<Map<String, Object>> playing, List<Map<String, Object>> visible) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "lobby");
        m.put("challenges", visible);
        m.put("playing", playing);
        return json(m);
    }

    /**
     * Sends the lobby as this page may see it (from {@code s} when given, else read for it); a newer snapshot
     * replaces one not sent yet (never blocks).
     */
    private void push(WsContext ctx, List<Map<String, Object>> playing, Snapshot s) {
        Outbox o = outboxes.get(ctx);
        String key = sockets.get(ctx);
        if (o == null || key == null || !ctx.session.isOpen()) {
            disconnected(ctx);
            return;
        }
        if (s != null) {
            o.state(s.forPlayer(key));
        } else {
            o.state(message(playing, challenges.visibleTo(key)));
        }
    }

    private String json(Object message) {
        try {
            return mapper.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a lobby message", e);
        }
    }

    /** Forgets every page (the server stops). */
    @Override
    public void close() {
        for (WsContext ctx : List.copyOf(sockets.keySet())) {
            disconnected(ctx);
        }
    }
}
