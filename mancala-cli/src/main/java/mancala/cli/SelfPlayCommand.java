package mancala.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import mancala.cli.report.SelfPlayReport;
import mancala.engine.Players;
import mancala.engine.cluster.Cluster;
import mancala.engine.level.LevelPlayer;
import mancala.engine.play.PlayedGame;
import mancala.engine.play.Player;
import mancala.engine.play.SelfPlay;
import mancala.engine.play.TablebaseAudit;
import mancala.engine.tablebase.Tablebase;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.record.GameRecord;
import mancala.record.RecordWriter;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.Side;
import mancala.rules.Termination;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mancala selfplay}: games between two players on all cores, with the tally and its 95% interval. */
@Command(name = "selfplay", header = "Play many games between two players and report the score.",
        mixinStandardHelpOptions = true,
        description = "Play games between two players (random, greedy, level:1 … level:10, mcts) and print the "
                + "first (--south) player's wins, draws and losses with 95%% intervals, the average length and "
                + "how the games ended. Players swap seats every game; games 2k and 2k+1 share a random "
                + "opening. A game still going after --max-plies plies (a match after --max-rounds rounds) is "
                + "stopped and reported as unfinished: it counts for neither player, and its record has the "
                + "result *.%n%n"
                + "The levels probe the endgame tables of the data folder (MANCALA_TABLEBASES=DIR names another "
                + "folder, =none turns them off for both); level:N:notables plays without them (level:10 against "
                + "level:10:notables measures what the tables are worth). When there are tables for the game, "
                + "more lines tell, for each player, the moves chosen in positions inside the tables, how many "
                + "of them gave away seeds or the result by the tables, and how often the search probed them "
                + "(tbhits), then the first ten moves the tables fault, with their positions.")
