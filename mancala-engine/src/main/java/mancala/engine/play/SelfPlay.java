package mancala.engine.play;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.ToDoubleFunction;
import mancala.engine.progress.Progress;
import mancala.rules.Game;
import mancala.rules.Match;
import mancala.rules.Position;
import mancala.rules.RioKadalisOptions;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.Side;
import mancala.rules.Termination;

/**
 * Plays games between two players on several threads. Game {@code i} seats the first player South when {@code i}
 * is even and North when odd; games 2k and 2k+1 start with the same random opening of {@code openingPlies} plies, so
 * each opening is played from both seats. Results are counted for the first player.
 */
public final class SelfPlay {
    /** Default cap on a game's (a round's) plies; a game it stops is unfinished, counted for no one. */
    public static final int MAX_PLIES = 2000;
    /** Default cap on a Rio Kadalis match's rounds; a match it stops is unfinished, counted for no one. */
    public static final int MAX_ROUNDS = 30;

    /**
     * What to play.
     *
     * @param options      the game and its rule options
     * @param first        makes the first player from a seed
     * @param second       makes the second player from a seed
     * @param games        games to play, at least 1
     * @param threads      worker threads, at least 1
     * @param millis       time per move given to each player, ms
     * @param openingPlies random plies played before the players take over
     * @param randomSeed   seed of the openings and the players
     * @param wholeMatch   Rio Kadalis: play whole matches (R8, R9) instead of single rounds
     * @param maxPlies     a game (round) still going after this many plies is stopped, unfinished; at least 1
     * @param maxRounds    a match still going after this many rounds is stopped, unfinished; at least 1
     * @param pairedOpenings whether games 2k and 2k+1 share their opening (each opening played from both seats);
     *                     otherwise every game draws its own (for a player against itself, where a shared opening
     *                     would only repeat the game)
     */
    public record Config(RuleOptions options, LongFunction<Player> first, LongFunction<Player> second, int games,
                         int threads, long millis, int openingPlies, long randomSeed, boolean wholeMatch, int maxPlies,
                         int maxRounds, boolean pairedOpenings) {
        /** @throws IllegalArgumentException when games, threads, millis or a cap is below 1, or openingPlies below 0 */
        public Config {
            if (games < 1 || threads < 1 || millis < 1 || openingPlies < 0 || maxPlies < 1 || maxRounds < 1) {
                throw new IllegalArgumentException("games, threads, millis, maxPlies and maxRounds must be at least "
                        + "1, openingPlies at least 0");
            }
        }

        /** The run with the default caps {@link #MAX_PLIES} and {@link #MAX_ROUNDS}. */
        public Config(RuleOptions options, LongFunction<Player> first, LongFunction<Player> second, int games,
                      int threads, long millis, int openingPlies, long randomSeed, boolean wholeMatch) {
            this(options, first, second, games, threads, millis, openingPlies, randomSeed, wholeMatch, MAX_PLIES,
                    MAX_ROUNDS, true);
        }

        /** The run with these caps, games 2k and 2k+1 sharing their opening. */
        public Config(RuleOptions options, LongFunction<Player> first, LongFunction<Player> second, int games,
                      int threads, long millis, int openingPlies, long randomSeed, boolean wholeMatch, int maxPlies,
                      int maxRounds) {
            this(options, first, second, games, threads, millis, openingPlies, randomSeed, wholeMatch, maxPlies, maxRounds,
                    true);
        }
    }

    /**
     * The tally of a run, for the first player. Unfinished games (stopped by a cap) count in none of wins, draws
     * and losses, nor in the score.
     *
     * @param wins         finished games the first player won
     * @param draws        drawn games
     * @param losses       finished games the first player lost
     * @param plies        plies played in all games, unfinished ones too
     * @param terminations how many games ended by each rule, indexed by {@link Termination#ordinal()}
     * @param unfinished   games a cap stopped before the rules ended them
     */
    public record Summary(int wins, int draws, int losses, long plies, int[] terminations, int unfinished) {
        /**
         * @return the first player's tally of {@code games}: wins, draws and losses of the finished games, all
         *     their plies, how the finished ones ended (by {@link Termination} ordinal) and the unfinished count
         */
        public static Summary of(Iterable<PlayedGame> games) {
            return tally(games, PlayedGame::scoreForFirst);
        }

