package mancala.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import mancala.server.error.DomainError;

/**
 * JSON of the API: the server's mapper, and request bodies read as objects with only known fields. Error messages
 * repeat at most {@link DomainError#MAX_ECHO} characters of what the client sent.
 */
public final class Json {
    private static final ObjectMapper MAPPER = mapper();

    private Json() {
    }

    /** @return the JSON mapper of the server: strict about unknown fields, so typos are reported. */
    public static ObjectMapper mapper() {
        return new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /**
     * Reads the body (already limited by {@link HttpGuard}) as a JSON object with only the {@code allowed} fields;
     * an empty body is an empty object.
     *
     * @throws DomainError INVALID ({@code malformed-json}, {@code unknown-field})
     */
    public static ObjectNode body(ObjectMapper mapper, Context ctx, Set<String> allowed) {
        return parse(mapper, ctx.body(), allowed);
    }

    /** As {@link #body(ObjectMapper, Context, Set)} with the server's mapper. */
    public static ObjectNode body(Context ctx, Set<String> allowed) {
        return parse(MAPPER, ctx.body(), allowed);
    }

    /** As {@link #body}, for a text (a WebSocket message). */
    public static ObjectNode parse(ObjectMapper mapper, String body, Set<String> allowed) {
        if (body == null || body.isBlank()) {
            return mapper.createObjectNode();
        }
        JsonNode node;
        try {
            node = mapper.readTree(body);
        } catch (JsonProcessingException e) {
            // A broken limit (nesting too deep, a number too long) has no location.
            String where = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")";
            String reason = e.getOriginalMessage();
            if (reason != null && reason.length() > 120) {
                reason = reason.substring(0, 120) + "…";
            }
            throw DomainError.invalid("malformed-json", "the body is not valid JSON: {reason}{where}",
                    Map.of("reason", reason == null ? "" : reason, "where", where));
        }
        if (!(node instanceof ObjectNode obj)) {
            throw DomainError.invalid("malformed-json", "the body must be a JSON object", Map.of());
        }
        List<String> unknown = new ArrayList<>();
        obj.fieldNames().forEachRemaining(f -> {
            if (!allowed.contains(f) && unknown.size() < 5) {
                unknown.add(DomainError.echo(f));
            }
        });
        if (!unknown.isEmpty()) {
            throw DomainError.invalid("unknown-field", "unknown field(s) {fields}; allowed: {allowed}",
                    Map.of("fields", unknown.toString(), "allowed",
                            allowed.isEmpty() ? "none" : String.join(", ", new TreeSet<>(allowed))));
        }
        return obj;
    }

    /** @return the text of {@code field}, or null. @throws DomainError INVALID when it is not a string */
    public static String text(ObjectNode b, String field) {
        JsonNode n = b.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isTextual()) {
            throw DomainError.badRequest("{field} must be a string", Map.of("field", field));
        }
        return n.asText();
    }

    /** @return the whole number in {@code field}, or null. @throws DomainError INVALID when it is not one */
    public static Integer integer(ObjectNode b, String field, String what) {
        JsonNode n = b.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isInt()) {
            throw DomainError.badRequest("{field} must be a whole number{what}", Map.of("field", field, "what", what));
        }
        return n.asInt();
    }

    /** @return the boolean of {@code field}, or {@code absent}. @throws DomainError INVALID when not a boolean */
    public static boolean bool(ObjectNode b, String field, boolean absent) {
        JsonNode n = b.get(field);
        if (n == null || n.isNull()) {
            return absent;
        }
        if (!n.isBoolean()) {
            throw DomainError.badRequest("{field} must be true or false", Map.of("field", field));
        }
        return n.asBoolean();
    }
}
