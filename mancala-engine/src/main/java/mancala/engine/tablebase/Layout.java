package mancala.engine.tablebase;

import java.util.ArrayList;
import java.util.List;
import mancala.notation.OptionsNotation;
import mancala.rules.AlManqalaOptions;
import mancala.rules.Board;
import mancala.rules.Endless;
import mancala.rules.GameKind;
import mancala.rules.HawalisOptions;
import mancala.rules.RioKadalisOptions;
import mancala.rules.Rules;

/**
 * How a game's positions are laid out in a table: which layer holds a position and at which index. Positions are
 * taken from the side to move's seat (the games are symmetric), with nothing held off the board: the value of a
 * position does not depend on the seeds already captured (see {@link Tablebase}).
 *
 * <p>Two layouts. {@link Sides} for Hawalis and Bao Kiarabu, where seeds never cross sides (H2): layer (a, b) holds
 * the positions whose mover has a seeds and whose opponent has b; the index is the rank of the mover's 14 (16) pits
 * times the number of opponent distributions, plus the rank of the opponent's. {@link Board2} for Al-manqala and
 * Rio Kadalis rounds: layer k holds the positions with k seeds on the board, ranked as one distribution over both
 * rows, the mover's first. In Al-manqala a layer with an odd number of seeds keeps both sides to move apart (the
 * equal split of A8 gives North the odd seed), so its index is rank × 2 + side.
 */
abstract class Layout {
    final Rules rules;
    final int n;
    final Compositions comb;

    Layout(Rules rules, int compositionPits, int maxSeeds) {
        this.rules = rules;
        this.n = rules.pitsPerSide();
        this.comb = new Compositions(compositionPits, maxSeeds);
    }

    /**
     * @return the layout for these rules, holding positions up to {@code maxSeeds} (a side's in Hawalis)
     * @throws TablebaseException when tables cannot be built for these options, saying why
     */
    static Layout of(Rules rules, int maxSeeds) {
        if (rules.kind().fourRows()) {
            if (((HawalisOptions) rules.options()).scoringCaptures()) {
                throw new TablebaseException("scoring=captures needs the seeds captured, which tables leave out; "
                        + "tables are built for the default scoring (H9)");
            }
            return new Sides(rules, maxSeeds);
        }
        if (rules.options() instanceof RioKadalisOptions r && r.endless() != Endless.ILLEGAL
                || rules.options() instanceof AlManqalaOptions a && a.relay() && a.endless() != Endless.ILLEGAL) {
            throw new TablebaseException("tables value a round by the seeds each side secures; an endless move "
                    + "that ends it with a result (endless=lose or draw) has no such value: use endless=illegal");
        }
        if (rules.kind() == GameKind.AL_MANQALA && maxSeeds >= 50) {
            throw new TablebaseException("Al-manqala tables hold at most 49 seeds on the board (A7: 50 captured win)");
        }
        return new Board2(rules, maxSeeds);
    }

    /** @return the folder name of these rules' tables: the options that change the value of a position. */
    static String optionsKey(Rules rules) {
        String text;
        if (rules.options() instanceof HawalisOptions h) {
            text = OptionsNotation.format(h.withSeeds(2));
        } else if (rules.options() instanceof RioKadalisOptions r) {
            text = OptionsNotation.format(r.withLoserStarts(false).withConquest(false));
        } else {
            text = OptionsNotation.format(rules.options());
        }
        return text.isEmpty() ? "default" : text.replace(' ', '_');
    }

    /** @return the layers needed for all positions up to {@code seeds}, in build order (lower layers first). */
    abstract List<Integer> layersUpTo(int seeds);

    /**
     * @return the step between the seeds on the board of a layer and those of every layer its moves lead to: 4 in
     *     Rio Kadalis (a capture takes fours, R3 and R4; the seeds left at a round's end, R6, leave with the round),
     *     2 in Al-manqala without {@code captureOpposite} (a capture takes 2 or 4 seeds a pit, A3), else 1 (any
     *     number of seeds can leave the board, or the layers are not counted in seeds on the board: Hawalis)
     */
    int stride() {
        return 1;
    }

