package mancala.engine.tablebase;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import mancala.rules.Board;
import mancala.rules.Rules;

/**
 * What a builder outside this package (one that spreads a layer over many machines) needs of the tables: the
 * layers and their sizes, the moves of each position played forwards with their exits valued from the finished
 * layers below (as {@link Builder}'s first pass does), the encoding of settled values, and a layer file written as
 * a stream of values, byte for byte the file {@link Builder} writes. Positions of a set of layers built together
 * (Hawalis: (a, b) and (b, a)) are numbered one after the other, as {@link Builder} numbers them.
 *
 * <p>Thread-safe, except {@link Mover}s (one a thread).
 */
public final class LayerKit {
    /** Rounds: no exit. */
    public static final int NONE = Byte.MIN_VALUE;
    /** Hawalis: an exit draws, so the position cannot be lost. */
    public static final int CANNOT_LOSE = Character.MAX_VALUE;
    /** Hawalis: the largest value a layer may hold. */
    public static final int HAWALIS_MAX = (1 << 16) - 1;

    private final Rules rules;
    private final int seeds;
    private final Layout layout;
    private final Path folder;
    private final LayerStore store;
    private final Values[] mapped = new Values[64 * 64];
    private final List<Integer> order;

    private LayerKit(Rules rules, int seeds, Path tablesDir, boolean reachable) {
        this.rules = rules;
        this.seeds = seeds;
        this.layout = Layout.of(rules, seeds);
        this.folder = Tablebase.folder(tablesDir, rules);
        this.store = new LayerStore(rules, layout, folder, s -> { });
        this.order = reachable ? layout.reachableUpTo(seeds) : layout.layersUpTo(seeds);
    }

    /**
     * @param rules     the game and options
     * @param seeds     seeds on the board at most (Hawalis, Bao Kiarabu: a side), 0-40
     * @param tablesDir the tables folder (the game's and options' subfolders are in it)
     * @throws TablebaseException when tables cannot be built for these options or seeds
     */
    public static LayerKit of(Rules rules, int seeds, Path tablesDir) {
        return of(rules, seeds, tablesDir, false);
    }

    /**
     * @param reachable true: {@link #order()} holds only the layers a round of {@code seeds} seeds on the board
     *                  reaches (as {@link Builder}'s {@code reachable}); false: every layer up to {@code seeds}
     * @throws TablebaseException when tables cannot be built for these options or seeds, or {@code reachable} is
     *                            asked of a game whose captures can reach every layer
     * @see #of(Rules, int, Path)
     */
    public static LayerKit of(Rules rules, int seeds, Path tablesDir, boolean reachable) {
        if (seeds < 0 || seeds > 40) {
            throw new TablebaseException("seeds must be 0-40, was " + seeds);
        }
        return new LayerKit(rules, seeds, tablesDir, reachable);
    }

    /**
     * Positions of every layer up to {@code seeds}, without building anything (for planning, up to 48 seeds).
     *
     * @return the entries of each layer in build order, named as their files ({@code "12"}, Hawalis {@code "5-4"})
     * @throws TablebaseException when tables cannot be built for these options
     */
    public static java.util.LinkedHashMap<String, Long> sizes(Rules rules, int seeds) {
        Layout l = Layout.of(rules, seeds);
        java.util.LinkedHashMap<String, Long> out = new java.util.LinkedHashMap<>();
        for (int code : l.layersUpTo(seeds)) {
            out.put(l.name(code), l.size(code));
        }
        return out;
    }

    /** @return the rules */
    public Rules rules() {
        return rules;
    }

    /** @return the folder of these rules' layer files */
    public Path folder() {
        return folder;
    }

    /** @return whether values are Hawalis's (win, draw or loss and plies to the end) rather than a round's seeds */
    public boolean hawalis() {
        return layout instanceof Layout.Sides;
    }

    /** @return the layers of the build (up to its seeds; maybe only the reachable ones), lower first, as codes */
    public List<Integer> order() {
        return order;
    }

    /** @return the layer built with {@code code} (Hawalis: (b, a) for (a, b); else itself) */
    public int mirror(int code) {
        return hawalis() ? (code & 63) * 64 + (code >> 6) : code;
    }

    /** @return the file name of a layer without extension */
    public String name(int code) {
        return layout.name(code);
    }

    /** @return positions in a layer */
    public long size(int code) {
        return layout.size(code);
    }

    /** @return the file of a layer */
    public Path file(int code) {
        return store.file(code);
    }

    /**
     * @return whether the layer's file is there, of these rules, of the current format and with a good checksum
     *     (mapped, not read into memory)
     */
    public boolean present(int code) {
        Path f = store.file(code);
        if (!Files.exists(f)) {
            return false;
        }
        try {
            LayerFile.MappedValues m = LayerFile.map(f);
            return m.size() == layout.size(code) && m.header.game().equals(rules.kind().key())
                    && !(layout instanceof Layout.Board2 && m.header.format() < 2);
        } catch (TablebaseException | IOException e) {
            return false;
        }
    }

