package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import mancala.engine.data.DataDir;
import mancala.engine.tablebase.Builder;
import mancala.engine.progress.Progress;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import mancala.server.i18n.Messages;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The endgame tables' verdict on the web: in a game's analysis (each ply the tables hold, judged: the position's
 * value, the value the move kept, seeds and result given away) and on the analysis board's socket (a position's
 * value and every move's, best first). The server is pointed at tiny tables built here (Hawalis up to 2 seeds a
 * side, Rio Kadalis up to 4 seeds on the board); the positions are small enough to be worked out by hand from the
 * rules (docs/rules.md), as each test says.
 */
class TablebaseWebTest {
    @TempDir
    static Path dir;
    static MancalaServer server;
    static TestClient api;
    static String oldTables;

    /**
     * South: f and h hold a seed each; North: B and M. Hand-worked (H6 single seeds, H7, H9): h steps to i, which
     * faces M with B behind it, and takes both: North has no seed left and has lost, a win in 1 ply. f steps to g
     * (an outer pit, no capture); then North's M steps to N, which faces h with g behind it, and takes both: South
     * has lost, a loss in 2 plies.
     */
    static final String HAWALIS = "hawalis 0,0,0,0,0,1,0,1,0,0,0,0,0,0 0,1,0,0,0,0,0,0,0,0,0,0,1,0 S";

    /**
     * South: e holds 1, f holds 3; North's row is empty. Hand-worked (R2-R4, R6): e drops its seed in f, which
     * then holds four with the lap's last seed (binikh): South takes them, North has no move and the round ends:
     * all 4 seeds secured, a win. f sows A, B, C one each and stops; South's lone seed must go e, f, then into A
     * (North keeps A empty by playing it first, and keeps every seed in his row), after which South has no move
     * and the 4 seeds are North's: 0 of 4, a loss.
     */
    static final String RIO = "rio-kadalis 0,0,0,0,1,3 0,0,0,0,0,0 S";

    @BeforeAll
    static void start() {
        Path tables = dir.resolve("tables");
        new Builder(Rules.of(OptionsNotation.parse(GameKind.HAWALIS, "")), 2, 1, tables, Progress.NONE, s -> { })
                .build();
        new Builder(Rules.of(OptionsNotation.parse(GameKind.RIO_KADALIS, "")), 4, 1, tables, Progress.NONE,
                s -> { }).build();
        oldTables = System.getProperty(DataDir.TABLEBASES_PROPERTY);
        // Tablebase.standard opens the tables once per folder: a fresh folder is read afresh.
        System.setProperty(DataDir.TABLEBASES_PROPERTY, tables.toString());
        server = MancalaServer.start("127.0.0.1", 0, mancala.server.store.Database.h2FileUrl(dir.resolve("db")), null,
                null, 0);
        api = new TestClient(server.port());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (oldTables == null) {
            System.clearProperty(DataDir.TABLEBASES_PROPERTY);
        } else {
            System.setProperty(DataDir.TABLEBASES_PROPERTY, oldTables);
        }
    }

    @Test
    void aGamesAnalysisGivesTheTablesJudgementOfEachPlyInCodesAndNumbers() {
        // South throws the win in 1 away with f; North takes everything with M (the line of HAWALIS above).
        String record = "[Game \"hawalis\"]\n[Setup \"" + HAWALIS + "\"]\n[Result \"0-1\"]\n\n1. f M (+2) 0-1\n";
        TestClient.Reply r = api.post("/api/records/analyse",
                TestClient.JSON.createObjectNode().put("text", record).toString());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        OpenApiCheck check = new OpenApiCheck();
        check.response("POST", "/api/records/analyse", r.status(), "application/json", r.json());
        assertThat(check.problems()).isEmpty();
        JsonNode plies = r.get("rounds").get(0).get("plies");
        assertThat(plies).hasSize(3);
        assertThat(plies.get(0).has("table")).isFalse(); // the start board is no ply
        JsonNode first = plies.get(1).get("table");
        assertThat(first.get("best").toString()).isEqualTo("{\"verdict\":\"win\",\"plies\":1}");
        assertThat(first.get("played").toString()).isEqualTo("{\"verdict\":\"loss\",\"plies\":2}");
        assertThat(first.get("lostSeeds").asDouble()).isZero();
        assertThat(first.get("resultLost").asBoolean()).isTrue();
        // North's M is his win in 1: kept.
        JsonNode second = plies.get(2).get("table");
        assertThat(second.get("best").toString()).isEqualTo("{\"verdict\":\"win\",\"plies\":1}");
        assertThat(second.get("played").toString()).isEqualTo("{\"verdict\":\"win\",\"plies\":1}");
        assertThat(second.get("resultLost").asBoolean()).isFalse();
    }

    @Test
    void aRoundsAnalysisGivesTheSeedsSecuredAndGivenAway() {
        // South plays f instead of e's binikh: 4 of the 4 seeds become 0 of 4 (RIO above). The record stops there.
        String record = "[Game \"rio-kadalis\"]\n[Setup \"" + RIO + "\"]\n\n1. f\n";
        TestClient.Reply r = api.post("/api/records/analyse",
                TestClient.JSON.createObjectNode().put("text", record).toString());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode t = r.get("rounds").get(0).get("plies").get(1).get("table");
        assertRound(t.get("best"), "win", 4, 4);
        assertRound(t.get("played"), "loss", 0, 4);
        assertThat(t.get("lostSeeds").asDouble()).isEqualTo(4.0);
        assertThat(t.get("resultLost").asBoolean()).isTrue();
    }

