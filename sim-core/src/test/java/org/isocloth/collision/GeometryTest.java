package org.isocloth.collision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GeometryTest {
    /** Right triangle a = (0,0,0), b = (1,0,0), c = (0,1,0) in the z = 0 plane. */
    private static final double[] TRI = {0, 0, 0, 1, 0, 0, 0, 1, 0};

    private static double[] pointTri(double px, double py, double pz, double[] t) {
        double[] out = new double[4];
        double d = Geometry.pointTriangle(px, py, pz, t[0], t[1], t[2], t[3], t[4], t[5], t[6],
                t[7], t[8], out);
        assertEquals(d, out[0], 0);
        return out;
    }

    @Test
    void pointTriangleRegions() {
        // above the face: drops straight down to (0.25, 0.25, 0) = 0.5 a + 0.25 b + 0.25 c, d^2 = 4
        assertArrayEquals(new double[] {4, 0.5, 0.25, 0.25}, pointTri(0.25, 0.25, 2, TRI), 1e-15);
        // below the face works the same (d^2 = 0.09)
        assertArrayEquals(new double[] {0.09, 0.5, 0.25, 0.25}, pointTri(0.25, 0.25, -0.3, TRI), 1e-15);
        // vertex region of b: (2,-1,0) - b = (1,-1,0) has negative dot with both edges from b,
        // closest point b, d^2 = 1 + 1 = 2
        assertArrayEquals(new double[] {2, 0, 1, 0}, pointTri(2, -1, 0, TRI), 1e-15);
        // vertex region of a: (-1,-2,3) -> a, d^2 = 1 + 4 + 9
        assertArrayEquals(new double[] {14, 1, 0, 0}, pointTri(-1, -2, 3, TRI), 1e-15);
        // vertex region of c: (-0.5, 3, 0) -> c = (0,1,0), d^2 = 0.25 + 4
        assertArrayEquals(new double[] {4.25, 0, 0, 1}, pointTri(-0.5, 3, 0, TRI), 1e-15);
        // edge ab: (0.5,-1,1) -> (0.5,0,0), d^2 = 1 + 1
        assertArrayEquals(new double[] {2, 0.5, 0.5, 0}, pointTri(0.5, -1, 1, TRI), 1e-15);
        // edge ca: (-1,0.75,0) -> (0,0.75,0) = 0.25 a + 0.75 c, d^2 = 1
        assertArrayEquals(new double[] {1, 0.25, 0, 0.75}, pointTri(-1, 0.75, 0, TRI), 1e-15);
        // edge bc (hypotenuse x + y = 1): (1,1,1) -> (0.5,0.5,0), d^2 = 0.25 + 0.25 + 1
        assertArrayEquals(new double[] {1.5, 0, 0.5, 0.5}, pointTri(1, 1, 1, TRI), 1e-15);
        // a point on the triangle: distance 0
        assertArrayEquals(new double[] {0, 0.25, 0.25, 0.5}, pointTri(0.25, 0.5, 0, TRI), 1e-15);
    }

    @Test
    void pointTriangleIndexedForms() {
        // the same point as the first case above stored after the triangle in one array
        double[] x = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0.25, 0.25, 2};
        double[] out = new double[4];
        assertEquals(4, Geometry.pointTriangle(x, 3, 0, 1, 2, out), 1e-15);
        assertArrayEquals(new double[] {4, 0.5, 0.25, 0.25}, out, 1e-15);
        // vertex order permuted (c, a, b): same distance, weights permuted along
        assertEquals(4, Geometry.pointTriangle(x, 3, 2, 0, 1, out), 1e-15);
        assertArrayEquals(new double[] {4, 0.25, 0.5, 0.25}, out, 1e-15);
        // point from another array, null out
        assertEquals(4, Geometry.pointTriangle(new double[] {0.25, 0.25, 2}, 0, x, 0, 1, 2, null), 1e-15);
    }

    @Test
    void pointTriangleDegenerate() {
        // collinear triangle on the x axis from 0 to 2: a segment; (1.5, 1, 0) is at distance 1
        // from (1.5, 0, 0), the midpoint of edge bc (or a point of edge ca: the same point)
        double[] seg = {0, 0, 0, 1, 0, 0, 2, 0, 0};
        double[] out = pointTri(1.5, 1, 0, seg);
        assertEquals(1, out[0], 1e-15);
        assertEquals(1.5, out[1] * 0 + out[2] * 1 + out[3] * 2, 1e-15);
        // repeated vertex: a = b; distance from (0.5, 0.5, 3) to segment (0,0,0)-(0,1,0) is
        // |(0.5, 0, 3)|, d^2 = 9.25
        double[] rep = {0, 0, 0, 0, 0, 0, 0, 1, 0};
        assertEquals(9.25, pointTri(0.5, 0.5, 3, rep)[0], 1e-14);
        // all three vertices equal: distance to that point
        double[] dot = {1, 2, 3, 1, 2, 3, 1, 2, 3};
        assertEquals(3, pointTri(2, 3, 4, dot)[0], 1e-14);
    }

    @Test
    void pointTriangleIsTheMinimumOverTheTriangle() {
        // random triangles and points: the reported point is on the triangle (weights >= 0,
        // sum 1, distance consistent) and no sampled triangle point is closer
        Random rnd = new Random(7);
        for (int trial = 0; trial < 300; trial++) {
            double[] t = new double[9];
            for (int i = 0; i < 9; i++) {
                t[i] = 2 * rnd.nextDouble() - 1;
            }
            double px = 3 * rnd.nextDouble() - 1.5, py = 3 * rnd.nextDouble() - 1.5;
            double pz = 3 * rnd.nextDouble() - 1.5;
            double[] out = pointTri(px, py, pz, t);
            assertTrue(out[1] >= 0 && out[2] >= 0 && out[3] >= 0);
            assertEquals(1, out[1] + out[2] + out[3], 1e-12);
            double qx = out[1] * t[0] + out[2] * t[3] + out[3] * t[6];
            double qy = out[1] * t[1] + out[2] * t[4] + out[3] * t[7];
            double qz = out[1] * t[2] + out[2] * t[5] + out[3] * t[8];
            double d2 = (qx - px) * (qx - px) + (qy - py) * (qy - py) + (qz - pz) * (qz - pz);
            assertEquals(d2, out[0], 1e-12);
            int m = 60;
            for (int i = 0; i <= m; i++) {
                for (int j = 0; i + j <= m; j++) {
                    double u = (double) i / m, v = (double) j / m, w = 1 - u - v;
                    double sx = w * t[0] + u * t[3] + v * t[6];
                    double sy = w * t[1] + u * t[4] + v * t[7];
                    double sz = w * t[2] + u * t[5] + v * t[8];
                    double s2 = (sx - px) * (sx - px) + (sy - py) * (sy - py) + (sz - pz) * (sz - pz);
                    assertTrue(Math.sqrt(out[0]) <= Math.sqrt(s2) + 1e-12, "trial " + trial);
                }
            }
        }
    }

    // ----------------------------------------------------------------------------------------

    private static double[] segSeg(double[] p0, double[] p1, double[] q0, double[] q1) {
        double[] out = new double[3];
        double d = Geometry.segmentSegment(p0[0], p0[1], p0[2], p1[0], p1[1], p1[2], q0[0], q0[1],
                q0[2], q1[0], q1[1], q1[2], out);
        assertEquals(d, out[0], 0);
        return out;
    }

    private static double[] v(double x, double y, double z) {
        return new double[] {x, y, z};
    }

    @Test
    void segmentSegmentCases() {
        // skew perpendicular segments crossing over each other at height 1: midpoints
        assertArrayEquals(new double[] {1, 0.5, 0.5},
                segSeg(v(-1, 0, 0), v(1, 0, 0), v(0, -1, 1), v(0, 1, 1)), 1e-15);
        // intersecting segments: distance 0 at s = 0.25, t = 0.5
        assertArrayEquals(new double[] {0, 0.25, 0.5},
                segSeg(v(0, 0, 0), v(4, 0, 0), v(1, -2, 0), v(1, 2, 0)), 1e-15);
        // T shape, endpoint to endpoint: (1,0,0) and (2,0,1), d^2 = 1 + 1
        assertArrayEquals(new double[] {2, 1, 0},
                segSeg(v(0, 0, 0), v(1, 0, 0), v(2, 0, 1), v(2, 0, 3)), 1e-15);
        // closest point interior on one, endpoint on the other: (0.5,0,0) and (0.5,1,0)
        assertArrayEquals(new double[] {1, 0.5, 0},
                segSeg(v(0, 0, 0), v(1, 0, 0), v(0.5, 1, 0), v(0.5, 3, 0)), 1e-15);
    }

    @Test
    void segmentSegmentParallel() {
        // overlapping parallel segments 1 apart: q projects to s in [0.5, 1.5], overlap
        // [0.5, 1], middle s = 0.75 at (1.5,0,0), t = (1.5 - 1) / 2 = 0.25
        assertArrayEquals(new double[] {1, 0.75, 0.25},
                segSeg(v(0, 0, 0), v(2, 0, 0), v(1, 1, 0), v(3, 1, 0)), 1e-15);
        // anti-parallel, same overlap: t measured from q0 = (3,1,0) is 0.75
        assertArrayEquals(new double[] {1, 0.75, 0.75},
                segSeg(v(0, 0, 0), v(2, 0, 0), v(3, 1, 0), v(1, 1, 0)), 1e-15);
        // parallel without overlap: endpoints (1,0,0) and (3,1,0), d^2 = 4 + 1
        assertArrayEquals(new double[] {5, 1, 0},
                segSeg(v(0, 0, 0), v(1, 0, 0), v(3, 1, 0), v(4, 1, 0)), 1e-15);
        // collinear overlapping: distance 0
        assertEquals(0, segSeg(v(0, 0, 0), v(2, 0, 0), v(1, 0, 0), v(5, 0, 0))[0], 0);
        // nearly parallel (angle 1e-9): distance still ~1 between the overlapping parts
        double[] out = segSeg(v(0, 0, 0), v(2, 0, 0), v(1, 1, 0), v(3, 1 + 2e-9, 0));
        assertEquals(1, out[0], 1e-8);
        assertTrue(out[1] >= 0.5 - 1e-9 && out[1] <= 1, "s in the overlap: " + out[1]);
    }

    @Test
    void segmentSegmentDegenerate() {
        // segment 2 is the point (0.5, 2, 0): closest point of segment 1 is (0.5, 0, 0)
        assertArrayEquals(new double[] {4, 0.5, 0},
                segSeg(v(0, 0, 0), v(1, 0, 0), v(0.5, 2, 0), v(0.5, 2, 0)), 1e-15);
        // segment 1 is a point: (3,0,0) to segment (0,0,0)-(2,0,0) -> (2,0,0), t = 1
        assertArrayEquals(new double[] {1, 0, 1},
                segSeg(v(3, 0, 0), v(3, 0, 0), v(0, 0, 0), v(2, 0, 0)), 1e-15);
        // both points
        assertArrayEquals(new double[] {14, 0, 0},
                segSeg(v(0, 0, 0), v(0, 0, 0), v(1, 2, 3), v(1, 2, 3)), 1e-15);
    }

    @Test
    void segmentSegmentIsTheMinimumOverBothSegments() {
        // a grid of n x n parameter samples has a sample within h/2 = 1/(2n) of the closest
        // parameters, so its minimum distance exceeds the true one by at most
        // (|u| + |v|) / (2n); the kernel must be no farther than any sample
        Random rnd = new Random(9);
        int n = 200;
        for (int trial = 0; trial < 300; trial++) {
            double[] p = new double[12];
            for (int i = 0; i < 12; i++) {
                p[i] = 2 * rnd.nextDouble() - 1;
            }
            if (trial % 3 == 0) {
                // make them parallel: q1 = q0 + k (p1 - p0)
                double k = rnd.nextDouble() * 2 - 1;
                for (int c = 0; c < 3; c++) {
                    p[9 + c] = p[6 + c] + k * (p[3 + c] - p[c]);
                }
            }
            double[] out = new double[3];
            double d = Math.sqrt(Geometry.segmentSegment(p[0], p[1], p[2], p[3], p[4], p[5], p[6],
                    p[7], p[8], p[9], p[10], p[11], out));
            double lu = 0, lv = 0, best = Double.POSITIVE_INFINITY;
            for (int c = 0; c < 3; c++) {
                lu += (p[3 + c] - p[c]) * (p[3 + c] - p[c]);
                lv += (p[9 + c] - p[6 + c]) * (p[9 + c] - p[6 + c]);
            }
            for (int i = 0; i <= n; i++) {
                for (int j = 0; j <= n; j++) {
                    double s = (double) i / n, t = (double) j / n, e = 0;
                    for (int c = 0; c < 3; c++) {
                        double diff = p[c] + s * (p[3 + c] - p[c]) - p[6 + c] - t * (p[9 + c] - p[6 + c]);
                        e += diff * diff;
                    }
                    best = Math.min(best, Math.sqrt(e));
                }
            }
            assertTrue(d <= best + 1e-12, "trial " + trial + ": " + d + " > " + best);
            assertTrue(best <= d + (Math.sqrt(lu) + Math.sqrt(lv)) / (2.0 * n) + 1e-12,
                    "trial " + trial);
            assertTrue(out[1] >= 0 && out[1] <= 1 && out[2] >= 0 && out[2] <= 1);
        }
    }

    // ----------------------------------------------------------------------------------------
    // triangle-triangle

    /** Packs two triangles (18 coordinates) into one array, vertices 0-2 and 3-5. */
    private static boolean intersect(double[] a, double[] b) {
        double[] x = new double[18];
        System.arraycopy(a, 0, x, 0, 9);
        System.arraycopy(b, 0, x, 9, 9);
        boolean r = Geometry.trianglesIntersect(x, 0, 1, 2, 3, 4, 5);
        // symmetric, invariant under cyclic and reversed vertex order, and the same with two
        // arrays
        assertEquals(r, Geometry.trianglesIntersect(x, 3, 4, 5, 0, 1, 2));
        assertEquals(r, Geometry.trianglesIntersect(x, 1, 2, 0, 5, 3, 4));
        assertEquals(r, Geometry.trianglesIntersect(x, 2, 1, 0, 3, 5, 4));
        assertEquals(r, Geometry.trianglesIntersect(a, 0, 1, 2, b, 0, 1, 2));
        return r;
    }

    /** Triangle A: (0,0,0), (2,0,0), (0,2,0), the part x + y &lt;= 2 of the z = 0 quadrant. */
    private static final double[] A = {0, 0, 0, 2, 0, 0, 0, 2, 0};

    @Test
    void crossingAndSeparatedTriangles() {
        // vertical triangle whose z = 0 section runs from (0.5,0.5) to (-1,-1): (0.5,0.5) is
        // inside A
        assertTrue(intersect(A, new double[] {0.5, 0.5, -1, 0.5, 0.5, 1, -1, -1, 0}));
        // the same lifted by 2: entirely above z = 1
        assertFalse(intersect(A, new double[] {0.5, 0.5, 1, 0.5, 0.5, 3, -1, -1, 2}));
        // crosses the plane z = 0 along (1.5,1.5)-(2.5,2.5), where x + y >= 3 > 2: outside A
        // although the boxes overlap and A's vertices straddle B's plane x = y
        assertFalse(intersect(A, new double[] {1.5, 1.5, -1, 1.5, 1.5, 1, 2.5, 2.5, 0}));
        // an edge of A pierces B: B is the vertical triangle in x = 1 spanning y in [-1, 1],
        // z in [-1, 1]; A's edge from (0,0) to (2,0) passes through (1,0,0) inside B
        assertTrue(intersect(A, new double[] {1, -1, -1, 1, 1, -1, 1, 0, 1}));
        // the same B moved to x = 2.5: beyond A
        assertFalse(intersect(A, new double[] {2.5, -1, -1, 2.5, 1, -1, 2.5, 0, 1}));
    }

    @Test
    void touchingTriangles() {
        // a vertex of B touches A's interior at (0.5,0.5,0)
        assertTrue(intersect(A, new double[] {0.5, 0.5, 0, 0.5, 0.5, 1, 1, 0.2, 1}));
        // tilted T in the plane z = (x + y) / 2: B's vertex (0.5, 0.5, 0.5) lies on it
        // (x + y = 1 <= 2, inside) and B's other vertices are above it (z = 2 > 0.6)
        double[] t = {0, 0, 0, 2, 0, 1, 0, 2, 1};
        assertTrue(intersect(t, new double[] {0.5, 0.5, 0.5, 0.5, 0.5, 2, 1, 0.2, 2}));
        // lifted by 2^-40 (exact): strictly above the plane, no contact, boxes still overlap
        double e = 0x1p-40;
        assertFalse(intersect(t, new double[] {0.5, 0.5, 0.5 + e, 0.5, 0.5, 2, 1, 0.2, 2}));
        // lowered by 2^-40: B's edges cross the plane near (0.5, 0.5), inside T
        assertTrue(intersect(t, new double[] {0.5, 0.5, 0.5 - e, 0.5, 0.5, 2, 1, 0.2, 2}));
        // B in the plane x = 1 with (y, z) corners (-1,1), (1,-1), (-3,0): it is the half
        // y + z <= 0 there, and A's section with x = 1 is y in [0, 1], z = 0, so they share
        // exactly the point (1, 0, 0) (on A's edge and B's edge)
        assertTrue(intersect(A, new double[] {1, -1, 1, 1, 1, -1, 1, -3, 0}));
        // shift B by -2^-40 in y: B is y + z <= -2^-40, A needs y >= 0 at z = 0: disjoint
        assertFalse(intersect(A, new double[] {1, -1 - e, 1, 1, 1 - e, -1, 1, -3 - e, 0}));
        // shift by +2^-40: they overlap on y in [0, 2^-40]
        assertTrue(intersect(A, new double[] {1, -1 + e, 1, 1, 1 + e, -1, 1, -3 + e, 0}));
        // vertex-to-vertex contact: B's vertex at A's vertex (2,0,0), B otherwise above
        assertTrue(intersect(A, new double[] {2, 0, 0, 3, 0, 1, 2, 1, 1}));
    }

    @Test
    void coplanarTriangles() {
        // overlapping in the plane z = 0
        assertTrue(intersect(A, new double[] {0.5, 0.5, 0, 3, 0.5, 0, 0.5, 3, 0}));
        // in the plane, beyond the hypotenuse (x + y >= 3): disjoint, boxes overlap
        assertFalse(intersect(A, new double[] {1.5, 1.5, 0, 3, 1.5, 0, 1.5, 3, 0}));
        // B inside A, no edges crossing
        assertTrue(intersect(A, new double[] {0.2, 0.2, 0, 0.4, 0.2, 0, 0.2, 0.4, 0}));
        // A inside B
        assertTrue(intersect(A, new double[] {-1, -1, 0, 5, -1, 0, -1, 5, 0}));
        // touching at A's vertex (2,0,0)
        assertTrue(intersect(A, new double[] {2, 0, 0, 3, 0, 0, 2, -1, 0}));
        // sharing part of an edge: B below the x axis
        assertTrue(intersect(A, new double[] {1, 0, 0, 3, 0, 0, 2, -1, 0}));
        // B beyond A's hypotenuse by 2^-40 along x: (1 + e, 1, 0) has x + y > 2
        double e = 0x1p-40;
        assertFalse(intersect(A, new double[] {1 + e, 1, 0, 3, 1, 0, 3, 3, 0}));
        // tilted plane x + y + z = 1 (exact coordinates): the midpoint triangle lies inside
        double[] t = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        assertTrue(intersect(t, new double[] {0.5, 0.5, 0, 0, 0.5, 0.5, 0.5, 0, 0.5}));
        // same plane, B with y <= 0 where only its vertex (1.25, 0, -0.25) has y = 0, and that
        // vertex has z < 0: outside the triangle (x, y, z >= 0), although the boxes overlap
        assertFalse(intersect(t, new double[] {1.25, -0.25, 0, 1.25, 0, -0.25, 0.5, -0.25, 0.75}));
    }

    @Test
    void degenerateTriangles() {
        // B is a segment (collinear vertices) piercing A at (0.5,0.5,0)
        assertTrue(intersect(A, new double[] {0.5, 0.5, -1, 0.5, 0.5, 0, 0.5, 0.5, 1}));
        // the same segment outside A
        assertFalse(intersect(A, new double[] {3, 3, -1, 3, 3, 0, 3, 3, 1}));
        // two segments crossing at (1,1,1)
        assertTrue(intersect(new double[] {0, 0, 0, 1, 1, 1, 2, 2, 2},
                new double[] {2, 0, 2, 1, 1, 1, 0, 2, 0}));
        // two skew segments with overlapping boxes: the x axis from 0 to 2, and the segment
        // from (1,-1,-1) to (1,1,0.5), which is at z = -0.25 where y = 0
        assertFalse(intersect(new double[] {0, 0, 0, 1, 0, 0, 2, 0, 0},
                new double[] {1, -1, -1, 1, 0, -0.25, 1, 1, 0.5}));
        // a point (all vertices equal) on A, and off A
        assertTrue(intersect(A, new double[] {1, 0.5, 0, 1, 0.5, 0, 1, 0.5, 0}));
        assertFalse(intersect(A, new double[] {1, 1.5, 0, 1, 1.5, 0, 1, 1.5, 0}));
    }

    /**
     * Separating-axis reference for two triangles: disjoint iff their projections on one of the
     * axes (two normals, nine edge cross products, six in-plane edge normals) are separated.
     * Returns 1 (intersect), 0 (disjoint) or -1 when some axis is within {@code tol} of a tie.
     * For triangles in a common plane z = const, axes along z are skipped.
     */
    private static int satReference(double[] a, double[] b, double tol, boolean coplanarZ) {
        double[][] axes = new double[20][];
        int k = 0;
        double[] na = normal(a), nb = normal(b);
        axes[k++] = na;
        axes[k++] = nb;
        for (int i = 0; i < 3; i++) {
            double[] ea = edge(a, i), eb;
            for (int j = 0; j < 3; j++) {
                eb = edge(b, j);
                axes[k++] = cross(ea, eb);
            }
            axes[k++] = cross(na, ea);
            axes[k++] = cross(nb, edge(b, i));
        }
        boolean ambiguous = false;
        for (int i = 0; i < k; i++) {
            double[] ax = axes[i];
            double len = Math.sqrt(ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2]);
            if (len < 1e-6) {
                continue;
            }
            if (coplanarZ && Math.hypot(ax[0], ax[1]) < 1e-9 * len) {
                // both triangles lie in one plane z = const: the normal axis shows a zero gap
                // (touching) and never separates them
                continue;
            }
            double amin = Double.POSITIVE_INFINITY, amax = -amin, bmin = amin, bmax = -amin;
            for (int v = 0; v < 3; v++) {
                double pa = (a[3 * v] * ax[0] + a[3 * v + 1] * ax[1] + a[3 * v + 2] * ax[2]) / len;
                double pb = (b[3 * v] * ax[0] + b[3 * v + 1] * ax[1] + b[3 * v + 2] * ax[2]) / len;
                amin = Math.min(amin, pa);
                amax = Math.max(amax, pa);
                bmin = Math.min(bmin, pb);
                bmax = Math.max(bmax, pb);
            }
            double gap = Math.max(bmin - amax, amin - bmax);
            if (gap > tol) {
                return 0;
            }
            if (gap > -tol) {
                ambiguous = true;
            }
        }
        return ambiguous ? -1 : 1;
    }

    private static double[] edge(double[] t, int i) {
        int j = (i + 1) % 3;
        return new double[] {t[3 * j] - t[3 * i], t[3 * j + 1] - t[3 * i + 1], t[3 * j + 2] - t[3 * i + 2]};
    }

    private static double[] normal(double[] t) {
        return cross(edge(t, 0), edge(t, 1));
    }

    private static double[] cross(double[] u, double[] w) {
        return new double[] {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
    }

    @Test
    void randomPairsAgreeWithSeparatingAxes() {
        Random rnd = new Random(31);
        int yes = 0, no = 0;
        for (int trial = 0; trial < 20000; trial++) {
            double[] a = new double[9], b = new double[9];
            for (int i = 0; i < 9; i++) {
                a[i] = rnd.nextDouble();
                b[i] = rnd.nextDouble() + 0.3;
            }
            if (trial % 4 == 0) {
                // coplanar pairs: flatten both into z = 0.5 (exact)
                for (int v = 0; v < 3; v++) {
                    a[3 * v + 2] = 0.5;
                    b[3 * v + 2] = 0.5;
                }
            }
            int ref = satReference(a, b, 1e-9, trial % 4 == 0);
            if (ref < 0) {
                continue;
            }
            boolean got = intersect(a, b);
            assertEquals(ref == 1, got, "trial " + trial);
            if (got) {
                yes++;
            } else {
                no++;
            }
        }
        // both outcomes occur often, so the comparison is meaningful
        assertTrue(yes > 2000 && no > 2000, yes + " / " + no);
    }

    // ----------------------------------------------------------------------------------------
    // predicates

    private static int exactOrient3d(double[] x, int a, int b, int c, int d) {
        BigDecimal[][] m = new BigDecimal[3][3];
        int[] rows = {a, b, c};
        for (int r = 0; r < 3; r++) {
            for (int k = 0; k < 3; k++) {
                m[r][k] = new BigDecimal(x[3 * rows[r] + k]).subtract(new BigDecimal(x[3 * d + k]));
            }
        }
        BigDecimal det = m[0][0].multiply(m[1][1].multiply(m[2][2]).subtract(m[1][2].multiply(m[2][1])))
                .subtract(m[0][1].multiply(m[1][0].multiply(m[2][2]).subtract(m[1][2].multiply(m[2][0]))))
                .add(m[0][2].multiply(m[1][0].multiply(m[2][1]).subtract(m[1][1].multiply(m[2][0]))));
        return det.signum();
    }

    @Test
    void orient3dIsExactNearDegeneracy() {
        // d = b + s (c - b) + r (a - b) rounded: within rounding of the plane abc, where the
        // plain floating-point determinant often has the wrong sign
        Random rnd = new Random(41);
        int naiveWrong = 0;
        int zeros = 0;
        for (int trial = 0; trial < 20000; trial++) {
            double[] x = new double[12];
            for (int i = 0; i < 9; i++) {
                x[i] = 2000 * rnd.nextDouble() - 1000;
            }
            double s = rnd.nextDouble(), r = rnd.nextDouble();
            for (int k = 0; k < 3; k++) {
                x[9 + k] = x[3 + k] + s * (x[6 + k] - x[3 + k]) + r * (x[k] - x[3 + k]);
            }
            if (trial % 10 == 0) {
                // exactly coplanar: d = a
                System.arraycopy(x, 0, x, 9, 3);
            }
            int exact = exactOrient3d(x, 0, 1, 2, 3);
            assertEquals(exact, Geometry.orient3d(x, 0, x, 1, x, 2, x, 3), "trial " + trial);
            double[] m = new double[9];
            for (int row = 0; row < 3; row++) {
                for (int k = 0; k < 3; k++) {
                    m[3 * row + k] = x[3 * row + k] - x[9 + k];
                }
            }
            double naive = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
                    + m[2] * (m[3] * m[7] - m[4] * m[6]);
            if ((int) Math.signum(naive) != exact) {
                naiveWrong++;
            }
            if (exact == 0) {
                zeros++;
            }
        }
        // the cases are hard enough that plain evaluation fails on some of them
        assertTrue(naiveWrong > 1000, "naive wrong " + naiveWrong);
        assertTrue(zeros >= 2000, "zeros " + zeros);
    }
}
