package mancala.record;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import mancala.notation.NotationException;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.Result;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.RulesException;
import mancala.rules.Side;

/**
 * Reads game records (RULES.md §5): tag lines {@code [Name "value"]}, then the movetext: pit letters, optional move
 * numbers ({@code 12.} or {@code 12...}) and {@code ;} separators, {@code (+n)} capture counts (also {@code (xN)}),
 * marks {@code ! ? !! ?? !? ?!} (attached or after a space), {@code {…}} comments, parenthesised remarks that are
 * not capture counts (comments too), {@code --} for a forced pass, and a result token ({@code 1-0 0-1 1/2-1/2 *}).
 * As printed sources have them, a full stop, comma or colon may stand after a move or alone between moves
 * ({@code … 5 14 (x1); 6 (x1). (41 movimentos)}); in numeric notation a final {@code 6.} is the move 6 and a stop.
 *
 * <p>A file may hold several records: a record ends at its result token or where the next record's tags begin.
 * A record may have no tags at all (as printed in the sources); its game then comes from {@link Settings}. The
 * numeric Hawalis notation (moves 1–14, captures {@code (xN)}) is read when the record's tag {@code Notation} is
 * {@code numeric} or the settings ask for it; its side to move alternates from the start position.
 *
 * <p>Plies alternate from the start position's side to move, except in Al-manqala, where a forced pass (A5) may be
 * left out: there the side of a ply is the owner of the letter's row (lower case South). A {@code --} is the pass
 * of the side after the previous entry (at the start, of the side not to move). Stated move numbers are read but not checked: records may leave
 * passes out. The reader checks the form only; {@link Replay} checks the moves against the rules.
 */
public final class RecordReader {
    /**
     * What the caller knows about records that do not say it themselves.
     *
     * @param game    the game of records without a {@code Game} (or {@code Setup}) tag; null for none
     * @param options the options of records without an {@code Options} tag, when of their game; null for defaults
     * @param numeric read moves in the numeric Hawalis notation even without the tag {@code Notation "numeric"}
     */
    public record Settings(GameKind game, RuleOptions options, boolean numeric) {
        /** No default game, default options, letter notation. */
        public static final Settings DEFAULT = new Settings(null, null, false);

        public Settings {
            if (options != null && game == null) {
                game = options.kind();
            }
            if (options != null && options.kind() != game) {
                throw new IllegalArgumentException("options for " + options.kind().key() + " given with game "
                        + game.key());
            }
        }

        /** @return these settings with default game {@code game} (its default options). */
        public Settings withGame(GameKind game) {
            return new Settings(game, null, numeric);
        }

        /** @return these settings with default options {@code options} (and their game). */
        public Settings withOptions(RuleOptions options) {
            return new Settings(options.kind(), options, numeric);
        }

        /** @return these settings reading the numeric notation or not. */
        public Settings withNumeric(boolean value) {
            return new Settings(game, options, value);
        }
    }

    private RecordReader() {
    }

    /**
     * Reads every record in {@code text}; records without a {@code Game} tag cannot be read.
     *
     * @param sourceName where the text came from (a file name), for error messages; may be null
     * @return the records in order; empty when the text holds none
     * @throws RecordException at the first thing that is not a record, with line, column and what was expected
     */
    public static List<GameRecord> read(String text, String sourceName) {
        return read(text, sourceName, Settings.DEFAULT);
    }

    /**
     * Reads every record in {@code text}, with defaults for what the records do not say.
     *
     * @param sourceName where the text came from, for error messages; may be null
     * @return the records in order; empty when the text holds none
     * @throws RecordException at the first thing that is not a record, with line, column and what was expected
     */
    public static List<GameRecord> read(String text, String sourceName, Settings settings) {
        return new Parser(text == null ? "" : text, sourceName, settings == null ? Settings.DEFAULT : settings)
                .parse();
    }

    /** One movetext entry while it is read. */
    private static final class Entry {
        int pit;
        Side side;
        Integer capture;
        String marks = "";
        final List<String> before = new ArrayList<>();
        final List<String> after = new ArrayList<>();
        int line;
        int column;
        int captureLine;
        int captureColumn;