    /**
     * @return the layers a round that starts with {@code seeds} seeds on the board can reach, in build order: the
     *     layers k ≤ seeds with k ≡ seeds (mod {@link #stride()}); each needs only layers of the list below it
     * @throws TablebaseException when every layer is reachable ({@link #stride()} 1), saying why
     */
    List<Integer> reachableUpTo(int seeds) {
        int step = stride();
        if (step == 1) {
            throw new TablebaseException(rules.kind().key() + ": a capture can take any number of seeds, so every "
                    + "layer up to " + seeds + " seeds can be reached; only Rio Kadalis (captures take fours) and "
                    + "Al-manqala without captureOpposite (2 or 4 a pit) leave layers out");
        }
        List<Integer> out = new ArrayList<>();
        for (int k = seeds % step; k <= seeds; k += step) {
            out.add(k);
        }
        return out;
    }

    /** @return the name of layer {@code layer} (its file name without extension). */
    abstract String name(int layer);

    /** @return the layer code for a name, or -1. */
    abstract int parse(String name);

    /** @return entries in layer {@code layer}. */
    abstract long size(int layer);

    /** @return seeds on the board in layer {@code layer}. */
    abstract int seeds(int layer);

    /** @return the largest per-layer seed count it bounds: k (two rows) or max(a, b) (Hawalis). */
    abstract int reach(int layer);

    /**
     * @return the layer of the position on {@code b} (holdings ignored), or -1 when no table of this layout holds
     *     it (closed or conquered pits, an end set by a move)
     */
    abstract int layerOf(Board b);

    /** @return the index of {@code b} in its layer {@code layer} ({@link #layerOf}). */
    abstract long indexOf(Board b, int layer);

    /** @return the bits an entry of a round table layer needs (Hawalis: -1, known only when built). */
    abstract int valueBits(int layer);

    /** @return a new cursor over the positions of a layer. */
    abstract Cursor cursor();

    /** Walks the positions of a layer in index order, setting up a board for each. Not thread-safe. */
    abstract static class Cursor {
        final int[] pits;

        Cursor(int pitCount) {
            pits = new int[pitCount];
        }

        /** Moves to entry {@code index} of {@code layer}. */
        abstract void seek(int layer, long index);

        /** Moves to the next entry; false at the end of the layer. */
        abstract boolean advance();

        /** @return the side to move of the current entry */
        abstract int side();

        /** Sets up {@code b} with the current entry's position. */
        final void load(Board b) {
            b.setup(pits, side());
        }
    }

    /** Hawalis and Bao Kiarabu: layer (a, b), a the mover's seeds; code a * 64 + b. */
    static final class Sides extends Layout {
        Sides(Rules rules, int maxSeeds) {
            super(rules, rules.pitsPerSide(), Math.max(maxSeeds, 1));
        }

        @Override
        List<Integer> layersUpTo(int seeds) {
            List<Integer> out = new ArrayList<>();
            for (int t = 0; t <= 2 * seeds; t++) {
                for (int a = Math.max(0, t - seeds); a <= Math.min(seeds, t); a++) {
                    out.add(a * 64 + (t - a));
                }
            }
            return out;
        }

        @Override
        String name(int layer) {
            return (layer >> 6) + "-" + (layer & 63);
        }

