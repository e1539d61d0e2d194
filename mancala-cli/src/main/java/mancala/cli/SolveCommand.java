package mancala.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import mancala.engine.solve.Solution;
import mancala.engine.solve.SolveException;
import mancala.engine.solve.Solver;
import mancala.rules.Position;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mancala solve (POSITION | RECORD)}: the exact result of an endgame, by a bounded proof search and then (Hawalis, Bao
 * Kiarabu) retrograde analysis.
 */
@Command(name = "solve", header = "Solve an endgame exactly.", mixinStandardHelpOptions = true,
        description = "Solve an endgame exactly within a time limit. Two threads race: a proof search (alpha-beta "
                + "deepened until a win or loss is proven; the first proof has the exact distance) and, for "
                + "Hawalis and Bao Kiarabu (up to 15 seeds a side), retrograde analysis over every position "
                + "reachable from it (which also proves draws), followed by a second proof search when too many "
                + "positions are reachable. Prints the result for the side to move (win, loss or draw), the plies "
                + "to the end (shortest forced win, longest resistance when lost) and one optimal line. A repeated "
                + "position is a draw (H10); endless moves are scored by the option (H8). Al-manqala, Rio "
                + "Kadalis and scoring=captures: proof search only. 'positions examined' counts the positions every "
                + "racing search looked at together (search nodes and retrograde positions), the same count the "
                + "progress on standard error ends on. Exit status 2 when nothing is proven in time.")
final class SolveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "POSITION|RECORD", description = "position notation, quoted or as "
            + "words, or a record file: the position its last record ends on (a problem's Setup)")
    String[] position;

    @Mixin
    RuleOptionsOption ruleOptions;

    @Option(names = "--json", description = "print {\"result\": …, \"plies\": N, \"line\": [moves]}")
    boolean json;

    @Option(names = "--retrograde", description = "skip the proof search: retrograde analysis only")
    boolean retrogradeOnly;

    @Option(names = "--millis", paramLabel = "MS", defaultValue = "" + Solver.DEFAULT_MILLIS,
            description = "time for the whole solve, ms (default: ${DEFAULT-VALUE}); a larger endgame may need more")
    long millis;

    @Mixin
    ProgressOptions progress;

    @Override
    public Integer call() {
        Path file = Path.of(position[0]);
        Position p = position.length == 1 && Files.isRegularFile(file)
                ? RecordFiles.finalPosition(RecordFiles.records(file, ruleOptions.text()))
                : Cli.position(String.join(" ", position), ruleOptions.text());
        Solution s;
        try {
            if (millis < 1) {
                throw new Cli.UsageException("--millis must be at least 1, was " + millis);
            }
            if (retrogradeOnly && !p.kind().fourRows()) {
                throw new Cli.UsageException("--retrograde is for Hawalis and Bao Kiarabu; " + p.kind().displayName()
                        + " is solved by the proof search (leave --retrograde out)");
            }
            try (ProgressDisplay display = progress.display(spec.commandLine().getErr())) {
                s = retrogradeOnly ? Solver.retrograde(p, millis, display) : Solver.solve(p, millis, display);
            }
        } catch (SolveException e) {
            String why = retrogradeOnly ? "not solved in " + millis + " ms: retrograde analysis: " + e.getMessage()
                    : e.getMessage();
            if (json) {
                // A script reading standard output still gets JSON; the status (2) and standard error say the same.
                PrintWriter out = spec.commandLine().getOut();
                out.printf("{\"result\": \"unknown\", \"reason\": %s}%n", jsonString(why));
                out.flush();
            }
            throw new Cli.UsageException(why);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            StringBuilder line = new StringBuilder();
            for (int m : s.line()) {
                line.append(line.length() == 0 ? "" : ", ").append('"').append(p.rules().pitLetter(m)).append('"');
            }
            out.printf("{\"result\": \"%s\", \"plies\": %d, \"line\": [%s]}%n", s.result().key(), s.plies(), line);
        } else {
            out.printf("%s to move: %s%s%n", p.sideToMove().displayName(), s.result().key(),
                    s.plies() < 0 ? " (endgame tables: the round's result; they count plies to the next capture, not to the end)"
                    : s.plies() == 0 ? "" : " in " + s.plies() + (s.plies() == 1 ? " ply" : " plies"));
            out.println("line: " + EngineText.line(p.rules(), s.line()));
            out.println("positions examined: " + s.positions());
        }
        out.flush();
        return Cli.OK;
    }

    /** @return {@code text} as a JSON string literal, quoted and escaped (by Jackson, as replay's JSON is). */
    private static String jsonString(String text) {
        try {
            return new ObjectMapper().writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a string always serializes", e);
        }
    }
}
