package mancala.engine.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.SearchResult;
import mancala.notation.PositionNotation;
import mancala.record.GameRecord;
import mancala.record.RecordReader;
import mancala.record.RecordedMove;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Result;
import mancala.rules.RulesException;
import mancala.rules.Side;
import mancala.rules.Termination;
import org.junit.jupiter.api.Test;

/**
 * Verdicts on positions worked out by hand (the reasoning is beside each test, from docs/rules.md). Pit indices:
 * South a = 0 …, North A = pits a side.
 */
class GameAnalysisTest {
    private static final int WIN = Score.WIN;

    private static PlyAnalysis judge(String position, char letter, SearchLimits limits) {
        Position p = PositionNotation.parse(position);
        int pit = p.rules().pitOfLetter(letter);
        return new GameAnalysis(p.rules()).play(new Game(p), pit, limits);
    }

    /*
     * Al-manqala, captures 48-38; South: f = 2, g = 1; North: A = 1, G = 8. South's only moves are f and g (A2).
     * g: its one seed falls into A, which now holds 2: taken (A3); the pit before A is g, now empty, so the chain
     * stops. South has 48 + 2 = 50: he has won at once (A7: 50 or more ends the game at that moment).
     * f: sows g (2) and A (2); A is taken, then g before it (2), then f (0) stops the chain: 48 + 4 = 52, also a
     * win at once. So both moves win in one ply: g is as good as the best move and its score is WIN - 1, whatever
     * the depth; the position after it is finished and scored by its outcome, not as 0.
     */
    @Test
    void alManqalaGWinsAtOnceByA7() {
        String pos = "al-manqala 0,0,0,0,0,2,1 1,0,0,0,0,0,8 S 48-38";
        for (SearchLimits limits : List.of(SearchLimits.depth(4), SearchLimits.depth(1), SearchLimits.millis(50))) {
            PlyAnalysis a = judge(pos, 'g', limits);
            assertThat(a.captured()).isEqualTo(2);
            assertThat(a.after().outcome()).hasValueSatisfying(o -> {
                assertThat(o.result()).isEqualTo(Result.SOUTH_WINS);
                assertThat(o.termination()).isEqualTo(Termination.CAPTURE_MAJORITY);
            });
            assertThat(a.bestMove()).isIn(5, 6);
            assertThat(a.bestScore()).isEqualTo(WIN - 1);
            assertThat(a.playedScore()).isEqualTo(WIN - 1);
            assertThat(a.loss()).hasValue(0);
            assertThat(a.verdict()).isEqualTo(a.bestMove() == 6 ? Verdict.BEST : Verdict.GOOD);
            assertThat(a.depthPlies()).as("a win in 1 ply is proven at depth 1").isEqualTo(1);
        }
    }

    /*
     * Finished positions are scored by their outcome for the side to move. Hawalis, South to move with no seeds
     * left: he has lost (H9), so -WIN for South, and mirrored for North. Al-manqala with the board empty at 49-49:
     * a draw (A7), so 0 — the draw's score, not a default.
     */
    @Test
    void finishedPositionsScoreTheirOutcome() {
        assertThat(scoreOf("hawalis 0,0,0,0,0,0,0,0,0,0,0,0,0,0 2,0,0,0,0,0,0,0,0,0,0,0,0,0 S")).isEqualTo(-WIN);
        assertThat(scoreOf("hawalis 2,0,0,0,0,0,0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0,0,0,0,0,0,0 N")).isEqualTo(-WIN);
        // North to move, South empty: any North move (A: B, C) leaves South without seeds at his turn.
        assertThat(scoreOf("hawalis 0,0,0,0,0,0,0,0,0,0,0,0,0,0 2,0,0,0,0,0,0,0,0,0,0,0,0,0 N")).isEqualTo(WIN - 1);
        assertThat(scoreOf("al-manqala 0,0,0,0,0,0,0 0,0,0,0,0,0,0 S 49-49")).isZero();
        assertThat(scoreOf("al-manqala 0,0,0,0,0,0,0 0,0,0,0,0,0,0 N 50-48")).isEqualTo(-WIN);
    }

