package org.isocloth.collision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.RedBlackMesh;
import org.junit.jupiter.api.Test;

class SelfCollisionsTest {

    /** A subdivided mesh: fine triangles, fine edges and node positions. */
    private record Sheet(int[] tris, int[] edges, double[] x) {
        int nodes() {
            return x.length / 3;
        }
    }

    /** A grid in the plane z = cz (normal +z), subdivided 4:1. */
    private static Sheet sheet(double sizeU, double sizeV, int cellsU, int cellsV, double cx,
            double cy, double cz) {
        TriMesh m = GridMesh.build(sizeU, sizeV, cellsU, cellsV, new double[] {cx, cy, cz},
                new double[] {0, 0, 1}, new double[] {1, 0, 0});
        RedBlackMesh rb = new RedBlackMesh(m.positions.length / 3, m.triangles);
        return new Sheet(rb.fineTriangles, rb.fineEdges, rb.subdividePositions(m.positions));
    }

    /** Two meshes as one, the second's node indices shifted. */
    private static Sheet join(Sheet a, Sheet b) {
        int shift = a.nodes();
        int[] t = Arrays.copyOf(a.tris, a.tris.length + b.tris.length);
        for (int k = 0; k < b.tris.length; k++) {
            t[a.tris.length + k] = b.tris[k] + shift;
        }
        int[] e = Arrays.copyOf(a.edges, a.edges.length + b.edges.length);
        for (int k = 0; k < b.edges.length; k++) {
            e[a.edges.length + k] = b.edges[k] + shift;
        }
        double[] x = Arrays.copyOf(a.x, a.x.length + b.x.length);
        System.arraycopy(b.x, 0, x, a.x.length, b.x.length);
        return new Sheet(t, e, x);
    }

    /** Σ m (end − start) per axis, m = 1 / invMass (no pinned node). */
    private static double[] momentum(double[] start, double[] end, double[] invMass) {
        double[] p = new double[3];
        for (int i = 0; i < invMass.length; i++) {
            for (int k = 0; k < 3; k++) {
                p[k] += (end[3 * i + k] - start[3 * i + k]) / invMass[i];
            }
        }
        return p;
    }

    /** Smallest vertex–triangle or edge–edge distance over pairs sharing no node (brute force). */
    private static double minDistance(Sheet s, double[] x) {
        double best = Double.POSITIVE_INFINITY;
        for (int t = 0; t < s.tris.length / 3; t++) {
            int a = s.tris[3 * t], b = s.tris[3 * t + 1], c = s.tris[3 * t + 2];
            for (int p = 0; p < s.nodes(); p++) {
                if (p != a && p != b && p != c) {
                    best = Math.min(best, Geometry.pointTriangle(x, p, a, b, c, null));
                }
            }
        }
        for (int e = 0; e < s.edges.length / 2; e++) {
            for (int f = e + 1; f < s.edges.length / 2; f++) {
                int a = s.edges[2 * e], b = s.edges[2 * e + 1], c = s.edges[2 * f], d = s.edges[2 * f + 1];
                if (a != c && a != d && b != c && b != d) {
                    best = Math.min(best, Geometry.segmentSegment(x, a, b, c, d, null));
                }
            }
        }
        return Math.sqrt(best);
    }

    /**
     * Brute force over all vertex-triangle and edge-edge pairs sharing no node: how many touch
     * (continuous detection with zero tolerance) on the straight paths from x0 to x1.
     */
    private static int pathContacts(Sheet s, double[] x0, double[] x1) {
        double[] pb = new double[2 * x0.length];
        double[] tb = new double[2 * s.tris.length];
        double[] eb = new double[3 * s.edges.length];
        Bvh.pointBoxes(x0, x1, 0, pb);
        Bvh.triangleBoxes(s.tris, x0, x1, 0, tb);
        Bvh.edgeBoxes(s.edges, x0, x1, 0, eb);
        int count = 0;
        for (int t = 0; t < s.tris.length / 3; t++) {
            int a = s.tris[3 * t], b = s.tris[3 * t + 1], c = s.tris[3 * t + 2];
            for (int p = 0; p < s.nodes(); p++) {
                if (p != a && p != b && p != c && apart(pb, p, tb, t)) {
                    continue; // swept boxes apart (with a rounding allowance): no contact
                }
                if (p != a && p != b && p != c && Ccd.vertexFace(x0, x1, p, a, b, c, 0, null) >= 0) {
                    count++;
                }
            }
        }
        for (int e = 0; e < s.edges.length / 2; e++) {
            for (int f = e + 1; f < s.edges.length / 2; f++) {
                int a = s.edges[2 * e], b = s.edges[2 * e + 1], c = s.edges[2 * f], d = s.edges[2 * f + 1];
                if (a != c && a != d && b != c && b != d && !apart(eb, e, eb, f)
                        && Ccd.edgeEdge(x0, x1, a, b, c, d, 0, null) >= 0) {
                    count++;
                }
            }
        }
        return count;
    }