        /** The tally of the finished games by {@code score} (1 a win, 0 a loss, anything else a draw). */
        private static Summary tally(Iterable<PlayedGame> games, ToDoubleFunction<PlayedGame> score) {
            int w = 0;
            int d = 0;
            int l = 0;
            int unfinished = 0;
            long plies = 0;
            int[] terms = new int[Termination.values().length];
            for (PlayedGame g : games) {
                plies += g.plies();
                if (!g.finished()) {
                    unfinished++;
                    continue;
                }
                double s = score.applyAsDouble(g);
                if (s == 1) {
                    w++;
                } else if (s == 0) {
                    l++;
                } else {
                    d++;
                }
                terms[g.outcome().orElseThrow().termination().ordinal()]++;
            }
            return new Summary(w, d, l, plies, terms, unfinished);
        }

        /** @return finished games. */
        public int games() {
            return wins + draws + losses;
        }

        /** @return the first player's mean score over finished games, wins 1, draws 1/2 (NaN when none). */
        public double score() {
            return (wins + draws / 2.0) / games();
        }

        /** @return the 95% interval of the first player's win rate, {low, high} (Wilson score interval). */
        public double[] winRateInterval() {
            return wilson(wins, games());
        }

        /** @return the 95% interval of the mean score, {low, high} (normal approximation of per-game scores). */
        public double[] scoreInterval() {
            int n = games();
            double m = score();
            double var = (wins * (1 - m) * (1 - m) + draws * (0.5 - m) * (0.5 - m) + losses * m * m) / n;
            double h = 1.96 * Math.sqrt(var / n);
            return new double[] {Math.max(0, m - h), Math.min(1, m + h)};
        }
    }

    /**
     * The tally of {@code games} for the side that made each game's first move (in a Rio Kadalis match, the first
     * move of the first round), whoever sat there: what decides whether a rule set favours the first player when
     * both players are the same. Unfinished games count in none of wins, draws and losses.
     *
     * @param games games of a run
     * @return wins, draws and losses of the first mover, plies and endings of all the games
     */
    public static Summary forFirstMover(List<PlayedGame> games) {
        return Summary.tally(games, g -> {
            Side starter = g.rounds().get(0).start().sideToMove();
            Optional<Side> winner = g.outcome().orElseThrow().result().winner();
            return winner.isEmpty() ? 0.5 : winner.get() == starter ? 1 : 0;
        });
    }

    /** @return the 95% Wilson score interval {low, high} of {@code k} successes in {@code n} trials. */
    public static double[] wilson(int k, int n) {
        double z = 1.96;
        double p = (double) k / n;
        double d = 1 + z * z / n;
        double c = (p + z * z / (2 * n)) / d;
        double h = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
        return new double[] {Math.max(0, c - h), Math.min(1, c + h)};
    }

    private SelfPlay() {
    }

    /**
     * Plays the games; {@code onGame} receives each finished game (on worker threads, one at a time).
     *
     * @return the tally for the first player
     */
    public static Summary run(Config config, Consumer<PlayedGame> onGame) {
        return run(config, onGame, Progress.NONE);
    }

