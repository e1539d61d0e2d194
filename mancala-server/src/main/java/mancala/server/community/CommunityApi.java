package mancala.server.community;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import mancala.rules.GameKind;
import mancala.rules.Side;
import mancala.server.account.Account;
import mancala.server.account.AccountApi;
import mancala.server.account.AccountApi.Player;
import mancala.server.account.Bodies;
import mancala.server.api.ApiException;
import mancala.server.api.ClockInput;
import mancala.server.api.SeatCookies;
import mancala.server.api.ServerContext;
import mancala.server.clock.TimeControl;
import mancala.server.play.GameState;
import mancala.server.play.Seat;
import mancala.server.play.SeatProtocol;
import mancala.server.store.GameEvent;

/**
 * The community's routes: accounts ({@link AccountApi}), players and leaderboards, the lobby (challenges, quick
 * pairing, games being played, rematches, the lobby WebSocket {@code /ws/lobby}), a signed-in player's seat in his
 * games, presence and claims on games on a clock, and tournaments. Registered with one call from the server.
 */
public final class CommunityApi implements ServerContext.Routes {
    /** A real-time game may be claimed against a player whose page has been closed this long. */
    public static final long CLAIM_AFTER_MILLIS = 30_000;

    private final Community community;
    private final AccountApi accountApi;

    /** The routes of the community, on the server's context. */
    public CommunityApi(ServerContext sc) {
        this(new Community(sc));
    }

    CommunityApi(Community community) {
        this.community = community;
        this.accountApi = new AccountApi(community.accounts);
    }

    /** Adds every route. */
    @Override
    public void register(Javalin app) {
        accountApi.register(app);
        app.get("/api/players/{name}", this::player);
        app.get("/api/leaderboards/{game}", this::leaderboard);
        app.get("/api/challenges", ctx -> ctx.json(Map.of("challenges",
                community.lobby.visible(accountApi.player(ctx, false)))));
        app.post("/api/challenges", this::postChallenge);
        app.post("/api/challenges/{id}/accept", this::accept);
        app.delete("/api/challenges/{id}", ctx -> {
            community.lobby.cancel(accountApi.player(ctx, false), ctx.pathParam("id"));
            ctx.status(204);
        });
        app.post("/api/seeks", this::seek);
        app.get("/api/lobby/playing", ctx -> ctx.json(Map.of("games", community.lobby.playing())));
        app.get("/api/games/{id}/seat", this::seat);
        app.post("/api/games/{id}/presence", this::presence);
        app.post("/api/games/{id}/claim", this::claim);
        app.post("/api/games/{id}/rematch", this::rematch);
        app.get("/api/tournaments", ctx -> ctx.json(Map.of("tournaments", community.tournaments.list())));
        app.post("/api/tournaments", this::createTournament);
        app.get("/api/tournaments/{id}", ctx -> ctx.json(community.tournaments.view(ctx.pathParam("id"))));
        app.post("/api/tournaments/{id}/join", ctx -> {
            Bodies.read(ctx, Set.of());
            community.tournaments.join(accountApi.require(ctx), ctx.pathParam("id"));
            ctx.json(community.tournaments.view(ctx.pathParam("id")));
        });
        app.post("/api/tournaments/{id}/leave", ctx -> {
            Bodies.read(ctx, Set.of());
            community.tournaments.leave(accountApi.require(ctx), ctx.pathParam("id"));
            ctx.json(community.tournaments.view(ctx.pathParam("id")));
        });
        app.post("/api/tournaments/{id}/start", ctx -> {
            Bodies.read(ctx, Set.of());
            community.tournaments.startNow(accountApi.require(ctx), ctx.pathParam("id"));
            ctx.json(community.tournaments.view(ctx.pathParam("id")));
        });
        app.ws("/ws/lobby", ws -> {
            ws.onConnect(ctx -> {
                Player p = null;
                String session = ctx.cookie(AccountApi.SESSION_COOKIE);
                Optional<Account> a = community.accounts.bySession(session);
                if (a.isPresent()) {
                    p = new Player(a.get().playerKey(), a.get().username(), a.get());
                } else {
                    String guest = ctx.cookie(AccountApi.GUEST_COOKIE);
                    if (guest != null && guest.length() >= 20 && guest.length() <= 64) {
                        p = new Player("g:" + mancala.server.play.Seats.hash(guest).substring(0, 32), mancala.server.play.Inputs.ANONYMOUS,
                                null);
                    }
                }
                ctx.enableAutomaticPings();
                community.lobby.connected(ctx, p);
            });
            ws.onMessage(ctx -> { });
            ws.onClose(community.lobby::disconnected);
            ws.onError(community.lobby::disconnected);
        });
    }

