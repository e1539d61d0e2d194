/**
 * Tablebases and self-play on Apache Spark: the {@link mancala.engine.cluster.Cluster} the command line finds when
 * this module is on the class path, the standalone master and worker, and the main class spark-submit runs
 * ({@link mancala.spark.SparkMain}).
 */
package mancala.spark;
