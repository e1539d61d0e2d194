package mancala.record;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.Result;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.Side;
import mancala.rules.Termination;

/**
 * An immutable game record (docs/rules.md §5): tags in their order, the start position, the movetext entries (plies and
 * forced passes, with stated capture counts, marks and comments) and the stated result. A record states; it is
 * checked by {@link Replay}. Read records with {@link RecordReader}, write them with {@link RecordWriter}.
 *
 * <p>The game, options and start position live in {@link #start()}; the tags {@code Game}, {@code Options} and
 * {@code Setup} are kept as read but the writer derives them from the start position. Move numbers count a South
 * ply and the North ply after it, as the writer prints them: see {@link #moveNumber(int)}.
 */
public final class GameRecord {
    /** Tag names the writer puts first, in this order; other tags follow in their own order. */
    public static final List<String> TAG_ORDER = List.of("Game", "Options", "Setup", "Notation", "Event", "Site",
            "Date", "Round", "South", "North", "Result", "Termination");

    private final Map<String, String> tags;
    private final Position start;
    private final List<RecordedMove> moves;
    private final Result statedResult;
    private final List<String> comments;
    private final boolean numeric;
    private final String source;
    private final int line;
    private final Map<String, int[]> tagLocations;
    private final int resultLine;
    private final int resultColumn;
    private final int[] moveNumbers;

    /**
     * Makes a record that was not read from text.
     *
     * @param tags         tag names to values, in order (copied)
     * @param start        the start position: game, options and setup
     * @param moves        the movetext entries in order
     * @param statedResult the result the record states, or empty for none ({@code *})
     */
    public GameRecord(Map<String, String> tags, Position start, List<RecordedMove> moves,
                      Optional<Result> statedResult) {
        this(tags, start, moves, statedResult.orElse(null), List.of(), false, null, 0, Map.of(), 0, 0);
    }

    GameRecord(Map<String, String> tags, Position start, List<RecordedMove> moves, Result statedResult,
               List<String> comments, boolean numeric, String source, int line, Map<String, int[]> tagLocations,
               int resultLine, int resultColumn) {
        if (start == null) {
            throw new IllegalArgumentException("a record needs a start position");
        }
        for (Map.Entry<String, String> e : tags.entrySet()) {
            if (!e.getKey().matches("[A-Za-z0-9_]+") || e.getValue() == null) {
                throw new IllegalArgumentException("a tag name is letters, digits and _ with a value, found '"
                        + e.getKey() + "'");
            }
        }
        this.tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        this.start = start;
        this.moves = List.copyOf(moves);
        this.statedResult = statedResult;
        this.comments = List.copyOf(comments);
        this.numeric = numeric;
        this.source = source;
        this.line = line;
        this.tagLocations = Map.copyOf(tagLocations);
        this.resultLine = resultLine;
        this.resultColumn = resultColumn;
        int pitCount = start.rules().pitCount();
        this.moveNumbers = new int[this.moves.size()];
        int number = 1;
        for (int i = 0; i < moveNumbers.length; i++) {
            RecordedMove m = this.moves.get(i);
            if (m.pit() >= pitCount) {
                throw new IllegalArgumentException("no pit " + m.pit() + " on a " + start.kind().displayName()
                        + " board");
            }
            if (i > 0 && (m.side() == Side.SOUTH || this.moves.get(i - 1).side() == Side.NORTH)) {
                number++;
            }
            moveNumbers[i] = number;
        }
    }

    /**
     * Records a game as played, filling in every capture count (stated when more than 0), the forced passes of A5,
     * and, when the game is over, the {@code Result} and {@code Termination} tags.
     *
     * @param game the game (its start position becomes the record's; a {@code Setup} tag is added when it is not
     *             the usual start, or when {@code tags} has one)
     * @param tags further tags (players, date, site …), in order; {@code Game} and {@code Options} are set from the
     *             game
     */
    public static GameRecord of(Game game, Map<String, String> tags) {
        Position start = game.start();
        Map<String, String> t = new LinkedHashMap<>(tags);
        t.put("Game", start.kind().key());
        String options = OptionsNotation.format(start.rules().options());
        if (options.isEmpty()) {
            t.remove("Options");
        } else {
            t.put("Options", options);
        }
        if (t.containsKey("Setup") || !start.equals(Position.initial(start.rules()))) {
            t.put("Setup", PositionNotation.format(start));
        }
        t.remove("Notation");
        List<RecordedMove> moves = new ArrayList<>();
        List<Integer> pits = game.moves();
        Side previous = null;
        for (int ply = 1; ply <= pits.size(); ply++) {
            Side mover = game.moverAt(ply);
            if (mover == previous) {
                moves.add(RecordedMove.pass(mover.opponent())); // A5: the opponent's row was empty
            }
            moves.add(RecordedMove.of(pits.get(ply - 1), mover, game.capturedAt(ply)));
            previous = mover;
        }
        Result result = null;
        Optional<Outcome> outcome = game.outcome();
        if (outcome.isPresent()) {
            result = outcome.get().result();
            t.put("Result", result.notation());
            t.put("Termination", outcome.get().termination().key());
        } else {
            result = Result.byNotation(t.getOrDefault("Result", "*")).orElse(null);
        }
        return new GameRecord(t, start, moves, result, List.of(), false, null, 0, Map.of(), 0, 0);
    }

