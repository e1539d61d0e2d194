/** Self-play between two players on several threads, with the tally and its intervals. */
package mancala.engine.play;
