package mancala.engine.cluster;

import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import mancala.engine.play.PlayedGame;
import mancala.engine.progress.Progress;
import mancala.rules.Rules;

/**
 * Tablebase builds and self-play spread over a cluster of machines, and the cluster's own daemons. Implemented by
 * a module on the class path (found with {@link ServiceLoader}); the command line's {@code --master} options and its
 * {@code spark} command call it.
 */
public interface Cluster {
    /**
     * How a distributed tablebase build runs.
     *
     * @param master             the cluster: {@code local[K]} (in this process, K threads) or {@code spark://HOST:PORT}
     * @param checkpoint         the folder of the build's state between passes (every machine must see it at the
     *                           same path); a build started again goes on from it
     * @param partitionPositions positions a partition holds at most (bounds a task's memory)
     * @param executorMemory     memory an executor of a cluster is given (Spark's notation: {@code 4g}), or null
     * @param reachable          only the layers a round of the build's seeds reaches (Rio Kadalis: k ≡ N mod 4;
     *                           {@link mancala.engine.tablebase.Builder}'s {@code reachable})
     */
    record BuildSettings(String master, Path checkpoint, long partitionPositions, String executorMemory,
                         boolean reachable) {
        /** Settings of a build of every layer. */
        public BuildSettings(String master, Path checkpoint, long partitionPositions, String executorMemory) {
            this(master, checkpoint, partitionPositions, executorMemory, false);
        }
    }

    /**
     * Builds every missing layer of a table, writing files identical to the single-machine build's.
     *
     * @param rules    the game and options
     * @param seeds    seeds on the board at most (Hawalis, Bao Kiarabu: a side)
     * @param dir      the tables folder (every machine must see it at the same path)
     * @param settings the cluster and the build's limits
     * @param progress receives the progress
     * @param log      receives notes (layers found on disk, passes, the cluster's address)
     * @return the layers' files, in build order
     * @throws mancala.engine.tablebase.TablebaseException when the build cannot be made or fails
     */
    List<Path> buildTablebase(Rules rules, int seeds, Path dir, BuildSettings settings, Progress progress,
                              Consumer<String> log);

    /**
     * What a self-play run plays, as text every machine reads the same (players by name, options in notation).
     *
     * @param game           the game's key
     * @param options        rule options in notation ("" for the defaults)
     * @param first          the first player's name ({@link mancala.engine.Players#byName})
     * @param second         the second player's name
     * @param games          games
     * @param millis         time a move, ms
     * @param openingPlies   random opening plies
     * @param seed           seed of the openings and players
     * @param wholeMatch     Rio Kadalis: whole matches
     * @param maxPlies       plies at most a game
     * @param maxRounds      rounds at most a match
     * @param pairedOpenings whether games 2i and 2i + 1 share their opening
     */
    record GamesSpec(String game, String options, String first, String second, int games, long millis,
                     int openingPlies, long seed, boolean wholeMatch, int maxPlies, int maxRounds,
                     boolean pairedOpenings) implements java.io.Serializable {
    }

    /**
     * Plays the games of a self-play run over the cluster, each game exactly as {@link
     * mancala.engine.play.SelfPlay#play} plays it on one machine.
     *
     * @param master  the cluster ({@code local[K]} or {@code spark://HOST:PORT})
     * @param spec    the games
     * @param onGame  receives each game as it comes back (on the calling thread)
     * @return the games, in index order
     */
    List<PlayedGame> playGames(String master, GamesSpec spec, Consumer<PlayedGame> onGame);

    /**
     * Runs one of the cluster's daemons in this process until it is stopped.
     *
     * @param role {@code master} or {@code worker}
     * @param args the daemon's own arguments
     */
    void runDaemon(String role, String[] args);

    /**
     * @return the implementation on the class path
     * @throws IllegalStateException when there is none (the program was started without the cluster module)
     */
    static Cluster find() {
        for (Cluster c : ServiceLoader.load(Cluster.class)) {
            return c;
        }
        throw new IllegalStateException("the cluster module is not on the class path: run it through the mancala "
                + "script, which adds it for spark and --master, or add mancala-spark's jars");
    }
}