    @Test
    void theAnalysisBoardGetsAPositionsTableValueAndEachMovesBestFirst() throws Exception {
        Socket s = new Socket();
        JsonNode h = s.ask(Map.of("type", "table", "position", HAWALIS));
        assertThat(h.get("type").asText()).isEqualTo("table");
        assertThat(h.get("position").asText()).isEqualTo(HAWALIS);
        assertThat(h.get("inTables").asBoolean()).isTrue();
        assertThat(h.get("toMove").asText()).isEqualTo("south");
        assertThat(h.get("value").toString()).isEqualTo("{\"verdict\":\"win\",\"plies\":1}");
        assertThat(h.get("moves").toString()).isEqualTo("[{\"move\":\"h\",\"value\":{\"verdict\":\"win\",\"plies\":1}},"
                + "{\"move\":\"f\",\"value\":{\"verdict\":\"loss\",\"plies\":2}}]");

        JsonNode rio = s.ask(Map.of("type", "table", "position", RIO));
        assertThat(rio.get("inTables").asBoolean()).isTrue();
        assertRound(rio.get("value"), "win", 4, 4);
        // e's binikh is a capture with the move itself: the next capture is 1 ply away, by e.
        assertThat(rio.get("value").get("plies").asInt()).isEqualTo(1);
        assertThat(rio.get("moves").get(0).get("value").get("plies").asInt()).isEqualTo(1);
        assertThat(rio.get("moves")).hasSize(2);
        assertThat(rio.get("moves").get(0).get("move").asText()).isEqualTo("e");
        assertRound(rio.get("moves").get(0).get("value"), "win", 4, 4);
        assertThat(rio.get("moves").get(1).get("move").asText()).isEqualTo("f");
        assertRound(rio.get("moves").get(1).get("value"), "loss", 0, 4);

        // The start of a round holds 48 seeds: not in the tables, which reach 4.
        JsonNode start = s.ask(Map.of("type", "table", "position", "rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 S"));
        assertThat(start.get("inTables").asBoolean()).isFalse();
        assertThat(start.get("reach").asInt()).isEqualTo(4);
        assertThat(start.has("value")).isFalse();
        // Al-manqala has no tables here at all.
        JsonNode none = s.ask(Map.of("type", "table", "position", "al-manqala 0,0,0,0,0,0,1 1,0,0,0,0,0,0 S"));
        assertThat(none.get("inTables").asBoolean()).isFalse();
        assertThat(none.has("reach")).isFalse();
        // A bad position is refused, saying where.
        JsonNode bad = s.ask(Map.of("type", "table", "position", "hawalis 2,2 S"));
        assertThat(bad.get("type").asText()).isEqualTo("failed");
        assertThat(bad.get("error").asText()).isEqualTo("bad-position");
        s.close();
    }

    @Test
    void everyTableTextIsInEveryLanguage() {
        // MessagesTest checks every key of every area in every language; here, that the pages' keys are there.
        for (String lang : Messages.LANGUAGES) {
            Map<String, String> b = Messages.get().bundle(lang);
            for (String key : List.of("analysis.table.heading", "analysis.table.legend", "analysis.table.win.one",
                    "analysis.table.win.other", "analysis.table.loss.other", "analysis.table.draw",
                    "analysis.table.round.win.other", "analysis.table.round.draw.other",
                    "analysis.table.round.loss.other", "analysis.table.capture.other", "analysis.table.lost.one",
                    "analysis.table.lost.other", "analysis.table.status.kept", "analysis.table.status.fault",
                    "analysis.table.status.fault-seeds", "analysis.table.mark.win", "analysis.table.mark.draw",
                    "analysis.table.mark.seeds.other", "analysis.table.value", "analysis.table.moves",
                    "analysis.table.move", "analysis.table.result", "analysis.table.play",
                    "analysis.table.none.other", "analysis.table.none-side.other")) {
                assertThat(b).as(lang).containsKey(key);
            }
        }
    }

    private static void assertRound(JsonNode v, String verdict, double seeds, int onBoard) {
        assertThat(v.get("verdict").asText()).as("%s", v).isEqualTo(verdict);
        assertThat(v.get("seeds").asDouble()).as("%s", v).isEqualTo(seeds);
        assertThat(v.get("onBoard").asInt()).as("%s", v).isEqualTo(onBoard);
    }

    /** One analysis socket, its replies in order. */
    static final class Socket {
        final LinkedBlockingQueue<JsonNode> got = new LinkedBlockingQueue<>();
        final WebSocket ws;

        Socket() throws Exception {
            ws = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws/analysis"),
                            new WebSocket.Listener() {
                                final StringBuilder part = new StringBuilder();

                                @Override
                                public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                                    part.append(data);
                                    if (last) {
                                        try {
                                            got.add(TestClient.JSON.readTree(part.toString()));
                                        } catch (java.io.IOException e) {
                                            throw new java.io.UncheckedIOException(e);
                                        }
                                        part.setLength(0);
                                    }
                                    w.request(1);
                                    return null;
                                }
                            }).get(10, TimeUnit.SECONDS);
        }

        JsonNode ask(Map<String, String> message) throws Exception {
            ws.sendText(TestClient.JSON.writeValueAsString(message), true).get();
            JsonNode m = got.poll(20, TimeUnit.SECONDS);
            assertThat(m).as("a reply within 20 s").isNotNull();
            return m;
        }

        void close() throws Exception {
            ws.sendClose(1000, "").get();
        }
    }
}
