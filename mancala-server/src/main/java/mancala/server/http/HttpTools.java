package mancala.server.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import mancala.server.engine.EngineQueue;
import mancala.server.error.DomainError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every route class reads requests and writes answers with: the JSON mapper, the error mapper and the rate
 * limits; and the one way an answer computed later (on the engine queue) is written.
 *
 * @param mapper the server's JSON mapper
 * @param errors the mapping of errors to HTTP
 * @param limits the per-client rate limits
 */
public record HttpTools(ObjectMapper mapper, HttpErrors errors, RateLimits limits) {
    private static final Logger log = LoggerFactory.getLogger(HttpTools.class);

    /** @return the client address of the request, as the rate limits count it. */
    public static String client(Context ctx) {
        return ClientAddress.of(ctx.req());
    }

    /**
     * Runs {@code work} on the engine queue for the caller, once the rate limit of {@code action} lets him, and
     * answers with {@code answer} when it is done.
     */
    public <T> void onEngine(Context ctx, EngineQueue engine, RateLimits.Action action, Supplier<T> work,
                             Consumer<T> answer) {
        String client = client(ctx);
        limits.check(action, client);
        answerLater(ctx, engine.submit(client, work), answer);
    }

    /**
     * Answers the request when {@code work} completes: {@code answer} with its value, else the error it failed with
     * ({@link DomainError} as such, anything else as a logged 500).
     */
    public <T> void answerLater(Context ctx, CompletableFuture<T> work, Consumer<T> answer) {
        ctx.future(() -> work.handle((r, t) -> {
            if (t != null) {
                fail(ctx, t);
            } else {
                answer.accept(r);
            }
            return null;
        }));
    }

    /** Answers a request whose work failed with {@code t}. */
    public void fail(Context ctx, Throwable t) {
        Throwable cause = HttpErrors.unwrap(t);
        if (cause instanceof DomainError d) {
            errors.write(ctx, d);
        } else {
            log.error("{} {} failed", ctx.method(), ctx.path(), cause);
            errors.writeInternal(ctx);
        }
    }
}
