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

class SphereColliderTest {
    private static final double EPS = 1e-12;

    @Test
    void aNodeEndingInsideFromInsideIsPushedOutRadially() {
        // centre c = (1, 2, 3), r = 0.5, h = 0.01. The node starts inside the solid (at the centre
        // + (0, 0.1, 0)), so this is a proximity contact. Its end is c + (0.18, 0, 0.24): radius
        // 0.3 along (0.6, 0, 0.8), depth 0.5 - 0.3 = 0.2. Pushed to r + h = 0.51 along that
        // direction: c + 0.51·(0.6, 0, 0.8) = (1.306, 2, 3.408).
        SphereCollider s = new SphereCollider("ball", new double[] {1, 2, 3}, 0.5);
        s.setInterval(0, 0.01);
        Contact c = query(s, new double[] {1, 2.1, 3}, new double[] {1.18, 2, 3.24}, 0.01);
        assertNotNull(c);
        assertVector(new double[] {1.306, 2, 3.408}, c.point, EPS);
        assertVector(new double[] {0.6, 0, 0.8}, c.normal, EPS);
        assertVector(new double[] {0, 0, 0}, c.surfaceVelocity, EPS);
        assertEquals(-0.2, c.distance, EPS);
        assertEquals(1.0, c.time);
        assertFalse(c.crossed);
    }

    @Test
    void aRadialPathFromOutsideEndingInsideStopsAtRadiusPlusThickness() {
        // Same sphere; the node comes in along (0.6, 0, 0.8) from radius 2 to radius 0.3: it
        // crossed the surface, first reaching r + h = 0.51 at s = (2 - 0.51) / (2 - 0.3) =
        // 1.49 / 1.7. The path is radial, so no tangential displacement remains: x_c =
        // c + 0.51·(0.6, 0, 0.8), as for a proximity push. Distance: the end's height above the
        // tangent plane at the contact, 0.3 - 0.5 = -0.2.
        SphereCollider s = new SphereCollider("ball", new double[] {1, 2, 3}, 0.5);
        s.setInterval(0, 0.01);
        Contact c = query(s, new double[] {2.2, 2, 4.6}, new double[] {1.18, 2, 3.24}, 0.01);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertVector(new double[] {1.306, 2, 3.408}, c.point, EPS);
        assertVector(new double[] {0.6, 0, 0.8}, c.normal, EPS);
        assertEquals(1.49 / 1.7, c.time, EPS);
        assertEquals(-0.2, c.distance, EPS);
    }

    @Test
    void aFastNodeThroughTheSphereIsCaughtOnTheEntrySide() {
        // r = 0.9 at the origin, h = 0.1, so the inflated radius is 1. The node goes from
        // (-3, 0.6, 0) to (3, 0.6, 0), both far outside, in one step. x(s) = -3 + 6s reaches
        // x² + 0.36 = 1, x = -0.8, at s = 2.2 / 6. There n = (-0.8, 0.6, 0). The rest of the path,
        // (3.8, 0, 0), has normal part -3.04 and tangential part (3.8, 0, 0) + 3.04·n =
        // (1.368, 1.824, 0), so x_c = (-0.8 + 1.368, 0.6 + 1.824, 0) = (0.568, 2.424, 0): on the
        // entry side, at height n·x_c = 1 = r + h above the centre along n. Distance: n·end - r =
        // (-2.4 + 0.36) - 0.9 = -2.94.
        SphereCollider s = new SphereCollider("ball", new double[3], 0.9);
        s.setInterval(1, 1.01);
        Contact c = query(s, new double[] {-3, 0.6, 0}, new double[] {3, 0.6, 0}, 0.1);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(2.2 / 6, c.time, EPS);
        assertVector(new double[] {-0.8, 0.6, 0}, c.normal, EPS);
        assertVector(new double[] {0.568, 2.424, 0}, c.point, EPS);
        assertEquals(-2.94, c.distance, EPS);
        assertTrue(c.point[0] * c.normal[0] + c.point[1] * c.normal[1] > 0.9);
    }

