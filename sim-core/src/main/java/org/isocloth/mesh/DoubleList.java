package org.isocloth.mesh;

import java.util.Arrays;

/** Growable double array for the mesh readers. */
final class DoubleList {
    private double[] data = new double[1024];
    private int size;

    void add(double x) {
        if (size == data.length) {
            data = Arrays.copyOf(data, data.length * 2);
        }
        data[size++] = x;
    }

    int size() {
        return size;
    }

    double[] toArray() {
        return Arrays.copyOf(data, size);
    }
}
