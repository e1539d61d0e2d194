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
 * {@code POST /api/tournaments/{id}/join|leave|start}.
 */
public final class TournamentRoutes implements Routes {
    private final Tournaments tournaments;
    private final Caller caller;

    /** @param caller who a request comes from */
    public TournamentRoutes(Tournaments tournaments, Caller caller) {
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
            tournaments.join(caller.require(ctx), ctx.pathParam("id"));
            ctx.json(tournaments.view(ctx.pathParam("id")));
        });
        app.post("/api/tournaments/{id}/leave", ctx -> {
            Json.body(ctx, Set.of());
            tournaments.leave(caller.require(ctx), ctx.pathParam("id"));
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