    /** Whether boxes i of a and j of b are more than 1e-9 apart along some axis. */
    private static boolean apart(double[] a, int i, double[] b, int j) {
        for (int k = 0; k < 3; k++) {
            if (a[6 * i + k] > b[6 * j + 3 + k] + 1e-9 || b[6 * j + k] > a[6 * i + 3 + k] + 1e-9) {
                return true;
            }
        }
        return false;
    }

    private static double[] filled(int n, double v) {
        double[] a = new double[n];
        Arrays.fill(a, v);
        return a;
    }

    // ----------------------------------------------------------------------------------------

    @Test
    void sheetsThatWouldCrossStopAndKeepMomentum() {
        // lower sheet (z = 0, 1 x 1) rises by a ramp 0.15 + 0.3 x (0 at x = -0.5, 0.3 at
        // x = 0.5); the upper sheet (z = 0.1, shifted sideways so that no vertex lies over a
        // vertex) drops 0.05 to z = 0.05: unprocessed, the lower sheet crosses it at x = -1/3.
        // Equal masses, no pins.
        Sheet lower = sheet(1, 1, 4, 4, 0, 0, 0);
        Sheet upper = sheet(1, 1, 4, 4, 0.07, 0.045, 0.1);
        Sheet s = join(lower, upper);
        int n = s.nodes();
        double[] start = s.x.clone();
        double[] end = start.clone();
        for (int i = 0; i < n; i++) {
            end[3 * i + 2] += i < lower.nodes() ? 0.15 + 0.3 * start[3 * i] : -0.05;
        }
        assertTrue(SelfIntersections.count(s.tris, end) > 0, "the unprocessed end intersects");
        double[] invMass = filled(n, 1);
        double[] before = momentum(start, end, invMass);
        double h = 0.01;
        SelfCollisions.Result r = new SelfCollisions(s.tris, s.edges, n)
                .resolve(start, end, invMass, h, 0.3, 1 / 60.0, null);
        assertTrue(r.resolved());
        assertTrue(r.ccdCollisions() > 0);
        assertEquals(0, SelfIntersections.count(s.tris, end));
        assertEquals(0, pathContacts(s, start, end));
        // impulses and rigid zones are momentum-free, so Σ m Δx is that of the input, to rounding
        assertArrayEquals(before, momentum(start, end, invMass), 1e-12);
        // no pair ends closer than the thickness (the sheets started 0.1 apart)
        assertTrue(minDistance(s, end) >= h * (1 - 1e-9), "min distance " + minDistance(s, end));
    }

    @Test
    void parallelSheetsDoNotTunnel() {
        // both flat: the lower sheet moves up 0.3, the upper one down 0.1 (start gap 0.1); the
        // unprocessed end has swapped them, which the intersection count cannot see, but the
        // brute-force path check can. After processing no pair touches along the path, and
        // Σ m Δz = N (0.3 - 0.1) with N nodes per sheet is kept.
        Sheet lower = sheet(1, 1, 4, 4, 0, 0, 0);
        Sheet upper = sheet(1, 1, 4, 4, 0.07, 0.045, 0.1);
        Sheet s = join(lower, upper);
        int n = s.nodes();
        double[] start = s.x.clone();
        double[] end = start.clone();
        for (int i = 0; i < n; i++) {
            end[3 * i + 2] += i < lower.nodes() ? 0.3 : -0.1;
        }
        double[] invMass = filled(n, 1);
        assertEquals(0, SelfIntersections.count(s.tris, end), "tunnelling: no intersection at the end");
        assertTrue(pathContacts(s, start, end) > 0);
        double h = 0.01;
        SelfCollisions.Result r = new SelfCollisions(s.tris, s.edges, n)
                .resolve(start, end, invMass, h, 0, 1 / 60.0, null);
        assertTrue(r.resolved());
        assertTrue(r.ccdCollisions() > 0);
        assertEquals(0, pathContacts(s, start, end));
        assertArrayEquals(new double[] {0, 0, 0.2 * lower.nodes()}, momentum(start, end, invMass), 1e-12);
        assertEquals(0, SelfIntersections.count(s.tris, end));
    }

