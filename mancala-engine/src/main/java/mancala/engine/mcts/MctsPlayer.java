package mancala.engine.mcts;

import java.util.List;
import mancala.engine.play.Player;
import mancala.rules.Game;
import mancala.rules.Position;
import mancala.rules.Side;
import mancala.rules.Zobrist;

/** A player using {@link Mcts} for the whole time it is given. Not thread-safe. */
public final class MctsPlayer implements Player {
    private final long randomSeed;
    private Mcts mcts;
    private Object options;

    /** @param randomSeed seed of the playouts */
    public MctsPlayer(long randomSeed) {
        this.randomSeed = randomSeed;
    }

    @Override
    public int chooseMove(Game game, long timeMillis) {
        Position p = game.position();
        int[] moves = p.legalMoves();
        if (moves.length == 0 || game.isOver()) {
            throw new IllegalStateException("the game is over");
        }
        if (moves.length == 1) {
            return moves[0];
        }
        if (mcts == null || !p.rules().options().equals(options)) {
            mcts = new Mcts(p.rules(), randomSeed);
            options = p.rules().options();
        }
        List<Position> ps = game.positions();
        int start = ps.size() - 1;
        while (start > 0 && ps.get(start - 1).holdings(Side.SOUTH) == ps.get(start).holdings(Side.SOUTH)
                && ps.get(start - 1).holdings(Side.NORTH) == ps.get(start).holdings(Side.NORTH)) {
            start--;
        }
        long[] keys = new long[ps.size() - 1 - start];
        for (int i = start; i < ps.size() - 1; i++) {
            keys[i - start] = Zobrist.hash(ps.get(i));
        }
        mcts.setHistory(keys);
        int m = mcts.search(p.toBoard(), timeMillis, Long.MAX_VALUE);
        return m >= 0 ? m : moves[0];
    }

    @Override
    public String name() {
        return "mcts";
    }
}
