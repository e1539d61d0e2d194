package mancala.server.game;

import java.util.ArrayList;
import java.util.List;
import mancala.rules.Side;
import mancala.rules.SowingTrace;
import mancala.server.board.SideKeys;

/** Records a move's sowing step by step for the page's animation; pits are board indices. */
final class TraceRecorder implements SowingTrace {
    private final List<GameView.Step> steps = new ArrayList<>();

    @Override
    public void lift(int pit, int seeds) {
        steps.add(new GameView.Step("lift", pit, seeds, null));
    }

    @Override
    public void sow(int pit) {
        steps.add(new GameView.Step("sow", pit, null, null));
    }

    @Override
    public void take(int pit, int seeds, Side to) {
        steps.add(new GameView.Step("take", pit, seeds, SideKeys.key(to)));
    }

    /** @return the steps in order. */
    List<GameView.Step> steps() {
        return List.copyOf(steps);
    }
}
