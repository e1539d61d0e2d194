package mancala.server.http;

import mancala.notation.RulesDocument;

import io.javalin.Javalin;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The API's published documents: its OpenAPI document {@code GET /api/openapi.json} (the class path resource
 * {@code /openapi.json}), and the machine-readable rules {@code GET /api/rules} (every game, option and starting
 * position, generated from the rules code: {@link RulesDocument}; its schema is {@code docs/rules.schema.json}).
 */
public final class OpenApiRoutes implements Routes {
    private static volatile String openApi;
    private static final String RULES = RulesDocument.json();

    @Override
    public void register(Javalin app) {
        app.get("/api/openapi.json", ctx -> ctx.contentType("application/json").result(openApi()));
        app.get("/api/rules", ctx -> ctx.contentType("application/json").result(RULES));
    }

    private static String openApi() {
        String doc = openApi;
        if (doc == null) {
            try (InputStream in = OpenApiRoutes.class.getResourceAsStream("/openapi.json")) {
                if (in == null) {
                    throw new IllegalStateException("openapi.json is missing from the server's resources");
                }
                doc = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                openApi = doc;
            } catch (IOException e) {
                throw new IllegalStateException("cannot read openapi.json", e);
            }
        }
        return doc;
    }
}
