package org.isocloth.collision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CcdTest {
    /** Static right triangle a = (0,0,0), b = (1,0,0), c = (0,1,0). */
    private static final double[] TRI = {0, 0, 0, 1, 0, 0, 0, 1, 0};

    /** Packs p then the triangle (or edge a, b then edge c, d) into 12 values. */
    private static double[] pack(double[] first, double[] rest) {
        double[] x = new double[12];
        System.arraycopy(first, 0, x, 0, first.length);
        System.arraycopy(rest, 0, x, first.length, rest.length);
        return x;
    }

    private static double[] v(double... c) {
        return c;
    }

    private static double[] weights(double[] out) {
        return Arrays.copyOfRange(out, Ccd.OUT_WEIGHTS, Ccd.OUT_WEIGHTS + 3);
    }

    private static double[] normal(double[] out) {
        return Arrays.copyOfRange(out, Ccd.OUT_NORMAL, Ccd.OUT_NORMAL + 3);
    }

    // ----------------------------------------------------------------------------------------
    // vertex-face

    @Test
    void pointFallsThroughStaticTriangle() {
        // p goes from z = 1 to z = -1 above (0.25, 0.25): in the plane z = 0 at t = 0.5, at the
        // triangle point 0.5 a + 0.25 b + 0.25 c; it came from +z
        double[] out = new double[Ccd.OUT_LENGTH];
        double t = Ccd.vertexFace(pack(v(0.25, 0.25, 1), TRI), pack(v(0.25, 0.25, -1), TRI), 1e-6, out);
        assertEquals(0.5, t, 1e-12);
        assertEquals(0, out[Ccd.OUT_DISTANCE], 1e-12);
        assertArrayEquals(new double[] {0.5, 0.25, 0.25}, weights(out), 1e-12);
        assertArrayEquals(new double[] {0, 0, 1}, normal(out), 1e-15);
        // upward through the triangle: same time, normal -z; null out is allowed
        assertEquals(0.5, Ccd.vertexFace(pack(v(0.25, 0.25, -1), TRI), pack(v(0.25, 0.25, 1), TRI), 1e-6, out), 1e-12);
        assertArrayEquals(new double[] {0, 0, -1}, normal(out), 1e-15);
        assertEquals(0.5, Ccd.vertexFace(pack(v(0.25, 0.25, 1), TRI), pack(v(0.25, 0.25, -1), TRI), 1e-6, null), 1e-12);
    }

    @Test
    void pointMissesTriangle() {
        // crosses the plane z = 0 at (2, 2), far outside
        assertEquals(-1, Ccd.vertexFace(pack(v(2, 2, 1), TRI), pack(v(2, 2, -1), TRI), 1e-6, null));
        // stays above the triangle
        assertEquals(-1, Ccd.vertexFace(pack(v(0.25, 0.25, 1), TRI), pack(v(0.3, 0.2, 0.01), TRI), 1e-3, null));
    }

    @Test
    void proximityToleranceAtTheCrossing() {
        // crossing the plane at (0.5 + d/2, 0.5 + d/2), just beyond the hypotenuse x + y = 1:
        // distance d / sqrt(2) to it. With eta = 1e-3: d = 1e-3 (7.07e-4) is a contact,
        // d = 2e-3 (1.41e-3) is not
        double eta = 1e-3;
        double[] out = new double[Ccd.OUT_LENGTH];
        double d = 1e-3;
        double[] p0 = v(0.5 + d / 2, 0.5 + d / 2, 1), p1 = v(0.5 + d / 2, 0.5 + d / 2, -1);
        assertEquals(0.5, Ccd.vertexFace(pack(p0, TRI), pack(p1, TRI), eta, out), 1e-12);
        assertEquals(d / Math.sqrt(2), out[Ccd.OUT_DISTANCE], 1e-12);
        // closest point (0.5, 0.5, 0) = 0.5 b + 0.5 c
        assertArrayEquals(new double[] {0, 0.5, 0.5}, weights(out), 1e-12);
        d = 2e-3;
        p0 = v(0.5 + d / 2, 0.5 + d / 2, 1);
        p1 = v(0.5 + d / 2, 0.5 + d / 2, -1);
        assertEquals(-1, Ccd.vertexFace(pack(p0, TRI), pack(p1, TRI), eta, null));
    }

    @Test
    void triangleMovesThroughStaticPoint() {
        // triangle rises from z = -1 to z = 3 (z = -1 + 4t); p = (0.25, 0.25, 0) is hit at
        // t = 0.25; p was above the triangle at the start, so the normal is +z
        double[] tri0 = {0, 0, -1, 1, 0, -1, 0, 1, -1};
        double[] tri1 = {0, 0, 3, 1, 0, 3, 0, 1, 3};
        double[] out = new double[Ccd.OUT_LENGTH];
        double t = Ccd.vertexFace(pack(v(0.25, 0.25, 0), tri0), pack(v(0.25, 0.25, 0), tri1), 1e-6, out);
        assertEquals(0.25, t, 1e-12);
        assertArrayEquals(new double[] {0, 0, 1}, normal(out), 1e-15);
    }

    @Test
    void rootsAtTheEndsOfTheStep() {
        // starts on the triangle and leaves: coplanar at t = 0
        assertEquals(0, Ccd.vertexFace(pack(v(0.25, 0.25, 0), TRI), pack(v(0.25, 0.25, 1), TRI), 1e-6, null));
        // arrives on the triangle at the end: t = 1, coming from +z
        double[] out = new double[Ccd.OUT_LENGTH];
        assertEquals(1, Ccd.vertexFace(pack(v(0.25, 0.25, 1), TRI), pack(v(0.25, 0.25, 0), TRI), 1e-6, out));
        assertArrayEquals(new double[] {0, 0, 1}, normal(out), 1e-15);
    }

    /** det[b - a, c - a, p - a] at time t for packed p, a, b, c. */
    private static double vfVolume(double[] x0, double[] x1, double t) {
        double[] x = new double[12];
        for (int i = 0; i < 12; i++) {
            x[i] = (1 - t) * x0[i] + t * x1[i];
        }
        double[] u = new double[3], w = new double[3], r = new double[3];
        for (int k = 0; k < 3; k++) {
            u[k] = x[6 + k] - x[3 + k];
            w[k] = x[9 + k] - x[3 + k];
            r[k] = x[k] - x[3 + k];
        }
        return (u[1] * w[2] - u[2] * w[1]) * r[0] + (u[2] * w[0] - u[0] * w[2]) * r[1]
                + (u[0] * w[1] - u[1] * w[0]) * r[2];
    }

    @Test
    void tangentialContactIsADoubleRoot() {
        // a = (0,0,0), b = (1,0,0) fixed, c = (0, 1, 2t - 1), p = (0.25, 0.25 + (2t-1)/8,
        // (2t-1)/4). The normal is (b - a) x (c - a) = (0, 1 - 2t, 1), so the coplanarity
        // function is f = -(2t-1)(1/4 + (2t-1)/8) + (2t-1)/4 = -(2t-1)^2 / 8: a double root at
        // t = 0.5 with no sign change, where p = (0.25, 0.25, 0) lies on the triangle
        double[] x0 = {0.25, 0.125, -0.25, 0, 0, 0, 1, 0, 0, 0, 1, -1};
        double[] x1 = {0.25, 0.375, 0.25, 0, 0, 0, 1, 0, 0, 0, 1, 1};
        for (double s : new double[] {0, 0.25, 0.49, 0.51, 0.75, 1}) {
            assertEquals(-(2 * s - 1) * (2 * s - 1) / 8, vfVolume(x0, x1, s), 1e-15);
        }
        double[] out = new double[Ccd.OUT_LENGTH];
        assertEquals(0.5, Ccd.vertexFace(x0, x1, 1e-9, out), 1e-9);
        assertEquals(0, out[Ccd.OUT_DISTANCE], 1e-9);
        // p at (0.25, 0.25) = 0.5 a + 0.25 b + 0.25 c
        assertArrayEquals(new double[] {0.5, 0.25, 0.25}, weights(out), 1e-9);
    }

    @Test
    void pointMovingInThePlaneOfTheTriangle() {
        // everything stays in z = 0, so the coplanarity cubic vanishes identically. p moves
        // from (-1, 0.25) to (1, 0.25): x = -1 + 2t, and for x < 0 its distance to the triangle
        // is -x (closest point (0, 0.25) on edge ca). First within eta at x = -eta:
        // t = (1 - eta) / 2
        double eta = 1e-6;
        double[] out = new double[Ccd.OUT_LENGTH];
        double t = Ccd.vertexFace(pack(v(-1, 0.25, 0), TRI), pack(v(1, 0.25, 0), TRI), eta, out);
        assertEquals((1 - eta) / 2, t, 1e-11);
        assertEquals(eta, out[Ccd.OUT_DISTANCE], 1e-11);
        assertArrayEquals(new double[] {0.75, 0, 0.25}, weights(out), 1e-9);
        // in-plane normal fallback: the triangle normal (0, 0, +-1) is kept (p never leaves the
        // plane; its relative velocity +x is perpendicular), so it is a unit z vector
        assertEquals(1, Math.abs(out[Ccd.OUT_NORMAL + 2]), 1e-15);
        // the same line at y = 2 passes 1 away from vertex c: no contact
        assertEquals(-1, Ccd.vertexFace(pack(v(-1, 2, 0), TRI), pack(v(1, 2, 0), TRI), eta, null));
        // starting inside the triangle in its plane: contact at t = 0
        assertEquals(0, Ccd.vertexFace(pack(v(0.2, 0.2, 0), TRI), pack(v(3, 0.2, 0), TRI), eta, null));
    }

    @Test
    void pointMovingInATiltedPlane() {
        // triangle a = (1,0,0), b = (0,1,0), c = (0,0,1) in x + y + z = 1; p(t) = (u, 1, -u)
        // with u = 1 - 2t stays in that plane. For u > 0 its closest triangle point is on edge
        // ab, (s, 1 - s, 0) with s = u / 2 minimising (u - s)^2 + s^2 + u^2 = 1.5 u^2, so the
        // distance is u sqrt(1.5): within eta at u = eta / sqrt(1.5), t = (1 - u) / 2
        double eta = 1e-3;
        double[] tri = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        double t = Ccd.vertexFace(pack(v(1, 1, -1), tri), pack(v(-1, 1, 1), tri), eta, null);
        assertEquals((1 - eta / Math.sqrt(1.5)) / 2, t, 1e-11);
    }

    @Test
    void indexedFormReadsTheRightVertices() {
        // the falling point of the first test stored as vertex 4 after unrelated vertices, the
        // triangle as vertices 2, 0, 3
        double[] x0 = {1, 0, 0, 9, 9, 9, 0, 0, 0, 0, 1, 0, 0.25, 0.25, 1};
        double[] x1 = {1, 0, 0, -9, 9, 9, 0, 0, 0, 0, 1, 0, 0.25, 0.25, -1};
        double[] out = new double[Ccd.OUT_LENGTH];
        assertEquals(0.5, Ccd.vertexFace(x0, x1, 4, 2, 0, 3, 1e-6, out), 1e-12);
        assertArrayEquals(new double[] {0.5, 0.25, 0.25}, weights(out), 1e-12);
        assertEquals(-1, Ccd.vertexFace(x0, x1, 1, 2, 0, 3, 1e-6, null), "vertex 1 stays at z = 9");
    }

    // ----------------------------------------------------------------------------------------
    // edge-edge

    @Test
    void edgesCrossAtKnownTime() {
        // edge 1 along x at height 1 - 2t over edge 2 along y at height 0: they meet at the
        // origin at t = 0.5, both at their midpoints; edge 1 came from +z
        double[] e2 = {0, -1, 0, 0, 1, 0};
        double[] out = new double[Ccd.OUT_LENGTH];
        double t = Ccd.edgeEdge(pack(v(-1, 0, 1, 1, 0, 1), e2), pack(v(-1, 0, -1, 1, 0, -1), e2), 1e-6, out);
        assertEquals(0.5, t, 1e-12);
        assertEquals(0, out[Ccd.OUT_DISTANCE], 1e-12);
        assertArrayEquals(new double[] {0.5, 0.5, 0}, weights(out), 1e-12);
        assertArrayEquals(new double[] {0, 0, 1}, normal(out), 1e-15);
        // same motion with edge 2 at x = 2: the lines meet at t = 0.5 but the segments are 1
        // apart (edge 1 ends at x = 1)
        double[] e1start = v(-1, 0, 1, 1, 0, 1), e1end = v(-1, 0, -1, 1, 0, -1);
        double[] far = {2, -1, 0, 2, 1, 0};
        assertEquals(-1, Ccd.edgeEdge(pack(e1start, far), pack(e1end, far), 1e-6, null));
        // edge 2 at x = 1.0005: 5e-4 beyond the end of edge 1, a contact for eta = 1e-3 only
        double[] near = {1.0005, -1, 0, 1.0005, 1, 0};
        assertEquals(0.5, Ccd.edgeEdge(pack(e1start, near), pack(e1end, near), 1e-3, out), 1e-12);
        assertEquals(5e-4, out[Ccd.OUT_DISTANCE], 1e-12);
        assertEquals(-1, Ccd.edgeEdge(pack(e1start, near), pack(e1end, near), 1e-4, null));
    }

    @Test
    void parallelMovingEdges() {
        // edge 1 from x = 0 to 1 at height z = 1 - 2t, edge 2 from x = 0.5 to 1.5 at z = 0: the
        // edges are parallel (the cubic vanishes) and overlap in x on [0.5, 1], so the distance
        // is |1 - 2t|: within eta at t = (1 - eta) / 2
        double eta = 1e-6;
        double[] e2 = {0.5, 0, 0, 1.5, 0, 0};
        double[] out = new double[Ccd.OUT_LENGTH];
        double t = Ccd.edgeEdge(pack(v(0, 0, 1, 1, 0, 1), e2), pack(v(0, 0, -1, 1, 0, -1), e2), eta, out);
        assertEquals((1 - eta) / 2, t, 1e-11);
        assertEquals(eta, out[Ccd.OUT_DISTANCE], 1e-11);
        // the normal falls back to the direction between the closest points: +z (edge 1 above)
        assertArrayEquals(new double[] {0, 0, 1}, normal(out), 1e-12);
        // edge 2 offset by h = 1e-4 in y, eta = 1e-3: distance sqrt(h^2 + (1 - 2t)^2) = eta at
        // t = (1 - sqrt(eta^2 - h^2)) / 2
        double h = 1e-4;
        eta = 1e-3;
        double[] e2y = {0.5, h, 0, 1.5, h, 0};
        t = Ccd.edgeEdge(pack(v(0, 0, 1, 1, 0, 1), e2y), pack(v(0, 0, -1, 1, 0, -1), e2y), eta, null);
        assertEquals((1 - Math.sqrt(eta * eta - h * h)) / 2, t, 1e-11);
        // offset 1e-2 > eta: never within eta
        double[] e2far = {0.5, 1e-2, 0, 1.5, 1e-2, 0};
        assertEquals(-1, Ccd.edgeEdge(pack(v(0, 0, 1, 1, 0, 1), e2far), pack(v(0, 0, -1, 1, 0, -1), e2far), eta, null));
        // parallel but not overlapping in x (edge 2 from 2 to 3): closest gap 1
        double[] e2x = {2, 0, 0, 3, 0, 0};
        assertEquals(-1, Ccd.edgeEdge(pack(v(0, 0, 1, 1, 0, 1), e2x), pack(v(0, 0, -1, 1, 0, -1), e2x), eta, null));
    }

    @Test
    void edgesSlidingInTheirCommonPlane() {
        // both edges in z = 0: edge 1 from (-1, 0.5) to (-0.5, 0.5) moves by +2 in x, edge 2 is
        // the static segment x = 0, y in [0, 1]. Edge 1's right end x = -0.5 + 2t reaches
        // x = -eta at t = (0.5 - eta) / 2
        double eta = 1e-6;
        double[] e2 = {0, 0, 0, 0, 1, 0};
        double t = Ccd.edgeEdge(pack(v(-1, 0.5, 0, -0.5, 0.5, 0), e2), pack(v(1, 0.5, 0, 1.5, 0.5, 0), e2), eta, null);
        assertEquals((0.5 - eta) / 2, t, 1e-11);
    }

    // ----------------------------------------------------------------------------------------
    // randomized: CCD never reports later than a crossing seen by dense sampling

    private static final int SAMPLES = 4000;

    private static double[] lerp(double[] x0, double[] x1, double t) {
        double[] x = new double[12];
        for (int i = 0; i < 12; i++) {
            x[i] = (1 - t) * x0[i] + t * x1[i];
        }
        return x;
    }

    /** det[x1 - x0, x2 - x0, x3 - x0] of 4 packed points. */
    private static double volume(double[] x, int i0, int i1, int i2, int i3) {
        double[] u = new double[3], w = new double[3], r = new double[3];
        for (int k = 0; k < 3; k++) {
            u[k] = x[3 * i1 + k] - x[3 * i0 + k];
            w[k] = x[3 * i2 + k] - x[3 * i0 + k];
            r[k] = x[3 * i3 + k] - x[3 * i0 + k];
        }
        return (u[1] * w[2] - u[2] * w[1]) * r[0] + (u[2] * w[0] - u[0] * w[2]) * r[1]
                + (u[0] * w[1] - u[1] * w[0]) * r[2];
    }

    /**
     * The end of the first sampling interval in which the point passes through the inside of the
     * triangle: the plane side changes between consecutive samples and, at the linearly
     * interpolated crossing, the point is within 1e-3 of the triangle with all barycentric
     * weights at least 1e-3 (so it crossed the interior, not a near-edge). 2 if none.
     */
    private static double sampledVertexFace(double[] x0, double[] x1) {
        double prev = volume(x0, 1, 2, 3, 0);
        for (int k = 1; k <= SAMPLES; k++) {
            double t = (double) k / SAMPLES;
            double cur = volume(lerp(x0, x1, t), 1, 2, 3, 0);
            if ((prev < 0 && cur > 0) || (prev > 0 && cur < 0)) {
                double tc = t - (1.0 / SAMPLES) * cur / (cur - prev);
                double[] x = lerp(x0, x1, tc);
                double[] out = new double[4];
                double d2 = Geometry.pointTriangle(x, 0, 1, 2, 3, out);
                if (d2 < 1e-6 && out[1] > 1e-3 && out[2] > 1e-3 && out[3] > 1e-3) {
                    return t;
                }
            }
            prev = cur;
        }
        return 2;
    }

    /** As above for edge-edge: closest parameters of the segments both in [1e-3, 1 - 1e-3]. */
    private static double sampledEdgeEdge(double[] x0, double[] x1) {
        double prev = volume(x0, 0, 1, 2, 3);
        for (int k = 1; k <= SAMPLES; k++) {
            double t = (double) k / SAMPLES;
            double cur = volume(lerp(x0, x1, t), 0, 1, 2, 3);
            if ((prev < 0 && cur > 0) || (prev > 0 && cur < 0)) {
                double tc = t - (1.0 / SAMPLES) * cur / (cur - prev);
                double[] x = lerp(x0, x1, tc);
                double[] out = new double[3];
                double d2 = Geometry.segmentSegment(x, 0, 1, 2, 3, out);
                double lo = 1e-3, hi = 1 - 1e-3;
                if (d2 < 1e-6 && out[1] > lo && out[1] < hi && out[2] > lo && out[2] < hi) {
                    return t;
                }
            }
            prev = cur;
        }
        return 2;
    }

    private static double[] randomPoints(Random rnd, double scale) {
        double[] x = new double[12];
        for (int i = 0; i < 12; i++) {
            x[i] = scale * (2 * rnd.nextDouble() - 1);
        }
        return x;
    }

    @Test
    void randomVertexFaceMotions() {
        Random rnd = new Random(2024);
        double eta = 1e-6;
        int crossings = 0;
        for (int trial = 0; trial < 3000; trial++) {
            double[] x0 = randomPoints(rnd, 1);
            double[] x1 = x0.clone();
            for (int i = 3; i < 12; i++) {
                x1[i] += 0.6 * (2 * rnd.nextDouble() - 1);
            }
            // aim p at the triangle point with weights w at time tc (weights may be outside)
            double tc = rnd.nextDouble();
            double wb = 1.4 * rnd.nextDouble() - 0.2, wc = 1.4 * rnd.nextDouble() - 0.2;
            double wa = 1 - wb - wc;
            double[] xc = lerp(x0, x1, tc);
            double[] vel = {2 * rnd.nextDouble() - 1, 2 * rnd.nextDouble() - 1, 2 * rnd.nextDouble() - 1};
            for (int k = 0; k < 3; k++) {
                double target = wa * xc[3 + k] + wb * xc[6 + k] + wc * xc[9 + k];
                x0[k] = target - tc * vel[k];
                x1[k] = x0[k] + vel[k];
            }
            double sampled = sampledVertexFace(x0, x1);
            double[] out = new double[Ccd.OUT_LENGTH];
            double t = Ccd.vertexFace(x0, x1, eta, out);
            if (sampled <= 1) {
                crossings++;
                assertTrue(t >= 0 && t <= sampled + 1e-9, "trial " + trial + ": ccd " + t
                        + " after sampled crossing " + sampled);
            }
            if (t >= 0) {
                // a reported contact is real: within eta at that time
                double[] x = lerp(x0, x1, t);
                double d = Math.sqrt(Geometry.pointTriangle(x, 0, 1, 2, 3, null));
                assertTrue(d <= eta + 1e-9, "trial " + trial + ": distance " + d);
                assertEquals(d, out[Ccd.OUT_DISTANCE], 1e-12);
                double[] n = normal(out);
                assertEquals(1, Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), 1e-12);
            }
        }
        assertTrue(crossings > 600, "crossings " + crossings);
    }

    @Test
    void randomEdgeEdgeMotions() {
        Random rnd = new Random(77);
        double eta = 1e-6;
        int crossings = 0;
        for (int trial = 0; trial < 1500; trial++) {
            double[] x0 = randomPoints(rnd, 1);
            double[] x1 = x0.clone();
            for (int i = 0; i < 12; i++) {
                x1[i] += 0.8 * (2 * rnd.nextDouble() - 1);
            }
            // shift edge 2 rigidly so that its point at parameter t2 meets edge 1's point at
            // parameter s1 at time tc (parameters may be outside [0, 1]: then it may miss)
            double tc = rnd.nextDouble();
            double s1 = 1.4 * rnd.nextDouble() - 0.2, t2 = 1.4 * rnd.nextDouble() - 0.2;
            double[] xc = lerp(x0, x1, tc);
            for (int k = 0; k < 3; k++) {
                double p = xc[k] + s1 * (xc[3 + k] - xc[k]);
                double q = xc[6 + k] + t2 * (xc[9 + k] - xc[6 + k]);
                double shift = p - q;
                x0[6 + k] += shift;
                x0[9 + k] += shift;
                x1[6 + k] += shift;
                x1[9 + k] += shift;
            }
            double sampled = sampledEdgeEdge(x0, x1);
            double[] out = new double[Ccd.OUT_LENGTH];
            double t = Ccd.edgeEdge(x0, x1, eta, out);
            if (sampled <= 1) {
                crossings++;
                assertTrue(t >= 0 && t <= sampled + 1e-9, "trial " + trial + ": ccd " + t
                        + " after sampled crossing " + sampled);
            }
            if (t >= 0) {
                double[] x = lerp(x0, x1, t);
                double d = Math.sqrt(Geometry.segmentSegment(x, 0, 1, 2, 3, null));
                assertTrue(d <= eta + 1e-9, "trial " + trial + ": distance " + d);
                double[] n = normal(out);
                assertEquals(1, Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), 1e-12);
            }
        }
        assertTrue(crossings > 500, "crossings " + crossings);
    }

    /**
     * Maps 2D points (x, y) to the plane spanned by the first two columns of a fixed rotation:
     * the result is coplanar up to rounding (about 1e-16), which exercises the tolerance of the
     * degenerate (coplanar) path rather than exact zeros.
     */
    private static double[] tilt(double[] xy, boolean tilted) {
        double[] x = new double[3 * (xy.length / 2)];
        // rotation from the unit quaternion (0.8, 0.2, -0.4, 0.4)
        double w = 0.8, a = 0.2, b = -0.4, c = 0.4;
        double[] e1 = {1 - 2 * (b * b + c * c), 2 * (a * b + w * c), 2 * (a * c - w * b)};
        double[] e2 = {2 * (a * b - w * c), 1 - 2 * (a * a + c * c), 2 * (b * c + w * a)};
        for (int i = 0; i < xy.length / 2; i++) {
            for (int k = 0; k < 3; k++) {
                x[3 * i + k] = tilted ? xy[2 * i] * e1[k] + xy[2 * i + 1] * e2[k] + 0.3 * k
                        : (k == 0 ? xy[2 * i] : k == 1 ? xy[2 * i + 1] : 0);
            }
        }
        return x;
    }

    @Test
    void randomMotionsInOnePlane() {
        // all four points move inside one plane (z = 0 exactly, or a tilted plane to rounding),
        // so the coplanarity cubic vanishes. Dense sampling of the distance finds the first
        // sample at which the elements touch (distance < 1e-9: a point inside the triangle, or
        // crossing edges, has distance 0 for a whole interval); CCD must report a contact no
        // later than that sample
        Random rnd = new Random(99);
        double eta = 1e-6;
        int hits = 0;
        for (int trial = 0; trial < 1200; trial++) {
            boolean tilted = trial % 2 == 1;
            boolean vf = trial % 4 < 2;
            double[] a = new double[8], b = new double[8];
            for (int i = 0; i < 8; i++) {
                a[i] = 2 * rnd.nextDouble() - 1;
                b[i] = a[i] + 1.5 * (2 * rnd.nextDouble() - 1);
            }
            double[] x0 = tilt(a, tilted), x1 = tilt(b, tilted);
            int first = -1;
            for (int k = 0; k <= 1000 && first < 0; k++) {
                double[] x = lerp(x0, x1, k / 1000.0);
                double d2 = vf ? Geometry.pointTriangle(x, 0, 1, 2, 3, null)
                        : Geometry.segmentSegment(x, 0, 1, 2, 3, null);
                if (d2 < 1e-18) {
                    first = k;
                }
            }
            double t = vf ? Ccd.vertexFace(x0, x1, eta, null) : Ccd.edgeEdge(x0, x1, eta, null);
            if (first >= 0) {
                hits++;
                assertTrue(t >= 0 && t <= first / 1000.0 + 1e-9, "trial " + trial + ": ccd " + t
                        + " after sampled contact " + first / 1000.0);
            }
            if (t >= 0) {
                double[] x = lerp(x0, x1, t);
                double d = Math.sqrt(vf ? Geometry.pointTriangle(x, 0, 1, 2, 3, null)
                        : Geometry.segmentSegment(x, 0, 1, 2, 3, null));
                assertTrue(d <= eta + 1e-9, "trial " + trial + ": distance " + d);
            }
        }
        assertTrue(hits > 300, "hits " + hits);
    }
}
