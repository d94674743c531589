package org.isocloth.collision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RigidZoneTest {
    /** Square (±1, ±1, 0) plus a node at (0.5, 0, 1): five nodes, index order as listed. */
    private static final double[] X0 = {-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0, 0.5, 0, 1};
    private static final int[] ALL = {0, 1, 2, 3};

    /** Rotation by angle a about z, applied to x (3 per node), about the origin. */
    private static double[] rotZ(double[] x, double a) {
        double[] y = new double[x.length];
        double c = Math.cos(a), s = Math.sin(a);
        for (int i = 0; i < x.length / 3; i++) {
            y[3 * i] = c * x[3 * i] - s * x[3 * i + 1];
            y[3 * i + 1] = s * x[3 * i] + c * x[3 * i + 1];
            y[3 * i + 2] = x[3 * i + 2];
        }
        return y;
    }

    @Test
    void translationIsKept() {
        // every node displaced by d = (0.1, -0.2, 0.3): L = 0, so theta = 0 and the zone moves
        // by d (to rounding)
        double[] x1 = X0.clone();
        for (int i = 0; i < 5; i++) {
            x1[3 * i] += 0.1;
            x1[3 * i + 1] -= 0.2;
            x1[3 * i + 2] += 0.3;
        }
        double[] out = new double[15];
        assertTrue(new RigidZone().move(new int[] {0, 1, 2, 3, 4}, 0, 5, X0, x1, new double[] {1, 2, 1, 0.5, 1}, out));
        assertArrayEquals(x1, out, 1e-14);
    }

    @Test
    void spinningSquareRotatesBySinOfItsAngle() {
        // the square's nodes (equal masses, centre 0) end rotated by a = 0.3 about z:
        // u = (R_a - I) r, so L = Σ m r × R_a r = Σ m |r|² sin(a) z and, the inertia about z being
        // Σ m |r|², theta = sin(a) z: the rigid motion is the rotation by sin(0.3) about the centre
        // of mass (the first-order momentum-preserving rotation), the centre staying put; the
        // solve's 1e-12 relative regularisation limits the agreement to about 1e-12
        double a = 0.3;
        double[] x0 = java.util.Arrays.copyOf(X0, 12);
        double[] out = new double[12];
        assertTrue(new RigidZone().move(ALL, 0, 4, x0, rotZ(x0, a), new double[] {1, 1, 1, 1}, out));
        assertArrayEquals(rotZ(x0, Math.sin(a)), out, 1e-11);
    }

    @Test
    void linearMomentumIsKeptForRandomMotion() {
        // arbitrary displacements and masses: Σ m (out − x0) = Σ m (x1 − x0) exactly (to
        // rounding), since c1 = c0 + d and Σ m R r = 0; and the result is rigid: all pairwise
        // distances are those at the start
        java.util.Random rnd = new java.util.Random(3);
        double[] x1 = X0.clone();
        double[] inv = new double[5];
        for (int i = 0; i < 15; i++) {
            x1[i] += rnd.nextDouble() - 0.5;
        }
        for (int i = 0; i < 5; i++) {
            inv[i] = 0.5 + rnd.nextDouble();
        }
        double[] out = new double[15];
        int[] zone = {0, 1, 2, 3, 4};
        assertTrue(new RigidZone().move(zone, 0, 5, X0, x1, inv, out));
        for (int k = 0; k < 3; k++) {
            double before = 0, after = 0;
            for (int i = 0; i < 5; i++) {
                before += (x1[3 * i + k] - X0[3 * i + k]) / inv[i];
                after += (out[3 * i + k] - X0[3 * i + k]) / inv[i];
            }
            assertEquals(before, after, 1e-13);
        }
        for (int i = 0; i < 5; i++) {
            for (int j = i + 1; j < 5; j++) {
                assertEquals(dist(X0, i, j), dist(out, i, j), 1e-13);
            }
        }
    }

    private static double dist(double[] x, int i, int j) {
        double dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1], dz = x[3 * i + 2] - x[3 * j + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    @Test
    void fastSpinIsLimitedToAQuarterTurn() {
        // u = 5 z × r (not a rigid displacement): L = 5 Σ m |r|² z, theta = 5 rad about z,
        // limited to pi/2: (-1, -1) -> (1, -1) etc.
        double[] x0 = java.util.Arrays.copyOf(X0, 12);
        double[] x1 = x0.clone();
        for (int i = 0; i < 4; i++) {
            x1[3 * i] += -5 * x0[3 * i + 1];
            x1[3 * i + 1] += 5 * x0[3 * i];
        }
        double[] out = new double[12];
        new RigidZone().move(ALL, 0, 4, x0, x1, new double[] {1, 1, 1, 1}, out);
        assertArrayEquals(rotZ(x0, 0.5 * Math.PI), out, 1e-14);
    }

    @Test
    void staticPinHoldsTheZone() {
        // node 0 pinned and static: every free node ends at its start, whatever its motion
        double[] x1 = X0.clone();
        for (int i = 3; i < 15; i++) {
            x1[i] += 0.37 * (i % 4) - 0.2;
        }
        double[] out = x1.clone();
        assertTrue(new RigidZone().move(new int[] {0, 1, 2, 3, 4}, 0, 5, X0, x1, new double[] {0, 1, 1, 1, 1}, out));
        assertArrayEquals(X0, out, 0);
    }

    @Test
    void pinnedRotationIsFollowed() {
        // nodes 0, 1, 2 pinned and moving rigidly: rotation by 90 degrees about z, then a shift
        // (0, 0, 2). Horn's fit recovers it: the free nodes 3 and 4 follow, (−1, 1, 0) ->
        // (−1, −1, 2) and (0.5, 0, 1) -> (0, 0.5, 3); the pinned ones are not written
        double[] x1 = rotZ(X0, 0.5 * Math.PI);
        for (int i = 0; i < 5; i++) {
            x1[3 * i + 2] += 2;
        }
        double[] out = new double[15];
        assertTrue(new RigidZone().move(new int[] {0, 1, 2, 3, 4}, 0, 5, X0, x1, new double[] {0, 0, 0, 1, 1}, out));
        assertArrayEquals(new double[] {-1, -1, 2, 0, 0.5, 3}, java.util.Arrays.copyOfRange(out, 9, 15), 1e-14);
        assertArrayEquals(new double[9], java.util.Arrays.copyOf(out, 9), 0);
    }

    @Test
    void deformingPinsAreReported() {
        // pinned nodes 0 and 2 move apart (the diagonal stretches from 2√2 to 4√2): no rigid
        // motion fits them, so the zone is not rigid
        double[] x1 = X0.clone();
        for (int k = 0; k < 2; k++) {
            x1[k] -= 1;
            x1[6 + k] += 1;
        }
        double[] out = new double[15];
        assertFalse(new RigidZone().move(new int[] {0, 1, 2, 3, 4}, 0, 5, X0, x1, new double[] {0, 1, 0, 1, 1}, out));
    }

    @Test
    void jacobiDiagonalisesASymmetricMatrix() {
        // A = V diag(λ) Vᵀ must hold after the decomposition, with V orthogonal
        double[] a = {4, 1, -2, 0.5, 1, 3, 0, 1, -2, 0, 1, 2, 0.5, 1, 2, -1};
        double[] d = a.clone();
        double[] v = new double[16];
        RigidZone.jacobi4(d, v);
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                double sum = 0, orth = 0;
                for (int k = 0; k < 4; k++) {
                    sum += v[4 * i + k] * d[5 * k] * v[4 * j + k];
                    orth += v[4 * k + i] * v[4 * k + j];
                }
                assertEquals(a[4 * i + j], sum, 1e-12);
                assertEquals(i == j ? 1 : 0, orth, 1e-12);
            }
        }
    }
}
