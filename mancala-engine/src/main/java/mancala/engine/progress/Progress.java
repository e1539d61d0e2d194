package mancala.engine.progress;

/**
 * How a long engine task (self-play, tuning, solving, a tablebase build) tells whoever runs it how far it has got,
 * without knowing how that is shown. A task reports {@link #begin}, any number of {@link #update}s and {@link #end};
 * a command may run several tasks one after another (a benchmark's warm-up and measurement). The engine makes the
 * calls of one task one at a time, though not always from the same thread; implementations must be cheap, since
 * they are called from the engine's loops, and must not throw.
 */
public interface Progress {
    /** Reports nowhere. */
    Progress NONE = new Progress() {
        @Override
        public void begin(String task, long total, String unit) {
        }

        @Override
        public void update(long done, String detail) {
        }

        @Override
        public void end() {
        }
    };

    /**
     * A task begins.
     *
     * @param task  what is being done, a few words ("self-play", "hawalis warm-up")
     * @param total units of work in the whole task, or -1 when not known beforehand
     * @param unit  the unit counted, plural ("games", "plies", "positions", "ms")
     */
    void begin(String task, long total, String unit);

    /**
     * The task has done {@code done} units (never fewer than at the last update).
     *
     * @param detail a short status to show beside the count, e.g. the running score; may be empty
     */
    void update(long done, String detail);

    /** The task has ended (finished, failed or was given up). */
    void end();
}