    private static int scoreOf(String position) {
        Position p = PositionNotation.parse(position);
        SearchResult r = new GameAnalysis(p.rules()).position(new Game(p), SearchLimits.depth(3));
        if (p.isOver()) {
            assertThat(r.bestMove()).isEqualTo(-1);
        }
        return r.score();
    }

    /*
     * Al-manqala, captures 44-46; South: c = d = g = 1; North: A = 3, B = 1, C = 1 (the position of
     * EndgameSearchTest, worked there): c (+2) wins in 3 plies whatever North does, while the greedy g (+4, A's
     * four) lets North play B (C's two taken, 48-48, North's row empty), after which South cannot feed (A4) and the
     * hungry North takes the 2 seeds left (A6): 48-50. So after g North wins in 1 ply, 2 plies from the position
     * before: g gives a forced win away, a blunder with no loss in seeds to show; c is the best move.
     */
    @Test
    void aForcedWinLetGoIsABlunder() {
        String pos = "al-manqala 0,0,1,1,0,0,1 3,1,1,0,0,0,0 S 44-46";
        PlyAnalysis greedy = judge(pos, 'g', SearchLimits.depth(4));
        assertThat(greedy.bestMove()).isEqualTo(2);
        assertThat(greedy.bestScore()).isEqualTo(WIN - 3);
        assertThat(greedy.playedScore()).isEqualTo(-(WIN - 2));
        assertThat(greedy.loss()).isEmpty();
        assertThat(greedy.verdict()).isEqualTo(Verdict.BLUNDER);
        PlyAnalysis c = judge(pos, 'c', SearchLimits.depth(4));
        assertThat(c.verdict()).isEqualTo(Verdict.BEST);
        assertThat(c.playedScore()).isEqualTo(WIN - 3);
        assertThat(c.captured()).isEqualTo(2);
    }

    /*
     * Hawalis, South d, e, k, l = 1, North I = 1: no pit holds two, so single seeds step into an empty pit (H6):
     * South may play e (to f) or l (to m); d and k are blocked. l ends in m facing I (1), F behind empty: North's
     * last seed taken, a win at once (H9). e ends in the outer row: North's only move I steps into J, facing l (1)
     * with e behind now empty: North takes 1; then South's k steps into the emptied l facing J: North's last seed,
     * a win at ply 3. So e is a slower win, not a win let go: good, nothing lost. (The best move's search stops at
     * depth 1 once the win is proven; the move played must still be searched as deep as the limits allow.)
     */
    @Test
    void aSlowerWinIsGoodNotAWinLetGo() {
        String pos = "hawalis 0,0,0,1,1,0,0,0,0,0,1,1,0,0 0,0,0,0,0,0,0,0,1,0,0,0,0,0 S";
        for (SearchLimits limits : List.of(SearchLimits.depth(4), SearchLimits.millis(100))) {
            PlyAnalysis e = judge(pos, 'e', limits);
            assertThat(e.bestMove()).isEqualTo(11);
            assertThat(e.bestScore()).isEqualTo(WIN - 1);
            assertThat(e.playedScore()).isEqualTo(WIN - 3);
            assertThat(e.loss()).hasValue(0);
            assertThat(e.verdict()).isEqualTo(Verdict.GOOD);
        }
    }

