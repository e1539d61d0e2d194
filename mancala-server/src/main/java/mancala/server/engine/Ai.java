package mancala.server.engine;

import mancala.engine.Engine;
import mancala.engine.Players;
import mancala.engine.play.Player;
import mancala.rules.Game;

/**
 * The computer opponent and the hint giver, by level 1–11: the engine's {@code level:N} players (level 1 nearly
 * random, level 10 the full search for its time), level {@value #ORACLE} the oracle (the endgame tables' best move
 * inside them, the full search for the longest time elsewhere), and its analysis for hints.
 */
public final class Ai {
    /** The lowest and highest level a game may ask for. */
    public static final int MIN_LEVEL = 1;
    public static final int MAX_LEVEL = 11;
    /** The oracle's level: perfect play wherever the endgame tables reach. */
    public static final int ORACLE = 11;

    private Ai() {
    }

    /**
     * @return the player for {@code level} (1–11), seeded so that a game's moves repeat; not thread-safe
     * @throws IllegalArgumentException for a level outside 1–11
     */
    public static Player player(int level, long seed) {
        return Players.byName(level == ORACLE ? "oracle" : "level:" + level, seed);
    }

    /**
     * @return milliseconds the AI may think at {@code level}: more for stronger levels, at most 1.5 s; the oracle 3 s
     *     (it answers from the tables at once where they reach)
     */
    public static long thinkMillis(int level) {
        return level == ORACLE ? 3000 : Math.min(1500, 60L * level * level / 2 + 50);
    }

    /** @return the move the full engine suggests after 400 ms in {@code game} (pit index). */
    public static int hint(Game game) {
        int best = Engine.analyse(game, 400).bestMove();
        return best >= 0 ? best : game.position().legalMoves()[0];
    }
}
