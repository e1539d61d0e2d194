package mancala.engine.mcts;

import static org.assertj.core.api.Assertions.assertThat;

import mancala.engine.Players;
import mancala.engine.play.SelfPlay;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Rules;
import org.junit.jupiter.api.Test;

/** MCTS with the solver: proven wins are played at once; it beats a random player. */
class MctsTest {
    /* Hawalis: i sows j, k and captures K and D, North's last seeds (H7, H9); worked in EndgameSearchTest. */
    @Test
    void playsTheProvenWinInOnePly() {
        Position p = PositionNotation.parse("hawalis 2,0,0,0,0,0,0,0,2,0,0,0,0,0 0,0,0,1,0,0,0,0,0,0,1,0,0,0 S");
        Mcts mcts = new Mcts(p.rules(), 1);
        assertThat(mcts.search(p.toBoard(), 1000, 100_000)).isEqualTo(8);
    }

    /* Al-manqala A7: g makes A two and reaches 50 captured (worked in EndgameSearchTest). */
    @Test
    void playsTheWinningCaptureInAlManqala() {
        Position p = PositionNotation.parse("al-manqala 0,0,0,1,0,0,1 1,0,0,0,0,0,8 S 48-39");
        Mcts mcts = new Mcts(p.rules(), 1);
        assertThat(mcts.search(p.toBoard(), 1000, 100_000)).isEqualTo(6);
    }

    /* One player across games: each game brings its own instance of the same rules. */
    @Test
    void playsGamesOfEqualRulesMadeSeparately() {
        MctsPlayer player = new MctsPlayer(3);
        for (int g = 0; g < 2; g++) {
            Game game = Game.start(Rules.of(GameKind.HAWALIS.defaultOptions()));
            assertThat(game.position().isLegal(player.chooseMove(game, 5))).isTrue();
        }
    }

    @Test
    void beatsRandom() {
        SelfPlay.Summary s = SelfPlay.run(new SelfPlay.Config(GameKind.HAWALIS.defaultOptions(),
                seed -> Players.byName("mcts", seed), seed -> Players.byName("random", seed), 10, 1, 10, 0, 5,
                false), g -> { });
        assertThat(s.wins()).isGreaterThanOrEqualTo(9);
    }
}
