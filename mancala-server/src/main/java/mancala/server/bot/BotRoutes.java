package mancala.server.bot;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import mancala.rules.Side;
import mancala.server.account.Account;
import mancala.server.account.Accounts;
import mancala.server.account.Player;
import mancala.server.challenge.Challenge;
import mancala.server.challenge.Challenges;
import mancala.server.clock.ClockInput;
import mancala.server.clock.TimeControl;
import mancala.server.error.DomainError;
import mancala.server.game.GamePlayers;
import mancala.server.game.GamePlayersStore;
import mancala.server.game.GameService;
import mancala.server.game.GameState;
import mancala.server.game.PlayerDirectory;
import mancala.server.game.SeatProtocol;
import mancala.server.http.Json;
import mancala.server.http.Routes;
import mancala.server.store.ChangeFeed;
import mancala.server.token.ApiTokens;
import mancala.server.token.Scope;
import mancala.server.token.TokenAuth;
import mancala.server.tournament.Tournaments;
import org.jdbi.v3.core.Jdbi;

/**
 * The Bot API and the Board API, shaped like lichess's so that its clients carry over: a program plays for an
 * account with a personal API token. Bots (accounts upgraded with {@code POST /api/bot/account/upgrade}, scope
 * {@code bot:play}) use {@code /api/bot/…}; people playing from their own programs (scope {@code board:play}) use the
 * same paths under {@code /api/board/…}.
 * <ul>
 *   <li>{@code GET /api/stream/event}: NDJSON {@code challenge}, {@code challengeCanceled},
 *       {@code challengeDeclined}, {@code gameStart}, {@code gameFinish}; a blank line every few seconds.</li>
 *   <li>{@code POST /api/challenge/{username}} (make a challenge), {@code POST /api/challenge/{id}/accept} and
 *       {@code /decline}.</li>
 *   <li>{@code GET /api/bot/game/stream/{id}}: {@code gameFull}, then a {@code gameState} on every change and at
 *       the end ({@link GameJson}).</li>
 *   <li>{@code POST /api/bot/game/{id}/move/{pit}} (the pit's letter), {@code /resign}, {@code /abort},
 *       {@code /draw/yes} (offer, or accept the opponent's offer), {@code /draw/no}.</li>
 *   <li>{@code POST /api/tournament/{id}/join} and {@code /leave} (scope {@code tournament:write}).</li>
 * </ul>
 * Every action goes through the game service like a page's (the same seat, rules, clock and database), with the seat
 * of the token's account.
 */
public final class BotRoutes implements Routes, AutoCloseable {
    private final TokenAuth auth;
    private final Accounts accounts;
    private final GameService games;
    private final GamePlayersStore players;
    private final Challenges challenges;
    private final Tournaments tournaments;
    private final Streams streams;

    /**
     * @param directory who plays under a player key (names)
     * @param feed      the change feed that brings changes made on any instance
     */
    public BotRoutes(TokenAuth auth, Accounts accounts, PlayerDirectory directory, GameService games,
                     GamePlayersStore players, Challenges challenges, Tournaments tournaments, Jdbi jdbi,
                     ObjectMapper mapper, ChangeFeed feed) {
        this.auth = auth;
        this.accounts = accounts;
        this.games = games;
        this.players = players;
        this.challenges = challenges;
        this.tournaments = tournaments;
        GameJson.Names names = new GameJson.Names() {
            @Override
            public String username(String playerKey) {
                return playerKey == null ? null : directory.username(playerKey);
            }

            @Override
            public boolean bot(String playerKey) {
                Long id = GamePlayers.accountId(playerKey);
                return id != null && accounts.isBot(id);
            }
        };
        this.streams = new Streams(games, players, challenges, jdbi, mapper, feed, names);
    }

    /** @return the API streams open on this instance now. */
    public int openStreams() {
        return streams.open();
    }

    @Override
    public void register(Javalin app) {
        app.post("/api/bot/account/upgrade", this::upgrade);
        app.get("/api/stream/event", this::eventStream);
        app.post("/api/challenge/{id}/accept", this::accept);
        app.post("/api/challenge/{id}/decline", this::decline);
        app.post("/api/challenge/{username}", this::challenge);
        app.post("/api/tournament/{id}/join", ctx -> {
            tournaments.join(auth.require(ctx, "joining a tournament", Scope.TOURNAMENT_WRITE).account(),
                    ctx.pathParam("id"));
            ok(ctx);
        });
        app.post("/api/tournament/{id}/leave", ctx -> {
            tournaments.leave(auth.require(ctx, "leaving a tournament", Scope.TOURNAMENT_WRITE).account(),
                    ctx.pathParam("id"));
            ok(ctx);
        });
        for (String api : new String[] {"bot", "board"}) {
            app.get("/api/" + api + "/game/stream/{id}", ctx -> gameStream(ctx, api));
            app.post("/api/" + api + "/game/{id}/move/{pit}", ctx -> act(ctx, api,
                    (g, seat, now) -> SeatProtocol.move(g, seat, ctx.pathParam("pit"), null, now)));
            app.post("/api/" + api + "/game/{id}/resign", ctx -> act(ctx, api, SeatProtocol::resign));
            app.post("/api/" + api + "/game/{id}/abort", ctx -> act(ctx, api, SeatProtocol::abort));
            app.post("/api/" + api + "/game/{id}/draw/yes", ctx -> act(ctx, api, (g, seat, now) -> {
                try {
                    return SeatProtocol.acceptDraw(g, seat, now);
                } catch (DomainError e) {
                    if (!"no-offer".equals(e.code())) {
                        throw e;
                    }
                    return SeatProtocol.offerDraw(g, seat, now);
                }
            }));
            app.post("/api/" + api + "/game/{id}/draw/no", ctx -> act(ctx, api, SeatProtocol::decline));
        }
    }

