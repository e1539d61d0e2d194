package mancala.engine.solve;

import java.util.Arrays;

/**
 * The reachable positions of one solve, numbered in the order they are added: a growable array of keys and an
 * open-addressing index of {@code int} slots into it. A slot holds id + 1 (0 is empty), and a probe compares the key
 * stored under that id, so the index costs 4 bytes a slot rather than a copy of the key: the key array is needed
 * anyway, to expand the positions, and memory is what bounds the endgames this solver can take.
 */
final class PositionTable {
    /** The most slots an index may have (a Java array holds fewer than 2^31 elements). */
    private static final int MAX_SLOTS = 1 << 30;

    private long[] keys = new long[1 << 16];
    private int[] slots = new int[1 << 17];
    private int mask = slots.length - 1;
    private int size;
    private final int limit;

    /** @param limit the most positions the table may hold; adding one more throws {@link TooBig} */
    PositionTable(int limit) {
        this.limit = Math.min(limit, MAX_SLOTS / 4 * 3);
    }

    /** Thrown by {@link #getOrAdd} when the table would exceed its limit. */
    static final class TooBig extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooBig() {
            super(null, null, false, false);
        }
    }

    int size() {
        return size;
    }

    /** @return the most positions the table may hold */
    int limit() {
        return limit;
    }

    long key(int id) {
        return keys[id];
    }

    private static int mix(long k) {
        k *= 0x9E3779B97F4A7C15L;
        return (int) (k ^ k >>> 29);
    }

    /** @return the id of {@code key}, or -1. */
    int get(long key) {
        int i = mix(key) & mask;
        for (int s; (s = slots[i]) != 0; i = i + 1 & mask) {
            if (keys[s - 1] == key) {
                return s - 1;
            }
        }
        return -1;
    }

    /** @return the id of {@code key}, adding it with id {@link #size()} when absent. */
    int getOrAdd(long key) {
        int i = mix(key) & mask;
        for (int s; (s = slots[i]) != 0; i = i + 1 & mask) {
            if (keys[s - 1] == key) {
                return s - 1;
            }
        }
        if (size >= limit) {
            throw new TooBig();
        }
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, (int) Math.min((long) limit, keys.length + (keys.length >> 1)));
        }
        keys[size] = key;
        slots[i] = ++size;
        if (size * 4L >= slots.length * 3L && slots.length < MAX_SLOTS) {
            rehash(slots.length * 2);
        }
        return size - 1;
    }

    private void rehash(int capacity) {
        slots = null; // the old index is rebuilt from the keys: let it go before the new one is allocated
        int[] fresh = new int[capacity];
        int m = capacity - 1;
        for (int id = 0; id < size; id++) {
            int i = mix(keys[id]) & m;
            while (fresh[i] != 0) {
                i = i + 1 & m;
            }
            fresh[i] = id + 1;
        }
        slots = fresh;
        mask = m;
    }

    /** Frees the index; {@link #key} still answers. */
    void dropIndex() {
        slots = new int[1];
        mask = 0;
    }
}
