package org.isocloth.collision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** Helpers shared by the collider tests. */
final class Queries {
    private Queries() {
    }

    /** The contact of one node moving from {@code start} to {@code end}, or null if none. */
    static Contact query(Collider c, double[] start, double[] end, double thickness) {
        Contact out = new Contact();
        // the node is index 1 of a two-node array, to check the index is honoured
        double[] s = {9, 9, 9, start[0], start[1], start[2]};
        double[] e = {-9, -9, -9, end[0], end[1], end[2]};
        return c.contact(s, e, 1, thickness, out) ? out : null;
    }

    static void assertVector(double[] expected, double[] actual, double tolerance) {
        assertArrayEquals(expected, actual, tolerance);
    }
}
