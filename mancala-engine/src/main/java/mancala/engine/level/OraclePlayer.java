package mancala.engine.level;

import java.util.List;
import mancala.engine.play.Player;
import mancala.engine.tablebase.Tablebase;
import mancala.rules.Game;
import mancala.rules.Position;

/**
 * The strongest opponent: inside the endgame tables it plays the tables' best move (the exact value: shortest win,
 * else a draw, else the longest loss; in a round the most seeds secured), and elsewhere it searches as deep as its
 * time allows, probing the tables at the leaves (level 10). Named {@code oracle}. Not thread-safe.
 */
public final class OraclePlayer implements Player {
    /** The name of this player for {@code mancala.engine.Players}. */
    public static final String NAME = "oracle";

    private final LevelPlayer search;
    private long fromTables;
    private long searched;

    /** @param seed unused by the tables; the search is deterministic */
    public OraclePlayer(long seed) {
        this.search = new LevelPlayer(10, seed, true);
    }

    /**
     * @return the tables' best move when the position and every position after its moves are in the standard
     *     tables ({@link Tablebase#standard}); else the level-10 search's move within {@code timeMillis}
     * @throws IllegalStateException when the game is over
     */
    @Override
    public int chooseMove(Game game, long timeMillis) {
        Position p = game.position();
        int[] moves = p.legalMoves();
        if (moves.length == 0 || game.isOver()) {
            throw new IllegalStateException("the game is over");
        }
        Tablebase tables = Tablebase.standard(p.rules());
        if (tables.any() && tables.covers(p.toBoard())) {
            List<Tablebase.MoveValue> ranked = tables.moves(p.toBoard());
            if (ranked != null && !ranked.isEmpty()) {
                fromTables++;
                return ranked.get(0).move();
            }
        }
        searched++;
        return search.chooseMove(game, timeMillis);
    }

    /** @return moves this player took from the tables so far. */
    public long fromTables() {
        return fromTables;
    }

    /** @return moves this player searched for so far. */
    public long searched() {
        return searched;
    }

    @Override
    public String name() {
        return NAME;
    }
}
