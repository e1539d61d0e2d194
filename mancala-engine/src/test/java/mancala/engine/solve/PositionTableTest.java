package mancala.engine.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The solver's position table: ids in order of addition, through growth, and its limit. */
class PositionTableTest {
    @Test
    void numbersKeysInOrderOfAdditionThroughGrowth() {
        PositionTable t = new PositionTable(1_000_000);
        Map<Long, Integer> expected = new HashMap<>();
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 600_000; i++) {
            long key = r.nextLong(1L << 43); // keys are at most 43 bits: two 21-bit configurations and a side
            int id = t.getOrAdd(key);
            Integer old = expected.putIfAbsent(key, expected.size());
            assertThat(id).isEqualTo(old == null ? expected.size() - 1 : old);
        }
        assertThat(t.size()).isEqualTo(expected.size());
        expected.forEach((k, id) -> {
            assertThat(t.get(k)).isEqualTo(id);
            assertThat(t.key(id)).isEqualTo(k);
        });
        assertThat(t.get(-5)).isEqualTo(-1);
    }

    @Test
    void refusesMoreThanItsLimit() {
        PositionTable t = new PositionTable(3);
        t.getOrAdd(10);
        t.getOrAdd(20);
        t.getOrAdd(30);
        assertThat(t.getOrAdd(20)).isEqualTo(1);
        assertThatThrownBy(() -> t.getOrAdd(40)).isInstanceOf(PositionTable.TooBig.class);
    }
}
