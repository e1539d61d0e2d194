package mancala.server.engine;

import mancala.engine.Engine;
import mancala.engine.Players;
import mancala.engine.play.Player;
import mancala.rules.Game;

/**
 * The computer opponent and the hint giver, by level 1–10: the engine's {@code level:N} players (level 1 nearly
 * random, level 10 the full search for its time), and its analysis for hints.
 */
public final class Ai {
    /** The lowest and highest level a game may ask for. */
    public static final int MIN_LEVEL = 1;
    public static final int MAX_LEVEL = 10;

    private Ai() {
    }

    /**
     * @return the player for {@code level} (1–10), seeded so that a game's moves repeat; not thread-safe
     * @throws IllegalArgumentException for a level outside 1–10
     */
    public static Player player(int level, long seed) {
        return Players.byName("level:" + level, seed);
    }

    /** @return milliseconds the AI may think at {@code level}: more for stronger levels, at most 1.5 s. */
    public static long thinkMillis(int level) {
        return Math.min(1500, 60L * level * level / 2 + 50);
    }

    /** @return the move the full engine suggests after 400 ms in {@code game} (pit index). */
    public static int hint(Game game) {
        int best = Engine.analyse(game, 400).bestMove();
        return best >= 0 ? best : game.position().legalMoves()[0];
    }
}