    private void player(Context ctx) {
        String name = ctx.pathParam("name");
        Account a = community.accounts.find(name).orElseThrow(() -> new ApiException(404, "unknown-player",
                "there is no player named '" + name + "'"));
        String game = ctx.queryParam("game");
        if (game != null && GameKind.byKey(game).isEmpty()) {
            throw ApiException.badRequest("unknown game '" + game + "': one of " + GameKind.keys());
        }
        String result = ctx.queryParam("result");
        if (result != null && !List.of("win", "loss", "draw").contains(result)) {
            throw ApiException.badRequest("result must be win, loss or draw, not '" + result + "'");
        }
        String opponent = ctx.queryParam("opponent");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("username", a.username());
        out.put("createdAt", a.createdAt().toString());
        out.put("ratings", community.jdbi.withHandle(h -> Ratings.ofPlayer(h, a.id())));
        out.put("games", games(a, game, result, opponent));
        ctx.json(out);
    }

    /** The player's finished and current games, newest first, filtered by game, result and opponent name. */
    private List<Map<String, Object>> games(Account a, String game, String result, String opponent) {
        String key = a.playerKey();
        Optional<Account> opp = opponent == null || opponent.isBlank() ? Optional.empty()
                : community.accounts.find(opponent.strip());
        if (opponent != null && !opponent.isBlank() && opp.isEmpty()) {
            return List.of();
        }
        StringBuilder where = new StringBuilder("(p.south_player = :me OR p.north_player = :me)");
        if (game != null) {
            where.append(" AND p.game = :game");
        }
        if (opp.isPresent()) {
            where.append(" AND (p.south_player = :opp OR p.north_player = :opp)");
        }
        if (result != null) {
            where.append(switch (result) {
                case "win" -> " AND ((p.south_player = :me AND p.result = '1-0') OR (p.north_player = :me AND "
                        + "p.result = '0-1'))";
                case "loss" -> " AND ((p.south_player = :me AND p.result = '0-1') OR (p.north_player = :me AND "
                        + "p.result = '1-0'))";
                default -> " AND p.result = '1/2-1/2'";
            });
        }
        return community.jdbi.withHandle(h -> {
            var q = h.createQuery("SELECT p.game_id, p.game, p.south_player, p.north_player, p.time_control, "
                    + "p.rated, p.result, p.termination, p.created_at, g.south_name, g.north_name, g.plies, "
                    + "p.tournament_id FROM game_players p JOIN games g ON g.id = p.game_id WHERE " + where
                    + " ORDER BY p.created_at DESC, p.game_id LIMIT 100").bind("me", key);
            if (game != null) {
                q.bind("game", game);
            }
            opp.ifPresent(o -> q.bind("opp", o.playerKey()));
            List<Map<String, Object>> list = new ArrayList<>();
            q.map((rs, c) -> {
                Map<String, Object> m = new LinkedHashMap<>();
                boolean south = key.equals(rs.getString(3));
                m.put("id", rs.getString(1));
                m.put("game", rs.getString(2));
                m.put("side", south ? "south" : "north");
                m.put("opponent", south ? rs.getString(11) : rs.getString(10));
                m.put("clock", Lobby.clockView(rs.getString(5)));
                m.put("rated", rs.getBoolean(6));
                String r = rs.getString(7);
                m.put("result", r);
                m.put("outcome", r == null ? null : r.equals("1/2-1/2") ? "draw"
                        : r.equals("1-0") == south ? "win" : "loss");
                m.put("termination", rs.getString(8));
                m.put("playedAt", rs.getTimestamp(9).toInstant().toString());
                m.put("plies", rs.getInt(12));
                m.put("tournament", rs.getString(13));
                m.put("recordUrl", "/api/games/" + rs.getString(1) + "/record");
                m.put("analysisUrl", "/analysis.html?id=" + rs.getString(1));
                return m;
            }).forEach(list::add);
            for (Map<String, Object> m : list) {
                Ratings.change(h, a.id(), (String) m.get("id")).ifPresent(d -> m.put("ratingChange",
                        (int) Math.round(d)));
            }
            return list;
        });
    }

