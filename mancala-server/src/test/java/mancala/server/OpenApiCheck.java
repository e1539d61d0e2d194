package mancala.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Checks API replies against the OpenAPI document the server serves: the path and method must be described, the
 * status must be one of the operation's responses, and a JSON body must match the response's schema (types,
 * required and nullable fields, enums, array items, object properties; {@code $ref}s followed). The subset of
 * JSON Schema the document uses, nothing more.
 */
final class OpenApiCheck {
    private final JsonNode doc;
    private final List<String> problems = new ArrayList<>();
    private int checked;

    OpenApiCheck() {
        try (InputStream in = OpenApiCheck.class.getResourceAsStream("/openapi.json")) {
            doc = CommunityClient.JSON.readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return the problems found so far, each naming the request and where in the body. */
    synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    /** @return how many replies were checked. */
    synchronized int checked() {
        return checked;
    }

    synchronized void response(String method, String fullPath, int status, String contentType, JsonNode body) {
        checked++;
        String path = fullPath.contains("?") ? fullPath.substring(0, fullPath.indexOf('?')) : fullPath;
        String where = method + " " + path + " " + status;
        JsonNode op = operation(path, method.toLowerCase(java.util.Locale.ROOT));
        if (op == null) {
            problems.add(where + ": not described");
            return;
        }
        JsonNode responses = op.get("responses");
        JsonNode resp = responses.get(String.valueOf(status));
        if (resp == null) {
            resp = responses.get("default");
        }
        if (resp == null) {
            problems.add(where + ": status not described (described: " + names(responses) + ")");
            return;
        }
        resp = resolve(resp);
        JsonNode content = resp.get("content");
        if (content == null) {
            if (body != null && status != 204) {
                problems.add(where + ": a body where none is described");
            }
            return;
        }
        JsonNode media = content.get("application/json");
        if (media == null) {
            return; // a record, a page
        }
        if (body == null) {
            problems.add(where + ": no JSON body");
            return;
        }
        if (media.has("schema")) {
            check(where, "$", media.get("schema"), body);
        }
    }

    private JsonNode operation(String path, String method) {
        String[] parts = path.split("/");
        Iterator<Map.Entry<String, JsonNode>> it = doc.get("paths").properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String[] t = e.getKey().split("/");
            if (t.length != parts.length) {
                continue;
            }
            boolean match = true;
            for (int i = 0; i < t.length && match; i++) {
                match = t[i].startsWith("{") || t[i].equals(parts[i]);
            }
            if (match && e.getValue().has(method)) {
                return e.getValue().get(method);
            }
        }
        return null;
    }

    private JsonNode resolve(JsonNode n) {
        while (n.has("$ref")) {
            String ref = n.get("$ref").asText();
            JsonNode target = doc;
            for (String seg : ref.substring(2).split("/")) {
                target = target.get(seg);
            }
            n = target;
        }
        return n;
    }

    private void check(String where, String at, JsonNode schema, JsonNode value) {
        schema = resolve(schema);
        if (value.isNull()) {
            if (!schema.path("nullable").asBoolean(false)) {
                problems.add(where + ": " + at + " is null but not nullable");
            }
            return;
        }
        String type = schema.path("type").asText("");
        boolean ok = switch (type) {
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "string" -> value.isTextual();
            case "integer" -> value.isIntegralNumber();
            case "number" -> value.isNumber();
            case "boolean" -> value.isBoolean();
            default -> true;
        };
        if (!ok) {
            problems.add(where + ": " + at + " should be " + type + ", is " + value.getNodeType());
            return;
        }
        if (schema.has("enum")) {
            boolean found = false;
            for (JsonNode e : schema.get("enum")) {
                found |= e.equals(value);
            }
            if (!found) {
                problems.add(where + ": " + at + " = " + value + " is not one of " + schema.get("enum"));
            }
        }
        if (value.isObject()) {
            for (JsonNode r : schema.path("required")) {
                if (!value.has(r.asText())) {
                    problems.add(where + ": " + at + " lacks required " + r.asText());
                }
            }
            JsonNode props = schema.path("properties");
            Iterator<Map.Entry<String, JsonNode>> f = value.properties().iterator();
            while (f.hasNext()) {
                Map.Entry<String, JsonNode> e = f.next();
                if (props.has(e.getKey())) {
                    check(where, at + "." + e.getKey(), props.get(e.getKey()), e.getValue());
                } else if (schema.has("additionalProperties") && schema.get("additionalProperties").isObject()) {
                    check(where, at + "." + e.getKey(), schema.get("additionalProperties"), e.getValue());
                }
            }
        }
        if (value.isArray() && schema.has("items")) {
            for (int i = 0; i < value.size(); i++) {
                check(where, at + "[" + i + "]", schema.get("items"), value.get(i));
            }
        }
    }

    private static String names(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return String.join(", ", out);
    }
}
