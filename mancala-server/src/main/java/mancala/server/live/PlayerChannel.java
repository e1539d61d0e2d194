package mancala.server.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.websocket.WsContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import mancala.server.game.GameListener;
import mancala.server.game.GamePlayers;
import mancala.server.game.GamePlayersStore;
import mancala.server.game.PlayerDirectory;
import mancala.server.http.Routes;
import mancala.server.store.ChangeFeed;
import org.jdbi.v3.core.Jdbi;

/**
 * Each player's own channel, which every page of the site opens ({@code web/notify.js}): the WebSocket
 * {@code /ws/me} tells a player at once when a game of his starts (from the lobby, quick pairing, a rematch or a
 * tournament round), on whichever instance it started (the change feed's {@value #CHANNEL} channel):
 * {@code {"type":"game-started","gameId","playUrl","side"}}. A player with no page open finds his games on the home
 * page: {@code GET /api/me/games} lists the caller's games in progress. Sockets are keyed by player key (an
 * account's, else a guest's cookie); an anonymous page gets nothing. Never blocks on a slow page ({@link Outbox}).
 */
public final class PlayerChannel implements GameListener, Routes, AutoCloseable {
    /** The change-feed channel of players' notices; payload {@code started GAME SOUTHKEY NORTHKEY}. */
    public static final String CHANNEL = "players";
    /** Sockets one player may hold open on this instance (one per open page). */
    public static final int MAX_SOCKETS_PER_PLAYER = 50;

    private final PlayerDirectory directory;
    private final ChangeFeed feed;
    private final Jdbi jdbi;
    private final GamePlayersStore players;
    private final ObjectMapper mapper = new ObjectMapper();
    private final Map<String, Set<Outbox>> byPlayer = new ConcurrentHashMap<>();
    private final Map<String, Object[]> bySession = new ConcurrentHashMap<>();

    /** Follows the players' channel on {@code feed}. */
    public PlayerChannel(PlayerDirectory directory, ChangeFeed feed, Jdbi jdbi, GamePlayersStore players) {
        this.directory = directory;
        this.feed = feed;
        this.jdbi = jdbi;
        this.players = players;
        feed.subscribe(CHANNEL, this::onNotify);
    }

    @Override
    public void register(Javalin app) {
        app.get("/api/me/games", ctx -> {
            String key = directory.playerKey(ctx::cookie);
            ctx.json(Map.of("games", key == null ? List.of() : players.inProgress(key)));
        });
        app.ws("/ws/me", ws -> {
            ws.onConnect(ctx -> {
                String key = directory.playerKey(ctx::cookie);
                if (key == null) {
                    ctx.closeSession(1000, "no player");
                    return;
                }
                Set<Outbox> set = byPlayer.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet());
                if (set.size() >= MAX_SOCKETS_PER_PLAYER) {
                    ctx.closeSession(1008, "too many pages");
                    return;
                }
                Outbox out = new Outbox(ctx.session);
                set.add(out);
                bySession.put(ctx.sessionId(), new Object[] {key, out});
                ctx.enableAutomaticPings();
                out.reply("{\"type\":\"hello\"}");
            });
            ws.onMessage(ctx -> { });
            ws.onClose(this::forget);
            ws.onError(this::forget);
        });
    }

    private void forget(WsContext ctx) {
        Object[] s = bySession.remove(ctx.sessionId());
        if (s == null) {
            return;
        }
        Outbox out = (Outbox) s[1];
        out.drop();
        Set<Outbox> set = byPlayer.get((String) s[0]);
        if (set != null) {
            set.remove(out);
            if (set.isEmpty()) {
                byPlayer.remove((String) s[0], set);
            }
        }
    }

    /** A game between two people started: its players are told on every instance. */
    @Override
    public void started(GamePlayers m) {
        if (m.southPlayer() == null && m.northPlayer() == null) {
            return;
        }
        jdbi.useTransaction(h -> feed.publish(h, CHANNEL, "started " + m.gameId() + " " + m.southPlayer() + " "
                + m.northPlayer()));
    }

    private void onNotify(String payload) {
        String[] parts = payload.split(" ");
        if (parts.length != 4 || !parts[0].equals("started")) {
            return;
        }
        for (int i = 2; i < 4; i++) {
            Set<Outbox> set = byPlayer.get(parts[i]);
            if (set == null) {
                continue;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", "game-started");
            m.put("gameId", parts[1]);
            m.put("playUrl", "/play.html?id=" + parts[1]);
            m.put("side", i == 2 ? "south" : "north");
            String json = json(m);
            for (Outbox o : set) {
                o.reply(json);
            }
        }
    }

    private String json(Object message) {
        try {
            return mapper.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a player's notice", e);
        }
    }

    /** Forgets every page (the server stops). */
    @Override
    public void close() {
        for (Set<Outbox> set : byPlayer.values()) {
            set.forEach(Outbox::drop);
        }
        byPlayer.clear();
        bySession.clear();
    }
}
