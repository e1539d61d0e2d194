package mancala.server.lobby;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.Map;
import java.util.Set;
import mancala.server.account.Caller;
import mancala.server.account.Player;
import mancala.server.clock.ClockInput;
import mancala.server.clock.TimeControl;
import mancala.server.http.Json;
import mancala.server.http.Routes;
import mancala.server.http.SeatCookies;

/**
 * The lobby: quick pairing ({@code POST /api/seeks}), the games being played ({@code GET /api/lobby/playing}) and
 * the lobby WebSocket {@code /ws/lobby} ({@link LobbySocket}).
 */
public final class LobbyRoutes implements Routes {
    private final Seeks seeks;
    private final LobbyStore games;
    private final LobbySocket socket;
    private final Caller caller;

    /** @param caller who a request comes from */
    public LobbyRoutes(Seeks seeks, LobbyStore games, LobbySocket socket, Caller caller) {
        this.seeks = seeks;
        this.games = games;
        this.socket = socket;
        this.caller = caller;
    }

    @Override
    public void register(Javalin app) {
        app.post("/api/seeks", this::seek);
        app.get("/api/lobby/playing", ctx -> ctx.json(Map.of("games", games.playing())));
        app.ws("/ws/lobby", ws -> {
            ws.onConnect(ctx -> {
                Player p = caller.player(ctx::cookie);
                ctx.enableAutomaticPings();
                socket.connected(ctx, p == null ? null : p.key());
            });
            ws.onMessage(ctx -> { });
            ws.onClose(socket::disconnected);
            ws.onError(socket::disconnected);
        });
    }

    private void seek(Context ctx) {
        ObjectNode b = Json.body(ctx, Set.of("game", "clock"));
        TimeControl tc = ClockInput.read(b.get("clock"));
        Map<String, Object> out = seeks.seek(caller.player(ctx, true), Json.text(b, "game"), tc);
        if (out.containsKey("seatToken")) {
            SeatCookies.set(ctx, (String) out.get("gameId"), (String) out.get("seatToken"));
        }
        ctx.status(out.containsKey("gameId") ? 200 : 201).json(out);
    }
}
