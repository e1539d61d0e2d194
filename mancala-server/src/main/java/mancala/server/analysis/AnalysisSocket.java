package mancala.server.analysis;

import mancala.server.board.Positions;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.websocket.WsContext;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.SearchResult;
import mancala.engine.search.Searcher;
import mancala.engine.tablebase.Tablebase;
import mancala.rules.Position;
import mancala.rules.Side;
import mancala.server.http.ClientAddress;
import mancala.server.http.HttpErrors;
import mancala.server.http.RateLimits;
import mancala.server.engine.EngineQueue;
import mancala.server.http.HttpTools;
import mancala.server.error.DomainError;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.api.WriteCallback;

/**
 * Live analysis over the WebSocket {@code /ws/analysis}: the page sends
 * {@code {"type":"analyse","position":…,"options":…,"millis":…}} (or {@code {"type":"stop"}}); the search runs on
 * the server's engine queue and answers {@code {"type":"info",depth,score,win,plies,pv,nodes,millis}} after each
 * iteration, then {@code {"type":"done",…,"bestmove"}}; a refusal is {@code {"type":"failed",status,error,message,
 * details}}. {@code {"type":"table","position":…,"options":…}} asks the endgame tables' verdict on the position
 * and each of its moves (answered at once, see {@link #table}; it leaves a running search alone). A new request or the socket's close stops the running search. Messages go out asynchronously, one in
 * flight, iterations not yet sent replaced by newer ones, so no engine thread waits for a slow reader.
 */
final class AnalysisSocket {
    /** The longest analysis, ms: one request holds an engine thread no longer than this. */
    static final long MAX_MILLIS = 10_000;
    /** The deepest analysis, plies (deeper iterations are not started). */
    static final int MAX_DEPTH = 40;
    /**
     * Engine time one address may ask of {@code /ws/analysis}, ms: {@value} at once, given back at the same rate
     * a minute (so a client keeps at most half an engine thread busy on average).
     */
    static final long ENGINE_MILLIS_PER_MINUTE = 30_000;
    /** The largest message accepted, bytes. */
    static final int MAX_MESSAGE_BYTES = 4096;

