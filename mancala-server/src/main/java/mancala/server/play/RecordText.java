package mancala.server.play;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import mancala.notation.OptionsNotation;
import mancala.notation.PositionNotation;
import mancala.rules.Game;
import mancala.rules.Outcome;
import mancala.rules.Side;

/**
 * Writes a game as a record (RULES.md §5): tag lines, a blank line, then numbered moves with their capture counts
 * and the result. A Rio Kadalis match is one record per round, each with {@code Round} and {@code Setup} tags.
 */
public final class RecordText {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy.MM.dd").withZone(ZoneOffset.UTC);

    private RecordText() {
    }

    /** @return the record of {@code game} as it stands (result {@code *} while it goes on). */
    public static String of(LiveGame game) {
        List<Game> rounds = game.rounds();
        List<String> names = game.names();
        String options = OptionsNotation.format(game.options());
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < rounds.size(); r++) {
            Game g = rounds.get(r);
            Outcome o = g.outcome().orElse(null);
            if (r > 0) {
                sb.append('\n');
            }
            tag(sb, "Game", game.kind().key());
            if (!options.isEmpty()) {
                tag(sb, "Options", options);
            }
            tag(sb, "South", names.get(0));
            tag(sb, "North", names.get(1));
            tag(sb, "Date", DATE.format(game.createdAt()));
            tag(sb, "Site", "mancala web, game " + game.id());
            if (rounds.size() > 1 || game.kind() == mancala.rules.GameKind.RIO_KADALIS) {
                tag(sb, "Round", String.valueOf(r + 1));
                tag(sb, "Setup", PositionNotation.format(g.start()));
            }
            String result = o == null ? "*" : o.result().notation();
            tag(sb, "Result", result);
            if (o != null) {
                tag(sb, "Termination", o.termination().key());
            }
            sb.append('\n').append(moves(g)).append(result).append('\n');
        }
        return sb.toString();
    }

    /**
     * @return the moves of one game: {@code 1. c (+4) D; 2. …}, ending with a space. Numbers are optional in
     *     records; a round that North starts is written without them, each pair of plies ending with {@code ;}.
     */
    static String moves(Game g) {
        StringBuilder sb = new StringBuilder();
        List<Integer> pits = g.moves();
        Side first = g.start().sideToMove();
        int number = 1;
        for (int i = 0; i < pits.size(); i++) {
            Side mover = g.moverAt(i + 1);
            if (i > 0 && mover == first) {
                sb.append("; ");
            } else if (i > 0) {
                sb.append(' ');
            }
            if (mover == first && first == Side.SOUTH) {
                sb.append(number++).append(". ");
            }
            sb.append(g.start().rules().pitLetter(pits.get(i)));
            int c = g.capturedAt(i + 1);
            if (c > 0) {
                sb.append(" (+").append(c).append(')');
            }
        }
        return sb.length() == 0 ? "" : sb.append(' ').toString();
    }

    private static void tag(StringBuilder sb, String name, String value) {
        sb.append('[').append(name).append(" \"").append(value.replace("\\", "\\\\").replace("\"", "\\\""))
                .append("\"]\n");
    }
}
