package mancala.server.analysis;

import mancala.server.error.DomainError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mancala.engine.solve.SolveException;
import mancala.engine.solve.Solution;
import mancala.engine.solve.Solver;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.Side;
import mancala.server.board.Positions;
import mancala.server.board.RulesInput;
import mancala.server.engine.EngineQueue;
import mancala.server.http.HttpTools;
import mancala.server.http.Json;
import mancala.server.http.RateLimits;
import mancala.server.http.Routes;

/**
 * The analysis board's positions: {@code POST /api/positions/check} (read and draw a position),
 * {@code /initial} (a game's start), {@code /play} (one move), {@code /solve} (the solver, on the engine queue)
 * and {@code /export} (the moves played, annotated by the engine, as a record).
 */
public final class BoardRoutes implements Routes {
    /** The longest solve from the page, ms. */
    public static final long SOLVE_MILLIS = 20_000;
    /** The most moves a request may carry. */
    public static final int MAX_MOVES = 1000;

    private final HttpTools web;
    private final EngineQueue engine;

    /** @param engine the queue solves and annotations run on */
    public BoardRoutes(HttpTools web, EngineQueue engine) {
        this.web = web;
        this.engine = engine;
    }

    @Override
    public void register(Javalin app) {
        app.post("/api/positions/check", this::checkPosition);
        app.post("/api/positions/initial", this::initial);
        app.post("/api/positions/play", this::play);
        app.post("/api/positions/solve", this::solve);
        app.post("/api/positions/export", this::export);
    }

    private Position positionOf(ObjectNode b) {
        return Positions.parse(text(b, "position"), text(b, "options"), "position", "options");
    }

    private void checkPosition(Context ctx) {
        ctx.json(Positions.view(positionOf(readBody(ctx, Set.of("position", "options")))));
    }

    private void initial(Context ctx) {
        ObjectNode b = readBody(ctx, Set.of("game", "options"));
        GameKind kind = RulesInput.game(text(b, "game"));
        RuleOptions o = RulesInput.options(kind, text(b, "options"), "options");
        ctx.json(Positions.view(Position.initial(Rules.of(o))));
    }

    private void play(Context ctx) {
        ObjectNode b = readBody(ctx, Set.of("position", "options", "move"));
        Position p = positionOf(b);
        if (p.isOver()) {
            throw new DomainError(DomainError.Kind.INVALID, "game-over", "move: the game is over in this position", Map.of(),
                    Map.of("field", "move"), 0);
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
        web.onEngine(ctx, engine, RateLimits.Action.ANALYSIS, () -> {
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
            throw DomainError.badRequest("moves: expected an array of pit letters", Map.of());
        }
        Position q = p;
        if (moves != null) {
            if (moves.size() > MAX_MOVES) {
                throw DomainError.badRequest("moves: at most " + MAX_MOVES + " moves", Map.of());
            }
            for (int i = 0; i < moves.size(); i++) {
                if (!moves.get(i).isTextual()) {
                    throw DomainError.badRequest("moves[" + i + "]: expected a pit letter", Map.of());
                }
                int pit = Positions.move(q, moves.get(i).asText(), "moves[" + i + "]");
                pits.add(pit);
                q = q.play(pit);
            }
        }
        JsonNode ms = b.get("millis");
        long millis = ms == null ? 0 : ms.asLong(-1);
        if (ms != null && (!ms.canConvertToLong() || millis < 1 || millis > 2000)) {
            throw DomainError.badRequest("millis: expected a whole number of milliseconds from 1 to 2000", Map.of());
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
        web.onEngine(ctx, engine, RateLimits.Action.ANALYSIS, () -> Annotator.annotate(p, pits, tags, perPly), text -> {
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
        return Json.body(web.mapper(), ctx, allowed);
    }

    private static String text(ObjectNode b, String field) {
        return Json.text(b, field);
    }
}
