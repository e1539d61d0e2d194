package mancala.pairing.dutch;

/** No pairing of the round satisfies the absolute criteria (no rematch, bye rules, absolute colour preferences). */
public final class NoValidPairingException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message why */
    public NoValidPairingException(String message) {
        super(message);
    }
}
