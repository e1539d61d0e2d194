package mancala.cli;

import java.util.function.Consumer;
import mancala.engine.cluster.Cluster;
import mancala.engine.play.PlayedGame;
import mancala.engine.play.SelfPlay;
import picocli.CommandLine.Option;

/**
 * {@code --master [URL]}: the commands that can spread their work over a Spark cluster ({@code tablebase build},
 * {@code selfplay}, {@code balance}). Without a value it is {@code local[K]}, K the threads (default: all cores).
 * The cluster code is found at run time ({@link Cluster#find}); the {@code mancala} script puts it on the class path
 * only for the commands that use it.
 */
final class ClusterOption {
    /** What {@code --master} is without a value. */
    static final String LOCAL = "local[*]";

    @Option(names = "--master", arity = "0..1", fallbackValue = LOCAL, paramLabel = "URL",
            description = "run on Apache Spark: local[K] in this process (without a value: local[threads]) or a "
                    + "standalone cluster spark://HOST:PORT (see 'mancala spark')")
    String master;

    /** @return whether {@code --master} was given */
    boolean given() {
        return master != null;
    }

    /** @return the master URL, {@code local[threads]} when given without a value */
    String url(Integer threads) {
        return master.equals(LOCAL) && threads != null ? "local[" + threads + "]" : master;
    }

    /**
     * @return the cluster code on the class path
     * @throws Cli.UsageException when the program was started without it
     */
    static Cluster cluster() {
        try {
            return Cluster.find();
        } catch (IllegalStateException e) {
            throw new Cli.UsageException(e.getMessage());
        }
    }

    /**
     * Plays a self-play run's games on the cluster.
     *
     * @return the tally for the first player, as {@link SelfPlay#run} makes it
     */
    SelfPlay.Summary selfPlay(Cluster.GamesSpec spec, Integer threads, Consumer<PlayedGame> onGame) {
        return SelfPlay.Summary.of(cluster().playGames(url(threads), spec, onGame));
    }
}
