package mancala.server.game;

import mancala.server.clock.ClockInput;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import mancala.rules.Game;
import mancala.server.engine.EngineQueue;
import mancala.server.error.DomainError;
import mancala.server.http.HttpTools;
import mancala.server.http.Json;
import mancala.server.http.RateLimits;
import mancala.server.http.Routes;
import mancala.server.http.SeatCookies;
import mancala.server.engine.Ai;
import mancala.server.clock.TimeControl;

/**
 * The games under {@code /api/games}: create, list, read, join, the seat actions (move, resign, abort, draw, undo,
 * take-back), hint and record. Handlers read the request, check the client's rate limit, call the
 * {@link GameService} and answer with the game's view plus {@code you} (the caller's seat). Seat tokens come from
 * {@link SeatCookies}; engine work goes through the engine queue and is answered asynchronously.
 */
public final class GameRoutes implements Routes {
    private final HttpTools web;
    private final EngineQueue engine;
    private final GameService service;

    /** @param engine the queue hints are computed on */
    public GameRoutes(HttpTools web, EngineQueue engine, GameService service) {
        this.web = web;
        this.engine = engine;
        this.service = service;
    }

    @Override
    public void register(Javalin app) {
        app.get("/api/games", this::list);
        app.post("/api/games", this::create);
        app.get("/api/games/{id}", ctx -> answer(ctx, service.find(ctx.pathParam("id"))));
        app.post("/api/games/{id}/join", this::join);
        app.post("/api/games/{id}/moves", this::move);
        app.post("/api/games/{id}/resign", ctx -> act(ctx, SeatProtocol::resign));
        app.post("/api/games/{id}/abort", ctx -> act(ctx, this::abort));
        app.post("/api/games/{id}/draw/offer", ctx -> act(ctx, SeatProtocol::offerDraw));
        app.post("/api/games/{id}/draw/accept", ctx -> act(ctx, SeatProtocol::acceptDraw));
        app.post("/api/games/{id}/decline", ctx -> act(ctx, SeatProtocol::decline));
        app.post("/api/games/{id}/undo", ctx -> act(ctx, SeatProtocol::undo));
        app.post("/api/games/{id}/takeback/request", ctx -> act(ctx, SeatProtocol::requestTakeback));
        app.post("/api/games/{id}/takeback/accept", ctx -> act(ctx, SeatProtocol::acceptTakeback));
        app.get("/api/games/{id}/hint", this::hint);
        app.get("/api/games/{id}/record", this::record);
    }

    private static String client(Context ctx) {
        return HttpTools.client(ctx);
    }

    private void act(Context ctx, GameService.Seated action) {
        Json.body(web.mapper(), ctx, Set.of());
        web.limits().check(RateLimits.Action.MOVE, client(ctx));
        String id = ctx.pathParam("id");
        answer(ctx, service.act(id, SeatCookies.token(ctx, id), action));
    }

    /** Before the caller's own first move: the game ends with no result ({@link SeatProtocol#abort}). */
    private SeatProtocol.Change abort(GameState g, Seat seat, java.time.Instant now) {
        service.extension().mayAbort(g);
        return SeatProtocol.abort(g, seat, now);
    }

    private void move(Context ctx) {
        ObjectNode body = Json.body(web.mapper(), ctx, Set.of("pit", "ply"));
        JsonNode pit = body.get("pit");
        if (pit == null || !pit.isTextual()) {
            throw DomainError.invalid("bad-pit", "body must name the pit: {\"pit\": \"c\"}", Map.of());
        }
        Integer ply = Json.integer(body, "ply", "");
        web.limits().check(RateLimits.Action.MOVE, client(ctx));
        String id = ctx.pathParam("id");
        answer(ctx, service.act(id, SeatCookies.token(ctx, id),
                (g, seat, now) -> SeatProtocol.move(g, seat, pit.asText(), ply, now)));
    }

    private void create(Context ctx) {
        ObjectNode b = Json.body(web.mapper(), ctx, Set.of("game", "options", "mode", "side", "level", "name",
                "clock"));
        Integer level = Inputs.level(b.get("level"));
        GameExtension.Player me = service.extension().player(ctx::cookie);
        String name = Json.text(b, "name");
        Inputs.playerName(name);
        if (me == null) {
            service.extension().checkGuestName(name);
        }
        Inputs.NewGame req = Inputs.newGame(Json.text(b, "game"), Json.text(b, "options"), Json.text(b, "mode"),
                Json.text(b, "side"), level, me == null ? name : me.name());
        TimeControl clock = ClockInput.read(b.get("clock"));
        if (clock != null && req.mode() == Mode.LOCAL) {
            throw DomainError.invalid("bad-clock", "clock: two players on one screen play without a clock", Map.of());
        }
        web.limits().check(RateLimits.Action.CREATE, client(ctx));
        GameService.Created c;
        if (req.mode() == Mode.AI) {
            // a place among the games the computer keeps going, within this address's and player's share
            String place = service.capacity().admit(client(ctx), me == null ? null : me.key(),
                    System.currentTimeMillis());
            try {
                c = service.create(req);
            } catch (RuntimeException e) {
                service.capacity().release(place);
                throw e;
            }
            service.capacity().bind(place, c.game().id());
        } else {
            c = service.create(req);
        }
        service.extension().created(c.game(), clock,
                req.mode() == Mode.LOCAL ? null : me, c.seatToken());
        String id = c.game().id();
        SeatCookies.set(ctx, id, c.seatToken());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", id);
        out.put("seatToken", c.seatToken());
        out.put("playUrl", "/play.html?id=" + id);
        if (c.inviteCode() != null) {
            out.put("inviteCode", c.inviteCode());
            out.put("inviteUrl", inviteUrl(id, c.inviteCode()));
        }
        out.put("you", c.game().seatOf(c.seatToken()).key());
        out.put("game", service.view(c.game()));
        ctx.status(201).json(out);
    }

