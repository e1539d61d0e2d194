package mancala.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import mancala.engine.puzzle.Puzzle;
import mancala.engine.puzzle.PuzzleCatalog;
import mancala.engine.puzzle.PuzzleFile;
import mancala.engine.puzzle.PuzzleGenerator;
import mancala.engine.puzzle.PuzzleJudge;
import mancala.engine.solve.SolveException;
import mancala.record.GameRecord;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mancala puzzles}: builds the puzzle set the server ships: the published problems, each solved, and
 * puzzles found in self-play where exactly one move wins, each proven by the solver.
 */
@Command(name = "puzzles", header = "Build the puzzle set.", mixinStandardHelpOptions = true,
        description = "Build the puzzle set the web site serves: the published problems of the games asked for "
                + "(Gering's Problem 1, Hawalis), "
                + "each solved exactly, then puzzles from self-play: once few seeds are left on the board, every "
                + "position is solved and the first in a game where the side to move has a forced win with "
                + "exactly one winning move (every other move proven to draw or lose) is kept. Difficulty 1-5 "
                + "from the solution's length and how many moves lose. Written as game records (replay reads "
                + "them): the setup, one optimal solution, tags PuzzleId, Source, Difficulty, Plies. "
                + "Deterministic for a random seed. The shipped set: mancala-engine/src/main/resources/puzzles/"
                + "puzzles.txt.")
final class PuzzlesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--games", paramLabel = "N", defaultValue = "12",
            description = "self-play games for each game kind (default: ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--game", paramLabel = "GAME", split = ",",
            defaultValue = "hawalis,al-manqala,rio-kadalis",
            description = "the games to find puzzles in, comma-separated (default: ${DEFAULT-VALUE})")
    List<String> kinds;

    @Mixin
    RandomSeedOption randomSeed = new RandomSeedOption(13);

    @Option(names = "--level", paramLabel = "L", defaultValue = "4",
            description = "the self-play players' level, 1-9 (default: ${DEFAULT-VALUE})")
    int level;

    @Option(names = "--max-seeds", paramLabel = "N", defaultValue = "12",
            description = "positions are tried once the board holds at most N seeds (default: ${DEFAULT-VALUE})")
    int maxSeeds;

    @Option(names = "--max-plies", paramLabel = "N", defaultValue = "15",
            description = "the longest win of a generated puzzle, plies (default: ${DEFAULT-VALUE})")
    int maxPlies;

    @Option(names = "--millis", paramLabel = "MS", defaultValue = "3000",
            description = "the solver's time for one position, ms (default: ${DEFAULT-VALUE})")
    long millis;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write the set here (default: "
            + "standard output)")
    Path output;

    @Override
    public Integer call() {
        if (millis < 1 || games < 0 || level < 1 || level > 9 || maxSeeds < 1 || maxPlies < 1) {
            throw new Cli.UsageException("--millis, --max-seeds and --max-plies must be at least 1, --games at "
                    + "least 0, --level 1-9");
        }
        PrintWriter err = spec.commandLine().getErr();
        PuzzleJudge judge = new PuzzleJudge(millis);
        PuzzleGenerator generator = new PuzzleGenerator(judge);
        List<Puzzle> puzzles = new ArrayList<>();
        Map<String, Map<String, String>> extra = new LinkedHashMap<>();
        // The games asked for, each once, in the order given: only their puzzles are made, published ones too.
        Map<GameKind, int[]> found = new LinkedHashMap<>();
        for (String key : kinds) {
            found.putIfAbsent(Cli.game(key.trim()), new int[2]);
        }
        for (GameRecord r : PuzzleCatalog.publishedRecords()) {
            int[] count = found.get(r.game());
            if (count == null) {
                continue;
            }
            count[0]++;
            Puzzle p;
            try {
                p = generator.published(r);
            } catch (SolveException | IllegalArgumentException e) {
                throw new Cli.UsageException("published problem " + r.tag("Event").orElse("?") + ": "
                        + e.getMessage());
            }
            Map<String, String> tags = new LinkedHashMap<>(r.tags());
            tags.remove(PuzzleFile.ID);
            tags.remove(PuzzleFile.SOURCE);
            extra.put(p.id(), tags);
            puzzles.add(p);
            err.printf("%s: %s, win in %d plies, difficulty %d%n", p.id(), p.source(), p.plies(), p.difficulty());
            err.flush();
        }
        for (Map.Entry<GameKind, int[]> e : found.entrySet()) {
            GameKind kind = e.getKey();
            int[] count = e.getValue();
            PuzzleGenerator.Settings s = new PuzzleGenerator.Settings(Rules.of(kind.defaultOptions()), games,
                    randomSeed.value(), level, maxSeeds, 1, maxPlies);
            generator.generate(s, p -> {
                err.printf("%s: win in %d plies, difficulty %d (%s)%n", p.id(), p.plies(), p.difficulty(),
                        p.source());
                err.flush();
                puzzles.add(p);
                count[1]++;
            });
        }
        write(PuzzleFile.write(puzzles, extra));
        report(err, found, puzzles.size());
        err.flush();
        return Cli.OK;
    }

    /** Writes the set to --output (through a temporary file, so a failed write leaves the old set) or stdout. */
    private void write(String text) {
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(text);
            out.flush();
        } else {
            Path tmp = output.resolveSibling(output.getFileName() + ".tmp");
            try {
                Files.writeString(tmp, text, StandardCharsets.UTF_8);
                Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new Cli.UsageException("cannot write " + output + ": " + Cli.writeFailure(output, e));
            }
        }
    }

    /** Tells on standard error how many puzzles each game got, warning of a game that got none. */
    private void report(PrintWriter err, Map<GameKind, int[]> found, int total) {
        for (Map.Entry<GameKind, int[]> e : found.entrySet()) {
            int published = e.getValue()[0];
            int played = e.getValue()[1];
            if (published + played == 0) {
                err.printf("warning: no %s puzzles found (no published problem, none in %s of self-play); try "
                        + "more --games or a larger --max-seeds%n", e.getKey().key(),
                        AnalysisTable.count(games, "game"));
            } else {
                err.printf("%s: %s (%d published, %d from %s of self-play)%n", e.getKey().key(),
                        AnalysisTable.count(published + played, "puzzle"), published, played,
                        AnalysisTable.count(games, "game"));
            }
        }
        err.printf("%s in all%s%n", AnalysisTable.count(total, "puzzle"),
                output == null ? "" : ", written to " + output);
    }
}
