package mancala.engine.solve;

import java.util.Arrays;

/** An open-addressing map from {@code long} keys to non-negative {@code int} values; -1 means absent. */
final class LongIntMap {
    private long[] keys;
    private int[] values;
    private boolean[] used;
    private int size;
    private int mask;

    LongIntMap(int capacityBits) {
        keys = new long[1 << capacityBits];
        values = new int[1 << capacityBits];
        used = new boolean[1 << capacityBits];
        mask = (1 << capacityBits) - 1;
    }

    int size() {
        return size;
    }

    private static int mix(long k) {
        k *= 0x9E3779B97F4A7C15L;
        return (int) (k ^ k >>> 31);
    }

    /** @return the value of {@code key}, or -1. */
    int get(long key) {
        int i = mix(key) & mask;
        while (used[i]) {
            if (keys[i] == key) {
                return values[i];
            }
            i = i + 1 & mask;
        }
        return -1;
    }

    /** @return the value of {@code key}, adding it with value {@link #size()} when absent. */
    int getOrAdd(long key) {
        int i = mix(key) & mask;
        while (used[i]) {
            if (keys[i] == key) {
                return values[i];
            }
            i = i + 1 & mask;
        }
        used[i] = true;
        keys[i] = key;
        values[i] = size++;
        if (size * 4L >= keys.length * 3L) {
            grow();
        }
        return size - 1;
    }

    private void grow() {
        long[] k = keys;
        int[] v = values;
        boolean[] u = used;
        keys = new long[k.length * 2];
        values = new int[k.length * 2];
        used = new boolean[k.length * 2];
        mask = keys.length - 1;
        for (int j = 0; j < k.length; j++) {
            if (u[j]) {
                int i = mix(k[j]) & mask;
                while (used[i]) {
                    i = i + 1 & mask;
                }
                used[i] = true;
                keys[i] = k[j];
                values[i] = v[j];
            }
        }
        Arrays.fill(u, false);
    }
}
