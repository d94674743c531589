package org.isocloth.collision;

/**
 * A part of a {@link MeshCollider}'s interval ({@link MeshCollider#narrowInterval}): the poses at
 * its two ends on the straight line between the interval's two poses, each vertex interpolated
 * when a query first touches it, so that a part costs in proportion to the triangles tested.
 */
final class NarrowedPoses {
    /** The poses at the part's start and end, flat xyz (valid for the vertices posed so far). */
    final double[] start;
    final double[] end;
    /** The part that last interpolated each vertex. */
    private final int[] posedIn;
    /** Counts parts; the current part as fractions of the interval. */
    private int part;
    private double frac0;
    private double frac1;

    /** @param vertices the mesh's vertex count */
    NarrowedPoses(int vertices) {
        start = new double[3 * vertices];
        end = new double[3 * vertices];
        posedIn = new int[vertices];
    }

    /**
     * Starts a new part.
     *
     * @param frac0 its start, as a fraction of the interval
     * @param frac1 its end, as a fraction of the interval
     */
    void narrow(double frac0, double frac1) {
        this.frac0 = frac0;
        this.frac1 = frac1;
        part++;
    }

    /**
     * Interpolates vertex v into the part's poses, unless done since the part started.
     *
     * @param v the vertex
     * @param x0 the interval's start pose
     * @param x1 the interval's end pose
     */
    void pose(int v, double[] x0, double[] x1) {
        if (posedIn[v] == part) {
            return;
        }
        posedIn[v] = part;
        for (int i = 3 * v; i < 3 * v + 3; i++) {
            double d = x1[i] - x0[i];
            start[i] = x0[i] + frac0 * d;
            end[i] = x0[i] + frac1 * d;
        }
    }
}
