package mancala.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * An API client with its own cookies (a browser's session, guest and seat cookies), for the community tests. Every
 * JSON reply it gets is checked against {@code /api/openapi.json} by {@link OpenApiCheck}.
 */
final class CommunityClient {
    static final ObjectMapper JSON = new ObjectMapper();
    private final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
    private final HttpClient http;
    private final String base;
    private final OpenApiCheck check;

    CommunityClient(int port, OpenApiCheck check) {
        this.base = "http://127.0.0.1:" + port;
        this.check = check;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).cookieHandler(cookies).build();
    }

    /** A reply: status, headers of note, body and the body as JSON. */
    record Reply(int status, String body, JsonNode json, HttpResponse<String> raw) {
        JsonNode get(String field) {
            return json.get(field);
        }
    }

    Reply get(String path) {
        return send("GET", path, null, null);
    }

    Reply post(String path, String body) {
        return send("POST", path, body, null);
    }

    Reply post(String path, String body, String seat) {
        return send("POST", path, body, seat);
    }

    Reply delete(String path) {
        return send("DELETE", path, null, null);
    }

    /** @return the value of a cookie this client holds, or null. */
    String cookie(String name) {
        for (HttpCookie c : cookies.getCookieStore().getCookies()) {
            if (c.getName().equals(name)) {
                return c.getValue();
            }
        }
        return null;
    }

    /** Drops the seat cookies of finished games (a player of many games would otherwise send them all). */
    void forgetSeats() {
        java.util.List<java.net.URI> uris = java.util.List.copyOf(cookies.getCookieStore().getURIs());
        for (HttpCookie c : java.util.List.copyOf(cookies.getCookieStore().getCookies())) {
            if (c.getName().startsWith("mancala-seat-")) {
                uris.forEach(u -> cookies.getCookieStore().remove(u, c));
                cookies.getCookieStore().remove(null, c);
            }
        }
    }

    /** @return the cookie itself, or null. */
    HttpCookie cookieObject(String name) {
        for (HttpCookie c : cookies.getCookieStore().getCookies()) {
            if (c.getName().equals(name)) {
                return c;
            }
        }
        return null;
    }

    private Reply send(String method, String path, String body, String seat) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (seat != null) {
            b.header("X-Seat-Token", seat);
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode json = null;
            try {
                json = r.body().isEmpty() ? null : JSON.readTree(r.body());
            } catch (IOException e) {
                // not JSON: a record
            }
            if (check != null) {
                check.response(method, path, r.statusCode(), r.headers().firstValue("Content-Type").orElse(""),
                        json);
            }
            return new Reply(r.statusCode(), r.body(), json, r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