    private final HttpTools web;
    private final EngineQueue engine;
    private final ObjectMapper mapper;
    private final Map<String, Watch> bySession = new ConcurrentHashMap<>();
    /** Engine time left per address (a bounded map: the oldest addresses go first). */
    private final Map<String, io.github.bucket4j.Bucket> budgets = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(64, 0.75f, true) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, io.github.bucket4j.Bucket> eldest) {
                    return size() > 50_000;
                }
            });

    AnalysisSocket(HttpTools web, EngineQueue engine) {
        this.web = web;
        this.engine = engine;
        this.mapper = web.mapper();
    }

    void register(Javalin app) {
        app.ws("/ws/analysis", ws -> {
            ws.onConnect(ctx -> {
                ctx.session.setMaxTextMessageSize(MAX_MESSAGE_BYTES);
                ctx.enableAutomaticPings();
                java.net.SocketAddress a = ctx.session.getRemoteAddress();
                String remote = a instanceof java.net.InetSocketAddress i ? i.getAddress().getHostAddress()
                        : String.valueOf(a);
                bySession.put(ctx.sessionId(), new Watch(ClientAddress.of(remote,
                        ctx.session.getUpgradeRequest()::getHeader), new Sender(ctx.session)));
            });
            ws.onMessage(ctx -> {
                Watch w = bySession.get(ctx.sessionId());
                if (w != null) {
                    onMessage(w, ctx, ctx.message());
                }
            });
            ws.onClose(ctx -> forget(ctx.sessionId()));
            ws.onError(ctx -> forget(ctx.sessionId()));
        });
    }

    private void forget(String session) {
        Watch w = bySession.remove(session);
        if (w != null) {
            w.stop();
        }
    }

    private void onMessage(Watch w, WsContext ctx, String text) {
        try {
            JsonNode m;
            try {
                m = mapper.readTree(text);
            } catch (JsonProcessingException e) {
                throw DomainError.badRequest("the message is not JSON", Map.of());
            }
            String type = m.path("type").asText("");
            if (type.equals("stop")) {
                w.stop();
                return;
            }
            if (!type.equals("analyse") && !type.equals("table")) {
                throw DomainError.badRequest("type: expected analyse, table or stop", Map.of());
            }
            Position p = Positions.parse(m.path("position").asText(null), m.path("options").asText(""), "position",
                    "options");
            p = TablebaseView.onTablesRules(Tablebase.standard(p.rules()), p);
            if (type.equals("table")) {
                web.limits().check(RateLimits.Action.WS_MESSAGE, w.client);
                w.sender.send(json(table(m.path("position").asText(), p)), true);
                return;
            }
            long millis = m.has("millis") ? m.get("millis").asLong(-1) : 10_000;
            if (millis < 1 || millis > MAX_MILLIS) {
                throw DomainError.badRequest("millis: expected 1 to " + MAX_MILLIS + " ms", Map.of());
            }
            w.stop();
            web.limits().check(RateLimits.Action.HINT, w.client);
            spend(w.client, millis);
            if (p.isOver()) {
                Map<String, Object> done = new LinkedHashMap<>();
                done.put("type", "done");
                done.put("position", m.path("position").asText());
                done.put("bestmove", null);
                w.sender.send(json(done), true);
                return;
            }
            w.start(p, m.path("position").asText(), millis);
        } catch (DomainError e) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("type", "failed");
            f.put("status", HttpErrors.status(e.kind()));
            f.put("error", e.code());
            f.put("message", e.getMessage());
            f.put("details", e.details());
            w.sender.send(json(f), true);
        }
    }

    /**
     * Takes {@code millis} of engine time from the address's budget.
     *
     * @throws DomainError TOO_MANY {@code analysis-budget} with the seconds until that much is back
     */
    private void spend(String client, long millis) {
        io.github.bucket4j.Bucket b = budgets.computeIfAbsent(client, c -> io.github.bucket4j.Bucket.builder()
                .addLimit(io.github.bucket4j.Bandwidth.builder().capacity(ENGINE_MILLIS_PER_MINUTE)
                        .refillGreedy(ENGINE_MILLIS_PER_MINUTE, java.time.Duration.ofMinutes(1)).build())
                .build());
        io.github.bucket4j.ConsumptionProbe p = b.tryConsumeAndReturnRemaining(millis);
        if (!p.isConsumed()) {
            int seconds = (int) Math.max(1, Math.ceil(p.getNanosToWaitForRefill() / 1e9));
            throw DomainError.tooMany("analysis-budget", "you have used the engine time of your analyses for now: "
                    + "try again in {seconds} seconds", Map.of("seconds", seconds), seconds);
        }
    }

    private String json(Object o) {
        try {
            return mapper.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One socket: its client and its running search, if any. */
    private final class Watch {
        final String client;
        final Sender sender;
        private Searcher searcher;
        private AtomicBoolean stopped;

        Watch(String client, Sender sender) {
            this.client = client;
            this.sender = sender;
        }

        synchronized void stop() {
            if (searcher != null) {
                stopped.set(true);
                searcher.stop();
                searcher = null;
            }
        }

        synchronized void start(Position root, String asked, long millis) {
            Searcher s = new Searcher(root.rules(), 20);
            AtomicBoolean done = new AtomicBoolean();
            s.setListener((depth, score, pv, nodes, ms) -> {
                if (!done.get()) {
                    sender.send(json(info("info", asked, root, depth, score, pv, nodes, ms)), false);
                }
            });
            engine.submit(client, () -> {
                if (done.get()) {
                    return null;
                }
                SearchResult r = s.search(root.toBoard(), new SearchLimits(millis, MAX_DEPTH, 0));
                if (!done.get()) {
                    Map<String, Object> m = info("done", asked, root, r.depthPlies(), r.score(), r.pv(), r.nodes(), 0);
                    m.put("bestmove", root.rules().pitLetter(r.bestMove()));
                    sender.send(json(m), true);
                }
                return null;
            });
            searcher = s;
            stopped = done;
        }
    }

    /**
     * @return the reply to a {@code table} request: {@code {"type":"table","position":asked,"inTables":true,
     *     "toMove","value","moves"}} (as {@link TablebaseView#position}, values for the side to move) when the endgame
     *     tables hold {@code p}, else {@code {"type":"table","position":asked,"inTables":false,"reach"}} with
     *     {@code reach} the seeds up to which the game has tables (on the board; Hawalis, Bao Kiarabu: a side),
     *     left out when it has none
     */
    static Map<String, Object> table(String asked, Position p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "table");
        m.put("position", asked);
        Tablebase tables = Tablebase.standard(p.rules());
        Map<String, Object> t = TablebaseView.position(tables, p);
        m.put("inTables", t != null);
        if (t != null) {
            m.put("toMove", mancala.server.board.SideKeys.key(p.sideToMove()));
            m.putAll(t);
        } else if (tables.reach() >= 0) { // every position up to it is in the tables (above it maybe only some)
            m.put("reach", tables.reach());
        }
        return m;
    }

    static Map<String, Object> info(String type, String asked, Position root, int depth, int score, int[] pv,
                                     long nodes, long ms) {
        int south = root.sideToMove() == Side.SOUTH ? score : -score;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        m.put("position", asked);
        m.put("depth", depth);
        m.put("score", south);
        if (Score.isProven(south)) {
            m.put("win", south > 0 ? "south" : "north");
            m.put("plies", Score.pliesToEnd(south));
        }
        List<String> line = new ArrayList<>();
        for (int pit : pv) {
            line.add(root.rules().pitLetter(pit));
        }
        m.put("pv", line);
        m.put("nodes", nodes);
        m.put("millis", ms);
        return m;
    }

    /** Sends asynchronously, one message in flight; an iteration not sent yet is replaced by a newer one. */
    private static final class Sender {
        private final Session session;
        private final ArrayDeque<String> queue = new ArrayDeque<>();
        private String latestInfo;
        private boolean sending;

        Sender(Session session) {
            this.session = session;
        }

        void send(String text, boolean keep) {
            synchronized (this) {
                if (keep) {
                    if (queue.size() >= 32) {
                        session.close(1008, "not reading");
                        return;
                    }
                    queue.add(text);
                } else {
                    latestInfo = text;
                }
            }
            pump();
        }

        private void pump() {
            String next;
            synchronized (this) {
                if (sending || !session.isOpen()) {
                    return;
                }
                // An iteration goes before the final answer queued after it.
                if (latestInfo != null) {
                    next = latestInfo;
                    latestInfo = null;
                } else {
                    next = queue.poll();
                }
                if (next == null) {
                    return;
                }
                sending = true;
            }
            session.getRemote().sendString(next, new WriteCallback() {
                @Override
                public void writeFailed(Throwable x) {
                    synchronized (Sender.this) {
                        sending = false;
                    }
                    session.close();
                }

                @Override
                public void writeSuccess() {
                    synchronized (Sender.this) {
                        sending = false;
                    }
                    pump();
                }
            });
        }
    }
}