    private void leaderboard(Context ctx) {
        GameKind gk = Lobby.gameKind(ctx.pathParam("game"));
        ctx.json(Map.of("game", gk.key(), "players",
                community.jdbi.withHandle(h -> Ratings.leaderboard(h, gk.key(), 100))));
    }

    private void postChallenge(Context ctx) {
        ObjectNode b = Bodies.read(ctx, Set.of("game", "options", "clock", "rated", "side", "to"));
        TimeControl tc = ClockInput.read(b.get("clock"));
        Player p = accountApi.player(ctx, true);
        Lobby.Challenge c = community.lobby.post(p, "open", Bodies.text(b, "game"), Bodies.text(b, "options"), tc,
                Bodies.bool(b, "rated", false), Bodies.text(b, "side"), Bodies.text(b, "to"), null);
        ctx.status(201).json(c.view(Bodies.text(b, "to")));
    }

    private void accept(Context ctx) {
        Bodies.read(ctx, Set.of());
        Map<String, Object> out = community.lobby.accept(accountApi.player(ctx, true), ctx.pathParam("id"));
        seatCookie(ctx, (String) out.get("gameId"), (String) out.get("seatToken"));
        ctx.json(out);
    }

    private void seek(Context ctx) {
        ObjectNode b = Bodies.read(ctx, Set.of("game", "clock"));
        TimeControl tc = ClockInput.read(b.get("clock"));
        Map<String, Object> out = community.lobby.seek(accountApi.player(ctx, true), Bodies.text(b, "game"), tc);
        if (out.containsKey("seatToken")) {
            seatCookie(ctx, (String) out.get("gameId"), (String) out.get("seatToken"));
        }
        ctx.status(out.containsKey("gameId") ? 200 : 201).json(out);
    }

    /** A signed-in player (or the guest who played it) gets his seat token for a game of his. */
    private void seat(Context ctx) {
        String id = ctx.pathParam("id");
        Player p = accountApi.player(ctx, false);
        GameMeta m = community.book.find(id).orElse(null);
        Side side = m == null || p == null ? null : m.sideOf(p.key());
        if (side == null) {
            throw new ApiException(404, "no-seat", "you do not play in game '" + id + "'");
        }
        String token = m.seat(side);
        seatCookie(ctx, id, token);
        ctx.json(Map.of("id", id, "side", side == Side.SOUTH ? "south" : "north", "seatToken", token));
    }

    private static void seatCookie(Context ctx, String gameId, String token) {
        SeatCookies.set(ctx, gameId, token);
    }

    /** @return the side whose seat token the request holds (header or cookie). @throws ApiException 403 */
    private Side seatSide(Context ctx, GameState g) {
        Seat seat = g.seatOf(SeatCookies.token(ctx, g.id()));
        if (seat == Seat.SOUTH) {
            return Side.SOUTH;
        }
        if (seat == Seat.NORTH) {
            return Side.NORTH;
        }
        throw ApiException.forbidden("this needs the seat token of one of the game's two players");
    }

    private void presence(Context ctx) {
        Bodies.read(ctx, Set.of());
        GameState g = community.service.find(ctx.pathParam("id"));
        Side side = seatSide(ctx, g);
        community.clocks.seen(g.id(), side);
        ctx.json(presenceView(g));
    }

    /** @return for each side, milliseconds since its page was last seen (null: never), for games on a clock. */
    private Map<String, Object> presenceView(GameState g) {
        long now = System.currentTimeMillis();
        Map<String, Object> m = new LinkedHashMap<>();
        for (Side s : Side.values()) {
            Instant seen = community.clocks.lastSeen(g.id(), s);
            m.put(s == Side.SOUTH ? "south" : "north", seen == null ? null : now - seen.toEpochMilli());
        }
        return m;
    }

