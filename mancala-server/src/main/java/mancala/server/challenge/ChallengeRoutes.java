package mancala.server.challenge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.Map;
import java.util.Set;
import mancala.server.account.Caller;
import mancala.server.account.Player;
import mancala.server.clock.ClockInput;
import mancala.server.clock.TimeControl;
import mancala.server.game.GamePlayersStore;
import mancala.server.game.GameService;
import mancala.server.game.GameState;
import mancala.server.http.ClientAddress;
import mancala.server.http.Json;
import mancala.server.http.Routes;
import mancala.server.http.SeatCookies;
import mancala.server.store.SharedLimits;

/**
 * The challenges: {@code GET|POST /api/challenges}, {@code POST /api/challenges/{id}/accept},
 * {@code DELETE /api/challenges/{id}}, and {@code POST /api/games/{id}/rematch}.
 */
public final class ChallengeRoutes implements Routes {
    private final SharedLimits limits;
    private final Challenges challenges;
    private final Caller caller;
    private final GameService games;
    private final GamePlayersStore players;

    /** @param caller who a request comes from */
    public ChallengeRoutes(Challenges challenges, Caller caller, GameService games, GamePlayersStore players,
                           SharedLimits limits) {
        this.limits = limits;
        this.challenges = challenges;
        this.caller = caller;
        this.games = games;
        this.players = players;
    }

    @Override
    public void register(Javalin app) {
        app.get("/api/challenges", ctx -> ctx.json(Map.of("challenges",
                challenges.visible(caller.player(ctx, false)))));
        app.post("/api/challenges", this::post);
        app.post("/api/challenges/{id}/accept", this::accept);
        app.delete("/api/challenges/{id}", ctx -> {
            challenges.cancel(caller.player(ctx, false), ctx.pathParam("id"));
            ctx.status(204);
        });
        app.post("/api/games/{id}/rematch", this::rematch);
    }

    /** Challenges posted per address and per player, on all instances together: 20 in 10 minutes. */
    public static final int CHALLENGES_PER_10_MINUTES = 20;

    private void post(Context ctx) {
        ObjectNode b = Json.body(ctx, Set.of("game", "options", "clock", "rated", "side", "to"));
        TimeControl tc = ClockInput.read(b.get("clock"));
        Player p = caller.player(ctx, true);
        String address = ClientAddress.of(ctx.req());
        limits.take("challenge", CHALLENGES_PER_10_MINUTES, java.time.Duration.ofMinutes(10), "a:" + address,
                "p:" + p.key());
        Challenge c = challenges.post(p, address, "open", Json.text(b, "game"), Json.text(b, "options"), tc,
                Json.bool(b, "rated", false), Json.text(b, "side"), Json.text(b, "to"), null);
        ctx.status(201).json(c.view(Json.text(b, "to")));
    }

    private void accept(Context ctx) {
        Json.body(ctx, Set.of());
        Map<String, Object> out = challenges.accept(caller.player(ctx, true), ctx.pathParam("id"));
        seated(ctx, out);
    }

    /** Answers with a started game, setting the taker's seat cookie. */
    static void seated(Context ctx, Map<String, Object> out) {
        SeatCookies.set(ctx, (String) out.get("gameId"), (String) out.get("seatToken"));
        ctx.json(out);
    }

    /**
     * Offers a rematch after a game between two people (sides swapped), or takes the opponent's offer.
     * Answers {@code {"gameId",…}} when a game started, else {@code {"challengeId"}} of the offer (201 when new).
     */
    private void rematch(Context ctx) {
        Json.body(ctx, Set.of());
        String id = ctx.pathParam("id");
        GameState g = games.find(id);
        Map<String, Object> out = challenges.rematch(caller.player(ctx, false), g, players.find(id).orElse(null));
        if (out.containsKey("seatToken")) {
            seated(ctx, out);
        } else if (out.containsKey("gameId")) {
            ctx.json(out);
        } else {
            ctx.status(Boolean.TRUE.equals(out.get("created")) ? 201 : 200)
                    .json(Map.of("challengeId", out.get("challengeId")));
        }
    }
}
