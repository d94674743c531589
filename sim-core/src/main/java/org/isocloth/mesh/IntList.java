package org.isocloth.mesh;

import java.util.Arrays;

/** Growable int array for the mesh readers. */
final class IntList {
    private int[] data = new int[1024];
    private int size;

    void add(int x) {
        if (size == data.length) {
            data = Arrays.copyOf(data, data.length * 2);
        }
        data[size++] = x;
    }

    int size() {
        return size;
    }

    int[] toArray() {
        return Arrays.copyOf(data, size);
    }
}
