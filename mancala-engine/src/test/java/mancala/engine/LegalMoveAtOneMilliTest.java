package mancala.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.Searcher;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Rules;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The engine returns a legal move in every one of 10,000 positions per game with a 1 ms budget. Positions come
 * from seeded random games (their history kept, so repetition counts). Legality is asserted, not timing.
 */
@Tag("slow")
class LegalMoveAtOneMilliTest {
    private static final int POSITIONS = 10_000;

    @ParameterizedTest
    @EnumSource(value = GameKind.class, names = {"HAWALIS", "AL_MANQALA", "RIO_KADALIS"})
    void everyPositionGetsALegalMove(GameKind kind) {
        long seed = 20_261_130L + kind.ordinal();
        SplittableRandom random = new SplittableRandom(seed);
        Rules rules = kind.rules();
        Searcher searcher = new Searcher(rules, 16);
        int checked = 0;
        Game game = Game.start(rules);
        while (checked < POSITIONS) {
            if (game.isOver()) {
                game = Game.start(rules);
            }
            Position p = game.position();
            int move = Engine.analyse(searcher, game, SearchLimits.millis(1)).bestMove();
            assertThat(p.isLegal(move)).as("seed %d, position %s, move %d", seed, p, move).isTrue();
            checked++;
            int[] moves = p.legalMoves();
            game.play(moves[random.nextInt(moves.length)]);
        }
        assertThat(checked).isEqualTo(POSITIONS);
    }
}
