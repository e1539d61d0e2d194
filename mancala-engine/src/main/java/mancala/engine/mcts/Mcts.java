package mancala.engine.mcts;

import java.util.SplittableRandom;
import mancala.engine.eval.Evaluator;
import mancala.engine.search.SearchLimits;
import mancala.rules.Board;
import mancala.rules.Result;
import mancala.rules.Rules;
import mancala.rules.Zobrist;

/**
 * Monte Carlo tree search with UCT selection and a solver: a node whose result is proven (a finished game, a
 * repetition, or by its children: one child won for the player to move, or every child lost) is no longer sampled
 * and its proven value is backed up instead of averages. Playouts are uniformly random, cut at
 * {@link #PLAYOUT_PLIES} plies and then scored by the sign of the evaluation. Not thread-safe.
 *
 * <p>Rewards are 1 for a win, 1/2 for a draw, 0 for a loss, kept per node for the player who moved into it. A node
 * in Al-manqala may have the same side to move as its parent (A5 pass); the perspective follows the mover, so that
 * case needs no special rule.
 */
public final class Mcts {
    /** Plies a playout runs before it is scored by the evaluation. */
    public static final int PLAYOUT_PLIES = 200;
    /** The UCT exploration constant. */
    public static final double EXPLORATION = 1.0;
    /** Nodes the tree may hold; when full, the search stops. */
    public static final int MAX_NODES = 1_000_000;

    private static final byte UNKNOWN = 0;
    private static final byte WIN = 1;
    private static final byte LOSS = 2;
    private static final byte DRAW = 3;

    private Rules rules;
    private final SplittableRandom random;
    private final Evaluator eval;
    private Board playout;
    private final int[] moves;
    private final int limit;
    private long[] history = new long[0];
    private int nodeCount;
    private long lastIterations;

    /** One position of the tree. */
    private static final class Node {
        final Node parent;
        final int move;
        final Board board;
        final long key;
        /** 0 (South) or 1 (North): the side that played {@link #move}. */
        final int mover;
        Node[] children;
        int expanded;
        int[] untried;
        int visits;
        double reward;
        byte proven;

        Node(Node parent, int move, Board board, int mover) {
            this.parent = parent;
            this.move = move;
            this.board = board;
            this.key = Zobrist.hash(board);
            this.mover = mover;
        }
    }

    /** @param randomSeed the random generator's seed */
    public Mcts(Rules rules, long randomSeed) {
        this.rules = rules;
        this.random = new SplittableRandom(randomSeed);
        this.eval = new Evaluator(rules.kind(), rules.pitsPerSide(), mancala.engine.eval.Weights.of(rules.kind()));
        this.playout = rules.emptyBoard();
        this.moves = new int[rules.pitCount()];
        this.limit = rules.repetitionLimit();
    }

    /** Sets the game's earlier positions since the last change of the holdings, as Zobrist hashes (repetition). */
    public void setHistory(long[] keys) {
        history = keys.clone();
    }

    /**
     * Searches from {@code root} for {@code timeMillis} ms or {@code maxIterations} iterations, whichever ends first.
     *
     * @return the chosen move: a proven win if any, otherwise the most visited; -1 when the root has no move
     * @throws IllegalArgumentException when the root is played under other rule options
     */
    public int search(Board root, long timeMillis, long maxIterations) {
        if (root.rules() != rules) {
            // Boards copy only from boards of the same rules instance; equal options may come as another instance.
            if (!root.rules().options().equals(rules.options())) {
                throw new IllegalArgumentException("this search plays " + rules + ", not " + root.rules());
            }
            rules = root.rules();
            playout = rules.emptyBoard();
        }
        long deadline = System.nanoTime() + SearchLimits.nanos(Math.max(1, timeMillis));
        Node rootNode = new Node(null, -1, root.copy(), root.sideIndex() ^ 1);
        nodeCount = 1;
        initialise(rootNode);
        if (rootNode.proven != UNKNOWN || rootNode.untried.length == 0) {
            int[] m = new int[rules.pitCount()];
            return root.legalMoves(m) > 0 ? m[0] : -1;
        }
        long it = 0;
        while (rootNode.proven == UNKNOWN && it < maxIterations && nodeCount < MAX_NODES) {
            iterate(rootNode);
            it++;
            if ((it & 7) == 0 && System.nanoTime() - deadline >= 0) {
                break;
            }
        }
        lastIterations = it;
        return bestChild(rootNode).move;
    }

    /** @return iterations of the last search. */
    public long iterations() {
        return lastIterations;
    }

    private Node bestChild(Node root) {
        Node best = null;
        for (int i = 0; i < root.expanded; i++) {
            Node c = root.children[i];
            if (c.proven == WIN) {
                return c;
            }
            if (best == null || score(c) > score(best)) {
                best = c;
            }
        }
        if (best == null) {
            // Nothing expanded yet (a tiny budget): any legal move.
            return new Node(null, root.untried[0], root.board, root.board.sideIndex());
        }
        return best;
    }

    private static double score(Node c) {
        return c.proven == LOSS ? -1 : c.visits + (c.proven == DRAW ? 0.5 : 0);
    }