    private static void ok(Context ctx) {
        ctx.json(Map.of("ok", true));
    }

    /** The token's holder for {@code api} ({@code bot} or {@code board}), checked against the account's kind. */
    private ApiTokens.Holder player(Context ctx, String api) {
        boolean bot = api.equals("bot");
        ApiTokens.Holder h = bot ? auth.require(ctx, "playing as a bot", Scope.BOT_PLAY)
                : auth.require(ctx, "playing from a program", Scope.BOARD_PLAY);
        if (bot && !h.bot()) {
            throw DomainError.forbidden("not-a-bot", "this account is no bot: upgrade it first with POST "
                    + "/api/bot/account/upgrade, or play through /api/board/", Map.of());
        }
        if (!bot && h.bot()) {
            throw DomainError.forbidden("bot-account", "a bot account plays through /api/bot/", Map.of());
        }
        return h;
    }

    private void upgrade(Context ctx) {
        ApiTokens.Holder h = auth.require(ctx, "upgrading to a bot", Scope.BOT_PLAY);
        if (!h.bot() && !accounts.upgradeToBot(h.account().id())) {
            throw DomainError.conflict("has-games", "only an account that has played no game may become a bot",
                    Map.of());
        }
        ok(ctx);
    }

    private void eventStream(Context ctx) {
        ApiTokens.Holder h = auth.require(ctx, "the event stream", Scope.BOT_PLAY, Scope.BOARD_PLAY,
                Scope.CHALLENGE_READ);
        String key = h.account().playerKey();
        stream(ctx, out -> streams.openEvents(key, out));
    }

    private void gameStream(Context ctx, String api) {
        ApiTokens.Holder h = player(ctx, api);
        String id = ctx.pathParam("id");
        GameState g = games.find(id);
        side(h.account(), id);
        String key = h.account().playerKey();
        stream(ctx, out -> streams.openGame(key, g, out));
    }

    /** Answers with an NDJSON stream: the request stays open, written without a waiting thread. */
    private static void stream(Context ctx, java.util.function.Consumer<NdjsonStream> start) {
        ctx.future(() -> {
            NdjsonStream out;
            try {
                out = NdjsonStream.open(ctx);
            } catch (IOException e) {
                return CompletableFuture.completedFuture(null);
            }
            start.accept(out);
            return out.done();
        });
    }

    /** @return the side {@code a} plays in game {@code id}. @throws DomainError NOT_FOUND when none */
    private Side side(Account a, String id) {
        GamePlayers m = players.find(id).orElse(null);
        Side side = m == null ? null : m.sideOf(a.playerKey());
        if (side == null) {
            throw new DomainError(DomainError.Kind.NOT_FOUND, "no-seat", "you do not play in game '{id}'",
                    Map.of("id", DomainError.echo(id)));
        }
        return side;
    }

    private void act(Context ctx, String api, GameService.Seated action) {
        ApiTokens.Holder h = player(ctx, api);
        String id = ctx.pathParam("id");
        Side side = side(h.account(), id);
        String seat = players.find(id).orElseThrow().seat(side);
        games.act(id, seat, action);
        ok(ctx);
    }

    private static Player asPlayer(Account a) {
        return new Player(a.playerKey(), a.username(), a);
    }

    private void challenge(Context ctx) {
        ApiTokens.Holder h = auth.require(ctx, "making a challenge", Scope.CHALLENGE_WRITE, Scope.BOT_PLAY);
        ObjectNode b = Json.body(ctx, Set.of("game", "options", "clock", "rated", "side"));
        TimeControl tc = ClockInput.read(b.get("clock"));
        String to = ctx.pathParam("username");
        Challenge c = challenges.post(asPlayer(h.account()), "open", Json.text(b, "game"), Json.text(b, "options"),
                tc, Json.bool(b, "rated", false), Json.text(b, "side"), to, null);
        Map<String, Object> out = new LinkedHashMap<>(c.view(to));
        ctx.status(201).json(out);
    }

    private void accept(Context ctx) {
        ApiTokens.Holder h = auth.require(ctx, "accepting a challenge", Scope.CHALLENGE_WRITE, Scope.BOT_PLAY,
                Scope.BOARD_PLAY);
        Map<String, Object> started = challenges.accept(asPlayer(h.account()), ctx.pathParam("id"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ok", true);
        out.put("gameId", started.get("gameId"));
        out.put("side", started.get("side"));
        ctx.json(out);
    }

    private void decline(Context ctx) {
        ApiTokens.Holder h = auth.require(ctx, "declining a challenge", Scope.CHALLENGE_WRITE, Scope.BOT_PLAY,
                Scope.BOARD_PLAY);
        challenges.decline(asPlayer(h.account()), ctx.pathParam("id"));
        ok(ctx);
    }

    /** Ends every stream (the server stops). */
    @Override
    public void close() {
        streams.close();
    }
}