    @Test
    void sheetsEndingCloseArePushedToTheThickness() {
        // the upper sheet (0.6 x 0.6, subdivided) 0.02 above a pinned 2 x 2 square (two
        // triangles, corners far outside the upper sheet) comes down 0.015 without crossing: the
        // gap would be 0.005 < h = 0.01. Each upper node is pushed, alone, straight up by
        // h - 0.005 (vertex-face repulsion first, the square being pinned), which leaves every
        // edge pair 0.01 apart too: all upper nodes end at z = 0.01 with x, y unchanged.
        Sheet lower = new Sheet(new int[] {0, 1, 2, 0, 2, 3}, new int[] {0, 1, 1, 2, 2, 3, 3, 0, 0, 2},
                new double[] {-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0});
        Sheet upper = sheet(0.6, 0.6, 3, 3, 0.03, 0.02, 0.02);
        Sheet s = join(lower, upper);
        int n = s.nodes();
        double[] start = s.x.clone();
        double[] end = start.clone();
        double[] invMass = new double[n];
        for (int i = lower.nodes(); i < n; i++) {
            end[3 * i + 2] -= 0.015;
            invMass[i] = 1;
        }
        double[] input = end.clone();
        SelfCollisions.Result r = new SelfCollisions(s.tris, s.edges, n)
                .resolve(start, end, invMass, 0.01, 0, 0.01, null);
        assertTrue(r.resolved());
        assertTrue(r.proximityPairs() >= upper.nodes());
        assertEquals(0, r.ccdCollisions());
        for (int i = 0; i < n; i++) {
            if (i < lower.nodes()) {
                assertArrayEquals(Arrays.copyOfRange(input, 3 * i, 3 * i + 3),
                        Arrays.copyOfRange(end, 3 * i, 3 * i + 3), 0, "pinned node moved");
            } else {
                assertEquals(0.01, end[3 * i + 2], 1e-12);
                assertEquals(input[3 * i], end[3 * i], 1e-12);
                assertEquals(input[3 * i + 1], end[3 * i + 1], 1e-12);
            }
        }
        assertEquals(0.01, minDistance(s, end), 1e-12);
    }

    @Test
    void vertexHitsTriangleCentroidHeadOn() {
        // triangle a = (0,0,0), b = (3,0,0), c = (0,3,0), centroid (1,1,0); vertex p at (1,1,0.5).
        // Over the step p moves by -1 in z, each triangle node by +1: they would meet at
        // t = 0.25. All masses 1. The CCD contact has weights (1/3, 1/3, 1/3) and normal +z;
        // relative normal displacement vn = -1 - 1 = -2; Σ c² w = 1 + 3 (1/3)² = 4/3, so
        // J = 2 / (4/3) = 1.5: p gets +1.5 (displacement 0.5), each triangle node -1.5/3 = -0.5
        // (displacement 0.5). Both end at the common velocity of a perfectly inelastic collision,
        // total momentum / total mass = (-1 + 3) / 4 = 0.5: p at z = 1.0, triangle at z = 0.5.
        int[] tris = {1, 2, 3};
        int[] edges = {1, 2, 2, 3, 3, 1};
        double[] start = {1, 1, 0.5, 0, 0, 0, 3, 0, 0, 0, 3, 0};
        double[] end = {1, 1, -0.5, 0, 0, 1, 3, 0, 1, 0, 3, 1};
        SelfCollisions.Result r = new SelfCollisions(tris, edges, 4)
                .resolve(start, end, filled(4, 1), 0.01, 0.5, 0.01, null);
        assertArrayEquals(new double[] {1, 1, 1.0, 0, 0, 0.5, 3, 0, 0.5, 0, 3, 0.5}, end, 1e-12);
        // one collision in pass 1, none in pass 2 (the pair now keeps its 0.5 gap); no tangential
        // relative motion, so the friction coefficient plays no part
        assertEquals(new SelfCollisions.Result(0, 2, 1, 0, 0, true), r);
    }

    @Test
    void smallPatchStopsOnAPinnedSheet() {
        // a pinned static 16 x 16-cell sheet (1089 nodes) and a free 0.2 x 0.2 patch 0.05 above
        // it dropping 0.1 (through the sheet). The pinned sheet has infinite mass: each contact's
        // inelastic impulse stops the approach at that contact, all of it taken by patch nodes
        // (by barycentric weight, so a patch triangle hit near one corner tilts). The result:
        // no pair touches along the path, the sheet is untouched, and every patch node ends on
        // its start side at least the thickness (0.01) above the sheet (the proximity round after
        // the collisions lifts those the impulses left closer), where unprocessed it would end
        // 0.05 below. Few nodes collide, so the passes after the first gather their candidates by
        // per-element box queries.
        Sheet big = sheet(1, 1, 16, 16, 0, 0, 0);
        Sheet patch = sheet(0.2, 0.2, 2, 2, 0.013, -0.021, 0.05);
        Sheet s = join(big, patch);
        int n = s.nodes();
        double[] start = s.x.clone();
        double[] end = start.clone();
        double[] invMass = new double[n];
        for (int i = big.nodes(); i < n; i++) {
            end[3 * i + 2] -= 0.1;
            invMass[i] = 1;
        }
        assertTrue(SelfIntersections.count(s.tris, end) == 0 && pathContacts(s, start, end) > 0);
        SelfCollisions sc = new SelfCollisions(s.tris, s.edges, n);
        SelfCollisions.Result r = sc.resolve(start, end, invMass, 0.01, 0.2, 0.01, null);
        assertTrue(r.resolved());
        assertTrue(r.ccdPasses() > 1 && sc.queryGathers > 0, r + " queries " + sc.queryGathers);
        assertEquals(0, pathContacts(s, start, end));
        for (int i = 0; i < n; i++) {
            if (i < big.nodes()) {
                assertEquals(start[3 * i + 2], end[3 * i + 2], 0);
            } else {
                assertTrue(end[3 * i + 2] >= 0.01 * (1 - 1e-9), "node " + i + " z " + end[3 * i + 2]);
            }
        }
    }

