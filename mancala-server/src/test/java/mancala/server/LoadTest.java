package mancala.server;

import mancala.server.config.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.Position;
import mancala.rules.Rules;
import mancala.server.store.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bounded load test on loopback: 100 games between invited players, played at once over WebSocket by 200
 * simulated clients that move at random when it is their turn. Every game must finish with no error message, and
 * its stored moves must replay by the rules to the position and result the server reports.
 */
@Tag("slow")
class LoadTest {
    static final int GAMES = 100;
    /** Random Rio Kadalis matches run to several hundred plies; the API tests play those, here they'd dominate. */
    static final String[] KINDS = {"al-manqala", "hawalis"};

    @TempDir
    Path dir;

    @Test
    void aHundredGamesPlayedAtOnceOverWebSocketAllFinishConsistently() throws Exception {
        try (MancalaServer server = MancalaServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withDatabase(Database.h2FileUrl(dir.resolve("load")), null, null).withAiDelay(Duration.ZERO)
                .withRateLimitScale(1000))) {
            TestClient api = new TestClient(server.port());
            HttpClient http = HttpClient.newHttpClient();
            Queue<String> errors = new ConcurrentLinkedQueue<>();
            List<String> ids = new ArrayList<>();
            List<CompletableFuture<JsonNode>> ends = new ArrayList<>();
            long started = System.nanoTime();
            for (int i = 0; i < GAMES; i++) {
                String kind = KINDS[i % KINDS.length];
                TestClient.Reply c = api.create("{\"game\":\"" + kind + "\",\"mode\":\"invite\"}");
                String id = c.get("id").asText();
                String north = api.post("/api/games/" + id + "/join",
                        "{\"code\":\"" + c.get("inviteCode").asText() + "\"}").get("seatToken").asText();
                ids.add(id);
                for (String[] seat : new String[][] {{"south", c.get("seatToken").asText()}, {"north", north}}) {
                    Player p = new Player(seat[0], i * 2L + seat[0].length(), errors, id);
                    http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10)).header("X-Seat-Token", seat[1])
                            .buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws/games/" + id), p)
                            .get(10, TimeUnit.SECONDS);
                    ends.add(p.end);
                }
            }
            CompletableFuture.allOf(ends.toArray(CompletableFuture[]::new)).get(900, TimeUnit.SECONDS);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
            assertThat(errors).as("error messages").isEmpty();
            int plies = 0;
            for (String id : ids) {
                JsonNode g = api.get("/api/games/" + id, null).json();
                assertThat(g.get("status").asText()).as(id).isEqualTo("over");
                plies += g.get("plies").asInt();
                assertConsistent(g);
                String record = api.get("/api/games/" + id + "/record", null).body();
                assertThat(record).contains("[Termination \"");
            }
            System.out.printf("load: %d games, %d plies over WebSocket in %d s%n", GAMES, plies, seconds);
        }
    }

    /** Replays the game's moves by the rules library and compares with what the server says. */
    static void assertConsistent(JsonNode g) {
        GameKind kind = GameKind.byKey(g.get("game").asText()).orElseThrow();
        Rules rules = Rules.of(mancala.notation.OptionsNotation.parse(kind, g.get("options").asText()));
        Position start = Position.initial(rules);
        Match match = kind == GameKind.RIO_KADALIS ? new Match(start) : null;
        Game game = match == null ? new Game(start) : match.round();
        for (JsonNode round : g.get("rounds")) {
            assertThat(PositionNotation.format(game.start())).isEqualTo(round.get("start").asText());
            for (JsonNode m : round.get("moves")) {
                int pit = rules.pitOfLetter(m.get("pit").asText());
                game.play(pit);
                assertThat(game.capturedAt(game.plies())).isEqualTo(m.get("captured").asInt());
            }
            assertThat(game.outcome().orElseThrow().result().notation()).isEqualTo(round.get("result").asText());
            if (match != null && !match.isOver() && match.nextRound().isPresent()) {
                game = match.round();
            }
        }
        assertThat(PositionNotation.format(game.position())).isEqualTo(g.get("position").asText());
        String result = match != null ? match.outcome().orElse(game.outcome().orElseThrow()).result().notation()
                : game.outcome().orElseThrow().result().notation();
        assertThat(g.get("result").asText()).isEqualTo(result);
    }

    /** One simulated player: moves at random when the state says it is his turn. */
    static final class Player implements WebSocket.Listener {
        final String side;
        final SplittableRandom random;
        final Queue<String> errors;
        final String id;
        final CompletableFuture<JsonNode> end = new CompletableFuture<>();
        private final StringBuilder partial = new StringBuilder();
        private long lastStamp;
        private int lastPlySent;
        /** The JDK's WebSocket allows one send at a time: each waits for the one before. */
        private CompletableFuture<WebSocket> sending;

        Player(String side, long seed, Queue<String> errors, String id) {
            this.side = side;
            this.random = new SplittableRandom(seed);
            this.errors = errors;
            this.id = id;
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                try {
                    handle(ws, TestClient.JSON.readTree(text));
                } catch (Exception e) {
                    errors.add(id + " " + side + ": " + e);
                    end.completeExceptionally(e);
                }
            }
            ws.request(1);
            return null;
        }

        private synchronized void handle(WebSocket ws, JsonNode msg) {
            if (msg.get("type").asText().equals("error")) {
                errors.add(id + " " + side + ": " + msg);
                end.completeExceptionally(new AssertionError(msg.toString()));
                return;
            }
            JsonNode g = msg.get("game");
            if (g.get("stamp").asLong() <= lastStamp) {
                return; // an older state that arrived late
            }
            lastStamp = g.get("stamp").asLong();
            if (g.get("status").asText().equals("over")) {
                end.complete(g);
                send(ws, w -> w.sendClose(WebSocket.NORMAL_CLOSURE, "done"));
                return;
            }
            int ply = g.get("plies").asInt() + 1;
            if (g.get("status").asText().equals("playing") && g.get("toMove").asText().equals(side)
                    && ply > lastPlySent) {
                JsonNode legal = g.get("legal");
                String pit = legal.get(random.nextInt(legal.size())).asText();
                lastPlySent = ply;
                String move = "{\"type\":\"move\",\"pit\":\"" + pit + "\",\"ply\":" + ply + "}";
                send(ws, w -> w.sendText(move, true));
            }
        }

        private void send(WebSocket ws, java.util.function.Function<WebSocket, CompletableFuture<WebSocket>> what) {
            sending = sending == null ? what.apply(ws) : sending.thenCompose(what);
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            if (!end.isDone()) {
                errors.add(id + " " + side + ": " + error);
                end.completeExceptionally(error);
            }
        }
    }
}
