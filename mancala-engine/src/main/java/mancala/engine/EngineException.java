package mancala.engine;

/** A request the engine cannot serve: bad limits, a position a solver does not handle. The message says why. */
public final class EngineException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, for people */
    public EngineException(String message) {
        super(message);
    }
}