        RecordedMove toMove() {
            return new RecordedMove(pit, side, capture == null ? OptionalInt.empty() : OptionalInt.of(capture),
                    marks, before, after, line, column, captureLine, captureColumn);
        }
    }

    /** One record while it is read. */
    private static final class Draft {
        final int line;
        final Map<String, String> tags = new LinkedHashMap<>();
        final Map<String, int[]> tagLocations = new HashMap<>();
        final List<Entry> entries = new ArrayList<>();
        final List<String> pendingComments = new ArrayList<>();
        final List<String> comments = new ArrayList<>();
        boolean begun;
        boolean resultSeen;
        Result result;
        int resultLine;
        int resultColumn;
        Position start;
        Rules rules;
        boolean numeric;
        /**
         * Numeric notation: a number followed by a full stop ({@code 6.}) that may be a move number or, at the end of
         * the moves as printed ({@code … 6 (x1). (41 movimentos)} or {@code … 5 6.}), the last move and a full stop.
         * It is a move number when a move follows, and a move when the moves end, a result or a capture count comes.
         */
        String dangling;
        int danglingLine;
        int danglingColumn;

        Draft(int line) {
            this.line = line;
        }

        boolean empty() {
            return tags.isEmpty() && !begun;
        }
    }

    private static final class Parser {
        private static final String STOPS = "[]{}();";

        private final String text;
        private final String source;
        private final Settings settings;
        private final List<Draft> drafts = new ArrayList<>();
        private int pos;
        private int line = 1;
        private int col = 1;
        private Draft cur;

        Parser(String text, String source, Settings settings) {
            this.text = text;
            if (text.startsWith("\uFEFF")) {
                pos = 1; // a byte order mark is not text
            }
            this.source = source;
            this.settings = settings;
        }

        List<GameRecord> parse() {
            while (true) {
                skipSpace();
                if (pos >= text.length()) {
                    break;
                }
                int tl = line;
                int tc = col;
                char c = text.charAt(pos);
                switch (c) {
                    case '[' -> {
                        flushDangling(cur);
                        tag(tl, tc);
                    }
                    case '{' -> comment(readBraces(tl, tc).strip(), tl);
                    case '(' -> parenthesis(tl, tc);
                    case ';' -> advance();
                    case ']', '}', ')' -> throw error(tl, tc, "'" + c + "'", "a move", null);
                    default -> word(readWord(), tl, tc);
                }
            }
            List<GameRecord> records = new ArrayList<>();
            for (Draft d : drafts) {
                flushDangling(d);
                if (d.empty()) {
                    continue; // a text of comments only holds no record
                }
                if (!d.begun) {
                    begin(d, d.line, 1);
                }
                List<RecordedMove> moves = new ArrayList<>();
                for (Entry e : d.entries) {
                    moves.add(e.toMove());
                }
                List<String> comments = new ArrayList<>(d.pendingComments);
                comments.addAll(d.comments);
                records.add(new GameRecord(d.tags, d.start, moves, d.result, comments, d.numeric, source, d.line,
                        d.tagLocations, d.resultLine, d.resultColumn));
            }
            return records;
        }

        // ---- lexing

        private void advance() {
            if (text.charAt(pos) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
            pos++;
        }

        private void skipSpace() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                advance();
            }
        }

        private String readWord() {
            int start = pos;
            while (pos < text.length() && !Character.isWhitespace(text.charAt(pos))
                    && STOPS.indexOf(text.charAt(pos)) < 0) {
                advance();
            }
            return text.substring(start, pos);
        }

        private String readBraces(int tl, int tc) {
            advance();
            int start = pos;
            while (pos < text.length() && text.charAt(pos) != '}') {
                advance();
            }
            if (pos >= text.length()) {
                throw error(tl, tc, "'{' with no '}'", "a comment closed by '}'", null);
            }
            String body = text.substring(start, pos);
            advance();
            return body;
        }

