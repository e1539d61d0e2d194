package mancala.pairing;

/**
 * Points, in tenths of a point (10 = one point), a player scores for each kind of round result (TRF codes BBW, BBD,
 * BBL, BBZ, BBF, BBU or the 162 line).
 *
 * @param win               a game won, over the board or by forfeit
 * @param draw              a game drawn, or a half-point bye
 * @param loss              a game lost over the board
 * @param zeroPointBye      a round not played and not paired (absence, zero-point bye)
 * @param forfeitLoss       a game lost by forfeit
 * @param pairingAllocatedBye the bye the pairing gives to the odd player out
 */
public record PointSystem(int win, int draw, int loss, int zeroPointBye, int forfeitLoss, int pairingAllocatedBye) {
    /** The usual system: 1, ½, 0, and a pairing-allocated bye worth a win. */
    public static final PointSystem STANDARD = new PointSystem(10, 5, 0, 0, 0, 10);

    /** @return a copy with the pairing-allocated bye worth {@code tenths} */
    public PointSystem withPairingAllocatedBye(int tenths) {
        return new PointSystem(win, draw, loss, zeroPointBye, forfeitLoss, tenths);
    }
}
