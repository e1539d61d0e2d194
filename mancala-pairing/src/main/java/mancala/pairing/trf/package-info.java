/** FIDE Tournament Report Files (TRF16, TRF(x), TRF-2026 lines): {@link mancala.pairing.trf.TrfReader}, {@link mancala.pairing.trf.TrfWriter}. */
package mancala.pairing.trf;
