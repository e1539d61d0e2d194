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

    /** A page connected, for the player of key {@code playerKey} (null: anonymous): it gets the lobby at once. */
    public void connected(WsContext ctx, String playerKey) {
        sockets.put(ctx, playerKey == null ? NOBODY : playerKey);
        outboxes.put(ctx, new Outbox(ctx.session));
        push(ctx, games.playing());
    }

    /** A page left. */
    public void disconnected(WsContext ctx) {
        sockets.remove(ctx);
        Outbox o = outboxes.remove(ctx);
        if (o != null) {
            o.drop();
        }
    }

    private void onNotify(String payload) {
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
        List<Map<String, Object>> playing = games.playing();
        for (WsContext ctx : sockets.keySet()) {
            push(ctx, playing);
        }
    }

    /** Sends the lobby as this page may see it; a newer snapshot replaces one not sent yet (never blocks). */
    private void push(WsContext ctx, List<Map<String, Object>> playing) {
        Outbox o = outboxes.get(ctx);
        String key = sockets.get(ctx);
        if (o == null || key == null || !ctx.session.isOpen()) {
            disconnected(ctx);
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "lobby");
        m.put("challenges", challenges.visibleTo(key));
        m.put("playing", playing);
        o.state(json(m));
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
