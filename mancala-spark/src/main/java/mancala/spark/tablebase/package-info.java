/**
 * Retrograde analysis of a table's layers over a Spark cluster ({@link mancala.spark.tablebase.SparkBuilder}),
 * writing the files the single-machine builder writes.
 */
package mancala.spark.tablebase;
