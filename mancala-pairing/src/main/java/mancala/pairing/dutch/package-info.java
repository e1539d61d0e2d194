/** The FIDE (Dutch) Swiss system, C.04.3: {@link mancala.pairing.dutch.DutchPairer#pairNextRound}. */
package mancala.pairing.dutch;
