package mancala.rules;

/**
 * Receives each step of a move as it is played, lap by lap, for animation and for showing a ply in the terminal.
 * Pits are board indices (see {@link Board}). Tracing is off in search: the hot loop only tests for null.
 */
public interface SowingTrace {
    /** A lap starts: {@code seeds} seeds are lifted from {@code pit}. */
    void lift(int pit, int seeds);

    /** One seed is dropped into {@code pit}. */
    void sow(int pit);

    /** {@code seeds} seeds are taken out of {@code pit} and go to {@code to} (a capture, a four, a binikh). */
    void take(int pit, int seeds, Side to);
}
