package mancala.server.board;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mancala.rules.Position;
import mancala.rules.Side;

/**
 * A board for drawing: seeds per pit (board index order, South's pits first), closed flags, each pit's owner
 * ({@code south}/{@code north}), the seeds each side holds (captured, in seeds) and the side to move.
 */
public record BoardView(List<Integer> pits, List<Boolean> closed, List<String> owners, Map<String, Integer> holdings,
                        String toMove) {
    /** @return the board of {@code p}. */
    public static BoardView of(Position p) {
        int n = p.rules().pitCount();
        List<Integer> pits = new ArrayList<>(n);
        List<Boolean> closed = new ArrayList<>(n);
        List<String> owners = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            pits.add(p.seeds(i));
            closed.add(p.isClosed(i));
            owners.add(SideKeys.key(p.owner(i)));
        }
        return new BoardView(List.copyOf(pits), List.copyOf(closed), List.copyOf(owners),
                Map.of("south", p.holdings(Side.SOUTH), "north", p.holdings(Side.NORTH)), SideKeys.key(p.sideToMove()));
    }
}
