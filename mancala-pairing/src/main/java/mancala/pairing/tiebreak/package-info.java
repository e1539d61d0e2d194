/** Tie-breaks of FIDE C.07 (2023) and the final ranking: {@link mancala.pairing.tiebreak.TieBreaks}. */
package mancala.pairing.tiebreak;
