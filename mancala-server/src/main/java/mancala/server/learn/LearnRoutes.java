package mancala.server.learn;

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
import mancala.engine.solve.Solution;
import mancala.engine.solve.SolveException;
import mancala.engine.solve.Solver;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.notation.NotationException;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.Side;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import mancala.server.api.ApiException;
import mancala.server.api.Json;
import mancala.server.api.ClientAddress;
import mancala.server.api.HttpErrors;
import mancala.server.api.RateLimits;
import mancala.server.api.ServerContext;
import mancala.server.error.DomainError;

/**
 * The routes of the lessons, the puzzles and the analysis board (see {@code /api/openapi.json}):
 * <ul>
 * <li>{@code GET /api/lessons}: the lessons, each step with its position drawn;</li>
 * <li>{@code GET /api/puzzles}: {@code [{"id","game","options","position","source","difficulty"}]};
 *     {@code GET /api/puzzles/ID}: one, with {@code plies} and the board; {@code POST /api/puzzles/ID/check}
 *     {@code {"moves":[…]}} → {@code {"correct","reply","solved"}}; {@code GET /api/puzzles/ID/solution};</li>
 * <li>{@code POST /api/positions/check|play|solve|export} and the live analysis
 *     over the WebSocket {@code /ws/analysis} ({@link AnalysisSocket}).</li>
 * </ul>
 * Engine work runs on the server's bounded engine queue ({@link ServerContext#engine()}), rate-limited per client.
 */
public final class LearnRoutes implements ServerContext.Routes {
    /** The longest live analysis, ms. */
    public static final long MAX_ANALYSE_MILLIS = 60_000;
    /** The longest solve from the page, ms. */
    public static final long SOLVE_MILLIS = 20_000;
    /** The solver's time for one position of a puzzle check, ms. */
    public static final long PUZZLE_MILLIS = 10_000;
    /** The most moves a request may carry. */
    public static final int MAX_MOVES = 1000;

    private final ServerContext sc;
    private final ObjectMapper mapper;
    private final PuzzleCatalog puzzles = PuzzleCatalog.load();
    private final PuzzleJudge judge = new PuzzleJudge(PUZZLE_MILLIS);
    private final LessonCatalog lessons;

    /** @param sc the server's context: mapper, engine queue, rate limits, error rendering */
    public LearnRoutes(ServerContext sc) {
        this.sc = sc;
        this.mapper = sc.mapper();
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
        app.post("/api/positions/check", r::checkPosition);
        app.post("/api/positions/initial", r::initial);
        app.post("/api/positions/play", r::play);
        app.post("/api/positions/solve", r::solve);
        app.post("/api/positions/export", r::export);
        new AnalysisSocket(sc).register(app);
    }

