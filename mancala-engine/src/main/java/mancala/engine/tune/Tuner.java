package mancala.engine.tune;

import java.io.PrintStream;
import java.util.Arrays;
import mancala.engine.eval.Evaluator;
import mancala.engine.eval.Weights;
import mancala.engine.play.SelfPlay;
import mancala.engine.progress.Progress;
import mancala.engine.search.SearchPlayer;
import mancala.rules.GameKind;
import mancala.rules.RuleOptions;

/**
 * Tunes {@link Evaluator} weights by self-play: coordinate-wise hill climbing. Weight 0 stays fixed at 100 (it sets
 * the scale: hundredths of a seed). In each pass, with step sizes 64, 32, 16 in turn, each other weight is moved up
 * and down by the step; the changed evaluation plays {@code games} games against the current one (fixed search
 * depth, random openings played from both seats); a change that scores above {@link #ACCEPT} is kept.
 * Deterministic for a given seed.
 *
 * <p>Run: {@code mancala tune GAME [--games 400 --depth 4 --threads 1 --seed 11]} (or this class's {@code main}:
 * {@code GAME GAMES DEPTH THREADS [SEED]}); it prints each trial and the final weights, which go into
 * {@link Weights}.
 */
public final class Tuner {
    /** A change is kept when it scores more than this against the current weights. */
    public static final double ACCEPT = 0.55;
    private static final int[] STEPS = {64, 32, 16};
    private static final int OPENING_PLIES = 4;

    private Tuner() {
    }

    /**
     * Runs the tuning.
     *
     * @param start   the starting weights ({@link Evaluator#FEATURES} of them)
     * @param games   games per trial (even: each opening from both seats)
     * @param depth   search depth of both sides, plies
     * @param threads worker threads
     * @return the tuned weights
     */
    public static int[] tune(RuleOptions options, int[] start, int games, int depth, int threads, long randomSeed,
                             PrintStream log) {
        return tune(options, start, games, depth, threads, randomSeed, log, Progress.NONE);
    }

    /**
     * Runs the tuning as {@link #tune(RuleOptions, int[], int, int, int, long, PrintStream)}, reporting to
     * {@code progress} one task counted in games: every trial's games, those of trials skipped because the opposite
     * change was kept counted as done, with the trial, the changes kept and the weights so far as the detail.
     *
     * @return the tuned weights
     */
    public static int[] tune(RuleOptions options, int[] start, int games, int depth, int threads, long randomSeed,
                             PrintStream log, Progress progress) {
        int trials = STEPS.length * (Evaluator.FEATURES - 1) * 2;
        progress.begin("tune " + options.kind().key(), (long) trials * games, "games");
        try {
            return climb(options, start, games, depth, threads, randomSeed, log, progress, trials);
        } finally {
            progress.end();
        }
    }

    private static int[] climb(RuleOptions options, int[] start, int games, int depth, int threads, long randomSeed,
                               PrintStream log, Progress progress, int trials) {
        GameKind kind = options.kind();
        int pits = mancala.rules.Rules.of(options).pitsPerSide();
        int[] current = start.clone();
        int trial = 0;
        int slot = 0; // trials done or skipped
        int kept = 0;
        for (int step : STEPS) {
            for (int f = 1; f < Evaluator.FEATURES; f++) {
                for (int sign : new int[] {1, -1}) {
                    int[] cand = current.clone();
                    cand[f] += sign * step;
                    int[] base = current.clone();
                    SelfPlay.Config c = new SelfPlay.Config(options,
                            s -> new SearchPlayer(new Evaluator(kind, pits, cand), depth, 16),
                            s -> new SearchPlayer(new Evaluator(kind, pits, base), depth, 16),
                            games, threads, 60_000, OPENING_PLIES, randomSeed + trial++, false);
                    long before = (long) slot * games;
                    int[] played = {0};
                    String status = "trial " + trial + " of at most " + trials + ", " + kept + " kept, best "
                            + Arrays.toString(current);
                    SelfPlay.Summary r = SelfPlay.run(c, g -> progress.update(before + ++played[0], status));
                    slot++;
                    boolean keep = r.score() > ACCEPT;
                    log.printf("%s trial %d: %s vs %s: +%d =%d -%d score %.3f %s%n", kind.key(), trial,
                            Arrays.toString(cand), Arrays.toString(base), r.wins(), r.draws(), r.losses(), r.score(),
                            keep ? "kept" : "rejected");
                    log.flush();
                    if (keep) {
                        current = cand;
                        kept++;
                        if (sign == 1) {
                            slot++; // the opposite trial is skipped
                        }
                        progress.update((long) slot * games, "trial " + trial + " of at most " + trials + ", "
                                + kept + " kept, best " + Arrays.toString(current));
                        break; // the opposite direction would only undo the change
                    }
                }
            }
        }
        log.println(kind.key() + " tuned weights: " + Arrays.toString(current));
        return current;
    }

    /** Command-line entry: {@code GAME GAMES DEPTH THREADS [SEED]}. */
    public static void main(String[] args) {
        GameKind kind = GameKind.byKey(args[0]).orElseThrow();
        int games = Integer.parseInt(args[1]);
        int depth = Integer.parseInt(args[2]);
        int threads = Integer.parseInt(args[3]);
        long randomSeed = args.length > 4 ? Long.parseLong(args[4]) : 1;
        tune(kind.defaultOptions(), Weights.untuned(kind), games, depth, threads, randomSeed, System.out);
    }
}
