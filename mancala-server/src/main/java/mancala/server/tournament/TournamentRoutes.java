package mancala.server.tournament;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mancala.server.account.Account;
import mancala.server.account.Caller;
import mancala.server.clock.ClockInput;
import mancala.server.clock.TimeControl;
import mancala.server.error.DomainError;
import mancala.server.http.Json;
import mancala.server.http.Routes;

/**
 * The tournaments: {@code GET|POST /api/tournaments}, {@code GET /api/tournaments/{id}} (with the caller's own
 * board when he plays), {@code GET /api/tournaments/{id}/trf} (the tournament as a TRF file) and
 * {@code POST /api/tournaments/{id}/join|leave|withdraw|return|bye|start} (return: a player withdrawn by his own
 * wish or after a no-show is paired again); tournaments made and joined are limited per account and address
 * ({@link mancala.server.store.SharedLimits}).
 */
public final class TournamentRoutes implements Routes {
    private final mancala.server.store.SharedLimits limits;
    private final Tournaments tournaments;
    private final Caller caller;

    /** @param caller who a request comes from */
    public TournamentRoutes(Tournaments tournaments, Caller caller, mancala.server.store.SharedLimits limits) {
        this.limits = limits;
        this.tournaments = tournaments;
        this.caller = caller;
    }

    @Override
    public void register(Javalin app) {
        app.get("/api/tournaments", ctx -> ctx.json(Map.of("tournaments", tournaments.list())));
        app.post("/api/tournaments", this::create);
        app.get("/api/tournaments/{id}", ctx -> ctx.json(view(ctx)));
        app.get("/api/tournaments/{id}/trf", ctx -> {
            String text = tournaments.trf(ctx.pathParam("id"));
            ctx.contentType("text/plain; charset=utf-8");
            ctx.header("Content-Disposition", "attachment; filename=\"tournament-" + ctx.pathParam("id")
                    + ".trf\"");
            ctx.result(text);
        });
        app.post("/api/tournaments/{id}/join", ctx -> {
            Json.body(ctx, Set.of());
            Account joiner = caller.require(ctx);
            // joins counted per address and per account, on all instances together: 30 an hour
            limits.take("tournament-join", 30, java.time.Duration.ofHours(1),
                    "a:" + mancala.server.http.ClientAddress.of(ctx.req()), "p:" + joiner.playerKey());
            tournaments.join(joiner, ctx.pathParam("id"));
            ctx.json(view(ctx));
        });
        action(app, "leave", (a, id) -> tournaments.leave(a, id));
        action(app, "withdraw", (a, id) -> tournaments.withdraw(a, id));
        action(app, "return", (a, id) -> tournaments.comeBack(a, id));
        action(app, "start", (a, id) -> tournaments.startNow(a, id));
        app.post("/api/tournaments/{id}/bye", ctx -> {
            ObjectNode b = Json.body(ctx, Set.of("round", "wanted"));
            Integer round = Json.integer(b, "round", "the round of the half-point bye");
            if (round == null) {
                throw DomainError.badRequest("round is required: the round of the half-point bye", Map.of());
            }
            tournaments.requestBye(caller.require(ctx), ctx.pathParam("id"), round, Json.bool(b, "wanted", true));
            ctx.json(view(ctx));
        });
    }

    private interface Action {
        void run(Account a, String id);
    }

    /** {@code POST /api/tournaments/{id}/NAME} with an empty body: does it, answers the tournament. */
    private void action(Javalin app, String name, Action action) {
        app.post("/api/tournaments/{id}/" + name, ctx -> {
            Json.body(ctx, Set.of());
            action.run(caller.require(ctx), ctx.pathParam("id"));
            ctx.json(view(ctx));
        });
    }

    private Map<String, Object> view(Context ctx) {
        return tournaments.view(ctx.pathParam("id"), caller.current(ctx).orElse(null));
    }

    private void create(Context ctx) {
        ObjectNode b = Json.body(ctx, Set.of("name", "game", "options", "clock", "system", "rounds", "startsAt",
                "rated", "seating", "tieBreaks", "lateJoin", "minutes"));
        Account a = caller.require(ctx);
        // tournaments made per account and per address, on all instances together: 3 and 5 a day
        limits.take("tournament", 3, java.time.Duration.ofDays(1), "p:" + a.playerKey());
        limits.take("tournament-addr", 5, java.time.Duration.ofDays(1),
                "a:" + mancala.server.http.ClientAddress.of(ctx.req()));
        TimeControl tc = ClockInput.read(b.get("clock"));
        String starts = Json.text(b, "startsAt");
        Instant at;
        try {
            at = starts == null ? null : Instant.parse(starts);
        } catch (DateTimeParseException e) {
            throw DomainError.badRequest("startsAt must be an instant such as 2026-05-01T18:00:00Z, not '{startsAt}'",
                    Map.of("startsAt", DomainError.echo(starts)));
        }
        List<String> tieBreaks = null;
        JsonNode tb = b.get("tieBreaks");
        if (tb != null && !tb.isNull()) {
            if (!tb.isArray() || tb.size() > Tournaments.MAX_TIE_BREAKS + 1) {
                throw DomainError.badRequest("tieBreaks must be a list of FIDE tie-break codes such as "
                        + "[\"BH-C1\", \"SB\"]", Map.of());
            }
            tieBreaks = new ArrayList<>();
            for (JsonNode c : tb) {
                tieBreaks.add(c.isTextual() ? c.asText() : c.toString());
            }
        }
        String id = tournaments.create(a, new Tournaments.Settings(Json.text(b, "name"), Json.text(b, "game"),
                Json.text(b, "options"), tc, Json.text(b, "system"), Json.integer(b, "rounds", ""), at,
                Json.bool(b, "rated", true), Json.text(b, "seating"), tieBreaks, Json.bool(b, "lateJoin", false),
                Json.integer(b, "minutes", "the arena's duration")));
        ctx.status(201).json(tournaments.view(id, a));
    }
}
