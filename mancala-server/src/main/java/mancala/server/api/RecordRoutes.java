package mancala.server.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import mancala.server.error.DomainError;
import mancala.server.play.Analyser;

/**
 * Pasted or uploaded records ({@code POST /api/records/analyse}: replayed and analysed on the engine queue) and
 * the OpenAPI document ({@code GET /api/openapi.json}).
 */
public final class RecordRoutes implements ServerContext.Routes {
    private final ServerContext sc;
    private static volatile String openApi;

    /** @param sc the server's context */
    public RecordRoutes(ServerContext sc) {
        this.sc = sc;
    }

    @Override
    public void register(Javalin app) {
        app.get("/api/openapi.json", ctx -> ctx.contentType("application/json").result(openApi()));
        app.post("/api/records/analyse", this::analyseRecord);
    }

    private void analyseRecord(Context ctx) {
        ObjectNode b = Json.body(sc.mapper(), ctx, Set.of("text", "source"));
        String text = Json.text(b, "text");
        if (text == null || text.isBlank()) {
            throw DomainError.badRequest("body must hold the record: {\"text\": \"[Game \\\"hawalis\\\"] …\"}",
                    Map.of());
        }
        String given = Json.text(b, "source");
        String source = given == null ? "pasted record" : DomainError.echo(given);
        String client = ClientAddress.of(ctx.req());
        sc.limits().check(RateLimits.Action.ANALYSIS, client);
        CompletableFuture<Map<String, Object>> f = sc.engine().submit(client,
                () -> Analyser.analyseRecord(text, source));
        ctx.future(() -> f.handle((r, t) -> {
            if (t != null) {
                Throwable cause = HttpErrors.unwrap(t);
                if (cause instanceof DomainError d) {
                    sc.errors().write(ctx, d);
                } else {
                    org.slf4j.LoggerFactory.getLogger(RecordRoutes.class).error("record analysis failed", cause);
                    sc.errors().writeInternal(ctx);
                }
            } else {
                ctx.json(r);
            }
            return null;
        }));
    }

    private static String openApi() {
        String doc = openApi;
        if (doc == null) {
            try (InputStream in = RecordRoutes.class.getResourceAsStream("/openapi.json")) {
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
