package mancala.server.board;

import java.util.LinkedHashMap;
import java.util.Map;
import mancala.notation.NotationException;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.RuleOptions;
import mancala.rules.RulesException;
import mancala.server.error.DomainError;

/**
 * The one reader of a game's key and its rule options as a request names them (new games, challenges, seeks,
 * tournaments, leaderboards, a player's games, the analysis board). One code for each mistake: {@code
 * game-required}, {@code unknown-game-kind}, {@code bad-options} (with the request's {@code field} and, when the
 * notation says where, the {@code column}).
 */
public final class RulesInput {
    private RulesInput() {
    }

    /**
     * @param key the game's key as sent ({@code hawalis}, {@code bao-kiarabu}, {@code al-manqala},
     *            {@code rio-kadalis}), or null
     * @return the game
     * @throws DomainError INVALID {@code game-required} when null, {@code unknown-game-kind} when no game has it
     */
    public static GameKind game(String key) {
        if (key == null) {
            throw DomainError.invalid("game-required", "game is required: one of {games}",
                    Map.of("games", GameKind.keys().toString()));
        }
        return GameKind.byKey(key).orElseThrow(() -> DomainError.invalid("unknown-game-kind",
                "unknown game '{game}': one of {games}", Map.of("game", DomainError.echo(key),
                        "games", GameKind.keys().toString())));
    }

    /**
     * @param text  the options in their text form (docs/rules.md §0), or null for the defaults
     * @param field the request field holding them, for the error
     * @return the options of {@code game}
     * @throws DomainError INVALID {@code bad-options} naming the field (and column)
     */
    public static RuleOptions options(GameKind game, String text, String field) {
        try {
            return OptionsNotation.parse(game, text == null ? "" : text);
        } catch (NotationException e) {
            throw badOptions(field, e.getMessage(), e.column());
        } catch (RulesException e) {
            throw badOptions(field, e.getMessage(), 0);
        }
    }

    private static DomainError badOptions(String field, String reason, int column) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("field", field);
        if (column > 0) {
            details.put("column", column);
        }
        return new DomainError(DomainError.Kind.INVALID, "bad-options", "{field}: {reason}",
                Map.of("field", field, "reason", reason), details, 0);
    }
}
