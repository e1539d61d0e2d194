package mancala.engine.puzzle;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.record.GameRecord;
import mancala.record.RecordReader;

/**
 * The puzzles the project ships (the server's puzzle pages, {@code mancala puzzles}): the set {@code mancala puzzles} builds, in the class path resource
 * {@value #SET}, and the published problems it starts from ({@link #PUBLISHED}).
 */
public final class PuzzleCatalog {
    /** The shipped puzzle set, a file of records ({@link PuzzleFile}). */
    public static final String SET = "/puzzles/puzzles.txt";
    /** Published problems, records with a {@code Setup}, {@code PuzzleId} and {@code Source} tag each. */
    public static final List<String> PUBLISHED = List.of("/puzzles/hawalis-gering-2008-problem1.txt");

    private final List<Puzzle> puzzles;
    private final Map<String, Puzzle> byId;

    private PuzzleCatalog(List<Puzzle> puzzles) {
        this.puzzles = List.copyOf(puzzles);
        Map<String, Puzzle> m = new LinkedHashMap<>();
        for (Puzzle p : puzzles) {
            if (m.put(p.id(), p) != null) {
                throw new IllegalStateException("puzzle id " + p.id() + " occurs twice in " + SET);
            }
        }
        this.byId = Collections.unmodifiableMap(m);
    }

    /**
     * Loads the shipped set.
     *
     * @throws mancala.record.RecordException when the set is not a valid puzzle file
     */
    public static PuzzleCatalog load() {
        return new PuzzleCatalog(PuzzleFile.read(resource(SET), SET));
    }

    /** @return the puzzles, in the set's order */
    public List<Puzzle> puzzles() {
        return puzzles;
    }

    /** @return the puzzle with this id, or null */
    public Puzzle byId(String id) {
        return byId.get(id);
    }

    /** @return the published problems' records, in {@link #PUBLISHED}'s order */
    public static List<GameRecord> publishedRecords() {
        List<GameRecord> out = new ArrayList<>();
        for (String name : PUBLISHED) {
            out.addAll(RecordReader.read(resource(name), name));
        }
        return out;
    }

    /** @return a class path resource's text (UTF-8) */
    private static String resource(String name) {
        try (InputStream in = PuzzleCatalog.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
