package mancala.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import mancala.engine.Analysis;
import mancala.engine.Engine;
import mancala.engine.analysis.GameAnalysis;
import mancala.engine.analysis.PlyAnalysis;
import mancala.engine.analysis.Verdict;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.Searcher;
import mancala.record.GameRecord;
import mancala.record.RecordedMove;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mancala analyse (POSITION | RECORD)}: the engine's best move, score and principal variation for a position;
 * for a record, every ply judged by the engine's one game analysis ({@link GameAnalysis}), as the web server judges it.
 */
@Command(name = "analyse", header = "Analyse a position or every ply of a record.", aliases = "analyze", mixinStandardHelpOptions = true,
        description = "Analyse a position (best move, score for the side to move, principal variation), or every "
                + "ply of a record file: the score of the move played and of the best move (both from the same "
                + "depth), the score lost, and '?!' (inaccuracy), '?' (mistake) or '??' (blunder: also a forced "
                + "win let go, or a position not lost turned into a forced loss). The thresholds follow each "
                + "game's captures: Hawalis 0.5, 1 and 4 seeds; Al-manqala 1, 2 and 6; Rio Kadalis 2, 4 and 8. "
                + "Scores are in seeds, or 'win in N' / 'loss in N' plies; 'lost -' marks a forced result given "
                + "away.")
