package org.isocloth.collision;

import static org.isocloth.collision.Queries.assertVector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The motion shared by the analytic colliders, and their first-hit searches against sampling. */
class AnalyticColliderTest {

    @Test
    void poseFollowsTheConstantRigidMotion() {
        // centre c0 = (1, 0, 0) moving at (0, 2, 0): c(1.5) = (1, 3, 0). Initial orientation 90°
        // about z, then ω = (0, 0, π/2) adds another 90° per second: at t = 1 the total is 180°
        // about z, diag(-1, -1, 1).
        BoxCollider b = new BoxCollider("crate", new double[] {1, 0, 0}, new double[] {1, 1, 1},
                new double[] {0, 0, 1}, Math.PI / 2);
        b.setMotion(new double[] {0, 2, 0}, new double[] {0, 0, Math.PI / 2});
        assertVector(new double[] {1, 3, 0}, b.centerAt(1.5), 1e-15);
        assertVector(new double[] {-1, 0, 0, 0, -1, 0, 0, 0, 1}, b.rotationAt(1), 1e-15);
        // the rotation is about the centre: a spin about x by π/2 per second, after 1 s, maps the
        // initial orientation's body z axis (still world z) to world -y
        b.setMotion(new double[3], new double[] {Math.PI / 2, 0, 0});
        double[] r = b.rotationAt(1);
        assertVector(new double[] {0, -1, 0}, new double[] {r[2], r[5], r[8]}, 1e-15);
    }

    @Test
    void firstHitsAgreeWithADenseSamplingOfTheDistance() {
        // For random segments, the reported first parameter s must have distance ≈ inflate, and
        // every sample before it must be farther than inflate (the distance along a segment is
        // convex, so samples suffice up to the sampling step).
        AnalyticCollider[] shapes = {
            new SphereCollider("s", new double[3], 0.7),
            new CapsuleCollider("c", new double[] {-0.5, -0.2, 0.1}, new double[] {0.6, 0.3, 0},
                    0.3),
            new BoxCollider("b", new double[3], new double[] {0.8, 0.1, 0.4},
                    new double[] {1, 2, 3}, 0.7),
            new PlaneCollider("p", new double[3], new double[] {0.3, 1, -0.2})};
        Random random = new Random(42);
        double[] q0 = new double[3];
        double[] q1 = new double[3];
        double[] q = new double[3];
        double[] n = new double[3];
        int hits = 0;
        int misses = 0;
        for (AnalyticCollider shape : shapes) {
            for (int k = 0; k < 400; k++) {
                for (int i = 0; i < 3; i++) {
                    q0[i] = 4 * random.nextDouble() - 2;
                    q1[i] = 4 * random.nextDouble() - 2;
                }
                double inflate = k % 4 == 0 ? 0 : 0.2 * random.nextDouble();
                double s = shape.firstHit(q0, q1, inflate);
                int samples = 2000;
                double firstSampled = Double.NaN;
                for (int j = 0; j <= samples; j++) {
                    double t = (double) j / samples;
                    for (int i = 0; i < 3; i++) {
                        q[i] = q0[i] + t * (q1[i] - q0[i]);
                    }
                    if (shape.distance(q, n) <= inflate) {
                        firstSampled = t;
                        break;
                    }
                }
                if (Double.isNaN(s)) {
                    misses++;
                    assertTrue(Double.isNaN(firstSampled), shape.name() + " missed at " + firstSampled);
                    continue;
                }
                hits++;
                assertTrue(s >= 0 && s <= 1, shape.name() + " s = " + s);
                // sampled first hit is at or just after s (one sampling step of slack)
                assertTrue(Double.isNaN(firstSampled) || firstSampled >= s - 1e-12,
                        shape.name() + ": sampled " + firstSampled + " before s = " + s);
                assertTrue(Double.isNaN(firstSampled) || firstSampled <= s + 1.0 / samples + 1e-12,
                        shape.name() + ": sampled " + firstSampled + " long after s = " + s);
                for (int i = 0; i < 3; i++) {
                    q[i] = q0[i] + s * (q1[i] - q0[i]);
                }
                double d = shape.distance(q, n);
                if (s > 0) {
                    assertEquals(inflate, d, 1e-9, shape.name());
                } else {
                    assertTrue(d <= inflate + 1e-12, shape.name());
                }
            }
        }
        // the random segments exercise both outcomes
        assertTrue(hits > 200 && misses > 200, hits + " hits, " + misses + " misses");
    }
}
