package mancala.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import mancala.engine.cluster.Cluster;
import mancala.engine.data.DataDir;
import mancala.engine.progress.Progress;
import mancala.engine.tablebase.Builder;
import mancala.engine.tablebase.TablebaseValue;
import mancala.engine.tablebase.Tablebase;
import mancala.engine.tablebase.TablebaseException;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mancala tablebase build|probe|info}: endgame tables built by retrograde analysis, kept in the data folder
 * (beside the web server's database) where every command finds them.
 */
@Command(name = "tablebase", header = "Build, probe and list endgame tables.", mixinStandardHelpOptions = true,
        description = "Endgame tables hold the exact value of every position up to a number of seeds: Hawalis and "
                + "Bao Kiarabu win, draw or loss with the plies to the end (seeds a side); Al-manqala and Rio "
                + "Kadalis rounds the seeds of the board the side to move secures (seeds on the board). They live in "
                + "$XDG_DATA_HOME/mancala/tablebases (or ~/.local/share/mancala/tablebases; MANCALA_TABLEBASES "
                + "names another folder, 'none' turns them off), where solve, analyse, engine, selfplay and serve "
                + "find them.",
        subcommands = {TablebaseCommand.Build.class, TablebaseCommand.Probe.class, TablebaseCommand.Info.class})
final class TablebaseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return Cli.UNUSABLE;
    }

    static Path dir(Path given) {
        if (given != null) {
            return given;
        }
        Path d = DataDir.tablebases();
        if (d == null) {
            throw new Cli.UsageException("tables are turned off (" + DataDir.TABLEBASES_ENV + "=none); give --dir");
        }
        return d;
    }

    /** The rules' options as a record's Options tag writes them, or {@code default rules} when none differ. */
    static String optionsText(Rules rules) {
        String o = mancala.notation.OptionsNotation.format(rules.options());
        return o.isEmpty() ? "default rules" : o;
    }

    /** The exact {@code mancala tablebase build} command that makes tables for these rules up to {@code seeds}. */
    static String buildCommand(Rules rules, int seeds, Path given) {
        String o = mancala.notation.OptionsNotation.format(rules.options());
        return "mancala tablebase build " + rules.kind().key() + (o.isEmpty() ? "" : " --options '" + o + "'")
                + " --seeds " + seeds + (given == null ? "" : " --dir " + given);
    }

    static Rules rules(String game, String options) {
        GameKind g = Cli.game(game);
        return Rules.of(Cli.options(g, options));
    }

    /** {@code mancala tablebase build GAME --seeds N}. */
    @Command(name = "build", header = "Build the tables of a game up to a number of seeds.",
            mixinStandardHelpOptions = true,
            description = "Retrograde analysis of every position with at most N seeds on the board (Hawalis and Bao "
                    + "Kiarabu: at most N seeds a side), layer by layer. Each finished layer is written at once, so "
                    + "a build that is stopped goes on where it stopped when run again; layers already built are "
                    + "read (checksums checked) instead of built. Progress goes to standard error.")
    static final class Build implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "GAME", description = "hawalis, bao-kiarabu, al-manqala, rio-kadalis")
        String game;

        @Mixin
        RuleOptionsOption ruleOptions;

        @Option(names = "--seeds", paramLabel = "N", required = true,
                description = "seeds on the board at most (Hawalis, Bao Kiarabu: a side)")
        int seeds;

        @Mixin
        ThreadsOption threads;

        @Mixin
        TablesFolderOption tables;

        @Mixin
        ProgressOptions progress;

        @Mixin
        ClusterOption cluster;

        @Option(names = "--reachable", description = "only the layers a round that starts with N seeds on the board "
                + "can reach: Rio Kadalis N, N-4, ... (captures take fours, R3, R4), Al-manqala without "
                + "captureOpposite N, N-2, ... (2 or 4 a pit, A3); refused for games whose captures reach every layer")
        boolean reachable;

        @Option(names = "--checkpoint", paramLabel = "DIR", description = "with --master: the folder of the "
                + "build's state between passes, at the same path on every machine (default: DIR/checkpoint)")
        Path checkpoint;

        @Option(names = "--partition-positions", paramLabel = "P", defaultValue = "4194304",
                description = "with --master: positions a partition holds at most, which bounds a task's memory "
                        + "(about 14 bytes a position and 8 a move; default: ${DEFAULT-VALUE})")
        long partitionPositions;

        @Option(names = "--executor-memory", paramLabel = "M", description = "with --master spark://...: memory "
                + "of each executor, e.g. 8g")
        String executorMemory;

        @Override
        public Integer call() {
            String options = ruleOptions.text();
            Rules rules = rules(game, options);
            int t = threads.value();
            if (seeds < 0 || seeds > 40) {
                throw new Cli.UsageException("--seeds must be 0-40, was " + seeds);
            }
            PrintWriter err = spec.commandLine().getErr();
            PrintWriter out = spec.commandLine().getOut();
            long start = System.nanoTime();
            Path folder;
            ProgressOptions.Mode mode = progress.resolved();
            try (ProgressDisplay display = progress.display(err)) {
                folder = build(rules, t, display, s -> {
                    if (mode != ProgressOptions.Mode.NONE) {
                        err.println("tablebase: " + s);
                        err.flush();
                    }
                });
            } catch (TablebaseException e) {
                throw new Cli.UsageException(e.getMessage());
            }
            Tablebase tb = Tablebase.open(dir(tables.given()), rules);
            long bytes = 0;
            long entries = 0;
            for (Tablebase.LayerInfo l : tb.layers()) {
                bytes += l.bytes();
                entries += l.entries();
            }
            out.printf(Locale.ROOT, "%s%s: %s up to %s%s: %s, %s in %s, "
                            + "%.1f s%n", rules.kind().key(), options == null || options.isBlank() ? "" : " " + options,
                    reachable ? "the positions a round of " + seeds + " seeds reaches," : "every position",
                    count(seeds, "seed"), rules.kind().fourRows() ? " a side" : " on the board",
                    count(entries, "position"), count(bytes, "byte"), folder,
                    (System.nanoTime() - start) / 1e9);
            out.flush();
            return Cli.OK;
        }

        /**
         * Builds the missing layers: on the Spark cluster of --master when it is given, else on {@code t}
         * threads of this machine.
         *
         * @return the folder of the tables built
         * @throws TablebaseException when the tables cannot be built for these rules or seeds
         */
        private Path build(Rules rules, int t, Progress shown, Consumer<String> log) {
            Path tablesDir = dir(tables.given());
            if (cluster.given()) {
                Path cp = checkpoint != null ? checkpoint : tablesDir.resolve("checkpoint");
                ClusterOption.cluster().buildTablebase(rules, seeds, tablesDir, new Cluster.BuildSettings(
                        cluster.url(threads.threads), cp, partitionPositions, executorMemory, reachable), shown, log);
                return Tablebase.folder(tablesDir, rules);
            }
            Builder b = new Builder(rules, seeds, reachable, t, tablesDir, shown, log);
            b.build();
            return b.folder();
        }
    }

    /** {@code count word} with the word in the plural unless the count is 1: {@code 1 position}, {@code 2 bits}. */
    static String count(long n, String word) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? word : word + "s");
    }

    /** {@code mancala tablebase probe POSITION}. */
    @Command(name = "probe", header = "Look a position up in the tables.", mixinStandardHelpOptions = true,
            description = "Prints the table's value of the position for the side to move and the value of each "
                    + "legal move. Exit status 2 when the position is not in the tables.")
    static final class Probe implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "POSITION", description = "position notation, quoted or as words")
        String[] position;

        @Mixin
        RuleOptionsOption ruleOptions;

        @Mixin
        TablesFolderOption tables;

        @Override
        public Integer call() {
            Position p = Cli.position(String.join(" ", position), ruleOptions.text());
            Tablebase tb;
            try {
                tb = Tablebase.open(dir(tables.given()), p.rules());
            } catch (TablebaseException e) {
                throw new Cli.UsageException(e.getMessage());
            }
            TablebaseValue v = tb.probe(p);
            if (v == null) {
                int need = p.kind().fourRows()
                        ? Math.max(p.seedsOnBoard(mancala.rules.Side.SOUTH), p.seedsOnBoard(mancala.rules.Side.NORTH))
                        : p.seedsOnBoard(mancala.rules.Side.SOUTH) + p.seedsOnBoard(mancala.rules.Side.NORTH);
                String why = !tb.any()
                        ? "there are no tables for " + p.kind().key() + " (" + optionsText(p.rules()) + ") in "
                        + tb.folder()
                        : "the tables for " + p.kind().key() + " (" + optionsText(p.rules()) + ") in " + tb.folder()
                        + (tb.reach() < 0 ? " hold some layers" : " hold positions up to " + count(tb.reach(), "seed")
                        + (p.kind().fourRows() ? " a side" : " on the board"))
                        + (tb.top() > tb.reach() ? (tb.reach() < 0 ? "" : " and some layers") + " up to "
                        + count(tb.top(), "seed") : "") + (p.kind().fourRows() ? "" : ", without closed or conquered pits");
                boolean buildable = tb.reach() < need;
                throw new Cli.UsageException("position not in the tables: " + why
                        + (buildable ? "; build them with: " + buildCommand(p.rules(), need, tables.given()) : ""));
            }
            PrintWriter out = spec.commandLine().getOut();
            out.println(p.sideToMove().displayName() + " to move: " + v.describe());
            List<Tablebase.MoveValue> moves = tb.moves(p.toBoard());
            if (moves != null) {
                for (Tablebase.MoveValue m : moves) {
                    out.println("  " + p.rules().pitLetter(m.move()) + ": " + m.value().describe());
                }
            }
            out.flush();
            return Cli.OK;
        }
    }

    /** {@code mancala tablebase info}. */
    @Command(name = "info", header = "List the tables in the tables folder.", mixinStandardHelpOptions = true,
            description = "For each game and options found: the seeds reached, the layers with their positions, "
                    + "bits a value and bytes, and any layer whose checksum fails.")
    static final class Info implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        TablesFolderOption tables;

        @Option(names = "--layers", description = "one line per layer")
        boolean layers;

        @Override
        public Integer call() throws java.io.IOException {
            Path d = dir(tables.given());
            PrintWriter out = spec.commandLine().getOut();
            out.println("tables folder: " + d);
            int found = 0;
            for (GameKind g : GameKind.values()) {
                Path gd = d.resolve(g.key());
                if (!java.nio.file.Files.isDirectory(gd)) {
                    continue;
                }
                try (var ds = java.nio.file.Files.newDirectoryStream(gd)) {
                    for (Path od : ds) {
                        String key = od.getFileName().toString();
                        String text = key.equals("default") ? "" : key.replace('_', ' ');
                        Rules rules;
                        try {
                            rules = Rules.of(mancala.notation.OptionsNotation.parse(g, text));
                        } catch (RuntimeException e) {
                            out.println(g.key() + " " + key + ": unknown options folder, skipped");
                            continue;
                        }
                        Tablebase tb = Tablebase.open(d, rules);
                        long bytes = 0;
                        long entries = 0;
                        int bad = 0;
                        List<Tablebase.LayerInfo> ls = tb.layers();
                        for (Tablebase.LayerInfo l : ls) {
                            bytes += Math.max(0, l.bytes());
                            entries += l.entries();
                            bad += l.problem() == null ? 0 : 1;
                        }
                        found++;
                        out.printf(Locale.ROOT, "%s %s: %s, %s, %s, %s%s%n", g.key(), key,
                                (tb.reach() < 0 ? "no complete table" : "up to " + count(tb.reach(), "seed")
                                        + (g.fourRows() ? " a side" : " on the board"))
                                        + (tb.top() > tb.reach() ? ", reachable layers up to " + tb.top() : ""),
                                count(ls.size(), "layer"),
                                count(entries, "position"), count(bytes, "byte"),
                                bad > 0 ? ", " + bad + " damaged" : "");
                        if (layers || bad > 0) {
                            for (Tablebase.LayerInfo l : ls) {
                                out.printf(Locale.ROOT, "  layer %s: %s, %s, %s%s%n",
                                        l.name(), count(l.entries(), "position"), count(l.bits(), "bit"),
                                        count(l.bytes(), "byte"),
                                        l.problem() == null ? "" : ": " + l.problem());
                            }
                        }
                    }
                }
            }
            if (found == 0) {
                out.println("no tables (build them with: mancala tablebase build GAME --seeds N)");
            }
            out.flush();
            return Cli.OK;
        }
    }
}
