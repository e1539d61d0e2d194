package mancala.server;

import mancala.server.config.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import mancala.server.store.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The attacks of a stranger on loopback, each a regression test of a defect the server had: bodies without a
 * length, watchers that die or never read, a restart that forgot the south seat, floods of games, hints and
 * analyses, untouched games, a damaged database file, requests from other sites, and what a refusal says.
 */
class AttackTest {
    @TempDir
    Path dir;
    MancalaServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    ServerConfig config() {
        return ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(Database.h2FileUrl(dir.resolve("games")), null, null).withAiDelay(Duration.ZERO)
                .withRateLimitScale(1000);
    }

    TestClient start(ServerConfig c) {
        server = MancalaServer.start(c);
        return new TestClient(server.port());
    }

    /** Defect 1: a chunked body is refused as soon as it passes the limit, on every route, before it ends. */
    @Test
    @Tag("slow")
    void chunkedBodiesOverTheLimitAreRefusedWhileReading() throws IOException {
        TestClient c = start(config());
        String id = c.create("{\"game\":\"al-manqala\",\"mode\":\"local\"}").get("id").asText();
        for (String route : List.of("POST /api/games", "POST /api/games/" + id + "/moves", "GET /api/games",
                "POST /api/records/analyse", "POST /nowhere", "GET /index.html")) {
            try (RawHttp raw = new RawHttp(server.port())) {
                raw.write(route + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n");
                String chunk = "{\"text\":\"" + "x".repeat(64 * 1024) + "\"}";
                String status = null;
                // Up to 16 MiB are offered; the server must answer long before.
                for (int i = 0; i < 256 && status == null; i++) {
                    try {
                        raw.write(Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n");
                    } catch (IOException closed) {
                        break;
                    }
                    if (raw.in.available() > 0) {
                        status = raw.readHeaders();
                    }
                }
                if (status == null) {
                    status = raw.readHeaders();
                }
                assertThat(status).as(route).startsWith("HTTP/1.1 413");
            }
        }
        // The server still answers, and the game is as it was.
        assertThat(c.get("/api/games/" + id, null).get("plies").asInt()).isZero();
    }

    /** Defect 4: the seat and name of an invited South survive a restart. */
    @Test
    void anInvitedSouthKeepsSeatAndNameAfterARestart() {
        TestClient c = start(config());
        TestClient.Reply created = c.create("{\"game\":\"al-manqala\",\"mode\":\"invite\",\"side\":\"north\","
                + "\"name\":\"Host\"}");
        String id = created.get("id").asText();
        TestClient.Reply joined = c.post("/api/games/" + id + "/join", "{\"code\":\""
                + created.get("inviteCode").asText() + "\",\"name\":\"Amal\"}");
        assertThat(joined.status()).as(joined.body()).isEqualTo(200);
        String south = joined.get("seatToken").asText();
        assertThat(joined.get("you").asText()).isEqualTo("south");
        server.close();
        c = start(config());
        JsonNode g = c.get("/api/games/" + id, south).json();
        assertThat(g.get("status").asText()).isEqualTo("playing");
        assertThat(g.get("you").asText()).isEqualTo("south");
        assertThat(g.get("players").get("south").get("name").asText()).isEqualTo("Amal");
        assertThat(c.post("/api/games/" + id + "/resign", null, south).status()).isEqualTo(200);
        server.close();
        c = start(config());
        JsonNode over = c.get("/api/games/" + id, null).json();
        assertThat(over.get("status").asText()).isEqualTo("over");
        assertThat(over.get("players").get("south").get("name").asText()).isEqualTo("Amal");
        assertThat(c.get("/api/games/" + id + "/record", null).body()).contains("[South \"Amal\"]")
                .contains("[North \"Host\"]");
    }

    /**
     * A guest's name in a game may not hide characters, turn text backwards, stack marks, or pose as an account or
     * the computer: each is a 4xx with its code, never stored.
     */
    @Test
    void guestNamesThatHideOrPoseAreRefused() {
        TestClient c = start(config());
        assertThat(c.post("/api/accounts", "{\"username\":\"Salma\",\"password\":\"seeds and pits\"}").status())
                .isEqualTo(201);
        java.util.Map<String, String> refused = new java.util.LinkedHashMap<>();
        refused.put("\u202Esuomynona", "400 name-invisible-character"); // right-to-left override
        refused.put("Sal\u200Dma", "400 name-invisible-character"); // zero-width joiner
        refused.put("Sal\u00ADma", "400 name-invisible-character"); // soft hyphen
        refused.put("a" + "\u0301".repeat(4), "400 name-marks");
        refused.put("SALMA", "409 guest-name-taken");
        refused.put("S\u0430lma", "409 guest-name-taken"); // Cyrillic а
        refused.put("AI level 10", "409 guest-name-taken");
        for (var e : refused.entrySet()) {
            TestClient.Reply r = c.post("/api/games", "{\"game\":\"al-manqala\",\"mode\":\"invite\",\"name\":\""
                    + e.getKey() + "\"}");
            assertThat(r.status() + " " + r.get("error").asText()).as(e.getKey()).isEqualTo(e.getValue());
        }
        // two marks on a letter (Vietnamese) and a name of its own are fine, and so is joining under one
        TestClient.Reply ok = c.post("/api/games", "{\"game\":\"al-manqala\",\"mode\":\"invite\","
                + "\"name\":\"Nguye\u0302\u0303n\"}");
        assertThat(ok.status()).as(ok.body()).isEqualTo(201);
        TestClient.Reply join = c.post("/api/games/" + ok.get("id").asText() + "/join", "{\"code\":\""
                + ok.get("inviteCode").asText() + "\",\"name\":\"Salma\"}");
        assertThat(join.status() + " " + join.get("error").asText()).isEqualTo("409 guest-name-taken");
        join = c.post("/api/games/" + ok.get("id").asText() + "/join", "{\"code\":\""
                + ok.get("inviteCode").asText() + "\",\"name\":\"Amal\"}");
        assertThat(join.status()).as(join.body()).isEqualTo(200);
    }

    /** Part 2 item 11: an unnamed player is stored, listed and recorded with a neutral name, not "You". */
    @Test
    void anUnnamedPlayerIsAnonymousNotYou() {
        TestClient c = start(config());
        String id = c.create("{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":1}").get("id").asText();
        JsonNode list = c.get("/api/games", null).get("games");
        assertThat(list.get(0).get("south").asText()).isEqualTo("Anonymous");
        assertThat(list.get(0).get("status").asText()).isEqualTo("playing");
        assertThat(list.get(0).get("createdAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*");
        assertThat(c.get("/api/games/" + id + "/record", null).body()).contains("[South \"Anonymous\"]")
                .doesNotContain("\"You\"");
    }

    /** Defect 2: watchers whose sockets die never fail a move or a join, and the AI goes on. */
    @Test
    void deadWatchersNeverFailAMoveAJoinOrTheAi() throws Exception {
        TestClient c = start(config());
        TestClient.Reply ai = c.create("{\"game\":\"al-manqala\",\"mode\":\"ai\",\"level\":1}");
        String aiId = ai.get("id").asText();
        String token = ai.get("seatToken").asText();
        TestClient.Reply inv = c.create("{\"game\":\"hawalis\",\"mode\":\"invite\"}");
        String invId = inv.get("id").asText();
        List<RawHttp> dying = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            RawHttp w = new RawHttp(server.port(), 2048);
            w.upgrade("/ws/games/" + (i % 2 == 0 ? aiId : invId), "");
            dying.add(w);
        }
        JsonNode g = c.get("/api/games/" + aiId, token).json();
        SplittableRandom random = new SplittableRandom(5);
        int moves = 0;
        for (int i = 0; i < 15 && g.get("status").asText().equals("playing"); i++) {
            if (i < dying.size()) {
                dying.get(i).reset();
            }
            JsonNode legal = g.get("legal");
            TestClient.Reply r = c.post("/api/games/" + aiId + "/moves",
                    "{\"pit\":\"" + legal.get(random.nextInt(legal.size())).asText() + "\"}", token);
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            moves++;
            g = waitForTurn(c, aiId, token, "south");
        }
        assertThat(moves).isPositive();
        for (int i = 15; i < dying.size(); i++) {
            dying.get(i).reset();
        }
        TestClient.Reply joined = c.post("/api/games/" + invId + "/join", "{\"code\":\""
                + inv.get("inviteCode").asText() + "\"}");
        assertThat(joined.status()).as(joined.body()).isEqualTo(200);
        assertThat(c.get("/api/games/" + invId, joined.get("seatToken").asText()).get("you").asText())
                .isEqualTo("north");
    }

    /** @return the game once it is the human's turn again (or over). */
    JsonNode waitForTurn(TestClient c, String id, String token, String human) throws InterruptedException {
        JsonNode g = null;
        for (int i = 0; i < 400; i++) {
            g = c.get("/api/games/" + id, token).json();
            if (!g.get("status").asText().equals("playing") || g.get("toMove").asText().equals(human)) {
                return g;
            }
            Thread.sleep(25);
        }
        throw new AssertionError("the AI did not move in game " + id + ": " + g);
    }

    /** Defect 3: a watcher that never reads, and one that floods bad messages, stall no mover and no AI. */
    @Test
    @Tag("slow")
    void watchersThatNeverReadOrFloodStallNobody() throws Exception {
        TestClient c = start(config());
        TestClient.Reply created = c.create("{\"game\":\"rio-kadalis\",\"mode\":\"local\"}");
        String id = created.get("id").asText();
        String token = created.get("seatToken").asText();
        try (RawHttp silent = new RawHttp(server.port(), 1024); RawHttp flood = new RawHttp(server.port(), 1024)) {
            assertThat(silent.upgrade("/ws/games/" + id, "")).startsWith("HTTP/1.1 101");
            assertThat(flood.upgrade("/ws/games/" + id, "")).startsWith("HTTP/1.1 101");
            String junk = "{\"type\":\"" + "z".repeat(3000) + "\"}";
            for (int i = 0; i < 200; i++) {
                try {
                    flood.sendText(junk);
                } catch (IOException cut) {
                    break;
                }
            }
            JsonNode g = created.get("game");
            SplittableRandom random = new SplittableRandom(9);
            // Hundreds of states of several KiB each: far more than a socket that is not read can take.
            for (int i = 0; i < 400 && g.get("status").asText().equals("playing"); i++) {
                JsonNode legal = g.get("legal");
                long t0 = System.nanoTime();
                TestClient.Reply r = c.post("/api/games/" + id + "/moves",
                        "{\"pit\":\"" + legal.get(random.nextInt(legal.size())).asText() + "\"}", token);
                assertThat(r.status()).as(r.body()).isEqualTo(200);
                assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
                g = r.json();
            }
            assertThat(g.get("plies").asInt()).isGreaterThan(100);
        }
        // An AI game on the same server answers at once.
        TestClient.Reply ai = c.create("{\"game\":\"al-manqala\",\"mode\":\"ai\",\"level\":1,\"side\":\"north\"}");
        JsonNode answered = waitForTurn(c, ai.get("id").asText(), ai.get("seatToken").asText(), "north");
        assertThat(answered.get("plies").asInt()).isPositive();
    }

    /** Defect 3: an error reply never repeats more than a few characters of what the client sent. */
    @Test
    void refusalsNeverEchoLongClientText() {
        TestClient c = start(config());
        String longText = "q".repeat(5000);
        for (TestClient.Reply r : List.of(c.post("/api/games", "{\"game\":\"" + longText + "\"}"),
                c.post("/api/games", "{\"" + longText + "\":1}"),
                c.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"" + longText + "\"}"),
                c.post("/api/games", longText),
                c.get("/api/games?limit=" + longText, null),
                c.get("/api/games/" + longText, null))) {
            assertThat(r.status()).isBetween(400, 499);
            assertThat(r.get("message").asText().length()).as(r.body()).isLessThan(300);
        }
    }

    /** Defect 6: engine work beyond a client's share is refused at once with 429 and Retry-After. */
    @Test
    void engineRequestsBeyondAClientsShareGet429WithRetryAfter() throws Exception {
        TestClient c = start(config());
        StringBuilder record = new StringBuilder("[Game \"al-manqala\"]\n\n");
        record.append("1. a");
        String body = TestClient.JSON.createObjectNode().put("text", "[Game \"hawalis\"]\n\n1. i (+4) L (+6) *")
                .toString();
        HttpClient http = HttpClient.newHttpClient();
        List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            all.add(http.sendAsync(HttpRequest.newBuilder(URI.create(c.base() + "/api/records/analyse"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(), HttpResponse.BodyHandlers.ofString()));
        }
        int refused = 0;
        for (var f : all) {
            HttpResponse<String> r = f.get();
            assertThat(r.statusCode()).as(r.body()).isIn(200, 429);
            if (r.statusCode() == 429) {
                refused++;
                assertThat(r.headers().firstValue("Retry-After")).isPresent();
                assertThat(TestClient.JSON.readTree(r.body()).get("error").asText()).startsWith("engine-busy");
            }
        }
        assertThat(refused).isPositive();
    }

    /** Defect 7: creating games beyond the client's rate limit is refused with 429 and Retry-After. */
    @Test
    void creatingGamesBeyondTheRateLimitIsRefused() throws Exception {
        TestClient c = start(config().withRateLimitScale(1));
        int created = 0;
        TestClient.Reply last = null;
        for (int i = 0; i < 40; i++) {
            last = c.post("/api/games", "{\"game\":\"al-manqala\",\"mode\":\"local\"}");
            if (last.status() != 201) {
                break;
            }
            created++;
        }
        assertThat(created).isEqualTo(20);
        assertThat(last.status()).isEqualTo(429);
        assertThat(last.get("error").asText()).isEqualTo("rate-limited");
        assertThat(last.get("details").get("retryAfter").asInt()).isPositive();
        // Behind a proxy each client is told apart by X-Forwarded-For; without, the header is ignored.
        HttpResponse<String> spoofed = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(c.base() + "/api/games")).header("Content-Type", "application/json")
                .header("X-Forwarded-For", "203.0.113.7").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"game\":\"al-manqala\",\"mode\":\"local\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(spoofed.statusCode()).isEqualTo(429);
        assertThat(spoofed.headers().firstValue("Retry-After")).isPresent();
    }

    /** Defect 7: an untouched unfinished game becomes abandoned, shown so, refuses moves and leaves memory. */
    @Test
    void untouchedGamesAreAbandonedAndLeaveMemory() throws Exception {
        TestClient c = start(config().withAbandonAfter(Duration.ofSeconds(1)));
        TestClient.Reply created = c.create("{\"game\":\"al-manqala\",\"mode\":\"local\"}");
        String id = created.get("id").asText();
        String token = created.get("seatToken").asText();
        assertThat(server.context().games().cachedGames()).isEqualTo(1);
        JsonNode g = null;
        for (int i = 0; i < 100; i++) {
            Thread.sleep(100);
            g = c.get("/api/games/" + id, token).json();
            if (g.get("status").asText().equals("abandoned")) {
                break;
            }
        }
        assertThat(g.get("status").asText()).isEqualTo("abandoned");
        assertThat(g.get("legal")).isEmpty();
        TestClient.Reply move = c.post("/api/games/" + id + "/moves", "{\"pit\":\"a\"}", token);
        assertThat(move.status()).isEqualTo(409);
        assertThat(move.get("error").asText()).isEqualTo("abandoned");
        assertThat(c.get("/api/games", null).get("games").get(0).get("status").asText()).isEqualTo("abandoned");
    }

    /** Defect 8: a database file cut short or emptied is refused at start, said why, and left as it is. */
    @Test
    void aDamagedOrEmptiedDatabaseFileIsRefusedAndKept() throws Exception {
        TestClient c = start(config().withBackups(dir.resolve("backups"), Duration.ofHours(1)));
        for (int i = 0; i < 30; i++) {
            String id = c.create("{\"game\":\"al-manqala\",\"mode\":\"local\"}").get("id").asText();
            String token = c.get("/api/games/" + id, null).get("id").asText();
            assertThat(token).isEqualTo(id);
        }
        server.close();
        server = null;
        try (var backups = Files.list(dir.resolve("backups"))) {
            assertThat(backups.filter(p -> p.toString().endsWith(".zip")).count()).isEqualTo(1);
        }
        Path file = dir.resolve("games.mv.db");
        byte[] whole = Files.readAllBytes(file);
        for (int cut : new int[] {whole.length / 2, whole.length / 2 + 1000, whole.length - 4096, 0}) {
            byte[] part = java.util.Arrays.copyOf(whole, cut);
            Files.write(file, part);
            assertThatThrownBy(() -> MancalaServer.start(config()))
                    .isInstanceOf(Database.StoreException.class)
                    .hasMessageContaining(file.toString()).hasMessageContaining("backup");
            assertThat(Files.readAllBytes(file)).as("the file is left as it was").isEqualTo(part);
        }
        Files.write(file, whole);
        c = start(config());
        assertThat(c.get("/api/games?limit=100", null).get("games")).hasSize(30);
    }

    /** Defect 9: requests and WebSockets from other sites, bodies not JSON, and what cookies and headers say. */
    @Test
    void otherSitesNonJsonBodiesCookiesAndHeaders() throws Exception {
        TestClient c = start(config());
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> cross = http.send(HttpRequest.newBuilder(URI.create(c.base() + "/api/games"))
                .header("Content-Type", "application/json").header("Origin", "https://evil.example")
                .POST(HttpRequest.BodyPublishers.ofString("{\"game\":\"hawalis\",\"mode\":\"local\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(cross.statusCode()).isEqualTo(403);
        HttpResponse<String> plain = http.send(HttpRequest.newBuilder(URI.create(c.base() + "/api/games"))
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"game\":\"hawalis\",\"mode\":\"local\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(plain.statusCode()).isEqualTo(415);
        HttpResponse<String> same = http.send(HttpRequest.newBuilder(URI.create(c.base() + "/api/games"))
                .header("Content-Type", "application/json").header("Origin", c.base())
                .POST(HttpRequest.BodyPublishers.ofString("{\"game\":\"hawalis\",\"mode\":\"local\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(same.statusCode()).isEqualTo(201);
        JsonNode made = TestClient.JSON.readTree(same.body());
        String id = made.get("id").asText();
        String token = made.get("seatToken").asText();
        assertThat(made.get("playUrl").asText()).doesNotContain(token);
        String cookie = same.headers().firstValue("Set-Cookie").orElseThrow();
        // the browser's one seats cookie: a random session id, never the seat token
        assertThat(cookie).startsWith("mancala-seats=").doesNotContain(token).containsIgnoringCase("HttpOnly")
                .containsIgnoringCase("SameSite=Strict").doesNotContainIgnoringCase("Secure");
        java.util.regex.Matcher age = java.util.regex.Pattern.compile("Max-Age=(\\d+)").matcher(cookie);
        assertThat(age.find()).isTrue();
        assertThat(Long.parseLong(age.group(1))).isLessThanOrEqualTo(Duration.ofDays(1).toSeconds());
        // A token in the URL gives no seat.
        assertThat(c.get("/api/games/" + id + "?seat=" + token, null).json().get("you").isNull()).isTrue();
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(c.base() + "/play.html")).build(),
                HttpResponse.BodyHandlers.ofString());
        String csp = page.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertThat(csp).contains("script-src 'self'").contains("frame-ancestors 'none'")
                .doesNotContain("unsafe-inline' 'self'; script");
        assertThat(page.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(page.headers().firstValue("Referrer-Policy")).contains("no-referrer");
        assertThat(page.body()).doesNotContain("<script>").doesNotContainPattern("\\son[a-z]+=\"");
        // A WebSocket opened by another site's page is refused before it opens.
        try (RawHttp ws = new RawHttp(server.port())) {
            assertThat(ws.upgrade("/ws/games/" + id, "Origin: https://evil.example\r\n")).startsWith("HTTP/1.1 403");
        }
        try (RawHttp ws = new RawHttp(server.port())) {
            assertThat(ws.upgrade("/ws/games/" + id, "Origin: " + c.base() + "\r\n")).startsWith("HTTP/1.1 101");
        }
        // Jetty's own refusals name no exception.
        try (RawHttp raw = new RawHttp(server.port())) {
            raw.write("GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            String answer = raw.readAll(20_000);
            assertThat(answer).startsWith("HTTP/1.1 400").doesNotContain("Exception").doesNotContain("at org.");
        }
    }

    /** Defect 9: behind a proxy, X-Forwarded-Proto https makes the seat cookie Secure. */
    @Test
    void behindAProxyHttpsSeatCookiesAreSecure() throws Exception {
        TestClient c = start(config().withBehindProxy(true));
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(c.base() + "/api/games")).header("Content-Type", "application/json")
                .header("X-Forwarded-Proto", "https").header("X-Forwarded-For", "198.51.100.4")
                .POST(HttpRequest.BodyPublishers.ofString("{\"game\":\"hawalis\",\"mode\":\"local\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(201);
        assertThat(r.headers().firstValue("Set-Cookie").orElseThrow()).containsIgnoringCase("Secure");
    }
}
