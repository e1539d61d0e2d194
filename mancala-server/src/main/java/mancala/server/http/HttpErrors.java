package mancala.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.http.HttpResponseException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import mancala.server.error.DomainError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where errors become HTTP: each {@link DomainError.Kind} has its status ({@link #status}), and every
 * refusal is written as {@code {"status", "error", "message", "details"}} with the message rendered by the
 * server's {@link MessageRenderer} (the request's language; English by default). Anything else a handler throws is
 * a 500 whose body names no exception: the cause goes to the log only.
 */
public final class HttpErrors {
    private static final Logger log = LoggerFactory.getLogger(HttpErrors.class);

    /**
     * Renders an error's message for a request: from the message bundles in its language (chosen from the
     * {@code lang} cookie in the {@code Cookie} header, else {@code Accept-Language}), else English.
     */
    @FunctionalInterface
    public interface MessageRenderer {
        /**
         * @param headers the request's headers by name (null when absent); a WebSocket's are its upgrade request's
         * @return the message of {@code error} for the person who sent the request
         */
        String render(DomainError error, java.util.function.UnaryOperator<String> headers);
    }

    /** The English message of the error itself (its template filled). */
    public static final MessageRenderer ENGLISH = (e, r) -> e.getMessage();

    private final ObjectMapper mapper;
    private volatile MessageRenderer renderer = ENGLISH;

    /** @param mapper the server's JSON mapper */
    public HttpErrors(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** Sets how messages are rendered (the message bundles); English until set. */
    public void setRenderer(MessageRenderer renderer) {
        this.renderer = renderer;
    }

    /** @return the renderer in use. */
    public MessageRenderer renderer() {
        return renderer;
    }

    /** @return the HTTP status of a kind of refusal. */
    public static int status(DomainError.Kind kind) {
        return switch (kind) {
            case INVALID -> 400;
            case UNAUTHENTICATED -> 401;
            case FORBIDDEN -> 403;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case TOO_LARGE -> 413;
            case UNSUPPORTED_TYPE -> 415;
            case UNPROCESSABLE -> 422;
            case TOO_MANY -> 429;
            case UNAVAILABLE -> 503;
        };
    }

    /** Registers the mapping of every exception on {@code app}. */
    public void register(Javalin app) {
        app.exception(DomainError.class, (e, ctx) -> write(ctx, e));
        app.exception(HttpResponseException.class, (e, ctx) -> {
            if (e.getStatus() == 405) {
                // a path that exists for other methods: say which (the Allow header and the body)
                String allow = String.valueOf(e.getDetails().getOrDefault("availableMethods", ""));
                DomainError m = new DomainError(DomainError.Kind.INVALID, "method-not-allowed",
                        "{method} is not allowed on {path}: use {allow}", Map.of("method", ctx.method().name(),
                        "path", DomainError.echo(ctx.path()), "allow", allow));
                Map<String, Object> b = new LinkedHashMap<>(body(m, ctx.req()));
                b.put("status", 405);
                ctx.status(405).header("Allow", allow).json(b);
                return;
            }
            DomainError d = switch (e.getStatus()) {
                case 404 -> new DomainError(DomainError.Kind.NOT_FOUND, "not-found", "no such path", Map.of());
                case 413 -> tooLarge();
                default -> e.getStatus() < 500 ? DomainError.badRequest("the request is not valid", Map.of()) : null;
            };
            if (d == null) {
                log.error("{} {} failed with {}", ctx.method(), ctx.path(), e.getStatus());
                writeInternal(ctx);
            } else {
                write(ctx, d);
            }
        });
        app.exception(Exception.class, (e, ctx) -> {
            Throwable t = unwrap(e);
            if (t instanceof DomainError d) {
                write(ctx, d);
                return;
            }
            log.error("{} {} failed", ctx.method(), ctx.path(), t);
            writeInternal(ctx);
        });
        app.error(404, ctx -> {
            if (ctx.path().startsWith("/api/") && ctx.result() == null) {
                write(ctx, new DomainError(DomainError.Kind.NOT_FOUND, "not-found",
                        "no such API path: {method} {path}", Map.of("method", ctx.method().name(),
                        "path", DomainError.echo(ctx.path()))));
            }
        });
    }

    /** @return the cause of a future's failure. */
    public static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** @return the refusal of a body larger than {@link HttpGuard#MAX_BODY_BYTES}. */
    public static DomainError tooLarge() {
        return new DomainError(DomainError.Kind.TOO_LARGE, "too-large",
                "the request body is larger than {max} bytes", Map.of("max", HttpGuard.MAX_BODY_BYTES));
    }

    /** @return the error body of {@code e} for {@code request}. */
    public Map<String, Object> body(DomainError e, HttpServletRequest request) {
        return body(e, request::getHeader);
    }

    /** @return the error body of {@code e} for a request with these headers. */
    public Map<String, Object> body(DomainError e, java.util.function.UnaryOperator<String> headers) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", status(e.kind()));
        m.put("error", e.code());
        String message;
        try {
            message = renderer.render(e, headers);
        } catch (RuntimeException ex) {
            message = e.getMessage();
        }
        m.put("message", message);
        m.put("details", e.details());
        return m;
    }

    /** Writes {@code e} as the response of a handler (status, {@code Retry-After} when given, JSON body). */
    public void write(io.javalin.http.Context ctx, DomainError e) {
        ctx.status(status(e.kind()));
        if (e.retryAfterSeconds() > 0) {
            ctx.header("Retry-After", Integer.toString(e.retryAfterSeconds()));
        }
        ctx.json(body(e, ctx.req()));
    }

    /** Writes the 500 body of a handler. */
    public void writeInternal(io.javalin.http.Context ctx) {
        ctx.status(500).json(internalBody());
    }

    private static Map<String, Object> internalBody() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", 500);
        m.put("error", "internal");
        m.put("message", "the server failed; the error is logged");
        m.put("details", Map.of());
        return m;
    }

    /** Writes {@code e} as the response outside a handler (status, {@code Retry-After}, JSON body). */
    public void write(HttpServletRequest req, HttpServletResponse res, DomainError e) {
        res.setStatus(status(e.kind()));
        if (e.retryAfterSeconds() > 0) {
            res.setHeader("Retry-After", Integer.toString(e.retryAfterSeconds()));
        }
        writeJson(res, body(e, req));
    }

    /** Writes the 500 body: it says the server failed and nothing else. */
    public void writeInternal(HttpServletResponse res) {
        res.setStatus(500);
        writeJson(res, internalBody());
    }

    private void writeJson(HttpServletResponse res, Map<String, Object> body) {
        try {
            byte[] bytes = mapper.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
            res.setContentType("application/json; charset=utf-8");
            res.resetBuffer();
            res.getOutputStream().write(bytes);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write an error body", e);
        } catch (IOException | IllegalStateException e) {
            log.debug("cannot write an error body: {}", e.toString());
        }
    }
}
