package mancala.server.play;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mancala.notation.NotationException;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.RulesException;
import mancala.rules.Side;
import mancala.server.api.ApiException;

/**
 * Reads a pasted or uploaded record (RULES.md §5) and replays it by the rules, for the import and analysis view:
 * tags, moves as pit letters (or numbers under {@code [Notation "numeric"]}), {@code (+n)} capture counts checked on
 * replay, comments in braces or parentheses, optional move numbers and separators, a Rio Kadalis match as several
 * records. A record without a {@code Game} tag is read as Hawalis, as the published Hawalis records are.
 */
final class RecordImport {
    private static final Pattern TAG = Pattern.compile("^\\s*\\[([A-Za-z][A-Za-z0-9_]*)\\s+\"((?:[^\"\\\\]|\\\\.)*)\"\\s*]\\s*$");
    private static final Pattern CAPTURE = Pattern.compile("\\((?:\\+|x)(\\d+)\\)");
    private static final Pattern RESULT = Pattern.compile("1-0|0-1|1/2-1/2|\\*");

    /** One record read and replayed: its tags and the game it describes. */
    record Replayed(Map<String, String> tags, Game game) {
    }

    private RecordImport() {
    }

    /**
     * @return each record of {@code text}, replayed (a Rio Kadalis match gives one per round)
     * @throws ApiException 422 saying where the record is wrong (line, move, side, what was expected)
     */
    static List<Replayed> read(String text, String source) {
        List<Replayed> out = new ArrayList<>();
        Map<String, String> tags = new LinkedHashMap<>();
        List<String[]> moveLines = new ArrayList<>(); // {lineNumber, text}
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i <= lines.length; i++) {
            String line = i < lines.length ? lines[i] : null;
            Matcher m = line == null ? null : TAG.matcher(line);
            boolean isTag = m != null && m.matches();
            if (line == null || isTag && !moveLines.isEmpty()) {
                if (!tags.isEmpty() || !moveLines.isEmpty()) {
                    out.add(replay(tags, moveLines, source));
                }
                tags = new LinkedHashMap<>();
                moveLines = new ArrayList<>();
            }
            if (line == null) {
                break;
            }
            if (isTag) {
                tags.put(m.group(1), m.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
            } else if (!line.isBlank()) {
                moveLines.add(new String[] {String.valueOf(i + 1), line});
            }
        }
        if (out.isEmpty()) {
            throw fail(source, 0, "the record holds no game");
        }
        return out;
    }

    private static Replayed replay(Map<String, String> tags, List<String[]> lines, String source) {
        String key = tags.getOrDefault("Game", "hawalis");
        GameKind kind = GameKind.byKey(key).orElseThrow(() -> fail(source, 1,
                "unknown Game \"" + key + "\"; games: " + GameKind.keys()));
        RuleOptions options;
        Position start;
        try {
            options = OptionsNotation.parse(kind, tags.get("Options"));
            String setup = tags.get("Setup");
            start = setup == null ? Position.initial(Rules.of(options)) : PositionNotation.parse(setup, options);
        } catch (NotationException | RulesException e) {
            throw fail(source, 1, e.getMessage());
        }
        boolean numeric = "numeric".equalsIgnoreCase(tags.get("Notation"));
        Game game = new Game(start);
        int n = start.rules().pitsPerSide();
        String stated = null;
        for (String[] l : lines) {
            int lineNo = Integer.parseInt(l[0]);
            String s = l[1].replaceAll("\\{[^}]*}", " ");
            // Capture counts stay attached to the move before them; other parenthesised remarks are comments.
            Matcher cm = CAPTURE.matcher(s);
            s = cm.replaceAll(" #$1 ");
            s = s.replaceAll("\\([^)]*\\)", " ");
            for (String raw : s.split("[\\s;,]+")) {
                String tok = raw.replaceAll("[!?]+$", "");
                if (tok.isEmpty() || tok.matches("\\d+\\.+")) {
                    continue;
                }
                tok = tok.replaceFirst("^\\d+\\.+", "");
                if (RESULT.matcher(tok).matches()) {
                    stated = tok;
                    continue;
                }
                if (tok.equals("--")) {
                    continue; // A5: a forced pass, applied by the rules themselves
                }
                if (tok.startsWith("#")) {
                    int want = Integer.parseInt(tok.substring(1));
                    if (game.plies() == 0) {
                        throw fail(source, lineNo, "a capture count (+" + want + ") before any move");
                    }
                    int got = game.capturedAt(game.plies());
                    if (got != want) {
                        throw fail(source, lineNo, "move " + moveNumber(game) + ": the record says (+" + want
                                + ") but the move captures " + got);
                    }
                    continue;
                }
                Side mover = game.position().sideToMove();
                int pit;
                if (numeric && tok.matches("\\d+")) {
                    int num = Integer.parseInt(tok);
                    int half = n / 2;
                    if (num < 1 || num > n) {
                        throw fail(source, lineNo, "pit number " + num + " is not 1 to " + n);
                    }
                    pit = (num <= half ? half + num - 1 : num - half - 1) + (mover == Side.SOUTH ? 0 : n);
                } else if (tok.length() == 1 && Character.isLetter(tok.charAt(0))) {
                    char c = tok.charAt(0);
                    boolean south = Character.isLowerCase(c);
                    int idx = Character.toLowerCase(c) - 'a';
                    if (idx >= n) {
                        throw fail(source, lineNo, "move " + moveNumber(game) + ", " + mover.displayName()
                                + ": there is no pit " + c + " in " + kind.displayName());
                    }
                    pit = south ? idx : n + idx;
                } else {
                    throw fail(source, lineNo, "move " + moveNumber(game) + ", " + mover.displayName()
                            + ": expected a pit letter, found '" + raw + "'");
                }
                try {
                    game.play(pit);
                } catch (RulesException e) {
                    throw fail(source, lineNo, "move " + moveNumber(game) + ", " + mover.displayName() + ": "
                            + e.getMessage());
                }
            }
        }
        String result = tags.get("Result");
        String claim = stated != null ? stated : result;
        if (claim != null && !claim.equals("*") && game.isOver()
                && !game.outcome().orElseThrow().result().notation().equals(claim)) {
            throw fail(source, 0, "the record states " + claim + " but the moves end "
                    + game.outcome().orElseThrow().result().notation());
        }
        return new Replayed(tags, game);
    }

    private static String moveNumber(Game g) {
        return String.valueOf(g.plies() / 2 + 1);
    }

    private static ApiException fail(String source, int line, String message) {
        return new ApiException(422, "bad-record", source + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
