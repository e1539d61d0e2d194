package mancala.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code mancala} command. Each subcommand is one class in this package. Exit status: 0 success, 1 when the
 * input was read but is wrong (an illegal move in a record), 2 for unusable input or arguments.
 */
@Command(name = "mancala", mixinStandardHelpOptions = true, version = "mancala 0.1.0",
        description = "Hawalis, Al-manqala and Rio Kadalis: rules, records, engine and web play.",
        subcommands = {
                PerftCommand.class,
                BenchCommand.class,
                ReplayCommand.class,
                ConvertCommand.class,
                PlayCommand.class,
                AnalyseCommand.class,
                SolveCommand.class,
                TablebaseCommand.class,
                PuzzlesCommand.class,
                SelfPlayCommand.class,
                BalanceCommand.class,
                EngineCommand.class,
                TuneCommand.class,
                ServeCommand.class,
                PairingsCommand.class,
                BotCommand.class,
                SparkCommand.class,
        })
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit status (for tests). */
    public static int run(String... args) {
        return Cli.commandLine(new Main()).execute(args);
    }
}