    /**
     * Claims a real-time game against an opponent whose page has been closed for {@value #CLAIM_AFTER_MILLIS} ms
     * (or never opened that long after the start): he loses, termination {@code abandoned}.
     */
    private void claim(Context ctx) {
        Bodies.read(ctx, Set.of());
        String id = ctx.pathParam("id");
        GameState g = community.service.find(id);
        Side me = seatSide(ctx, g);
        GameMeta m = community.book.find(id).orElse(null);
        if (m == null || !(m.timeControl() instanceof TimeControl.RealTime)) {
            throw ApiException.conflict("no-claim", "only a real-time game may be claimed against a player who left");
        }
        GameState after = community.service.apply(id, (live, now) -> {
            if (live.isOver()) {
                throw ApiException.conflict("game-over", "the game is over");
            }
            Instant seen = community.clocks.lastSeen(id, me.opponent());
            Instant since = seen != null ? seen : m.clockStart();
            long gone = since == null ? 0 : System.currentTimeMillis() - since.toEpochMilli();
            if (gone < CLAIM_AFTER_MILLIS) {
                throw new ApiException(409, "opponent-present", "the opponent was here " + gone / 1000
                        + " s ago; a claim needs " + CLAIM_AFTER_MILLIS / 1000 + " s of absence",
                        Map.of("goneMillis", gone));
            }
            return SeatProtocol.forfeit(live, me.opponent(), GameEvent.ABANDON, now);
        }, null);
        ctx.json(community.service.view(after));
    }

    /**
     * Offers a rematch after a game between two people (sides swapped), or takes the opponent's offer.
     *
     * @return {@code {"gameId"}} when a game started, else {@code {"challengeId"}} of the offer
     */
    private void rematch(Context ctx) {
        Bodies.read(ctx, Set.of());
        String id = ctx.pathParam("id");
        GameState g = community.service.find(id);
        if (!g.isOver()) {
            throw ApiException.conflict("game-not-over", "a rematch is offered once the game is over");
        }
        Player p = accountApi.player(ctx, false);
        GameMeta m = community.book.find(id).orElse(null);
        Side side = m == null || p == null ? null : m.sideOf(p.key());
        if (side == null) {
            throw ApiException.forbidden("only the game's two players may ask for a rematch");
        }
        String opponentKey = m.player(side.opponent());
        Optional<Lobby.Challenge> offered = community.jdbi.withHandle(h -> h.createQuery(
                        "SELECT id FROM challenges WHERE rematch_of = :g AND creator = :o AND status = 'open'")
                .bind("g", id).bind("o", opponentKey).mapTo(String.class).findOne())
                .flatMap(community.lobby::find);
        if (offered.isPresent()) {
            Map<String, Object> out = community.lobby.accept(p, offered.get().id());
            seatCookie(ctx, (String) out.get("gameId"), (String) out.get("seatToken"));
            ctx.json(out);
            return;
        }
        Optional<String> mine = community.jdbi.withHandle(h -> h.createQuery(
                        "SELECT id FROM challenges WHERE rematch_of = :g AND creator = :me AND status = 'open'")
                .bind("g", id).bind("me", p.key()).mapTo(String.class).findOne());
        if (mine.isPresent()) {
            ctx.json(Map.of("challengeId", mine.get()));
            return;
        }
        String toName = community.username(opponentKey);
        if (toName == null && !opponentKey.startsWith("g:")) {
            throw ApiException.conflict("no-rematch", "a rematch is for games between two people");
        }
        String opts = mancala.notation.OptionsNotation.format(g.options());
        Lobby.Challenge c = community.lobby.postRematch(p, m, opts, side.opponent(), opponentKey);
        ctx.status(201).json(Map.of("challengeId", c.id()));
    }

    private void createTournament(Context ctx) {
        ObjectNode b = Bodies.read(ctx, Set.of("name", "game", "options", "clock", "system", "rounds", "startsAt",
                "rated"));
        Account a = accountApi.require(ctx);
        TimeControl tc = ClockInput.read(b.get("clock"));
        String starts = Bodies.text(b, "startsAt");
        Instant at;
        try {
            at = starts == null ? null : Instant.parse(starts);
        } catch (DateTimeParseException e) {
            throw ApiException.badRequest("startsAt must be an instant such as 2026-05-01T18:00:00Z, not '"
                    + (starts.length() > 40 ? starts.substring(0, 40) + "…" : starts) + "'");
        }
        String id = community.tournaments.create(a, Bodies.text(b, "name"), Bodies.text(b, "game"),
                Bodies.text(b, "options"), tc, Bodies.text(b, "system"), Bodies.whole(b, "rounds"), at,
                Bodies.bool(b, "rated", true));
        ctx.status(201).json(community.tournaments.view(id));
    }
}
