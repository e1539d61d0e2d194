/** Players ({@link mancala.engine.play.Player}) and self-play between two of them on several threads, with the tally
 * and its intervals. */
package mancala.engine.play;
