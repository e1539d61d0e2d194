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
import mancala.server.http.ClientAddress;
import mancala.server.http.Json;
import mancala.server.http.Routes;
import mancala.server.http.SeatCookies;
import mancala.server.store.SharedLimits;

/**
 * The lobby: quick pairing ({@code POST /api/seeks}), the games being played ({@code GET /api/lobby/playing}) and
 * the lobby WebSocket {@code /ws/lobby} ({@link LobbySocket}).
 */
public final class LobbyRoutes implements Routes {
    private final SharedLimits limits;
    private final Seeks seeks;
    private final LobbyStore games;
    private final LobbySocket socket;
    private final Caller caller;

    /** @param caller who a request comes from */
    public LobbyRoutes(Seeks seeks, LobbyStore games, LobbySocket socket, Caller caller, SharedLimits limits) {
        this.limits = limits;
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
                java.net.SocketAddress a = ctx.session.getRemoteAddress();
                String remote = a instanceof java.net.InetSocketAddress i ? i.getAddress().getHostAddress()
                        : String.valueOf(a);
                String address = ClientAddress.of(remote, ctx.session.getUpgradeRequest()::getHeader);
                if (!socket.connected(ctx, p == null ? null : p.key(), address)) {
                    return; // over the address's or player's sockets: closed
                }
                ctx.enableAutomaticPings();
            });
            ws.onMessage(ctx -> { });
            ws.onClose(socket::disconnected);
            ws.onError(socket::disconnected);
        });
    }

    /** Seeks posted per address and per player, on all instances together: 30 in 10 minutes. */
    public static final int SEEKS_PER_10_MINUTES = 30;

    private void seek(Context ctx) {
        ObjectNode b = Json.body(ctx, Set.of("game", "clock"));
        TimeControl tc = ClockInput.read(b.get("clock"));
        Player p = caller.player(ctx, true);
        String address = ClientAddress.of(ctx.req());
        limits.take("seek", SEEKS_PER_10_MINUTES, java.time.Duration.ofMinutes(10), "a:" + address, "p:" + p.key());
        Map<String, Object> out = new java.util.LinkedHashMap<>(seeks.seek(p, address, Json.text(b, "game"), tc));
        if (out.get("casualBecause") instanceof mancala.server.error.DomainError why) {
            // the seek was made casual: say why, in the page's language
            Map<String, Object> args = new java.util.LinkedHashMap<>(why.details());
            out.put("casualBecause", Map.of("error", why.code(), "message",
                    mancala.server.i18n.ErrorText.message(ctx, why.code(), why.getMessage(), args)));
        }
        if (out.containsKey("seatToken")) {
            SeatCookies.set(ctx, (String) out.get("gameId"), (String) out.get("seatToken"));
        }
        ctx.status(out.containsKey("gameId") ? 200 : 201).json(out);
    }
}
