package mancala.engine.tablebase;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * One layer of a table on disk. A text header of {@link #HEADER_BYTES} bytes ({@code key=value} lines: format,
 * game, options, layer, entries, bits, unit, crc32c, max), then the packed values as little-endian longs, as
 * {@link PackedValues} holds them. The CRC-32C covers the values and is checked when the layer is opened. A layer
 * is written to a temporary file beside its place, forced to disk and moved over it atomically, so a killed build
 * leaves either the whole layer or none.
 */
final class LayerFile {
    static final int HEADER_BYTES = 4096;
    static final String MAGIC = "mancala-tablebase";
    /**
     * 2: a round layer's entries hold the plies to the next capture above the value's bits (1, still read: the same
     * without them, which Hawalis layers never had).
     */
    static final int FORMAT = 2;

    private LayerFile() {
    }

    /** The header of a layer file ({@code format}: that of the file, {@link #FORMAT} when written). */
    record Header(String game, String options, String layer, long entries, int bits, int unit, long crc, int max,
                  int format) {
    }

    /**
     * Writes {@code values} to {@code file} atomically.
     *
     * @throws IOException when the folder or the file cannot be written
     */
    static void write(Path file, Header h, PackedValues values) throws IOException {
        Files.createDirectories(file.getParent());
        CRC32C crc = new CRC32C();
        ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        long[] w = values.words;
        for (int i = 0; i < w.length; i++) {
            buf.putLong(w[i]);
            if (!buf.hasRemaining() || i == w.length - 1) {
                buf.flip();
                crc.update(buf);
                buf.clear();
            }
        }
        Header full = new Header(h.game(), h.options(), h.layer(), values.size(), values.bits(), h.unit(),
                crc.getValue(), h.max(), FORMAT);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(headerBytes(full)));
            for (int i = 0; i < w.length; i++) {
                buf.putLong(w[i]);
                if (!buf.hasRemaining() || i == w.length - 1) {
                    buf.flip();
                    while (buf.hasRemaining()) {
                        ch.write(buf);
                    }
                    buf.clear();
                }
            }
            ch.force(true);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static byte[] headerBytes(Header h) {
        String text = MAGIC + "\nformat=" + FORMAT + "\ngame=" + h.game() + "\noptions=" + h.options() + "\nlayer="
                + h.layer() + "\nentries=" + h.entries() + "\nbits=" + h.bits() + "\nunit=" + h.unit() + "\ncrc32c="
                + Long.toHexString(h.crc()) + "\nmax=" + h.max() + "\n";
        byte[] b = new byte[HEADER_BYTES];
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(t, 0, b, 0, t.length);
        return b;
    }

