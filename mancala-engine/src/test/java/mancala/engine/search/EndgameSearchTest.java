package mancala.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import mancala.engine.Analysis;
import mancala.engine.Engine;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.Position;
import mancala.rules.Zobrist;
import org.junit.jupiter.api.Test;

/**
 * Small endgames whose result and shortest win were worked out by hand from docs/rules.md; the search must find them
 * (scores: {@code WIN - n} is a win in n plies for the side to move). Pit indices: South a = 0 …, North A = n ….
 */
class EndgameSearchTest {
    private static Analysis analyse(String position, String options, int depth) {
        Position p = options == null ? PositionNotation.parse(position)
                : PositionNotation.parse(position, OptionsNotation.parse(PositionNotation.parse(position).kind(),
                        options));
        return Engine.analyse(new Game(p), SearchLimits.depth(depth));
    }

    /*
     * Hawalis. South: i (pit 8) holds 2; North: D (3) and K (10) hold 1 each. South's only move i (H3) sows j, k;
     * k was empty, so the move ends there (H5). k is inner pit 10 and faces North's inner pit 20 − 10 = 10 (K),
     * which is occupied, so K and the outer pit D behind it are captured (H7). North has no seeds: he loses at his
     * turn (H9). Win in 1 ply.
     */
    @Test
    void hawalisCaptureOfEverySeedWinsInOnePly() {
        Analysis a = analyse("hawalis 0,0,0,0,0,0,0,0,2,0,0,0,0,0 0,0,0,1,0,0,0,0,0,0,1,0,0,0 S", null, 6);
        assertThat(a.bestMove()).isEqualTo(8);
        assertThat(a.score()).isEqualTo(Score.WIN - 1);
    }

    /*
     * Hawalis. South: a single seed in i (8); North: J (9) holds 2. South has no pit of two, so his only move is
     * the singleton i → j (H6; j is empty). j faces North's inner pit 20 − 9 = 11 (L), empty: no capture (H7).
     * North's J sows K, L and ends in the empty L (H5); L faces South's j (20 − 11 = 9), now occupied, so j and the
     * outer e behind it (empty) are captured (H7). South has no seeds left: he loses (H9). Loss in 2 plies.
     */
    @Test
    void hawalisForcedSingletonLosesInTwoPlies() {
        Analysis a = analyse("hawalis 0,0,0,0,0,0,0,0,1,0,0,0,0,0 0,0,0,0,0,0,0,0,0,2,0,0,0,0 S", null, 6);
        assertThat(a.bestMove()).isEqualTo(8);
        assertThat(a.score()).isEqualTo(-(Score.WIN - 2));
        assertThat(a.principalVariation()).containsExactly(8, 14 + 9);
    }

    /*
     * H10 with history: in the position above (South's forced i → j, then North's J captures), suppose the position
     * after i → j (North to move; South j = 1, North J = 2) already occurred in the game since the last capture.
     * Then South's move repeats it, which draws at once (H10: second occurrence), so South's loss becomes a draw.
     */
    @Test
    void hawalisRepetitionOfAnEarlierPositionDraws() {
        Position p = PositionNotation.parse("hawalis 0,0,0,0,0,0,0,0,1,0,0,0,0,0 0,0,0,0,0,0,0,0,0,2,0,0,0,0 S");
        Searcher s = new Searcher(p.rules(), 12);
        s.setHistory(new long[] {Zobrist.hash(p.play(8))}, 1);
        SearchResult r = s.search(p.toBoard(), SearchLimits.depth(6));
        assertThat(r.bestMove()).isEqualTo(8);
        assertThat(r.score()).isZero();
        s.setHistory(new long[0], 0);
        assertThat(s.search(p.toBoard(), SearchLimits.depth(6)).score()).isEqualTo(-(Score.WIN - 2));
    }

    /*
     * Hawalis, decided by the endless-move rule (H8). South: a = 3 and one seed in every other pit b, d, f, h, j,
     * l, n (pattern 3,1,0,1,0,1,0,1,0,1,0,1,0,1); North: one seed in A. a is South's only pit of two or more, so
     * it is his only move (H3). Its laps (each lap ends in a pit that held one or two, so it relays, H5):
     *   lap 1  a→b,c,d      ends d: 0,2,1,2,0,1,0,1,0,1,0,1,0,1
     *   lap 2  d→e,f        ends f: 0,2,1,0,1,2,0,1,0,1,0,1,0,1   … laps 3–6 the same two-seed step to h, j, l, n
     *   lap 7  n→a,b        ends b: 1,3,1,0,1,0,1,0,1,0,1,0,1,0
     *   lap 8–13 two-seed steps e, g, i, k, m, a;  lap 14  a→b,c ends c: 0,1,3,1,0,1,0,1,0,1,0,1,0,1
     * Lap 14's state is lap 7's moved one pit on. Sowing treats all 14 pits alike (laps of fewer than 14 seeds),
     * so every 7 laps the state moves one more pit, and after 14 × 7 = 98 laps lap 7's state returns exactly: the
     * move never ends. By default the player of an endless move loses (loss in 1 ply); with endless=draw the game
     * is drawn; with endless=illegal South has no legal move at all and loses at once (H9).
     */
    @Test
    void hawalisOnlyMoveEndlessDecidesTheGame() {
        String pos = "hawalis 3,1,0,1,0,1,0,1,0,1,0,1,0,1 1,0,0,0,0,0,0,0,0,0,0,0,0,0 S";
        Analysis lose = analyse(pos, null, 4);
        assertThat(lose.bestMove()).isEqualTo(0);
        assertThat(lose.score()).isEqualTo(-(Score.WIN - 1));
        Analysis draw = analyse(pos, "endless=draw", 4);
        assertThat(draw.bestMove()).isEqualTo(0);
        assertThat(draw.score()).isZero();
        Analysis illegal = analyse(pos, "endless=illegal", 4);
        assertThat(illegal.bestMove()).isEqualTo(-1);
        assertThat(illegal.score()).isEqualTo(-Score.WIN);
    }

