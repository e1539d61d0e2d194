/** Writing scores for standings ("½", "1½"). */
package mancala.pairing.standings;
