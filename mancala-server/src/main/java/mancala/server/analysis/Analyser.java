package mancala.server.analysis;

import mancala.server.board.BoardView;
import mancala.server.game.GameState;
import mancala.server.game.Mode;
import mancala.server.game.Records;
import mancala.server.game.Views;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.engine.analysis.GameAnalysis;
import mancala.engine.analysis.PlyAnalysis;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.SearchResult;
import mancala.engine.tablebase.Tablebase;
import mancala.notation.PositionNotation;
import mancala.record.ReplayedRecord;
import mancala.rules.Game;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * Replays a game ply by ply with the engine's verdict on each move, for the analysis view: the board after each
 * ply, the move played, the engine's choice, the evaluation (from South's side, in seeds) and the verdict of the
 * engine's one game analysis ({@link GameAnalysis}: best, good, inaccuracy, mistake, blunder, by the thresholds
 * of each game's captures), the same the command line's {@code analyse} gives. The engine gets a share of a fixed
 * budget per game so that a long game takes a few seconds.
 */
public final class Analyser {
    /** Thinking time for a whole game, in milliseconds. */
    static final long BUDGET_MILLIS = 3000;

    private Analyser() {
    }

    /** Most plies a pasted record may have to be analysed (its reply holds a board per ply). */
    public static final int MAX_PLIES = 2000;

    /**
     * Refuses the engine's analysis while a game against the AI or a person goes on (it would help a player);
     * games on one screen may be analysed at any time.
     *
     * @throws mancala.server.error.DomainError CONFLICT ({@code game-not-over})
     */
    public static void requireAnalysable(GameState g) {
        if (g.mode() != Mode.LOCAL && !g.isOver() && !g.isAbandoned()) {
            throw mancala.server.error.DomainError.conflict("game-not-over", "a game is analysed once it is over",
                    Map.of());
        }
    }

    /** @return the analysis of a game played on this server. */
    public static Map<String, Object> analyseGame(GameState live) {
        return analyseGameNow(live);
    }

