package mancala.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import mancala.engine.puzzle.PuzzleJudge;
import mancala.engine.solve.Solution;
import mancala.notation.PositionNotation;
import mancala.record.GameRecord;
import mancala.record.RecordReader;
import mancala.record.RecordedMove;
import mancala.record.Replay;
import mancala.record.ReplayedRecord;
import mancala.rules.Position;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lessons, puzzles and analysis-board API: the puzzle contract ({@code GET /api/puzzles}, {@code POST
 * /api/puzzles/ID/check}), the board's legality check, moves, exact solve, live analysis over server-sent
 * events, and the annotated export read back by the record reader and replay.
 */
class LearnApiTest {
    @TempDir
    static Path dir;
    static MancalaServer server;
    static TestClient api;

    @BeforeAll
    static void start() {
        server = MancalaServer.start("127.0.0.1", 0, mancala.server.store.Database.h2FileUrl(dir.resolve("learn")), null, null, 0);
        api = new TestClient(server.port());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    static String json(Object o) throws Exception {
        return TestClient.JSON.writeValueAsString(o);
    }

    @Test
    void puzzlesAreListedWithExactlyTheContractsFields() {
        TestClient.Reply r = api.get("/api/puzzles", null);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().isArray()).isTrue();
        assertThat(r.json().size()).isGreaterThan(1);
        for (JsonNode p : r.json()) {
            Set<String> fields = new TreeSet<>();
            p.fieldNames().forEachRemaining(fields::add);
            assertThat(fields).containsExactlyInAnyOrder("id", "game", "options", "position", "source", "difficulty");
            assertThat(p.get("difficulty").asInt()).isBetween(1, 5);
            Position pos = PositionNotation.parse(p.get("position").asText());
            assertThat(pos.kind().key()).isEqualTo(p.get("game").asText());
        }
        JsonNode first = r.json().get(0);
        assertThat(first.get("id").asText()).isEqualTo("gering-2008-problem-1");
        assertThat(first.get("position").asText())
                .isEqualTo("hawalis 0,0,0,0,0,0,0,0,1,0,0,1,0,0 1,0,2,1,0,0,0,0,1,1,1,1,1,0 S");
        assertThat(first.get("source").asText()).contains("Ralf Gering");
    }

    /** Plays Problem 1 through the check for at most {@code rounds} of the solver's moves; returns the last answer. */
    static JsonNode playProblem1(int rounds, PuzzleJudge judge) throws Exception {
        Position q = PositionNotation.parse("hawalis 0,0,0,0,0,0,0,0,1,0,0,1,0,0 1,0,2,1,0,0,0,0,1,1,1,1,1,0 S");
        List<String> moves = new ArrayList<>();
        JsonNode last = null;
        int plies = 0;
        while ((last == null || !last.get("solved").asBoolean()) && moves.size() < rounds) {
            String m = q.rules().pitLetter(judge.winningMoves(q).get(0));
            moves.add(m);
            TestClient.Reply r = api.post("/api/puzzles/gering-2008-problem-1/check",
                    json(java.util.Map.of("moves", moves)));
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            last = r.json();
            assertThat(last.get("correct").asBoolean()).isTrue();
            q = q.play(pit(q, m));
            plies++;
            if (!last.get("reply").isNull()) {
                // The defence resists longest: the solver's shortest win goes down by two plies a round.
                Position before = q;
                q = q.play(pit(q, last.get("reply").asText()));
                plies++;
                assertThat(judge.solve(q).plies()).isEqualTo(judge.solve(before).plies() - 1);
                assertThat(last.get("solved").asBoolean()).isFalse();
            }
            assertThat(plies).isLessThanOrEqualTo(41);
        }
        if (last.get("solved").asBoolean()) {
            assertThat(last.get("reply").isNull()).isTrue();
            assertThat(q.isOver()).isTrue();
            assertThat(q.outcome().orElseThrow().result().winner()).contains(mancala.rules.Side.SOUTH);
            assertThat(plies).isEqualTo(judge.solve(PositionNotation.parse(
                    "hawalis 0,0,0,0,0,0,0,0,1,0,0,1,0,0 1,0,2,1,0,0,0,0,1,1,1,1,1,0 S")).plies());
        }
        return last;
    }