    /** Runs {@code work} on the engine queue for the caller and answers with {@code answer} when it is done. */
    private <T> void async(Context ctx, RateLimits.Action action, Supplier<T> work, Consumer<T> answer) {
        String client = ClientAddress.of(ctx.req());
        sc.limits().check(action, client);
        CompletableFuture<T> f = sc.engine().submit(client, work);
        ctx.future(() -> f.handle((r, t) -> {
            if (t != null) {
                Throwable cause = HttpErrors.unwrap(t);
                if (cause instanceof DomainError d) {
                    sc.errors().write(ctx, d);
                } else if (cause instanceof SolveException e) {
                    sc.errors().write(ctx, DomainError.unavailable("not-solved", "the solver proved nothing in time: "
                            + e.getMessage().replace("{", "(").replace("}", ")")));
                } else {
                    org.slf4j.LoggerFactory.getLogger(LearnRoutes.class).error("{} {} failed", ctx.method(),
                            ctx.path(), cause);
                    sc.errors().writeInternal(ctx);
                }
            } else {
                answer.accept(r);
            }
            return null;
        }));
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
            throw new ApiException(404, "unknown-puzzle", "no puzzle '" + (id.length() > 64 ? id.substring(0, 64)
                    + "…" : id) + "'");
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
            throw ApiException.badRequest("moves: expected an array of pit letters, e.g. {\"moves\": [\"l\"]}");
        }
        if (arr.size() > MAX_MOVES) {
            throw ApiException.badRequest("moves: at most " + MAX_MOVES + " moves");
        }
        List<String> letters = new ArrayList<>();
        for (int i = 0; i < arr.size(); i++) {
            if (!arr.get(i).isTextual()) {
                throw ApiException.badRequest("moves[" + i + "]: expected a pit letter");
            }
            letters.add(arr.get(i).asText());
        }
        async(ctx, RateLimits.Action.MOVE, () -> {
            // Replay the solver's moves with the defence's answers in between, to read each letter where it is
            // played; the judge then decides each one.
            List<Integer> pits = new ArrayList<>();
            Position q = p.position();
            Side solver = q.sideToMove();
            for (int i = 0; i < letters.size(); i++) {
                if (q.isOver()) {
                    throw new ApiException(400, "game-over", "moves[" + i + "]: the game is already over",
                            Map.of("field", "moves[" + i + "]"));
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

    private Position positionOf(ObjectNode b) {
        return Positions.parse(text(b, "position"), text(b, "options"), "position", "options");
    }

    private void checkPosition(Context ctx) {
        ctx.json(Positions.view(positionOf(readBody(ctx, Set.of("position", "options")))));
    }

    private void initial(Context ctx) {
        ObjectNode b = readBody(ctx, Set.of("game", "options"));
        String game = text(b, "game");
        GameKind kind = GameKind.byKey(game == null ? "" : game).orElseThrow(() -> new ApiException(400,
                "bad-position", "game: expected one of " + GameKind.keys(), Map.of("field", "game")));
        RuleOptions o;
        try {
            o = OptionsNotation.parse(kind, text(b, "options"));
        } catch (NotationException e) {
            throw new ApiException(400, "bad-options", "options: " + e.getMessage(),
                    Map.of("field", "options", "column", e.column()));
        }
        ctx.json(Positions.view(Position.initial(Rules.of(o))));
    }

    private void play(Context ctx) {
        ObjectNode b = readBody(ctx, Set.of("position", "options", "move"));
        Position p = positionOf(b);
        if (p.isOver()) {
            throw new ApiException(400, "game-over", "move: the game is over in this position",
                    Map.of("field", "move"));
        }
        int pit = Positions.move(p, text(b, "move"), "move");
        Position next = p.play(pit);
        Side mover = p.sideToMove();
        Map<String, Object> out = new LinkedHashMap<>(Positions.view(next));
        out.put("move", p.rules().pitLetter(pit));
        out.put("mover", mover == Side.SOUTH ? "south" : "north");
        out.put("captured", next.holdings(mover) - p.holdings(mover));
        ctx.json(out);
    }

    private void solve(Context ctx) {
        Position p = positionOf(readBody(ctx, Set.of("position", "options")));
        async(ctx, RateLimits.Action.ANALYSIS, () -> {
            Map<String, Object> m = new LinkedHashMap<>();
            try {
                Solution s = Solver.solve(p, SOLVE_MILLIS);
                m.put("result", s.result().key());
                m.put("plies", s.plies());
                m.put("line", Positions.letters(p, s.line()));
            } catch (SolveException e) {
                m.put("result", "unknown");
                m.put("reason", e.getMessage());
            }
            return m;
        }, ctx::json);
    }

    private void export(Context ctx) {
        ObjectNode b = readBody(ctx, Set.of("position", "options", "moves", "south", "north", "millis"));
        Position p = positionOf(b);
        List<Integer> pits = new ArrayList<>();
        JsonNode moves = b.get("moves");
        if (moves != null && !(moves instanceof ArrayNode)) {
            throw ApiException.badRequest("moves: expected an array of pit letters");
        }
        Position q = p;
        if (moves != null) {
            if (moves.size() > MAX_MOVES) {
                throw ApiException.badRequest("moves: at most " + MAX_MOVES + " moves");
            }
            for (int i = 0; i < moves.size(); i++) {
                if (!moves.get(i).isTextual()) {
                    throw ApiException.badRequest("moves[" + i + "]: expected a pit letter");
                }
                int pit = Positions.move(q, moves.get(i).asText(), "moves[" + i + "]");
                pits.add(pit);
                q = q.play(pit);
            }
        }
        JsonNode ms = b.get("millis");
        long millis = ms == null ? 0 : ms.asLong(-1);
        if (ms != null && (!ms.canConvertToLong() || millis < 1 || millis > 2000)) {
            throw ApiException.badRequest("millis: expected a whole number of milliseconds from 1 to 2000");
        }
        long perPly = millis > 0 ? millis : Math.max(20, Math.min(300, 6000 / Math.max(1, pits.size())));
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Analysis board");
        String south = text(b, "south");
        String north = text(b, "north");
        if (south != null && !south.isBlank()) {
            tags.put("South", clip(south));
        }
        if (north != null && !north.isBlank()) {
            tags.put("North", clip(north));
        }
        async(ctx, RateLimits.Action.ANALYSIS, () -> Annotator.annotate(p, pits, tags, perPly), text -> {
            ctx.header("Content-Disposition", "attachment; filename=\"" + p.kind().key() + "-analysis.txt\"");
            ctx.contentType("text/plain; charset=utf-8").result(text);
        });
    }

    private static String clip(String s) {
        String t = s.replaceAll("[\\p{Cntrl}\"\\]]", " ").strip();
        return t.length() <= 80 ? t : t.substring(0, 80);
    }

    /** The body as the whole API reads it ({@link Json#body}): an object with the {@code allowed} fields only. */
    private ObjectNode readBody(Context ctx, Set<String> allowed) {
        return Json.body(mapper, ctx, allowed);
    }

    private static String text(ObjectNode b, String field) {
        return Json.text(b, field);
    }
}
