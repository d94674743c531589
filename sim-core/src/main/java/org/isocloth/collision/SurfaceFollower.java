package org.isocloth.collision;

import java.util.Arrays;
import org.isocloth.model.RestRotations;

/**
 * Makes a set of points follow a moving mesh collider rigidly: the points are bound, at the
 * collider's pose at time 0, to the vertices of each point's closest collider triangle (the
 * <em>anchors</em>); at any later time they move with the best-fit rigid motion of the anchors
 * (shape matching: the rotation of the polar decomposition of the anchors' cross-covariance,
 * Müller et al. 2005, and the motion of their centroid). A cape pinned to a character's back
 * follows the back's translation and rotation without taking up its skin's stretching. Used by
 * scene pins with {@code "attach"}.
 */
public final class SurfaceFollower {
    private final MeshCollider collider;
    private final int[] anchors;
    /** Anchor positions at time 0, relative to their centroid {@link #c0}. */
    private final double[] rest;
    private final double[] c0 = new double[3];
    private final double[] cov = new double[9];
    /** Anchor positions at the time asked for, and their centroid (workspaces). */
    private final double[] now;
    private final double[] c = new double[3];
    private final RestRotations.RotationFit fit = new RestRotations.RotationFit();

    /**
     * Binds points to a collider at its pose at time 0.
     *
     * @param collider the collider (not null; its interval is set to [0, 0] here and to [t, t] by
     *     {@link #transformAt}, so give it a collider the solver does not step, or call this
     *     between steps: the solver sets its collider's interval at every step)
     * @param points the points to follow it, flat xyz at time 0 (at least one point)
     * @throws IllegalArgumentException if there is no point, or the collider has no triangle
     */
    public SurfaceFollower(MeshCollider collider, double[] points) {
        if (points.length < 3 || points.length % 3 != 0) {
            throw new IllegalArgumentException(collider.name() + ": no point to attach");
        }
        if (collider.triangleCount() == 0) {
            throw new IllegalArgumentException(collider.name() + ": a collider without triangles cannot carry pins");
        }
        this.collider = collider;
        collider.setInterval(0, 0);
        double[] x = collider.endPositions();
        int[] tri = collider.triangles();
        boolean[] used = new boolean[x.length / 3];
        int count = 0;
        for (int p = 0; p < points.length / 3; p++) {
            double best = Double.POSITIVE_INFINITY;
            int bestT = -1;
            for (int t = 0; t < tri.length / 3; t++) {
                double d = Geometry.pointTriangle(points, p, x, tri[3 * t], tri[3 * t + 1], tri[3 * t + 2], null);
                if (d < best) {
                    best = d;
                    bestT = t;
                }
            }
            for (int k = 0; k < 3; k++) {
                int v = tri[3 * bestT + k];
                if (!used[v]) {
                    used[v] = true;
                    count++;
                }
            }
        }
        anchors = new int[count];
        count = 0;
        for (int v = 0; v < used.length; v++) {
            if (used[v]) {
                anchors[count++] = v;
            }
        }
        rest = new double[3 * count];
        now = new double[3 * count];
        for (int i = 0; i < count; i++) {
            System.arraycopy(x, 3 * anchors[i], now, 3 * i, 3);
        }
        centroid(now, c0);
        for (int i = 0; i < count; i++) {
            for (int k = 0; k < 3; k++) {
                rest[3 * i + k] = now[3 * i + k] - c0[k];
            }
        }
    }

    /** @return the collider vertices the points follow (a copy) */
    public int[] anchors() {
        return anchors.clone();
    }

    /**
     * The rigid motion of the anchors from time 0 to time t: a point p bound at time 0 is then at
     * {@code R·p + d}.
     *
     * @param t simulated time, s
     * @param rotation receives R, row-major (length 9)
     * @param translation receives d (length 3)
     */
    public void transformAt(double t, double[] rotation, double[] translation) {
        collider.setInterval(t, t);
        for (int i = 0; i < anchors.length; i++) {
            collider.endPosition(anchors[i], now, 3 * i);
        }
        centroid(now, c);
        Arrays.fill(cov, 0);
        for (int i = 0; i < anchors.length; i++) {
            for (int row = 0; row < 3; row++) {
                double q = now[3 * i + row] - c[row];
                for (int col = 0; col < 3; col++) {
                    cov[3 * row + col] += q * rest[3 * i + col];
                }
            }
        }
        if (anchors.length == 1) {
            Arrays.fill(rotation, 0);
            rotation[0] = 1;
            rotation[4] = 1;
            rotation[8] = 1;
        } else {
            fit.fit(cov, rotation);
        }
        for (int row = 0; row < 3; row++) {
            translation[row] = c[row] - (rotation[3 * row] * c0[0] + rotation[3 * row + 1] * c0[1]
                    + rotation[3 * row + 2] * c0[2]);
        }
    }

    /** Centroid of the anchor positions {@code p} (3 per anchor, in anchor order). */
    private void centroid(double[] p, double[] out) {
        Arrays.fill(out, 0);
        for (int i = 0; i < anchors.length; i++) {
            for (int k = 0; k < 3; k++) {
                out[k] += p[3 * i + k];
            }
        }
        for (int k = 0; k < 3; k++) {
            out[k] /= anchors.length;
        }
    }
}