        @Override
        int parse(String name) {
            int dash = name.indexOf('-');
            try {
                return dash < 0 ? -1 : Integer.parseInt(name.substring(0, dash)) * 64
                        + Integer.parseInt(name.substring(dash + 1));
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        @Override
        long size(int layer) {
            return comb.count(n, layer >> 6) * comb.count(n, layer & 63);
        }

        @Override
        int seeds(int layer) {
            return (layer >> 6) + (layer & 63);
        }

        @Override
        int reach(int layer) {
            return Math.max(layer >> 6, layer & 63);
        }

        @Override
        int layerOf(Board b) {
            if (b.endedByMove()) {
                return -1;
            }
            int s = b.sideIndex() * n;
            int o = n - s;
            int a = 0;
            int c = 0;
            for (int i = 0; i < n; i++) {
                a += b.seeds(s + i);
                c += b.seeds(o + i);
            }
            return a > comb.maxSeeds() || c > comb.maxSeeds() ? -1 : a * 64 + c;
        }

        @Override
        long indexOf(Board b, int layer) {
            int s = b.sideIndex() * n;
            int o = n - s;
            return rankOf(b, s, layer >> 6) * comb.count(n, layer & 63) + rankOf(b, o, layer & 63);
        }

        private long rankOf(Board b, int base, int k) {
            long r = 0;
            int left = k;
            // Compositions.rank over the board's pits without copying them out.
            for (int i = 0; i < n - 1; i++) {
                int c = b.seeds(base + i);
                r += comb.below(n - i, left, c);
                left -= c;
            }
            return r;
        }

        @Override
        int valueBits(int layer) {
            return -1;
        }

        @Override
        Cursor cursor() {
            return new Cursor(2 * n) {
                private int a;
                private int c;

                @Override
                void seek(int layer, long index) {
                    a = layer >> 6;
                    c = layer & 63;
                    long oc = comb.count(n, c);
                    comb.unrank(index / oc, n, a, pits, 0);
                    comb.unrank(index % oc, n, c, pits, n);
                }

                @Override
                boolean advance() {
                    if (Compositions.next(pits, n, n)) {
                        return true;
                    }
                    if (!Compositions.next(pits, 0, n)) {
                        return false;
                    }
                    comb.unrank(0, n, c, pits, n);
                    return true;
                }

                @Override
                int side() {
                    return 0;
                }
            };
        }
    }

    /** Al-manqala and Rio Kadalis rounds without closed or conquered pits: layer k, k seeds on the board. */
    static final class Board2 extends Layout {
        private final boolean oddLayersBySide;
        private final int pitCount;

        Board2(Rules rules, int maxSeeds) {
            super(rules, rules.pitCount(), Math.max(maxSeeds, 1));
            this.pitCount = rules.pitCount();
            this.oddLayersBySide = rules.kind() == GameKind.AL_MANQALA;
        }

        @Override
        int stride() {
            if (rules.kind() == GameKind.RIO_KADALIS) {
                return 4;
            }
            return rules.options() instanceof AlManqalaOptions a && !a.captureOpposite() ? 2 : 1;
        }

        /** @return 2 when the layer keeps the sides to move apart, else 1. */
        int sides(int k) {
            return oddLayersBySide && (k & 1) == 1 ? 2 : 1;
        }

        /** @return seeds in half units (Rio Kadalis: a cycle is worth half the seeds to each) or whole seeds. */
        int unit() {
            return rules.kind() == GameKind.RIO_KADALIS ? 2 : 1;
        }

        @Override
        List<Integer> layersUpTo(int seeds) {
            List<Integer> out = new ArrayList<>();
            for (int k = 0; k <= seeds; k++) {
                out.add(k);
            }
            return out;
        }

        @Override
        String name(int layer) {
            return Integer.toString(layer);
        }

        @Override
        int parse(String name) {
            try {
                return Integer.parseInt(name);
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        @Override
        long size(int layer) {
            return comb.count(pitCount, layer) * sides(layer);
        }

        @Override
        int seeds(int layer) {
            return layer;
        }

        @Override
        int reach(int layer) {
            return layer;
        }

        @Override
        int layerOf(Board b) {
            if (b.endedByMove() || b.closedMask() != 0 || b.conqueredMask() != 0) {
                return -1;
            }
            int k = 0;
            for (int p = 0; p < pitCount; p++) {
                k += b.seeds(p);
            }
            return k > comb.maxSeeds() ? -1 : k;
        }

        @Override
        long indexOf(Board b, int layer) {
            int side = b.sideIndex();
            int start = side * n;
            long r = 0;
            int left = layer;
            for (int i = 0; i < pitCount - 1; i++) {
                int p = start + i;
                int c = b.seeds(p < pitCount ? p : p - pitCount);
                r += comb.below(pitCount - i, left, c);
                left -= c;
            }
            return sides(layer) == 2 ? r * 2 + side : r;
        }

        @Override
        int valueBits(int layer) {
            int max = layer * unit();
            return Math.max(1, 32 - Integer.numberOfLeadingZeros(max));
        }

        @Override
        Cursor cursor() {
            int[] canon = new int[pitCount];
            return new Cursor(pitCount) {
                private int side;
                private int sides;

                @Override
                void seek(int layer, long index) {
                    sides = sides(layer);
                    side = (int) (index % sides);
                    comb.unrank(index / sides, pitCount, layer, canon, 0);
                    place();
                }

                private void place() {
                    int start = side * n;
                    for (int i = 0; i < pitCount; i++) {
                        int p = start + i;
                        pits[p < pitCount ? p : p - pitCount] = canon[i];
                    }
                }

                @Override
                boolean advance() {
                    if (side + 1 < sides) {
                        side++;
                    } else {
                        if (!Compositions.next(canon, 0, pitCount)) {
                            return false;
                        }
                        side = 0;
                    }
                    place();
                    return true;
                }

                @Override
                int side() {
                    return side;
                }
            };
        }
    }
}