    /*
     * The published Hawalis game (docs/records), ply 19, South's g (10. g). Before it, captures 17-15:
     *   South a..n = 6,1,0,0,1,0,2, 1,0,1,0,0,1,0 (13 seeds); North A..N = 0,1,0,0,0,0,1, 0,4,2,1,1,0,1 (11).
     * South may lift only a (6) and g (2) (H3). Hawalis is scored by material alone (seeds on my side less the
     * opponent's, Weights), so the 4-ply values are counts. Inner pit i faces the opponent's 20 - i (docs/rules.md §1).
     * a: sows b..g, relays g's 3 to h, i, j, relays j's 2 to k, l; l (empty) faces J (2) with E (0) behind: +2
     *   (13-9). North's only move I (4) ends in M facing i (1) with f (1) behind: +2 for North (11-9). South then
     *   has b, e, h: b relays d and ends in f (outer), e ends in g (outer): 11-9 whatever North does (K and L both
     *   relay into his outer row, no capture); h ends in j facing L (2, C empty): +2, and North's only move K
     *   relays M into his outer row A: 11-7. So a is worth +4.
     * g: sows h, i; i (empty) faces M (0): nothing (13-11). North: I ends in M facing i (1), f (0): +1 (12-11), then
     *   South's h relays j's 2 into l facing J (3): +3 (12-8), and North's K and L both end in his outer row: +4;
     *   or North's J relays L, N, B and ends in D (outer): 13-11, then South's a ends in g (outer) and h relays j
     *   into l facing the now empty J: nothing, and North's I and K both relay into his outer row E: +2.
     *   North chooses J: g is worth +2.
     * So at 4 plies g loses 2 seeds against a: from one capture's worth (1 seed, a mistake) up to but not a
     * blunder (4 seeds, the opening pair).
     */
    @Test
    void publishedHawalisRecordPly19IsAMistake() throws IOException {
        GameRecord record = publishedRecord();
        Game game = new Game(record.start());
        List<RecordedMove> moves = record.moves();
        for (int i = 0; i < 18; i++) {
            game.play(moves.get(i).pit());
        }
        assertThat(PositionNotation.format(game.position()))
                .isEqualTo("hawalis 6,1,0,0,1,0,2,1,0,1,0,0,1,0 0,1,0,0,0,0,1,0,4,2,1,1,0,1 S 17-15");
        PlyAnalysis a = new GameAnalysis(game.position().rules()).play(game, moves.get(18).pit(),
                SearchLimits.depth(4));
        assertThat(a.ply()).isEqualTo(19);
        assertThat(a.mover()).isEqualTo(Side.SOUTH);
        assertThat(a.move()).isEqualTo(6);
        assertThat(a.bestMove()).isEqualTo(0);
        assertThat(a.bestScore()).isEqualTo(400);
        assertThat(a.playedScore()).isEqualTo(200);
        assertThat(a.loss()).hasValue(200);
        assertThat(a.verdict()).isEqualTo(Verdict.MISTAKE);
    }

    /** The whole record, analysed in one pass: ply 19 gets the same verdict as alone. */
    @Test
    void theWholeRecordAtDepthFourJudgesPly19AsAMistake() throws IOException {
        GameRecord record = publishedRecord();
        List<Integer> pits = new ArrayList<>();
        for (RecordedMove m : record.moves()) {
            pits.add(m.pit());
        }
        List<PlyAnalysis> plies = GameAnalysis.analyse(record.start(), pits, SearchLimits.depth(4));
        assertThat(plies).hasSize(110);
        assertThat(plies.get(18).verdict()).isEqualTo(Verdict.MISTAKE);
        assertThat(plies.get(18).bestMove()).isEqualTo(0);
        // The last ply takes South's last seeds (H9): North's win at once, scored by the outcome.
        PlyAnalysis last = plies.get(109);
        assertThat(last.after().outcome().orElseThrow().result()).isEqualTo(Result.NORTH_WINS);
        assertThat(last.playedScore()).isEqualTo(WIN - 1);
    }

    private static GameRecord publishedRecord() throws IOException {
        try (InputStream in = GameAnalysisTest.class.getResourceAsStream("/records/hawalis-tavares-gering-2009.txt")) {
            assertThat(in).as("records/hawalis-tavares-gering-2009.txt on the test classpath").isNotNull();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return RecordReader.read(text, "hawalis-tavares-gering-2009.txt", RecordReader.Settings.DEFAULT).get(0);
        }
    }

