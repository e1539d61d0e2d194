package mancala.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A small HTTP client for the API tests: JSON in, status and JSON out. Loopback only. */
final class TestClient {
    static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    TestClient(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    /** A response: status, raw body and the body read as JSON (null when it is not JSON). */
    record Reply(int status, String body, JsonNode json) {
        JsonNode get(String field) {
            return json.get(field);
        }
    }

    Reply get(String path, String token) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET(), token);
    }

    Reply post(String path, String body, String token) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body == null ? "" : body)), token);
    }

    Reply post(String path, String body) {
        return post(path, body, null);
    }

    private Reply send(HttpRequest.Builder b, String token) {
        if (token != null) {
            b.header("X-Seat-Token", token);
        }
        try {
            HttpResponse<String> r = http.send(b.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode json = null;
            try {
                json = JSON.readTree(r.body());
            } catch (IOException e) {
                // not JSON: a record, a page
            }
            return new Reply(r.statusCode(), r.body(), json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Creates a game and returns the creation reply (id, seatToken, game…). */
    Reply create(String json) {
        Reply r = post("/api/games", json);
        if (r.status() != 201) {
            throw new AssertionError("create failed: " + r.status() + " " + r.body());
        }
        return r;
    }

    String base() {
        return base;
    }
}
