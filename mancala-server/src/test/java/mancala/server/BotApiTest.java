package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import mancala.rules.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Bot API as a bot author meets it: personal tokens and their scopes, the bot upgrade, the event stream
 * (challenge, gameStart, gameFinish), the game stream (gameFull, gameState to the end) and moves by pit letter. A bot
 * written here against the API plays a whole game against a person who plays through the site's own API.
 */
class BotApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    MancalaServer server;
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    OpenApiCheck check = new OpenApiCheck();

    @BeforeEach
    void start() {
        server = MancalaServer.start(mancala.server.config.ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(mancala.server.store.Database.h2FileUrl(dir.resolve("b")), null, null)
                .withAiDelay(Duration.ZERO).withRateLimitScale(1000));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private String base() {
        return "http://127.0.0.1:" + server.port();
    }

    /** A bearer-token request; returns status and JSON (or null). */
    private record Answer(int status, JsonNode json) {
    }

    private Answer call(String method, String path, String token, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base() + path)).timeout(Duration.ofSeconds(20));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body().isEmpty() ? null : JSON.readTree(r.body()));
    }

    /** Signs up {@code name} and makes a token with {@code scopes}. @return the token */
    private String account(CommunityClient c, String name, String... scopes) throws Exception {
        assertThat(c.post("/api/accounts", CommunityApiTest.creds(name, "seeds and pits")).status()).isEqualTo(201);
        return token(c, scopes);
    }

    private String token(CommunityClient c, String... scopes) throws Exception {
        String body = JSON.createObjectNode().put("description", "test").set("scopes", JSON.valueToTree(scopes))
                .toString();
        CommunityClient.Reply r = c.post("/api/account/tokens", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(r.get("id").asText()).isNotEmpty();
        return r.get("token").asText();
    }

    /** Reads an NDJSON stream on its own thread into a queue (blank keep-alive lines as empty objects). */
    private BlockingQueue<JsonNode> stream(String path, String token) throws Exception {
        BlockingQueue<JsonNode> q = new LinkedBlockingQueue<>();
        HttpRequest req = HttpRequest.newBuilder(URI.create(base() + path))
                .header("Authorization", "Bearer " + token).GET().build();
        HttpResponse<InputStream> res = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
        assertThat(res.statusCode()).isEqualTo(200);
        assertThat(res.headers().firstValue("Content-Type").orElse("")).startsWith("application/x-ndjson");
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(res.body(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    q.add(line.isBlank() ? JSON.createObjectNode() : JSON.readTree(line));
                }
                q.add(JSON.createObjectNode().put("type", "end-of-stream"));
            } catch (Exception e) {
                q.add(JSON.createObjectNode().put("type", "end-of-stream"));
            }
        });
        t.setDaemon(true);
        t.start();
        return q;
    }

    /** @return the next line of {@code type} (others skipped), waiting at most 20 s. */
    private static JsonNode next(BlockingQueue<JsonNode> q, String type) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            JsonNode n = q.poll(200, TimeUnit.MILLISECONDS);
            if (n != null && type.equals(n.path("type").asText())) {
                return n;
            }
        }
        throw new AssertionError("no " + type + " line within 20 s");
    }

    @Test
    void aTokenActsOnlyWithinItsScopes() throws Exception {
        CommunityClient owner = new CommunityClient(server.port(), check);
        String reader = account(owner, "Reader", "challenge:read");
        // Without a token, or with a made-up one: 401.
        assertThat(call("POST", "/api/bot/account/upgrade", null, null).json().path("error").asText())
                .isEqualTo("token-required");
        assertThat(call("POST", "/api/bot/account/upgrade", "mct_made-up", null).status()).isEqualTo(401);
        // challenge:read may read the event stream and the account, but not upgrade, play, challenge or join.
        Answer up = call("POST", "/api/bot/account/upgrade", reader, null);
        assertThat(up.status()).isEqualTo(403);
        assertThat(up.json().path("error").asText()).isEqualTo("missing-scope");
        assertThat(up.json().path("message").asText()).contains("bot:play");
        assertThat(call("POST", "/api/challenge/someone", reader, "{\"game\":\"hawalis\"}").status())
                .isEqualTo(403);
        assertThat(call("POST", "/api/tournament/t1/join", reader, null).json().path("message").asText())
                .contains("tournament:write");
        assertThat(call("POST", "/api/board/game/g1/move/a", reader, null).status()).isEqualTo(403);
        assertThat(call("GET", "/api/account", reader, null).json().path("username").asText()).isEqualTo("Reader");
        // A revoked token is refused; the list no longer has it.
        JsonNode list = owner.get("/api/account/tokens").get("tokens");
        assertThat(list).hasSize(1);
        assertThat(list.get(0).path("scopes").toString()).isEqualTo("[\"challenge:read\"]");
        assertThat(owner.delete("/api/account/tokens/" + list.get(0).path("id").asText()).status()).isEqualTo(204);
        assertThat(call("GET", "/api/account", reader, null).status()).isEqualTo(401);
        assertThat(owner.get("/api/account/tokens").get("tokens")).isEmpty();
        // An unknown scope is named.
        CommunityClient.Reply bad = owner.post("/api/account/tokens", "{\"scopes\":[\"root\"]}");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body()).contains("root");
    }

    @Test
    void aBotPlaysAWholeGameAgainstAPersonThroughTheApi() throws Exception {
        CommunityClient botOwner = new CommunityClient(server.port(), check);
        String bot = account(botOwner, "Seedbot", "bot:play");
        assertThat(call("POST", "/api/bot/account/upgrade", bot, null).status()).isEqualTo(200);
        assertThat(call("GET", "/api/account", bot, null).json().path("title").asText()).isEqualTo("BOT");
        CommunityClient hana = new CommunityClient(server.port(), check);
        assertThat(hana.post("/api/accounts", CommunityApiTest.creds("Hana", "seeds and pits")).status())
                .isEqualTo(201);

        BlockingQueue<JsonNode> events = stream("/api/stream/event", bot);
        CommunityClient.Reply posted = hana.post("/api/challenges",
                "{\"game\":\"al-manqala\",\"to\":\"Seedbot\",\"side\":\"south\"}");
        assertThat(posted.status()).as(posted.body()).isEqualTo(201);
        JsonNode challenge = next(events, "challenge").get("challenge");
        assertThat(challenge.path("id").asText()).isEqualTo(posted.get("id").asText());
        assertThat(challenge.path("challenger").path("name").asText()).isEqualTo("Hana");
        assertThat(challenge.path("game").asText()).isEqualTo("al-manqala");

        Answer accepted = call("POST", "/api/challenge/" + challenge.path("id").asText() + "/accept", bot, null);
        assertThat(accepted.status()).isEqualTo(200);
        String gameId = accepted.json().path("gameId").asText();
        JsonNode start = next(events, "gameStart").get("game");
        assertThat(start.path("gameId").asText()).isEqualTo(gameId);
        assertThat(start.path("side").asText()).isEqualTo("north");

        BlockingQueue<JsonNode> game = stream("/api/bot/game/stream/" + gameId, bot);
        JsonNode full = next(game, "gameFull");
        assertThat(full.path("game").asText()).isEqualTo("al-manqala");
        assertThat(full.path("north").path("title").asText()).isEqualTo("BOT");
        assertThat(full.path("south").path("name").asText()).isEqualTo("Hana");
        assertThat(full.path("state").path("status").asText()).isEqualTo("started");
        assertThat(hana.get("/api/games/" + gameId + "/seat").status()).isEqualTo(200);

        // Hana (South) and the bot (North) each play their first legal move until the rules end the game.
        Rules rules = GameKind.AL_MANQALA.rules();
        JsonNode state = full.get("state");
        int plies = 0;
        while (state.path("status").asText().equals("started")) {
            Game g = new Game(mancala.rules.Position.initial(rules));
            for (String m : state.path("moves").asText().split(" ")) {
                if (!m.isEmpty()) {
                    g.play(rules.pitOfLetter(m));
                }
            }
            String letter = rules.pitLetter(g.position().legalMoves()[0]);
            if (g.position().sideToMove() == Side.NORTH) {
                Answer moved = call("POST", "/api/bot/game/" + gameId + "/move/" + letter, bot, null);
                assertThat(moved.status()).as(String.valueOf(moved.json())).isEqualTo(200);
            } else {
                CommunityClient.Reply moved = hana.post("/api/games/" + gameId + "/moves",
                        "{\"pit\":\"" + letter + "\"}");
                assertThat(moved.status()).as(moved.body()).isEqualTo(200);
            }
            plies++;
            state = next(game, "gameState");
            assertThat(state.path("moves").asText().split(" ")).hasSize(plies);
        }
        assertThat(state.path("status").asText()).isIn("finished", "draw");
        assertThat(next(game, "end-of-stream")).isNotNull();
        JsonNode finish = next(events, "gameFinish").get("game");
        assertThat(finish.path("gameId").asText()).isEqualTo(gameId);
        assertThat(finish.path("status").asText()).isEqualTo(state.path("status").asText());
        // A move after the end is refused with the game's own error.
        assertThat(call("POST", "/api/bot/game/" + gameId + "/move/a", bot, null).status()).isEqualTo(409);
        // The bot has games now: a second upgrade of another account with games is refused.
        String hanaToken = token(hana, "bot:play", "board:play");
        assertThat(call("POST", "/api/bot/account/upgrade", hanaToken, null).status()).isEqualTo(409);
        // A person's token plays through the Board API, not the Bot API.
        assertThat(call("GET", "/api/bot/game/stream/" + gameId, hanaToken, null).json().path("error").asText())
                .isEqualTo("not-a-bot");
    }

    @Test
    void aDeclinedChallengeIsTold() throws Exception {
        CommunityClient botOwner = new CommunityClient(server.port(), check);
        String bot = account(botOwner, "Declinebot", "bot:play");
        call("POST", "/api/bot/account/upgrade", bot, null);
        CommunityClient ali = new CommunityClient(server.port(), check);
        String aliToken = account(ali, "Ali", "challenge:read", "challenge:write");
        BlockingQueue<JsonNode> aliEvents = stream("/api/stream/event", aliToken);
        Answer made = call("POST", "/api/challenge/Declinebot", aliToken, "{\"game\":\"hawalis\"}");
        assertThat(made.status()).as(String.valueOf(made.json())).isEqualTo(201);
        assertThat(next(aliEvents, "challenge").path("challenge").path("id").asText())
                .isEqualTo(made.json().path("id").asText());
        assertThat(call("POST", "/api/challenge/" + made.json().path("id").asText() + "/decline", bot,
                "{\"reason\":\"later\"}").status()).isEqualTo(200);
        assertThat(next(aliEvents, "challengeDeclined").path("challenge").path("id").asText())
                .isEqualTo(made.json().path("id").asText());
    }

    @Test
    void aPersonWhoRefusesBotsGetsNoRatedChallengeFromOne() throws Exception {
        CommunityClient botOwner = new CommunityClient(server.port(), check);
        String bot = account(botOwner, "Ratedbot", "bot:play");
        call("POST", "/api/bot/account/upgrade", bot, null);
        CommunityClient sara = new CommunityClient(server.port(), check);
        assertThat(sara.post("/api/accounts", CommunityApiTest.creds("Sara", "seeds and pits")).status())
                .isEqualTo(201);
        assertThat(sara.post("/api/account/preferences", "{\"refuseBots\":true}").get("refuseBots").asBoolean())
                .isTrue();
        Answer rated = call("POST", "/api/challenge/Sara", bot, "{\"game\":\"hawalis\",\"rated\":true,"
                + "\"clock\":{\"initialSeconds\":300,\"incrementSeconds\":3}}");
        assertThat(rated.status()).isEqualTo(403);
        assertThat(rated.json().path("error").asText()).isEqualTo("refuses-bots");
        // A casual game is still fine.
        assertThat(call("POST", "/api/challenge/Sara", bot, "{\"game\":\"hawalis\"}").status()).isEqualTo(201);
        // Sara's lobby shows the challenge with its creator marked BOT.
        JsonNode seen = sara.get("/api/challenges").get("challenges").get(0);
        assertThat(seen.path("creator").asText()).isEqualTo("Ratedbot");
        assertThat(seen.path("creatorTitle").asText()).isEqualTo("BOT");
    }

    @Test
    void healthReadinessAndMetricsAnswer() throws Exception {
        HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create(base() + "/health")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(health.body()).path("status").asText()).isEqualTo("up");
        HttpResponse<String> ready = http.send(HttpRequest.newBuilder(URI.create(base() + "/ready")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(ready.statusCode()).as(ready.body()).isEqualTo(200);
        assertThat(JSON.readTree(ready.body()).path("checks").path("database").asText()).isEqualTo("up");
        // One game against the AI, one move: the move counter and the request timer see it.
        CommunityClient c = new CommunityClient(server.port(), check);
        CommunityClient.Reply g = c.post("/api/games", "{\"game\":\"al-manqala\",\"mode\":\"ai\",\"level\":1}");
        assertThat(g.status()).isEqualTo(201);
        assertThat(c.post("/api/games/" + g.get("id").asText() + "/moves", "{\"pit\":\"a\"}").status())
                .isEqualTo(200);
        HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(URI.create(base() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(metrics.statusCode()).isEqualTo(200);
        String text = metrics.body();
        assertThat(text).contains("http_server_requests_seconds_count{method=\"POST\",status=\"200\","
                + "uri=\"/api/games/{id}/moves\"}");
        assertThat(text).containsPattern("mancala_moves_total(\\{[^}]*})? [1-9]");
        assertThat(text).contains("mancala_games_running").contains("mancala_ai_queue")
                .contains("mancala_jobs_lag_seconds").contains("mancala_streams_open")
                .contains("hikaricp_connections_active").contains("jvm_memory_used_bytes");
    }

    @Test
    void theRulesArePublishedAsJson() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base() + "/api/rules")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        assertThat(r.body()).isEqualTo(mancala.notation.RulesDocument.json());
        assertThat(JSON.readTree(r.body()).at("/games/2/board/seeds").asInt()).isEqualTo(98);
    }
}