    @Test
    @org.junit.jupiter.api.Tag("slow")
    void problem1IsSolvedThroughTheCheck() throws Exception {
        assertThat(playProblem1(100, new PuzzleJudge(20_000)).get("solved").asBoolean()).isTrue();
    }

    @Test
    void problem1sMovesAreCheckedAndWrongOrIllegalMovesAreAnswered() throws Exception {
        String id = "gering-2008-problem-1";
        Position start = PositionNotation.parse("hawalis 0,0,0,0,0,0,0,0,1,0,0,1,0,0 1,0,2,1,0,0,0,0,1,1,1,1,1,0 S");
        PuzzleJudge judge = new PuzzleJudge(20_000);
        JsonNode last = playProblem1(2, judge);
        assertThat(last.get("reply").asText()).matches("[A-N]");
        // A first move that does not keep the shortest win is not correct, and gets no reply.
        int wrong = -1;
        for (int m : start.legalMoves()) {
            if (!judge.winningMoves(start).contains(m)) {
                wrong = m;
            }
        }
        assertThat(wrong).isNotNegative();
        TestClient.Reply w = api.post("/api/puzzles/" + id + "/check",
                json(java.util.Map.of("moves", List.of(start.rules().pitLetter(wrong)))));
        assertThat(w.json().get("correct").asBoolean()).isFalse();
        assertThat(w.json().get("reply").isNull()).isTrue();
        assertThat(w.json().get("solved").asBoolean()).isFalse();
        TestClient.Reply illegal = api.post("/api/puzzles/" + id + "/check", "{\"moves\": [\"a\"]}");
        assertThat(illegal.status()).isEqualTo(400);
        assertThat(illegal.json().get("error").asText()).isEqualTo("illegal-move");
        assertThat(illegal.json().get("details").get("field").asText()).isEqualTo("moves[0]");
        assertThat(api.post("/api/puzzles/" + id + "/check", "{\"moves\": \"l\"}").status()).isEqualTo(400);
        assertThat(api.post("/api/puzzles/" + id + "/check", "{\"moves\": [], \"x\": 1}").json().get("error")
                .asText()).isEqualTo("unknown-field");
        assertThat(api.post("/api/puzzles/nope/check", "{\"moves\": []}").status()).isEqualTo(404);
        TestClient.Reply sol = api.get("/api/puzzles/" + id + "/solution", null);
        assertThat(sol.json().get("plies").asInt()).isEqualTo(judge.solve(start).plies());
        assertThat(sol.json().get("line").size()).isEqualTo(judge.solve(start).plies());
    }

    static int pit(Position p, String letter) {
        for (int i = 0; i < p.rules().pitCount(); i++) {
            if (p.rules().pitLetter(i).equals(letter)) {
                return i;
            }
        }
        throw new AssertionError(letter);
    }