    /**
     * Reads a header.
     *
     * @throws TablebaseException when the file is not a layer file of this format, naming the file
     * @throws IOException        when it cannot be read
     */
    static Header readHeader(FileChannel ch, Path file) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES);
        while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
            // read the whole header
        }
        if (b.hasRemaining()) {
            throw new TablebaseException(file + ": too short for a table layer");
        }
        String text = new String(b.array(), StandardCharsets.UTF_8);
        int end = text.indexOf('\0');
        String[] lines = (end < 0 ? text : text.substring(0, end)).split("\n");
        if (lines.length == 0 || !lines[0].equals(MAGIC)) {
            throw new TablebaseException(file + ": not a table layer (no '" + MAGIC + "' header)");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int eq = lines[i].indexOf('=');
            if (eq > 0) {
                m.put(lines[i].substring(0, eq), lines[i].substring(eq + 1));
            }
        }
        try {
            int format = Integer.parseInt(m.get("format"));
            if (format != 1 && format != FORMAT) {
                throw new TablebaseException(file + ": format " + m.get("format") + ", this program reads " + FORMAT);
            }
            Header h = new Header(m.get("game"), m.get("options"), m.get("layer"), Long.parseLong(m.get("entries")),
                    Integer.parseInt(m.get("bits")), Integer.parseInt(m.get("unit")),
                    Long.parseUnsignedLong(m.get("crc32c"), 16), Integer.parseInt(m.get("max")), format);
            long expected = HEADER_BYTES + 8 * PackedValues.wordsFor(h.entries(), h.bits());
            if (ch.size() != expected) {
                throw new TablebaseException(file + ": " + ch.size() + " bytes, the header says " + expected
                        + " (a partial or damaged file)");
            }
            return h;
        } catch (NullPointerException | NumberFormatException e) {
            throw new TablebaseException(file + ": damaged header (" + e.getMessage() + ")");
        }
    }

    /**
     * The bytes of one memory map of a layer (1 GiB): Java maps at most 2 GiB at once, so a larger layer is read
     * through several maps. A power of two and a multiple of 8, so that no word (and no entry) straddles two maps.
     */
    static final int CHUNK_SHIFT = 30;

    /**
     * Maps a layer for probing, after checking its header and checksum, in maps of {@code 2^CHUNK_SHIFT} bytes.
     *
     * @throws TablebaseException when the file is damaged or not what was expected
     * @throws IOException        when it cannot be read
     */
    static MappedValues map(Path file) throws IOException {
        return map(file, CHUNK_SHIFT);
    }

    /**
     * Maps a layer in maps of {@code 2^chunkShift} bytes each (3 ≤ chunkShift ≤ 30; tests use small ones).
     *
     * @throws TablebaseException when the file is damaged or not what was expected
     * @throws IOException        when it cannot be read
     */
    static MappedValues map(Path file, int chunkShift) throws IOException {
        if (chunkShift < 3 || chunkShift > 30) {
            throw new IllegalArgumentException("chunkShift must be 3-30, was " + chunkShift);
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            Header h = readHeader(ch, file);
            long bytes = ch.size() - HEADER_BYTES;
            long chunk = 1L << chunkShift;
            long n = (bytes + chunk - 1) / chunk;
            if (n > Integer.MAX_VALUE) {
                throw new TablebaseException(file + ": " + bytes + " bytes is too large to map");
            }
            ByteBuffer[] maps = new ByteBuffer[(int) n];
            CRC32C crc = new CRC32C();
            for (int c = 0; c < maps.length; c++) {
                long from = c * chunk;
                MappedByteBuffer buf = ch.map(FileChannel.MapMode.READ_ONLY, HEADER_BYTES + from,
                        Math.min(chunk, bytes - from));
                buf.order(ByteOrder.LITTLE_ENDIAN);
                crc.update(buf.duplicate());
                maps[c] = buf;
            }
            if (crc.getValue() != h.crc()) {
                throw new TablebaseException(file + ": checksum mismatch (crc32c " + Long.toHexString(crc.getValue())
                        + ", header " + Long.toHexString(h.crc()) + "): the file is damaged; rebuild it");
            }
            return new MappedValues(h, maps, chunkShift);
        }
    }

    /**
     * Reads a layer into memory (to resume a build), after checking header and checksum.
     *
     * @throws TablebaseException when the file is damaged
     * @throws IOException        when it cannot be read
     */
    static PackedValues read(Path file, Header[] header) throws IOException {
        return read(file, header, CHUNK_SHIFT);
    }

    static PackedValues read(Path file, Header[] header, int chunkShift) throws IOException {
        MappedValues m = map(file, chunkShift);
        header[0] = m.header;
        PackedValues p = new PackedValues(m.header.entries(), m.header.bits());
        int at = 0;
        for (ByteBuffer b : m.maps) {
            java.nio.LongBuffer lb = b.duplicate().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
            int len = lb.remaining();
            lb.get(p.words, at, len);
            at += len;
        }
        return p;
    }

    /** A layer mapped from its file, in one or more maps of {@code 2^shift} bytes. */
    static final class MappedValues implements Values {
        final Header header;
        final ByteBuffer[] maps;
        private final int shift;
        private final long within;
        private final int perWord;
        private final int bits;
        private final long mask;

        MappedValues(Header header, ByteBuffer[] maps, int shift) {
            this.header = header;
            this.maps = maps;
            this.shift = shift;
            this.within = (1L << shift) - 1;
            this.bits = header.bits();
            this.perWord = 64 / bits;
            this.mask = (1L << bits) - 1;
        }

        @Override
        public long size() {
            return header.entries();
        }

        @Override
        public int bits() {
            return bits;
        }

        @Override
        public int get(long i) {
            long at = i / perWord * 8;
            long w = maps[(int) (at >>> shift)].getLong((int) (at & within));
            return (int) (w >>> (int) (i % perWord) * bits & mask);
        }
    }
}
