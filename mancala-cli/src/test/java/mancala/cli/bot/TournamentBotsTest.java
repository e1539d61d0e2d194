package mancala.cli.bot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.server.MancalaServer;
import mancala.server.config.ServerConfig;
import mancala.server.store.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two engine bots ({@link BotClient}, as {@code mancala bot} runs them) and a person, who plays from a program
 * through the Board API, in one round robin: the bots join with their tokens, every game of the three rounds is
 * played to its end through the API, and the tournament finishes with three games scored.
 */
@Tag("slow")
class TournamentBotsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

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

    @Test
    void twoBotsAndAPersonPlayARoundRobin() throws Exception {
        MancalaServer server = MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(Database.h2FileUrl(dir.resolve("t")), null, null)
                .withAiDelay(Duration.ZERO).withRateLimitScale(1000));
        String base = "http://127.0.0.1:" + server.port();
        try {
            HttpClient http = HttpClient.newHttpClient();
            String[] tokens = new String[3];
            HttpClient[] webs = new HttpClient[3];
            String[] names = {"Person", "Botone", "Bottwo"};
            for (int i = 0; i < 3; i++) {
                webs[i] = HttpClient.newBuilder().cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
                        .build();
                send(webs[i], "POST", base + "/api/accounts", null,
                        "{\"username\":\"" + names[i] + "\",\"password\":\"seeds and pits\"}");
                String scopes = i == 0 ? "\"board:play\",\"tournament:write\"" : "\"bot:play\",\"tournament:write\"";
                tokens[i] = send(webs[i], "POST", base + "/api/account/tokens", null,
                        "{\"scopes\":[" + scopes + "]}").get("token").asText();
                if (i > 0) {
                    send(http, "POST", base + "/api/bot/account/upgrade", tokens[i], null);
                }
            }
            String tid = send(webs[0], "POST", base + "/api/tournaments", null, "{\"game\":\"al-manqala\","
                    + "\"system\":\"round-robin\",\"clock\":{\"initialSeconds\":600,\"incrementSeconds\":5},"
                    + "\"startsAt\":\"" + Instant.now().plusSeconds(3600) + "\"}").get("id").asText();
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
            BotClient[] bots = new BotClient[2];
            for (int i = 1; i < 3; i++) {
                send(http, "POST", base + "/api/tournament/" + tid + "/join", tokens[i], null);
                bots[i - 1] = new BotClient(BotClient.Settings.of(URI.create(base), tokens[i], 1, 20), out);
                Thread t = new Thread(bots[i - 1]::run);
                t.setDaemon(true);
                t.start();
            }
            send(http, "POST", base + "/api/tournament/" + tid + "/join", tokens[0], null);
            send(webs[0], "POST", base + "/api/tournaments/" + tid + "/start", null, null);

            // The person: every game that starts for him is played with his first legal move, through the Board API.
            Set<String> played = ConcurrentHashMap.newKeySet();
            Thread person = new Thread(() -> {
                try {
                    HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/api/stream/event"))
                            .header("Authorization", "Bearer " + tokens[0]).build();
                    HttpResponse<InputStream> res = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
                    try (BufferedReader r = new BufferedReader(new InputStreamReader(res.body(),
                            StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = r.readLine()) != null) {
                            if (!line.isBlank() && JSON.readTree(line).path("type").asText().equals("gameStart")) {
                                String id = JSON.readTree(line).path("game").path("gameId").asText();
                                if (played.add(id)) {
                                    playFirstMoves(http, base, tokens[0], id);
                                }
                            }
                        }
                    }
                } catch (Exception e) {
                    // the server stops at the end of the test
                }
            });
            person.setDaemon(true);
            person.start();

            JsonNode view = null;
            long end = System.nanoTime() + Duration.ofMinutes(4).toNanos();
            while (System.nanoTime() < end) {
                view = send(http, "GET", base + "/api/tournaments/" + tid, null, null);
                if (view.path("status").asText().equals("finished")) {
                    break;
                }
                Thread.sleep(500);
            }
            for (BotClient b : bots) {
                b.close();
            }
            assertThat(view.path("status").asText()).as(log.toString(StandardCharsets.UTF_8)).isEqualTo("finished");
            assertThat(played).hasSize(2);
            assertThat(bots[0].movesPlayed()).isPositive();
            assertThat(bots[1].movesPlayed()).isPositive();
            // Three games, each worth one point shared out: the standings add up to 3.
            double points = 0;
            int games = 0;
            for (JsonNode p : view.path("standings")) {
                points += p.path("points").asDouble();
                games += p.path("played").asInt();
                assertThat(p.path("played").asInt()).as(p.toString()).isEqualTo(2);
            }
            assertThat(points).as(view.toString()).isEqualTo(3.0);
            assertThat(games).isEqualTo(6);
        } finally {
            server.close();
        }
    }

    /** Plays game {@code id} for the holder of {@code token} with the first legal move until it ends. */
    private static void playFirstMoves(HttpClient http, String base, String token, String id) throws Exception {
        Rules rules = GameKind.AL_MANQALA.rules();
        HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/api/board/game/stream/" + id))
                .header("Authorization", "Bearer " + token).build();
        HttpResponse<InputStream> res = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
        String side = null;
        int movedAt = -1;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(res.body(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n = JSON.readTree(line);
                JsonNode st = n;
                if (n.path("type").asText().equals("gameFull")) {
                    side = n.path("south").path("name").asText().equals("Person") ? "S" : "N";
                    st = n.get("state");
                }
                if (!st.path("status").asText().equals("started")) {
                    return;
                }
                Game g = new Game(Position.initial(rules));
                int plies = 0;
                for (String m : st.path("moves").asText().split(" ")) {
                    if (!m.isEmpty()) {
                        g.play(rules.pitOfLetter(m));
                        plies++;
                    }
                }
                boolean mine = g.position().sideToMove() == (side.equals("S") ? mancala.rules.Side.SOUTH
                        : mancala.rules.Side.NORTH);
                if (mine && movedAt != plies && !g.isOver()) {
                    movedAt = plies;
                    String letter = rules.pitLetter(g.position().legalMoves()[0]);
                    send(http, "POST", base + "/api/board/game/" + id + "/move/" + letter, token, null);
                }
            }
        }
    }
}
