/** Monte Carlo tree search (UCT with a solver for proven results), the second kind of engine player. */
package mancala.engine.mcts;
