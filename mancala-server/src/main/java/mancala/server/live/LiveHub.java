package mancala.server.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.bucket4j.Bucket;
import io.javalin.Javalin;
import io.javalin.websocket.WsContext;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import mancala.server.http.ClientAddress;
import mancala.server.http.HttpErrors;
import mancala.server.http.RateLimits;
import mancala.server.http.SeatCookies;
import mancala.server.error.DomainError;
import mancala.server.game.GameService;
import mancala.server.game.GameState;
import mancala.server.game.SeatProtocol;
import mancala.server.store.ChangeFeed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Live games over WebSocket at {@code /ws/games/{id}}: players and spectators connect, get the state at once and
 * again after every change, made on this instance or any other (the change feed's {@code games} channel). Players
 * may also act over the socket by sending {@code {"type":"move","pit":"c","ply":7}} or {@code {"type":"resign"}}
 * (also {@code abort}, {@code offer-draw}, {@code accept-draw}, {@code decline}, {@code undo}, {@code takeback},
 * {@code accept-takeback}, {@code ping}); a refusal comes back as {@code {"type":"error",…}} to the sender alone.
 * The seat token comes from the {@code X-Seat-Token} header of the upgrade or the page's seat cookie.
 *
 * <p>Nothing here blocks a game: every send goes through the socket's {@link Outbox}; a watcher's failure only
 * drops that watcher. Inbound messages are limited in size (4 KiB) and rate (per socket); replies never repeat
 * more than a few characters of what was sent.
 */
public final class LiveHub implements AutoCloseable {
    private volatile mancala.server.http.BrowserSeats seats;

    /** Sets where browsers' seats are kept (their session cookie's seats are read on connect). */
    public void setSeats(mancala.server.http.BrowserSeats seats) {
        this.seats = seats;
    }

    private static final Logger log = LoggerFactory.getLogger(LiveHub.class);
    /** Largest inbound message, in bytes. */
    public static final int MAX_MESSAGE_BYTES = 4096;
    /** Sockets one client address may hold open on this instance. */
    public static final int MAX_SOCKETS_PER_CLIENT = 200;

    private final GameService service;
    private final ObjectMapper mapper;
    private final RateLimits limits;
    private final HttpErrors errors;
    private final Map<String, Set<Watcher>> watchers = new ConcurrentHashMap<>();
    private final Map<String, Watcher> bySession = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> perClient = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> sent = new ConcurrentHashMap<>();
    private final Set<String> pending = ConcurrentHashMap.newKeySet();
    private final ExecutorService refresher = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "mancala-live");
        t.setDaemon(true);
        return t;
    });
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mancala-live-sweep");
        t.setDaemon(true);
        return t;
    });

    /** One connected socket. */
    private record Watcher(WsContext ctx, String gameId, String token, String client, Outbox out, Bucket rate) {
    }

    /**
     * @param feed the change feed whose {@code games} channel says which game changed
     */
    public LiveHub(GameService service, ObjectMapper mapper, ChangeFeed feed, RateLimits limits, HttpErrors errors) {
        this.service = service;
        this.mapper = mapper;
        this.limits = limits;
        this.errors = errors;
        feed.subscribe(GameService.CHANNEL, this::announced);
        sweeper.scheduleWithFixedDelay(this::dropStuck, 5, 5, TimeUnit.SECONDS);
    }

    /** Adds the WebSocket route to {@code app}. */
    public void register(Javalin app) {
        app.ws("/ws/games/{id}", ws -> {
            ws.onConnect(ctx -> {
                ctx.session.setMaxTextMessageSize(MAX_MESSAGE_BYTES);
                ctx.session.setMaxBinaryMessageSize(MAX_MESSAGE_BYTES);
                String id = ctx.pathParam("id");
                String client = ClientAddress.of(remote(ctx), ctx.session.getUpgradeRequest()::getHeader);
                Outbox out = new Outbox(ctx.session);
                AtomicInteger count = perClient.computeIfAbsent(client, c -> new AtomicInteger());
                if (count.incrementAndGet() > MAX_SOCKETS_PER_CLIENT) {
                    count.decrementAndGet();
                    ctx.closeSession(1008, "too many sockets");
                    return;
                }
                String token = ctx.header(SeatCookies.TOKEN_HEADER);
                if (token == null || token.isBlank()) {
                    token = ctx.cookieMap().get(SeatCookies.cookieName(id));
                }
                if (token == null || token.isBlank()) {
                    token = SeatCookies.fromSession(ctx.cookieMap().get(SeatCookies.SESSION_COOKIE), id, seats);
                }
                Watcher w = new Watcher(ctx, id, token, client, out, limits.bucket(RateLimits.Action.WS_MESSAGE));
                bySession.put(ctx.sessionId(), w);
                GameState g;
                try {
                    g = service.find(id);
                } catch (DomainError e) {
                    out.reply(json(error(e, ctx)));
                    ctx.closeSession(4404, "unknown game");
                    return;
                }
                ctx.enableAutomaticPings();
                watchers.computeIfAbsent(id, k -> ConcurrentHashMap.newKeySet()).add(w);
                Map<String, Object> hello = new LinkedHashMap<>();
                hello.put("type", "state");
                hello.put("you", g.seatOf(token).key());
                hello.put("game", service.view(g));
                out.reply(json(hello));
            });
            ws.onMessage(ctx -> {
                Watcher w = bySession.get(ctx.sessionId());
                if (w != null) {
                    onMessage(w, ctx.message());
                }
            });
            ws.onClose(ctx -> forget(ctx.sessionId()));
            ws.onError(ctx -> forget(ctx.sessionId()));
        });
    }

    private void forget(String sessionId) {
        Watcher w = bySession.remove(sessionId);
        if (w == null) {
            return;
        }
        w.out().closed();
        AtomicInteger count = perClient.get(w.client());
        if (count != null && count.decrementAndGet() <= 0) {
            perClient.remove(w.client(), count);
        }
        Set<Watcher> set = watchers.get(w.gameId());
        if (set != null) {
            set.remove(w);
            if (set.isEmpty()) {
                watchers.remove(w.gameId(), set);
                sent.remove(w.gameId());
            }
        }
    }

    private void onMessage(Watcher w, String text) {
        String id = w.gameId();
        try {
            try {
                RateLimits.take(w.rate());
            } catch (DomainError e) {
                w.out().reply(json(error(e, w.ctx())));
                w.ctx().closeSession(1008, "too many messages");
                return;
            }
            ObjectNode msg = mancala.server.http.Json.parse(mapper, text, Set.of("type", "pit", "ply"));
            JsonNode typeNode = msg.get("type");
            if (typeNode == null || !typeNode.isTextual()) {
                throw DomainError.invalid("malformed-json", "a message is a JSON object with a \"type\"", Map.of());
            }
            String type = typeNode.asText();
            String token = w.token();
            switch (type) {
                case "move" -> {
                    JsonNode pit = msg.get("pit");
                    JsonNode ply = msg.get("ply");
                    if (pit == null || !pit.isTextual() || ply != null && !ply.isInt()) {
                        throw DomainError.invalid("bad-pit", "a move names its pit: {\"type\":\"move\",\"pit\":\"c\"}",
                                Map.of());
                    }
                    limits.check(RateLimits.Action.MOVE, w.client());
                    service.act(id, token, (g, s, now) -> SeatProtocol.move(g, s, pit.asText(),
                            ply == null ? null : ply.asInt(), now));
                }
                case "resign" -> act(w, SeatProtocol::resign);
                case "abort" -> act(w, (g, seat, now) -> {
                    service.extension().mayAbort(g);
                    return SeatProtocol.abort(g, seat, now);
                });
                case "offer-draw" -> act(w, SeatProtocol::offerDraw);
                case "accept-draw" -> act(w, SeatProtocol::acceptDraw);
                case "decline" -> act(w, SeatProtocol::decline);
                case "undo" -> act(w, SeatProtocol::undo);
                case "takeback" -> act(w, SeatProtocol::requestTakeback);
                case "accept-takeback" -> act(w, SeatProtocol::acceptTakeback);
                case "ping" -> w.out().reply("{\"type\":\"pong\"}");
                default -> throw DomainError.badRequest("unknown message type '{type}'; types: move, resign, abort, "
                        + "offer-draw, accept-draw, decline, undo, takeback, accept-takeback, ping",
                        Map.of("type", DomainError.echo(type)));
            }
        } catch (DomainError e) {
            w.out().reply(json(error(e, w.ctx())));
        } catch (RuntimeException e) {
            log.error("game {}: WebSocket message failed", id, e);
            w.out().reply("{\"type\":\"error\",\"status\":500,\"error\":\"internal\","
                    + "\"message\":\"the server failed; the error is logged\",\"details\":{}}");
        }
    }

    private void act(Watcher w, GameService.Seated action) {
        limits.check(RateLimits.Action.MOVE, w.client());
        service.act(w.gameId(), w.token(), action);
    }

    /** A change was committed somewhere: {@code id:version}, or a resynchronisation. */
    private void announced(String payload) {
        if (ChangeFeed.RESYNC.equals(payload)) {
            for (String id : watchers.keySet()) {
                schedule(id);
            }
            return;
        }
        int colon = payload.lastIndexOf(':');
        String id = colon < 0 ? payload : payload.substring(0, colon);
        if (watchers.containsKey(id)) {
            schedule(id);
        }
    }

    private void schedule(String id) {
        if (pending.add(id)) {
            try {
                refresher.execute(() -> {
                    pending.remove(id);
                    refresh(id);
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                pending.remove(id);
            }
        }
    }

    /** Sends the stored state of game {@code id} to everyone watching it here, once per version. */
    private void refresh(String id) {
        Set<Watcher> set = watchers.get(id);
        if (set == null || set.isEmpty()) {
            return;
        }
        GameState g;
        try {
            g = service.find(id);
        } catch (RuntimeException e) {
            log.debug("game {}: cannot be read for its watchers: {}", id, e.toString());
            return;
        }
        AtomicLong last = sent.computeIfAbsent(id, k -> new AtomicLong(-1));
        long v = g.version();
        long before = last.get();
        if (v <= before && before >= 0 || !last.compareAndSet(before, v)) {
            return;
        }
        String json = json(Map.of("type", "state", "game", service.view(g)));
        for (Watcher w : set) {
            w.out().state(json);
        }
    }

    private void dropStuck() {
        long now = System.currentTimeMillis();
        for (Watcher w : bySession.values()) {
            if (w.out().stuck(now)) {
                log.info("game {}: dropping a watcher that stopped reading", w.gameId());
                w.out().drop();
                forget(w.ctx().sessionId());
            }
        }
    }

    private Map<String, Object> error(DomainError e, WsContext ctx) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "error");
        Map<String, Object> body = errors.body(e, ctx.session.getUpgradeRequest()::getHeader);
        m.putAll(body);
        return m;
    }

    private static String remote(WsContext ctx) {
        java.net.SocketAddress a = ctx.session.getRemoteAddress();
        return a instanceof java.net.InetSocketAddress i ? i.getAddress().getHostAddress() : String.valueOf(a);
    }

    private String json(Object message) {
        try {
            return mapper.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a message", e);
        }
    }

    /** Stops the hub's threads. */
    @Override
    public void close() {
        refresher.shutdownNow();
        sweeper.shutdownNow();
    }
}
