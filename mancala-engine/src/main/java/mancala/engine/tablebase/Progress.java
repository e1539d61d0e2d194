package mancala.engine.tablebase;

/**
 * Receives a build's progress, from the building threads (so it must be thread-safe and quick). The command line
 * prints it; a progress bar may be hooked in instead.
 */
@FunctionalInterface
public interface Progress {
    /** Reports nothing. */
    Progress NONE = (layer, pass, done, total, doneAll, totalAll) -> { };

    /**
     * @param layer    the layer being built, as its file names it ({@code 12}; Hawalis {@code 5-4})
     * @param pass     the step of that layer's build: 1 its moves played, 2 its moves placed at their children, 3 its
     *                 values settled
     * @param done     positions of this pass done
     * @param total    positions of this pass
     * @param doneAll  positions of the finished layers (and of those found on disk), all seed counts
     * @param totalAll positions of all layers of the build
     */
    void progress(String layer, int pass, long done, long total, long doneAll, long totalAll);
}
