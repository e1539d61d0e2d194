package mancala.server.account;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.server.board.RulesInput;
import mancala.server.error.DomainError;
import mancala.server.game.GamePlayersStore;
import mancala.server.http.Routes;
import mancala.server.rating.RatingStore;
import org.jdbi.v3.core.Jdbi;

/**
 * A player's page: {@code GET /api/players/{name}}, his ratings with their history, how many games he aborted, and his
 * games, filtered by
 * {@code game}, {@code result} ({@code win}, {@code loss}, {@code draw}) and {@code opponent}.
 */
public final class ProfileRoutes implements Routes {
    private final Jdbi jdbi;
    private final Accounts accounts;
    private final PlayerGamesStore games;

    /** @param jdbi the database */
    public ProfileRoutes(Jdbi jdbi, Accounts accounts) {
        this.jdbi = jdbi;
        this.accounts = accounts;
        this.games = new PlayerGamesStore(jdbi, accounts);
    }

    @Override
    public void register(Javalin app) {
        app.get("/api/players/{name}", this::player);
    }

    private void player(Context ctx) {
        String name = ctx.pathParam("name");
        Account a = accounts.find(name).orElseThrow(() -> new DomainError(DomainError.Kind.NOT_FOUND,
                "unknown-player", "there is no player named '{name}'", Map.of("name", DomainError.echo(name))));
        String game = ctx.queryParam("game");
        if (game != null) {
            RulesInput.game(game);
        }
        String result = ctx.queryParam("result");
        if (result != null && !List.of("win", "loss", "draw").contains(result)) {
            throw DomainError.badRequest("result must be win, loss or draw, not '{result}'",
                    Map.of("result", DomainError.echo(result)));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("username", a.username());
        out.put("title", accounts.isBot(a.id()) ? "BOT" : null);
        out.put("createdAt", a.createdAt().toString());
        out.put("ratings", jdbi.withHandle(h -> RatingStore.ofPlayer(h, a.id())));
        // games he aborted before his first move, shown on his page (as lichess counts them)
        out.put("aborts", jdbi.withHandle(h -> GamePlayersStore.abortsBy(h, a.playerKey())));
        out.put("games", games.games(a, game, result, ctx.queryParam("opponent")));
        ctx.json(out);
    }
}