    /** @return the seeds on the board in a layer (Hawalis: both sides') */
    public int seeds(int code) {
        return layout.seeds(code);
    }

    /** Rounds: @return values' unit (2: half seeds, Rio Kadalis) or 1 */
    public int unit() {
        return ((Layout.Board2) layout).unit();
    }

    /** Rounds: @return the bits of a layer's values below the plies to the next capture */
    public int valueBits(int code) {
        return layout.valueBits(code);
    }

    /**
     * Rounds: the entry {@link Builder} writes for a settled position.
     *
     * @param code  the layer
     * @param index the position's index in the layer
     * @param value its value from the never-ending round's ({@link #NONE}: never settled)
     * @param dist  its plies to the next capture
     * @return the entry
     */
    public int roundEntry(int code, long index, int value, int dist) {
        int k = layout.seeds(code);
        int unit = unit();
        int mover = ((Layout.Board2) layout).sides(k) == 2 ? (int) (index & 1) : 0;
        return (value == NONE ? 0 : value) + Builder.neverEnding(k, unit, mover) | dist << layout.valueBits(code);
    }

    /** Hawalis: @return the value of a win in {@code d} plies (d ≥ 1) */
    public static int win(int d) {
        return Builder.win(d);
    }

    /** Hawalis: @return the value of a loss in {@code d} plies (d ≥ 0) */
    public static int loss(int d) {
        return Builder.loss(d);
    }

    private Values below(int l, Board t, int layer) {
        Values v = l < 0 ? null : mapped[l];
        if (v == null && l >= 0) {
            synchronized (mapped) {
                v = mapped[l];
                if (v == null) {
                    try {
                        v = LayerFile.map(store.file(l));
                    } catch (IOException e) {
                        throw new TablebaseException(store.file(l) + ": cannot read: " + e.getMessage());
                    }
                    mapped[l] = v;
                }
            }
        }
        if (v == null) {
            throw new IllegalStateException("layer " + layout.name(layer) + ": a move leads outside the built "
                    + "layers (" + t + ")");
        }
        return v;
    }

    /** @return a new mover over the positions of the layers {@code codes} built together */
    public Mover mover(int[] codes) {
        return new Mover(codes);
    }

    /**
     * Plays the moves of the positions of a set of layers, one after the other from a start: for each, its moves
     * that stay in the set (as the set's node numbers, {@link #children}) and its exits valued from the layers
     * below (which must be on disk). Not thread-safe.
     */
    public final class Mover {
        private final int[] codes;
        private final long[] base;
        private final Board board = rules.emptyBoard();
        private final MovePlayer player;
        private final Layout.Cursor cursor = layout.cursor();
        private long node = -1;
        private int part = -1;
        private int open;
        private boolean terminal;
        private int exit;
        private int exitWin;
        private int exitLoss;

        Mover(int[] codes) {
            this.codes = codes.clone();
            this.base = new long[codes.length + 1];
            for (int i = 0; i < codes.length; i++) {
                base[i + 1] = base[i] + layout.size(codes[i]);
            }
            this.player = new MovePlayer(rules, layout, this::node, LayerKit.this::below);
        }

        /** @return positions in the set */
        public long nodes() {
            return base[codes.length];
        }

        /** @return the layer holding set node {@code n} */
        public int layerOf(long n) {
            for (int i = 0; i < codes.length; i++) {
                if (n < base[i + 1]) {
                    return codes[i];
                }
            }
            throw new IllegalArgumentException("node " + n + " is outside the set");
        }

        /** @return the index in its layer of set node {@code n} */
        public long indexOf(long n) {
            for (int i = 0; i < codes.length; i++) {
                if (n < base[i + 1]) {
                    return n - base[i];
                }
            }
            throw new IllegalArgumentException("node " + n + " is outside the set");
        }

        private long node(Board b, int l) {
            for (int i = 0; i < codes.length; i++) {
                if (codes[i] == l) {
                    return base[i] + layout.indexOf(b, l);
                }
            }
            return -1;
        }

        /**
         * Plays every move of set node {@code n} (fastest when called for rising consecutive nodes).
         *
         * @return its moves that stay in the set, whose children are {@link #children}[0 … result)
         */
        public int visit(long n) {
            if (n != node + 1 || part < 0 || n >= base[part + 1]) {
                part = -1;
                for (int i = 0; i < codes.length; i++) {
                    if (n < base[i + 1]) {
                        part = i;
                        break;
                    }
                }
                cursor.seek(codes[part], n - base[part]);
            } else if (n > base[part]) {
                cursor.advance();
            } else {
                cursor.seek(codes[part], 0);
            }
            node = n;
            cursor.load(board);
            open = player.visit(codes[part], board, cursor.pits, true);
            terminal = player.terminal;
            exit = player.exit;
            exitWin = player.exitWin;
            exitLoss = player.exitLoss;
            return open;
        }