final class SelfPlayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--games", defaultValue = "100", description = "games to play (default: ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--south", required = true, paramLabel = "PLAYER",
            description = "the first player; South in even-numbered games (level:N:notables: a level without the "
                    + "endgame tables)")
    String first;

    @Option(names = "--north", required = true, paramLabel = "PLAYER",
            description = "the second player; North in even-numbered games")
    String second;

    @Option(names = "--game", defaultValue = "hawalis", description = "the game (default: ${DEFAULT-VALUE})")
    String gameName;

    @Mixin
    RuleOptionsOption ruleOptions;

    @Mixin
    ThreadsOption threads;

    @Option(names = "--millis", defaultValue = "100", description = "time per move, ms, of level:10 and mcts (levels "
            + "1-9 search to their fixed depth, in at most this time) (default: ${DEFAULT-VALUE})")
    long millis;

    @Option(names = "--opening-plies", defaultValue = "2",
            description = "random plies before the players take over (default: ${DEFAULT-VALUE})")
    int openingPlies;

    @Option(names = "--match", description = "Rio Kadalis only: play whole matches instead of single rounds (other games: a usage error)")
    boolean wholeMatch;

    @Option(names = "--max-plies", paramLabel = "N", defaultValue = "" + SelfPlay.MAX_PLIES,
            description = "stop a game (a Rio Kadalis round) still going after N plies; it is reported as "
                    + "unfinished and counts for neither player (default: ${DEFAULT-VALUE})")
    int maxPlies;

    @Option(names = "--max-rounds", paramLabel = "N", defaultValue = "" + SelfPlay.MAX_ROUNDS,
            description = "with --match: stop a match still going after N rounds; it is reported as unfinished "
                    + "and counts for neither player (default: ${DEFAULT-VALUE})")
    int maxRounds;

    @Mixin
    RandomSeedOption randomSeed = new RandomSeedOption(1);

    @Option(names = "--records", paramLabel = "FILE", description = "write every game as a record to FILE")
    Path records;

    @Option(names = "--report", paramLabel = "FILE.html", description = "write an HTML page with the figures and "
            + "charts (result, seats, game lengths, endings, openings)")
    Path report;

    @Mixin
    ProgressOptions progress;

    @Mixin
    ClusterOption cluster;

    @Override
    @SuppressWarnings("try") // the display is closed early, so its last line is out before the report; closing twice is harmless
    public Integer call() throws IOException {
        GameKind kind = Cli.game(gameName);
        RuleOptions options = Cli.options(kind, ruleOptions.text());
        check(kind);
        int t = threads.value();
        // Only the players' small counters are kept, not the players (each holds a transposition table).
        List<LevelPlayer.TablebaseUse> firstUse = java.util.Collections.synchronizedList(new ArrayList<>());
        List<LevelPlayer.TablebaseUse> secondUse = java.util.Collections.synchronizedList(new ArrayList<>());
        SelfPlay.Config config = new SelfPlay.Config(options, s -> tracked(Players.byName(first, s), firstUse),
                s -> tracked(Players.byName(second, s), secondUse), games, Math.max(1, t), millis, openingPlies,
                randomSeed.value(), wholeMatch, maxPlies, maxRounds);
        PrintWriter out = spec.commandLine().getOut();
        if (report != null) {
            Cli.requireWritable(report);
        }
        Writer recordOut;
        try {
            recordOut = records != null ? Files.newBufferedWriter(records, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            throw new Cli.UsageException("cannot write " + records + ": " + Cli.writeFailure(records, e));
        }
        List<PlayedGame> played = new ArrayList<>();
        try (ProgressDisplay display = progress.display(spec.commandLine().getErr())) {
            SelfPlay.Summary s = play(kind, options, config, display, g -> {
                writeRecord(recordOut, g);
                played.add(g);
            });
            display.close();
            String run = String.format("%s vs %s, %s, %s, %d ms a move, %s, %d opening plies", first, second,
                    kind.key() + (wholeMatch ? " matches" : ""), count(games, "game"), millis, count(t, "thread"),
                    openingPlies);
            printSummary(out, run, s);
            Tablebase tables = Tablebase.standard(Rules.of(options));
            if (tables.any()) {
                printTables(out, kind, tables, played, firstUse, secondUse);
            }
            if (report != null) {
                writeReport(run, s, played);
            }
        } finally {
            if (recordOut != null) {
                recordOut.close();
            }
        }
        out.flush();
        return Cli.OK;
    }

    /**
     * @throws Cli.UsageException when an option is out of range, a player's name unknown, or --match given for
     *     another game than Rio Kadalis
     */
    private void check(GameKind kind) {
        if (wholeMatch && kind != GameKind.RIO_KADALIS) {
            throw new Cli.UsageException("--match is for rio-kadalis, whose games are matches of rounds; in "
                    + kind.key() + " every game is a single game (leave --match out)");
        }
        try {
            Players.byName(first, 0);
            Players.byName(second, 0);
        } catch (IllegalArgumentException e) {
            throw new Cli.UsageException(e.getMessage());
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
        if (maxPlies < 1) {
            throw new Cli.UsageException("--max-plies must be at least 1, was " + maxPlies);
        }
        if (maxRounds < 1) {
            throw new Cli.UsageException("--max-rounds must be at least 1, was " + maxRounds);
        }
    }

    /**
     * Plays the games: on the Spark cluster of --master when it is given, else on this machine's threads.
     *
     * @return the tally of the first (--south) player
     */
    private SelfPlay.Summary play(GameKind kind, RuleOptions options, SelfPlay.Config config, ProgressDisplay display,
                                  java.util.function.Consumer<PlayedGame> sink) {
        if (!cluster.given()) {
            return SelfPlay.run(config, sink, display);
        }
        return cluster.selfPlay(new Cluster.GamesSpec(kind.key(), OptionsNotation.format(options), first, second,
                games, millis, openingPlies, config.randomSeed(), wholeMatch, maxPlies, maxRounds,
                config.pairedOpenings()), config.threads(), sink);
    }

    /** Prints the run's line, the first player's results, the average length and how the games ended. */
    private void printSummary(PrintWriter out, String run, SelfPlay.Summary s) {
        out.println(run);
        out.printf("%s: %s, %s, %s%s%n", first, count(s.wins(), "win"), count(s.draws(), "draw"),
                count(s.losses(), "loss"), s.unfinished() > 0 ? "; " + s.unfinished() + " unfinished" : "");
        if (s.games() > 0) {
            double[] wi = s.winRateInterval();
            double[] si = s.scoreInterval();
            out.printf("win rate %.1f%% (95%% interval %.1f%%-%.1f%%); score %.3f (95%% interval %.3f-%.3f)"
                    + "%s%n", 100.0 * s.wins() / s.games(), 100 * wi[0], 100 * wi[1], s.score(), si[0], si[1],
                    s.unfinished() > 0 ? ", of the " + count(s.games(), "finished game") : "");
        } else {
            out.println("no game finished: no win rate or score");
        }
        out.printf("average length %.1f plies%n", (double) s.plies() / games);
        StringBuilder ends = new StringBuilder();
        for (Termination term : Termination.values()) {
            int c = s.terminations()[term.ordinal()];
            if (c > 0) {
                ends.append(ends.length() == 0 ? "" : ", ").append(term.description()).append(' ').append(c);
            }
        }
        if (s.unfinished() > 0) {
            ends.append(ends.length() == 0 ? "" : ", ").append("unfinished ").append(s.unfinished())
                    .append(wholeMatch ? " (stopped after " + count(maxRounds, "round") + " or a round of "
                            + maxPlies + " plies)" : " (stopped after " + maxPlies + " plies)");
        }
        out.println("ended by: " + ends);
    }

    private static Player tracked(Player p, List<LevelPlayer.TablebaseUse> uses) {
        if (p instanceof LevelPlayer lp) {
            uses.add(lp.tablebaseUse());
        }
        return p;
    }

    /**
     * The endgame tables' view of the run: for each player, its moves with a choice in positions inside the tables
     * and those that gave away seeds or the result by them, a level's table probes; then the first moves the
     * tables fault, with their positions.
     */
    private void printTables(PrintWriter out, GameKind kind, Tablebase tables, List<PlayedGame> played,
                             List<LevelPlayer.TablebaseUse> firstUse, List<LevelPlayer.TablebaseUse> secondUse) {
        List<PlayedGame> inOrder = new ArrayList<>(played);
        inOrder.sort(java.util.Comparator.comparingInt(PlayedGame::index));
        TablebaseAudit.Report audit = TablebaseAudit.of(inOrder, tables, openingPlies);
        String firstName = first.equals(second) ? first + " (first)" : first;
        String secondName = first.equals(second) ? second + " (second)" : second;
        out.printf("endgame tables: up to %d %s (%s)%n", tables.top(),
                kind == GameKind.HAWALIS ? "seeds a side" : "seeds on the board", tables.folder());
        out.println(firstName + ": " + tallyText(audit.first(), kind) + useText(firstUse));
        out.println(secondName + ": " + tallyText(audit.second(), kind) + useText(secondUse));
        if (audit.faults().isEmpty()) {
            return;
        }
        int n = audit.faults().size();
        out.printf("moves that gave away something by the tables (%s):%n",
                n <= FAULTS_SHOWN ? "all " + n : "the first " + FAULTS_SHOWN + " of " + n);
        for (TablebaseAudit.Fault f : audit.faults().subList(0, Math.min(n, FAULTS_SHOWN))) {
            Rules rules = f.before().rules();
            out.printf("  game %d%s ply %d, %s played %s (%s), the tables' best %s (%s): %s%n", f.game() + 1,
                    wholeMatch ? " round " + f.round() : "", f.ply(), f.first() ? firstName : secondName,
                    EngineText.line(rules, new int[] {f.played()}), f.judgement().played().describe(),
                    EngineText.line(rules, new int[] {f.best()}), f.judgement().best().describe(),
                    PositionNotation.format(f.before()));
        }
    }

    private static final int FAULTS_SHOWN = 10;

    /** @return e.g. "307 moves with a choice inside the tables, 2 gave away 8 seeds by them (no result)". */
    private static String tallyText(TablebaseAudit.Tally t, GameKind kind) {
        String s = count(t.moves(), "move") + " with a choice inside the tables, ";
        if (t.threwAway() == 0) {
            return s + "none gave anything away by them";
        }
        s += t.threwAway() + " gave away ";
        if (kind != GameKind.HAWALIS) {
            long h = t.lostHalfSeeds();
            s += (h % 2 == 0 ? String.valueOf(h / 2) : (h / 2) + ".5") + " seeds ";
        }
        return s + "by them (" + (t.resultsLost() == 0 ? "no result" : count(t.resultsLost(), "result")) + ")";
    }

    /** @return e.g. "; tbhits 166036 in 261 searches, 248 answered from the tables at the root", or "". */
    private static String useText(List<LevelPlayer.TablebaseUse> uses) {
        if (uses.isEmpty()) {
            return "";
        }
        LevelPlayer.TablebaseUse u;
        synchronized (uses) {
            u = LevelPlayer.TablebaseUse.sum(uses);
        }
        return "; tbhits " + u.tbHits() + " in " + u.searches() + (u.searches() == 1 ? " search" : " searches")
                + ", " + u.fromTables() + " answered from the tables at the root";
    }

    private void writeReport(String run, SelfPlay.Summary s, List<PlayedGame> played) {
        try {
            SelfPlayReport.write(report, run, first, second, s, played, openingPlies);
        } catch (IOException e) {
            throw new Cli.UsageException("cannot write " + report + ": " + Cli.writeFailure(report, e));
        }
    }

    private void writeRecord(Writer w, PlayedGame g) {
        if (w == null) {
            return;
        }
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "selfplay game " + (g.index() + 1));
        tags.put("South", g.firstSeat() == Side.SOUTH ? first : second);
        tags.put("North", g.firstSeat() == Side.SOUTH ? second : first);
        List<GameRecord> recs = new ArrayList<>();
        int round = 1;
        for (PlayedGame.Round r : g.rounds()) {
            Game game = new Game(r.start());
            for (int m : r.moves()) {
                game.play(m);
            }
            Map<String, String> t = new LinkedHashMap<>(tags);
            if (g.match()) {
                // A match file: every round with its Round and Setup (docs/rules.md §5), a one-round match too.
                t.put("Round", String.valueOf(round++));
                t.put("Setup", "");
            }
            // A game stopped by --max-plies stays unfinished: Result "*", no termination.
            recs.add(GameRecord.of(game, t));
        }
        try {
            w.write(RecordWriter.write(recs));
            w.write(System.lineSeparator());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** @return e.g. "1 win", "2 losses". */
    static String count(long n, String noun) {
        return n + " " + (n == 1 ? noun : noun.endsWith("s") ? noun + "es" : noun + "s");
    }
}
