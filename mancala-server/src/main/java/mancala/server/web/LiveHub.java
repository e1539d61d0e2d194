package mancala.server.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.websocket.WsContext;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import mancala.server.api.ApiException;
import mancala.server.api.GameApi;
import mancala.server.play.GameService;
import mancala.server.play.LiveGame;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Live games over WebSocket at {@code /ws/games/{id}}: players and spectators connect, get the state at once and
 * again after every change. Players may also act over the socket by sending
 * {@code {"type":"move","pit":"c","ply":7}} or {@code {"type":"resign"}} (also {@code offer-draw},
 * {@code accept-draw}, {@code decline}, {@code undo}, {@code takeback}, {@code accept-takeback}); a refusal comes back
 * as {@code {"type":"error",…}} to the sender alone. The seat token is read from the {@code seat} query parameter
 * or the page's cookie, as in the HTTP API.
 */
public final class LiveHub {
    private static final Logger log = LoggerFactory.getLogger(LiveHub.class);

    private final GameService service;
    private final ObjectMapper mapper;
    private final Map<String, Set<WsContext>> watchers = new ConcurrentHashMap<>();
    private final Map<String, String> tokens = new ConcurrentHashMap<>();

    /** @param mapper the server's JSON mapper */
    public LiveHub(GameService service, ObjectMapper mapper) {
        this.service = service;
        this.mapper = mapper;
    }

    /** Adds the WebSocket route to {@code app}. */
    public void register(Javalin app) {
        app.ws("/ws/games/{id}", ws -> {
            ws.onConnect(ctx -> {
                String id = ctx.pathParam("id");
                LiveGame g;
                try {
                    g = service.find(id);
                } catch (ApiException e) {
                    send(ctx, error(e));
                    ctx.closeSession(4404, "unknown game");
                    return;
                }
                String token = ctx.queryParam("seat");
                if (token == null || token.isBlank()) {
                    token = ctx.cookieMap().get(GameApi.cookieName(id));
                }
                if (token != null) {
                    tokens.put(ctx.sessionId(), token);
                }
                ctx.enableAutomaticPings();
                watchers.computeIfAbsent(id, k -> ConcurrentHashMap.newKeySet()).add(ctx);
                Map<String, Object> hello = new LinkedHashMap<>();
                hello.put("type", "state");
                hello.put("you", GameApi.seatName(g.seatOf(token)));
                hello.put("game", service.view(g));
                send(ctx, hello);
            });
            ws.onMessage(ctx -> onMessage(ctx, ctx.message()));
            ws.onClose(ctx -> forget(ctx));
            ws.onError(ctx -> forget(ctx));
        });
    }

    private void forget(WsContext ctx) {
        tokens.remove(ctx.sessionId());
        Set<WsContext> set = watchers.get(ctx.pathParam("id"));
        if (set != null) {
            set.remove(ctx);
        }
    }

    private void onMessage(WsContext ctx, String text) {
        String id = ctx.pathParam("id");
        try {
            JsonNode msg;
            try {
                msg = mapper.readTree(text);
            } catch (JsonProcessingException e) {
                throw new ApiException(400, "malformed-json", "the message is not valid JSON: "
                        + e.getOriginalMessage());
            }
            if (msg == null || !msg.isObject() || !msg.path("type").isTextual()) {
                throw new ApiException(400, "malformed-json", "a message is a JSON object with a \"type\"");
            }
            String token = tokens.get(ctx.sessionId());
            String type = msg.get("type").asText();
            LiveGame g = service.find(id);
            switch (type) {
                case "move" -> {
                    JsonNode pit = msg.get("pit");
                    JsonNode ply = msg.get("ply");
                    if (pit == null || !pit.isTextual() || ply != null && !ply.isInt()) {
                        throw ApiException.badRequest("a move names its pit: {\"type\":\"move\",\"pit\":\"c\"}");
                    }
                    service.act(id, token, s -> g.move(s, pit.asText(), ply == null ? null : ply.asInt()));
                }
                case "resign" -> service.act(id, token, g::resign);
                case "offer-draw" -> service.act(id, token, g::offerDraw);
                case "accept-draw" -> service.act(id, token, g::acceptDraw);
                case "decline" -> service.act(id, token, g::decline);
                case "undo" -> service.act(id, token, g::undo);
                case "takeback" -> service.act(id, token, g::requestTakeback);
                case "accept-takeback" -> service.act(id, token, g::acceptTakeback);
                case "ping" -> send(ctx, Map.of("type", "pong"));
                default -> throw ApiException.badRequest("unknown message type '" + type + "'; types: move, resign,"
                        + " offer-draw, accept-draw, decline, undo, takeback, accept-takeback, ping");
            }
        } catch (ApiException e) {
            send(ctx, error(e));
        } catch (RuntimeException e) {
            log.error("game {}: WebSocket message failed", id, e);
            send(ctx, Map.of("type", "error", "status", 500, "error", "internal", "message", "the server failed"));
        }
    }

    /** Sends the new state of {@code game} to everyone watching it. */
    public void changed(LiveGame game) {
        Set<WsContext> set = watchers.get(game.id());
        if (set == null || set.isEmpty()) {
            return;
        }
        String json;
        try {
            json = mapper.writeValueAsString(Map.of("type", "state", "game", service.view(game)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a game's state", e);
        }
        for (WsContext ctx : set) {
            if (ctx.session.isOpen()) {
                try {
                    synchronized (ctx.session) {
                        ctx.send(json);
                    }
                } catch (RuntimeException e) {
                    log.debug("cannot reach a watcher of game {}: {}", game.id(), e.toString());
                }
            }
        }
    }

    private static Map<String, Object> error(ApiException e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "error");
        m.put("status", e.status());
        m.put("error", e.code());
        m.put("message", e.getMessage());
        m.put("details", e.details());
        return m;
    }

    private void send(WsContext ctx, Object message) {
        try {
            String json = mapper.writeValueAsString(message);
            synchronized (ctx.session) {
                ctx.send(json);
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a message", e);
        }
    }
}
