package mancala.server.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mancala.server.clock.TimeControl;
import mancala.server.play.Analyser;
import mancala.server.play.GameService;
import mancala.server.play.LiveGame;
import mancala.server.play.Records;
import mancala.server.store.GameRow;

/**
 * The JSON API under {@code /api}, described by {@code /api/openapi.json}. Handlers read the request, call the
 * {@link GameService} and answer with the game's state; every refusal is an {@link ApiException}.
 *
 * <p>A seat token is read from the {@code X-Seat-Token} header, else the {@code seat} query parameter, else the
 * cookie {@code mancala-seat-ID} that the page sets.
 */
public final class GameApi {
    /** Header carrying a seat token. */
    public static final String TOKEN_HEADER = "X-Seat-Token";

    private final GameService service;
    private final ObjectMapper mapper;

    /** @param mapper the server's JSON mapper ({@link #mapper()}) */
    public GameApi(GameService service, ObjectMapper mapper) {
        this.service = service;
        this.mapper = mapper;
    }

    /** @return the JSON mapper of the server: strict about unknown fields, so typos are reported. */
    public static ObjectMapper mapper() {
        return new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** @return the cookie name holding the seat token of game {@code id}. */
    public static String cookieName(String id) {
        return "mancala-seat-" + id;
    }

    /** Adds the API's routes to {@code app}. */
    public void register(Javalin app) {
        app.before("/api/*", ctx -> {
            long length = ctx.contentLength();
            if (length > mancala.server.MancalaServer.MAX_BODY_BYTES) {
                throw new ApiException(413, "too-large", "the request body is larger than "
                        + mancala.server.MancalaServer.MAX_BODY_BYTES + " bytes");
            }
        });
        app.get("/api/openapi.json", ctx -> ctx.contentType("application/json").result(openApi()));
        app.get("/api/games", this::list);
        app.post("/api/games", this::create);
        app.get("/api/games/{id}", ctx -> answer(ctx, service.find(ctx.pathParam("id"))));
        app.post("/api/games/{id}/join", this::join);
        app.post("/api/games/{id}/moves", this::move);
        app.post("/api/games/{id}/resign", ctx -> act(ctx, Set.of(), (g, s) -> g.resign(s)));
        app.post("/api/games/{id}/draw/offer", ctx -> act(ctx, Set.of(), (g, s) -> g.offerDraw(s)));
        app.post("/api/games/{id}/draw/accept", ctx -> act(ctx, Set.of(), (g, s) -> g.acceptDraw(s)));
        app.post("/api/games/{id}/decline", ctx -> act(ctx, Set.of(), (g, s) -> g.decline(s)));
        app.post("/api/games/{id}/undo", ctx -> act(ctx, Set.of(), (g, s) -> g.undo(s)));
        app.post("/api/games/{id}/takeback/request", ctx -> act(ctx, Set.of(), (g, s) -> g.requestTakeback(s)));
        app.post("/api/games/{id}/takeback/accept", ctx -> act(ctx, Set.of(), (g, s) -> g.acceptTakeback(s)));
        app.get("/api/games/{id}/hint", this::hint);
        app.get("/api/games/{id}/record", this::record);
        app.get("/api/games/{id}/analysis", ctx -> {
            LiveGame g = service.find(ctx.pathParam("id"));
            g.requireAnalysable();
            ctx.json(Analyser.analyseGame(g));
        });
        app.post("/api/records/analyse", this::analyseRecord);
    }

    private interface Action {
        LiveGame.Change apply(LiveGame game, LiveGame.Seat seat);
    }

    private void act(Context ctx, Set<String> fields, Action action) {
        readBody(ctx, fields);
        String id = ctx.pathParam("id");
        LiveGame g = service.act(id, token(ctx, id), seat -> action.apply(service.find(id), seat));
        answer(ctx, g);
    }

    private void move(Context ctx) {
        ObjectNode body = readBody(ctx, Set.of("pit", "ply"));
        JsonNode pit = body.get("pit");
        if (pit == null || !pit.isTextual()) {
            throw ApiException.badRequest("body must name the pit: {\"pit\": \"c\"}");
        }
        JsonNode ply = body.get("ply");
        if (ply != null && !ply.isInt()) {
            throw ApiException.badRequest("ply must be a whole number");
        }
        String id = ctx.pathParam("id");
        LiveGame g = service.act(id, token(ctx, id),
                seat -> service.find(id).move(seat, pit.asText(), ply == null ? null : ply.asInt()));
        answer(ctx, g);
    }

    private void create(Context ctx) {
        ObjectNode b = readBody(ctx, Set.of("game", "options", "mode", "side", "level", "name", "clock"));
        JsonNode level = b.get("level");
        if (level != null && !level.isInt()) {
            throw ApiException.badRequest("level must be a whole number from 1 to 10");
        }
        TimeControl clock = clock(b.get("clock"));
        if (clock != null && "local".equals(text(b, "mode"))) {
            throw ApiException.badRequest("clock: two players on one screen play without a clock");
        }
        GameService.Created c = service.create(text(b, "game"), text(b, "options"), text(b, "mode"),
                text(b, "side"), level == null ? null : level.asInt(), text(b, "name"));
        service.extension().created(c.game(), clock);
        String id = c.game().id();
        ctx.cookie(seatCookie(id, c.seatToken()));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", id);
        out.put("seatToken", c.seatToken());
        out.put("playUrl", "/play.html?id=" + id + "&seat=" + c.seatToken());
        if (c.inviteCode() != null) {
            out.put("inviteCode", c.inviteCode());
            out.put("inviteUrl", "/play.html?id=" + id + "&invite=" + c.inviteCode());
        }
        out.put("you", seatName(c.game().seatOf(c.seatToken())));
        out.put("game", service.view(c.game()));
        ctx.status(201).json(out);
    }

    /**
     * Reads a clock: {@code {"initialSeconds": N, "incrementSeconds": M}} or {@code {"daysPerMove": D}}; null for
     * none.
     *
     * @throws ApiException 400 naming the field that is wrong
     */
    public static TimeControl clock(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isObject()) {
            throw ApiException.badRequest("clock must be an object: {\"initialSeconds\": 300, \"incrementSeconds\": 3}"
                    + " or {\"daysPerMove\": 3}");
        }
        Set<String> fields = new java.util.TreeSet<>();
        n.fieldNames().forEachRemaining(fields::add);
        try {
            if (fields.equals(Set.of("daysPerMove"))) {
                return new TimeControl.Correspondence(whole(n, "daysPerMove"));
            }
            if (fields.equals(Set.of("initialSeconds", "incrementSeconds")) || fields.equals(Set.of("initialSeconds"))) {
                return new TimeControl.RealTime(whole(n, "initialSeconds"),
                        n.has("incrementSeconds") ? whole(n, "incrementSeconds") : 0);
            }
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("clock." + e.getMessage());
        }
        throw ApiException.badRequest("clock must have initialSeconds and incrementSeconds, or daysPerMove; found "
                + fields);
    }

