package mancala.server.tournament;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.time.Instant;
import java.time.format.DateTimeParseException;
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
 * The tournaments: {@code GET|POST /api/tournaments}, {@code GET /api/tournaments/{id}} and
 * {@code POST /api/tournaments/{id}/join|leave|start|return} (return: a player withdrawn after a no-show is paired
 * again).
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
        app.get("/api/tournaments/{id}", ctx -> ctx.json(tournaments.view(ctx.pathParam("id"))));
        app.post("/api/tournaments/{id}/join", ctx -> {
            Json.body(ctx, Set.of());
            Account joiner = caller.require(ctx);
            limits.take("tournament-join", 30, java.time.Duration.ofHours(1),
                    "a:" + mancala.server.http.ClientAddress.of(ctx.req()), "p:" + joiner.playerKey());
            tournaments.join(joiner, ctx.pathParam("id"));
            ctx.json(tournaments.view(ctx.pathParam("id")));
        });
        app.post("/api/tournaments/{id}/leave", ctx -> {
            Json.body(ctx, Set.of());
            tournaments.leave(caller.require(ctx), ctx.pathParam("id"));
            ctx.json(tournaments.view(ctx.pathParam("id")));
        });
        app.post("/api/tournaments/{id}/return", ctx -> {
            Json.body(ctx, Set.of());
            tournaments.comeBack(caller.require(ctx), ctx.pathParam("id"));
            ctx.json(tournaments.view(ctx.pathParam("id")));
        });
        app.post("/api/tournaments/{id}/start", ctx -> {
            Json.body(ctx, Set.of());
            tournaments.startNow(caller.require(ctx), ctx.pathParam("id"));
            ctx.json(tournaments.view(ctx.pathParam("id")));
        });
    }

    private void create(Context ctx) {
        ObjectNode b = Json.body(ctx, Set.of("name", "game", "options", "clock", "system", "rounds", "startsAt",
                "rated"));
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
        String id = tournaments.create(a, Json.text(b, "name"), Json.text(b, "game"), Json.text(b, "options"), tc,
                Json.text(b, "system"), Json.integer(b, "rounds", ""), at, Json.bool(b, "rated", true));
        ctx.status(201).json(tournaments.view(id));
    }
}