    /**
     * Records a Rio Kadalis match, one record per round in order, each with a {@code Round} tag (from 1) and a
     * {@code Setup} tag holding the round's start position (docs/rules.md §5).
     *
     * @param tags tags every round record gets (players, date …)
     */
    public static List<GameRecord> ofMatch(Match match, Map<String, String> tags) {
        List<GameRecord> records = new ArrayList<>();
        List<Game> rounds = match.rounds();
        for (int i = 0; i < rounds.size(); i++) {
            Map<String, String> t = new LinkedHashMap<>(tags);
            t.put("Round", String.valueOf(i + 1));
            t.put("Setup", "");
            records.add(of(rounds.get(i), t));
        }
        return records;
    }

    /** @return the tags in their order (unmodifiable). */
    public Map<String, String> tags() {
        return tags;
    }

    /** @return the value of tag {@code name}, if the record has it. */
    public Optional<String> tag(String name) {
        return Optional.ofNullable(tags.get(name));
    }

    /** @return the game. */
    public GameKind game() {
        return start.kind();
    }

    /** @return the rule options the game is played by. */
    public RuleOptions options() {
        return start.rules().options();
    }

    /** @return the rules the game is played by. */
    public Rules rules() {
        return start.rules();
    }

    /** @return the start position (the {@code Setup} tag's, or the game's usual start). */
    public Position start() {
        return start;
    }

    /** @return the movetext entries in order: plies and forced passes. */
    public List<RecordedMove> moves() {
        return moves;
    }

    /** @return the move number of entry {@code index} (0-based): a South ply and the North ply after it share one. */
    public int moveNumber(int index) {
        return moveNumbers[index];
    }

    /** @return the result the record states (result token, else {@code Result} tag); empty for none or {@code *}. */
    public Optional<Result> statedResult() {
        return Optional.ofNullable(statedResult);
    }

    /** @return the {@code Termination} tag read as a termination; empty when absent or not one this library knows. */
    public Optional<Termination> statedTermination() {
        return tag("Termination").flatMap(Termination::byKey);
    }

    /** @return the {@code Round} tag as a number, if present and a number. */
    public OptionalInt round() {
        String r = tags.get("Round");
        if (r != null && r.strip().matches("[0-9]{1,6}")) {
            return OptionalInt.of(Integer.parseInt(r.strip()));
        }
        return OptionalInt.empty();
    }

    /** @return comments not attached to a move (a record without moves, or after the result). */
    public List<String> comments() {
        return comments;
    }

    /** @return true when the moves were written in the numeric Hawalis notation. */
    public boolean numeric() {
        return numeric;
    }

    /** @return where the record was read from, or null. */
    public String source() {
        return source;
    }

    /** @return the 1-based line where the record starts, 0 when not read from text. */
    public int line() {
        return line;
    }

    /** @return the 1-based line of tag {@code name}, 0 when absent or not read from text. */
    public int tagLine(String name) {
        int[] l = tagLocations.get(name);
        return l == null ? 0 : l[0];
    }

    /** @return the 1-based column of tag {@code name}'s opening bracket, 0 when absent or not read from text. */
    public int tagColumn(String name) {
        int[] l = tagLocations.get(name);
        return l == null ? 0 : l[1];
    }

    /** @return the 1-based line of the stated result (token or tag), 0 when unknown. */
    public int resultLine() {
        return resultLine;
    }

    /** @return the 1-based column of the stated result (token or tag), 0 when unknown. */
    public int resultColumn() {
        return resultColumn;
    }

    /** @return {@code pit} as this record writes it (letter, or number when numeric); "--" for a pass. */
    public String pitName(int pit) {
        return PitNames.name(start.rules(), pit, numeric);
    }

    /**
     * @return this record with other tags, moves and stated result (source locations and comments kept where
     * they still apply)
     */
    public GameRecord with(Map<String, String> newTags, Position newStart, List<RecordedMove> newMoves,
                           Optional<Result> newResult) {
        return new GameRecord(newTags, newStart, newMoves, newResult.orElse(null), comments, numeric, source, line,
                tagLocations, resultLine, resultColumn);
    }

    @Override
    public String toString() {
        return RecordWriter.write(this);
    }
}
