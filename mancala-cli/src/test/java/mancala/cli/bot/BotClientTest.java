package mancala.cli.bot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.rules.Side;
import mancala.server.MancalaServer;
import mancala.server.config.ServerConfig;
import mancala.server.store.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our engine as a bot ({@link BotClient}, what {@code mancala bot} runs) plays a whole game on a real server against
 * a bot written here against the API only; halfway through the server is stopped and started again on the same
 * database, and both bots reconnect and finish the game with no move lost or played twice. (The server runs in this
 * process; the bot client reaches it over HTTP only.)
 */
class BotClientTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private MancalaServer server;
    private int port;

    private void startServer() {
        server = MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", port)
                .withDatabase(Database.h2FileUrl(dir.resolve("bots")), null, null)
                .withAiDelay(Duration.ZERO).withRateLimitScale(1000));
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }

    private static JsonNode send(HttpClient http, String method, String url, String token, String body)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(method + " " + url + ": " + r.body()).isBetween(200, 299);
        return r.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(r.body());
    }

    /** Signs up a bot account and returns its bot:play token, the account upgraded. */
    private String bot(String name) throws Exception {
        return account(name, true);
    }

    /** Signs up an account and returns a bot:play token of it, the account upgraded to a bot when {@code upgrade}. */
    private String account(String name, boolean upgrade) throws Exception {
        HttpClient web = HttpClient.newBuilder().cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
                .build();
        send(web, "POST", base() + "/api/accounts", null,
                "{\"username\":\"" + name + "\",\"password\":\"seeds and pits\"}");
        String token = send(web, "POST", base() + "/api/account/tokens", null,
                "{\"description\":\"bot\",\"scopes\":[\"bot:play\"]}").get("token").asText();
        if (upgrade) {
            send(web, "POST", base() + "/api/bot/account/upgrade", token, null);
        }
        return token;
    }

    @Test
    @Timeout(60)
    void anAccountThatIsNoBotIsRefusedBeforeAnyChallengeIsAccepted() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        startServer();
        try {
            String plain = account("Plainplayer", false);
            String challenger = bot("Testbot");
            HttpClient http = HttpClient.newHttpClient();
            String challengeId = send(http, "POST", base() + "/api/challenge/Plainplayer", challenger,
                    "{\"game\":\"al-manqala\",\"side\":\"south\"}").get("id").asText();
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            BotClient client = new BotClient(new BotClient.Settings(URI.create(base()), plain, 2, 20,
                    Duration.ofSeconds(20), Duration.ofMillis(500), "bot"),
                    new PrintStream(log, true, StandardCharsets.UTF_8));
            assertThatThrownBy(client::run).isInstanceOf(BotClient.Refused.class)
                    .hasMessageContaining("Plainplayer is no bot").hasMessageContaining("/api/bot/account/upgrade")
                    .hasMessageContaining("--board");
            client.close();
            assertThat(log.toString(StandardCharsets.UTF_8)).doesNotContain("accepted");
            // The challenge still waits (nothing was accepted for the account): its holder can still take it.
            JsonNode taken = send(http, "POST", base() + "/api/challenge/" + challengeId + "/accept", plain, null);
            assertThat(taken.path("gameId").asText()).isNotEmpty();
            // The same account through the Board API is welcome; a bot there is sent back to the Bot API.
            BotClient board = new BotClient(new BotClient.Settings(URI.create(base()), challenger, 2, 20,
                    Duration.ofSeconds(20), Duration.ofMillis(500), "board"),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            assertThatThrownBy(board::run).isInstanceOf(BotClient.Refused.class)
                    .hasMessageContaining("Testbot is a bot");
            board.close();
        } finally {
            server.close();
        }
    }

    @Test
    void theEngineBotPlaysAWholeGameThroughARestart() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        startServer();
        try {
            String engineToken = bot("Enginebot");
            String mine = bot("Testbot");
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            BotClient engine = new BotClient(new BotClient.Settings(URI.create(base()), engineToken, 2, 20,
                    Duration.ofSeconds(20), Duration.ofMillis(500), "bot"),
                    new PrintStream(log, true, StandardCharsets.UTF_8));
            Thread t = new Thread(engine::run, "engine-bot");
            t.setDaemon(true);
            t.start();
            HttpClient http = HttpClient.newHttpClient();
            // The engine bot accepts our challenge; we are South.
            String challengeId = null;
            for (int i = 0; i < 50 && challengeId == null; i++) {
                if (engine.account() != null) {
                    challengeId = send(http, "POST", base() + "/api/challenge/Enginebot", mine,
                            "{\"game\":\"al-manqala\",\"side\":\"south\"}").get("id").asText();
                } else {
                    Thread.sleep(100);
                }
            }
            assertThat(challengeId).as("the engine bot signs in").isNotNull();
            String gameId = waitForGame(http, mine);

            Rules rules = GameKind.AL_MANQALA.rules();
            boolean restarted = false;
            String status = "started";
            String moves = "";
            int movedAt = -1;
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (status.equals("started") && System.nanoTime() < deadline) {
                HttpRequest req = HttpRequest.newBuilder(URI.create(base() + "/api/bot/game/stream/" + gameId))
                        .header("Authorization", "Bearer " + mine).build();
                HttpResponse<InputStream> res;
                try {
                    res = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
                } catch (IOException e) {
                    Thread.sleep(200); // the server is starting again
                    continue;
                }
                if (res.statusCode() != 200) {
                    res.body().close();
                    Thread.sleep(200);
                    continue;
                }
                try (BufferedReader r = new BufferedReader(new InputStreamReader(res.body(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        if (line.isBlank()) {
                            continue;
                        }
                        JsonNode n = JSON.readTree(line);
                        JsonNode st = n.path("type").asText().equals("gameFull") ? n.get("state") : n;
                        moves = st.path("moves").asText();
                        status = st.path("status").asText();
                        if (!status.equals("started")) {
                            break;
                        }
                        Game g = new Game(Position.initial(rules));
                        int plies = 0;
                        for (String m : moves.split(" ")) {
                            if (!m.isEmpty()) {
                                g.play(rules.pitOfLetter(m));
                                plies++;
                            }
                        }
                        if (!restarted && plies >= 10) {
                            // Stop the server between two moves and start it again on the same database.
                            restarted = true;
                            res.body().close();
                            server.close();
                            Thread.sleep(300);
                            startServer();
                            break;
                        }
                        if (g.position().sideToMove() == Side.SOUTH && movedAt != plies) {
                            movedAt = plies;
                            String letter = rules.pitLetter(g.position().legalMoves()[0]);
                            send(http, "POST", base() + "/api/bot/game/" + gameId + "/move/" + letter, mine, null);
                        }
                    }
                } catch (IOException e) {
                    // the stream broke: connect again
                }
            }
            engine.close();
            assertThat(restarted).isTrue();
            assertThat(status).as(log.toString(StandardCharsets.UTF_8)).isIn("finished", "draw");
            // The whole game replays by the rules, North's moves all the engine's.
            Game g = new Game(Position.initial(rules));
            int north = 0;
            for (String m : moves.split(" ")) {
                if (g.position().sideToMove() == Side.NORTH) {
                    north++;
                }
                g.play(rules.pitOfLetter(m));
            }
            assertThat(g.isOver()).isTrue();
            // A move whose answer the restart cut off is stored but not counted by the client.
            assertThat(engine.movesPlayed()).isBetween((long) north - 1, (long) north);
            assertThat(log.toString(StandardCharsets.UTF_8)).contains("reconnecting");
        } finally {
            server.close();
        }
    }

    /** @return the id of the game that starts for the holder of {@code token}, from its event stream. */
    private String waitForGame(HttpClient http, String token) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create(base() + "/api/stream/event"))
                .header("Authorization", "Bearer " + token).build();
        HttpResponse<InputStream> res = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
        try (BufferedReader r = new BufferedReader(new InputStreamReader(res.body(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.isBlank()) {
                    JsonNode n = JSON.readTree(line);
                    if (n.path("type").asText().equals("gameStart")) {
                        return n.path("game").path("gameId").asText();
                    }
                }
            }
        }
        throw new AssertionError("the event stream ended before the game started");
    }
}
