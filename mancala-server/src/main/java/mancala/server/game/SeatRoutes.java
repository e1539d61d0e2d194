package mancala.server.game;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.Map;
import java.util.Set;
import mancala.rules.Side;
import mancala.server.error.DomainError;
import mancala.server.http.Json;
import mancala.server.http.Routes;
import mancala.server.http.SeatCookies;

/**
 * The seats of games between people: {@code GET /api/games/{id}/seat} (a signed-in player, or the guest who
 * played it, gets his seat token back), {@code POST /api/games/{id}/presence} and {@code POST /api/games/{id}/claim}
 * ({@link Presence}).
 */
public final class SeatRoutes implements Routes {
    private final GameService games;
    private final GamePlayersStore players;
    private final Presence presence;
    private final PlayerDirectory directory;

    /** @param directory who a request comes from */
    public SeatRoutes(GameService games, PlayersExtension extension, PlayerDirectory directory) {
        this.games = games;
        this.players = extension.players();
        this.presence = new Presence(games, players, new PresenceStore(extension.jdbi()));
        this.directory = directory;
    }

    @Override
    public void register(Javalin app) {
        app.get("/api/games/{id}/seat", this::seat);
        app.post("/api/games/{id}/presence", this::presence);
        app.post("/api/games/{id}/claim", this::claim);
    }

    private void seat(Context ctx) {
        String id = ctx.pathParam("id");
        String key = directory.playerKey(ctx::cookie);
        GamePlayers m = players.find(id).orElse(null);
        Side side = m == null || key == null ? null : m.sideOf(key);
        if (side == null) {
            throw new DomainError(DomainError.Kind.NOT_FOUND, "no-seat", "you do not play in game '{id}'",
                    Map.of("id", DomainError.echo(id)));
        }
        String token = m.seat(side);
        SeatCookies.set(ctx, id, token);
        ctx.json(Map.of("id", id, "side", side == Side.SOUTH ? "south" : "north", "seatToken", token));
    }

    /** @return the side whose seat token the request holds (header or cookie). @throws DomainError FORBIDDEN */
    private static Side seatSide(Context ctx, GameState g) {
        Seat seat = g.seatOf(SeatCookies.token(ctx, g.id()));
        if (seat == Seat.SOUTH) {
            return Side.SOUTH;
        }
        if (seat == Seat.NORTH) {
            return Side.NORTH;
        }
        throw DomainError.forbidden("not-your-seat", "this needs the seat token of one of the game's two players",
                Map.of());
    }

    private void presence(Context ctx) {
        Json.body(ctx, Set.of());
        GameState g = games.find(ctx.pathParam("id"));
        ctx.json(presence.seen(g, seatSide(ctx, g)));
    }

    private void claim(Context ctx) {
        Json.body(ctx, Set.of());
        GameState g = games.find(ctx.pathParam("id"));
        Side me = seatSide(ctx, g);
        ctx.json(games.view(presence.claim(g.id(), me)));
    }
}