    @Test
    void proximityFrictionOnASlidingVertex() {
        // pinned triangle in z = 0; p slides 1.0 along x at height 0.005 -> 0.004 above it
        // (h = 0.01). Repulsion push = h - 0.004 = 0.006 moves p (the only free node) to
        // z = 0.01. Friction keeps max(1 - mu 0.006 / 1.0, 0) of the tangential motion:
        // mu = 0 -> all (x = 1.5), mu = 50 -> 0.7 (x = 1.2), mu = 1000 -> none (x = 0.5).
        int[] tris = {1, 2, 3};
        int[] edges = {1, 2, 2, 3, 3, 1};
        double[] start = {0.5, 0.5, 0.005, 0, 0, 0, 3, 0, 0, 0, 3, 0};
        double[] invMass = {1, 0, 0, 0};
        double[] mus = {0, 50, 1000};
        double[] xs = {1.5, 1.2, 0.5};
        for (int k = 0; k < mus.length; k++) {
            double[] end = {1.5, 0.5, 0.004, 0, 0, 0, 3, 0, 0, 0, 3, 0};
            SelfCollisions.Result r = new SelfCollisions(tris, edges, 4)
                    .resolve(start, end, invMass, 0.01, mus[k], 0.02, null);
            assertEquals(1, r.proximityPairs());
            assertEquals(0, r.ccdCollisions());
            assertArrayEquals(new double[] {xs[k], 0.5, 0.01}, Arrays.copyOf(end, 3), 1e-12,
                    "mu " + mus[k]);
            assertArrayEquals(new double[] {0, 0, 0, 3, 0, 0, 0, 3, 0},
                    Arrays.copyOfRange(end, 3, 12), 0);
        }
    }

    @Test
    void proximityImpulseIsMassWeighted() {
        // free triangle (masses 1) under p (mass 1) at the centroid (1, 1): gap 0.004 at the end,
        // push 0.006; Σ c² w = 4/3, J = 0.0045: p up 0.0045, each triangle node down
        // 0.0045 / 3 = 0.0015; the gap becomes 0.004 + 0.006 = 0.01; momentum stays 0.
        // Start: p at z = 0.005, triangle at 0 (end p at 0.004, triangle still).
        int[] tris = {1, 2, 3};
        int[] edges = {1, 2, 2, 3, 3, 1};
        double[] start = {1, 1, 0.005, 0, 0, 0, 3, 0, 0, 0, 3, 0};
        double[] end = {1, 1, 0.004, 0, 0, 0, 3, 0, 0, 0, 3, 0};
        new SelfCollisions(tris, edges, 4).resolve(start, end, filled(4, 1), 0.01, 0, 0.01, null);
        assertArrayEquals(new double[] {1, 1, 0.0085, 0, 0, -0.0015, 3, 0, -0.0015, 0, 3, -0.0015},
                end, 1e-12);
    }

    @Test
    void reducedRepulsionLeavesPairsBetweenItAndTheThickness() {
        // p ends 0.004 above the pinned triangle, thickness 0.01. With the repulsion distance at a
        // quarter of the thickness (0.0025) the pair is left alone; with 0.005 it is pushed up to
        // 0.005 (the repulsion distance, not the thickness); a crossing is still stopped by the
        // continuous detection whatever the repulsion distance (here 0).
        int[] tris = {1, 2, 3};
        int[] edges = {1, 2, 2, 3, 3, 1};
        double[] start = {0.5, 0.5, 0.008, 0, 0, 0, 3, 0, 0, 0, 3, 0};
        double[] end = {0.5, 0.5, 0.004, 0, 0, 0, 3, 0, 0, 0, 3, 0};
        double[] w = {1, 0, 0, 0};
        SelfCollisions sc = new SelfCollisions(tris, edges, 4);
        double[] kept = end.clone();
        SelfCollisions.Result r = sc.resolve(start, kept, w, 0.01, 0.0025, 0, 0.01, null);
        assertArrayEquals(end, kept, 0);
        assertEquals(0, r.proximityPairs());
        double[] pushed = end.clone();
        sc.resolve(start, pushed, w, 0.01, 0.005, 0, 0.01, null);
        assertEquals(0.005, pushed[2], 1e-12);
        double[] crossing = {0.5, 0.5, -0.003, 0, 0, 0, 3, 0, 0, 0, 3, 0};
        r = sc.resolve(start, crossing, w, 0.01, 0, 0, 0.01, null);
        assertTrue(r.resolved());
        assertTrue(r.ccdCollisions() > 0);
        assertTrue(crossing[2] > 0, "p ends at z = " + crossing[2]);
        assertThrows(IllegalArgumentException.class, () -> sc.resolve(start, end.clone(), w, 0.01, 0.02, 0, 0.01, null));
        assertThrows(IllegalArgumentException.class, () -> sc.resolve(start, end.clone(), w, 0.01, -1, 0, 0.01, null));
    }

