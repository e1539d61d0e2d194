package mancala.engine;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import mancala.engine.level.LevelPlayer;
import mancala.engine.level.OraclePlayer;
import mancala.engine.mcts.MctsPlayer;
import mancala.engine.play.Player;
import mancala.rules.Game;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * Makes players by name: {@code random}, {@code greedy} (the move that captures most, ties at random),
 * {@code level:N} (N from 1 to 10), {@code oracle} (the endgame tables' best move inside them, level 10 elsewhere),
 * {@code mcts}. A level takes the modifier {@code :notables}
 * ({@code level:10:notables}): it then plays without the endgame tables, searching where the tables would answer.
 */
public final class Players {
    private static final String NO_TABLES = LevelPlayer.NO_TABLES;
    private static final String NAMES = "random, greedy, level:1 to level:10 (level:N:" + NO_TABLES
            + " without the endgame tables), oracle, mcts";

    private Players() {
    }

    /**
     * @param name a player's name
     * @param randomSeed seed for any randomness, so that runs repeat
     * @return the player
     * @throws IllegalArgumentException for an unknown name, listing the known ones, or an unknown modifier (named,
     *     with its character position in the name)
     */
    public static Player byName(String name, long randomSeed) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.equals("random")) {
            return new RandomPlayer(randomSeed);
        }
        if (n.equals("greedy")) {
            return new GreedyPlayer(randomSeed);
        }
        if (n.equals("mcts")) {
            return new MctsPlayer(randomSeed);
        }
        if (n.equals(OraclePlayer.NAME)) {
            return new OraclePlayer(randomSeed);
        }
        if (n.startsWith("level:")) {
            String[] parts = name.trim().split(":", -1);
            int level = -1;
            try {
                level = Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                // reported below
            }
            if (level < 1 || level > 10) {
                throw new IllegalArgumentException("unknown player '" + name + "': the level must be 1 to 10, was '"
                        + parts[1] + "'; players: " + NAMES);
            }
            boolean tables = true;
            for (int i = 2; i < parts.length; i++) {
                String m = parts[i].toLowerCase(Locale.ROOT);
                if (!m.equals(NO_TABLES) || !tables) {
                    String what = m.equals(NO_TABLES) ? "':" + NO_TABLES + "' given twice"
                            : m.isEmpty() ? "an empty modifier" : "unknown modifier '" + parts[i] + "'";
                    throw new IllegalArgumentException("unknown player '" + name.trim() + "': " + what
                            + " at character " + offset(parts, i) + "; a level takes :" + NO_TABLES
                            + " (play without the endgame tables)");
                }
                tables = false;
            }
            return new LevelPlayer(level, randomSeed, tables);
        }
        int colon = n.indexOf(':');
        if (colon > 0 && List.of("random", "greedy", "mcts").contains(n.substring(0, colon))) {
            throw new IllegalArgumentException("unknown player '" + name + "': " + n.substring(0, colon)
                    + " takes no modifier (only level:N takes :" + NO_TABLES + ")");
        }
        throw new IllegalArgumentException("unknown player '" + name + "'; players: " + NAMES);
    }

    /** @return the 1-based character position in the player's name where part {@code i} starts. */
    private static int offset(String[] parts, int i) {
        int at = 1;
        for (int j = 0; j < i; j++) {
            at += parts[j].length() + 1;
        }
        return at;
    }

    /** Uniformly random legal moves. */
    static final class RandomPlayer implements Player {
        private final SplittableRandom random;

        RandomPlayer(long randomSeed) {
            this.random = new SplittableRandom(randomSeed);
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

        GreedyPlayer(long randomSeed) {
            this.random = new SplittableRandom(randomSeed);
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