    /*
     * The verdict from the scores alone, at each Hawalis threshold (0.5, 1 and 4 seeds) and for proven results:
     * a slower win or a quicker loss keeps the result (good); a win let go, or a loss let in, is a blunder.
     */
    @Test
    void verdictsAtTheThresholdsAndForProvenResults() {
        Thresholds t = Thresholds.of(GameKind.HAWALIS);
        assertThat(GameAnalysis.judge(true, 300, 300, t)).isEqualTo(Verdict.BEST);
        assertThat(GameAnalysis.judge(false, 300, 300, t)).isEqualTo(Verdict.GOOD);
        assertThat(GameAnalysis.judge(false, 300, 251, t)).isEqualTo(Verdict.GOOD);
        assertThat(GameAnalysis.judge(false, 300, 250, t)).isEqualTo(Verdict.INACCURACY);
        assertThat(GameAnalysis.judge(false, 300, 200, t)).isEqualTo(Verdict.MISTAKE);
        assertThat(GameAnalysis.judge(false, 300, -99, t)).isEqualTo(Verdict.MISTAKE);
        assertThat(GameAnalysis.judge(false, 300, -100, t)).isEqualTo(Verdict.BLUNDER);
        assertThat(GameAnalysis.judge(false, 300, 500, t)).isEqualTo(Verdict.GOOD);
        assertThat(GameAnalysis.judge(false, WIN - 3, WIN - 9, t)).isEqualTo(Verdict.GOOD);
        assertThat(GameAnalysis.judge(false, -(WIN - 8), -(WIN - 2), t)).isEqualTo(Verdict.GOOD);
        assertThat(GameAnalysis.judge(false, WIN - 3, 2000, t)).isEqualTo(Verdict.BLUNDER);
        assertThat(GameAnalysis.judge(false, -300, -(WIN - 4), t)).isEqualTo(Verdict.BLUNDER);
        assertThat(GameAnalysis.judge(false, 0, -(WIN - 4), t)).isEqualTo(Verdict.BLUNDER);
        assertThat(GameAnalysis.loss(WIN - 3, 2000)).isEmpty();
        assertThat(GameAnalysis.loss(WIN - 3, WIN - 9)).hasValue(0);
        assertThat(GameAnalysis.loss(300, -100)).hasValue(400);
        Thresholds rio = Thresholds.of(GameKind.RIO_KADALIS);
        assertThat(GameAnalysis.judge(false, 300, -99, rio)).isEqualTo(Verdict.INACCURACY);
        assertThat(GameAnalysis.judge(false, 300, -100, rio)).isEqualTo(Verdict.MISTAKE);
        assertThat(GameAnalysis.judge(false, 800, 0, rio)).isEqualTo(Verdict.BLUNDER);
        assertThat(Thresholds.of(GameKind.AL_MANQALA)).isEqualTo(new Thresholds(100, 200, 600));
        assertThat(Thresholds.of(GameKind.BAO_KIARABU)).isEqualTo(t);
    }

    @Test
    void anIllegalMoveOrAFinishedGameIsRefusedAndChangesNothing() {
        Position p = PositionNotation.parse("al-manqala 0,0,0,0,0,2,1 1,0,0,0,0,0,8 S 48-38");
        Game game = new Game(p);
        GameAnalysis analysis = new GameAnalysis(p.rules());
        assertThatThrownBy(() -> analysis.play(game, 0, SearchLimits.depth(2))).isInstanceOf(RulesException.class)
                .hasMessageContaining("ply 1");
        assertThat(game.plies()).isZero();
        analysis.play(game, 6, SearchLimits.depth(2));
        assertThatThrownBy(() -> analysis.play(game, 5, SearchLimits.depth(2))).isInstanceOf(RulesException.class)
                .hasMessageContaining("over");
        assertThat(game.plies()).isEqualTo(1);
    }
}
