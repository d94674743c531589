package org.isocloth.solver;

import java.util.Arrays;
import org.isocloth.model.Aerodynamics;
import org.isocloth.model.ClothModel;

/**
 * The per-triangle air forces of {@link Aerodynamics} on the subdivided mesh, as accelerations of
 * the nodes at the start of a step.
 */
final class AirForces {
    private final ClothModel model;
    /** Acceleration of every node, m/s², 3 per node. */
    final double[] acceleration;
    private final double[] windHere = new double[3];

    /** @param model the cloth */
    AirForces(ClothModel model) {
        this.model = model;
        acceleration = new double[3 * model.nodeCount()];
    }

    /**
     * Computes {@link #acceleration} from the positions and velocities at the start of a step.
     *
     * @param air the coefficients
     * @param x positions, m
     * @param v velocities, m/s
     * @param wind mean wind (gusts included), m/s
     * @param t time, s
     * @param dt step duration, s (the forces are limited to what cancels a triangle's relative
     *     velocity within it)
     * @param pinned pinned nodes (no acceleration)
     */
    void compute(Aerodynamics air, double[] x, double[] v, double[] wind, double t, double dt, boolean[] pinned) {
        Arrays.fill(acceleration, 0);
        int[] tri = model.mesh.fineTriangles;
        double q = 0.5 * air.airDensity();
        double[] n = new double[3];
        double[] vr = new double[3];
        double[] f = new double[3];
        for (int k = 0; k < tri.length / 3; k++) {
            int a = tri[3 * k];
            int b = tri[3 * k + 1];
            int c = tri[3 * k + 2];
            ClothModel.faceNormal(x, a, b, c, n);
            double nl = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            if (!(nl > 0)) {
                continue;
            }
            double area = 0.5 * nl;
            n[0] /= nl;
            n[1] /= nl;
            n[2] /= nl;
            air.wind(wind, (x[3 * a] + x[3 * b] + x[3 * c]) / 3, (x[3 * a + 1] + x[3 * b + 1] + x[3 * c + 1]) / 3,
                    (x[3 * a + 2] + x[3 * b + 2] + x[3 * c + 2]) / 3, t, windHere);
            double vn = 0;
            double speed2 = 0;
            for (int i = 0; i < 3; i++) {
                vr[i] = (v[3 * a + i] + v[3 * b + i] + v[3 * c + i]) / 3 - windHere[i];
                vn += vr[i] * n[i];
                speed2 += vr[i] * vr[i];
            }
            double speed = Math.sqrt(speed2);
            if (speed == 0) {
                continue;
            }
            double cosine = vn / speed;
            double f2 = 0;
            for (int i = 0; i < 3; i++) {
                double normal = vn * n[i];
                double tangential = vr[i] - normal;
                double liftDir = n[i] - cosine * vr[i] / speed;
                f[i] = -q * area * (air.normalDrag() * Math.abs(vn) * normal + air.tangentialDrag() * speed * tangential
                        + air.lift() * speed * vn * liftDir);
                f2 += f[i] * f[i];
            }
            // the impulse of one step never exceeds what cancels the relative velocity
            double faceMass = model.pieceMaterial(a).density() * area;
            double dv = dt * Math.sqrt(f2) / faceMass;
            double scale = dv > speed ? speed / dv : 1;
            add(a, f, scale, pinned);
            add(b, f, scale, pinned);
            add(c, f, scale, pinned);
        }
    }

    /** Adds a third of a triangle's force, scaled, to a corner's acceleration. */
    private void add(int node, double[] f, double scale, boolean[] pinned) {
        if (pinned[node]) {
            return;
        }
        double s = scale / (3 * model.mass[node]);
        for (int i = 0; i < 3; i++) {
            acceleration[3 * node + i] += s * f[i];
        }
    }
}
