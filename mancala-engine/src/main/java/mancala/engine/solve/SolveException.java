package mancala.engine.solve;

/**
 * A position the exact solver ({@link Solver}) cannot solve: nothing proven in the time given, too many positions
 * reachable for memory, a game or scoring the retrograde analysis does not handle, or a cancelled solve. The message
 * says why, for people.
 */
public final class SolveException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, for people */
    public SolveException(String message) {
        super(message);
    }
}
