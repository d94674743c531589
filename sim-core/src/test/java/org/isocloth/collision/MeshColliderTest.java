package org.isocloth.collision;

import static org.isocloth.collision.Queries.assertVector;
import static org.isocloth.collision.Queries.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.isocloth.InputException;
import org.isocloth.cli.SceneRun;
import org.isocloth.mesh.ObjReader;
import org.isocloth.mesh.TriMesh;
import org.isocloth.scene.SceneReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeshColliderTest {
    private static final double EPS = 1e-12;
    /** Continuous detection refines contact times to 1e-13; positions follow to about that. */
    private static final double CCD_EPS = 1e-9;
    private static final double[] Z = {0, 0, 1};
    /** The box of collision/box.obj. */
    private static final double[] BOX_CENTER = {0.5, -0.25, 0.125};
    private static final double[] BOX_HALF = {1, 0.5, 0.75};

    @TempDir
    Path tmp;

    private static Path resource(String name) {
        try {
            return Path.of(MeshColliderTest.class.getResource("/collision/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static MeshCollider boxMesh() {
        return MeshColliderFiles.fromObj("crate", resource("box.obj"));
    }

    private static BoxCollider boxAnalytic() {
        return new BoxCollider("crate", BOX_CENTER, BOX_HALF, Z, 0);
    }

    /** The square x, z in [-1, 1] at height y, wound so that its normal is +y. */
    private static double[] square(double y) {
        return new double[] {-1, y, -1, 1, y, -1, 1, y, 1, -1, y, 1};
    }

    private static final int[] SQUARE_TRIS = {0, 3, 2, 0, 2, 1};

    private static void assertSame(Contact expected, Contact actual, double tolerance) {
        assertVector(expected.point, actual.point, tolerance);
        assertVector(expected.normal, actual.normal, tolerance);
        assertEquals(expected.distance, actual.distance, tolerance);
        assertEquals(expected.crossed, actual.crossed);
    }

    // ------------------------------------------------------------------ closed box

    @Test
    void theBoxObjIsClosedWithTwelveTriangles() {
        MeshCollider m = boxMesh();
        assertTrue(m.isClosed());
        assertEquals(12, m.triangleCount());
        assertEquals(8, m.vertexCount());
        // static: both poses are the file's positions, bounds are the box's
        double[] b = new double[6];
        m.sweptBounds(b);
        assertVector(new double[] {-0.5, -0.75, -0.625, 1.5, 0.25, 0.875}, b, 0);
    }

    @Test
    void aNodeEndingInsideNearTheTopIsPushedOutLikeTheAnalyticBox() {
        // Start and end inside: top face y = 0.25. The end (0.8, 0.15, 0.3) is 0.1 below the top
        // and farther from every other face (x: 0.7 and 1.3, z: 0.575 and 0.925, bottom: 0.9),
        // so with h = 0.01: x_c = (0.8, 0.26, 0.3), n = +y, distance -0.1, proximity (time 1).
        double[] start = {0.7, 0.1, 0.2};
        double[] end = {0.8, 0.15, 0.3};
        Contact c = query(boxMesh(), start, end, 0.01);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertEquals(1, c.time);
        assertVector(new double[] {0.8, 0.26, 0.3}, c.point, EPS);
        assertVector(new double[] {0, 1, 0}, c.normal, EPS);
        assertEquals(-0.1, c.distance, EPS);
        assertVector(new double[3], c.surfaceVelocity, 0);
        assertSame(query(boxAnalytic(), start, end, 0.01), c, EPS);
    }

    @Test
    void aNodeDeepInsideIsPushedOutThroughTheNearestFace() {
        // (0.5, -0.3, 0.1) is 0.45 above the bottom y = -0.75 and farther from the other faces
        // (top 0.55, x faces 1, z faces 0.775 and 0.725): far more than h = 0.01, yet inside, so
        // it is pushed out through the bottom: x_c = (0.5, -0.76, 0.1), n = -y, distance -0.45.
        double[] p = {0.5, -0.3, 0.1};
        Contact c = query(boxMesh(), p, p, 0.01);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertVector(new double[] {0.5, -0.76, 0.1}, c.point, EPS);
        assertVector(new double[] {0, -1, 0}, c.normal, EPS);
        assertEquals(-0.45, c.distance, EPS);
        assertSame(query(boxAnalytic(), p, p, 0.01), c, EPS);
    }

    @Test
    void aFastNodeThroughTheBoxStopsOnTheEntrySideLikeTheAnalyticBox() {
        // From (0.9, 2, 0) to (1.1, -3, 0.4): y = 2 - 5s meets the top y = 0.25 at s = 0.35, at
        // x = 0.97, z = 0.14 (inside the face). The exit through the bottom (s = 0.55) goes outward
        // and does not count. h = 0.01: x_c keeps the end's x and z at y = 0.26; n = +y; distance
        // = -3 - 0.25. The analytic box reports the same x_c, normal and distance (its time is
        // when the thickness layer is reached, (2 - 0.26) / 5, where the mesh reports the surface).
        double[] start = {0.9, 2, 0};
        double[] end = {1.1, -3, 0.4};
        Contact c = query(boxMesh(), start, end, 0.01);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.35, c.time, CCD_EPS);
        assertVector(new double[] {1.1, 0.26, 0.4}, c.point, CCD_EPS);
        assertVector(new double[] {0, 1, 0}, c.normal, EPS);
        assertEquals(-3.25, c.distance, CCD_EPS);
        assertSame(query(boxAnalytic(), start, end, 0.01), c, CCD_EPS);
    }

    @Test
    void aSideFaceCrossingEndingInsideMatchesTheAnalyticBox() {
        // From (3, 0, 0.2) to (0, -0.5, 0.1): x = 3 - 3s meets the face x = 1.5 at s = 0.5, at
        // y = -0.25, z = 0.15 (inside the face). h = 0.02: x_c = (1.52, -0.5, 0.1), n = +x,
        // distance 0 - 1.5.
        double[] start = {3, 0, 0.2};
        double[] end = {0, -0.5, 0.1};
        Contact c = query(boxMesh(), start, end, 0.02);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.5, c.time, CCD_EPS);
        assertVector(new double[] {1.52, -0.5, 0.1}, c.point, CCD_EPS);
        assertVector(new double[] {1, 0, 0}, c.normal, EPS);
        assertEquals(-1.5, c.distance, CCD_EPS);
        assertSame(query(boxAnalytic(), start, end, 0.02), c, CCD_EPS);
    }

    @Test
    void nearAnEdgeTheNormalPointsFromTheEdgeLikeTheRoundedAnalyticBox() {
        // A node resting outside the edge x = 1.5, y = 0.25 at 0.08 along the diagonal (1, 1, 0)/√2,
        // h = 0.1: the closest point is on the edge, so n = (1, 1, 0)/√2 and x_c is 0.1 from the
        // edge along it; the analytic box's rounded edge gives the same.
        double e = 0.08 / Math.sqrt(2);
        double r = 0.1 / Math.sqrt(2);
        double[] p = {1.5 + e, 0.25 + e, 0.1};
        Contact c = query(boxMesh(), p, p, 0.1);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertVector(new double[] {1.5 + r, 0.25 + r, 0.1}, c.point, EPS);
        assertVector(new double[] {Math.sqrt(0.5), Math.sqrt(0.5), 0}, c.normal, EPS);
        assertEquals(0.08, c.distance, EPS);
        assertSame(query(boxAnalytic(), p, p, 0.1), c, EPS);
    }

    @Test
    void aNodeLeavingTheBoxOrPassingFarFromItIsNoContact() {
        // From inside (0.5, 0, 0.1) out through the top to (0.5, 1, 0.1), 0.75 above it: an
        // outward crossing, and the end is beyond h = 0.01. Same for the analytic box.
        double[] start = {0.5, 0, 0.1};
        double[] end = {0.5, 1, 0.1};
        assertNull(query(boxMesh(), start, end, 0.01));
        assertNull(query(boxAnalytic(), start, end, 0.01));
        // beside the box: x = 1.6 is 0.1 beyond the face x = 1.5
        assertNull(query(boxMesh(), new double[] {1.6, 2, 0}, new double[] {1.6, -2, 0}, 0.01));
    }

    @Test
    void containsAgreesWithTheAnalyticBoxOnRandomAndLatticePoints() {
        // Random points in the box grown by 0.5, then a lattice of step 0.25 that puts points on
        // faces, edges and corners (on the surface: not inside) and rays along +x through the
        // faces' diagonals and vertices (where the symbolic perturbation decides). An inside-out
        // copy of the mesh (every triangle reversed) must answer the same.
        MeshCollider m = boxMesh();
        TriMesh t = ObjReader.read(resource("box.obj")).mesh;
        int[] reversed = t.triangles.clone();
        for (int i = 0; i < reversed.length; i += 3) {
            int s = reversed[i + 1];
            reversed[i + 1] = reversed[i + 2];
            reversed[i + 2] = s;
        }
        MeshCollider inverted = new MeshCollider("inverted", reversed, t.positions);
        assertTrue(inverted.isClosed());
        BoxCollider b = boxAnalytic();
        assertContainsLikeTheBox(7, m, inverted);
        int latticeInside = 0;
        for (int i = 0; i <= 12; i++) {
            for (int j = 0; j <= 8; j++) {
                for (int k = 0; k <= 10; k++) {
                    double x = -1 + 0.25 * i;
                    double y = -1.25 + 0.25 * j;
                    double z = -1.125 + 0.25 * k;
                    boolean expected = b.contains(x, y, z);
                    assertEquals(expected, m.contains(x, y, z), x + ", " + y + ", " + z);
                    assertEquals(expected, inverted.contains(x, y, z), x + ", " + y + ", " + z);
                    latticeInside += expected ? 1 : 0;
                }
            }
        }
        // strictly inside: x in {-0.25 .. 1.25} (7), y in {-0.5 .. 0} (3), z in {-0.375 .. 0.625} (5)
        assertEquals(7 * 3 * 5, latticeInside);
    }

    @Test
    void aBoxWithAHoleContainsWhatTheCappedBoxEncloses() {
        // The box without its top face (y = 0.25, the two triangles of vertices 2, 3, 6, 7): an
        // open mesh whose hole is one simple loop of four edges. It collides as a two-sided
        // surface, but contains() closes the hole with a fan and must then agree with the analytic
        // box at random points in the box grown by 0.5 (about 400 of 2,000 inside), as the closed
        // box does (the hole is flat and convex, so its fan lies where the lid was).
        TriMesh t = ObjReader.read(resource("box.obj")).mesh;
        MeshCollider open = new MeshCollider("lidless", without(t.triangles, 2, 3, 6, 7), t.positions);
        assertFalse(open.isClosed());
        assertContainsLikeTheBox(3, open);
    }

    @Test
    void overlappingPartsOfOneClosedMeshContainTheirUnion() {
        // The box and a copy moved by +1 along x, as one mesh of 16 vertices and 24 triangles:
        // closed (each box's edges pair up within it), and self-intersecting like a skin whose
        // tail's root is sunk into the back. A point in both boxes (x from 0.5 to 1.5) has winding
        // number 2 and lies inside; the crossings' parity along any ray would call it outside.
        // At 2,000 random points in the union grown by 0.5, contains() must answer as the two
        // analytic boxes together, the inverted mesh too. The union is 3 × 1 × 1.5 = 4.5 of the
        // sampled 4 × 2 × 2.5 = 20 (about 450 points inside), the overlap 1.5 (about 150).
        TriMesh t = ObjReader.read(resource("box.obj")).mesh;
        int nv = t.positions.length / 3;
        double[] x = java.util.Arrays.copyOf(t.positions, 2 * t.positions.length);
        for (int i = 0; i < t.positions.length; i++) {
            x[t.positions.length + i] = t.positions[i] + (i % 3 == 0 ? 1 : 0);
        }
        int[] tris = java.util.Arrays.copyOf(t.triangles, 2 * t.triangles.length);
        int[] reversed = new int[tris.length];
        for (int i = 0; i < t.triangles.length; i++) {
            tris[t.triangles.length + i] = t.triangles[i] + nv;
        }
        for (int i = 0; i < tris.length; i += 3) {
            reversed[i] = tris[i];
            reversed[i + 1] = tris[i + 2];
            reversed[i + 2] = tris[i + 1];
        }
        MeshCollider both = new MeshCollider("overlapping", tris, x);
        MeshCollider inverted = new MeshCollider("overlapping, inverted", reversed, x);
        assertTrue(both.isClosed());
        BoxCollider b = boxAnalytic();
        Random rnd = new Random(5);
        int inside = 0;
        int overlap = 0;
        for (int i = 0; i < 2000; i++) {
            double px = -1 + 4 * rnd.nextDouble();
            double py = -1.25 + 2 * rnd.nextDouble();
            double pz = -1.125 + 2.5 * rnd.nextDouble();
            boolean inFirst = b.contains(px, py, pz);
            boolean inSecond = b.contains(px - 1, py, pz);
            boolean expected = inFirst || inSecond;
            assertEquals(expected, both.contains(px, py, pz), px + ", " + py + ", " + pz);
            assertEquals(expected, inverted.contains(px, py, pz), "inverted at " + px + ", " + py + ", " + pz);
            inside += expected ? 1 : 0;
            overlap += inFirst && inSecond ? 1 : 0;
        }
        assertTrue(inside > 350 && inside < 550, "inside " + inside);
        assertTrue(overlap > 100 && overlap < 200, "in both boxes " + overlap);
    }

    /**
     * At 2,000 random points in the box grown by 0.5, every mesh answers contains() as the
     * analytic box does. The box is 2 × 1 × 1.5 = 3 of the sampled 3 × 2 × 2.5 = 15: about 400 of
     * 2,000 points are inside.
     */
    private static void assertContainsLikeTheBox(long seed, MeshCollider... meshes) {
        BoxCollider b = boxAnalytic();
        Random rnd = new Random(seed);
        int inside = 0;
        for (int i = 0; i < 2000; i++) {
            double x = -1 + 3 * rnd.nextDouble();
            double y = -1.25 + 2 * rnd.nextDouble();
            double z = -1.125 + 2.5 * rnd.nextDouble();
            boolean expected = b.contains(x, y, z);
            for (MeshCollider m : meshes) {
                assertEquals(expected, m.contains(x, y, z), m.name() + " at " + x + ", " + y + ", " + z);
            }
            inside += expected ? 1 : 0;
        }
        assertTrue(inside > 300 && inside < 500, "inside " + inside);
    }

    /** The triangles without those whose three vertices all lie in the given set (one face). */
    private static int[] without(int[] tris, int... face) {
        java.util.Set<Integer> f = new java.util.HashSet<>();
        for (int v : face) {
            f.add(v);
        }
        int[] out = new int[tris.length];
        int k = 0;
        for (int i = 0; i < tris.length; i += 3) {
            if (f.contains(tris[i]) && f.contains(tris[i + 1]) && f.contains(tris[i + 2])) {
                continue;
            }
            System.arraycopy(tris, i, out, k, 3);
            k += 3;
        }
        return java.util.Arrays.copyOf(out, k);
    }

    // ------------------------------------------------------------------ open square

    @Test
    void anOpenSquareCatchesCrossingsFromEitherSideAndContainsNothing() {
        MeshCollider m = new MeshCollider("sheet", SQUARE_TRIS, square(0));
        assertFalse(m.isClosed());
        assertFalse(m.contains(0, 0, 0));
        assertFalse(m.contains(0, -0.1, 0));
        // From above: (0.2, 0.5, 0.3) to (0.4, -0.5, 0.3) crosses y = 0 at s = 0.5; h = 0.01:
        // x_c = (0.4, 0.01, 0.3), n = +y, distance -0.5.
        Contact c = query(m, new double[] {0.2, 0.5, 0.3}, new double[] {0.4, -0.5, 0.3}, 0.01);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.5, c.time, CCD_EPS);
        assertVector(new double[] {0.4, 0.01, 0.3}, c.point, CCD_EPS);
        assertVector(new double[] {0, 1, 0}, c.normal, EPS);
        assertEquals(-0.5, c.distance, CCD_EPS);
        // From below, the mirror image: x_c = (0.4, -0.01, 0.3), n = -y.
        c = query(m, new double[] {0.2, -0.5, 0.3}, new double[] {0.4, 0.5, 0.3}, 0.01);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertVector(new double[] {0.4, -0.01, 0.3}, c.point, CCD_EPS);
        assertVector(new double[] {0, -1, 0}, c.normal, EPS);
        assertEquals(-0.5, c.distance, CCD_EPS);
    }

    @Test
    void anOpenSquareKeepsCloseNodesOnTheirStartSide() {
        MeshCollider m = new MeshCollider("sheet", SQUARE_TRIS, square(0));
        // Below, ending 0.005 under the centre, h = 0.01: x_c = (0, -0.01, 0), n = -y.
        Contact c = query(m, new double[] {0, -0.5, 0}, new double[] {0, -0.005, 0}, 0.01);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertVector(new double[] {0, -0.01, 0}, c.point, EPS);
        assertVector(new double[] {0, -1, 0}, c.normal, EPS);
        assertEquals(0.005, c.distance, EPS);
        // Started above, went down past the edge x = 1 (no crossing) to (1.003, -0.004, 0): the
        // closest point is (1, 0, 0) at 0.005, direction (0.6, -0.8, 0), on the wrong side, so
        // mirrored to (0.6, 0.8, 0): x_c = (1 + 0.006, 0.008, 0), distance -0.005.
        c = query(m, new double[] {1.003, 0.5, 0}, new double[] {1.003, -0.004, 0}, 0.01);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertVector(new double[] {1.006, 0.008, 0}, c.point, EPS);
        assertVector(new double[] {0.6, 0.8, 0}, c.normal, EPS);
        assertEquals(-0.005, c.distance, EPS);
        // passing beside the square farther than h: nothing
        assertNull(query(m, new double[] {1.5, 1, 0}, new double[] {1.5, -1, 0}, 0.01));
    }

    // ------------------------------------------------------------------ animation

    @Test
    void aSquareRisingByKeyframesCarriesARestingNode() {
        // Frames at 1 fps: y = 0, 1, 2, so the square rises at 1 m/s until t = 2. Over [0.25, 0.5]
        // it goes from y = 0.25 to 0.5; every vertex velocity is (0, 0.25 / 0.25, 0) = (0, 1, 0).
        MeshCollider m = new MeshCollider("lift", SQUARE_TRIS, square(0));
        m.setKeyframes(new double[][] {square(0), square(1), square(2)}, 1);
        m.setInterval(0.25, 0.5);
        assertVector(square(0.25), m.startPositions(), EPS);
        assertVector(square(0.5), m.endPositions(), EPS);
        double[] v = m.velocities();
        for (int i = 0; i < 4; i++) {
            assertVector(new double[] {0, 1, 0}, new double[] {v[3 * i], v[3 * i + 1], v[3 * i + 2]},
                    EPS);
        }
        double[] b = new double[6];
        m.sweptBounds(b);
        assertVector(new double[] {-1, 0.25, -1, 1, 0.5, 1}, b, EPS);
        // A node resting at y = 0.4 is met at 0.25 + 0.25τ = 0.4, τ = 0.6, and carried to 0.01
        // above the end pose: x_c = (0.1, 0.51, -0.2); distance 0.4 - 0.5.
        double[] p = {0.1, 0.4, -0.2};
        Contact c = query(m, p, p, 0.01);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.6, c.time, CCD_EPS);
        assertVector(new double[] {0.1, 0.51, -0.2}, c.point, CCD_EPS);
        assertVector(new double[] {0, 1, 0}, c.normal, EPS);
        assertVector(new double[] {0, 1, 0}, c.surfaceVelocity, EPS);
        assertEquals(-0.1, c.distance, CCD_EPS);
        // A node resting 0.005 above the end pose: proximity, the same x_c and velocity.
        double[] above = {0.1, 0.505, -0.2};
        c = query(m, above, above, 0.01);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertVector(new double[] {0.1, 0.51, -0.2}, c.point, EPS);
        assertVector(new double[] {0, 1, 0}, c.surfaceVelocity, EPS);
        assertEquals(0.005, c.distance, EPS);
        // The last frame is held: over [1.5, 2.25] from y = 1.5 to 2, velocity 0.5 / 0.75.
        m.setInterval(1.5, 2.25);
        assertVector(square(2), m.endPositions(), EPS);
        assertEquals(0.5 / 0.75, m.velocities()[1], EPS);
        m.setInterval(3, 4);
        assertVector(square(2), m.startPositions(), 0);
        assertVector(new double[12], m.velocities(), 0);
    }

    @Test
    void pushedPositionsMoveTheMeshOverTheNextInterval() {
        // Pushed y = 0.1 before the step [0, 0.1]: the mesh moves from y = 0 at 1 m/s and catches
        // a node resting at y = 0.05 at τ = 0.5; x_c = (0, 0.1 + 0.01, 0).
        MeshCollider m = new MeshCollider("skin", SQUARE_TRIS, square(0));
        m.setPositions(square(0.1));
        m.setInterval(0, 0.1);
        assertVector(square(0), m.startPositions(), 0);
        assertEquals(1, m.velocities()[1], EPS);
        double[] p = {0, 0.05, 0};
        Contact c = query(m, p, p, 0.01);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.5, c.time, CCD_EPS);
        assertVector(new double[] {0, 0.11, 0}, c.point, CCD_EPS);
        assertVector(new double[] {0, 1, 0}, c.surfaceVelocity, EPS);
        // the same interval again keeps the motion
        m.setInterval(0, 0.1);
        assertVector(square(0), m.startPositions(), 0);
        // a new interval without new positions holds the mesh at y = 0.1
        m.setInterval(0.1, 0.2);
        assertVector(square(0.1), m.startPositions(), 0);
        assertVector(new double[12], m.velocities(), 0);
        // positions pushed now give the current interval a motion: (0.3 - 0.1) / 0.1 = 2 m/s
        m.setPositions(square(0.3));
        assertEquals(2, m.velocities()[4], EPS);
        assertVector(square(0.1), m.startPositions(), 0);
    }

    // ------------------------------------------------------------------ OBJ sequences

    @Test
    void anObjSequenceAnimatesByItsFrames() {
        // square_0000..0002.obj: y = 0, 1, 2; at 4 fps frame k is at t = k / 4, so over
        // [0.0625, 0.125] the square goes from y = 0.25 to 0.5 at 4 m/s; after t = 0.5 it stays at 2.
        String pattern = resource("square_0000.obj").resolveSibling("square_%04d.obj").toString();
        MeshCollider m = MeshColliderFiles.fromObjSequence("walk", pattern, 4);
        assertEquals(2, m.triangleCount());
        m.setInterval(0.0625, 0.125);
        assertEquals(0.25, m.startPositions()[1], EPS);
        assertEquals(0.5, m.endPositions()[1], EPS);
        assertEquals(4, m.velocities()[1], EPS);
        m.setInterval(1, 2);
        assertEquals(2, m.startPositions()[1], 0);
    }

    @Test
    void anObjSequenceWithADifferentVertexCountNamesTheFile() {
        String pattern = resource("bad_0000.obj").resolveSibling("bad_%04d.obj").toString();
        InputException e = assertThrows(InputException.class,
                () -> MeshColliderFiles.fromObjSequence("walk", pattern, 30));
        assertEquals("bad_0001.obj: has 5 vertices but frame 0 (bad_0000.obj) has 4; every frame"
                + " of collider walk must have the same vertices and triangles", e.getMessage());
    }

    @Test
    void missingFilesAndBadPatternsFailWithMessages() {
        Path dir = resource("box.obj").getParent();
        InputException e = assertThrows(InputException.class,
                () -> MeshColliderFiles.fromObj("body", dir.resolve("nothing.obj")));
        assertTrue(e.getMessage().startsWith("nothing.obj: "), e.getMessage());
        e = assertThrows(InputException.class, () -> MeshColliderFiles.fromObjSequence("walk",
                dir.resolve("none_%03d.obj").toString(), 30));
        assertTrue(e.getMessage().startsWith("none_000.obj: "), e.getMessage());
        IllegalArgumentException a = assertThrows(IllegalArgumentException.class,
                () -> MeshColliderFiles.fromObjSequence("walk", dir.resolve("box.obj").toString(), 30));
        assertTrue(a.getMessage().startsWith("walk.pattern: the file name must contain exactly one"
                + " frame-number conversion"), a.getMessage());
        a = assertThrows(IllegalArgumentException.class,
                () -> MeshColliderFiles.fromObjSequence("walk", "square_%04d.obj", Double.NaN));
        assertEquals("walk.fps: must be a finite number > 0 (got NaN)", a.getMessage());
    }

    // ------------------------------------------------------------------ validation

    private static void assertRejects(String message, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertEquals(message, e.getMessage());
    }

    @Test
    void invalidArgumentsFailWithMessagesNamingTheColliderAndTheProblem() {
        double[] tri = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        int[] one = {0, 1, 2};
        assertRejects("body.triangles: length must be a positive multiple of 3 (got 0)",
                () -> new MeshCollider("body", new int[0], tri));
        assertRejects("body.triangles: length must be a positive multiple of 3 (got 4)",
                () -> new MeshCollider("body", new int[] {0, 1, 2, 0}, tri));
        assertRejects("body.positions: length must be a positive multiple of 3 (got 8)",
                () -> new MeshCollider("body", one, new double[8]));
        assertRejects("body.triangles[2]: vertex index 3 out of range [0, 3)",
                () -> new MeshCollider("body", new int[] {0, 1, 3}, tri));
        assertRejects("body.triangles[0]: vertex index -1 out of range [0, 3)",
                () -> new MeshCollider("body", new int[] {-1, 1, 2}, tri));
        assertRejects("body.triangles: triangle 0 uses a vertex twice (0, 1, 1)",
                () -> new MeshCollider("body", new int[] {0, 1, 1}, tri));
        double[] nan = tri.clone();
        nan[4] = Double.NaN;
        assertRejects("body.positions[4]: must be a finite number (got NaN)",
                () -> new MeshCollider("body", one, nan));

        MeshCollider m = new MeshCollider("body", one, tri);
        assertRejects("body.positions: must hold 3 × 3 = 9 coordinates (got 6)",
                () -> m.setPositions(new double[6]));
        double[] inf = tri.clone();
        inf[2] = Double.POSITIVE_INFINITY;
        assertRejects("body.positions[2]: must be a finite number (got Infinity)",
                () -> m.setPositions(inf));
        assertRejects("body.frames[1][2]: must be a finite number (got Infinity)",
                () -> m.setKeyframes(new double[][] {tri, inf}, 30));
        assertRejects("body.frames[0]: must hold 3 × 3 = 9 coordinates (got 3)",
                () -> m.setKeyframes(new double[][] {new double[3]}, 30));
        assertRejects("body.frames: must hold at least one frame",
                () -> m.setKeyframes(new double[0][], 30));
        assertRejects("body.fps: must be a finite number > 0 (got 0.0)",
                () -> m.setKeyframes(new double[][] {tri}, 0));
        assertRejects("body: interval must be finite with t0 <= t1 (got [1.0, 0.0])",
                () -> m.setInterval(1, 0));
        assertRejects("body: thickness must be finite and > 0 (got 0.0)",
                () -> query(m, new double[3], new double[3], 0));
        // the failed calls changed nothing
        assertVector(tri, m.endPositions(), 0);
        assertVector(tri, m.startPositions(), 0);
    }

    // ------------------------------------------------------------------ scenes

    @Test
    void sceneRunBuildsMeshCollidersThatHoldAFallingCloth() throws IOException {
        // A 0.4 × 0.3 sheet 0.03 above the top of box.obj (y = 0.25) falls onto it: after
        // 0.25 s it has fallen far more than 0.03, so there are contacts, and no node may end
        // inside the box. The square sequence is a second, animated collider far below.
        for (String f : List.of("box.obj", "square_0000.obj", "square_0001.obj")) {
            Files.copy(resource(f), tmp.resolve(f));
        }
        Path scene = tmp.resolve("drop.json");
        Files.writeString(scene, """
                { "name": "drop", "fps": 60, "frames": 15, "gravity": [0, -9.81, 0],
                  "cloths": [ { "mesh": { "grid": { "size": [0.4, 0.3], "cells": [6, 4],
                                                    "center": [0.5, 0.28, 0.1],
                                                    "normal": [0, 1, 0], "uAxis": [1, 0, 0] } },
                                "material": { "density": 0.2, "bendingStiffness": 1e-4,
                                              "thickness": 0.005 } } ],
                  "colliders": [ { "name": "crate", "obj": "box.obj", "friction": 0.5 },
                                 { "name": "walk", "objSequence": { "pattern": "square_%04d.obj",
                                                                     "fps": 24 } } ] }
                """);
        SceneRun run = new SceneRun(SceneReader.read(scene));
        assertEquals(2, run.colliders().size());
        MeshCollider crate = assertInstanceOf(MeshCollider.class, run.colliders().get(0));
        assertTrue(crate.isClosed());
        assertEquals(0.5, crate.friction());
        MeshCollider walk = assertInstanceOf(MeshCollider.class, run.colliders().get(1));
        assertTrue(Double.isNaN(walk.friction()));
        Path out = tmp.resolve("out");
        run.run(out, 0);
        List<String> csv = Files.readAllLines(out.resolve("metrics.csv"));
        int contacts = 0;
        for (String row : csv.subList(1, csv.size())) {
            String[] cols = row.split(",");
            assertEquals("0", cols[9], row); // penetrations
            contacts += Integer.parseInt(cols[List.of(SceneRun.HEADER.split(",")).indexOf("contacts")]);
        }
        assertTrue(contacts > 0, "contacts " + contacts);
        // the cloth rests on the top: every node above it (y = 0.25)
        double[] x = run.cloths().get(0).solver.positions();
        for (int i = 1; i < x.length; i += 3) {
            assertTrue(x[i] > 0.25, "y " + x[i]);
        }
    }
}
