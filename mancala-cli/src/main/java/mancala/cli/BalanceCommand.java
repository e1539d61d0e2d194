package mancala.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import mancala.cli.report.BalanceReport;
import mancala.engine.Players;
import mancala.engine.cluster.Cluster;
import mancala.engine.progress.Progress;
import mancala.engine.play.PlayedGame;
import mancala.engine.play.SelfPlay;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.RuleOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mancala balance GAME}: self-play of one player against itself under the default rules and under each
 * documented option (and option value) on its own, or under the option sets named, with the first mover's score
 * for each: which rule set is fair, which decides games.
 */
@Command(name = "balance", header = "Compare rule options by self-play: is the first player favoured?",
        mixinStandardHelpOptions = true,
        description = "Play one player (--level) against itself under the default rules and under each documented "
                + "option of GAME on its own (each value of a valued option), or under the option sets named, "
                + "and print for each: the score of the side that moves first (wins 1, draws 1/2) with its 95%% "
                + "interval, wins, draws, losses, the average length and how the games ended. Every game starts "
                + "with its own random opening plies (the table says how many different openings there were: "
                + "games from the same opening repeat each other at levels 5-9, which play no random moves). Rio Kadalis options that act "
                + "between rounds (loserStarts, conquest) need --match.")
final class BalanceCommand implements Callable<Integer> {
    /** Levels 1-9 search to a fixed depth; this much time a move, ms, lets them finish it whatever the load. */
    static final long DEFAULT_MILLIS = 60_000;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "GAME", description = "hawalis, bao-kiarabu, al-manqala or rio-kadalis")
    String gameName;

    @Option(names = "--options-sets", paramLabel = "SETS", split = ";",
            description = "the rule sets to compare, separated by ';' (e.g. 'default;skipOrigin;endless=draw "
                    + "skipOrigin'; 'default' or nothing: the default rules) (default: the defaults and each "
                    + "documented option on its own)")
    List<String> optionSets;

    @Option(names = "--games", defaultValue = "200", description = "games per rule set (default: ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--level", defaultValue = "5", paramLabel = "L",
            description = "strength of both players, 1-10 (default: ${DEFAULT-VALUE}: 3 plies)")
    int level;

    @Option(names = "--millis", paramLabel = "MS", defaultValue = "" + DEFAULT_MILLIS,
            description = "time per move, ms: level 10 uses it all, levels 1-9 stop at their depth within it "
                    + "(default: ${DEFAULT-VALUE}, so that their results do not depend on the machine)")
    long millis;

    @Option(names = "--opening-plies", defaultValue = "4",
            description = "random plies before the players take over, drawn anew for every game (default: "
                    + "${DEFAULT-VALUE}; a player against itself plays the same game from the same opening)")
    int openingPlies;

    @Option(names = "--match", description = "Rio Kadalis only: play whole matches instead of single rounds")
    boolean wholeMatch;

    @Mixin
    ThreadsOption threads;

    @Mixin
    RandomSeedOption randomSeed = new RandomSeedOption(1);

    @Option(names = "--report", paramLabel = "FILE.html", description = "write an HTML page with the table and charts")
    Path report;

    @Mixin
    ProgressOptions progress;

    @Mixin
    ClusterOption cluster;

    @Override
    public Integer call() throws IOException {
        GameKind kind = Cli.game(gameName);
        check(kind);
        int t = threads.value();
        List<String> sets = ruleSets(kind);
        List<RuleOptions> options = new ArrayList<>();
        for (String set : sets) {
            options.add(Cli.options(kind, set.equals(DEFAULT) ? null : set));
        }
        if (report != null) {
            Cli.requireWritable(report);
        }
        String player = "level:" + level;
        PrintWriter out = spec.commandLine().getOut();
        List<BalanceReport.Row> rows = new ArrayList<>();
        try (ProgressDisplay display = progress.display(spec.commandLine().getErr())) {
            for (int i = 0; i < sets.size(); i++) {
                String label = sets.get(i);
                List<PlayedGame> played = play(kind, options.get(i), player, t, display, "balance " + label + " ("
                        + (i + 1) + "/" + sets.size() + ")");
                rows.add(new BalanceReport.Row(label, SelfPlay.forFirstMover(played), openings(played)));
            }
        }
        String run = String.format("%s%s, %s against itself, %s a rule set, %d opening plies, seed %d", kind.key(),
                wholeMatch ? " matches" : "", player, SelfPlayCommand.count(games, "game"), openingPlies,
                randomSeed.value());
        out.println(run);
        out.println(BalanceReport.table(rows));
        if (kind == GameKind.RIO_KADALIS && !wholeMatch && optionSets == null) {
            out.println("(loserStarts and conquest act between rounds: they are compared with --match)");
        }
        out.flush();
        if (report != null) {
            try {
                BalanceReport.write(report, run, rows);
            } catch (IOException e) {
                throw new Cli.UsageException("cannot write " + report + ": " + Cli.writeFailure(report, e));
            }
        }
        return Cli.OK;
    }

    /**
     * Plays one rule set's games: on the Spark cluster of --master when it is given, else on {@code threads}
     * threads of this machine, showing the first mover's tally as it goes.
     *
     * @param name the rule set's label in the progress display
     * @return the games played, in the order they finished
     */
    private List<PlayedGame> play(GameKind kind, RuleOptions options, String player, int threads, Progress display,
                                  String name) {
        List<PlayedGame> played = new ArrayList<>();
        if (cluster.given()) {
            cluster.selfPlay(new Cluster.GamesSpec(kind.key(), OptionsNotation.format(options), player, player,
                    games, millis, openingPlies, randomSeed.value(), wholeMatch, SelfPlay.MAX_PLIES,
                    SelfPlay.MAX_ROUNDS, false), threads, played::add);
            return played;
        }
        SelfPlay.Config config = new SelfPlay.Config(options, s -> Players.byName(player, s),
                s -> Players.byName(player, s), games, Math.max(1, threads), millis, openingPlies,
                randomSeed.value(), wholeMatch, SelfPlay.MAX_PLIES, SelfPlay.MAX_ROUNDS, false);
        SelfPlay.run(config, played::add, new Renamed(display, name, () -> {
            SelfPlay.Summary s = SelfPlay.forFirstMover(played);
            return String.format(Locale.ROOT, "first mover +%d =%d -%d, score %.3f", s.wins(), s.draws(),
                    s.losses(), s.score());
        }));
        return played;
    }

    /** @throws Cli.UsageException when an option is out of range, or --match given for another game */
    private void check(GameKind kind) {
        if (wholeMatch && kind != GameKind.RIO_KADALIS) {
            throw new Cli.UsageException("--match is for rio-kadalis, whose games are matches of rounds; in "
                    + kind.key() + " every game is a single game (leave --match out)");
        }
        if (level < 1 || level > 10) {
            throw new Cli.UsageException("--level must be from 1 to 10, was " + level);
        }
        if (games < 1) {
            throw new Cli.UsageException("--games must be at least 1, was " + games);
        }
        if (millis < 1) {
            throw new Cli.UsageException("--millis must be at least 1, was " + millis);
        }
        if (openingPlies < 0) {
            throw new Cli.UsageException("--opening-plies must be 0 or more, was " + openingPlies);
        }
    }

    /** The label of the default rules. */
    static final String DEFAULT = "default";

    /** @return the rule sets to play: those named, or the defaults and each documented option on its own */
    private List<String> ruleSets(GameKind kind) {
        List<String> candidates = new ArrayList<>();
        if (optionSets != null) {
            for (String s : optionSets) {
                candidates.add(s.isBlank() || s.strip().equals(DEFAULT) ? DEFAULT : s.strip());
            }
        } else {
            candidates.add(DEFAULT);
            candidates.addAll(documented(kind, wholeMatch));
        }
        Set<String> seen = new LinkedHashSet<>();
        List<String> sets = new ArrayList<>();
        for (String c : candidates) {
            RuleOptions o = Cli.options(kind, c.equals(DEFAULT) ? null : c);
            String canonical = OptionsNotation.format(o);
            if (seen.add(canonical)) {
                sets.add(canonical.isEmpty() ? DEFAULT : canonical);
            }
        }
        return sets;
    }

    /**
     * @param match whether whole Rio Kadalis matches are played (only then do loserStarts and conquest matter)
     * @return each documented option of {@code kind} on its own (docs/rules.md), each non-default value of a valued
     *         option, in the rules document's order; Al-manqala's {@code endless} goes with {@code relay}, the only
     *         sowing that can be endless there
     */
    static List<String> documented(GameKind kind, boolean match) {
        return switch (kind) {
            case HAWALIS -> List.of("skipOrigin", "endless=illegal", "endless=draw", "scoring=captures");
            case BAO_KIARABU -> List.of("seeds=3", "skipOrigin", "endless=illegal", "endless=draw",
                    "scoring=captures");
            case AL_MANQALA -> List.of("skipOrigin", "relay", "relay endless=lose", "relay endless=draw",
                    "captureOpposite");
            case RIO_KADALIS -> {
                List<String> l = new ArrayList<>(List.of("pits=5", "clockwise", "skipOrigin", "foursAtLapEnd",
                        "endless=lose", "endless=draw"));
                if (match) {
                    l.addAll(List.of("loserStarts", "conquest"));
                }
                yield l;
            }
        };
    }

    /** @return how many different openings (the first opening plies of the first round) {@code games} began with */
    private int openings(List<PlayedGame> games) {
        Set<List<Integer>> seen = new java.util.HashSet<>();
        for (PlayedGame g : games) {
            List<Integer> moves = g.rounds().get(0).moves();
            seen.add(List.copyOf(moves.subList(0, Math.min(openingPlies, moves.size()))));
        }
        return seen.size();
    }

    /** Passes progress on under another task name, with another detail. */
    private record Renamed(Progress to, String name, Supplier<String> detail) implements Progress {
        @Override
        public void begin(String task, long total, String unit) {
            to.begin(name, total, unit);
        }

        @Override
        public void update(long done, String detail) {
            to.update(done, this.detail.get());
        }

        @Override
        public void end() {
            to.end();
        }
    }
}
