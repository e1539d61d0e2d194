package mancala.spark.tablebase;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** The partition files of a build's checkpoint folder: arrays of ints or longs, little-endian, written atomically. */
final class Files2 {
    private Files2() {
    }

    /** @return {@code file} mapped read-write at {@code bytes} (created and zeroed when missing) */
    static MappedByteBuffer mapRw(Path file, long bytes) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes);
            b.order(ByteOrder.LITTLE_ENDIAN);
            return b;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot map", e);
        }
    }

    /** @return {@code file} mapped read-only, or null when it is missing */
    static MappedByteBuffer mapRo(Path file) {
        if (!Files.exists(file)) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
            b.order(ByteOrder.LITTLE_ENDIAN);
            return b;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot map", e);
        }
    }

    /** Writes {@code n} ints of {@code a} to {@code file} atomically. */
    static void writeInts(Path file, int[] a, int n) {
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(a, 0, n);
        write(file, b);
    }

    /** Writes {@code a} to {@code file} atomically. */
    static void writeLongs(Path file, long[] a) {
        ByteBuffer b = ByteBuffer.allocate(8 * a.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(a);
        write(file, b);
    }

    /** @return the ints of {@code file} (empty when it is missing) */
    static int[] readInts(Path file) {
        MappedByteBuffer m = mapRo(file);
        if (m == null) {
            return new int[0];
        }
        int[] a = new int[m.capacity() / 4];
        m.asIntBuffer().get(a);
        return a;
    }

    /** @return the longs of {@code file} */
    static long[] readLongs(Path file) {
        MappedByteBuffer m = mapRo(file);
        if (m == null) {
            throw new IllegalStateException(file + ": missing from the checkpoint");
        }
        long[] a = new long[m.capacity() / 8];
        m.asLongBuffer().get(a);
        return a;
    }

    static void write(Path file, ByteBuffer b) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            b.rewind();
            while (b.hasRemaining()) {
                ch.write(b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write", e);
        }
        move(tmp, file);
    }

    static void move(Path from, Path to) {
        try {
            try {
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(to + ": cannot write", e);
        }
    }

    /** Copies {@code from} over {@code to} (atomically). */
    static void copy(Path from, Path to) {
        Path tmp = to.resolveSibling(to.getFileName() + ".tmp");
        try {
            Files.copy(from, tmp, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(to + ": cannot write", e);
        }
        move(tmp, to);
    }

    /** Deletes a folder and what it holds, if it exists. */
    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(p + ": cannot delete", e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(dir + ": cannot delete", e);
        }
    }
}
