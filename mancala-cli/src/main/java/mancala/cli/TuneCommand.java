package mancala.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Callable;
import mancala.engine.eval.Weights;
import mancala.engine.tune.Tuner;
import mancala.rules.GameKind;
import mancala.rules.RuleOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mancala tune GAME}: tunes the evaluation weights of a game by self-play (see {@link Tuner}). */
@Command(name = "tune", header = "Tune the evaluation weights by self-play.", mixinStandardHelpOptions = true,
        description = "Tune the evaluation weights by self-play hill climbing from material-only weights; prints "
                + "every trial and the tuned weights (which go into mancala.engine.eval.Weights).")
final class TuneCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "GAME", description = "hawalis, bao-kiarabu, al-manqala or rio-kadalis")
    String gameName;

    @Mixin
    RuleOptionsOption ruleOptions;

    @Option(names = "--games", defaultValue = "400", description = "games per trial (default: ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--depth", defaultValue = "4", description = "search depth, plies (default: ${DEFAULT-VALUE})")
    int depth;

    @Option(names = "--threads", defaultValue = "1", description = "worker threads (default: ${DEFAULT-VALUE})")
    int threads;

    @Mixin
    RandomSeedOption randomSeed = new RandomSeedOption(11);

    @Spec
    CommandSpec spec;

    @Mixin
    ProgressOptions progress;

    @Override
    public Integer call() {
        if (games < 2 || depth < 1 || threads < 1) {
            throw new Cli.UsageException("--games must be at least 2, --depth and --threads at least 1");
        }
        GameKind kind = Cli.game(gameName);
        RuleOptions options = Cli.options(kind, ruleOptions.text());
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        int[] w;
        try (ProgressDisplay display = progress.display(spec.commandLine().getErr())) {
            w = Tuner.tune(options, Weights.untuned(kind), games, depth, threads, randomSeed.value(), out, display);
        }
        out.println("weights: " + Arrays.toString(w));
        return Cli.OK;
    }
}