    @Test
    void theBoardRefusesIllegalPositionsSayingWhereAndPlaysLegalOnes() throws Exception {
        TestClient.Reply tooMany = api.post("/api/positions/check",
                json(java.util.Map.of("position", "hawalis 9,9,9,9,9,9,9,0,0,0,0,0,0,0 2,2,2,2,2,2,2,2,2,2,2,2,2,2 S")));
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.json().get("error").asText()).isEqualTo("too-many-seeds");
        assertThat(tooMany.json().get("details").get("seeds").asInt()).isEqualTo(91);
        assertThat(tooMany.json().get("details").get("most").asInt()).isEqualTo(56);
        TestClient.Reply bad = api.post("/api/positions/check",
                json(java.util.Map.of("position", "al-manqala 7,7,7 7,7,7,7,7,7,7 S")));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().get("error").asText()).isEqualTo("bad-position");
        assertThat(bad.json().get("details").get("field").asText()).isEqualTo("position");
        assertThat(bad.json().get("details").get("column").asInt()).isEqualTo(12);
        TestClient.Reply closed = api.post("/api/positions/check",
                json(java.util.Map.of("position", "hawalis x,2,2,2,2,2,2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2,2,2,2,2,2,2 S")));
        assertThat(closed.json().get("error").asText()).isEqualTo("bad-position");
        TestClient.Reply opts = api.post("/api/positions/check",
                json(java.util.Map.of("position", "rio-kadalis 4,4,4,4,4,4 4,4,4,4,4,4 S", "options", "pits=7")));
        assertThat(opts.json().get("error").asText()).isEqualTo("bad-options");
        TestClient.Reply ok = api.post("/api/positions/check",
                json(java.util.Map.of("position", "rio-kadalis x,x,x,4,4,4 4,4,4,4,4,4 S 2-10")));
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.json().get("legal").toString()).isEqualTo("[\"d\",\"e\",\"f\"]");
        // R4: e's last seed makes A hold four, a binikh for the mover.
        TestClient.Reply played = api.post("/api/positions/play", json(java.util.Map.of(
                "position", "rio-kadalis 1,0,0,0,2,0 3,0,1,0,2,0 S 20-19", "move", "e")));
        assertThat(played.json().get("position").asText()).isEqualTo("rio-kadalis 1,0,0,0,0,1 0,0,1,0,2,0 N 24-19");
        assertThat(played.json().get("captured").asInt()).isEqualTo(4);
        assertThat(api.post("/api/positions/play", json(java.util.Map.of(
                "position", "rio-kadalis 1,0,0,0,2,0 3,0,1,0,2,0 S 20-19", "move", "b"))).json().get("error")
                .asText()).isEqualTo("illegal-move");
    }

    @Test
    void solveAnswersExactly() throws Exception {
        // H7, H9: i sows j, k, l and takes J and E, all of North's seeds.
        TestClient.Reply r = api.post("/api/positions/solve", json(java.util.Map.of(
                "position", "hawalis 0,2,0,0,0,0,0,0,3,0,0,0,0,0 0,0,0,0,1,0,0,0,0,2,0,0,0,0 S")));
        assertThat(r.json().get("result").asText()).isEqualTo("win");
        assertThat(r.json().get("plies").asInt()).isEqualTo(1);
        assertThat(r.json().get("line").toString()).isEqualTo("[\"i\"]");
    }

    @Test
    void liveAnalysisStreamsIterationsThenTheBestMoveOverAWebSocket() throws Exception {
        String position = "hawalis 2,2,2,2,2,2,2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2,2,2,2,2,2,2 S";
        java.util.concurrent.LinkedBlockingQueue<JsonNode> got = new java.util.concurrent.LinkedBlockingQueue<>();
        java.net.http.WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/ws/analysis"),
                        new java.net.http.WebSocket.Listener() {
                            final StringBuilder part = new StringBuilder();

                            @Override
                            public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket w,
                                                                                  CharSequence data, boolean last) {
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
                        }).get(10, java.util.concurrent.TimeUnit.SECONDS);
        // A bad position is refused on the socket, saying where.
        ws.sendText("{\"type\":\"analyse\",\"position\":\"hawalis 2,2 S\"}", true).get();
        JsonNode failed = got.poll(20, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(failed.get("type").asText()).isEqualTo("failed");
        assertThat(failed.get("error").asText()).isEqualTo("bad-position");
        ws.sendText(json(java.util.Map.of("type", "analyse", "position", position, "millis", 1500)), true).get();
        List<JsonNode> infos = new ArrayList<>();
        JsonNode done = null;
        while (done == null) {
            JsonNode m = got.poll(30, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(m).as("a message within 30 s").isNotNull();
            assertThat(m.get("position").asText()).isEqualTo(position);
            if (m.get("type").asText().equals("info")) {
                infos.add(m);
            } else {
                assertThat(m.get("type").asText()).isEqualTo("done");
                done = m;
            }
        }
        ws.sendClose(1000, "").get();
        assertThat(infos).isNotEmpty();
        for (int i = 1; i < infos.size(); i++) {
            assertThat(infos.get(i).get("depth").asInt()).isGreaterThan(infos.get(i - 1).get("depth").asInt());
        }
        assertThat(infos.get(0).get("pv").size()).isPositive();
        assertThat(done.get("bestmove").asText()).matches("[a-n]");
        assertThat(done.get("depth").asInt()).isGreaterThanOrEqualTo(infos.get(infos.size() - 1).get("depth")
                .asInt());
    }

    @Test
    void theAnnotatedExportIsReadBackByTheRecordReaderWithItsScoresAndMarks() throws Exception {
        // A shipped puzzle's position and a first move the solver proves lost: a won position thrown away, ??.
        PuzzleJudge judge = new PuzzleJudge(10_000);
        Position start = null;
        String lost = null;
        String best = null;
        for (mancala.engine.puzzle.Puzzle p : mancala.engine.puzzle.PuzzleCatalog.load().puzzles()) {
            if (p.plies() > 7) {
                continue;
            }
            for (int m : p.position().legalMoves()) {
                if (judge.valueOf(p.position(), m).value() == Solution.Value.LOSS) {
                    start = p.position();
                    lost = start.rules().pitLetter(m);
                    best = start.rules().pitLetter(judge.winningMoves(start).get(0));
                }
            }
            if (start != null) {
                break;
            }
        }
        assertThat(start).as("a shipped puzzle with a losing move").isNotNull();
        String position = PositionNotation.format(start);
        String options = mancala.notation.OptionsNotation.format(start.rules().options());
        Position after = start.play(pit(start, lost));
        String reply = after.rules().pitLetter(after.legalMoves()[0]);
        TestClient.Reply r = api.post("/api/positions/export", json(java.util.Map.of("position", position,
                "options", options, "moves", List.of(lost, reply), "south", "Amal", "millis", 300)));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        List<GameRecord> records = RecordReader.read(r.body(), "export");
        assertThat(records).hasSize(1);
        ReplayedRecord replayed = Replay.replay(records.get(0));
        assertThat(replayed.valid()).as(r.body()).isTrue();
        GameRecord rec = records.get(0);
        assertThat(rec.start()).isEqualTo(start);
        assertThat(rec.tag("South")).contains("Amal");
        List<RecordedMove> moves = rec.moves();
        assertThat(moves).hasSize(2);
        assertThat(moves.get(0).marks()).isEqualTo("??");
        String winner = start.sideToMove() == mancala.rules.Side.SOUTH ? "South" : "North";
        String loser = start.sideToMove() == mancala.rules.Side.SOUTH ? "North" : "South";
        assertThat(moves.get(0).commentsAfter().get(0)).contains("; best " + best)
                .endsWith(winner + " wins in " + judge.solve(start).plies());
        assertThat(loser).isNotEqualTo(winner);
        for (RecordedMove m : moves) {
            assertThat(m.commentsAfter()).hasSize(1);
            assertThat(m.commentsAfter().get(0)).matches("([+-]\\d+\\.\\d\\d|(South|North) wins in \\d+).*");
        }
    }

    @Test
    void lessonsComeWithTheirBoards() {
        TestClient.Reply r = api.get("/api/lessons", null);
        assertThat(r.status()).isEqualTo(200);
        JsonNode lessons = r.json().get("lessons");
        assertThat(lessons.size()).isEqualTo(3);
        JsonNode step = lessons.get(0).get("steps").get(0);
        assertThat(step.get("view").get("legal").toString()).isEqualTo("[\"c\",\"f\"]");
    }
}
