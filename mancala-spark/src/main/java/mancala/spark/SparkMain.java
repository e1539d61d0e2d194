package mancala.spark;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import mancala.engine.cluster.Cluster;
import mancala.engine.tablebase.TablebaseException;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The main class of {@code mancala-spark.jar}, for {@code spark-submit} and for the daemons:
 * {@code tablebase GAME --seeds N --dir D --checkpoint C [--options O] [--partition-positions P]} builds tables on
 * the cluster spark-submit names; {@code master} and {@code worker} run Spark's standalone daemons with their own
 * arguments.
 */
@Command(name = "mancala-spark", mixinStandardHelpOptions = true,
        description = "Mancala endgame tables on Apache Spark.",
        subcommands = {SparkMain.Tablebase.class, SparkMain.Master.class, SparkMain.Worker.class})
public final class SparkMain implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.err);
    }

    /** Runs a command and exits with its status (the daemons run until stopped). */
    public static void main(String[] args) {
        if (args.length > 0 && (args[0].equals("master") || args[0].equals("worker"))) {
            // Spark's own arguments, passed as they are
            new SparkCluster().runDaemon(args[0], java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        int code = new CommandLine(new SparkMain()).execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** {@code tablebase GAME --seeds N}: builds on the master spark-submit (or --master) gives. */
    @Command(name = "tablebase", mixinStandardHelpOptions = true,
            description = "Build a game's endgame tables on the cluster; files identical to 'mancala tablebase build'.")
    static final class Tablebase implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "GAME") String game;
        @Option(names = "--options", paramLabel = "OPTS", defaultValue = "") String options;
        @Option(names = "--seeds", required = true, paramLabel = "N") int seeds;
        @Option(names = "--dir", required = true, paramLabel = "DIR",
                description = "tables folder, at the same path on every machine") Path dir;
        @Option(names = "--checkpoint", required = true, paramLabel = "DIR",
                description = "checkpoint folder, at the same path on every machine") Path checkpoint;
        @Option(names = "--partition-positions", defaultValue = "4194304", paramLabel = "P") long partition;
        @Option(names = "--reachable", description = "only the layers a round of N seeds reaches (Rio Kadalis: "
                + "N, N-4, ...; Al-manqala: N, N-2, ...)") boolean reachable;
        @Option(names = "--master", paramLabel = "URL",
                description = "the cluster (default: what spark-submit set, else local[*])") String master;

        @Override
        public Integer call() {
            GameKind g = GameKind.byKey(game).orElseThrow(() -> new CommandLine.ParameterException(
                    new CommandLine(this), "unknown game '" + game + "'; games: " + GameKind.keys()));
            Rules rules = Rules.of(OptionsNotation.parse(g, options));
            String m = master != null ? master : System.getProperty("spark.master", "local[*]");
            long t0 = System.nanoTime();
            try {
                new SparkCluster().buildTablebase(rules, seeds, dir, new Cluster.BuildSettings(m, checkpoint, partition,
                        null, reachable), mancala.engine.progress.Progress.NONE, s -> System.err.println("tablebase: " + s));
            } catch (TablebaseException e) {
                System.err.println("mancala-spark: " + e.getMessage());
                return 2;
            }
            System.out.printf(Locale.ROOT, "%s up to %d seeds built in %.1f s%n", game, seeds,
                    (System.nanoTime() - t0) / 1e9);
            return 0;
        }
    }

    /** {@code master [--host H] [--port P] [--webui-port W]}: Spark's standalone master. */
    @Command(name = "master", description = "Run Spark's standalone master (arguments as Spark's Master takes).")
    static final class Master implements Runnable {
        @Parameters(arity = "0..*") String[] args = new String[0];

        @Override
        public void run() {
            new SparkCluster().runDaemon("master", args);
        }
    }

    /** {@code worker spark://H:P [--cores C] [--memory M]}: Spark's standalone worker. */
    @Command(name = "worker", description = "Run Spark's standalone worker (arguments as Spark's Worker takes).")
    static final class Worker implements Runnable {
        @Parameters(arity = "1..*") String[] args;

        @Override
        public void run() {
            new SparkCluster().runDaemon("worker", args);
        }
    }
}
