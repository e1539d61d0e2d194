package mancala.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import mancala.engine.Analysis;
import mancala.engine.Engine;
import mancala.engine.search.Score;
import mancala.engine.search.SearchLimits;
import mancala.engine.search.Searcher;
import mancala.record.GameRecord;
import mancala.record.RecordException;
import mancala.record.RecordReader;
import mancala.record.RecordedMove;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mancala analyse (POSITION | RECORD)}: the engine's best move, score and principal variation for a position;
 * for a record, every ply with its score, the best alternative and the score lost, marking mistakes and blunders.
 */
@Command(name = "analyse", header = "Analyse a position or every ply of a record.", aliases = "analyze", mixinStandardHelpOptions = true,
        description = "Analyse a position (best move, score for the side to move, principal variation), or every "
                + "ply of a record file: the score of the move played, the best alternative, the score lost, "
                + "and '?' (mistake: 1 seed or more lost) or '??' (blunder: 3 seeds or more, or a won or drawn "
                + "game turned into a loss, or a win let go). Scores are in seeds, or 'win in N' / 'loss in N' "
                + "plies.")
final class AnalyseCommand implements Callable<Integer> {
    /** Score lost, in hundredths of a seed, that makes a mistake and a blunder. */
    static final int MISTAKE = 100;
    static final int BLUNDER = 300;
    /** The longest search per position, ms: an hour. */
    static final long MAX_MILLIS = 3_600_000;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "POSITION|RECORD", description = "position notation or a record file")
    String[] input;

    @Option(names = "--options", paramLabel = "OPTS", description = "rule options")
    String optionsText;

    @Option(names = "--millis", paramLabel = "MS",
            description = "time per position, ms (default: 1000 for a position, 200 a ply for a record)")
    Long millis;

    @Option(names = "--depth", paramLabel = "D", description = "search depth in plies instead of time")
    Integer depth;

    @Override
    public Integer call() throws IOException {
        if (millis != null && depth != null) {
            throw new Cli.UsageException("give --millis or --depth, not both");
        }
        String text = String.join(" ", input);
        Path file = Path.of(input[0]);
        PrintWriter out = spec.commandLine().getOut();
        if (input.length == 1 && Files.isRegularFile(file)) {
            return analyseRecord(file, out);
        }
        if (input.length == 1 && GameKind.byKey(input[0].strip().split("\\s+")[0]).isEmpty()) {
            throw new Cli.UsageException("cannot read " + input[0] + ": " + (Files.isDirectory(file)
                    ? "a folder, not a record file" : "no such file, and not a position (GAME SOUTH NORTH TURN)"));
        }
        Position p = Cli.position(text, optionsText);
        Analysis a = Engine.analyse(new Game(p), limits(1000));
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

    private int analyseRecord(Path file, PrintWriter out) throws IOException {
        String text = RecordFiles.read(file.toString());
        RecordReader.Settings settings = RecordReader.Settings.DEFAULT;
        if (optionsText != null) {
            String first = text.lines().filter(l -> l.startsWith("[Game ")).findFirst().orElse(null);
            if (first != null) {
                GameKind kind = Cli.game(first.replaceAll(".*\"(.*)\".*", "$1"));
                settings = settings.withOptions(Cli.options(kind, optionsText));
            }
        }
        List<GameRecord> records;
        try {
            records = RecordReader.read(text, file.toString(), settings);
        } catch (RecordException e) {
            throw new Cli.UsageException(e.getMessage());
        }
        SearchLimits limits = limits(200);
        int status = Cli.OK;
        int mistakes = 0;
        int blunders = 0;
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
            Rules rules = r.rules();
            int ply = 0;
            for (RecordedMove m : r.moves()) {
                if (m.isPass()) {
                    continue;
                }
                Position before = game.position();
                if (game.isOver()) {
                    out.println("the game is over before ply " + (ply + 1));
                    status = Cli.WRONG;
                    break;
                }
                if (!before.isLegal(m.pit())) {
                    out.println("ply " + (ply + 1) + ": " + rules.pitLetter(m.pit()) + " is not legal here");
                    status = Cli.WRONG;
                    break;
                }
                ply++;
                Analysis best = Engine.analyse(game, limits);
                game.play(m.pit());
                int played;
                if (m.pit() == best.bestMove()) {
                    played = best.score();
                } else {
                    // The move played is searched exactly one ply shallower than the best move's search went, so
                    // that both scores come from the same depth: scores swing with the parity of the depth.
                    Analysis after = Engine.analyse(game, SearchLimits.depth(Math.max(1, best.depthPlies() - 1)));
                    boolean same = game.position().sideToMove() == before.sideToMove();
                    played = same ? after.score() : -after.score();
                    if (Score.isProven(played)) {
                        played += played > 0 ? -1 : 1; // one ply further from the position before the move
                    }
                }
                String mark = mark(best.score(), played);
                if (mark.equals("?")) {
                    mistakes++;
                } else if (mark.equals("??")) {
                    blunders++;
                }
                out.println(table.row(ply, before.sideToMove(), rules.pitLetter(m.pit()), mark.replace("-", ""),
                        EngineText.score(played), rules.pitLetter(best.bestMove()), EngineText.score(best.score()),
                        lost(best.score(), played), mark.equals("-") ? "" : mark.equals("?") ? "mistake" : "blunder"));
                out.flush();
            }
            game.outcome().ifPresent(o -> out.println("result: " + o.result().notation() + " ("
                    + o.termination().description() + ")"));
        }
        if (table != null) {
            table.summary().forEach(out::println);
        }
        out.println("mistakes: " + mistakes + ", blunders: " + blunders);
        out.flush();
        return status;
    }

    /** @return {@code ??} for a blunder, {@code ?} for a mistake, {@code -} otherwise. */
    static String mark(int best, int played) {
        boolean bestWin = best >= Score.WIN_THRESHOLD;
        boolean playedWin = played >= Score.WIN_THRESHOLD;
        boolean bestLoss = best <= -Score.WIN_THRESHOLD;
        boolean playedLoss = played <= -Score.WIN_THRESHOLD;
        if (bestWin && !playedWin || !bestLoss && playedLoss) {
            return "??";
        }
        if (bestWin || bestLoss) {
            return "-"; // a slower win or a quicker loss: the result stands
        }
        int lost = best - played;
        return lost >= BLUNDER ? "??" : lost >= MISTAKE ? "?" : "-";
    }

    /** @return the score lost in hundredths of a seed, or -1 when a proven result makes it no number. */
    private static int lost(int best, int played) {
        if (Score.isProven(best) || Score.isProven(played)) {
            return best == played ? 0 : -1;
        }
        return Math.max(0, best - played);
    }
}
