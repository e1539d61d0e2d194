package mancala.cli.bot;

import java.util.ArrayList;
import java.util.List;
import mancala.notation.OptionsNotation;
import mancala.rules.Game;
import mancala.rules.GameKind;
import mancala.rules.Match;
import mancala.rules.Position;
import mancala.rules.RuleOptions;
import mancala.rules.Rules;
import mancala.rules.RulesException;
import mancala.rules.Side;

/**
 * A game as the bot sees it through the game stream: the game's key and options from {@code gameFull}, and the
 * moves so far as the stream writes them ({@code "a B c"}: pit letters of RULES.md §1–3, South's lower case;
 * {@code =} for a round or game ended by agreement, RULES.md A8). The position is rebuilt from the start on every
 * state, so a state that comes again after a reconnection is harmless. Not thread-safe.
 */
public final class BotGame {
    private final GameKind kind;
    private final RuleOptions options;
    private Game game;
    private Match match;
    private List<String> moves = List.of();

    /**
     * @param gameKey    the game's key ({@code hawalis} …)
     * @param optionText its options in the options notation (empty: the defaults)
     * @throws IllegalArgumentException naming the key or options this program does not play
     */
    public BotGame(String gameKey, String optionText) {
        this.kind = GameKind.byKey(gameKey == null ? "" : gameKey).orElseThrow(
                () -> new IllegalArgumentException("unknown game '" + gameKey + "'; games: " + GameKind.keys()));
        try {
            this.options = OptionsNotation.parse(kind, optionText == null ? "" : optionText);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("options '" + optionText + "': " + e.getMessage(), e);
        }
        update("");
    }

    /**
     * Replays the moves of a {@code gameState} from the start.
     *
     * @param moveText the moves, separated by spaces
     * @throws IllegalArgumentException naming the first move (1-based) the rules refuse
     */
    public void update(String moveText) {
        List<String> list = new ArrayList<>();
        for (String m : (moveText == null ? "" : moveText).trim().split("\\s+")) {
            if (!m.isEmpty()) {
                list.add(m);
            }
        }
        Position start = Position.initial(Rules.of(options));
        if (kind == GameKind.RIO_KADALIS) {
            match = new Match(start);
            game = null;
        } else {
            game = new Game(start);
            match = null;
        }
        for (int i = 0; i < list.size(); i++) {
            String m = list.get(i);
            try {
                Game g = current();
                if (m.equals("=")) {
                    g.agree();
                } else {
                    int pit = g.position().rules().pitOfLetter(m);
                    if (pit < 0) {
                        throw new RulesException("'" + m + "' is no pit of this board");
                    }
                    g.play(pit);
                }
                if (match != null && !match.isOver() && match.round().isOver()) {
                    match.nextRound();
                }
            } catch (RulesException e) {
                throw new IllegalArgumentException("move " + (i + 1) + " (" + m + "): " + e.getMessage(), e);
            }
        }
        moves = List.copyOf(list);
    }

    /** @return the game (in Rio Kadalis the round) being played now, with its history for repetition. */
    public Game current() {
        return match != null ? match.round() : game;
    }

    /** @return moves read so far (agreements included). */
    public int moveCount() {
        return moves.size();
    }

    /** @return true when the game, or the whole Rio Kadalis match, is over by the rules. */
    public boolean isOver() {
        return match != null ? match.isOver() : game.isOver();
    }

    /** @return true when {@code side} is to move in a game that is not over. */
    public boolean toMove(Side side) {
        return !isOver() && !current().isOver() && current().position().sideToMove() == side;
    }

    /** @return the letter of {@code pit} on this board. */
    public String letter(int pit) {
        return current().position().rules().pitLetter(pit);
    }

    /** @return the game's kind. */
    public GameKind kind() {
        return kind;
    }
}
