package mancala.notation;

import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.RioKadalisOptions;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.RulesException;
import mancala.rules.Side;

/**
 * Position notation (RULES.md §4): one line {@code GAME SOUTH NORTH TURN [CAPTURED]}, e.g.
 * {@code hawalis 1,0,0,1,0,0,0,0,1,0,0,2,1,0 4,0,1,0,1,0,2,1,0,1,0,3,2,1 N}.
 * SOUTH and NORTH list each side's pits in its owner's letter order; {@code x} marks a closed pit. CAPTURED is
 * {@code s-n}, the seeds each side holds off the board, and is written only when not {@code 0-0}.
 *
 * <p>Our extension for Rio Kadalis's {@code conquest} (RULES.md has no form for it): a pit owned by the player across
 * from its row is written with a trailing {@code *}, e.g. {@code 4*}.
 */
public final class PositionNotation {
    private PositionNotation() {
    }

    /**
     * Reads a position with the game's default options.
     *
     * @throws NotationException naming the field (GAME, SOUTH, NORTH, TURN, CAPTURED), its column and what was
     *                           expected
     */
    public static Position parse(String text) {
        GameKind game = gameOf(text);
        return parse(text, game.defaultOptions());
    }

    /**
     * Reads a position played under {@code options}, whose game must match the text's.
     *
     * @throws NotationException naming the field, its column and what was expected
     */
    public static Position parse(String text, RuleOptions options) {
        if (text == null) {
            throw new NotationException(null, 0, 0, "no position given");
        }
        String[] fields = new String[5];
        int[] columns = new int[5];
        int count = 0;
        int i = 0;
        while (i < text.length()) {
            if (Character.isWhitespace(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (count == 5) {
                throw new NotationException(null, 0, start + 1,
                        "expected at most 5 fields (GAME SOUTH NORTH TURN CAPTURED), found more: '"
                                + text.substring(start, i) + "'");
            }
            fields[count] = text.substring(start, i);
            columns[count++] = start + 1;
        }
        if (count < 4 && count >= 2) {
            // Say first what is wrong with the fields that are there: "1,2,3 S" lacks pits before it lacks a TURN.
            GameKind g = GameKind.byKey(fields[0]).orElse(null);
            if (g == options.kind()) {
                int n = Rules.of(options).pitsPerSide();
                readSide(fields[1], columns[1], "SOUTH", 0, n, new int[2 * n], new int[2], options);
                if (count == 3) {
                    readSide(fields[2], columns[2], "NORTH", n, n, new int[2 * n], new int[2], options);
                }
            }
        }
        if (count < 4) {
            String[] names = {"GAME", "SOUTH", "NORTH", "TURN"};
            throw new NotationException(null, 0, text.length() + 1,
                    "expected " + names[count] + ": a position is GAME SOUTH NORTH TURN [CAPTURED]");
        }
        GameKind game = GameKind.byKey(fields[0]).orElseThrow(() -> new NotationException(null, 0, columns[0],
                "GAME: expected one of " + GameKind.keys() + ", found '" + fields[0] + "'"));
        if (options.kind() != game) {
            throw new NotationException(null, 0, columns[0], "GAME: the position is " + game.key()
                    + " but the options are for " + options.kind().key());
        }
        Rules rules = Rules.of(options);
        int n = rules.pitsPerSide();
        int[] pits = new int[2 * n];
        int[] masks = new int[2];
        readSide(fields[1], columns[1], "SOUTH", 0, n, pits, masks, options);
        readSide(fields[2], columns[2], "NORTH", n, n, pits, masks, options);
        Side turn = switch (fields[3]) {
            case "S", "s" -> Side.SOUTH;
            case "N", "n" -> Side.NORTH;
            default -> throw new NotationException(null, 0, columns[3],
                    "TURN: expected S or N, found '" + fields[3] + "'");
        };
        int southHoldings = 0;
        int northHoldings = 0;
        if (count == 5) {
            String c = fields[4];
            int dash = c.indexOf('-');
            try {
                if (dash <= 0 || !isCount(c.substring(0, dash), 6) || !isCount(c.substring(dash + 1), 6)) {
                    throw new NumberFormatException();
                }
                southHoldings = Integer.parseInt(c.substring(0, dash));
                northHoldings = Integer.parseInt(c.substring(dash + 1));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new NotationException(null, 0, columns[4],
                        "CAPTURED: expected two counts s-n such as 4-10 (at most 6 digits each), found '" + c + "'");
            }
        }
        try {
            return Position.of(rules, pits, southHoldings, northHoldings, turn, masks[0], masks[1]);
        } catch (RulesException e) {
            throw new NotationException(null, 0, columns[1], e.getMessage());
        }
    }

    private static void readSide(String field, int column, String name, int base, int n, int[] pits, int[] masks,
                                 RuleOptions options) {
        String[] parts = field.split(",", -1);
        if (parts.length != n) {
            throw new NotationException(null, 0, column, name + ": expected " + n
                    + " pit counts separated by commas, found " + parts.length);
        }
        int col = column;
        for (int i = 0; i < n; i++) {
            String s = parts[i];
            int pit = base + i;
            boolean rio = options.kind() == GameKind.RIO_KADALIS;
            if (s.equals("x") || s.equals("X")) {
                if (!rio) {
                    throw new NotationException(null, 0, col, name + ": pit " + letter(base, i) + " is closed ('x'),"
                            + " but only Rio Kadalis has closed pits; expected a seed count");
                }
                masks[0] |= 1 << pit;
            } else {
                String digits = s.endsWith("*") ? s.substring(0, s.length() - 1) : s;
                if (digits.length() != s.length()) {
                    if (!(options instanceof RioKadalisOptions r && r.conquest())) {
                        throw new NotationException(null, 0, col, name + ": pit " + letter(base, i)
                                + " is marked conquered ('*'), which needs rio-kadalis with option conquest");
                    }
                    masks[1] |= 1 << pit;
                }
                if (!isCount(digits, 4)) {
                    throw new NotationException(null, 0, col, name + ": expected a seed count or x for pit "
                            + letter(base, i) + ", found '" + s + "'");
                }
                pits[pit] = Integer.parseInt(digits);
            }
            col += s.length() + 1;
        }
    }

    /**
     * @return true when {@code s} is 1 to {@code maxDigits} ASCII digits: other scripts' digits are not notation, and
     *     the bound keeps every total of seeds far from overflowing an int
     */
    private static boolean isCount(String s, int maxDigits) {
        return !s.isEmpty() && s.length() <= maxDigits && s.chars().allMatch(ch -> ch >= '0' && ch <= '9');
    }

    private static char letter(int base, int i) {
        return (char) ((base == 0 ? 'a' : 'A') + i);
    }

    private static GameKind gameOf(String text) {
        if (text == null || text.isBlank()) {
            throw new NotationException(null, 0, 1, "GAME: expected one of " + GameKind.keys() + ", found nothing");
        }
        String t = text.strip();
        int sp = 0;
        while (sp < t.length() && !Character.isWhitespace(t.charAt(sp))) {
            sp++;
        }
        String key = t.substring(0, sp);
        return GameKind.byKey(key).orElseThrow(() -> new NotationException(null, 0, text.indexOf(key) + 1,
                "GAME: expected one of " + GameKind.keys() + ", found '" + key + "'"));
    }

    /** @return the position in notation; CAPTURED only when not 0-0. */
    public static String format(Position p) {
        StringBuilder sb = new StringBuilder(p.kind().key());
        int n = p.rules().pitsPerSide();
        for (int s = 0; s < 2; s++) {
            sb.append(' ');
            for (int i = 0; i < n; i++) {
                int pit = s * n + i;
                if (i > 0) {
                    sb.append(',');
                }
                if (p.isClosed(pit)) {
                    sb.append('x');
                } else {
                    sb.append(p.seeds(pit));
                    if ((p.conqueredMask() >>> pit & 1) != 0) {
                        sb.append('*');
                    }
                }
            }
        }
        sb.append(p.sideToMove() == Side.SOUTH ? " S" : " N");
        int s = p.holdings(Side.SOUTH);
        int nn = p.holdings(Side.NORTH);
        if (s != 0 || nn != 0) {
            sb.append(' ').append(s).append('-').append(nn);
        }
        return sb.toString();
    }
}