    /**
     * Plays the games as {@link #run(Config, Consumer)}, reporting to {@code progress} one task, "self-play", counted
     * in games, with the first player's running wins, draws, losses and score as the detail ("+3 =1 -2, score
     * 0.583", and the unfinished games if any).
     *
     * @return the tally for the first player
     */
    public static Summary run(Config config, Consumer<PlayedGame> onGame, Progress progress) {
        int[] tally = new int[4]; // wins, draws, losses, unfinished so far, guarded by onGame's lock
        Consumer<PlayedGame> reporting = g -> {
            onGame.accept(g);
            tally[g.finished() ? index(g.scoreForFirst()) : 3]++;
            int n = tally[0] + tally[1] + tally[2];
            progress.update(n + tally[3], String.format(Locale.ROOT, "+%d =%d -%d, score %.3f%s", tally[0],
                    tally[1], tally[2], n == 0 ? 0.5 : (tally[0] + tally[1] / 2.0) / n,
                    tally[3] == 0 ? "" : ", " + tally[3] + " unfinished"));
        };
        progress.begin("self-play", config.games(), "games");
        try {
            return play(config, reporting, onGame);
        } finally {
            progress.end();
        }
    }

    private static int index(double score) {
        return score == 1 ? 0 : score == 0 ? 2 : 1;
    }

    private static Summary play(Config config, Consumer<PlayedGame> onGame, Object lock) {
        ExecutorService pool = Executors.newFixedThreadPool(config.threads(), r -> {
            Thread t = new Thread(r, "selfplay");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<PlayedGame>> futures = new ArrayList<>();
            for (int i = 0; i < config.games(); i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    PlayedGame g = play(config, index);
                    synchronized (lock) {
                        onGame.accept(g);
                    }
                    return g;
                }));
            }
            List<PlayedGame> games = new ArrayList<>();
            for (Future<PlayedGame> f : futures) {
                games.add(f.get());
            }
            return Summary.of(games);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("self-play interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("a self-play game failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Plays game {@code index} of a run. */
    public static PlayedGame play(Config config, int index) {
        long pairSeed = config.randomSeed() * 1_000_003L + (config.pairedOpenings() ? index / 2 : index);
        Side firstSeat = index % 2 == 0 ? Side.SOUTH : Side.NORTH;
        Player a = config.first().apply(pairSeed * 31 + 1);
        Player b = config.second().apply(pairSeed * 31 + 2);
        Player south = firstSeat == Side.SOUTH ? a : b;
        Player north = firstSeat == Side.SOUTH ? b : a;
        Rules rules = Rules.of(config.options());
        SplittableRandom opening = new SplittableRandom(pairSeed);
        List<PlayedGame.Round> rounds = new ArrayList<>();
        int plies = 0;
        if (config.wholeMatch() && config.options() instanceof RioKadalisOptions) {
            Match match = new Match(Position.initial(rules));
            while (true) {
                Game round = match.round();
                plies += playRound(round, south, north, config, rounds.isEmpty() ? opening : null);
                rounds.add(new PlayedGame.Round(round.start(), round.moves(), round.outcome()));
                if (!round.isOver()) {
                    return new PlayedGame(index, firstSeat, rounds, Optional.empty(), plies, true);
                }
                if (match.nextRound().isEmpty()) {
                    return new PlayedGame(index, firstSeat, rounds, match.outcome(), plies, true);
                }
                if (rounds.size() >= config.maxRounds()) {
                    return new PlayedGame(index, firstSeat, rounds, Optional.empty(), plies, true);
                }
            }
        }
        Game game = new Game(Position.initial(rules));
        plies = playRound(game, south, north, config, opening);
        rounds.add(new PlayedGame.Round(game.start(), game.moves(), game.outcome()));
        return new PlayedGame(index, firstSeat, rounds, game.outcome(), plies, false);
    }

    /** Plays until the game (round) is over or has {@link Config#maxPlies()} plies; returns the plies played. */
    private static int playRound(Game game, Player south, Player north, Config config, SplittableRandom opening) {
        int plies = 0;
        while (!game.isOver()) {
            if (plies >= config.maxPlies()) {
                break; // unfinished: no one agreed to anything
            }
            Position p = game.position();
            int move;
            if (opening != null && plies < config.openingPlies()) {
                int[] moves = p.legalMoves();
                move = moves[opening.nextInt(moves.length)];
            } else {
                Player mover = p.sideToMove() == Side.SOUTH ? south : north;
                move = mover.chooseMove(game, config.millis());
            }
            game.play(move);
            plies++;
        }
        return plies;
    }
}
