package mancala.server.board;

import mancala.server.error.DomainError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mancala.notation.NotationException;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.GameKind;
import mancala.rules.Outcome;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.RulesException;

/**
 * Positions as the learn, puzzle and analysis-board pages send and receive them: read from position notation
 * (docs/rules.md §4) and option text with errors that name the field and column, and shown as JSON for the board.
 */
public final class Positions {
    private Positions() {
    }

    /**
     * Reads a position under rule options and checks that it holds no more seeds than its game starts with
     * (docs/rules.md §0).
     *
     * @param field        the request field holding the position, for errors
     * @param optionsField the request field holding the options, for errors
     * @throws DomainError 400 {@code bad-position} or {@code bad-options}, with {@code field} and {@code column}
     *                      in the details
     */
    public static Position parse(String position, String options, String field, String optionsField) {
        if (position == null || position.isBlank()) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-position", field + ": no position given (GAME SOUTH NORTH TURN "
                    + "[CAPTURED])", Map.of(), Map.of("field", field), 0);
        }
        if (position.length() > 2000) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-position", field + ": longer than 2000 characters", Map.of(),
                    Map.of("field", field), 0);
        }
        String first = position.strip().split("\\s+")[0];
        GameKind game = GameKind.byKey(first).orElseThrow(() -> new DomainError(DomainError.Kind.INVALID, "bad-position", field
                + ": GAME: expected one of " + GameKind.keys() + ", found '" + clip(first) + "'", Map.of(),
                Map.of("field", field, "column", position.indexOf(first) + 1), 0));
        RuleOptions o = RulesInput.options(game, options, optionsField);
        Position p;
        try {
            p = PositionNotation.parse(position, o);
        } catch (NotationException e) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-position", field + ": " + e.getMessage(), Map.of(),
                    Map.of("field", field, "column", e.column()), 0);
        }
        try {
            return p.requireSeedTotal();
        } catch (RulesException e) {
            throw new DomainError(DomainError.Kind.INVALID, "too-many-seeds", field + ": " + e.getMessage(), Map.of(),
                    Map.of("field", field, "seeds", p.totalSeeds(), "most", p.rules().startingSeeds()), 0);
        }
    }

    /**
     * Reads a move's pit letter in {@code p}.
     *
     * @throws DomainError 400 {@code illegal-move} naming the field, when there is no such pit or it is no legal
     *                      move here
     */
    public static int move(Position p, String letter, String field) {
        Rules r = p.rules();
        for (int pit = 0; pit < r.pitCount(); pit++) {
            if (r.pitLetter(pit).equals(letter)) {
                if (!p.isLegal(pit)) {
                    String why;
                    try {
                        p.play(pit);
                        why = "not legal";
                    } catch (RulesException e) {
                        why = e.getMessage();
                    }
                    throw new DomainError(DomainError.Kind.INVALID, "illegal-move", field + ": " + why, Map.of(),
                            Map.of("field", field, "move", letter, "legal", legalLetters(p)), 0);
                }
                return pit;
            }
        }
        throw new DomainError(DomainError.Kind.INVALID, "illegal-move", field + ": no pit '" + clip(String.valueOf(letter)) + "' on a "
                + p.kind().displayName() + " board", Map.of(), Map.of("field", field, "legal", legalLetters(p)), 0);
    }

    /**
     * The board page's view of a position: {@code position} (notation), {@code game}, {@code options},
     * {@code layout}, {@code board} ({@link BoardView}: pits, closed, owners, holdings, side to move), {@code legal}
     * (pit letters), {@code over}, and when over {@code result} and {@code termination}.
     */
    public static Map<String, Object> view(Position p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("position", PositionNotation.format(p));
        m.put("game", p.kind().key());
        m.put("options", OptionsNotation.format(p.rules().options()));
        m.put("layout", LayoutView.of(p.rules()));
        m.put("board", BoardView.of(p));
        m.put("legal", legalLetters(p));
        m.put("over", p.isOver());
        if (p.isOver()) {
            Outcome o = p.outcome().orElseThrow();
            m.put("result", o.result().notation());
            m.put("termination", o.termination().key());
        }
        return m;
    }

    /** @return pit letters of {@code pits} in {@code p}'s game */
    public static List<String> letters(Position p, List<Integer> pits) {
        List<String> out = new ArrayList<>(pits.size());
        for (int pit : pits) {
            out.add(p.rules().pitLetter(pit));
        }
        return out;
    }

    /** @return the letters of the pits the side to move may play in {@code p}, in board order. */
    static List<String> legalLetters(Position p) {
        List<String> legal = new ArrayList<>();
        for (int pit : p.legalMoves()) {
            legal.add(p.rules().pitLetter(pit));
        }
        return legal;
    }

    private static String clip(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }
}
