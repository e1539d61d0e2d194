package mancala.engine.tablebase;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mancala.engine.progress.Progress;
import mancala.notation.OptionsNotation;
import mancala.rules.GameKind;
import mancala.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build reports one task, {@code tablebase}, counted in positions of the layers this run builds: layers found on
 * disk are not its work (so a rate computed from it is this run's), the count never goes back and ends at the total.
 */
class BuilderProgressTest {
    @TempDir
    Path dir;

    /** Records the calls, in order. */
    static final class Recorder implements Progress {
        final List<String> calls = new ArrayList<>();
        final List<Long> counts = new ArrayList<>();
        long total = -2;

        @Override
        public void begin(String task, long total, String unit) {
            calls.add("begin " + task + " " + unit);
            this.total = total;
        }

        @Override
        public void update(long done, String detail) {
            counts.add(done);
            assertThat(detail).startsWith("layer ");
        }

        @Override
        public void end() {
            calls.add("end");
        }
    }

    @Test
    void aBuildCountsOnlyTheLayersItBuilds() {
        Rules rules = Rules.of(OptionsNotation.parse(GameKind.RIO_KADALIS, ""));
        Layout layout = Layout.of(rules, 5);
        long upTo4 = 0;
        long upTo5 = 0;
        for (int l : layout.layersUpTo(5)) {
            upTo5 += layout.size(l);
            upTo4 += l <= 4 ? layout.size(l) : 0;
        }
        assertThat(upTo4).isPositive().isLessThan(upTo5);

        Recorder first = new Recorder();
        new Builder(rules, 4, 1, dir, first, s -> { }).build();
        assertThat(first.calls).containsExactly("begin tablebase positions", "end");
        assertThat(first.total).isEqualTo(upTo4);

        Recorder second = new Recorder();
        new Builder(rules, 5, 1, dir, second, s -> { }).build();
        assertThat(second.calls).containsExactly("begin tablebase positions", "end");
        assertThat(second.total).as("the 5-seed layer only").isEqualTo(upTo5 - upTo4);
        assertThat(second.counts).isNotEmpty().isSorted();
        assertThat(second.counts.get(second.counts.size() - 1)).isEqualTo(upTo5 - upTo4);

        Recorder none = new Recorder();
        new Builder(rules, 5, 1, dir, none, s -> { }).build();
        assertThat(none.calls).as("nothing to build, no task").isEmpty();
    }
}
