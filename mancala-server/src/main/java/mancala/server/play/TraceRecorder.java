package mancala.server.play;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mancala.rules.Side;
import mancala.rules.SowingTrace;

/**
 * Records a move's sowing step by step for the page's animation: {@code lift} (a lap starts), {@code sow} (one
 * seed dropped), {@code take} (seeds leave a pit for a player). Pits are board indices.
 */
final class TraceRecorder implements SowingTrace {
    private final List<Map<String, Object>> steps = new ArrayList<>();

    @Override
    public void lift(int pit, int seeds) {
        steps.add(Map.of("k", "lift", "p", pit, "n", seeds));
    }

    @Override
    public void sow(int pit) {
        steps.add(Map.of("k", "sow", "p", pit));
    }

    @Override
    public void take(int pit, int seeds, Side to) {
        steps.add(Map.of("k", "take", "p", pit, "n", seeds, "to", Seats.key(to)));
    }

    /** @return the steps in order. */
    List<Map<String, Object>> steps() {
        return List.copyOf(steps);
    }
}
