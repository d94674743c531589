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

class PlaneColliderTest {
    private static final double EPS = 1e-12;

    @Test
    void aFastNodeThroughTheFloorIsCaughtOnTop() {
        // Floor y = 0 (normal given as (0, 2, 0), normalized), h = 0.005. The node goes from
        // (0, 1, 0) to (0.5, -1, 0): y = 1 - 2s reaches 0.005 at s = 0.995 / 2 = 0.4975. x_c keeps
        // the tangential displacement: (0.5, 0.005, 0). Distance: end height -1.
        PlaneCollider p = new PlaneCollider("floor", new double[3], new double[] {0, 2, 0});
        Contact c = query(p, new double[] {0, 1, 0}, new double[] {0.5, -1, 0}, 0.005);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.4975, c.time, EPS);
        assertVector(new double[] {0.5, 0.005, 0}, c.point, EPS);
        assertVector(new double[] {0, 1, 0}, c.normal, EPS);
        assertEquals(-1, c.distance, EPS);
    }

    @Test
    void aNodeJustAboveIsLiftedToTheThickness() {
        // tilted plane through (1, 0, 0) with normal (1, 1, 0)/√2. The node rests at
        // (1, 0, 0) + 0.002·n: lifted to 0.005 along n, distance 0.002, not a crossing.
        double k = Math.sqrt(0.5);
        PlaneCollider p = new PlaneCollider("ramp", new double[] {1, 0, 0}, new double[] {1, 1, 0});
        double[] x = {1 + 0.002 * k, 0.002 * k, 3};
        Contact c = query(p, x, x, 0.005);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertEquals(1.0, c.time);
        assertEquals(0.002, c.distance, EPS);
        assertVector(new double[] {1 + 0.005 * k, 0.005 * k, 3}, c.point, EPS);
        assertVector(new double[] {k, k, 0}, c.normal, EPS);
    }

    @Test
    void aRisingFloorLiftsARestingNode() {
        // Floor through the origin rising at 1 m/s; step [0, 0.1]. A node resting at y = 0.05 is
        // at body height 0.05 at t0 and 0.05 - 0.1 = -0.05 at t1: the floor reaches it
        // (height h = 0.005) at s = 0.045 / 0.1 = 0.45. x_c: body height 0.005, world
        // 0.1 + 0.005 = 0.105. The floor moves at (0, 1, 0).
        PlaneCollider p = new PlaneCollider("floor", new double[3], new double[] {0, 1, 0});
        p.setMotion(new double[] {0, 1, 0}, new double[3]);
        p.setInterval(0, 0.1);
        Contact c = query(p, new double[] {0.3, 0.05, 0}, new double[] {0.3, 0.05, 0}, 0.005);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.45, c.time, EPS);
        assertVector(new double[] {0.3, 0.105, 0}, c.point, EPS);
        assertVector(new double[] {0, 1, 0}, c.surfaceVelocity, EPS);
    }

    @Test
    void aNodeAboveTheThicknessIsNoContact() {
        PlaneCollider p = new PlaneCollider("floor", new double[3], new double[] {0, 1, 0});
        assertNull(query(p, new double[] {0, 1, 0}, new double[] {5, 0.5, 0}, 0.005));
        assertNull(query(p, new double[] {0, 0.0051, 0}, new double[] {0, 0.0051, 0}, 0.005));
    }

    @Test
    void containsTheNegativeHalfSpaceStrictly() {
        PlaneCollider p = new PlaneCollider("floor", new double[] {0, 1, 0}, new double[] {0, 1, 0});
        assertFalse(p.contains(5, 1, 7));
        assertTrue(p.contains(5, Math.nextDown(1.0), 7));
        assertFalse(p.contains(5, Math.nextUp(1.0), 7));
        assertTrue(p.contains(-1e9, -3, 1e9));
    }

    @Test
    void boundsAreInfinite() {
        PlaneCollider p = new PlaneCollider("floor", new double[3], new double[] {0, 1, 0});
        double[] b = new double[6];
        p.sweptBounds(b);
        double inf = Double.POSITIVE_INFINITY;
        assertVector(new double[] {-inf, -inf, -inf, inf, inf, inf}, b, 0);
    }

    @Test
    void aZeroNormalIsRejected() {
        assertEquals("floor.normal: must be non-zero (got [0.0, 0.0, 0.0])", assertThrows(
                IllegalArgumentException.class,
                () -> new PlaneCollider("floor", new double[3], new double[3])).getMessage());
        assertEquals("floor.point[0]: must be a finite number (got NaN)", assertThrows(
                IllegalArgumentException.class, () -> new PlaneCollider("floor",
                        new double[] {Double.NaN, 0, 0}, new double[] {0, 1, 0})).getMessage());
    }
}
