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

class BoxColliderTest {
    private static final double EPS = 1e-12;
    private static final double[] Z = {0, 0, 1};

    /** An axis-aligned box. */
    private static BoxCollider box(double[] center, double[] half) {
        return new BoxCollider("crate", center, half, Z, 0);
    }

    @Test
    void aFastNodeThroughAThinBoxEndsOnTheEntrySide() {
        // A 2 cm thick board: half extents (1, 0.01, 1) at the origin, h = 0.005. The node goes
        // from (0.2, 1, 0.3) to (0.4, -1, 0.3), passing through the board. y = 1 - 2s reaches the
        // inflated top face y = 0.015 at s = 0.985 / 2 = 0.4925, where x = 0.2 + 0.2·0.4925 is
        // inside the face. n = (0, 1, 0); the tangential rest of the path keeps x and z of the end:
        // x_c = (0.4, 0.015, 0.3). Distance: the end's height above the top face, -1 - 0.01.
        BoxCollider b = box(new double[3], new double[] {1, 0.01, 1});
        b.setInterval(0, 1.0 / 60);
        Contact c = query(b, new double[] {0.2, 1, 0.3}, new double[] {0.4, -1, 0.3}, 0.005);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.4925, c.time, EPS);
        assertVector(new double[] {0.4, 0.015, 0.3}, c.point, EPS);
        assertVector(new double[] {0, 1, 0}, c.normal, EPS);
        assertEquals(-1.01, c.distance, EPS);
    }

    @Test
    void theInitialOrientationTurnsTheBox() {
        // The same board turned 90° about z: body x is world y and body y is world -x, so the thin
        // axis is world x. The node crosses it along x, from (1, 0.2, 0.3) to (-1, 0.4, 0.3): in
        // the body frame (y, -x, z) from (0.2, -1, 0.3) to (0.4, 1, 0.3), entering the face
        // y = -0.015 at s = 0.4925. Body normal (0, -1, 0) is world (1, 0, 0); body
        // x_c = (0.4, -0.015, 0.3) is world (0.015, 0.4, 0.3).
        BoxCollider b = new BoxCollider("crate", new double[3], new double[] {1, 0.01, 1}, Z,
                Math.PI / 2);
        Contact c = query(b, new double[] {1, 0.2, 0.3}, new double[] {-1, 0.4, 0.3}, 0.005);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.4925, c.time, EPS);
        assertVector(new double[] {1, 0, 0}, c.normal, EPS);
        assertVector(new double[] {0.015, 0.4, 0.3}, c.point, EPS);
    }

    @Test
    void edgesAreRoundedByTheThickness() {
        // Unit cube half extents (1, 1, 1), h = 0.1. A node moves diagonally in the plane z = 0
        // from (2, 2, 0) towards the edge x = y = 1, ending inside at (0.5, 0.5, 0). The rounded
        // inflated edge is met where the distance to (1, 1, 0) is 0.1: at
        // (1 + 0.1/√2, 1 + 0.1/√2, 0), s = (2 - 1 - 0.1/√2) / 1.5 (square corners would give
        // (2 - 1.1) / 1.5 = 0.6). The normal is (1, 1, 0)/√2; the rest of the path is along -n, so
        // x_c is the contact point. Distance: n·(end - edge) = (-0.5 - 0.5)/√2 = -1/√2.
        BoxCollider b = box(new double[3], new double[] {1, 1, 1});
        double r = 0.1 / Math.sqrt(2);
        Contact c = query(b, new double[] {2, 2, 0}, new double[] {0.5, 0.5, 0}, 0.1);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals((1 - r) / 1.5, c.time, EPS);
        assertVector(new double[] {1 + r, 1 + r, 0}, c.point, EPS);
        assertVector(new double[] {Math.sqrt(0.5), Math.sqrt(0.5), 0}, c.normal, EPS);
        assertEquals(-Math.sqrt(0.5), c.distance, EPS);
        // a node resting 0.08 from the edge along the diagonal is pushed out to 0.1 along it
        double e = 0.08 / Math.sqrt(2);
        Contact p = query(b, new double[] {1 + e, 1 + e, 0.5}, new double[] {1 + e, 1 + e, 0.5},
                0.1);
        assertNotNull(p);
        assertFalse(p.crossed);
        assertVector(new double[] {1 + r, 1 + r, 0.5}, p.point, EPS);
        assertEquals(0.08, p.distance, EPS);
        // 0.12 from the edge along the diagonal (within 0.1 of both face planes, so inside a
        // square-cornered layer) is clear of the rounded layer
        double f = 0.12 / Math.sqrt(2);
        assertNull(query(b, new double[] {1 + f, 1 + f, 0.5}, new double[] {1 + f, 1 + f, 0.5},
                0.1));
    }

    @Test
    void aNodeEndingInsideFromInsideGoesOutThroughTheNearestFace() {
        // half extents (1, 0.5, 1): a node inside at (0.2, 0.4, -0.3) (it started inside too) is
        // 0.1 below the top face, nearer than any other; pushed to y = 0.5 + h = 0.51.
        BoxCollider b = box(new double[3], new double[] {1, 0.5, 1});
        Contact c = query(b, new double[] {0.2, 0.3, -0.3}, new double[] {0.2, 0.4, -0.3}, 0.01);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertVector(new double[] {0.2, 0.51, -0.3}, c.point, EPS);
        assertVector(new double[] {0, 1, 0}, c.normal, EPS);
        assertEquals(-0.1, c.distance, EPS);
    }

    @Test
    void aRotatingBoxGivesTheSurfaceVelocityOfItsFace() {
        // half extents (1, 0.1, 1) spinning about y at ω = (0, 3, 0) rad/s: the top face stays at
        // y = 0.1. A node resting at (0.5, 0.104, 0.2) is 0.004 above it (h = 0.005): pushed to
        // y = 0.105. The face point under it, p = (0.5, 0.1, 0.2), moves at ω × p =
        // (3·0.2 - 0·0.1, 0·0.5 - 0·0.2, 0·0.1 - 3·0.5) = (0.6, 0, -1.5).
        BoxCollider b = box(new double[3], new double[] {1, 0.1, 1});
        b.setMotion(new double[3], new double[] {0, 3, 0});
        b.setInterval(0.2, 0.21);
        Contact c = query(b, new double[] {0.5, 0.104, 0.2}, new double[] {0.5, 0.104, 0.2},
                0.005);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertVector(new double[] {0.5, 0.105, 0.2}, c.point, 1e-12);
        assertVector(new double[] {0, 1, 0}, c.normal, 1e-12);
        assertVector(new double[] {0.6, 0, -1.5}, c.surfaceVelocity, 1e-12);
    }

    @Test
    void aNodePassingWellClearIsNoContact() {
        BoxCollider b = box(new double[3], new double[] {1, 0.01, 1});
        assertNull(query(b, new double[] {1.5, 1, 0}, new double[] {1.5, -1, 0}, 0.005));
        assertNull(query(b, new double[] {-2, 0.5, 0}, new double[] {2, 0.5, 0}, 0.005));
    }

    @Test
    void containsIsStrictAndExact() {
        BoxCollider b = box(new double[] {1, 2, 3}, new double[] {0.5, 0.25, 1});
        assertFalse(b.contains(1.5, 2, 3)); // on a face
        assertTrue(b.contains(Math.nextDown(1.5), 2, 3));
        assertFalse(b.contains(Math.nextUp(1.5), 2, 3));
        assertFalse(b.contains(1, 2.25, 3));
        assertTrue(b.contains(1, Math.nextDown(2.25), 3));
        assertTrue(b.contains(1, 2, Math.nextUp(2.0)));
        assertFalse(b.contains(1, 2, 4));
        assertFalse(b.contains(1.5, 2.25, 4)); // a corner
    }

    @Test
    void sweptBoundsOfATurnedTranslatingBox() {
        // half extents (2, 1, 0.5) turned 90° about z: world extents (1, 2, 0.5). Centre (0, 0, 0)
        // moving at (1, 0, 0): at t0 = 0 and t1 = 3 the centres are (0, 0, 0) and (3, 0, 0).
        BoxCollider b = new BoxCollider("crate", new double[3], new double[] {2, 1, 0.5}, Z,
                Math.PI / 2);
        b.setMotion(new double[] {1, 0, 0}, new double[3]);
        b.setInterval(0, 3);
        double[] out = new double[6];
        b.sweptBounds(out);
        assertVector(new double[] {-1, -2, -0.5, 4, 2, 0.5}, out, 1e-12);
        // spinning: the centre path padded by the half-diagonal √(4 + 1 + 0.25) = √5.25
        b.setMotion(new double[] {1, 0, 0}, new double[] {0, 0, 1});
        b.sweptBounds(out);
        double rb = Math.sqrt(5.25);
        assertVector(new double[] {-rb, -rb, -rb, 3 + rb, rb, rb}, out, 1e-12);
    }

    @Test
    void invalidArgumentsNameTheColliderAndTheField() {
        assertEquals("crate.halfExtents[1]: must be > 0 (got 0.0)", assertThrows(
                IllegalArgumentException.class,
                () -> box(new double[3], new double[] {1, 0, 1})).getMessage());
        assertEquals("crate.axis: must be non-zero (got [0.0, 0.0, 0.0])", assertThrows(
                IllegalArgumentException.class, () -> new BoxCollider("crate", new double[3],
                        new double[] {1, 1, 1}, new double[3], 0)).getMessage());
        assertEquals("crate.angle: must be a finite number (got NaN)", assertThrows(
                IllegalArgumentException.class, () -> new BoxCollider("crate", new double[3],
                        new double[] {1, 1, 1}, Z, Double.NaN)).getMessage());
    }
}