final class AnalyseCommand implements Callable<Integer> {
    /** The longest search per position, ms: an hour. */
    static final long MAX_MILLIS = 3_600_000;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "POSITION|RECORD", description = "position notation or a record file")
    String[] input;

    @Mixin
    RuleOptionsOption ruleOptions;

    @Option(names = "--millis", paramLabel = "MS",
            description = "time per position, ms (default: 1000 for a position, 200 a ply for a record)")
    Long millis;

    @Option(names = "--depth", paramLabel = "D", description = "search depth in plies instead of time")
    Integer depth;

    @Mixin
    ProgressOptions progress;

    @Override
    public Integer call() throws IOException {
        if (millis != null && depth != null) {
            throw new Cli.UsageException("give --millis or --depth, not both");
        }
        String text = String.join(" ", input);
        Path file = Path.of(input[0]);
        PrintWriter out = spec.commandLine().getOut();
        Position p;
        if (input.length == 1 && Files.isRegularFile(file)) {
            List<GameRecord> records = RecordFiles.records(file, ruleOptions.text());
            if (records.stream().anyMatch(r -> !r.moves().isEmpty())) {
                return analyseRecord(records, out);
            }
            p = RecordFiles.finalPosition(records); // a problem: a Setup and no moves
        } else {
            if (input.length == 1 && GameKind.byKey(input[0].strip().split("\\s+")[0]).isEmpty()) {
                throw new Cli.UsageException("cannot read " + input[0] + ": " + (Files.isDirectory(file)
                        ? "a folder, not a record file" : "no such file, and not a position (GAME SOUTH NORTH TURN)"));
            }
            p = Cli.position(text, ruleOptions.text());
        }
        Analysis a;
        try (ProgressDisplay display = progress.display(spec.commandLine().getErr())) {
            a = Engine.analyse(new Game(p), limits(1000), display);
        }
        Rules rules = p.rules();
        if (a.bestMove() < 0) {
            out.println("the game is over: " + EngineText.score(a.score()));
        } else {
            out.println("best move: " + rules.pitLetter(a.bestMove()));
            out.println("score: " + EngineText.score(a.score()) + " for " + p.sideToMove().displayName());
            out.println("depth: " + a.depthPlies());
            out.println("pv: " + EngineText.line(rules, a.principalVariation()));
            out.println("nodes: " + a.nodes());
        }
        out.flush();
        return Cli.OK;
    }

    private SearchLimits limits(long defaultMillis) {
        if (depth != null) {
            if (depth < 1 || depth > Searcher.MAX_PLY) {
                throw new Cli.UsageException("--depth must be from 1 to " + Searcher.MAX_PLY + ", was " + depth);
            }
            return SearchLimits.depth(depth);
        }
        long ms = millis != null ? millis : defaultMillis;
        if (ms < 1 || ms > MAX_MILLIS) {
            throw new Cli.UsageException("--millis must be from 1 to " + MAX_MILLIS + " (an hour), was " + ms);
        }
        return SearchLimits.millis(ms);
    }

    /**
     * Analyses every ply of a record file (a match: each round, one table for the match) and prints a row a ply and
     * the verdicts' counts.
     *
     * @return {@link Cli#OK}, or {@link Cli#WRONG} when a record holds a ply that is not legal or comes after the end
     */
    private int analyseRecord(List<GameRecord> records, PrintWriter out) {
        SearchLimits limits = limits(200);
        long plies = records.stream().mapToLong(r -> r.moves().stream().filter(m -> !m.isPass()).count()).sum();
        ProgressDisplay display = progress.display(spec.commandLine().getErr());
        display.begin("analyse", plies, "plies");
        int status = Cli.OK;
        int[] total = new int[Verdict.values().length];
        long analysed = 0;
        AnalysisTable table = null;
        for (GameRecord r : records) {
            if (table == null || r.round().isEmpty() || r.round().getAsInt() == 1) {
                if (table != null) {
                    table.summary().forEach(out::println);
                }
                table = new AnalysisTable(r.tag("South").orElse(null), r.tag("North").orElse(null));
                out.println(AnalysisTable.header());
            }
            if (r.round().isPresent()) {
                out.println("Round " + r.round().getAsInt());
            }
            Game game = new Game(r.start());
            GameAnalysis analysis = new GameAnalysis(r.rules());
            Rules rules = r.rules();
            for (RecordedMove m : r.moves()) {
                if (m.isPass()) {
                    continue;
                }
                Position before = game.position();
                if (game.isOver()) {
                    out.println("the game is over before ply " + (game.plies() + 1));
                    status = Cli.WRONG;
                    break;
                }
                if (!before.isLegal(m.pit())) {
                    out.println("ply " + (game.plies() + 1) + ": " + rules.pitLetter(m.pit()) + " is not legal here");
                    status = Cli.WRONG;
                    break;
                }
                PlyAnalysis a = analysis.play(game, m.pit(), limits);
                total[a.verdict().ordinal()]++;
                out.println(row(table, rules, a));
                out.flush();
                display.update(++analysed, "inaccuracies " + total[Verdict.INACCURACY.ordinal()] + ", mistakes "
                        + total[Verdict.MISTAKE.ordinal()] + ", blunders "
                        + total[Verdict.BLUNDER.ordinal()]);
            }
            game.outcome().ifPresent(o -> out.println("result: " + o.describe()));
        }
        display.close();
        if (table != null) {
            table.summary().forEach(out::println);
        }
        out.println("inaccuracies: " + total[Verdict.INACCURACY.ordinal()] + ", mistakes: "
                + total[Verdict.MISTAKE.ordinal()] + ", blunders: " + total[Verdict.BLUNDER.ordinal()]);
        out.flush();
        return status;
    }

    /**
     * Reads a record file; {@code --options} apply to its records without an Options tag.
     *
     * @throws Cli.UsageException when the file is not a valid record file
     */
    /** @return the table's row of one analysed ply: move, mark, scores, best move, loss and verdict */
    private static String row(AnalysisTable table, Rules rules, PlyAnalysis a) {
        return table.row(a.ply(), a.mover(), rules.pitLetter(a.move()), a.verdict().mark(),
                EngineText.score(a.playedScore()), rules.pitLetter(a.bestMove()), EngineText.score(a.bestScore()),
                a.loss().orElse(-1), a.verdict().compareTo(Verdict.INACCURACY) >= 0 ? a.verdict().key() : "");
    }
}