    /** Sets a node's legal moves, or its proven result when the game is over there. */
    private void initialise(Node node) {
        Board b = node.board;
        int n = b.legalMoves(moves);
        node.untried = java.util.Arrays.copyOf(moves, n);
        node.children = new Node[n];
        if (n == 0) {
            node.proven = provenFor(rules.outcome(b).result(), node.mover);
            return;
        }
        if (node.parent != null && repeats(node)) {
            node.proven = provenFor(rules.byRepetition(b).result(), node.mover);
        }
    }

    private boolean repeats(Node node) {
        int seen = 1;
        int s0 = node.board.holdings(0);
        int s1 = node.board.holdings(1);
        for (Node a = node.parent; a != null; a = a.parent) {
            if (a.board.holdings(0) != s0 || a.board.holdings(1) != s1) {
                return false; // seeds left the board since: no earlier position can recur
            }
            if (a.key == node.key && ++seen >= limit) {
                return true;
            }
        }
        for (int i = history.length - 1; i >= 0; i--) {
            if (history[i] == node.key && ++seen >= limit) {
                return true;
            }
        }
        return false;
    }

    private static byte provenFor(Result r, int mover) {
        if (r == Result.DRAW) {
            return DRAW;
        }
        return (r == Result.SOUTH_WINS) == (mover == 0) ? WIN : LOSS;
    }

    private void iterate(Node root) {
        Node node = root;
        // Selection: down through fully expanded, unproven nodes.
        while (node.proven == UNKNOWN && node.expanded == node.untried.length) {
            node = select(node);
        }
        if (node.proven == UNKNOWN) {
            // Expansion: one untried move.
            int i = node.expanded;
            int j = i + random.nextInt(node.untried.length - i);
            int m = node.untried[j];
            node.untried[j] = node.untried[i];
            node.untried[i] = m;
            Board b = node.board.copy();
            b.sow(m);
            Node child = new Node(node, m, b, node.board.sideIndex());
            nodeCount++;
            initialise(child);
            node.children[node.expanded++] = child;
            node = child;
        }
        double reward;
        if (node.proven != UNKNOWN) {
            reward = node.proven == WIN ? 1 : node.proven == LOSS ? 0 : 0.5;
        } else {
            reward = playout(node.board, node.mover);
        }
        backup(node, reward);
    }

    private Node select(Node node) {
        Node best = null;
        double bestValue = Double.NEGATIVE_INFINITY;
        double logN = Math.log(node.visits + 1);
        for (int i = 0; i < node.expanded; i++) {
            Node c = node.children[i];
            double v;
            if (c.proven == WIN) {
                v = Double.POSITIVE_INFINITY;
            } else if (c.proven == LOSS) {
                v = -1e9;
            } else {
                double mean = c.proven == DRAW ? 0.5 : c.reward / c.visits;
                v = mean + EXPLORATION * Math.sqrt(logN / c.visits);
            }
            if (v > bestValue) {
                bestValue = v;
                best = c;
            }
        }
        return best;
    }

    /** Backs a reward (for the mover into {@code node}) up to the root, and proven results as far as they go. */
    private void backup(Node node, double reward) {
        Node c = node;
        while (c != null) {
            c.visits++;
            c.reward += reward;
            Node p = c.parent;
            if (p != null) {
                // The reward is for c.mover; the parent's statistics are for p.mover.
                if (p.mover != c.mover) {
                    reward = 1 - reward;
                }
                if (p.proven == UNKNOWN) {
                    prove(p);
                }
            }
            c = p;
        }
    }

    /** Solver: a node is proven when a child won for the player to move there or every child lost for him. */
    private static void prove(Node p) {
        int toMove = p.board.sideIndex();
        boolean allLost = p.expanded == p.untried.length;
        boolean allDecided = allLost;
        for (int i = 0; i < p.expanded; i++) {
            Node c = p.children[i];
            if (c.proven == WIN) {
                p.proven = p.mover == toMove ? WIN : LOSS;
                return;
            }
            if (c.proven != LOSS) {
                allLost = false;
            }
            if (c.proven == UNKNOWN) {
                allDecided = false;
            }
        }
        if (allLost) {
            p.proven = p.mover == toMove ? LOSS : WIN;
        } else if (allDecided) {
            p.proven = DRAW; // every child is a loss or a draw for the player to move, some a draw
        }
    }

    private double playout(Board from, int mover) {
        Board b = playout;
        b.copyFrom(from);
        for (int ply = 0; ply < PLAYOUT_PLIES; ply++) {
            int n = b.legalMoves(moves);
            if (n == 0) {
                Result r = rules.outcome(b).result();
                return r == Result.DRAW ? 0.5 : (r == Result.SOUTH_WINS) == (mover == 0) ? 1 : 0;
            }
            b.sow(moves[random.nextInt(n)]);
        }
        int e = eval.evaluate(b);
        if (b.sideIndex() != mover) {
            e = -e;
        }
        return e > 0 ? 1 : e < 0 ? 0 : 0.5;
    }
}
