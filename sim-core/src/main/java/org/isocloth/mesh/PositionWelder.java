package org.isocloth.mesh;

import java.util.Arrays;

/**
 * Mesh vertices keyed by the exact bits of their position: adding a position returns the
 * vertex already at that position, or a new one.
 */
final class PositionWelder {
    private double[] xyz = new double[3 * 1024];
    private int size;
    /** Open addressing: vertex + 1, 0 for an empty slot. */
    private int[] slots = new int[4096];

    int add(double x, double y, double z) {
        // adding +0.0 turns -0.0 into +0.0, so both zeros are the same position
        x += 0.0;
        y += 0.0;
        z += 0.0;
        long bx = Double.doubleToLongBits(x);
        long by = Double.doubleToLongBits(y);
        long bz = Double.doubleToLongBits(z);
        if (2 * (size + 1) > slots.length) {
            rehash();
        }
        int mask = slots.length - 1;
        int slot = hash(bx, by, bz) & mask;
        while (slots[slot] != 0) {
            int v = slots[slot] - 1;
            if (Double.doubleToLongBits(xyz[3 * v]) == bx
                    && Double.doubleToLongBits(xyz[3 * v + 1]) == by
                    && Double.doubleToLongBits(xyz[3 * v + 2]) == bz) {
                return v;
            }
            slot = (slot + 1) & mask;
        }
        if (3 * size + 3 > xyz.length) {
            xyz = Arrays.copyOf(xyz, 2 * xyz.length);
        }
        xyz[3 * size] = x;
        xyz[3 * size + 1] = y;
        xyz[3 * size + 2] = z;
        slots[slot] = ++size;
        return size - 1;
    }

    private void rehash() {
        int[] bigger = new int[2 * slots.length];
        int mask = bigger.length - 1;
        for (int v = 0; v < size; v++) {
            int slot = hash(Double.doubleToLongBits(xyz[3 * v]),
                    Double.doubleToLongBits(xyz[3 * v + 1]),
                    Double.doubleToLongBits(xyz[3 * v + 2])) & mask;
            while (bigger[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            bigger[slot] = v + 1;
        }
        slots = bigger;
    }

    private static int hash(long x, long y, long z) {
        long h = x * 0x9E3779B97F4A7C15L + y * 0xC2B2AE3D27D4EB4FL + z * 0x165667B19E3779F9L;
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        return (int) h;
    }

    int size() {
        return size;
    }

    double[] positions() {
        return Arrays.copyOf(xyz, 3 * size);
    }
}
