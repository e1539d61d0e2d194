package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mancala.server.config.ServerConfig;
import mancala.server.store.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One browser, 200 games: it holds one seats cookie (so its requests never grow towards HTTP 431) and each game's
 * seat is found from it, its first game's as well as its last. On H2 and PostgreSQL.
 */
class OneSeatCookieTest {
    @TempDir
    Path dir;

    @Test
    void oneCookieCarriesEverySeatOnH2() throws Exception {
        run(Database.h2FileUrl(dir.resolve("seats")), null, null);
    }

    @Test
    @Tag("postgres")
    void oneCookieCarriesEverySeatOnPostgres() throws Exception {
        Services.requirePostgres();
        run(Services.PG_URL, Services.PG_USER, Services.PG_PASSWORD);
    }

    private void run(String url, String user, String password) throws Exception {
        try (MancalaServer server = MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(url, user, password).withAiDelay(Duration.ZERO).withRateLimitScale(1000))) {
            CookieManager jar = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
            HttpClient http = HttpClient.newBuilder().cookieHandler(jar).build();
            String base = "http://127.0.0.1:" + server.port();
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/api/games"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"game\":\"hawalis\",\"mode\":\"invite\"}"))
                        .build(), HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
                ids.add(TestClient.JSON.readTree(r.body()).get("id").asText());
            }
            List<HttpCookie> cookies = jar.getCookieStore().getCookies();
            assertThat(cookies).extracting(HttpCookie::getName).containsExactly("mancala-seats");
            for (String id : List.of(ids.get(0), ids.get(199))) {
                HttpResponse<String> g = http.send(HttpRequest.newBuilder(URI.create(base + "/api/games/" + id))
                        .build(), HttpResponse.BodyHandlers.ofString());
                assertThat(TestClient.JSON.readTree(g.body()).get("you").asText()).isIn("south", "north");
            }
            // another browser (no cookie) holds no seat
            HttpResponse<String> other = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(base + "/api/games/" + ids.get(0))).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(TestClient.JSON.readTree(other.body()).get("you").isNull()).isTrue();
        }
    }
}
