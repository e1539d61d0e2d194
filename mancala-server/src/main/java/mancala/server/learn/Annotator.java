package mancala.server.learn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import mancala.engine.Analysis;
import mancala.engine.Engine;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.record.GameRecord;
import mancala.record.RecordWriter;
import mancala.record.RecordedMove;
import mancala.rules.Game;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * Writes a game analysed on the board as an annotated record (RULES.md §5): after each move a comment with the
 * engine's score of the move played, from South's side ({@code +1.25} seeds, or {@code South wins in 7}), and,
 * when the move lost value, the engine's choice; marks {@code ?} (a mistake: {@value #MISTAKE} hundredths of a
 * seed or more lost) and {@code ??} (a blunder: {@value #BLUNDER} or more, or a won or drawn position turned into a
 * loss, or a win let go), the thresholds of {@code mancala analyse}.
 */
public final class Annotator {
    /** Hundredths of a seed lost that make a mistake. */
    public static final int MISTAKE = 100;
    /** Hundredths of a seed lost that make a blunder. */
    public static final int BLUNDER = 300;

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
        List<String> after = new ArrayList<>();
        List<String> marks = new ArrayList<>();
        SearchLimits limits = new SearchLimits(millisPerPly, 0, 0);
        for (int pit : moves) {
            Position before = game.position();
            Analysis best = Engine.analyse(game, limits);
            game.play(pit);
            int played;
            if (pit == best.bestMove()) {
                played = best.score();
            } else if (game.isOver()) {
                played = game.outcome().orElseThrow().result().winner()
                        .map(w -> w == before.sideToMove() ? Score.WIN - 1 : -(Score.WIN - 1)).orElse(0);
            } else {
                // Searched one ply shallower than the best move's search went, so both come from the same depth;
                // after a proven best score (whose search stopped early) as long as the best move's was.
                Analysis a = Engine.analyse(game, Score.isProven(best.score()) ? limits
                        : SearchLimits.depth(Math.max(1, best.depthPlies() - 1)));
                played = game.position().sideToMove() == before.sideToMove() ? a.score() : -a.score();
                if (Score.isProven(played)) {
                    played += played > 0 ? -1 : 1;
                }
            }
            String mark = mark(best.score(), played);
            marks.add(mark);
            String comment = southScore(played, before.sideToMove());
            if (!mark.isEmpty()) {
                comment += "; best " + before.rules().pitLetter(best.bestMove()) + " "
                        + southScore(best.score(), before.sideToMove());
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

    /** @return {@code ??}, {@code ?} or "" for the score of the best move and of the move played (mover's view). */
    public static String mark(int best, int played) {
        boolean bestWin = best >= Score.WIN_THRESHOLD;
        boolean playedWin = played >= Score.WIN_THRESHOLD;
        boolean bestLoss = best <= -Score.WIN_THRESHOLD;
        boolean playedLoss = played <= -Score.WIN_THRESHOLD;
        if (bestWin && !playedWin || !bestLoss && playedLoss) {
            return "??";
        }
        if (bestWin || bestLoss) {
            return "";
        }
        int lost = best - played;
        return lost >= BLUNDER ? "??" : lost >= MISTAKE ? "?" : "";
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
