package mancala.server.play;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.engine.Analysis;
import mancala.engine.Engine;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.Searcher;
import mancala.engine.tablebase.Tablebase;
import mancala.notation.PositionNotation;
import mancala.record.ReplayedRecord;
import mancala.rules.Game;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * Replays a game ply by ply with the engine's verdict on each move, for the analysis view: the board after each
 * ply, the move played, the engine's choice, the evaluation (from South's side, in seeds) and a verdict from the
 * value the move gave away: best, good, inaccuracy (half a seed or more), mistake (1.5), blunder (4, or a won
 * position let go). The engine gets a share of a fixed budget per game so that a long game takes a few seconds.
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
        synchronized (live) {
            for (Game g : live.rounds()) {
                starts.add(g.start());
                moves.add(g.moves());
            }
        }
        int plies = 0;
        for (List<Integer> m : moves) {
            plies += m.size();
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (int r = 0; r < starts.size(); r++) {
            out.add(round(starts.get(r), moves.get(r), Math.max(5, BUDGET_MILLIS / Math.max(1, plies))));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("game", live.kind().key());
        m.put("gameName", live.kind().displayName());
        m.put("names", live.names());
        m.put("layout", mancala.server.view.LayoutView.of(starts.get(0).rules()));
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
        return analyseRecordNow(Records.read(text, source));
    }

    private static Map<String, Object> analyseRecordNow(List<ReplayedRecord> records) {
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
        for (ReplayedRecord r : records) {
            out.add(round(r.game().start(), r.game().moves(), Math.max(5, BUDGET_MILLIS / Math.max(1, plies))));
        }
        Map<String, String> tags = records.get(0).record().tags();
        Game first = records.get(0).game();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("game", first.start().kind().key());
        m.put("gameName", first.start().kind().displayName());
        m.put("names", List.of(tags.getOrDefault("South", "South"), tags.getOrDefault("North", "North")));
        m.put("tags", tags);
        m.put("layout", mancala.server.view.LayoutView.of(first.start().rules()));
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
        Game g = new Game(start);
        Searcher searcher = new Searcher(start.rules(), 18);
        Tablebase tables = Tablebase.standard(start.rules());
        List<Map<String, Object>> plies = new ArrayList<>();
        Analysis before = verdictOf(searcher, g, millisPerPly);
        Map<String, Object> first = new LinkedHashMap<>();
        first.put("board", board(start));
        first.put("score", shown(before, start.sideToMove()));
        first.put("eval", southEval(before, start.sideToMove()));
        plies.add(first);
        for (int i = 0; i < moves.size(); i++) {
            int pit = moves.get(i);
            Position from = g.position();
            Side mover = from.sideToMove();
            g.play(pit);
            int captured = g.capturedAt(g.plies());
            Analysis after = verdictOf(searcher, g, millisPerPly);
            // The mover's value after his move: the next side's score, turned round when the turn passed.
            int valueAfter = g.position().sideToMove() == mover ? clamp(after.score()) : -clamp(after.score());
            int lost = before.bestMove() < 0 ? 0 : Math.max(0, clamp(before.score()) - valueAfter);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ply", i + 1);
            m.put("side", mancala.server.view.SideKeys.key(mover));
            m.put("pit", from.rules().pitLetter(pit));
            m.put("captured", captured);
            m.put("best", before.bestMove() < 0 ? from.rules().pitLetter(pit) : from.rules().pitLetter(before
                    .bestMove()));
            String verdict = pit == before.bestMove() ? "best" : verdict(lost, before, valueAfter);
            // The endgame tables' verdict, exact where they hold the position: a move that throws away the result
            // is a blunder, one that gives away seeds a mistake at least, with the seeds it lost.
            Tablebase.Judgement j = tables.reach() < 0 ? null : tables.judge(from.toBoard(), pit);
            if (j != null) {
                Map<String, Object> t = new LinkedHashMap<>();
                t.put("value", j.best().describe());
                t.put("played", j.played().describe());
                t.put("lostSeeds", j.lostHalfSeeds() / 2.0);
                m.put("table", t);
                if (j.resultLost()) {
                    verdict = "blunder";
                } else if (j.lostHalfSeeds() > 0) {
                    lost = 50 * j.lostHalfSeeds();
                    verdict = lost >= 400 ? "blunder" : "mistake";
                } else if (!verdict.equals("best")) {
                    lost = 0;
                    verdict = "good";
                }
            }
            m.put("verdict", verdict);
            m.put("lost", lost);
            m.put("score", shown(after, g.position().sideToMove()));
            m.put("eval", southEval(after, g.position().sideToMove()));
            m.put("board", board(g.position()));
            plies.add(m);
            before = after;
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

    /** The engine's view of the game's current position (a finished game scores its result). */
    private static Analysis verdictOf(Searcher searcher, Game g, long millis) {
        if (g.isOver()) {
            return new Analysis(-1, 0, 0, List.of(), 0);
        }
        return Engine.analyse(searcher, g, new SearchLimits(millis, 10, 0));
    }

    /** Scores in hundredths of a seed; proven wins and losses count as ±100 seeds here. */
    private static int clamp(int score) {
        return Math.max(-10_000, Math.min(10_000, score));
    }

    /** @return the evaluation for people, from South's side: {@code +1.5}, or {@code win}/{@code loss} in n plies. */
    private static String shown(Analysis a, Side toMove) {
        if (a.bestMove() < 0) {
            return null;
        }
        int s = toMove == Side.SOUTH ? a.score() : -a.score();
        if (Math.abs(s) >= Analysis.WIN_THRESHOLD) {
            return (s > 0 ? "South" : "North") + " wins in " + (Analysis.WIN - Math.abs(s));
        }
        return String.format(java.util.Locale.ROOT, "%+.1f", s / 100.0);
    }

    /** @return the evaluation from South's side in hundredths of a seed, within ±2000 (a proven win: ±2000). */
    private static int southEval(Analysis a, Side toMove) {
        if (a.bestMove() < 0) {
            return 0;
        }
        int s = toMove == Side.SOUTH ? a.score() : -a.score();
        return Math.max(-2000, Math.min(2000, s));
    }

    private static String verdict(int lost, Analysis before, int valueAfter) {
        if (before.isWin() && valueAfter < Analysis.WIN_THRESHOLD || lost >= 400) {
            return "blunder";
        }
        if (lost >= 150) {
            return "mistake";
        }
        if (lost >= 50) {
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
        return Map.of("pits", pits, "closed", closed, "holdings",
                Map.of("south", p.store(Side.SOUTH), "north", p.store(Side.NORTH)),
                "toMove", mancala.server.view.SideKeys.key(p.sideToMove()));
    }
}
