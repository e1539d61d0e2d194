package mancala.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mancala.record.GameRecord;
import mancala.record.RecordException;
import mancala.record.RecordWriter;
import mancala.record.Replay;
import mancala.record.ReplayedRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mancala convert FILE}: reads records in any accepted form (tags or none, {@code ;} separators, remarks,
 * numeric notation), replays them, and writes the canonical form of {@link RecordWriter} with every capture count,
 * forced pass, result and termination filled in. A record that does not replay is reported, nothing is written and
 * the exit status is 1.
 */
@Command(name = "convert", header = "Write game records in canonical form.", mixinStandardHelpOptions = true,
        description = "Write the game records of FILE ('-' for standard input) in canonical form: tags in a fixed "
                + "order, wrapped movetext, capture counts, forced passes, result and termination filled in. "
                + "Exit status: 0 written, 1 a record does not replay, 2 unusable input.")
final class ConvertCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RecordInput input;

    @Option(names = "--to", paramLabel = "NOTATION", defaultValue = "letters",
            description = "notation of the output: letters (default) or numeric (Hawalis and Bao Kiarabu)")
    String to;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "write to OUT instead of standard output")
    Path output;

    @Override
    public Integer call() {
        boolean toNumeric = switch (to) {
            case "letters" -> false;
            case "numeric" -> true;
            default -> throw new Cli.UsageException("--to takes letters or numeric, found '" + to + "'");
        };
        List<GameRecord> records = input.records();
        List<ReplayedRecord> replays = Replay.replay(records);
        if (!RecordFiles.allValid(replays)) {
            PrintWriter err = spec.commandLine().getErr();
            for (ReplayedRecord r : replays) {
                for (RecordException e : r.problems()) {
                    err.println("mancala: " + e.getMessage());
                }
            }
            err.flush();
            return Cli.WRONG;
        }
        List<GameRecord> canonical = new ArrayList<>();
        for (ReplayedRecord r : replays) {
            canonical.add(r.canonicalRecord());
        }
        String text = RecordWriter.write(canonical, toNumeric);
        if (output != null) {
            try {
                Files.writeString(output, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new Cli.UsageException("cannot write " + output + ": " + Cli.writeFailure(output, e));
            }
        } else {
            PrintWriter out = spec.commandLine().getOut();
            out.print(text);
            out.flush();
        }
        return Cli.OK;
    }
}
