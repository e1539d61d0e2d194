package mancala.server;

import mancala.server.config.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import mancala.engine.analysis.Thresholds;
import mancala.rules.GameKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The API tests, run against a real server on a free loopback port over each database: {@link H2ApiTest} (an H2
 * file) and {@link PostgresApiTest}. A subclass says which database; every test starts a fresh server on it.
 */
abstract class ApiContract {
    /** @return the JDBC URL, user and password of the database under test. */
    abstract String[] database();

    MancalaServer server;
    TestClient client;

    /** Skips (or under CI fails) the test when the database under test is missing; H2 always is there. */
    void requireDatabase() {
    }

    @BeforeEach
    void startServer() {
        requireDatabase();
        server = start();
        client = new TestClient(server.port());
    }

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    MancalaServer start() {
        String[] db = database();
        // The tests play thousands of moves a second from one address: far beyond a person's rate limits.
        return MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0).withDatabase(db[0], db[1], db[2])
                .withAiDelay(java.time.Duration.ZERO).withRateLimitScale(1000));
    }

    /** Plays random legal moves for whoever is to move until the game is over; returns the final state. */
    static JsonNode playOut(TestClient c, String id, String token, long seed, int maxPlies) {
        SplittableRandom random = new SplittableRandom(seed);
        JsonNode g = c.get("/api/games/" + id, token).json();
        int plies = 0;
        while (g.get("status").asText().equals("playing")) {
            assertThat(plies++).as("game %s (seed %d) is still going after %d plies", id, seed, maxPlies)
                    .isLessThan(maxPlies);
            JsonNode legal = g.get("legal");
            String pit = legal.get(random.nextInt(legal.size())).asText();
            TestClient.Reply r = c.post("/api/games/" + id + "/moves",
                    "{\"pit\":\"" + pit + "\",\"ply\":" + (g.get("plies").asInt() + 1) + "}", token);
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            g = r.json();
        }
        return g;
    }

    @Test
    void aWholeGameIsPlayedThroughTheApiAndItsRecordMatches() {
        for (String game : List.of("hawalis", "al-manqala", "rio-kadalis")) {
            TestClient.Reply created = client.create("{\"game\":\"" + game + "\",\"mode\":\"local\"}");
            String id = created.get("id").asText();
            String token = created.get("seatToken").asText();
            assertThat(created.get("you").asText()).isEqualTo("both");
            JsonNode end = playOut(client, id, token, 42, 5000);
            assertThat(end.get("status").asText()).isEqualTo("over");
            assertThat(end.get("result").asText()).isIn("1-0", "0-1", "1/2-1/2");
            assertThat(end.get("legal")).isEmpty();
            TestClient.Reply record = client.get("/api/games/" + id + "/record", null);
            assertThat(record.status()).isEqualTo(200);
            assertThat(record.body()).contains("[Game \"" + game + "\"]")
                    .contains("[Result \"" + lastRoundResult(end) + "\"]");
            // The record replays on the server to the same end.
            TestClient.Reply replay = client.post("/api/records/analyse",
                    TestClient.JSON.createObjectNode().put("text", record.body()).toString());
            assertThat(replay.status()).as(replay.body()).isEqualTo(200);
            assertThat(replay.get("rounds")).hasSize(end.get("rounds").size());
            TestClient.Reply analysis = client.get("/api/games/" + id + "/analysis", null);
            assertThat(analysis.status()).as(analysis.body()).isEqualTo(200);
            assertThat(analysis.get("rounds")).hasSize(end.get("rounds").size());
            assertVerdictsFollowTheLoss(game, analysis.json());
            JsonNode list = client.get("/api/games?limit=500", null).json().get("games");
            assertThat(list.findValuesAsText("id")).contains(id);
        }
    }

    /**
     * Each ply's verdict is the engine's for the numbers beside it: "best" exactly when the move played is the
     * engine's best move; "blunder" when a forced result was given away (no loss in seeds, {@code lost} null);
     * otherwise the game's thresholds applied to {@code lost}.
     */
    private static void assertVerdictsFollowTheLoss(String game, JsonNode analysis) {
        Thresholds thresholds = Thresholds.of(GameKind.byKey(game).orElseThrow());
        int judged = 0;
        for (JsonNode round : analysis.get("rounds")) {
            JsonNode plies = round.get("plies");
            for (int i = 1; i < plies.size(); i++) {
                JsonNode p = plies.get(i);
                String verdict = p.get("verdict").asText();
                String expected = p.get("pit").asText().equals(p.get("best").asText()) ? "best"
                        : !p.hasNonNull("lost") ? "blunder" : thresholds.verdict(p.get("lost").asInt()).key();
                assertThat(verdict).as("%s ply %d: %s", game, i, p).isEqualTo(expected);
                judged++;
            }
        }
        assertThat(judged).isPositive();
    }

    private static String lastRoundResult(JsonNode end) {
        JsonNode rounds = end.get("rounds");
        return rounds.get(rounds.size() - 1).get("result").asText();
    }

    @Test
    void theAiAnswersAndUndoTakesBackBothMoves() throws InterruptedException {
        TestClient.Reply created = client.create("{\"game\":\"al-manqala\",\"mode\":\"ai\",\"level\":2}");
        String id = created.get("id").asText();
        String token = created.get("seatToken").asText();
        TestClient.Reply moved = client.post("/api/games/" + id + "/moves", "{\"pit\":\"c\"}", token);
        assertThat(moved.status()).as(moved.body()).isEqualTo(200);
        JsonNode g = waitForPlies(id, token, 2);
        assertThat(g.get("toMove").asText()).isEqualTo("south");
        assertThat(g.get("rounds").get(0).get("moves").get(1).get("side").asText()).isEqualTo("north");
        TestClient.Reply hint = client.get("/api/games/" + id + "/hint", token);
        assertThat(hint.status()).as(hint.body()).isEqualTo(200);
        assertThat(g.get("legal").toString()).contains("\"" + hint.get("pit").asText() + "\"");
        assertThat(client.get("/api/games/" + id + "/analysis", null).status()).isEqualTo(409);
        TestClient.Reply undo = client.post("/api/games/" + id + "/undo", null, token);
        assertThat(undo.status()).as(undo.body()).isEqualTo(200);
        assertThat(undo.get("plies").asInt()).isZero();
        assertThat(undo.get("position").asText()).isEqualTo("al-manqala 7,7,7,7,7,7,7 7,7,7,7,7,7,7 S");
    }

    JsonNode waitForPlies(String id, String token, int plies) throws InterruptedException {
        JsonNode g = null;
        for (int i = 0; i < 200; i++) {
            g = client.get("/api/games/" + id, token).json();
            if (g.get("plies").asInt() >= plies) {
                return g;
            }
            Thread.sleep(25);
        }
        throw new AssertionError("no ply " + plies + " in game " + id + ": " + g);
    }

    @Test
    void illegalAndOutOfTurnMovesAreRefusedAndChangeNothing() {
        TestClient.Reply created = client.create("{\"game\":\"hawalis\",\"mode\":\"invite\"}");
        String id = created.get("id").asText();
        String south = created.get("seatToken").asText();
        String code = created.get("inviteCode").asText();
        // Nobody moves before the invited player sits down.
        TestClient.Reply early = client.post("/api/games/" + id + "/moves", "{\"pit\":\"a\"}", south);
        assertThat(early.status()).isEqualTo(409);
        assertThat(early.get("error").asText()).isEqualTo("waiting");
        TestClient.Reply joined = client.post("/api/games/" + id + "/join", "{\"code\":\"" + code + "\"}");
        assertThat(joined.status()).as(joined.body()).isEqualTo(200);
        String north = joined.get("seatToken").asText();
        assertThat(joined.get("you").asText()).isEqualTo("north");
        JsonNode before = client.get("/api/games/" + id, null).json();

        List<TestClient.Reply> refused = new ArrayList<>();
        refused.add(client.post("/api/games/" + id + "/moves", "{\"pit\":\"A\"}", north));   // North out of turn
        refused.add(client.post("/api/games/" + id + "/moves", "{\"pit\":\"A\"}", south));   // North's pit
        refused.add(client.post("/api/games/" + id + "/moves", "{\"pit\":\"z\"}", south));   // no such pit
        refused.add(client.post("/api/games/" + id + "/moves", "{\"pit\":\"cc\"}", south));  // not a letter
        refused.add(client.post("/api/games/" + id + "/moves", "{\"pit\":\"a\",\"ply\":5}", south)); // stale
        refused.add(client.post("/api/games/" + id + "/moves", "{\"pit\":", south));          // malformed
        refused.add(client.post("/api/games/" + id + "/moves", "[1,2]", south));              // not an object
        refused.add(client.post("/api/games/" + id + "/moves", "{\"pit\":\"a\",\"x\":1}", south)); // unknown field
        refused.add(client.post("/api/games/" + id + "/moves", "{}", south));                 // no pit
        refused.add(client.post("/api/games/" + id + "/moves", "{\"pit\":\"a\"}", null));     // spectator
        refused.add(client.post("/api/games/" + id + "/moves", "{\"pit\":\"a\"}", "forged"));  // wrong token
        refused.add(client.post("/api/games/" + id + "/draw/accept", null, north));          // no offer
        refused.add(client.post("/api/games/" + id + "/moves", "{\"pit\":\"" + "a".repeat(300_000) + "\"}", south));
        refused.add(client.post("/api/games/nosuchgame/moves", "{\"pit\":\"a\"}", south));
        refused.add(client.post("/api/games/" + id + "/join", "{\"code\":\"" + code + "\"}")); // seat taken
        assertThat(refused).extracting(TestClient.Reply::status)
                .containsExactly(409, 422, 422, 400, 409, 400, 400, 400, 400, 403, 403, 409, 413, 404, 409);
        for (TestClient.Reply r : refused) {
            assertThat(r.json()).as(r.body()).isNotNull();
            assertThat(r.get("message").asText()).isNotBlank();
            assertThat(r.get("error").asText()).isNotBlank();
        }
        assertThat(refused.get(0).get("error").asText()).isEqualTo("wrong-turn");
        assertThat(refused.get(1).get("error").asText()).isEqualTo("illegal-move");
        assertThat(refused.get(1).get("details").get("legal")).isNotEmpty();
        JsonNode after = client.get("/api/games/" + id, null).json();
        assertThat(after.get("position")).isEqualTo(before.get("position"));
        assertThat(after.get("version")).isEqualTo(before.get("version"));

        // The right seat plays; the other then may not play twice.
        TestClient.Reply ok = client.post("/api/games/" + id + "/moves", "{\"pit\":\"a\",\"ply\":1}", south);
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(ok.get("you").asText()).isEqualTo("south");
        TestClient.Reply again = client.post("/api/games/" + id + "/moves", "{\"pit\":\"b\"}", south);
        assertThat(again.status()).isEqualTo(409);
        // A spectator sees the game but holds no seat.
        JsonNode watched = client.get("/api/games/" + id, null).json();
        assertThat(watched.get("you").isNull()).isTrue();
        assertThat(watched.get("plies").asInt()).isEqualTo(1);
    }

    @Test
    void drawOffersAndTakebacksNeedTheOpponentsConsent() {
        TestClient.Reply created = client.create("{\"game\":\"al-manqala\",\"mode\":\"invite\",\"name\":\"Ann\"}");
        String id = created.get("id").asText();
        String south = created.get("seatToken").asText();
        String north = client.post("/api/games/" + id + "/join",
                "{\"code\":\"" + created.get("inviteCode").asText() + "\",\"name\":\"Bob\"}").get("seatToken")
                .asText();
        assertThat(client.post("/api/games/" + id + "/moves", "{\"pit\":\"a\"}", south).status()).isEqualTo(200);
        assertThat(client.post("/api/games/" + id + "/undo", null, south).status()).isEqualTo(409);
        assertThat(client.get("/api/games/" + id + "/hint", north).get("error").asText()).isEqualTo("no-hints");
        assertThat(client.post("/api/games/" + id + "/takeback/request", null, south).get("takebackOffer")
                .asText()).isEqualTo("south");
        assertThat(client.post("/api/games/" + id + "/takeback/accept", null, south).status()).isEqualTo(409);
        JsonNode back = client.post("/api/games/" + id + "/takeback/accept", null, north).json();
        assertThat(back.get("plies").asInt()).isZero();
        assertThat(client.post("/api/games/" + id + "/draw/offer", null, south).get("drawOffer").asText())
                .isEqualTo("south");
        JsonNode drawn = client.post("/api/games/" + id + "/draw/accept", null, north).json();
        assertThat(drawn.get("status").asText()).isEqualTo("over");
        assertThat(drawn.get("result").asText()).isEqualTo("1/2-1/2");
        assertThat(drawn.get("players").get("north").get("name").asText()).isEqualTo("Bob");
        assertThat(client.post("/api/games/" + id + "/resign", null, south).status()).isEqualTo(409);
    }

    @Test
    void aRestartedServerResumesEveryUnfinishedGameExactly() throws InterruptedException {
        TestClient.Reply local = client.create("{\"game\":\"rio-kadalis\",\"mode\":\"local\"}");
        String localId = local.get("id").asText();
        String localToken = local.get("seatToken").asText();
        SplittableRandom random = new SplittableRandom(7);
        JsonNode g = local.get("game");
        // Far enough to be in a later round of the match, if the first ends early.
        for (int i = 0; i < 40 && g.get("status").asText().equals("playing"); i++) {
            JsonNode legal = g.get("legal");
            g = client.post("/api/games/" + localId + "/moves",
                    "{\"pit\":\"" + legal.get(random.nextInt(legal.size())).asText() + "\"}", localToken).json();
        }
        TestClient.Reply ai = client.create("{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":1,\"side\":\"north\"}");
        String aiId = ai.get("id").asText();
        String aiToken = ai.get("seatToken").asText();
        JsonNode aiState = waitForPlies(aiId, aiToken, 1);
        String pit = aiState.get("legal").get(0).asText();
        assertThat(client.post("/api/games/" + aiId + "/moves", "{\"pit\":\"" + pit + "\"}", aiToken).status())
                .isEqualTo(200);
        aiState = waitForPlies(aiId, aiToken, 3);
        JsonNode localBefore = client.get("/api/games/" + localId, localToken).json();

        server.close();
        server = start();
        client = new TestClient(server.port());

        JsonNode localAfter = client.get("/api/games/" + localId, localToken).json();
        for (String field : List.of("position", "board", "rounds", "plies", "round", "status", "legal", "toMove",
                "version", "summary", "lastMove")) {
            assertThat(localAfter.get(field)).as(field).isEqualTo(localBefore.get(field));
        }
        assertThat(localAfter.get("you").asText()).isEqualTo("both");
        JsonNode aiAfter = client.get("/api/games/" + aiId, aiToken).json();
        assertThat(aiAfter.get("position")).isEqualTo(aiState.get("position"));
        assertThat(aiAfter.get("rounds")).isEqualTo(aiState.get("rounds"));
        assertThat(aiAfter.get("you").asText()).isEqualTo("north");
        // Both go on where they stopped.
        JsonNode end = playOut(client, localId, localToken, 11, 20_000);
        assertThat(end.get("status").asText()).isEqualTo("over");
        if (aiAfter.get("status").asText().equals("playing")) {
            String next = aiAfter.get("legal").get(0).asText();
            TestClient.Reply r = client.post("/api/games/" + aiId + "/moves", "{\"pit\":\"" + next + "\"}",
                    aiToken);
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            waitForPlies(aiId, aiToken, aiAfter.get("plies").asInt() + 2);
        }
    }

    @Test
    void spectatorsWatchLiveOverWebSocketButCannotMove() throws Exception {
        TestClient.Reply created = client.create("{\"game\":\"rio-kadalis\",\"mode\":\"local\"}");
        String id = created.get("id").asText();
        String token = created.get("seatToken").asText();
        java.util.concurrent.BlockingQueue<JsonNode> seen = new java.util.concurrent.LinkedBlockingQueue<>();
        java.net.http.WebSocket ws = java.net.http.HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(java.net.URI.create("ws://127.0.0.1:" + server.port() + "/ws/games/" + id),
                        new java.net.http.WebSocket.Listener() {
                            private final StringBuilder part = new StringBuilder();

                            @Override
                            public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket w,
                                                                                  CharSequence data, boolean last) {
                                part.append(data);
                                if (last) {
                                    try {
                                        seen.add(TestClient.JSON.readTree(part.toString()));
                                    } catch (java.io.IOException e) {
                                        throw new java.io.UncheckedIOException(e);
                                    }
                                    part.setLength(0);
                                }
                                w.request(1);
                                return null;
                            }
                        }).get(5, java.util.concurrent.TimeUnit.SECONDS);
        try {
            JsonNode hello = seen.poll(5, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(hello.get("type").asText()).isEqualTo("state");
            assertThat(hello.get("you").isNull()).isTrue();
            assertThat(client.post("/api/games/" + id + "/moves", "{\"pit\":\"c\"}", token).status())
                    .isEqualTo(200);
            JsonNode update = seen.poll(5, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(update.get("game").get("plies").asInt()).isEqualTo(1);
            assertThat(update.get("game").get("lastMove").get("pit").asText()).isEqualTo("c");
            assertThat(update.get("game").get("lastMove").get("steps")).isNotEmpty();
            ws.sendText("{\"type\":\"move\",\"pit\":\"A\"}", true).get(5, java.util.concurrent.TimeUnit.SECONDS);
            JsonNode refused = seen.poll(5, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(refused.get("type").asText()).isEqualTo("error");
            assertThat(refused.get("status").asInt()).isEqualTo(403);
            ws.sendText("not json", true).get(5, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(seen.poll(5, java.util.concurrent.TimeUnit.SECONDS).get("error").asText())
                    .isEqualTo("malformed-json");
            assertThat(client.get("/api/games/" + id, null).json().get("plies").asInt()).isEqualTo(1);
        } finally {
            ws.sendClose(java.net.http.WebSocket.NORMAL_CLOSURE, "done");
        }
    }

    @Test
    void theLevelIsANumberOrTheOracleAndEveryOtherValueGetsTheSameAnswer() {
        TestClient.Reply oracle = client.create("{\"game\":\"rio-kadalis\",\"mode\":\"ai\",\"level\":\"Oracle\"}");
        assertThat(client.get("/api/games/" + oracle.get("id").asText(), null).json().get("ai").get("level").asInt())
                .isEqualTo(11);
        for (String level : List.of("12", "0", "\"strong\"", "2.5", "true")) {
            TestClient.Reply r = client.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"ai\",\"level\":"
                    + level + "}");
            assertThat(r.status()).as(level + ": " + r.body()).isEqualTo(400);
            assertThat(r.get("error").asText()).as(level).isEqualTo("bad-level");
            assertThat(r.get("message").asText()).as(level)
                    .startsWith("level must be 1 to 11 or \"oracle\" (11: the oracle), not ");
        }
    }

    @Test
    void aNameWithControlCharactersIsRefusedAndCreatesNothing() {
        // PostgreSQL text cannot hold U+0000 (the insert would fail: a 500), and a line break or tab in a name
        // would end up in the record's tags.
        int before = client.get("/api/games?limit=500", null).json().get("games").size();
        for (String name : List.of("a\\u0000b", "two\\nlines", "tab\\there")) {
            TestClient.Reply r = client.post("/api/games", "{\"game\":\"hawalis\",\"mode\":\"ai\",\"name\":\""
                    + name + "\"}");
            assertThat(r.status()).as(r.body()).isEqualTo(400);
            assertThat(r.get("message").asText()).contains("name").contains("control character");
        }
        assertThat(client.get("/api/games?limit=500", null).json().get("games").size()).isEqualTo(before);
        TestClient.Reply created = client.create("{\"game\":\"hawalis\",\"mode\":\"invite\"}");
        TestClient.Reply join = client.post("/api/games/" + created.get("id").asText() + "/join",
                "{\"code\":\"" + created.get("inviteCode").asText() + "\",\"name\":\"x\\u0000\"}");
        assertThat(join.status()).as(join.body()).isEqualTo(400);
        assertThat(client.get("/api/games/" + created.get("id").asText(), null).json().get("players")
                .get("north").get("seated").asBoolean()).isFalse();
    }

    @Test
    void theCreatorCannotUseHisOwnInvitationAndTheGuestStillCan() {
        TestClient.Reply created = client.create("{\"game\":\"al-manqala\",\"mode\":\"invite\"}");
        String id = created.get("id").asText();
        String join = "{\"code\":\"" + created.get("inviteCode").asText() + "\"}";
        TestClient.Reply self = client.post("/api/games/" + id + "/join", join, created.get("seatToken").asText());
        assertThat(self.status()).as(self.body()).isEqualTo(409);
        assertThat(self.get("message").asText()).contains("south");
        TestClient.Reply guest = client.post("/api/games/" + id + "/join", join);
        assertThat(guest.status()).as(guest.body()).isEqualTo(200);
        assertThat(guest.get("you").asText()).isEqualTo("north");
    }

    @Test
    void deeplyNestedJsonIsABadRequestNotAServerFailure() {
        String nested = "[".repeat(5_000);
        String objects = "{\"a\":".repeat(2_000) + "1" + "}".repeat(2_000);
        for (String body : List.of(nested, objects)) {
            TestClient.Reply r = client.post("/api/games", body);
            assertThat(r.status()).as(r.body()).isEqualTo(400);
            assertThat(r.get("error").asText()).isEqualTo("malformed-json");
            assertThat(r.get("message").asText()).contains("nesting");
        }
    }

    @Test
    void theOpenApiDocumentAndThePagesAreServed() {
        TestClient.Reply doc = client.get("/api/openapi.json", null);
        assertThat(doc.status()).isEqualTo(200);
        assertThat(doc.get("openapi").asText()).startsWith("3.");
        assertThat(doc.get("paths").has("/api/games/{id}/moves")).isTrue();
        TestClient.Reply home = client.get("/", null);
        assertThat(home.status()).isEqualTo(200);
        assertThat(home.body()).contains("Hawalis").contains("Al-manqala").contains("Rio Kadalis");
        TestClient.Reply missing = client.get("/api/nothing", null);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.get("error").asText()).isEqualTo("not-found");
        TestClient.Reply badCreate = client.post("/api/games", "{\"game\":\"chess\"}");
        assertThat(badCreate.status()).isEqualTo(400);
        assertThat(badCreate.get("message").asText()).contains("hawalis");
        TestClient.Reply badOptions = client.post("/api/games", "{\"game\":\"hawalis\",\"options\":\"relay\"}");
        assertThat(badOptions.status()).isEqualTo(400);
        assertThat(badOptions.get("message").asText()).contains("relay");
    }
}