    @Test
    void aMovingSphereCarriesAStaticNode() {
        // r = 0.9, centre (0, 0, 0) moving at (0, 10, 0) m/s; step [0, 0.1] moves it to (0, 1, 0).
        // A node resting at (0, 1.5, 0) is at body (0, 1.5, 0) at t0 and (0, 0.5, 0) at t1: the
        // body path meets the inflated radius 1 at s = 0.5. x_c = body (0, 1, 0) at t1, world
        // (0, 2, 0); the surface moves at (0, 10, 0).
        SphereCollider s = new SphereCollider("ball", new double[3], 0.9);
        s.setMotion(new double[] {0, 10, 0}, new double[3]);
        s.setInterval(0, 0.1);
        Contact c = query(s, new double[] {0, 1.5, 0}, new double[] {0, 1.5, 0}, 0.1);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.5, c.time, EPS);
        assertVector(new double[] {0, 2, 0}, c.point, EPS);
        assertVector(new double[] {0, 1, 0}, c.normal, EPS);
        assertVector(new double[] {0, 10, 0}, c.surfaceVelocity, EPS);
    }

    @Test
    void aNodeNextToARotatingSphereGetsTheSurfaceVelocity() {
        // r = 1 at the origin spinning at ω = (0, 0, 2) rad/s. A node resting at (1.002, 0, 0),
        // 0.002 from the surface (h = 0.005), is pushed to (1.005, 0, 0). The surface point under
        // it is r = (1, 0, 0), moving at ω × r = (0·0 - 2·0, 2·1 - 0·0, 0) = (0, 2, 0). The body
        // path (the node seen from the turning sphere) is a chord of radius 1.002 over 0.02 rad,
        // which stays outside the sphere: a proximity contact.
        SphereCollider s = new SphereCollider("ball", new double[3], 1);
        s.setMotion(new double[3], new double[] {0, 0, 2});
        s.setInterval(0.5, 0.51);
        Contact c = query(s, new double[] {1.002, 0, 0}, new double[] {1.002, 0, 0}, 0.005);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertVector(new double[] {1.005, 0, 0}, c.point, EPS);
        assertVector(new double[] {1, 0, 0}, c.normal, EPS);
        assertVector(new double[] {0, 2, 0}, c.surfaceVelocity, EPS);
        assertEquals(0.002, c.distance, EPS);
    }

    @Test
    void aNodeCrossingIntoASpinningSphereIsPushedAlongTheNormalAtItsContactPoint() {
        // r = 0.5 at the origin spinning at ω = (0, 0, 10) rad/s over a step of 0.02 s (0.2 rad).
        // The node falls radially in the world from (1, 0, 0) to (0.3, 0, 0), h = 0.01. Seen from
        // the sphere its path is the chord from (1, 0, 0) to 0.3·(cos 0.2, −sin 0.2, 0), which
        // enters r + h = 0.51 at the body point q_s with normal (0.9967, −0.0814, 0); x_c is q_s
        // lifted to 0.51 plus the tangential rest of the chord, at about 8.6° from the x axis in
        // the body frame, where the radial normal is 4.0° away from q_s's. A plane through x_c
        // with q_s's normal would lean by those 4° against the spin and push a frictionless node
        // backwards along the surface; the contact's normal is the radial one at x_c: in the
        // world, point / |point| (the centre is the origin).
        SphereCollider s = new SphereCollider("ball", new double[3], 0.5);
        s.setMotion(new double[3], new double[] {0, 0, 10});
        s.setInterval(0, 0.02);
        Contact c = query(s, new double[] {1, 0, 0}, new double[] {0.3, 0, 0}, 0.01);
        assertNotNull(c);
        assertTrue(c.crossed);
        double len = Math.sqrt(c.point[0] * c.point[0] + c.point[1] * c.point[1] + c.point[2] * c.point[2]);
        assertVector(new double[] {c.point[0] / len, c.point[1] / len, c.point[2] / len}, c.normal, EPS);
    }

    @Test
    void aNodePassingWellClearOrOnlyThroughTheThicknessLayerIsNoContact() {
        SphereCollider s = new SphereCollider("ball", new double[3], 0.9);
        s.setInterval(0, 0.01);
        // 2 m from the centre all the way
        assertNull(query(s, new double[] {-3, 2, 0}, new double[] {3, 2, 0}, 0.1));
        // closest approach 0.95: within r + h = 1 but never inside, and ends clear
        assertNull(query(s, new double[] {-3, 0.95, 0}, new double[] {3, 0.95, 0}, 0.1));
        // moving away from a start within the thickness, ending clear
        assertNull(query(s, new double[] {0.95, 0, 0}, new double[] {2, 0, 0}, 0.1));
    }

    @Test
    void containsIsStrictAndExact() {
        SphereCollider s = new SphereCollider("ball", new double[] {1, 2, 3}, 0.5);
        assertFalse(s.contains(1.5, 2, 3)); // on the surface
        assertTrue(s.contains(Math.nextDown(1.5), 2, 3));
        assertFalse(s.contains(Math.nextUp(1.5), 2, 3));
        assertTrue(s.contains(1, 2, 3));
        assertFalse(s.contains(1, 2.5, 3));
        assertTrue(s.contains(1, 2, Math.nextUp(2.5)));
        // the end pose counts: moving at (0.5, 0, 0), at t1 = 2 the centre is (2, 2, 3), and the
        // point just inside the initial surface at x = 1.5 is now 0.5 + 1 ulp away: outside
        s.setMotion(new double[] {0.5, 0, 0}, new double[3]);
        s.setInterval(1, 2);
        assertTrue(s.contains(2, 2, 3));
        assertFalse(s.contains(Math.nextDown(1.5), 2, 3));
    }

    @Test
    void sweptBoundsCoverBothEndPoses() {
        // centre (0, 0, 0) at t = 0 moving at (1, -2, 0): at t0 = 1 it is at (1, -2, 0), at
        // t1 = 2 at (2, -4, 0); bounds are those centres ± r = 0.5.
        SphereCollider s = new SphereCollider("ball", new double[3], 0.5);
        s.setMotion(new double[] {1, -2, 0}, new double[] {0, 3, 0});
        s.setInterval(1, 2);
        double[] b = new double[6];
        s.sweptBounds(b);
        assertVector(new double[] {0.5, -4.5, -0.5, 2.5, -1.5, 0.5}, b, EPS);
    }

    @Test
    void invalidArgumentsNameTheColliderAndTheField() {
        assertEquals("ball.radius: must be > 0 (got -1.0)", assertThrows(
                IllegalArgumentException.class,
                () -> new SphereCollider("ball", new double[3], -1)).getMessage());
        assertEquals("ball.radius: must be a finite number (got NaN)", assertThrows(
                IllegalArgumentException.class,
                () -> new SphereCollider("ball", new double[3], Double.NaN)).getMessage());
        assertEquals("ball.center[1]: must be a finite number (got Infinity)", assertThrows(
                IllegalArgumentException.class, () -> new SphereCollider("ball",
                        new double[] {0, Double.POSITIVE_INFINITY, 0}, 1)).getMessage());
        assertEquals("ball.center: must have 3 components (got 2)", assertThrows(
                IllegalArgumentException.class,
                () -> new SphereCollider("ball", new double[2], 1)).getMessage());
        SphereCollider s = new SphereCollider("ball", new double[3], 1);
        assertEquals("ball.angularVelocity[2]: must be a finite number (got NaN)", assertThrows(
                IllegalArgumentException.class, () -> s.setMotion(new double[3],
                        new double[] {0, 0, Double.NaN})).getMessage());
        assertThrows(IllegalArgumentException.class, () -> s.setInterval(1, 0.5));
        assertThrows(IllegalArgumentException.class,
                () -> query(s, new double[3], new double[3], 0));
        assertEquals("ball.friction: must be in [0, 10] (got -0.1)", assertThrows(
                IllegalArgumentException.class, () -> s.setFriction(-0.1)).getMessage());
    }
}