    private static int whole(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (!v.isInt()) {
            throw ApiException.badRequest("clock." + field + " must be a whole number");
        }
        return v.asInt();
    }

    private void join(Context ctx) {
        ObjectNode b = readBody(ctx, Set.of("code", "name"));
        String id = ctx.pathParam("id");
        String mine = token(ctx, id);
        LiveGame.Seat held = mine == null ? LiveGame.Seat.NONE : service.find(id).seatOf(mine);
        if (held != LiveGame.Seat.NONE) {
            // Opening one's own invitation link must not take the seat meant for the opponent.
            throw ApiException.conflict("already-seated", "you already hold the " + seatName(held)
                    + " seat of this game: the invitation is for your opponent");
        }
        String token = service.join(id, text(b, "code"), text(b, "name"));
        ctx.cookie(seatCookie(id, token));
        LiveGame g = service.find(id);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", id);
        out.put("seatToken", token);
        out.put("playUrl", "/play.html?id=" + id + "&seat=" + token);
        out.put("you", seatName(g.seatOf(token)));
        out.put("game", service.view(g));
        ctx.json(out);
    }

    private void list(Context ctx) {
        int limit = 50;
        String l = ctx.queryParam("limit");
        if (l != null) {
            try {
                limit = Integer.parseInt(l);
            } catch (NumberFormatException e) {
                throw ApiException.badRequest("limit must be a whole number, not '" + l + "'");
            }
            if (limit < 1 || limit > 500) {
                throw ApiException.badRequest("limit must be 1 to 500");
            }
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (GameRow r : service.recent(limit)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", r.id());
            m.put("game", r.game());
            m.put("options", r.options());
            m.put("mode", r.mode());
            m.put("south", r.southName());
            m.put("north", r.northName());
            m.put("plies", r.plies());
            m.put("result", r.result());
            m.put("termination", r.termination());
            m.put("createdAt", r.createdAt().toString());
            m.put("updatedAt", r.updatedAt().toString());
            out.add(m);
        }
        ctx.json(Map.of("games", out));
    }

    private void hint(Context ctx) {
        String id = ctx.pathParam("id");
        LiveGame g = service.find(id);
        ctx.json(Map.of("pit", g.hint(g.seatOf(token(ctx, id)))));
    }

    private void record(Context ctx) {
        LiveGame g = service.find(ctx.pathParam("id"));
        String name = g.kind().key() + "-" + g.id() + ".txt";
        ctx.header("Content-Disposition", "attachment; filename=\"" + name + "\"");
        ctx.contentType("text/plain; charset=utf-8").result(Records.of(g, service.extension()));
    }

    private void analyseRecord(Context ctx) {
        ObjectNode b = readBody(ctx, Set.of("text", "source"));
        String text = text(b, "text");
        if (text == null || text.isBlank()) {
            throw ApiException.badRequest("body must hold the record: {\"text\": \"[Game \\\"hawalis\\\"] …\"}");
        }
        String source = text(b, "source");
        ctx.json(Analyser.analyseRecord(text, source == null ? "pasted record" : source));
    }

    private void answer(Context ctx, LiveGame g) {
        Map<String, Object> out = new LinkedHashMap<>(service.view(g));
        out.put("you", seatName(g.seatOf(token(ctx, g.id()))));
        String invite = g.inviteCode();
        if (invite != null && g.seatOf(token(ctx, g.id())) != LiveGame.Seat.NONE) {
            out.put("inviteUrl", "/play.html?id=" + g.id() + "&invite=" + invite);
        }
        ctx.json(out);
    }

    /** @return {@code south}, {@code north}, {@code both} or null for a spectator. */
    public static String seatName(LiveGame.Seat seat) {
        return seat == LiveGame.Seat.NONE ? null : seat.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** @return the caller's seat token for game {@code id}, or null. */
    static String token(Context ctx, String id) {
        String t = ctx.header(TOKEN_HEADER);
        if (t == null || t.isBlank()) {
            t = ctx.queryParam("seat");
        }
        if (t == null || t.isBlank()) {
            t = ctx.cookie(cookieName(id));
        }
        return t == null || t.isBlank() ? null : t.strip();
    }

    private static io.javalin.http.Cookie seatCookie(String id, String token) {
        io.javalin.http.Cookie c = new io.javalin.http.Cookie(cookieName(id), token);
        c.setPath("/");
        c.setHttpOnly(false);
        c.setMaxAge(60 * 60 * 24 * 365);
        c.setSameSite(io.javalin.http.SameSite.LAX);
        return c;
    }

    /** Reads the body as a JSON object with only the {@code allowed} fields; an empty body is an empty object. */
    private ObjectNode readBody(Context ctx, Set<String> allowed) {
        String body = ctx.body();
        if (body.isBlank()) {
            return mapper.createObjectNode();
        }
        JsonNode node;
        try {
            node = mapper.readTree(body);
        } catch (JsonProcessingException e) {
            // A broken limit (nesting too deep, a number too long) has no location.
            String where = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")";
            throw new ApiException(400, "malformed-json", "the body is not valid JSON: "
                    + e.getOriginalMessage() + where);
        }
        if (!(node instanceof ObjectNode obj)) {
            throw new ApiException(400, "malformed-json", "the body must be a JSON object");
        }
        List<String> unknown = new ArrayList<>();
        obj.fieldNames().forEachRemaining(f -> {
            if (!allowed.contains(f)) {
                unknown.add(f);
            }
        });
        if (!unknown.isEmpty()) {
            throw new ApiException(400, "unknown-field", "unknown field(s) " + unknown + "; allowed: "
                    + (allowed.isEmpty() ? "none" : String.join(", ", new java.util.TreeSet<>(allowed))));
        }
        return obj;
    }

    private static String text(ObjectNode b, String field) {
        JsonNode n = b.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isTextual()) {
            throw ApiException.badRequest(field + " must be a string");
        }
        return n.asText();
    }

    private static String openApiCache;

    private static synchronized String openApi() {
        if (openApiCache == null) {
            try (InputStream in = GameApi.class.getResourceAsStream("/openapi.json")) {
                if (in == null) {
                    throw new IllegalStateException("openapi.json is missing from the server's resources");
                }
                openApiCache = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read openapi.json", e);
            }
        }
        return openApiCache;
    }
}
