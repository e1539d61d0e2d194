package mancala.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import mancala.engine.progress.Progress;
import mancala.rules.GameKind;
import mancala.rules.Playout;
import mancala.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code mancala bench}: uniformly random complete games on one thread (a Rio Kadalis game is one round), one line
 * per game: playouts, plies and seeds sown per second. Figures vary with the machine and its load.
 */
@Command(name = "bench", header = "Measure random playouts per second for each game.", mixinStandardHelpOptions = true,
        description = "Play uniformly random complete games on one thread and report playouts/s, plies/s and "
                + "seeds/s (seeds dropped while sowing). A Rio Kadalis playout is one round.")
final class BenchCommand implements Callable<Integer> {
    /** Progress is reported at most this often, ns, so that it costs the measurement nothing visible. */
    private static final long SHOW_EVERY_NANOS = 100_000_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "3",
            description = "measured seconds per game after a warm-up of a third as long (default ${DEFAULT-VALUE})")
    double seconds;

    @Option(names = "--game", paramLabel = "G", description = "one game only (default: hawalis, al-manqala, "
            + "rio-kadalis)")
    String game;

    @Mixin
    RuleOptionsOption ruleOptions;

    @Mixin
    RandomSeedOption randomSeed = new RandomSeedOption(1);

    @Mixin
    ProgressOptions progress;

    @Override
    public Integer call() {
        if (!(seconds > 0) || seconds > 3600) {
            throw new Cli.UsageException("--seconds must be more than 0 and at most 3600, was " + seconds);
        }
        if (ruleOptions.text() != null && game == null) {
            throw new Cli.UsageException("--options needs --game");
        }
        List<GameKind> games = game != null ? List.of(Cli.game(game))
                : List.of(GameKind.HAWALIS, GameKind.AL_MANQALA, GameKind.RIO_KADALIS);
        PrintWriter out = spec.commandLine().getOut();
        ProgressDisplay display = progress.display(spec.commandLine().getErr());
        for (GameKind g : games) {
            Rules rules = Rules.of(Cli.options(g, game != null ? ruleOptions.text() : null));
            long warmUp = (long) (seconds * 1e9 / 3);
            display.begin(g.key() + " warm-up", warmUp / 1_000_000, "ms");
            run(rules, warmUp, display); // warm-up for the JIT
            display.update(warmUp / 1_000_000, "");
            display.end();
            Playout p = new Playout(rules, randomSeed.value());
            long t0 = System.nanoTime();
            long deadline = t0 + (long) (seconds * 1e9);
            long now;
            display.begin(g.key() + " measurement", (deadline - t0) / 1_000_000, "ms");
            long shown = t0;
            do {
                for (int i = 0; i < 64; i++) {
                    p.run();
                }
                now = System.nanoTime();
                if (now - shown >= SHOW_EVERY_NANOS) {
                    shown = now;
                    display.update((Math.min(now, deadline) - t0) / 1_000_000,
                            Math.round(p.games() / ((now - t0) / 1e9)) + " playouts/s");
                }
            } while (now < deadline);
            display.update((deadline - t0) / 1_000_000, Math.round(p.games() / ((now - t0) / 1e9)) + " playouts/s");
            display.end();
            double s = (now - t0) / 1e9;
            out.printf("%s playouts/s=%d plies/s=%d seeds/s=%d%n", g.key(), Math.round(p.games() / s),
                    Math.round(p.plies() / s), Math.round(p.seedsSown() / s));
            out.flush();
        }
        return Cli.OK;
    }

    private void run(Rules rules, long nanos, Progress progress) {
        Playout p = new Playout(rules, randomSeed.value() + 1);
        long t0 = System.nanoTime();
        long deadline = t0 + nanos;
        long shown = t0;
        long now;
        while ((now = System.nanoTime()) < deadline) {
            p.run();
            if (now - shown >= SHOW_EVERY_NANOS) {
                shown = now;
                progress.update((now - t0) / 1_000_000, "");
            }
        }
    }
}
