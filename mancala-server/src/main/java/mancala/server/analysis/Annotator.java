package mancala.server.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import mancala.engine.analysis.GameAnalysis;
import mancala.engine.analysis.PlyAnalysis;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.record.GameRecord;
import mancala.record.RecordWriter;
import mancala.record.RecordedMove;
import mancala.rules.Game;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * Writes a game analysed on the board as an annotated record (docs/rules.md §5): after each move a comment with the
 * engine's score of the move played, from South's side ({@code +1.25} seeds, or {@code South wins in 7}), and,
 * when the move lost value, the engine's choice; the marks {@code ?!}, {@code ?} and {@code ??} of the engine's one
 * game analysis ({@link GameAnalysis}), the verdicts of {@code mancala analyse} and of the analysis page.
 */
public final class Annotator {
    private Annotator() {
    }

    /**
     * Analyses the moves from {@code start} and writes the record.
     *
     * @param moves        pit indices, each legal where it is played
     * @param tags         further tags (players, event), may be empty
     * @param millisPerPly the engine's time a ply, ms, at least 1
     * @throws mancala.rules.RulesException when a move is not legal
     */
    public static String annotate(Position start, List<Integer> moves, Map<String, String> tags, long millisPerPly) {
        Game game = new Game(start);
        GameAnalysis analysis = new GameAnalysis(start.rules());
        List<String> after = new ArrayList<>();
        List<String> marks = new ArrayList<>();
        SearchLimits limits = new SearchLimits(millisPerPly, 0, 0);
        for (int pit : moves) {
            Position before = game.position();
            PlyAnalysis a = analysis.play(game, pit, limits);
            String mark = a.verdict().mark();
            marks.add(mark);
            String comment = southScore(a.playedScore(), a.mover());
            if (!mark.isEmpty()) {
                comment += "; best " + before.rules().pitLetter(a.bestMove()) + " "
                        + southScore(a.bestScore(), a.mover());
            }
            after.add(comment);
        }
        Map<String, String> t = new LinkedHashMap<>(tags);
        t.put("Setup", "");
        t.put("Annotator", "mancala engine, " + millisPerPly + " ms a ply");
        GameRecord plain = GameRecord.of(game, t);
        List<RecordedMove> annotated = new ArrayList<>();
        int ply = 0;
        for (RecordedMove m : plain.moves()) {
            if (m.isPass()) {
                annotated.add(m);
                continue;
            }
            annotated.add(new RecordedMove(m.pit(), m.side(), m.statedCapture() == null ? OptionalInt.empty()
                    : m.statedCapture(), marks.get(ply), List.of(), List.of(after.get(ply)), 0, 0, 0, 0));
            ply++;
        }
        return RecordWriter.write(plain.with(plain.tags(), plain.start(), annotated, plain.statedResult()));
    }

    /** @return a mover's score as South sees it: {@code +1.25} seeds, or {@code South wins in N} plies. */
    static String southScore(int score, Side mover) {
        int s = mover == Side.SOUTH ? score : -score;
        if (Score.isProven(s)) {
            return (s > 0 ? "South" : "North") + " wins in " + Score.pliesToEnd(Math.abs(s));
        }
        return String.format(Locale.ROOT, "%+.2f", s / 100.0);
    }
}
