package org.isocloth.collision;

import static org.isocloth.collision.Queries.assertVector;
import static org.isocloth.collision.Queries.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A mesh collider's narrowed intervals ({@link MeshCollider#narrowInterval}) and the per-step
 * triangle lists of {@link MeshCandidates}: both must answer every contact query exactly as the
 * collider does with its interval set to the part and its tree queried.
 */
class MeshCandidatesTest {
    /** Continuous detection refines contact times to 1e-13; positions follow to about that. */
    private static final double CCD_EPS = 1e-9;

    /** The square x, z in [-1, 1] at height y, normal +y. */
    private static double[] square(double y) {
        return new double[] {-1, y, -1, 1, y, -1, 1, y, 1, -1, y, 1};
    }

    private static final int[] SQUARE_TRIS = {0, 3, 2, 0, 2, 1};

    private static MeshCollider box() {
        try {
            Path obj = Path.of(MeshCandidatesTest.class.getResource("/collision/box.obj").toURI());
            return MeshColliderFiles.fromObj("crate", obj);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The box's vertices moved by d. */
    private static double[] shifted(double[] x, double dx, double dy, double dz) {
        double[] out = x.clone();
        for (int i = 0; i < out.length; i += 3) {
            out[i] += dx;
            out[i + 1] += dy;
            out[i + 2] += dz;
        }
        return out;
    }

    private static void assertSameContact(Contact expected, Contact actual, String label) {
        if (expected == null) {
            assertNull(actual, label);
            return;
        }
        assertNotNull(actual, label);
        assertEquals(expected.crossed, actual.crossed, label);
        assertVector(expected.point, actual.point, CCD_EPS);
        assertVector(expected.normal, actual.normal, CCD_EPS);
        assertVector(expected.surfaceVelocity, actual.surfaceVelocity, CCD_EPS);
        assertEquals(expected.distance, actual.distance, CCD_EPS, label);
        assertEquals(expected.time, actual.time, CCD_EPS, label);
    }

    @Test
    void aNarrowedIntervalAnswersAsTheSameIntervalSetOnItsOwn() {
        // Frames at 1 fps, y = 0 then 1: the square rises at 1 m/s and its motion is linear over
        // [0, 1], so narrowing [0, 1] to [0.25, 0.5] poses it at y = 0.25 and 0.5, as setting
        // that interval does. A node resting at y = 0.4 is met at τ = (0.4 − 0.25)/0.25 = 0.6 of
        // the part and carried to 0.01 above the end pose (y = 0.51).
        MeshCollider narrowed = new MeshCollider("lift", SQUARE_TRIS, square(0));
        narrowed.setKeyframes(new double[][] {square(0), square(1)}, 1);
        narrowed.setInterval(0, 1);
        narrowed.narrowInterval(0.25, 0.5);
        MeshCollider direct = new MeshCollider("lift", SQUARE_TRIS, square(0));
        direct.setKeyframes(new double[][] {square(0), square(1)}, 1);
        direct.setInterval(0.25, 0.5);
        double[] rest = {0.1, 0.4, -0.2};
        Contact c = query(narrowed, rest, rest, 0.01);
        assertNotNull(c);
        assertTrue(c.crossed);
        assertEquals(0.6, c.time, CCD_EPS);
        assertVector(new double[] {0.1, 0.51, -0.2}, c.point, CCD_EPS);
        Random r = new Random(3);
        for (int k = 0; k < 500; k++) {
            double[] a = {2.4 * r.nextDouble() - 1.2, 0.8 * r.nextDouble(), 2.4 * r.nextDouble() - 1.2};
            double[] b = {a[0] + 0.1 * r.nextGaussian(), a[1] + 0.1 * r.nextGaussian(), a[2] + 0.1 * r.nextGaussian()};
            assertSameContact(query(direct, a, b, 0.01), query(narrowed, a, b, 0.01), "path " + k);
        }
        // narrowing to the whole interval ends the narrowing: the end pose is y = 1 again
        narrowed.narrowInterval(0, 1);
        double[] above = {0, 1.005, 0};
        c = query(narrowed, above, above, 0.01);
        assertNotNull(c);
        assertVector(new double[] {0, 1.01, 0}, c.point, 1e-12);
        // so does setting the interval, even the same one (another cloth stepping the same frame)
        narrowed.narrowInterval(0.25, 0.5);
        narrowed.setInterval(0, 1);
        c = query(narrowed, above, above, 0.01);
        assertNotNull(c);
        assertVector(new double[] {0, 1.01, 0}, c.point, 1e-12);
    }

    @Test
    void narrowingOutsideTheIntervalIsRefusedWithTheColliderNamed() {
        MeshCollider m = new MeshCollider("lift", SQUARE_TRIS, square(0));
        m.setInterval(1, 2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.narrowInterval(0.5, 1.5));
        assertTrue(e.getMessage().startsWith("lift: [0.5, 1.5] is not a part of the interval [1.0, 2.0]"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> m.narrowInterval(1.5, 1.25));
        assertThrows(IllegalArgumentException.class, () -> m.narrowInterval(1.5, Double.NaN));
    }

    @Test
    void listsGatheredForAStepAnswerEveryQueryAsTheTreeDoes() {
        // A closed box (collision/box.obj) moving by (0.3, 0.2, −0.1) over the step; 400 nodes in
        // and around it with random velocities. Every substep's query, whether its path stays in
        // the node's reach box (list) or not (tree), and every midpoint query from either end's
        // wide box, must give the collider's own answer over the same narrowed interval.
        MeshCollider m = box();
        double[] x0 = m.endPositions();
        m.setPositions(shifted(x0, 0.3, 0.2, -0.1));
        double dt = 0.1;
        m.setInterval(0, dt);
        int n = 400;
        Random r = new Random(11);
        double[] x = new double[3 * n];
        double[] v = new double[3 * n];
        for (int i = 0; i < 3 * n; i++) {
            x[i] = (i % 3 == 0 ? 0.5 : i % 3 == 1 ? -0.25 : 0.125) + 2.6 * (r.nextDouble() - 0.5);
            v[i] = r.nextGaussian();
        }
        boolean[] pinned = new boolean[n];
        pinned[7] = true;
        double[] half = new double[n];
        java.util.Arrays.fill(half, 0.04);
        MeshCandidates lists = new MeshCandidates(m, n, half);
        // tracked queries skip the deep-inside ray test for a node whose last query found no
        // contact; on these straight paths (each substep's starts where the last one ended) a
        // node can only get inside by a crossing, which the continuous test finds, so they must
        // answer the same
        MeshCandidates tracked = new MeshCandidates(m, n, half);
        double[] g = {0, -9.81, 0};
        double h = 0.01;
        lists.gather(x, v, g, dt, h, pinned);
        tracked.gather(x, v, g, dt, h, pinned);
        int substeps = 4;
        double[] from = x.clone();
        double[] to = new double[3 * n];
        for (int k = 0; k < substeps; k++) {
            double t0 = k * dt / substeps;
            double t1 = (k + 1) * dt / substeps;
            m.narrowInterval(t0, t1);
            MeshCollider reference = box();
            reference.setPositions(shifted(x0, 0.3, 0.2, -0.1));
            reference.setInterval(0, dt);
            reference.narrowInterval(t0, t1);
            for (int i = 0; i < 3 * n; i++) {
                // half the nodes follow the predicted path, half stray from it by up to 5 cm
                double stray = (i / 3) % 2 == 0 ? 0 : 0.05 * r.nextGaussian();
                to[i] = x[i] + t1 * (v[i] + 0.5 * t1 * g[i % 3]) + stray;
            }
            for (int i = 0; i < n; i++) {
                if (pinned[i]) {
                    continue;
                }
                Contact viaList = new Contact();
                Contact viaTree = new Contact();
                Contact viaTracked = new Contact();
                boolean a = lists.contact(from, to, i, h, viaList);
                boolean b = reference.contact(from, to, i, h, viaTree);
                boolean c = tracked.contactTracked(from, to, i, h, viaTracked);
                assertSameContact(b ? viaTree : null, a ? viaList : null, "substep " + k + " node " + i);
                assertSameContact(b ? viaTree : null, c ? viaTracked : null, "tracked, substep " + k + " node " + i);
            }
            System.arraycopy(to, 0, from, 0, to.length);
        }
        // midpoints of (i, i + 1) at the step's end, proximity only
        double[] mid = new double[3];
        for (int i = 0; i + 1 < n; i++) {
            for (int c = 0; c < 3; c++) {
                mid[c] = 0.5 * (to[3 * i + c] + to[3 * i + 3 + c]);
            }
            Contact viaList = new Contact();
            Contact viaTree = new Contact();
            boolean a = lists.contactNear(mid, 0, i, i + 1, h, viaList);
            boolean b = m.contact(mid, mid, 0, h, viaTree);
            assertSameContact(b ? viaTree : null, a ? viaList : null, "midpoint " + i);
        }
    }
    @Test
    void aSegmentFromANodeKnownOutsideIsClearOnlyWhenNoTriangleCanTouchIt() {
        // The static closed box x ∈ [−0.5, 1.5], y ∈ [−0.75, 0.25], z ∈ [−0.625, 0.875]
        // (collision/box.obj), thickness 1 cm, four edges (a, b) and their midpoints:
        //  0: 25 cm above the top face: no triangle's box within a centimetre, clear;
        //  1: 5 cm beside the +x face: the face lies 4 cm beyond the grown segment box, clear;
        //  2: 5 mm above the top face: both ends in contact, so neither is known to be outside;
        //  3: around the edge where the top and +x faces meet, (1.6, 0.1) to (1.3, 0.3): both ends
        //     outside, the midpoint (1.45, 0.2) 5 cm inside the box, so it must not be cleared;
        //  4: deep inside the box, half a metre from every face: no triangle's box meets the
        //     segment's, but its nodes' own queries found them inside, so it is not cleared.
        MeshCollider m = box();
        m.setInterval(0, 0.1);
        double h = 0.01;
        double[] x = {
            0.2, 0.5, 0.1, 0.3, 0.5, 0.1,
            1.55, 0.0, 0.0, 1.55, 0.1, 0.0,
            0.2, 0.255, 0.1, 0.3, 0.255, 0.1,
            1.6, 0.1, 0.0, 1.3, 0.3, 0.0,
            0.4, -0.25, 0.1, 0.6, -0.25, 0.1};
        int n = x.length / 3;
        double[] half = new double[n];
        java.util.Arrays.fill(half, 0.2);
        MeshCandidates lists = new MeshCandidates(m, n, half);
        lists.gather(x, new double[3 * n], new double[3], 0.1, h, null);
        Contact c = new Contact();
        for (int i = 0; i < n; i++) {
            lists.contactTracked(x, x, i, h, c); // the node's query of the step: sets what is known
        }
        boolean[] clear = {true, true, false, false, false};
        double[] mid = new double[3];
        for (int e = 0; e < clear.length; e++) {
            int a = 2 * e;
            for (int k = 0; k < 3; k++) {
                mid[k] = 0.5 * (x[3 * a + k] + x[3 * a + 3 + k]);
            }
            boolean contact = m.contact(mid, mid, 0, h, c);
            assertEquals(e >= 2, contact, "edge " + e + ": the midpoint's contact");
            assertEquals(clear[e], lists.clearFrom(x, a, mid, h), "edge " + e + " from its first node");
            assertEquals(clear[e], lists.clearFrom(x, a + 1, mid, h), "edge " + e + " from its second node");
        }
    }
}
