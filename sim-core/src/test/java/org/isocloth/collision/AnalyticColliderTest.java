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
    void setPoseMovesTheReferenceTimeOfTheMotion() {
        // After setPose(2, c, R) with v = (1, 0, 0) and ω = (0, π/2, 0): c(3) = c + v·1 =
        // (4, 5, 6) for c = (3, 5, 6); R(3) = rot_y(π/2)·R with R = rot_z(π/2). rot_z(π/2) maps
        // body x to world y, and rot_y leaves y alone, so body x is world y at t = 3; body z (world
        // z under R) goes to world x under rot_y(π/2).
        SphereCollider s = new SphereCollider("ball", new double[3], 0.5);
        s.setMotion(new double[] {1, 0, 0}, new double[] {0, Math.PI / 2, 0});
        s.setPose(2, new double[] {3, 5, 6}, new double[] {0, -1, 0, 1, 0, 0, 0, 0, 1});
        assertVector(new double[] {4, 5, 6}, s.centerAt(3), 1e-15);
        assertVector(new double[] {3, 5, 6}, s.centerAt(2), 1e-15);
        double[] r = s.rotationAt(3);
        assertVector(new double[] {0, 1, 0}, new double[] {r[0], r[3], r[6]}, 1e-15);
        assertVector(new double[] {1, 0, 0}, new double[] {r[2], r[5], r[8]}, 1e-15);
        // the interval poses follow: at [2, 3] the ball's contact uses c(3)
        s.setInterval(2, 3);
        assertTrue(s.contains(4, 5, 6.4));
        assertTrue(!s.contains(3, 5, 6.6));
        // a reflection is refused with the field named
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> s.setPose(0, new double[3],
                        new double[] {-1, 0, 0, 0, 1, 0, 0, 0, 1}));
        assertTrue(e.getMessage().startsWith("ball.rotation: not a rotation matrix"), e.getMessage());
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
