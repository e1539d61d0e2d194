package mancala.server.game;

import com.fasterxml.jackson.databind.JsonNode;
import mancala.server.engine.Ai;
import java.util.Map;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.Side;
import mancala.server.board.RulesInput;
import mancala.server.error.DomainError;
import mancala.server.board.SideKeys;

/**
 * The checks of what a client sends, before anything is changed: game, options, mode, side, level, player names
 * and pit letters. Each refusal is a {@link DomainError} naming the field and what was wrong, repeating at most
 * {@link DomainError#MAX_ECHO} characters of the client's text.
 */
public final class Inputs {
    /** Longest player name, in characters. */
    public static final int MAX_NAME = 40;
    /** Most combining marks on one letter of a player's name (Vietnamese needs two; stacks of marks hide text). */
    public static final int MAX_MARKS = 3;

    /** The name given to a player who gave none (never "You": it is stored, listed and written in records). */
    public static final String ANONYMOUS = "Anonymous";

    private Inputs() {
    }

    /** A checked request to create a game. */
    public record NewGame(GameKind kind, RuleOptions options, Mode mode, Side side, int level, String name) {
    }

    /**
     * @param gameKey     {@code hawalis}, {@code bao-kiarabu}, {@code al-manqala} or {@code rio-kadalis}
     * @param optionsText rule options in their text form, or null for the defaults
     * @param modeKey     {@code ai}, {@code invite} or {@code local}; null for {@code ai}
     * @param sideKey     the creator's side ({@code south}/{@code north}); null for South
     * @param level       the AI's level 1–10, or 11 for the oracle (mode {@code ai}); null for 3
     * @param name        the creator's name, or null
     * @return the checked request
     * @throws DomainError INVALID naming the field
     */
    public static NewGame newGame(String gameKey, String optionsText, String modeKey, String sideKey, Integer level,
                                  String name) {
        GameKind kind = RulesInput.game(gameKey);
        RuleOptions options = RulesInput.options(kind, optionsText, "options");
        Mode mode = Mode.ofKey(modeKey == null ? "ai" : modeKey);
        if (mode == null) {
            throw DomainError.invalid("unknown-mode", "unknown mode '{mode}': one of ai, invite, local",
                    Map.of("mode", DomainError.echo(modeKey)));
        }
        Side side = sideKey == null ? Side.SOUTH : SideKeys.ofKey(sideKey);
        if (side == null) {
            throw DomainError.invalid("bad-side", "side must be south or north, not '{side}'",
                    Map.of("side", DomainError.echo(sideKey)));
        }
        int lvl = level == null ? 3 : level;
        if (mode == Mode.AI && (lvl < Ai.MIN_LEVEL || lvl > Ai.MAX_LEVEL)) {
            throw badLevel(Integer.toString(lvl));
        }
        return new NewGame(kind, options, mode, side, lvl, playerName(name));
    }

