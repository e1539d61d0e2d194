package mancala.spark.tablebase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The Spark build's index arithmetic at the sizes of Rio Kadalis 28 seeds (layer 28: C(39, 11) = 1,676,056,044
 * positions, above 2^31) and up to 2^32 positions a set: nothing wraps through a signed int.
 */
class LayerJobIndexTest {
    private static final long LAYER_28 = 1_676_056_044L;
    private static final long PART = 1L << 22; // the default partition: 4,194,304 positions

    @Test
    void theLastNodeOfLayer28FallsInItsPartitionAtItsIndex() {
        long last = LAYER_28 - 1; // 1,676,056,043 = 399 * 4,194,304 + 2,528,747
        assertThat(LayerJob.partitionOf(last, PART)).isEqualTo(399);
        assertThat(LayerJob.localIndex(last, PART)).isEqualTo(2_528_747);
        assertThat(LayerJob.partitionOf(last, PART) * PART + LayerJob.localIndex(last, PART)).isEqualTo(last);
    }

    @Test
    void nodesAbove2To31AreStoredUnsigned() {
        for (long node : new long[] {0, 0x7FFFFFFFL, 0x80000000L, LAYER_28 + 1_000_000_000L, 0xFFFFFFFFL}) {
            int packed = LayerJob.packNode(node);
            assertThat(LayerJob.unpackNode(packed)).as("node %d", node).isEqualTo(node);
        }
        assertThat(LayerJob.packNode(0x80000000L)).isEqualTo(Integer.MIN_VALUE); // the sign bit, read back unsigned
        assertThat(LayerJob.unpackNode(-1)).isEqualTo(4_294_967_295L);
        assertThatThrownBy(() -> LayerJob.packNode(1L << 32)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LayerJob.packNode(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void partitionsOfAFullSetOf2To32NodesAreCountedInInts() {
        long last = 0xFFFFFFFFL;
        long part = 1 << 26; // the largest partition allowed
        assertThat(LayerJob.partitionOf(last, part)).isEqualTo(63);
        assertThat(LayerJob.localIndex(last, part)).isEqualTo((1 << 26) - 1);
        assertThat(LayerJob.partitionOf(last, 64)).isEqualTo(67_108_863); // the smallest: still an int
    }

    @Test
    void predecessorOffsetsAreLongsAndAFileAbove2GiBIsRefused() {
        int n = 1 << 26;
        // a partition of 2^26 positions with 3 moves into each: 8 (n + 1) + 12 n bytes = 1,342,177,288
        assertThat(LayerJob.predsBytes(n, 3L * n)).isEqualTo(8L * (n + 1) + 12L * n).isEqualTo(1_342_177_288L);
        assertThat(LayerJob.predAt(n, 3L * n - 1)).isEqualTo(1_342_177_284);
        // 2^29 moves into it: 4.5 GiB, more than an int (and one map) holds
        assertThat(LayerJob.predsBytes(n, 1L << 29)).isEqualTo(8L * (n + 1) + (1L << 31)).isGreaterThan(
                Integer.MAX_VALUE);
        assertThatThrownBy(() -> LayerJob.predAt(n, 1L << 29)).isInstanceOf(IllegalStateException.class);
    }
}
