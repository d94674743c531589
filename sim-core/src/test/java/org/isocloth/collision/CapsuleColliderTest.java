package org.isocloth.collision;

import static org.isocloth.collision.Queries.assertVector;
import static org.isocloth.collision.Queries.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CapsuleColliderTest {
    private static final double EPS = 1e-12;

    @Test
    void aMovingCapsuleSweepsAStaticNodeAlong() {
        // Axis (-1, 0, 0)-(1, 0, 0), r = 0.1, h = 0.005, moving at (0, 10, 0); step [0, 0.1]: the
        // midpoint goes from (0, 0, 0) to (0, 1, 0). A node resting at (0.5, 0.5, 0.063) is at
        // body (0.5, 0.5, 0.063) at t0 and (0.5, -0.5, 0.063) at t1. The body path meets the
        // inflated radius 0.105 where y² + 0.063² = 0.105², y = 0.084 (a 3-4-5 triangle): s =
        // (0.5 - 0.084) / 1 = 0.416, n = (0, 0.084, 0.063)/0.105 = (0, 0.8, 0.6). The rest of the
        // path (0, -0.584, 0) has normal part -0.4672 and tangential part
        // (0, -0.584, 0) + 0.4672·n = (0, -0.21024, 0.28032), so body
        // x_c = (0.5, 0.084 - 0.21024, 0.063 + 0.28032) = (0.5, -0.12624, 0.34332), world
        // (0.5, 0.87376, 0.34332). The capsule does not rotate: surface velocity (0, 10, 0).
        // Distance: end height above the tangent plane, -0.4672 + 0.005 = -0.4622.
        CapsuleCollider cap = new CapsuleCollider("arm", new double[] {-1, 0, 0},
                new double[] {1, 0, 0}, 0.1);
        cap.setMotion(new double[] {0, 10, 0}, new double[3]);
        cap.setInterval(0, 0.1);
        double[] x = {0.5, 0.5, 0.063};
        Contact c = query(cap, x, x, 0.005);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.416, c.time, EPS);
        assertVector(new double[] {0, 0.8, 0.6}, c.normal, EPS);
        assertVector(new double[] {0.5, 0.87376, 0.34332}, c.point, EPS);
        assertVector(new double[] {0, 10, 0}, c.surfaceVelocity, EPS);
        assertEquals(-0.4622, c.distance, EPS);
    }

    @Test
    void aNodeRunningIntoAnEndCapStopsThere() {
        // Same capsule at rest. A node moving along the axis from (2, 0, 0) to (1, 0, 0) (the end
        // b itself) meets the cap's inflated sphere at x = 1.105, s = (2 - 1.105) / 1 = 0.895.
        CapsuleCollider cap = new CapsuleCollider("arm", new double[] {-1, 0, 0},
                new double[] {1, 0, 0}, 0.1);
        Contact c = query(cap, new double[] {2, 0, 0}, new double[] {1, 0, 0}, 0.005);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.895, c.time, EPS);
        assertVector(new double[] {1.105, 0, 0}, c.point, EPS);
        assertVector(new double[] {1, 0, 0}, c.normal, EPS);
        assertEquals(-0.1, c.distance, EPS);
    }

    @Test
    void aNodePassingBesideIsNoContact() {
        CapsuleCollider cap = new CapsuleCollider("arm", new double[] {-1, 0, 0},
                new double[] {1, 0, 0}, 0.1);
        // parallel to the axis, 0.2 away
        assertNull(query(cap, new double[] {-2, 0.2, 0}, new double[] {2, 0.2, 0}, 0.005));
        // across, beyond the end cap (x = 1.2)
        assertNull(query(cap, new double[] {1.2, -1, 0}, new double[] {1.2, 1, 0}, 0.005));
    }

    @Test
    void containsIsStrictAndExact() {
        // axis (0, 0, 0)-(0, 2, 0), r = 0.5
        CapsuleCollider cap = new CapsuleCollider("arm", new double[3], new double[] {0, 2, 0},
                0.5);
        assertFalse(cap.contains(0.5, 1, 0));
        assertTrue(cap.contains(Math.nextDown(0.5), 1, 0));
        assertFalse(cap.contains(0, 2.5, 0)); // tip of the cap
        assertTrue(cap.contains(0, Math.nextDown(2.5), 0));
        assertFalse(cap.contains(0, -0.5, 0));
        assertTrue(cap.contains(0.3, -0.3, 0)); // 0.42 from a
        assertFalse(cap.contains(0.4, -0.4, 0)); // 0.57 from a
    }

    @Test
    void sweptBoundsOfARotatingCapsuleUseItsHalfLengthPlusRadius() {
        // axis length 2, r = 0.1: bounding radius 1.1 around the midpoint (0, 0, 0)
        CapsuleCollider cap = new CapsuleCollider("arm", new double[] {-1, 0, 0},
                new double[] {1, 0, 0}, 0.1);
        double[] b = new double[6];
        cap.sweptBounds(b);
        assertVector(new double[] {-1.1, -0.1, -0.1, 1.1, 0.1, 0.1}, b, EPS);
        cap.setMotion(new double[3], new double[] {0, 0, 1});
        cap.sweptBounds(b);
        assertVector(new double[] {-1.1, -1.1, -1.1, 1.1, 1.1, 1.1}, b, EPS);
    }

    @Test
    void invalidArgumentsNameTheColliderAndTheField() {
        assertEquals("arm.radius: must be > 0 (got 0.0)", assertThrows(
                IllegalArgumentException.class, () -> new CapsuleCollider("arm", new double[3],
                        new double[] {0, 1, 0}, 0)).getMessage());
        assertEquals("arm.b[2]: must be a finite number (got NaN)", assertThrows(
                IllegalArgumentException.class, () -> new CapsuleCollider("arm", new double[3],
                        new double[] {0, 1, Double.NaN}, 1)).getMessage());
    }
}