        private void tag(int tl, int tc) {
            advance();
            skipBlanks();
            int nameStart = pos;
            while (pos < text.length() && isNameChar(text.charAt(pos))) {
                advance();
            }
            String name = text.substring(nameStart, pos);
            if (name.isEmpty()) {
                throw error(line, col, found(), "a tag name (letters, digits, _)", null);
            }
            skipBlanks();
            if (pos >= text.length() || text.charAt(pos) != '"') {
                throw error(line, col, found(), "'\"' opening the value of tag " + name, null);
            }
            int valueColumn = col + 1;
            advance();
            StringBuilder value = new StringBuilder();
            while (true) {
                if (pos >= text.length() || text.charAt(pos) == '\n') {
                    throw error(tl, tc, "tag " + name + " with no closing '\"'", "[" + name + " \"value\"] on one line",
                            null);
                }
                char c = text.charAt(pos);
                if (c == '"') {
                    advance();
                    break;
                }
                if (c == '\\' && pos + 1 < text.length() && (text.charAt(pos + 1) == '"'
                        || text.charAt(pos + 1) == '\\')) {
                    advance();
                    c = text.charAt(pos);
                }
                value.append(c);
                advance();
            }
            skipBlanks();
            if (pos >= text.length() || text.charAt(pos) != ']') {
                throw error(line, col, found(), "']' closing tag " + name, null);
            }
            advance();
            if (cur != null && (cur.begun || cur.resultSeen)) {
                cur = null;
            }
            if (cur == null) {
                cur = new Draft(tl);
                drafts.add(cur);
            }
            if (cur.tags.containsKey(name)) {
                throw error(tl, tc, "a second tag " + name, "each tag once in a record", null);
            }
            cur.tags.put(name, value.toString());
            cur.tagLocations.put(name, new int[] {tl, tc, valueColumn});
        }

        private static boolean isNameChar(char c) {
            return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
        }

