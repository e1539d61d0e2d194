package mancala.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import mancala.engine.data.DataDir;
import mancala.engine.tablebase.Builder;
import mancala.engine.tablebase.Progress;
import mancala.engine.tablebase.TableValue;
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

        @Option(names = "--options", paramLabel = "OPTS", description = "rule options, e.g. 'skipOrigin'")
        String options;

        @Option(names = "--seeds", paramLabel = "N", required = true,
                description = "seeds on the board at most (Hawalis, Bao Kiarabu: a side)")
        int seeds;

        @Option(names = "--threads", paramLabel = "T", description = "threads (default: the cores)")
        Integer threads;

        @Option(names = "--dir", paramLabel = "DIR", description = "tables folder (default: the data folder's)")
        Path dir;

        @Mixin
        ProgressOptions progress;

        @Mixin
        ClusterOption cluster;

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
            Rules rules = rules(game, options);
            int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            if (t < 1) {
                throw new Cli.UsageException("--threads must be at least 1, was " + t);
            }
            if (seeds < 0 || seeds > 40) {
                throw new Cli.UsageException("--seeds must be 0-40, was " + seeds);
            }
            PrintWriter err = spec.commandLine().getErr();
            PrintWriter out = spec.commandLine().getOut();
            long start = System.nanoTime();
            Path folder;
            ProgressOptions.Mode mode = progress.resolved();
            try (ProgressDisplay display = progress.display(err)) {
                Progress shown = mode == ProgressOptions.Mode.PLAIN ? new Lines(err)
                        : mode == ProgressOptions.Mode.BAR ? new Bar(display) : Progress.NONE;
                java.util.function.Consumer<String> log = s -> {
                    if (mode != ProgressOptions.Mode.NONE) {
                        err.println("tablebase: " + s);
                        err.flush();
                    }
                };
                if (cluster.given()) {
                    Path cp = checkpoint != null ? checkpoint : dir(dir).resolve("checkpoint");
                    ClusterOption.cluster().buildTablebase(rules, seeds, dir(dir), new mancala.engine.cluster.Cluster
                            .BuildSettings(cluster.url(threads), cp, partitionPositions, executorMemory), shown, log);
                    folder = Tablebase.folder(dir(dir), rules);
                } else {
                    Builder b = new Builder(rules, seeds, t, dir(dir), shown, log);
                    b.build();
                    folder = b.folder();
                }
            } catch (TablebaseException e) {
                throw new Cli.UsageException(e.getMessage());
            }
            Tablebase tb = Tablebase.open(dir(dir), rules);
            long bytes = 0;
            long entries = 0;
            for (Tablebase.LayerInfo l : tb.layers()) {
                bytes += l.bytes();
                entries += l.entries();
            }
            out.printf(Locale.ROOT, "%s%s: every position up to %s%s: %s, %s in %s, "
                            + "%.1f s%n", rules.kind().key(), options == null || options.isBlank() ? "" : " " + options,
                    count(seeds, "seed"), rules.kind().fourRows() ? " a side" : " on the board",
                    count(entries, "position"), count(bytes, "byte"), folder,
                    (System.nanoTime() - start) / 1e9);
            out.flush();
            return Cli.OK;
        }
    }

    /** {@code count word} with the word in the plural unless the count is 1: {@code 1 position}, {@code 2 bits}. */
    static String count(long n, String word) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? word : word + "s");
    }

    /** Seconds left as a reader wants them: {@code 42 s} under three minutes, {@code 7 min} above. */
    static String timeLeft(double seconds) {
        return seconds < 180 ? String.format(Locale.ROOT, "%.0f s", Math.ceil(seconds))
                : String.format(Locale.ROOT, "%.0f min", Math.ceil(seconds / 60));
    }

    /**
     * Plain progress lines on standard error, at most one every two seconds: the layer and pass, the share of all
     * positions whose layers are done, and once a layer is finished in this run the rate (positions of the layers
     * finished in this run, over the time since this run began: layers found on disk count for neither) and the
     * time left at that rate.
     */
    static final class Lines implements Progress {
        private final PrintWriter err;
        private final long start;
        private long last;
        private long firstDoneAll = -1;

        Lines(PrintWriter err) {
            this(err, System.nanoTime());
        }

        Lines(PrintWriter err, long start) {
            this.err = err;
            this.start = start;
            this.last = start;
        }

        @Override
        public synchronized void progress(String layer, int pass, long done, long total, long doneAll,
                                          long totalAll) {
            progress(layer, pass, done, total, doneAll, totalAll, System.nanoTime());
        }

        /** As {@link #progress(String, int, long, long, long, long)} at the given {@code System.nanoTime()}. */
        synchronized void progress(String layer, int pass, long done, long total, long doneAll, long totalAll,
                                   long now) {
            if (firstDoneAll < 0) {
                firstDoneAll = doneAll; // layers found on disk are not this run's work
            }
            if (now - last < 2_000_000_000L) {
                return;
            }
            last = now;
            double secs = (now - start) / 1e9;
            double reached = reached(pass, done, total, doneAll);
            double settled = reached - firstDoneAll;
            String rate = "";
            if (settled > 0 && secs > 0) {
                double r = settled / secs;
                rate = String.format(Locale.ROOT, "; %,.0f positions/s, about %s left", r,
                        timeLeft((totalAll - reached) / r));
            }
            err.printf(Locale.ROOT, "layer %s, %s: %d%%; layers done: %.2f%% of %s%s; %.0f s so far%n", layer,
                    step(pass), total == 0 ? 100 : 100 * done / total, 100.0 * doneAll / Math.max(1, totalAll),
                    count(totalAll, "position"), rate, secs);
            err.flush();
        }
    }

    /** @return what step {@code pass} of a layer's build does, in words */
    static String step(int pass) {
        return switch (pass) {
            case 1 -> "playing its moves";
            case 2 -> "placing its moves";
            case 3 -> "settling its values";
            default -> "pass " + pass;
        };
    }

    /**
     * @return the positions of the build reached: the finished layers' and the share of the current layer's done,
     *     its three steps weighted by what they take (measured: about 60%, 10% and 30%)
     */
    static double reached(int pass, long done, long total, long doneAll) {
        double f = total == 0 ? 1 : (double) done / total;
        double share = switch (pass) {
            case 1 -> 0.6 * f;
            case 2 -> 0.6 + 0.1 * f;
            case 3 -> 0.7 + 0.3 * f;
            default -> 0;
        };
        return doneAll + share * total;
    }

    /**
     * The build's progress as the progress bar of the other long commands: positions of the finished layers out of
     * all, with the layer and pass being built.
     */
    static final class Bar implements Progress {
        private final ProgressDisplay display;
        private boolean begun;

        Bar(ProgressDisplay display) {
            this.display = display;
        }

        @Override
        public synchronized void progress(String layer, int pass, long done, long total, long doneAll,
                                          long totalAll) {
            if (!begun) {
                begun = true;
                display.begin("tablebase", totalAll, "positions");
            }
            display.update((long) reached(pass, done, total, doneAll), "layer " + layer + ", " + step(pass) + " "
                    + (total == 0 ? 100 : 100 * done / total) + "%");
        }
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

        @Option(names = "--options", paramLabel = "OPTS", description = "rule options")
        String options;

        @Option(names = "--dir", paramLabel = "DIR", description = "tables folder (default: the data folder's)")
        Path dir;

        @Override
        public Integer call() {
            Position p = Cli.position(String.join(" ", position), options);
            Tablebase tb;
            try {
                tb = Tablebase.open(dir(dir), p.rules());
            } catch (TablebaseException e) {
                throw new Cli.UsageException(e.getMessage());
            }
            TableValue v = tb.probe(p);
            if (v == null) {
                int need = p.kind().fourRows()
                        ? Math.max(p.seedsOnBoard(mancala.rules.Side.SOUTH), p.seedsOnBoard(mancala.rules.Side.NORTH))
                        : p.seedsOnBoard(mancala.rules.Side.SOUTH) + p.seedsOnBoard(mancala.rules.Side.NORTH);
                String why = tb.reach() < 0
                        ? "there are no tables for " + p.kind().key() + " (" + optionsText(p.rules()) + ") in "
                        + tb.folder()
                        : "the tables for " + p.kind().key() + " (" + optionsText(p.rules()) + ") in " + tb.folder()
                        + " hold positions up to " + count(tb.reach(), "seed")
                        + (p.kind().fourRows() ? " a side" : " on the board, without closed or conquered pits");
                boolean buildable = tb.reach() < need;
                throw new Cli.UsageException("position not in the tables: " + why
                        + (buildable ? "; build them with: " + buildCommand(p.rules(), need, dir) : ""));
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

        @Option(names = "--dir", paramLabel = "DIR", description = "tables folder (default: the data folder's)")
        Path dir;

        @Option(names = "--layers", description = "one line per layer")
        boolean layers;

        @Override
        public Integer call() throws java.io.IOException {
            Path d = dir(dir);
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
                                tb.reach() < 0 ? "no complete table" : "up to " + count(tb.reach(), "seed")
                                        + (g.fourRows() ? " a side" : " on the board"), count(ls.size(), "layer"),
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
