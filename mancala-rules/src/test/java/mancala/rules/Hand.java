package mancala.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;

/**
 * Hand-worked rule cases: a start position in docs/rules.md §4 notation, moves as pit letters (South lower case, North
 * upper case), and the whole expected result (every pit, both holdings, the side to move, the outcome) worked out by
 * hand from the rule text. Each check runs the case as written and mirrored for the other seat: the SOUTH and NORTH
 * fields swapped, the turn and the captured counts swapped, and every move letter's case swapped. The rules of all
 * three games are the same from both seats, so the mirrored expectation is the written one mirrored.
 */
public final class Hand {
    private Hand() {
    }

    /** @return the options for {@code game} given in options notation ("" for the defaults). */
    public static RuleOptions options(GameKind game, String text) {
        return OptionsNotation.parse(game, text);
    }

    /** @return the position {@code text} played under {@code options}. */
    public static Position position(RuleOptions options, String text) {
        return PositionNotation.parse(text, options);
    }

    /** @return the board index of a pit letter: South a = 0 …, North A = pits a side. */
    public static int pit(Rules rules, char letter) {
        int i = rules.pitOfLetter(letter);
        assertThat(i).as("pit %s", letter).isNotNegative();
        assertThat(rules.pitLetter(i)).isEqualTo(String.valueOf(letter));
        return i;
    }

    /** @return the same position seen from the other seat: the two sides' fields, the turn and the captures swapped. */
    public static String mirror(String notation) {
        String[] f = notation.trim().split("\\s+");
        StringBuilder sb = new StringBuilder(f[0]).append(' ').append(f[2]).append(' ').append(f[1]).append(' ')
                .append(f[3].equals("S") ? "N" : "S");
        if (f.length == 5) {
            String[] c = f[4].split("-");
            sb.append(' ').append(c[1]).append('-').append(c[0]);
        }
        return sb.toString();
    }

    /** @return the moves with each letter's case swapped. */
    public static String mirrorMoves(String moves) {
        StringBuilder sb = new StringBuilder();
        for (char c : moves.toCharArray()) {
            sb.append(Character.isLowerCase(c) ? Character.toUpperCase(c)
                    : Character.isUpperCase(c) ? Character.toLowerCase(c) : c);
        }
        return sb.toString();
    }

    /** @return the outcome seen from the other seat. */
    public static Outcome mirror(Outcome o) {
        Result r = o.result() == Result.DRAW ? Result.DRAW
                : o.result() == Result.SOUTH_WINS ? Result.NORTH_WINS : Result.SOUTH_WINS;
        return new Outcome(r, o.termination(), o.north(), o.south());
    }

    /** Plays {@code moves} (letters separated by spaces) from {@code start}; returns the position after them. */
    public static Position play(RuleOptions options, String start, String moves) {
        Position p = position(options, start);
        for (String m : moves.trim().split("\\s+")) {
            if (!m.isEmpty()) {
                p = p.play(pit(p.rules(), m.charAt(0)));
            }
        }
        return p;
    }

    /** Checks a case that leaves the game going on, as written and mirrored. */
    public static void check(RuleOptions options, String start, String moves, String expected) {
        checkOne(options, start, moves, expected, Optional.empty());
        checkOne(options, mirror(start), mirrorMoves(moves), mirror(expected), Optional.empty());
    }

    /** Checks a case that ends the game (round) with {@code outcome}, as written and mirrored. */
    public static void check(RuleOptions options, String start, String moves, String expected, Outcome outcome) {
        checkOne(options, start, moves, expected, Optional.of(outcome));
        checkOne(options, mirror(start), mirrorMoves(moves), mirror(expected), Optional.of(mirror(outcome)));
    }

    /** The same with options in options notation. */
    public static void check(GameKind game, String opts, String start, String moves, String expected) {
        check(options(game, opts), start, moves, expected);
    }

    /** The same with options in options notation. */
    public static void check(GameKind game, String opts, String start, String moves, String expected,
                             Outcome outcome) {
        check(options(game, opts), start, moves, expected, outcome);
    }

    private static void checkOne(RuleOptions options, String start, String moves, String expected,
                                 Optional<Outcome> outcome) {
        Position before = position(options, start);
        Position after = play(options, start, moves);
        String what = start + " then " + moves + " (" + OptionsNotation.format(options) + ")";
        assertThat(PositionNotation.format(after)).as(what).isEqualTo(expected);
        assertThat(after).as(what).isEqualTo(withStatus(position(options, expected), after));
        assertThat(after.outcome()).as(what + ": outcome").isEqualTo(outcome);
        assertThat(after.totalSeeds()).as(what + ": seeds conserved").isEqualTo(before.totalSeeds());
    }

    /** A position read from notation knows no ending move; compare pits and side, then the status separately. */
    private static Position withStatus(Position expected, Position actual) {
        if (actual.toBoard().status == 0) {
            return expected;
        }
        Board b = expected.toBoard();
        Board a = actual.toBoard();
        b.status = a.status;
        b.statusResult = a.statusResult;
        return Position.of(b);
    }

    /** Checks the legal moves of {@code start}, as written and mirrored. */
    public static void legal(RuleOptions options, String start, String letters) {
        assertThat(letters(position(options, start))).as(start).isEqualTo(letters);
        // Mirrored, the same pits in the other seat; ascending order may differ when both rows are involved.
        String[] mirrored = letters.isEmpty() ? new String[0] : mirrorMoves(letters).split(" ");
        String actual = letters(position(options, mirror(start)));
        assertThat(actual.isEmpty() ? new String[0] : actual.split(" ")).as(mirror(start))
                .containsExactlyInAnyOrder(mirrored);
    }

    /** @return the legal moves as letters separated by spaces. */
    public static String letters(Position p) {
        return Arrays.stream(p.legalMoves()).mapToObj(m -> p.rules().pitLetter(m)).collect(Collectors.joining(" "));
    }

    /** @return the outcome {@code result, termination, south, north}. */
    public static Outcome outcome(Result result, Termination termination, int south, int north) {
        return new Outcome(result, termination, south, north);
    }
}