    @Test
    void proximityUsesTheStartSide() {
        // p started 0.005 above the pinned triangle and ends 0.003 below it (the CCD would see
        // the crossing as well): the repulsion pushes it back to the start side, z = +0.01
        // (push = h - (-0.003) = 0.013), not to -0.01
        int[] tris = {1, 2, 3};
        int[] edges = {1, 2, 2, 3, 3, 1};
        double[] start = {0.5, 0.5, 0.005, 0, 0, 0, 3, 0, 0, 0, 3, 0};
        double[] end = {0.5, 0.5, -0.003, 0, 0, 0, 3, 0, 0, 0, 3, 0};
        SelfCollisions.Result r = new SelfCollisions(tris, edges, 4)
                .resolve(start, end, new double[] {1, 0, 0, 0}, 0.01, 0, 0.01, null);
        assertEquals(0.01, end[2], 1e-12);
        assertEquals(0, r.ccdCollisions());
    }

    @Test
    void closePairsAreTheBruteForcePairs() {
        // Random crumples of a 6 x 4-cell strip (subdivided: 96 fine triangles, 65 nodes). The
        // expected pairs, by brute force over every node–triangle and edge–edge pair sharing no
        // node: per node its closest triangle when closer than d, and every edge pair closer
        // than d whose closest points are interior to both edges (parameters in (0.02, 0.98)).
        // Each reported pair's coefficients must give that distance, |Σ c_k x_k| = distance, sum
        // to zero and start with a positive one.
        double d = 0.05;
        for (int seed = 1; seed <= 10; seed++) {
            Random rnd = new Random(seed);
            Sheet s = sheet(0.6, 0.4, 6, 4, 0, 0, 0);
            int n = s.nodes();
            double[] x = s.x.clone();
            for (int i = 0; i < 3 * n; i++) {
                x[i] += 0.1 * (rnd.nextDouble() - 0.5);
            }
            // expected
            java.util.Set<String> expected = new java.util.TreeSet<>();
            double[] out = new double[4];
            for (int p = 0; p < n; p++) {
                double best = d * d;
                int bestT = -1;
                for (int t = 0; t < s.tris.length / 3; t++) {
                    int a = s.tris[3 * t], b = s.tris[3 * t + 1], c = s.tris[3 * t + 2];
                    if (p != a && p != b && p != c) {
                        double d2 = Geometry.pointTriangle(x, p, a, b, c, null);
                        if (d2 < best) {
                            best = d2;
                            bestT = t;
                        }
                    }
                }
                if (bestT >= 0) {
                    // the triangle itself may differ on an exact tie (a closest point on a shared
                    // edge): the node and its distance are compared
                    expected.add(String.format(java.util.Locale.ROOT, "vf %d %.9f", p, Math.sqrt(best)));
                }
            }
            for (int e = 0; e < s.edges.length / 2; e++) {
                for (int f = 0; f < s.edges.length / 2; f++) {
                    int a = s.edges[2 * e], b = s.edges[2 * e + 1], c = s.edges[2 * f], g = s.edges[2 * f + 1];
                    if (e == f || a == c || a == g || b == c || b == g) {
                        continue;
                    }
                    double d2 = Geometry.segmentSegment(x, a, b, c, g, out);
                    if (d2 < d * d && out[1] > 0.02 && out[1] < 0.98 && out[2] > 0.02 && out[2] < 0.98) {
                        expected.add("ee " + Math.min(e, f) + " " + Math.max(e, f));
                    }
                }
            }
            java.util.Set<String> got = new java.util.TreeSet<>();
            SelfCollisions sc = new SelfCollisions(s.tris, s.edges, n);
            int count = sc.closePairs(s.x, x, d, (nodes, c, nrm, sep) -> {
                double rx = 0, ry = 0, rz = 0, sum = 0;
                for (int k = 0; k < 4; k++) {
                    rx += c[k] * x[3 * nodes[k]];
                    ry += c[k] * x[3 * nodes[k] + 1];
                    rz += c[k] * x[3 * nodes[k] + 2];
                    sum += c[k];
                }
                double dist = Math.sqrt(rx * rx + ry * ry + rz * rz);
                assertEquals(0, sum, 1e-12);
                assertTrue(c[0] > 0);
                assertTrue(dist < d);
                // separation along the normal: the distance itself for two edges (the normal is
                // the direction between the closest points), at most the distance for a node and a
                // triangle (the triangle's normal; the closest point may be on its boundary)
                if (c[0] == 1) {
                    assertTrue(Math.abs(sep) <= dist + 1e-12, sep + " > " + dist);
                } else {
                    assertEquals(dist, Math.abs(sep), 1e-9);
                }
                assertEquals(1, Math.sqrt(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]), 1e-9);
                if (c[0] == 1) {
                    got.add(String.format(java.util.Locale.ROOT, "vf %d %.9f", nodes[0], dist));
                } else {
                    got.add("ee " + edgePair(s, nodes));
                }
            });
            assertEquals(expected, got, "seed " + seed);
            assertEquals(expected.size(), count, "seed " + seed);
            assertTrue(expected.size() > 10, "seed " + seed + ": the crumple has close pairs");
        }
    }

    /** "e f" (e &lt; f) for the edges (nodes[0], nodes[1]) and (nodes[2], nodes[3]). */
    private static String edgePair(Sheet s, int[] nodes) {
        int e = -1, f = -1;
        for (int k = 0; k < s.edges.length / 2; k++) {
            int a = s.edges[2 * k], b = s.edges[2 * k + 1];
            if ((a == nodes[0] && b == nodes[1]) || (a == nodes[1] && b == nodes[0])) {
                e = k;
            }
            if ((a == nodes[2] && b == nodes[3]) || (a == nodes[3] && b == nodes[2])) {
                f = k;
            }
        }
        return Math.min(e, f) + " " + Math.max(e, f);
    }

    @Test
    void randomCrumplesEndIntersectionFree() {
        // a 10 x 2-cell strip (80 fine triangles), flat at the start; end = start + uniform
        // perturbations of up to ±0.4 per coordinate (the strip is 1 x 0.2): most ends
        // intersect themselves. Random masses, no pins, so momentum must be kept too. Odd seeds
        // gather every broad phase after the first by per-element queries, even ones traverse.
        int queryRuns = 0;
        for (int seed = 1; seed <= 25; seed++) {
            Random rnd = new Random(seed);
            Sheet s = sheet(1, 0.2, 10, 2, 0, 0, 0);
            int n = s.nodes();
            double[] start = s.x.clone();
            double[] end = start.clone();
            double[] invMass = new double[n];
            for (int i = 0; i < n; i++) {
                invMass[i] = 0.5 + 1.5 * rnd.nextDouble();
                for (int k = 0; k < 3; k++) {
                    end[3 * i + k] += 0.8 * (rnd.nextDouble() - 0.5);
                }
            }
            double[] before = momentum(start, end, invMass);
            SelfCollisions sc = new SelfCollisions(s.tris, s.edges, n);
            sc.incrementalFraction = seed % 2 == 1 ? 0 : Integer.MAX_VALUE;
            SelfCollisions.Result r = sc.resolve(start, end, invMass, 0.005, 0.4, 0.01, null);
            if (seed % 2 == 1 && r.ccdPasses() > 1) {
                // a second pass needs a broad phase around the dirty nodes: by queries here
                assertTrue(sc.queryGathers > 0, "seed " + seed);
                queryRuns++;
            }
            if (seed % 2 == 0) {
                assertEquals(0, sc.queryGathers, "seed " + seed);
            }
            assertTrue(r.resolved(), "seed " + seed + " " + r);
            assertEquals(0, SelfIntersections.count(s.tris, end), "seed " + seed);
            assertEquals(0, pathContacts(s, start, end), "seed " + seed);
            assertArrayEquals(before, momentum(start, end, invMass), 1e-12, "seed " + seed);
        }
        // the query path was exercised (impactZonesAloneResolveCrumples forces the zones)
        assertTrue(queryRuns >= 10, "runs " + queryRuns);
    }

    @Test
    void impactZonesAloneResolveCrumples() {
        // the crumple with a single collision pass: what it leaves is for the rigid impact zones
        // alone; the end must still be collision-free along the path, momentum kept
        for (int seed = 1; seed <= 10; seed++) {
            Random rnd = new Random(seed);
            Sheet s = sheet(1, 0.2, 10, 2, 0, 0, 0);
            int n = s.nodes();
            double[] start = s.x.clone();
            double[] end = start.clone();
            double[] invMass = new double[n];
            for (int i = 0; i < n; i++) {
                invMass[i] = 0.5 + 1.5 * rnd.nextDouble();
                for (int k = 0; k < 3; k++) {
                    end[3 * i + k] += 0.8 * (rnd.nextDouble() - 0.5);
                }
            }
            double[] before = momentum(start, end, invMass);
            SelfCollisions sc = new SelfCollisions(s.tris, s.edges, n);
            sc.maxPasses = 1;
            SelfCollisions.Result r = sc.resolve(start, end, invMass, 0.005, 0.4, 0.01, null);
            assertTrue(r.impactZoneIterations() > 0 && r.impactZones() > 0, "seed " + seed + " " + r);
            assertTrue(r.resolved(), "seed " + seed + " " + r);
            assertEquals(0, SelfIntersections.count(s.tris, end), "seed " + seed);
            assertEquals(0, pathContacts(s, start, end), "seed " + seed);
            assertArrayEquals(before, momentum(start, end, invMass), 1e-12, "seed " + seed);
        }
    }

    @Test
    void pinnedNodesAreNeverMoved() {
        // the crumple with every third node pinned. Static pins (end = start): the end must be
        // intersection-free. Kinematic pins (random end): pinned ends unchanged, whatever happens.
        for (int seed = 1; seed <= 10; seed++) {
            for (boolean moving : new boolean[] {false, true}) {
                Random rnd = new Random(seed);
                Sheet s = sheet(1, 0.2, 10, 2, 0, 0, 0);
                int n = s.nodes();
                double[] start = s.x.clone();
                double[] end = start.clone();
                double[] invMass = new double[n];
                for (int i = 0; i < n; i++) {
                    boolean pinned = i % 3 == 0;
                    invMass[i] = pinned ? 0 : 1;
                    for (int k = 0; k < 3; k++) {
                        double d = 0.8 * (rnd.nextDouble() - 0.5);
                        if (!pinned || moving) {
                            end[3 * i + k] += d;
                        }
                    }
                }
                double[] input = end.clone();
                SelfCollisions.Result r = new SelfCollisions(s.tris, s.edges, n)
                        .resolve(start, end, invMass, 0.005, 0.4, 0.01, null);
                for (int i = 0; i < n; i += 3) {
                    for (int k = 0; k < 3; k++) {
                        assertEquals(input[3 * i + k], end[3 * i + k], 0, "seed " + seed);
                    }
                }
                if (!moving) {
                    assertTrue(r.resolved(), "seed " + seed);
                    assertEquals(0, SelfIntersections.count(s.tris, end), "seed " + seed);
                    assertEquals(0, pathContacts(s, start, end), "seed " + seed);
                }
            }
        }
    }

    @Test
    void sinkReportsExactlyTheMovedNodes() {
        for (int seed = 1; seed <= 8; seed++) {
            Random rnd = new Random(seed);
            Sheet s = sheet(1, 0.2, 10, 2, 0, 0, 0);
            int n = s.nodes();
            double[] start = s.x.clone();
            double[] end = start.clone();
            double[] invMass = new double[n];
            for (int i = 0; i < n; i++) {
                invMass[i] = i % 5 == 0 ? 0 : 1;
                for (int k = 0; k < 3; k++) {
                    end[3 * i + k] += 0.8 * (rnd.nextDouble() - 0.5);
                }
            }
            double[] input = end.clone();
            int[] calls = new int[n];
            double[] normals = new double[3 * n];
            int[] last = {-1};
            new SelfCollisions(s.tris, s.edges, n).resolve(start, end, invMass, 0.005, 0.4, 0.01,
                    (node, nx, ny, nz) -> {
                        assertTrue(node > last[0], "increasing order");
                        last[0] = node;
                        calls[node]++;
                        normals[3 * node] = nx;
                        normals[3 * node + 1] = ny;
                        normals[3 * node + 2] = nz;
                    });
            int moved = 0;
            for (int i = 0; i < n; i++) {
                boolean changed = end[3 * i] != input[3 * i] || end[3 * i + 1] != input[3 * i + 1]
                        || end[3 * i + 2] != input[3 * i + 2];
                assertEquals(changed ? 1 : 0, calls[i], "node " + i);
                if (changed) {
                    moved++;
                    double len = Math.sqrt(normals[3 * i] * normals[3 * i]
                            + normals[3 * i + 1] * normals[3 * i + 1] + normals[3 * i + 2] * normals[3 * i + 2]);
                    assertEquals(1, len, 1e-12);
                    assertTrue(invMass[i] > 0);
                }
            }
            assertTrue(moved > 0);
        }
    }

    @Test
    void collisionFreeStepIsLeftAlone() {
        // a sheet falling flat by 0.05 (nothing near anything else): no pair within h, no
        // collision, end untouched, sink never called
        Sheet s = sheet(1, 1, 4, 4, 0, 0, 0);
        int n = s.nodes();
        double[] end = s.x.clone();
        for (int i = 0; i < n; i++) {
            end[3 * i + 2] -= 0.05;
        }
        double[] input = end.clone();
        SelfCollisions.Result r = new SelfCollisions(s.tris, s.edges, n).resolve(s.x, end,
                filled(n, 1), 0.01, 0.3, 0.01, (node, nx, ny, nz) -> {
                    throw new AssertionError("node " + node + " reported");
                });
        assertEquals(new SelfCollisions.Result(0, 1, 0, 0, 0, true), r);
        assertArrayEquals(input, end, 0);
    }

    @Test
    void quietCertificateChangesNothing() {
        quietCertificateChangesNothing(6);
    }

    @Test
    void quietCertificateInParallelPiecesChangesNothing() {
        // 1.6 m sheets of 24 x 24 cells (the same cell size): 4,608 fine triangles and about
        // 7,000 fine edges each; from 4,096 edges on the certificate's traversals run in pieces,
        // one task per processor (with one processor this repeats the test above on a larger
        // mesh)
        int saved = SelfCollisions.parallelMinEdges;
        SelfCollisions.parallelMinEdges = 4096;
        try {
            quietCertificateChangesNothing(24);
        } finally {
            SelfCollisions.parallelMinEdges = saved;
        }
    }

    private static void quietCertificateChangesNothing(int cells) {
        // Two parallel sheets of cells x cells (subdivided) and 0.4 m per 6 cells, 0.2 m apart; the upper one
        // approaches, comes within the pair distance (2 x thickness = 0.02 m) and within the
        // thickness, moves away, rests, then crosses the lower one in a single step (its end
        // 0.05 m below it: beyond the pair distance, so only the continuous test sees it), with a
        // sideways drift and seeded ±1 mm wrinkles. One processor answers quiet calls by the
        // certificate, the other always runs the full pipeline: every result, every corrected end
        // position and every close pair must be identical, bit for bit. The certificate must
        // have answered the calls while the sheets are far apart, and refused the calls where a
        // pair came within reach or collided after a quiet call (it is only tried then).
        double thick = 0.01;
        double reach = 2 * thick;
        double size = 0.4 * cells / 6;
        Sheet a = sheet(size, size, cells, cells, 0, 0, 0);
        Sheet s = join(a, sheet(size, size, cells, cells, 0, 0, 0.2));
        int n = s.nodes();
        int lower = a.nodes();
        double[] invMass = filled(n, 1);
        SelfCollisions on = new SelfCollisions(s.tris, s.edges, n);
        SelfCollisions off = new SelfCollisions(s.tris, s.edges, n);
        off.quietCheck = false;
        on.setPairDistance(reach);
        off.setPairDistance(reach);
        // height of the upper sheet at the end of each step; the last step starts from a rest
        // at 0.05 above and ends 0.05 below the lower sheet
        double[] heights = {0.2, 0.15, 0.1, 0.06, 0.03, 0.015, 0.008, 0.012, 0.03, 0.1, 0.2, 0.2, 0.05, 0.05, -0.05};
        Random rnd = new Random(7);
        double[] x = s.x.clone();
        double height = 0.2;
        int refused = 0;
        int actedSteps = 0;
        boolean quiet = false;
        for (int k = 0; k < heights.length; k++) {
            double[] end = x.clone();
            for (int i = lower; i < n; i++) {
                end[3 * i] += 0.002;
                end[3 * i + 2] += heights[k] - height + 0.002 * (rnd.nextDouble() - 0.5);
            }
            height = heights[k];
            double[] endOn = end.clone();
            SelfCollisions.Result rOn = on.resolve(x, endOn, invMass, thick, 0.3, 0.01, null);
            SelfCollisions.Result rOff = off.resolve(x, end, invMass, thick, 0.3, 0.01, null);
            assertEquals(rOff, rOn, "step " + k);
            assertArrayEquals(end, endOn, 0, "step " + k);
            java.util.List<String> pOn = new java.util.ArrayList<>();
            java.util.List<String> pOff = new java.util.ArrayList<>();
            int cOn = on.closePairs(x, endOn, reach, (nodes, c, nrm, sep) -> pOn.add(Arrays.toString(nodes)
                    + Arrays.toString(c) + Arrays.toString(nrm) + sep));
            int cOff = off.closePairs(x, end, reach, (nodes, c, nrm, sep) -> pOff.add(Arrays.toString(nodes)
                    + Arrays.toString(c) + Arrays.toString(nrm) + sep));
            assertEquals(pOff, pOn, "step " + k);
            assertEquals(cOff, cOn, "step " + k);
            boolean acted = rOff.proximityPairs() > 0 || rOff.ccdCollisions() > 0 || cOff > 0;
            if (quiet && acted) {
                refused++;
            }
            actedSteps += acted ? 1 : 0;
            quiet = !acted;
            x = end;
        }
        // Contacts in the steps to 0.015, 0.008 and 0.012 (within the pair distance) and the
        // crossing: 4. The certificate is tried after a quiet call only, so it refuses 2 (the
        // step to 0.015 and the crossing) and answers the steps to 0.15, 0.1, 0.06 and 0.03 (not
        // the first call, which builds the trees) and, once the step to 0.03 is quiet again, to
        // 0.1, 0.2, 0.2, 0.05 and 0.05: 9 resolve calls, each with its closePairs, 18 calls.
        assertEquals(4, actedSteps);
        assertEquals(2, refused);
        assertEquals(18, on.quietCalls);
        assertTrue(SelfIntersections.count(s.tris, x) == 0, "the crossing was stopped");
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> new SelfCollisions(new int[] {0, 1}, new int[0], 3));
        assertThrows(IllegalArgumentException.class, () -> new SelfCollisions(new int[] {0, 1, 3}, new int[0], 3));
        SelfCollisions sc = new SelfCollisions(new int[] {0, 1, 2}, new int[] {0, 1}, 3);
        double[] x = new double[9];
        assertThrows(IllegalArgumentException.class, () -> sc.resolve(x, x.clone(), new double[3], -1, 0, 1, null));
        assertThrows(IllegalArgumentException.class, () -> sc.resolve(x, x.clone(), new double[3], 0.01, 0, 0, null));
        assertThrows(IllegalArgumentException.class, () -> sc.resolve(x, new double[6], new double[3], 0.01, 0, 1, null));
        assertFalse(sc.nodeCount() != 3);
    }
}