        private void skipBlanks() {
            while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
                advance();
            }
        }

        private String found() {
            if (pos >= text.length()) {
                return "the end of the text";
            }
            char c = text.charAt(pos);
            return c == '\n' ? "the end of the line" : "'" + c + "'";
        }

        private void parenthesis(int tl, int tc) {
            advance();
            int depth = 1;
            int start = pos;
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == '(') {
                    depth++;
                } else if (c == ')' && --depth == 0) {
                    break;
                }
                advance();
            }
            if (pos >= text.length()) {
                throw error(tl, tc, "'(' with no ')'", "a capture count such as (+2) or a remark closed by ')'",
                        null);
            }
            String body = text.substring(start, pos);
            advance();
            String b = body.strip();
            if (b.matches("[+xX]\\s*[0-9]+")) {
                capture(b, tl, tc);
            } else {
                comment(body.strip(), tl);
            }
        }

        // ---- records

        private Draft draft(int tl) {
            if (cur == null) {
                cur = new Draft(tl);
                drafts.add(cur);
            }
            return cur;
        }

        private void comment(String body, int tl) {
            Draft d = draft(tl);
            if (d.resultSeen) {
                d.comments.add(body);
            } else if (d.entries.isEmpty()) {
                d.pendingComments.add(body);
            } else {
                d.entries.get(d.entries.size() - 1).after.add(body);
            }
        }

        private void capture(String body, int tl, int tc) {
            flushDangling(cur);
            Draft d = movetext(tl, tc, false);
            Entry last = d.entries.isEmpty() ? null : d.entries.get(d.entries.size() - 1);
            String shown = "(" + body + ")";
            if (d.resultSeen || last == null || last.pit == RecordedMove.PASS) {
                throw error(tl, tc, shown, "a move before its capture count", null);
            }
            if (last.capture != null) {
                throw moveError(d, d.entries.size() - 1, tl, tc, "a second capture count " + shown,
                        "one count per move");
            }
            String digits = body.substring(1).strip();
            if (digits.length() > 4) {
                throw moveError(d, d.entries.size() - 1, tl, tc, shown, "a capture count of at most 4 digits");
            }
            last.capture = Integer.parseInt(digits);
            last.captureLine = tl;
            last.captureColumn = tc;
        }

        /** The draft a movetext token at (tl, tc) belongs to, its game resolved; a new one after a result. */
        private Draft movetext(int tl, int tc, boolean startsMove) {
            Draft d = draft(tl);
            if (d.resultSeen && startsMove) {
                if (settings.game() == null) {
                    // Without a game from the caller a record needs tags, so this is no new record but a move too many.
                    String result = d.result == null ? "*" : d.result.notation();
                    throw error(tl, tc, "a move after the result " + result + " at " + d.resultLine + ":"
                            + d.resultColumn, "the end of the record, or the next record's tags", null);
                }
                cur = null;
                d = draft(tl);
            }
            if (!d.begun) {
                begin(d, tl, tc);
            }
            return d;
        }

        /**
         * Reads a pending {@code N.} of numeric notation as the move N: the moves ended, or a result or a capture
         * count came, right after it.
         */
        private void flushDangling(Draft d) {
            if (d == null || d.dangling == null) {
                return;
            }
            String w = d.dangling;
            d.dangling = null;
            move(d, w, d.danglingLine, d.danglingColumn);
        }

        /** @return true for punctuation standing alone between or after moves, as printed sources have it. */
        private static boolean isPunctuation(String w) {
            for (int i = 0; i < w.length(); i++) {
                char c = w.charAt(i);
                if (c != '.' && c != ',' && c != ':') {
                    return false;
                }
            }
            return !w.isEmpty();
        }

        private void word(String w, int tl, int tc) {
            if (w.equals("1-0") || w.equals("0-1") || w.equals("1/2-1/2") || w.equals("*")) {
                flushDangling(cur);
                result(w, tl, tc);
                return;
            }
            if (isPunctuation(w) && cur != null && !cur.entries.isEmpty() || cur != null && cur.dangling != null
                    && isPunctuation(w)) {
                return; // "6 (x1)." or "i K (+1)," as printed: the stop or comma is no move
            }
            Draft d = movetext(tl, tc, true);
            if (d.dangling != null) {
                d.dangling = null; // "6." was the number of the move that follows
            }
            int i = 0;
            while (i < w.length() && w.charAt(i) >= '0' && w.charAt(i) <= '9') {
                i++;
            }
            if (i > 0 && i < w.length() && w.charAt(i) == '.') {
                if (i > 6) {
                    throw error(tl, tc, "'" + w + "'", "a move number of at most 6 digits", null);
                }
                int j = i;
                while (j < w.length() && w.charAt(j) == '.') {
                    j++;
                }
                if (j == w.length()) {
                    if (d.numeric && j == i + 1) {
                        // "6." may be the last move and a full stop (see Draft.dangling).
                        d.dangling = w.substring(0, i);
                        d.danglingLine = tl;
                        d.danglingColumn = tc;
                    }
                    return; // a move number alone; not checked (passes may be left out)
                }
                w = w.substring(j);
                tc += j;
            }
            if (w.equals("--")) {
                Entry e = new Entry();
                e.pit = RecordedMove.PASS;
                // At the start the side to move is the one that plays (A5 already applied), so the pass is the other's.
                e.side = d.entries.isEmpty() ? d.start.sideToMove().opponent() : nextSideByTurn(d);
                e.line = tl;
                e.column = tc;
                add(d, e);
                return;
            }
            if (isMarks(w)) {
                Entry last = d.entries.isEmpty() ? null : d.entries.get(d.entries.size() - 1);
                if (last == null || last.pit == RecordedMove.PASS || !last.marks.isEmpty()) {
                    throw error(tl, tc, "'" + w + "'", "a move before its mark", null);
                }
                last.marks = markOrError(d, w, tl, tc);
                return;
            }
            move(d, w, tl, tc);
        }

        private static boolean isMarks(String w) {
            for (int i = 0; i < w.length(); i++) {
                if (w.charAt(i) != '!' && w.charAt(i) != '?') {
                    return false;
                }
            }
            return !w.isEmpty();
        }

        private String markOrError(Draft d, String marks, int tl, int tc) {
            if (!RecordedMove.MARKS.contains(marks)) {
                throw moveError(d, d.entries.size() - 1, tl, tc, "'" + marks + "'", "a move mark: ! ? !! ?? !? ?!");
            }
            return marks;
        }

        private void move(Draft d, String w, int tl, int tc) {
            Rules rules = d.rules;
            int n = rules.pitsPerSide();
            Entry e = new Entry();
            e.line = tl;
            e.column = tc;
            int rest;
            if (d.numeric) {
                int i = 0;
                while (i < w.length() && i < 4 && w.charAt(i) >= '0' && w.charAt(i) <= '9') {
                    i++;
                }
                int number = i == 0 ? 0 : Integer.parseInt(w.substring(0, i));
                if (number < 1 || number > n) {
                    throw moveError(d, -1, tl, tc, "'" + w + "'", "a pit number 1-" + n + " (numeric notation)");
                }
                e.side = nextSideByTurn(d);
                e.pit = PitNames.pitOfNumber(rules, e.side.index(), number);
                rest = i;
            } else {
                char c = w.charAt(0);
                int pit = rules.pitOfLetter(c);
                if (pit >= 0) {
                    e.side = Side.of(rules.sideOf(pit));
                    e.pit = pit;
                }
                if (e.side != null && rules.kind() != GameKind.AL_MANQALA) {
                    // Only Al-manqala has passes (A5): elsewhere plies alternate, and a Rio Kadalis pit conquered by
                    // the player across keeps its row's letter.
                    e.side = nextSideByTurn(d);
                }
                if (e.side == null) {
                    String letters = "a pit letter a-" + (char) ('a' + n - 1) + " or A-" + (char) ('A' + n - 1);
                    if (c >= '0' && c <= '9') {
                        letters += " (numbers are read with [Notation \"numeric\"])";
                    }
                    throw moveError(d, -1, tl, tc, "'" + w + "'", letters);
                }
                rest = 1;
            }
            int end = w.length();
            while (end > rest && (w.charAt(end - 1) == '.' || w.charAt(end - 1) == ',')) {
                end--; // "L." or "i!," as printed: the full stop or comma after the move is no part of it
            }
            w = w.substring(0, end);
            if (rest < w.length()) {
                String marks = w.substring(rest);
                if (!isMarks(marks)) {
                    throw moveError(d, -1, tl, tc + rest, "'" + marks + "' after move " + w.substring(0, rest),
                            "a move mark (! ? !! ?? !? ?!) or a space");
                }
                e.marks = markOrError(d, marks, tl, tc + rest);
            }
            add(d, e);
        }

        private static void add(Draft d, Entry e) {
            if (d.entries.isEmpty()) {
                e.before.addAll(d.pendingComments); // comments before the first move
                d.pendingComments.clear();
            }
            d.entries.add(e);
        }

        /** The side after the last entry; at the start the side to move. */
        private static Side nextSideByTurn(Draft d) {
            if (d.entries.isEmpty()) {
                return d.start.sideToMove();
            }
            return d.entries.get(d.entries.size() - 1).side.opponent();
        }

        private void result(String w, int tl, int tc) {
            Draft d = draft(tl);
            if (d.resultSeen) {
                throw error(tl, tc, "a second result " + w, "a record's moves end with one result", null);
            }
            if (!d.begun) {
                begin(d, tl, tc);
            }
            Result r = Result.byNotation(w).orElse(null);
            if (r != null && d.result != null && r != d.result) {
                throw error(tl, tc, w, d.result.notation(), "the Result tag states " + d.result.notation());
            }
            if (r != null) {
                d.result = r;
            }
            if (r != null || d.result == null) {
                d.resultLine = tl;
                d.resultColumn = tc;
            }
            d.resultSeen = true;
        }

        /** Resolves game, options, start position and notation from the tags and the settings. */
        private void begin(Draft d, int tl, int tc) {
            d.begun = true;
            Map<String, String> tags = d.tags;
            String setup = tags.get("Setup");
            GameKind game;
            if (tags.containsKey("Game")) {
                String g = tags.get("Game");
                game = GameKind.byKey(g).orElseThrow(() -> tagError(d, "Game", "'" + g + "'",
                        "one of " + GameKind.keys(), null));
            } else if (setup != null && GameKind.byKey(setup.strip().split("\\s+")[0]).isPresent()) {
                game = GameKind.byKey(setup.strip().split("\\s+")[0]).orElseThrow();
            } else if (settings.game() != null) {
                game = settings.game();
            } else {
                throw error(tl, tc, "a record with no Game tag",
                        "[Game \"...\"] tag, or the game named when reading (e.g. replay --game GAME)", null);
            }
            RuleOptions options;
            if (tags.containsKey("Options")) {
                try {
                    options = OptionsNotation.parse(game, tags.get("Options"));
                } catch (NotationException e) {
                    throw tagValueError(d, "Options", e, "options of " + game.key());
                }
            } else if (settings.options() != null && settings.options().kind() == game) {
                options = settings.options();
            } else {
                options = game.defaultOptions();
            }
            d.rules = Rules.of(options);
            if (setup != null) {
                try {
                    d.start = PositionNotation.parse(setup, options);
                } catch (NotationException e) {
                    throw tagValueError(d, "Setup", e, "a " + game.key() + " position in position notation");
                }
                try {
                    d.start.requireSeedTotal();
                } catch (RulesException e) {
                    throw tagError(d, "Setup", "a position with " + d.start.totalSeeds() + " seeds",
                            "at most " + d.rules.startingSeeds(), "seeds on and off the board never exceed the"
                                    + " starting total");
                }
            } else {
                d.start = Position.initial(d.rules);
            }
            String notation = tags.get("Notation");
            if (notation != null && !notation.equalsIgnoreCase("numeric") && !notation.equalsIgnoreCase("letters")) {
                throw tagError(d, "Notation", "'" + notation + "'", "numeric or letters", null);
            }
            d.numeric = notation == null ? settings.numeric() : notation.equalsIgnoreCase("numeric");
            if (d.numeric && !game.fourRows()) {
                if (notation != null) {
                    throw tagError(d, "Notation", "'" + notation + "'", "letters",
                            "the numeric notation is for Hawalis and Bao Kiarabu, not " + game.displayName());
                }
                d.numeric = false; // the caller's flag does not apply to a two-row game
            }
            String result = tags.get("Result");
            if (result != null) {
                if (!result.equals("*") && Result.byNotation(result).isEmpty()) {
                    throw tagError(d, "Result", "'" + result + "'", "1-0, 0-1, 1/2-1/2 or *", null);
                }
                d.result = Result.byNotation(result).orElse(null);
                d.resultLine = d.tagLocations.get("Result")[0];
                d.resultColumn = d.tagLocations.get("Result")[1];
            }
        }

        // ---- errors

        private RecordException error(int l, int c, String found, String expected, String why) {
            return new RecordException(source, l, c, 0, null, found, expected, why);
        }

        private RecordException tagError(Draft d, String tag, String found, String expected, String why) {
            int[] loc = d.tagLocations.get(tag);
            return new RecordException(source, loc[0], loc[2], 0, null, "tag " + tag + " " + found, expected, why);
        }

        private RecordException tagValueError(Draft d, String tag, NotationException e, String expected) {
            int[] loc = d.tagLocations.get(tag);
            int column = e.column() > 0 ? loc[2] + e.column() - 1 : loc[2];
            return new RecordException(source, loc[0], column, 0, null, "tag " + tag + " '" + d.tags.get(tag) + "'",
                    expected, e.detail());
        }

        /** An error at a move: entry {@code index}, or the next entry when -1. */
        private RecordException moveError(Draft d, int index, int l, int c, String found, String expected) {
            List<Entry> es = d.entries;
            int number = 1;
            Side side;
            int upTo = index < 0 ? es.size() : index + 1;
            Side previous = null;
            for (int i = 0; i < upTo; i++) {
                Side s = es.get(i).side;
                if (i > 0 && (s == Side.SOUTH || previous == Side.NORTH)) {
                    number++;
                }
                previous = s;
            }
            if (index < 0) {
                side = nextSideByTurn(d);
                if (!es.isEmpty() && (side == Side.SOUTH || previous == Side.NORTH)) {
                    number++;
                }
            } else {
                side = es.get(index).side;
            }
            return new RecordException(source, l, c, number, side, found, expected, null);
        }
    }
}
