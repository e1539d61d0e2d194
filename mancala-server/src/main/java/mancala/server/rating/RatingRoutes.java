package mancala.server.rating;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.Map;
import mancala.server.board.RulesInput;
import mancala.rules.GameKind;
import mancala.server.http.Routes;
import org.jdbi.v3.core.Jdbi;

/** The leaderboards: {@code GET /api/leaderboards/{game}}, the best-rated 100 players of a game. */
public final class RatingRoutes implements Routes {
    private final Jdbi jdbi;

    /** @param jdbi the database */
    public RatingRoutes(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    @Override
    public void register(Javalin app) {
        app.get("/api/leaderboards/{game}", this::leaderboard);
    }

    private void leaderboard(Context ctx) {
        GameKind gk = RulesInput.game(ctx.pathParam("game"));
        ctx.json(Map.of("game", gk.key(), "players", jdbi.withHandle(h -> RatingStore.leaderboard(h, gk.key(), 100))));
    }
}