    /** The invitation link: the code after {@code #}, so it never reaches a server's or proxy's log. */
    private static String inviteUrl(String id, String code) {
        return "/play.html?id=" + id + "#invite=" + code;
    }

    private void join(Context ctx) {
        ObjectNode b = Json.body(web.mapper(), ctx, Set.of("code", "name"));
        String code = Json.text(b, "code");
        String name = Json.text(b, "name");
        Inputs.playerName(name);
        web.limits().check(RateLimits.Action.JOIN, client(ctx));
        String id = ctx.pathParam("id");
        String mine = SeatCookies.token(ctx, id);
        Seat held = mine == null ? Seat.NONE : service.find(id).seatOf(mine);
        if (held != Seat.NONE) {
            // Opening one's own invitation link must not take the seat meant for the opponent.
            throw DomainError.conflict("already-seated", "you already hold the {seat} seat of this game: the "
                    + "invitation is for your opponent", Map.of("seat", held.key()));
        }
        GameExtension.Player me = service.extension().player(ctx::cookie);
        if (me == null) {
            service.extension().checkGuestName(name);
        }
        GameService.Joined j = service.join(id, code, me == null ? name : me.name());
        service.extension().joined(j.game(), me, j.seatToken());
        SeatCookies.set(ctx, id, j.seatToken());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", id);
        out.put("seatToken", j.seatToken());
        out.put("playUrl", "/play.html?id=" + id);
        out.put("you", j.game().seatOf(j.seatToken()).key());
        out.put("game", service.view(j.game()));
        ctx.json(out);
    }

    private void list(Context ctx) {
        int limit = 50;
        String l = ctx.queryParam("limit");
        if (l != null) {
            try {
                limit = Integer.parseInt(l);
            } catch (NumberFormatException e) {
                throw DomainError.badRequest("limit must be a whole number, not '{limit}'",
                        Map.of("limit", DomainError.echo(l)));
            }
            if (limit < 1 || limit > 500) {
                throw DomainError.badRequest("limit must be 1 to 500", Map.of());
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
            m.put("status", r.result() != null ? "over" : GameState.ABORTED.equals(r.termination()) ? GameState.ABORTED
                    : r.abandoned() ? "abandoned"
                    : "invite".equals(r.mode()) && (r.southToken() == null || r.northToken() == null) ? "waiting"
                    : "playing");
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
        GameState g = service.find(id);
        SeatProtocol.requireHintable(g, g.seatOf(SeatCookies.token(ctx, id)));
        web.limits().check(RateLimits.Action.HINT, client(ctx));
        Game copy = g.currentCopy();
        GameExtension.Player me = service.extension().player(ctx::cookie);
        CompletableFuture<String> f = engine.submit(client(ctx), me == null ? null : me.key(),
                () -> copy.position().rules().pitLetter(Ai.hint(copy)));
        web.answerLater(ctx, f, pit -> ctx.json(Map.of("pit", pit)));
    }

    private void record(Context ctx) {
        GameState g = service.find(ctx.pathParam("id"));
        String name = g.kind().key() + "-" + g.id() + ".txt";
        ctx.header("Content-Disposition", "attachment; filename=\"" + name + "\"");
        ctx.contentType("text/plain; charset=utf-8").result(Records.of(g, service.extension()));
    }

    private void answer(Context ctx, GameState g) {
        String token = SeatCookies.token(ctx, g.id());
        Seat seat = g.seatOf(token);
        ObjectNode out = web.mapper().valueToTree(service.view(g));
        out.put("you", seat.key());
        String invite = g.inviteCode();
        if (invite != null && seat != Seat.NONE) {
            out.put("inviteUrl", inviteUrl(g.id(), invite));
        }
        if (seat != Seat.NONE && ctx.header(SeatCookies.TOKEN_HEADER) == null) {
            SeatCookies.set(ctx, g.id(), token);
        }
        ctx.json(out);
    }
}
