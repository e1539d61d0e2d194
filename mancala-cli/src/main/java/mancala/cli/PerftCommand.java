package mancala.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import mancala.rules.Board;
import mancala.rules.Perft;
import mancala.rules.Position;
import mancala.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code mancala perft GAME DEPTH}: counts move sequences of each length, for checking move generation. */
@Command(name = "perft", header = "Count move sequences of each length (move generation check).", mixinStandardHelpOptions = true,
        description = "Count the move sequences of each length 1..DEPTH from the start or a given position. One "
                + "line per depth: DEPTH COUNT. A finished game adds nothing deeper; a forced pass is not a "
                + "ply; repetition rules are left out; Rio Kadalis counts one round.")
final class PerftCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "GAME", description = "hawalis, bao-kiarabu, al-manqala or rio-kadalis")
    String game;

    @Parameters(index = "1", paramLabel = "DEPTH", description = "plies, 1 to 64")
    int depth;

    @Option(names = "--position", paramLabel = "POS", description = "start position in position notation")
    String position;

    @Mixin
    RuleOptionsOption ruleOptions;

    @Option(names = "--divide", description = "print the count at DEPTH for each first move")
    boolean divide;

    @Override
    public Integer call() {
        if (depth < 1 || depth > 64) {
            throw new Cli.UsageException("DEPTH must be from 1 to 64, was " + depth);
        }
        Position start = position != null ? Cli.position(position, ruleOptions.text())
                : Position.initial(Rules.of(Cli.options(Cli.game(game), ruleOptions.text())));
        if (position != null && start.kind() != Cli.game(game)) {
            throw new Cli.UsageException("the position is " + start.kind().key() + ", not " + game);
        }
        Rules rules = start.rules();
        Board board = start.toBoard();
        Perft perft = new Perft(rules, depth);
        PrintWriter out = spec.commandLine().getOut();
        if (divide) {
            int[] first = new int[rules.pitCount()];
            long[] counts = perft.divide(board, depth, first);
            long total = 0;
            for (int i = 0; i < counts.length; i++) {
                out.println(rules.pitLetter(first[i]) + " " + counts[i]);
                total += counts[i];
            }
            out.println();
            out.println(depth + " " + total);
        } else {
            long[] counts = perft.count(board, depth);
            for (int d = 1; d <= depth; d++) {
                out.println(d + " " + counts[d]);
                out.flush();
            }
        }
        out.flush();
        return Cli.OK;
    }
}
