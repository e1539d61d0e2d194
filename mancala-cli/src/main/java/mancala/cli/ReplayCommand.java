package mancala.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import mancala.notation.PositionNotation;
import mancala.record.GameRecord;
import mancala.record.RecordException;
import mancala.record.Replay;
import mancala.record.ReplayedPly;
import mancala.record.ReplayedRecord;
import mancala.rules.Outcome;
import mancala.rules.Side;
import mancala.rules.Termination;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mancala replay FILE}: replays every record of a file by the rules and checks it (RULES.md §5), printing
 * the game ply by ply, the final position, the result and how the game ended; {@code --json} prints one JSON array
 * with an object per record. Exit status 0 when every record is valid, 1 when one is wrong (an illegal move, a
 * wrong capture count, a result or setup the rules disagree with), 2 when the file cannot be read as records.
 */
@Command(name = "replay", header = "Replay and check game records.", mixinStandardHelpOptions = true,
        description = "Replay and check the game records of FILE ('-' for standard input): every move legal, every "
                + "capture count (+n) right, the stated result and each match round's setup as the rules make "
                + "them. Prints the plies, the final position in position notation, the result and the "
                + "termination. Exit status: 0 all records valid, 1 a record is wrong, 2 unusable input.")
final class ReplayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RecordInput input;

    @Option(names = "--boards", description = "draw the board after each ply, as South sees it")
    boolean boards;

    @Option(names = "--json", description = "print one JSON array with an object per record")
    boolean json;

    @Override
    public Integer call() {
        List<GameRecord> records = input.records();
        List<ReplayedRecord> replays = Replay.replay(records);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (json) {
            out.println(json(replays));
        } else {
            for (int i = 0; i < replays.size(); i++) {
                if (i > 0) {
                    out.println();
                }
                text(out, i + 1, replays.get(i));
            }
        }
        out.flush();
        for (ReplayedRecord r : replays) {
            for (RecordException e : r.problems()) {
                err.println("mancala: " + e.getMessage());
            }
        }
        err.flush();
        return RecordFiles.allValid(replays) ? Cli.OK : Cli.WRONG;
    }

    private void text(PrintWriter out, int index, ReplayedRecord r) {
        GameRecord record = r.record();
        StringBuilder head = new StringBuilder("record ").append(index).append(": ")
                .append(record.game().key());
        record.round().ifPresent(n -> head.append(", round ").append(n));
        record.tag("South").ifPresent(s -> head.append(", South ").append(s));
        record.tag("North").ifPresent(s -> head.append(", North ").append(s));
        record.tag("Date").ifPresent(s -> head.append(", ").append(s));
        out.println(head);
        out.println("start: " + PositionNotation.format(r.game().start()));
        if (boards) {
            BoardDiagram.draw(r.game().start()).forEach(l -> out.println("  " + l));
        }
        out.println(" ply  move  side   pit  captured");
        // Move numbers as records write them: a South ply and the North ply after it; a forced pass takes a place.
        int number = 0;
        Side previousEntry = null;
        Side previousPly = null;
        for (ReplayedPly p : r.plies()) {
            if (p.side() == previousPly) {
                Side passer = p.side().opponent();
                if (passer == Side.SOUTH || previousEntry == Side.NORTH) {
                    number++;
                }
                out.printf("      %3d.  %-5s  --   (forced pass, A5)%n", number, passer.displayName());
                previousEntry = passer;
            }
            if (previousEntry == null || p.side() == Side.SOUTH || previousEntry == Side.NORTH) {
                number++;
            }
            out.println(String.format("%4d  %3d.  %-5s  %-3s  %s", p.ply(), number, p.side().displayName(),
                    p.moveText(), p.captured() > 0 ? String.valueOf(p.captured()) : "").stripTrailing());
            if (boards) {
                BoardDiagram.draw(p.position()).forEach(l -> out.println("  " + l));
            }
            previousEntry = p.side();
            previousPly = p.side();
        }
        Optional<Outcome> o = r.outcome();
        out.println("final: " + PositionNotation.format(r.finalPosition())
                + finalNote(r).map(n -> " (" + n + ")").orElse(""));
        String label = record.round().isPresent() ? "round result: " : "result: ";
        if (o.isPresent()) {
            out.println(label + o.get().result().notation());
            out.println("termination: " + termination(o.get()));
        } else {
            out.println(label + "* (not over; " + r.finalPosition().sideToMove().displayName() + " to move)");
        }
        r.matchOutcome().ifPresent(m -> {
            out.println("match result: " + m.result().notation());
            out.println("match termination: " + termination(m));
        });
        if (!r.valid()) {
            out.println("invalid: " + r.problems().size() + (r.problems().size() == 1 ? " problem" : " problems")
                    + ", first: " + r.problems().get(0).getMessage());
        }
    }

    /**
     * @return what the final position does not say by itself: that the game is over there, and after an endless
     *         move (H8, R5) that the pits are those before it, with its player still "to move"; empty while the
     *         game goes on
     */
    static Optional<String> finalNote(ReplayedRecord r) {
        Optional<Outcome> o = r.outcome();
        if (o.isEmpty()) {
            return Optional.empty();
        }
        List<ReplayedPly> plies = r.plies();
        if (o.get().termination() == Termination.ENDLESS_MOVE && !plies.isEmpty()) {
            ReplayedPly last = plies.get(plies.size() - 1);
            return Optional.of("the game is over: " + last.side().displayName() + "'s move " + last.moveText()
                    + " at ply " + last.ply() + " is endless, so the pits stay as they were before it");
        }
        return Optional.of("the game is over: " + o.get().termination().description());
    }

    /** @return e.g. "capture-majority (50 captured); holdings South 50, North 30". */
    private static String termination(Outcome o) {
        String key = o.termination().key();
        String description = o.termination().description();
        return key + (description.equals(key.replace('-', ' ')) ? "" : " (" + description + ")")
                + "; holdings South " + o.south() + ", North " + o.north();
    }

    private static String json(List<ReplayedRecord> replays) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ArrayNode array = mapper.createArrayNode();
        for (ReplayedRecord r : replays) {
            GameRecord record = r.record();
            ObjectNode o = array.addObject();
            o.put("source", record.source());
            o.put("line", record.line());
            o.put("game", record.game().key());
            ObjectNode tags = o.putObject("tags");
            for (Map.Entry<String, String> t : record.tags().entrySet()) {
                tags.put(t.getKey(), t.getValue());
            }
            o.put("start", PositionNotation.format(r.game().start()));
            plies(o.putArray("plies"), r);
            o.put("final", PositionNotation.format(r.finalPosition()));
            Optional<Outcome> outcome = r.outcome();
            o.put("over", outcome.isPresent());
            finalNote(r).ifPresent(n -> o.put("finalNote", n));
            o.put("result", outcome.map(x -> x.result().notation()).orElse("*"));
            if (outcome.isPresent()) {
                o.put("termination", outcome.get().termination().key());
                o.putObject("holdings").put("south", outcome.get().south()).put("north", outcome.get().north());
            } else {
                o.putNull("termination");
            }
            r.matchOutcome().ifPresent(m -> {
                ObjectNode match = o.putObject("match");
                match.put("result", m.result().notation());
                match.put("termination", m.termination().key());
                match.putObject("holdings").put("south", m.south()).put("north", m.north());
            });
            o.put("valid", r.valid());
            problems(o.putArray("problems"), r);
        }
        try {
            return mapper.writeValueAsString(array);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON of plain values cannot fail", e);
        }
    }

    /** Adds a record's plies to {@code plies}: number, side, move, seeds captured, clock and position after. */
    private static void plies(ArrayNode plies, ReplayedRecord r) {
        for (ReplayedPly p : r.plies()) {
            ObjectNode ply = plies.addObject();
            ply.put("ply", p.ply());
            ply.put("side", p.side() == Side.SOUTH ? "south" : "north");
            ply.put("move", p.moveText());
            ply.put("captured", p.captured());
            p.clock().ifPresent(ms -> ply.put("clockMillis", ms));
            ply.put("position", PositionNotation.format(p.position()));
        }
    }

    /** Adds a record's problems to {@code problems}: where (line, column, move, side), what was found and expected. */
    private static void problems(ArrayNode problems, ReplayedRecord r) {
        for (RecordException e : r.problems()) {
            ObjectNode p = problems.addObject();
            p.put("line", e.line());
            p.put("column", e.column());
            if (e.moveNumber() > 0) {
                p.put("move", e.moveNumber());
            }
            e.side().ifPresent(s -> p.put("side", s == Side.SOUTH ? "south" : "north"));
            p.put("found", e.found());
            p.put("expected", e.expected());
            p.put("message", e.getMessage());
        }
    }
}
