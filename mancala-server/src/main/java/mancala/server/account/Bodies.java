package mancala.server.account;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import java.util.Set;
import mancala.server.api.ApiException;
import mancala.server.api.Json;

/** Reading JSON request bodies the way the whole API does: an object with known fields only. */
public final class Bodies {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Bodies() {
    }

    /**
     * @return the body as an object holding only {@code allowed} fields; an empty body is an empty object (the
     *         core's {@link Json#body}, so every route reads bodies and words its errors alike)
     * @throws mancala.server.error.DomainError 400 {@code malformed-json} or {@code unknown-field}
     */
    public static ObjectNode read(Context ctx, Set<String> allowed) {
        return Json.body(MAPPER, ctx, allowed);
    }

    /** @return the text of {@code field}, or null when absent. @throws mancala.server.error.DomainError 400 when not a string */
    public static String text(ObjectNode b, String field) {
        return Json.text(b, field);
    }

    /** @return the boolean of {@code field}, or {@code absent}. @throws ApiException 400 when not a boolean */
    public static boolean bool(ObjectNode b, String field, boolean absent) {
        JsonNode n = b.get(field);
        if (n == null || n.isNull()) {
            return absent;
        }
        if (!n.isBoolean()) {
            throw ApiException.badRequest(field + " must be true or false");
        }
        return n.asBoolean();
    }

    /** @return the whole number of {@code field}, or null. @throws ApiException 400 when not one */
    public static Integer whole(ObjectNode b, String field) {
        JsonNode n = b.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isInt()) {
            throw ApiException.badRequest(field + " must be a whole number");
        }
        return n.asInt();
    }
}
