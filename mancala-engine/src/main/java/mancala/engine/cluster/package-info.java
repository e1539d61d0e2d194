/**
 * Work spread over a cluster: the interface the command line calls ({@link mancala.engine.cluster.Cluster}), found
 * at run time when a module that implements it (the Spark one) is on the class path. The engine itself holds no
 * cluster code.
 */
package mancala.engine.cluster;
