package mancala.server.analysis;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.Map;
import java.util.Set;
import mancala.server.engine.EngineQueue;
import mancala.server.error.DomainError;
import mancala.server.game.GameService;
import mancala.server.game.GameState;
import mancala.server.http.HttpTools;
import mancala.server.http.Json;
import mancala.server.http.RateLimits;
import mancala.server.http.Routes;

/**
 * Analyses on the engine queue: a game of the server ({@code GET /api/games/{id}/analysis}), a pasted or uploaded
 * record ({@code POST /api/records/analyse}), and the analysis board's live search over {@code /ws/analysis}
 * ({@link AnalysisSocket}).
 */
public final class AnalysisRoutes implements Routes {
    private final HttpTools web;
    private final EngineQueue engine;
    private final GameService games;

    /** @param engine the queue engine work runs on */
    public AnalysisRoutes(HttpTools web, EngineQueue engine, GameService games) {
        this.web = web;
        this.engine = engine;
        this.games = games;
    }

    @Override
    public void register(Javalin app) {
        app.get("/api/games/{id}/analysis", this::analyseGame);
        app.post("/api/records/analyse", this::analyseRecord);
        new AnalysisSocket(web, engine).register(app);
    }

    private void analyseGame(Context ctx) {
        GameState g = games.find(ctx.pathParam("id"));
        Analyser.requireAnalysable(g);
        String client = HttpTools.client(ctx);
        web.limits().check(RateLimits.Action.ANALYSIS, client);
        web.answerLater(ctx, engine.submit(client, () -> Analyser.analyseGame(g)), ctx::json);
    }

    private void analyseRecord(Context ctx) {
        ObjectNode b = Json.body(web.mapper(), ctx, Set.of("text", "source"));
        String text = Json.text(b, "text");
        if (text == null || text.isBlank()) {
            throw DomainError.badRequest("body must hold the record: {\"text\": \"[Game \\\"hawalis\\\"] …\"}",
                    Map.of());
        }
        String given = Json.text(b, "source");
        String source = given == null ? "pasted record" : DomainError.echo(given);
        String client = HttpTools.client(ctx);
        web.limits().check(RateLimits.Action.ANALYSIS, client);
        web.answerLater(ctx, engine.submit(client, () -> Analyser.analyseRecord(text, source)), ctx::json);
    }
}
