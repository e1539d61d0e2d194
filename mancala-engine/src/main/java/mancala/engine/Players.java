package mancala.engine;

import java.util.Locale;
import java.util.SplittableRandom;
import mancala.engine.level.LevelPlayer;
import mancala.engine.mcts.MctsPlayer;
import mancala.engine.play.Player;
import mancala.rules.Game;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * Makes players by name: {@code random}, {@code greedy} (the move that captures most, ties at random),
 * {@code level:N} (N from 1 to 10), {@code mcts}.
 */
public final class Players {
    private Players() {
    }

    /**
     * @param name a player's name
     * @param seed seed for any randomness, so that runs repeat
     * @return the player
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public static Player byName(String name, long seed) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.equals("random")) {
            return new RandomPlayer(seed);
        }
        if (n.equals("greedy")) {
            return new GreedyPlayer(seed);
        }
        if (n.equals("mcts")) {
            return new MctsPlayer(seed);
        }
        if (n.startsWith("level:")) {
            try {
                int level = Integer.parseInt(n.substring(6));
                if (level >= 1 && level <= 10) {
                    return new LevelPlayer(level, seed);
                }
            } catch (NumberFormatException e) {
                // falls through to the message below
            }
        }
        throw new IllegalArgumentException("unknown player '" + name + "'; players: random, greedy, level:1 to "
                + "level:10, mcts");
    }

    /** Uniformly random legal moves. */
    static final class RandomPlayer implements Player {
        private final SplittableRandom random;

        RandomPlayer(long seed) {
            this.random = new SplittableRandom(seed);
        }

        @Override
        public int chooseMove(Game game, long timeMillis) {
            int[] moves = game.position().legalMoves();
            if (moves.length == 0 || game.isOver()) {
                throw new IllegalStateException("the game is over");
            }
            return moves[random.nextInt(moves.length)];
        }

        @Override
        public String name() {
            return "random";
        }
    }

    /** One ply: the move that gains the most seeds for the mover; ties broken at random. */
    static final class GreedyPlayer implements Player {
        private final SplittableRandom random;

        GreedyPlayer(long seed) {
            this.random = new SplittableRandom(seed);
        }

        @Override
        public int chooseMove(Game game, long timeMillis) {
            Position p = game.position();
            int[] moves = p.legalMoves();
            if (moves.length == 0 || game.isOver()) {
                throw new IllegalStateException("the game is over");
            }
            Side me = p.sideToMove();
            int best = Integer.MIN_VALUE;
            int chosen = moves[0];
            int ties = 0;
            for (int m : moves) {
                Position q = p.play(m);
                int gain = q.holdings(me) - p.holdings(me) - (q.holdings(me.opponent()) - p.holdings(me.opponent()));
                if (gain > best) {
                    best = gain;
                    chosen = m;
                    ties = 1;
                } else if (gain == best && random.nextInt(++ties) == 0) {
                    chosen = m;
                }
            }
            return chosen;
        }

        @Override
        public String name() {
            return "greedy";
        }
    }
}
