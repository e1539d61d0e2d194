package mancala.server.play;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * Replays a game ply by ply with the engine's verdict on each move, for the analysis view: the board before and
 * after each ply, the move played, the engine's choice, and whether they agree. The engine gets a share of a fixed
 * budget per game so that a long game is analysed in a few seconds.
 */
public final class Analyser {
    /** Thinking time for a whole game, in milliseconds. */
    static final long BUDGET_MILLIS = 4000;

    private Analyser() {
    }

    /** @return the analysis of a game played on this server. */
    public static Map<String, Object> analyseGame(LiveGame live) {
        List<Game> rounds = live.rounds();
        List<Map<String, Object>> out = new ArrayList<>();
        int plies = 0;
        for (Game g : rounds) {
            plies += g.plies();
        }
        for (Game g : rounds) {
            out.add(round(g.start(), g.moves(), Math.max(5, BUDGET_MILLIS / Math.max(1, plies))));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("game", live.kind().key());
        m.put("gameName", live.kind().displayName());
        m.put("names", live.names());
        m.put("layout", LiveGame.layout(rounds.get(0).start().rules()));
        m.put("rounds", out);
        m.put("summary", live.view().get("summary"));
        return m;
    }

    /**
     * @return the analysis of a pasted record
     * @throws mancala.server.api.ApiException 422 when the record cannot be read or replayed
     */
    public static Map<String, Object> analyseRecord(String text, String source) {
        List<RecordImport.Replayed> records = RecordImport.read(text, source);
        int plies = 0;
        for (RecordImport.Replayed r : records) {
            plies += r.game().plies();
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (RecordImport.Replayed r : records) {
            out.add(round(r.game().start(), r.game().moves(), Math.max(5, BUDGET_MILLIS / Math.max(1, plies))));
        }
        Map<String, String> tags = records.get(0).tags();
        Game first = records.get(0).game();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("game", first.start().kind().key());
        m.put("gameName", first.start().kind().displayName());
        m.put("names", List.of(tags.getOrDefault("South", "South"), tags.getOrDefault("North", "North")));
        m.put("tags", tags);
        m.put("layout", LiveGame.layout(first.start().rules()));
        m.put("rounds", out);
        Game last = records.get(records.size() - 1).game();
        m.put("summary", last.outcome().map(Analyser::describe).orElse("Unfinished: " + last.position()
                .sideToMove().displayName() + " to move"));
        return m;
    }

    private static String describe(Outcome o) {
        return o.result().winner().map(w -> w.displayName() + " wins").orElse("Draw") + ": "
                + o.termination().description() + (o.south() + o.north() > 0 ? " — " + o.south() + " to "
                + o.north() : "");
    }

    private static Map<String, Object> round(Position start, List<Integer> moves, long millisPerPly) {
        Game g = new Game(start);
        List<Map<String, Object>> plies = new ArrayList<>();
        plies.add(Map.of("board", board(start)));
        for (int i = 0; i < moves.size(); i++) {
            int pit = moves.get(i);
            Position before = g.position();
            Side mover = before.sideToMove();
            int best = Ai.player(6, i).chooseMove(g, millisPerPly);
            int bestGain = gain(before, best);
            int captured = g.play(pit);
            int gain = gain(before, pit);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ply", i + 1);
            m.put("side", Seats.key(mover));
            m.put("pit", before.rules().pitLetter(pit));
            m.put("captured", captured);
            m.put("best", before.rules().pitLetter(best));
            m.put("verdict", verdict(pit, best, gain, bestGain));
            m.put("board", board(g.position()));
            plies.add(m);
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("start", PositionNotation.format(start));
        r.put("plies", plies);
        r.put("summary", g.outcome().map(Analyser::describe).orElse(null));
        return r;
    }

    /** Seeds the mover gains on the opponent with {@code pit}, looking one ply ahead. */
    private static int gain(Position p, int pit) {
        Side me = p.sideToMove();
        Position q = p.play(pit);
        return q.store(me) - p.store(me) - (q.store(me.opponent()) - p.store(me.opponent()));
    }

    private static String verdict(int played, int best, int gain, int bestGain) {
        if (played == best) {
            return "best";
        }
        int lost = bestGain - gain;
        if (lost >= 8) {
            return "blunder";
        }
        if (lost >= 4) {
            return "mistake";
        }
        if (lost > 0) {
            return "inaccuracy";
        }
        return "good";
    }

    private static Map<String, Object> board(Position p) {
        int n = p.rules().pitCount();
        List<Integer> pits = new ArrayList<>(n);
        List<Boolean> closed = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            pits.add(p.seeds(i));
            closed.add(p.isClosed(i));
        }
        return Map.of("pits", pits, "closed", closed, "stores",
                Map.of("south", p.store(Side.SOUTH), "north", p.store(Side.NORTH)),
                "toMove", Seats.key(p.sideToMove()));
    }
}