    /*
     * Al-manqala, A7. Captures 48–40; South: g = 1; North: A = 1, G = 8 (98 seeds in all). South's only move g
     * sows its seed into A, which now holds 2: captured (A3); the pit before A is g, now empty, so the chain
     * stops. South has 50: he has won (A7). Win in 1 ply.
     */
    @Test
    void alManqalaFiftiethSeedWinsInOnePly() {
        Analysis a = analyse("al-manqala 0,0,0,0,0,0,1 1,0,0,0,0,0,8 S 48-40", null, 6);
        assertThat(a.bestMove()).isEqualTo(6);
        assertThat(a.score()).isEqualTo(Score.WIN - 1);
    }

    /*
     * Al-manqala, the only winning move gives up the bigger capture. Captures 44–46; South: c = d = g = 1; North:
     * A = 3, B = 1, C = 1.
     * Greedy g (+4): g's seed makes A four, taken (A3) → 48–46; North: B, C = 1; South: c, d = 1. North plays B:
     *   its seed makes C two, taken → 48–48, North's row is empty. South must feed (A4) but c and d each sow one
     *   seed inside his row: no move feeds, so the game ends and the hungry North takes the 2 seeds left (A6):
     *   48–50, North wins. So after g North wins in 1 ply.
     * c (+2): c's seed makes d two, taken → 46–46; South: g = 1; North: A = 3, B = 1, C = 1. North's replies:
     *   A sows B, C, D → 2, 2, 1, last pit holds 1, no capture. South's only move g sows A (now 1), no capture;
     *     South's row is empty, North must feed: A 1, B 2, C 2, D 1 cannot reach South's row, so the game ends
     *     and the hungry South takes the 6 seeds on the board (A6): 52–46, South wins at ply 3.
     *   B makes C two, taken → 46–48; South's g makes A four, taken → 50: South wins (A7) at ply 3.
     *   C sows D (1), no capture; South's g makes A four, taken → 50 (A7) at ply 3.
     * So c wins in 3 plies whatever North does. (South's third move d sows into e without capturing; the search
     * shows it does not win: it is not worked by hand here.)
     */
    @Test
    void alManqalaWinningMoveSacrificesTheBiggerCapture() {
        String pos = "al-manqala 0,0,1,1,0,0,1 3,1,1,0,0,0,0 S 44-46";
        Analysis a = analyse(pos, null, 10);
        assertThat(a.bestMove()).isEqualTo(2);
        assertThat(a.score()).isEqualTo(Score.WIN - 3);
        Game greedy = new Game(PositionNotation.parse(pos));
        greedy.play(6);
        assertThat(greedy.capturedAt(1)).isEqualTo(4);
        Analysis afterGreedy = Engine.analyse(greedy, SearchLimits.depth(6));
        assertThat(afterGreedy.score()).isEqualTo(Score.WIN - 1); // for North, to move
        assertThat(afterGreedy.bestMove()).isEqualTo(7 + 1);
        Game quiet = new Game(PositionNotation.parse(pos));
        quiet.play(3);
        assertThat(Engine.analyse(quiet, SearchLimits.depth(12)).score()).isGreaterThan(-Score.WIN_THRESHOLD); // North
    }

    /*
     * Rio Kadalis, R6/R7. Holdings off the board 25–22; South: f = 1; North's row empty (48 seeds in all).
     * South's only move f sows into A, empty: the move ends (R4). North's only move A sows into B, empty: ends.
     * South has no seed, so no legal move: the round ends (R6) and the board's seed (B) goes to North: 25–23.
     * South wins the round in 2 plies.
     */
    @Test
    void rioKadalisRoundEndCountsHoldings() {
        Analysis a = analyse("rio-kadalis 0,0,0,0,0,1 0,0,0,0,0,0 S 25-22", null, 6);
        assertThat(a.bestMove()).isEqualTo(5);
        assertThat(a.score()).isEqualTo(Score.WIN - 2);
        assertThat(a.principalVariation()).containsExactly(5, 6);
    }

    /*
     * Rio Kadalis, binikh (R4). Held 20–23; South: a = 1, f = 1; North: A = 3. South's f sows its seed into A,
     * which now holds exactly four with the lap's last seed: binikh, the mover takes it → 24–23. North's row is
     * empty: he has no legal move, the round ends (R6) and South's a goes to South: 25–23. Win in 1 ply.
     * (South's a instead sows into the empty b, and North's A then sows B, C, D: no end in 1.)
     */
    @Test
    void rioKadalisBinikhWinsInOnePly() {
        Analysis a = analyse("rio-kadalis 1,0,0,0,0,1 3,0,0,0,0,0 S 20-23", null, 6);
        assertThat(a.bestMove()).isEqualTo(5);
        assertThat(a.score()).isEqualTo(Score.WIN - 1);
    }
}