    /**
     * @return the options of {@code gk} in canonical text; rated games only with the default rules
     * @throws DomainError INVALID ({@code bad-options})
     */
    public static String options(GameKind gk, String options, boolean rated) {
        String text = OptionsNotation.format(RulesInput.options(gk, options, "options"));
        if (rated && !text.isEmpty()) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-options", "options: rated games are played by the "
                    + "default rules; '{options}' makes a casual game", Map.of("options", text),
                    Map.of("field", "options"), 0);
        }
        return text;
    }

    /**
     * @return a player's name as given, stripped; null when none is given
     * @throws DomainError INVALID when it is longer than {@link #MAX_NAME} characters, holds a control
     *                     character (a line break would break the record's tag, and PostgreSQL text cannot hold
     *                     U+0000: {@code name-control-character}), an invisible or direction-changing one
     *                     ({@code name-invisible-character}: a name shown backwards or with hidden parts could
     *                     pose as another) or more than {@link #MAX_MARKS} combining marks on one letter
     *                     ({@code name-marks})
     */
    public static String playerName(String name) {
        String clean = name == null || name.isBlank() ? null : name.strip();
        if (clean == null) {
            return null;
        }
        if (clean.length() > MAX_NAME) {
            throw DomainError.invalid("name-too-long", "name is longer than {max} characters",
                    Map.of("max", MAX_NAME));
        }
        int marks = 0;
        for (int i = 0, at = 1; i < clean.length(); at++) {
            int cp = clean.codePointAt(i);
            if (Character.isISOControl(cp)) {
                throw DomainError.invalid("name-control-character",
                        "name holds a control character (U+{code} at character {at})",
                        Map.of("code", String.format("%04X", cp), "at", at));
            }
            if (invisible(cp)) {
                throw DomainError.invalid("name-invisible-character", "name holds an invisible or direction-changing "
                        + "character (U+{code} at character {at})", Map.of("code", String.format("%04X", cp), "at", at));
            }
            int type = Character.getType(cp);
            boolean mark = type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                    || type == Character.COMBINING_SPACING_MARK;
            marks = mark ? marks + 1 : 0;
            if (marks > MAX_MARKS) {
                throw DomainError.invalid("name-marks", "name stacks more than {max} marks on one letter (at "
                        + "character {at})", Map.of("max", MAX_MARKS, "at", at));
            }
            i += Character.charCount(cp);
        }
        return clean;
    }

    /**
     * @return true for a character that shows nothing or changes how the text around it is shown: format characters
     *     (bidi controls, zero-width joiners and spaces, soft hyphens), line and paragraph separators, surrogates
     *     alone, private-use and unassigned code points
     */
    private static boolean invisible(int cp) {
        int type = Character.getType(cp);
        return type == Character.FORMAT || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE || type == Character.PRIVATE_USE || type == Character.UNASSIGNED;
    }

    /**
     * @return the board index of pit {@code letter} in {@code p}'s game
     * @throws DomainError INVALID when it is not one letter, UNPROCESSABLE ({@code illegal-move}) when the board
     *                     has no such pit
     */
    public static int pitIndex(Position p, String letter) {
        if (letter == null || letter.length() != 1 || !Character.isLetter(letter.charAt(0))) {
            throw DomainError.invalid("bad-pit", "pit must be one letter, such as \"c\" (South) or \"C\" (North), "
                    + "not {pit}", Map.of("pit", letter == null ? "nothing" : "\"" + DomainError.echo(letter) + "\""));
        }
        int i = p.rules().pitOfLetter(letter);
        if (i < 0) {
            java.util.List<String> legal = new java.util.ArrayList<>();
            for (int m : p.legalMoves()) {
                legal.add(p.rules().pitLetter(m));
            }
            throw DomainError.unprocessable("illegal-move", "there is no pit {pit} on a {game} board",
                    Map.of("pit", letter, "game", p.kind().displayName()), Map.of("legal", legal));
        }
        return i;
    }

    /**
     * Reads the request's {@code level}: a whole number, or {@code "oracle"} (any case) for level 11, as
     * {@code mancala bot --level} takes it.
     *
     * @param n the field's value, or null when absent
     * @return the level, or null when absent (the default applies); its range is checked with the mode
     * @throws DomainError INVALID {@code bad-level} for anything else, with the same words as a level out of range
     */
    static Integer level(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (n.isInt()) {
            return n.asInt();
        }
        if (n.isTextual() && n.asText().strip().equalsIgnoreCase("oracle")) {
            return Ai.MAX_LEVEL;
        }
        throw badLevel(n.isTextual() ? "'" + DomainError.echo(n.asText()) + "'" : n.toString());
    }

    private static DomainError badLevel(String shown) {
        return DomainError.invalid("bad-level", "level must be 1 to 11 or \"oracle\" (11: the oracle), not {level}",
                Map.of("level", shown));
    }
}
