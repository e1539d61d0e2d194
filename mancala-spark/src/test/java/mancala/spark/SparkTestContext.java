package mancala.spark;

import org.apache.spark.api.java.JavaSparkContext;

/** The Spark context of the tests: {@code local[2]}, as the build configures it. */
public final class SparkTestContext {
    private SparkTestContext() {
    }

    /** @return a new {@code local[2]} context */
    public static JavaSparkContext local2() {
        return SparkCluster.context("local[2]", "mancala test", null);
    }
}
