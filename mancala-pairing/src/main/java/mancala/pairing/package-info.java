/**
 * Tournament pairing without server code: the tournament model a TRF file holds ({@link mancala.pairing.Tournament},
 * {@link mancala.pairing.Player}, {@link mancala.pairing.RoundEntry}), the point system and the initial order.
 * Sides are called colours as in the FIDE rules: White is the side that moves first (South).
 */
package mancala.pairing;