        /** @return the children in the set of the last visited position */
        public long[] children() {
            return player.edges;
        }

        /** @return the last visited position's moves that stay in the set */
        public int open() {
            return open;
        }

        /** Rounds: @return whether the last visited position has no moves (the round is over) */
        public boolean terminal() {
            return terminal;
        }

        /** Rounds: @return the last visited position's best exit from the never-ending value ({@link #NONE}: none) */
        public int exit() {
            return exit;
        }

        /** Hawalis: @return the shortest win by an exit (0: none) */
        public int exitWin() {
            return exitWin;
        }

        /** Hawalis: @return 1 + the longest loss by an exit when all lose (0: no exit; {@link #CANNOT_LOSE}) */
        public int exitLoss() {
            return exitLoss;
        }
    }

    /**
     * Writes a layer's entries one after the other into its file, packed and checksummed as {@link LayerFile} does:
     * to a temporary file beside it, moved into place by {@link #close()}.
     *
     * @param code    the layer
     * @param bits    bits an entry (1-32)
     * @param unit    values' unit (rounds: {@link #unit()}; Hawalis: 1)
     * @param max     the largest value (rounds: the largest plies to the next capture; Hawalis: the largest entry)
     * @return the writer
     * @throws TablebaseException when the file cannot be created
     */
    public LayerWriter writer(int code, int bits, int unit, int max) {
        return new LayerWriter(code, bits, unit, max);
    }

    /** A layer file written entry by entry ({@link #writer}). */
    public final class LayerWriter implements AutoCloseable {
        private final int code;
        private final int bits;
        private final int unit;
        private final int max;
        private final long entries;
        private final int perWord;
        private final Path tmp;
        private final FileChannel ch;
        private final ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        private final CRC32C crc = new CRC32C();
        private long written;
        private long word;
        private int inWord;

        LayerWriter(int code, int bits, int unit, int max) {
            if (bits < 1 || bits > 32) {
                throw new IllegalArgumentException("bits must be 1-32, was " + bits);
            }
            this.code = code;
            this.bits = bits;
            this.unit = unit;
            this.max = max;
            this.entries = layout.size(code);
            this.perWord = 64 / bits;
            Path f = store.file(code);
            this.tmp = f.resolveSibling(f.getFileName() + ".tmp");
            try {
                Files.createDirectories(f.getParent());
                ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE);
                ch.position(LayerFile.HEADER_BYTES);
            } catch (IOException e) {
                throw new TablebaseException(tmp + ": cannot write: " + e.getMessage());
            }
        }

        /** Appends the next entry. */
        public void put(int v) {
            word |= ((long) v & ((1L << bits) - 1)) << inWord * bits;
            written++;
            if (++inWord == perWord) {
                flushWord();
            }
        }

        private void flushWord() {
            buf.putLong(word);
            word = 0;
            inWord = 0;
            if (!buf.hasRemaining()) {
                drain();
            }
        }

        private void drain() {
            buf.flip();
            crc.update(buf.duplicate());
            try {
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            } catch (IOException e) {
                throw new TablebaseException(tmp + ": cannot write: " + e.getMessage());
            }
            buf.clear();
        }

        /**
         * Writes the header, forces the file to disk and moves it into place.
         *
         * @throws IllegalStateException when not every entry was put
         */
        @Override
        public void close() {
            if (written != entries) {
                throw new IllegalStateException("layer " + layout.name(code) + ": " + written + " entries written of "
                        + entries);
            }
            if (inWord > 0) {
                flushWord();
            }
            if (buf.position() > 0) {
                drain();
            }
            LayerFile.Header h = new LayerFile.Header(rules.kind().key(), Layout.optionsKey(rules),
                    layout.name(code), entries, bits, unit, crc.getValue(), max, LayerFile.FORMAT);
            Path f = store.file(code);
            try {
                ch.write(ByteBuffer.wrap(LayerFile.headerBytes(h)), 0);
                ch.force(true);
                ch.close();
                try {
                    Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                throw new TablebaseException(f + ": cannot write: " + e.getMessage());
            }
            synchronized (mapped) {
                mapped[code] = null;
            }
        }
    }

    /** @return the layer sets a build of these rules makes, in order, given what is on disk now (as Builder). */
    public List<int[]> missingSets() {
        List<int[]> out = new ArrayList<>();
        boolean[] done = new boolean[64 * 64];
        for (int l : order()) {
            if (done[l]) {
                continue;
            }
            done[l] = true;
            if (present(l)) {
                continue;
            }
            int m = mirror(l);
            if (m != l && !done[m]) {
                done[m] = true;
                if (!present(m)) {
                    out.add(new int[] {l, m});
                    continue;
                }
            }
            out.add(new int[] {l});
        }
        return out;
    }
}
