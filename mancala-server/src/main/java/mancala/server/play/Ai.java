package mancala.server.play;

import mancala.engine.Player;
import mancala.engine.Players;
import mancala.rules.Game;

/**
 * The computer opponent and the hint giver, by level 1–10. Levels are the engine's {@code level:N} players; where
 * the engine offers no such level, level 1 plays at random and the others take the move that gains most at once.
 */
public final class Ai {
    /** The lowest and highest level a game may ask for. */
    public static final int MIN_LEVEL = 1;
    public static final int MAX_LEVEL = 10;

    private Ai() {
    }

    /** @return the player for {@code level} (1–10), seeded so that a game's moves repeat. */
    public static Player player(int level, long seed) {
        try {
            return Players.byName("level:" + level, seed);
        } catch (IllegalArgumentException e) {
            return Players.byName(level <= 1 ? "random" : "greedy", seed);
        }
    }

    /** @return milliseconds the AI may think at {@code level}: more for stronger levels, at most 1.5 s. */
    public static long thinkMillis(int level) {
        return Math.min(1500, 60L * level * level / 2 + 50);
    }

    /** @return the move the engine at its strongest quick setting suggests in {@code game} (pit index). */
    public static int hint(Game game, long seed) {
        return player(6, seed).chooseMove(game, 400);
    }
}
