package mancala.spark;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/** Counts the bytes Spark's shuffles write (the messages and edges that travel between partitions). */
final class ShuffleMeter extends SparkListener {
    private static final Map<JavaSparkContext, AtomicLong> BYTES = new WeakHashMap<>();
    private final AtomicLong bytes;

    private ShuffleMeter(AtomicLong bytes) {
        this.bytes = bytes;
    }

    static synchronized void attach(JavaSparkContext sc) {
        AtomicLong b = new AtomicLong();
        BYTES.put(sc, b);
        sc.sc().addSparkListener(new ShuffleMeter(b));
    }

    /** @return shuffle bytes written so far under {@code sc} */
    static synchronized long bytes(JavaSparkContext sc) {
        AtomicLong b = BYTES.get(sc);
        return b == null ? 0 : b.get();
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskMetrics() != null) {
            bytes.addAndGet(end.taskMetrics().shuffleWriteMetrics().bytesWritten());
        }
    }
}
