package mancala.server.learn;

import mancala.server.error.DomainError;
import mancala.server.board.Positions;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mancala.engine.puzzle.Puzzle;
import mancala.engine.puzzle.PuzzleCatalog;
import mancala.engine.puzzle.PuzzleJudge;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Position;
import mancala.rules.Side;
import mancala.server.engine.EngineQueue;
import mancala.server.http.HttpTools;
import mancala.server.http.Json;
import mancala.server.http.Routes;
import mancala.server.http.RateLimits;

/**
 * The routes of the lessons and the puzzles (see {@code /api/openapi.json}):
 * <ul>
 * <li>{@code GET /api/lessons}: the lessons, each step with its position drawn;</li>
 * <li>{@code GET /api/puzzles}: {@code [{"id","game","options","position","source","difficulty"}]};
 *     {@code GET /api/puzzles/ID}: one, with {@code plies} and the board; {@code POST /api/puzzles/ID/check}
 *     {@code {"moves":[…]}} → {@code {"correct","reply","solved"}}; {@code GET /api/puzzles/ID/solution};</li>
 * </ul>
 * Puzzle checks run on the server's bounded engine queue, rate-limited per client.
 */
public final class LearnRoutes implements Routes {
    /** The solver's time for one position of a puzzle check, ms. */
    public static final long PUZZLE_MILLIS = 10_000;
    /** The most moves a request may carry. */
    public static final int MAX_MOVES = 1000;

    private final HttpTools web;
    private final EngineQueue engine;
    private final ObjectMapper mapper;
    private final PuzzleCatalog puzzles = PuzzleCatalog.load();
    private final PuzzleJudge judge = new PuzzleJudge(PUZZLE_MILLIS);
    private final LessonCatalog lessons;

    /** @param engine the queue solves and puzzle checks run on */
    public LearnRoutes(HttpTools web, EngineQueue engine) {
        this.web = web;
        this.engine = engine;
        this.mapper = web.mapper();
        this.lessons = LessonCatalog.load(mapper);
    }

    @Override
    public void register(Javalin app) {
        LearnRoutes r = this;
        app.get("/api/lessons", ctx -> ctx.json(r.lessons.view()));
        app.get("/api/puzzles", r::listPuzzles);
        app.get("/api/puzzles/{id}", ctx -> ctx.json(r.puzzleView(r.puzzle(ctx), true)));
        app.post("/api/puzzles/{id}/check", r::checkPuzzle);
        app.get("/api/puzzles/{id}/solution", r::solution);
    }

    private void listPuzzles(Context ctx) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Puzzle p : puzzles.puzzles()) {
            out.add(puzzleView(p, false));
        }
        ctx.json(out);
    }

    private Puzzle puzzle(Context ctx) {
        String id = ctx.pathParam("id");
        Puzzle p = puzzles.byId(id);
        if (p == null) {
            throw new DomainError(DomainError.Kind.NOT_FOUND, "unknown-puzzle", "no puzzle '" + (id.length() > 64 ? id.substring(0, 64)
                    + "…" : id) + "'", Map.of());
        }
        return p;
    }

    private Map<String, Object> puzzleView(Puzzle p, boolean full) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", p.id());
        m.put("game", p.position().kind().key());
        m.put("options", OptionsNotation.format(p.position().rules().options()));
        m.put("position", PositionNotation.format(p.position()));
        m.put("source", p.source());
        m.put("difficulty", p.difficulty());
        if (full) {
            m.put("plies", p.plies());
            m.put("side", p.position().sideToMove() == Side.SOUTH ? "south" : "north");
            m.put("view", Positions.view(p.position()));
        }
        return m;
    }

    private void checkPuzzle(Context ctx) {
        Puzzle p = puzzle(ctx);
        ObjectNode body = readBody(ctx, Set.of("moves"));
        JsonNode moves = body.get("moves");
        if (!(moves instanceof ArrayNode arr)) {
            throw DomainError.badRequest("moves: expected an array of pit letters, e.g. {\"moves\": [\"l\"]}", Map.of());
        }
        if (arr.size() > MAX_MOVES) {
            throw DomainError.badRequest("moves: at most " + MAX_MOVES + " moves", Map.of());
        }
        List<String> letters = new ArrayList<>();
        for (int i = 0; i < arr.size(); i++) {
            if (!arr.get(i).isTextual()) {
                throw DomainError.badRequest("moves[" + i + "]: expected a pit letter", Map.of());
            }
            letters.add(arr.get(i).asText());
        }
        web.onEngine(ctx, engine, RateLimits.Action.MOVE, () -> {
            // Replay the solver's moves with the defence's answers in between, to read each letter where it is
            // played; the judge then decides each one.
            List<Integer> pits = new ArrayList<>();
            Position q = p.position();
            Side solver = q.sideToMove();
            for (int i = 0; i < letters.size(); i++) {
                if (q.isOver()) {
                    throw new DomainError(DomainError.Kind.INVALID, "game-over", "moves[" + i + "]: the game is already over", Map.of(),
                            Map.of("field", "moves[" + i + "]"), 0);
                }
                int pit = Positions.move(q, letters.get(i), "moves[" + i + "]");
                pits.add(pit);
                if (i == letters.size() - 1 || !judge.keepsShortestWin(q, pit)) {
                    break;
                }
                q = q.play(pit);
                while (!q.isOver() && q.sideToMove() != solver) {
                    q = q.play(judge.defence(q));
                }
            }
            return judge.check(p, pits);
        }, c -> {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("correct", c.correct());
            Position start = p.position();
            out.put("reply", c.reply() == null ? null : start.rules().pitLetter(c.reply()));
            out.put("solved", c.solved());
            out.put("replies", Positions.letters(start, c.replies()));
            ctx.json(out);
        });
    }

    private void solution(Context ctx) {
        Puzzle p = puzzle(ctx);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", p.id());
        out.put("plies", p.plies());
        out.put("line", Positions.letters(p.position(), p.solution()));
        ctx.json(out);
    }

    /** The body as the whole API reads it ({@link Json#body}): an object with the {@code allowed} fields only. */
    private ObjectNode readBody(Context ctx, Set<String> allowed) {
        return Json.body(mapper, ctx, allowed);
    }

    private static String text(ObjectNode b, String field) {
        return Json.text(b, field);
    }
}