    private static Map<String, Object> analyseGameNow(GameState live) {
        // A copy of the starts and moves, taken under the game's lock: the game may go on meanwhile.
        List<Position> starts = new ArrayList<>();
        List<List<Integer>> moves = new ArrayList<>();
        List<mancala.rules.Outcome> ends = new ArrayList<>();
        synchronized (live) {
            for (Game g : live.rounds()) {
                starts.add(g.start());
                moves.add(g.moves());
                ends.add(g.outcome().orElse(null));
            }
        }
        int plies = 0;
        for (List<Integer> m : moves) {
            plies += m.size();
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (int r = 0; r < starts.size(); r++) {
            Map<String, Object> round = round(starts.get(r), moves.get(r), Math.max(5, BUDGET_MILLIS / Math.max(1, plies)));
            // a round ended off the board (resigned, flagged, abandoned, agreed) is not over in its moves: its end
            // is the live game's
            mancala.rules.Outcome end = ends.get(r);
            if (end != null && round.get("result") == null) {
                round.put("summary", describe(end));
                round.put("result", end.result().notation());
                round.put("termination", end.termination().key());
                round.put("south", end.south());
                round.put("north", end.north());
            }
            out.add(round);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("game", live.kind().key());
        m.put("gameName", live.kind().displayName());
        m.put("names", live.names());
        m.put("layout", mancala.server.board.LayoutView.of(starts.get(0).rules()));
        m.put("options", mancala.notation.OptionsNotation.format(starts.get(0).rules().options()));
        m.put("rounds", out);
        m.put("summary", live.view().summary());
        return m;
    }

    /**
     * @return the analysis of a pasted record
     * @throws mancala.server.error.DomainError UNPROCESSABLE when the record cannot be read or replayed
     */
    public static Map<String, Object> analyseRecord(String text, String source) {
        return analyseRecordNow(Records.read(text, source), null);
    }

    /**
     * @param perPly the limits of each ply's best-move search, instead of a share of {@link #BUDGET_MILLIS}
     * @return the analysis of a pasted record, as {@link #analyseRecord(String, String)}
     */
    public static Map<String, Object> analyseRecord(String text, String source, SearchLimits perPly) {
        return analyseRecordNow(Records.read(text, source), perPly);
    }

    private static Map<String, Object> analyseRecordNow(List<ReplayedRecord> records, SearchLimits limits) {
        int plies = 0;
        for (ReplayedRecord r : records) {
            plies += r.game().plies();
        }
        if (plies > MAX_PLIES) {
            throw mancala.server.error.DomainError.unprocessable("record-too-long",
                    "the record has {plies} plies; at most {max} are analysed", Map.of("plies", plies,
                    "max", MAX_PLIES), Map.of());
        }
        List<Map<String, Object>> out = new ArrayList<>();
        SearchLimits perPly = limits != null ? limits
                : new SearchLimits(Math.max(5, BUDGET_MILLIS / Math.max(1, plies)), 10, 0);
        for (ReplayedRecord r : records) {
            out.add(round(r.game().start(), r.game().moves(), perPly));
        }
        Map<String, String> tags = records.get(0).record().tags();
        Game first = records.get(0).game();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("game", first.start().kind().key());
        m.put("gameName", first.start().kind().displayName());
        m.put("names", List.of(tags.getOrDefault("South", "South"), tags.getOrDefault("North", "North")));
        m.put("tags", tags);
        m.put("layout", mancala.server.board.LayoutView.of(first.start().rules()));
        m.put("rounds", out);
        Game last = records.get(records.size() - 1).game();
        m.put("summary", last.outcome().map(Analyser::describe).orElse("Unfinished: " + last.position()
                .sideToMove().displayName() + " to move"));
        return m;
    }

    private static String describe(Outcome o) {
        return o.result().winner().map(w -> w.displayName() + " wins").orElse("Draw") + ": " + Views.how(o)
                + (o.south() + o.north() > 0 ? " (seeds held " + o.south() + "–" + o.north() + ")" : "");
    }

    private static Map<String, Object> round(Position start, List<Integer> moves, long millisPerPly) {
        return round(start, moves, new SearchLimits(millisPerPly, 10, 0));
    }

    /**
     * One game or round, judged by the engine's {@link GameAnalysis}: the board before the first ply with the
     * start's score, then per ply the move, the engine's best move, the verdict, the score lost (hundredths of a
     * seed; null when a forced result was given away), the score after the move from South's side, and where the
     * endgame tables hold the position before the ply their judgement of it ({@code table}, as
     * {@link mancala.server.analysis.TablebaseView#judgement}).
     *
     * @param perPly the limits of each ply's best-move search (a depth alone gives the same verdicts as
     *               {@code mancala analyse --depth})
     */
    static Map<String, Object> round(Position given, List<Integer> moves, SearchLimits perPly) {
        Tablebase tables = Tablebase.standard(given.rules());
        // The game replayed on the tables' rules object, which the search's probes need (TablebaseView#onTablesRules).
        Position start = mancala.server.analysis.TablebaseView.onTablesRules(tables, given);
        Game g = new Game(start);
        GameAnalysis analysis = new GameAnalysis(start.rules());
        List<Map<String, Object>> plies = new ArrayList<>();
        Map<String, Object> first = new LinkedHashMap<>();
        first.put("board", BoardView.of(start));
        plies.add(first);
        for (int i = 0; i < moves.size(); i++) {
            Position from = g.position();
            PlyAnalysis a = analysis.play(g, moves.get(i), perPly);
            if (i == 0) {
                putScore(first, from.sideToMove() == Side.SOUTH ? a.bestScore() : -a.bestScore());
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ply", a.ply());
            m.put("side", mancala.server.board.SideKeys.key(a.mover()));
            m.put("pit", from.rules().pitLetter(a.move()));
            m.put("captured", a.captured());
            m.put("best", from.rules().pitLetter(a.bestMove()));
            m.put("verdict", a.verdict().key());
            // The endgame tables' verdict where they hold the position (the engine's scores already come from them).
            Tablebase.Judgement j = !tables.any() ? null : tables.judge(from.toBoard(), a.move());
            if (j != null) {
                m.put("table", mancala.server.analysis.TablebaseView.judgement(j));
            }
            m.put("lost", a.loss().isPresent() ? a.loss().getAsInt() : null);
            putScore(m, a.playedScoreForSouth());
            m.put("board", BoardView.of(g.position()));
            plies.add(m);
        }
        if (moves.isEmpty()) {
            SearchResult r = analysis.position(g, perPly);
            putScore(first, start.sideToMove() == Side.SOUTH ? r.score() : -r.score());
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("start", PositionNotation.format(start));
        r.put("plies", plies);
        r.put("summary", g.outcome().map(Analyser::describe).orElse(null));
        // The result in codes, for the page to say in its own language.
        g.outcome().ifPresent(o -> {
            r.put("result", o.result().notation());
            r.put("termination", o.termination().key());
            r.put("south", o.south());
            r.put("north", o.north());
        });
        return r;
    }

    /** Puts {@code score} (South's side) as text for people ({@code +1.5}, {@code South wins in 3}) and as eval. */
    private static void putScore(Map<String, Object> m, int southScore) {
        m.put("score", Score.isProven(southScore)
                ? (southScore > 0 ? "South" : "North") + " wins in " + Score.pliesToEnd(southScore)
                : String.format(java.util.Locale.ROOT, "%+.1f", southScore / 100.0));
        // Within ±2000 for the graph: a proven win draws as ±20 seeds.
        m.put("eval", Math.max(-2000, Math.min(2000, southScore)));
    }
}
