package mancala.engine.tablebase;

import mancala.rules.Board;
import mancala.rules.GameKind;
import mancala.rules.Outcome;
import mancala.rules.Result;
import mancala.rules.Rules;
import mancala.rules.Side;

/**
 * Plays the moves of one position of a set of layers being built, for {@link Builder} and {@link LayerKit.Mover}
 * alike: its moves that stay in the set (as set nodes, {@link #edges}) and, when asked, its exits valued from the
 * finished layers below (rounds: the best exit from the never-ending value; Hawalis: the shortest win and longest
 * loss by an exit), as the class comment of {@link Builder} describes. Not thread-safe: one a thread.
 */
final class MovePlayer {
    /** The nodes of the set being built. */
    @FunctionalInterface
    interface SetNodes {
        /** @return the set node of the position on {@code b}, in layer {@code layer}; -1 when not in the set */
        long node(Board b, int layer);
    }

    /** The finished layers below. */
    @FunctionalInterface
    interface Below {
        /**
         * @return finished layer {@code layer}, holding {@code t}, a child of a position of layer {@code from}
         * @throws IllegalStateException when it is not there
         */
        Values layer(int layer, Board t, int from);
    }

    private final Rules rules;
    private final Layout layout;
    private final SetNodes set;
    private final Below below;
    private final boolean hawalis;
    private final boolean alManqala;
    private final Board[] kids;
    private final int[] moves;
    /** The children in the set of the last position played, {@code [0, visit())}. */
    final long[] edges;
    /** Rounds: the last position's best exit from the never-ending value ({@link LayerKit#NONE}: none). */
    int exit;
    /** Rounds: whether the last position has no moves (the round is over). */
    boolean terminal;
    /** Hawalis: the shortest win by an exit (0: none). */
    int exitWin;
    /** Hawalis: 1 + the longest loss by an exit when every exit loses (0: none; {@link LayerKit#CANNOT_LOSE}). */
    int exitLoss;

    MovePlayer(Rules rules, Layout layout, SetNodes set, Below below) {
        this.rules = rules;
        this.layout = layout;
        this.set = set;
        this.below = below;
        this.hawalis = layout instanceof Layout.Sides;
        this.alManqala = rules.kind() == GameKind.AL_MANQALA;
        this.kids = new Board[rules.pitCount()];
        for (int i = 0; i < kids.length; i++) {
            kids[i] = rules.emptyBoard();
        }
        this.moves = new int[rules.pitCount()];
        this.edges = new long[rules.pitCount() + 1];
    }

    /**
     * Plays the moves of the position on {@code b} (set up from {@code pits}), in layer {@code layer}.
     *
     * @param exits whether to value the exits (false: only the moves that stay in the set are wanted)
     * @return its moves that stay in the set
     * @throws TablebaseException when a distance does not fit the tables
     */
    int visit(int layer, Board b, int[] pits, boolean exits) {
        return hawalis ? visitHawalis(layer, b, exits) : visitRound(layer, b, pits, exits);
    }

    private int visitHawalis(int layer, Board b, boolean exits) {
        int mover = b.sideIndex();
        int n = rules.legalChildren(b, moves, kids);
        int count = 0;
        int win = 0;
        int loss = 0;
        if (n == 0) {
            Result r = rules.outcome(b).result(); // H9: he loses
            if (r != Result.DRAW) {
                if (r.winner().orElseThrow().index() == mover) {
                    win = 1;
                } else {
                    loss = 1;
                }
            } else {
                loss = LayerKit.CANNOT_LOSE;
            }
        }
        for (int j = 0; j < n; j++) {
            Board t = kids[j];
            if (t.endedByMove()) {
                Result r = rules.outcome(t).result(); // H8: the endless move ends the game
                if (r == Result.DRAW) {
                    loss = LayerKit.CANNOT_LOSE;
                } else if (r.winner().orElseThrow() == Side.of(mover)) {
                    win = 1;
                } else if (loss != LayerKit.CANNOT_LOSE) {
                    loss = Math.max(loss, 2);
                }
                continue;
            }
            int l = layout.layerOf(t);
            long c = set.node(t, l);
            if (c >= 0) {
                edges[count++] = c;
                continue;
            }
            if (!exits) {
                continue;
            }
            int cv = below.layer(l, t, layer).get(layout.indexOf(t, l));
            if (cv == 0) {
                loss = LayerKit.CANNOT_LOSE;
            } else if ((cv & 1) == 1) {
                if (loss != LayerKit.CANNOT_LOSE) {
                    loss = Math.max(loss, (cv + 1) / 2 + 2); // the child's mover wins in e: lost in e + 1
                }
            } else {
                int d = (cv - 2) / 2 + 1; // the child's mover loses in e: won in e + 1
                win = win == 0 ? d : Math.min(win, d);
            }
        }
        if (exits && (win > LayerKit.CANNOT_LOSE - 2
                || loss > LayerKit.CANNOT_LOSE - 2 && loss != LayerKit.CANNOT_LOSE)) {
            throw new TablebaseException("layer " + layout.name(layer) + ": a distance too long for the tables");
        }
        exitWin = win;
        exitLoss = loss;
        terminal = false;
        return count;
    }

    private int visitRound(int layer, Board b, int[] pits, boolean exits) {
        int mover = b.sideIndex();
        int k = layout.seeds(layer);
        if (alManqala && k > 0 && rowEmpty(b, mover) && !rowEmpty(b, mover ^ 1)) {
            // A5 (Al-manqala): a side with an empty row passes; such positions are never reached, valued so anyway.
            Board p = kids[0];
            p.setup(pits, mover ^ 1);
            edges[0] = set.node(p, layout.layerOf(p));
            exit = LayerKit.NONE;
            terminal = false;
            return 1;
        }
        int n = rules.legalChildren(b, moves, kids);
        int count = 0;
        int unit = ((Layout.Board2) layout).unit();
        int never = Builder.neverEnding(k, unit, mover);
        int best = LayerKit.NONE;
        if (n == 0) {
            Outcome o = rules.outcome(b);
            best = (mover == 0 ? o.south() : o.north()) * unit - never;
        }
        for (int j = 0; j < n; j++) {
            Board t = kids[j];
            int value;
            if (t.endedByMove()) {
                Outcome o = rules.outcome(t);
                value = (mover == 0 ? o.south() : o.north()) * unit;
            } else {
                int l = layout.layerOf(t);
                if (l == layer) {
                    if (t.sideIndex() == mover || t.holdings(0) != 0 || t.holdings(1) != 0) {
                        throw new IllegalStateException("a move without capture kept the mover or held seeds");
                    }
                    edges[count++] = set.node(t, l);
                    continue;
                }
                if (!exits) {
                    continue;
                }
                int child = below.layer(l, t, layer).get(layout.indexOf(t, l)) & ((1 << layout.valueBits(l)) - 1);
                int left = layout.seeds(l);
                value = t.holdings(mover) * unit + (t.sideIndex() == mover ? child : left * unit - child);
            }
            best = Math.max(best, value - never);
        }
        exit = (byte) best;
        terminal = n == 0;
        return count;
    }

    private boolean rowEmpty(Board b, int side) {
        int n = rules.pitsPerSide();
        for (int p = side * n; p < side * n + n; p++) {
            if (b.seeds(p) != 0) {
                return false;
            }
        }
        return true;
    }
}
