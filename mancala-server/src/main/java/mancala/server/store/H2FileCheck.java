package mancala.server.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads the structure of an H2 MVStore file (format 3) to see whether it was cut short or rolled back, without
 * opening it through H2 (which would silently start from the newest whole chunk it finds and then write over the
 * rest). The file is a sequence of 4096-byte blocks; each chunk of changes ends with a 128-byte footer
 * {@code chunk:ID,len:BLOCKS,version:V,fletcher:…}, and the file always ends with one. Besides, the highest chunk
 * version the server has seen is kept beside the file ({@code NAME.mv.db.seen}); a file whose chunks are all older
 * than that lost its newest changes.
 */
final class H2FileCheck {
    static final int BLOCK = 4096;
    static final int FOOTER = 128;

    private H2FileCheck() {
    }

    /** @return what is wrong with the file, or null when it looks whole. */
    static String damage(Path file, long size) {
        if (size % BLOCK != 0) {
            return "it ends in the middle of a block (" + size + " bytes is not a whole number of 4096-byte "
                    + "blocks): it was cut short";
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            Map<String, String> header = fields(read(ch, 0, BLOCK));
            if (!"2".equals(header.get("H"))) {
                return "it does not start with an H2 database header";
            }
            Map<String, String> last = fields(read(ch, size - FOOTER, FOOTER));
            if (!last.containsKey("chunk") || !last.containsKey("version")) {
                return "it does not end with a whole chunk of changes: it was cut short";
            }
            String block = header.get("block");
            if (block != null && Long.parseLong(block, 16) * BLOCK >= size) {
                return "its header names a chunk at block " + Long.parseLong(block, 16) + ", beyond its end: it "
                        + "was cut short";
            }
            long newest = newestVersion(ch, size);
            long seen = seen(file);
            if (newest < seen) {
                return "its newest changes are gone (version " + newest + ", while this server had stored "
                        + "version " + seen + "): it was cut short or replaced by an older copy";
            }
            return null;
        } catch (IOException | NumberFormatException e) {
            return "it cannot be read as an H2 database (" + e.getMessage() + ")";
        }
    }

    /** @return the highest version among the chunk footers at block ends. */
    private static long newestVersion(FileChannel ch, long size) throws IOException {
        long newest = -1;
        ByteBuffer buf = ByteBuffer.allocate(1 << 20);
        long pos = 0;
        while (pos < size) {
            buf.clear();
            int n = 0;
            while (buf.hasRemaining()) {
                int r = ch.read(buf, pos + n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
            for (int end = BLOCK; end <= n; end += BLOCK) {
                if (buf.get(end - FOOTER) == 'c') {
                    byte[] f = new byte[FOOTER];
                    buf.get(end - FOOTER, f);
                    Map<String, String> m = fields(new String(f, StandardCharsets.ISO_8859_1));
                    String v = m.get("version");
                    if (m.containsKey("chunk") && m.containsKey("fletcher") && v != null) {
                        try {
                            newest = Math.max(newest, Long.parseLong(v, 16));
                        } catch (NumberFormatException e) {
                            // not a footer after all
                        }
                    }
                }
            }
            if (n < BLOCK) {
                break;
            }
            pos += n - n % BLOCK;
        }
        return newest;
    }

    /**
     * Records the newest version the file holds now (from its last footer and its header), if higher than the
     * one recorded, in {@code NAME.mv.db.seen}. Opens the file: only while H2 does not hold it (at start, before
     * opening, and after closing), since closing this channel would drop H2's lock on the file.
     */
    static void remember(Path file) {
        try {
            if (!Files.exists(file)) {
                return;
            }
            long size = Files.size(file);
            if (size < 2 * BLOCK || size % BLOCK != 0) {
                return;
            }
            long v;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                Map<String, String> last = fields(read(ch, size - FOOTER, FOOTER));
                Map<String, String> header = fields(read(ch, 0, BLOCK));
                v = Math.max(hex(last.get("version")), hex(header.get("version")));
            }
            rememberVersion(file, v);
        } catch (IOException | RuntimeException e) {
            // Only a safety net: the check at start still tests the file's own structure.
        }
    }

    /**
     * Records {@code version} in {@code NAME.mv.db.seen} if higher than the one recorded; never opens the database
     * file itself.
     */
    static void rememberVersion(Path file, long version) {
        try {
            if (version > seen(file)) {
                Path side = seenFile(file);
                Path tmp = side.resolveSibling(side.getFileName() + ".tmp");
                Files.writeString(tmp, Long.toString(version) + "\n", StandardCharsets.US_ASCII);
                Files.move(tmp, side, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException | RuntimeException e) {
            // Only a safety net: the check at start still tests the file's own structure.
        }
    }

    private static long hex(String s) {
        if (s == null) {
            return -1;
        }
        try {
            return Long.parseLong(s, 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** @return the version recorded beside the file, or -1. */
    static long seen(Path file) {
        Path side = seenFile(file);
        try {
            return Files.exists(side) ? Long.parseLong(Files.readString(side, StandardCharsets.US_ASCII).strip())
                    : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    static Path seenFile(Path file) {
        return file.resolveSibling(file.getFileName() + ".seen");
    }

    private static String read(FileChannel ch, long at, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                break;
            }
        }
        return new String(b.array(), 0, b.position(), StandardCharsets.ISO_8859_1);
    }

    /** @return the {@code key:value} fields of the first line of {@code text}. */
    private static Map<String, String> fields(String text) {
        Map<String, String> m = new HashMap<>();
        String line = text.strip();
        int nl = line.indexOf('\n');
        if (nl >= 0) {
            line = line.substring(0, nl);
        }
        for (String part : line.split(",")) {
            int c = part.indexOf(':');
            if (c > 0) {
                m.put(part.substring(0, c).strip(), part.substring(c + 1).strip());
            }
        }
        return m;
    }
}
