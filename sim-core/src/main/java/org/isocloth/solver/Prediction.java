package org.isocloth.solver;

/**
 * Thesis Table 3.1 line 1 and the start of the projections: the prediction, the damping
 * reference, the effective masses and anchor of the step, and the first iterate.
 *
 * <p>Backward Euler predicts x̃ = x + h v + h² g with h = dt, and takes the damping reference
 * x_d = x. BDF2 (with h = ⅔ dt) predicts
 * x̃ = (4 x − x_prev)/3 + dt (8 v − 2 v_prev)/9 + (4/9) dt² g, with x_d = (4 x − x_prev)/3.
 *
 * <p>Air drag −c_d·A·(v − w), with v = (x − x_d)/h and w the wind, is linear in x and folds into
 * the effective mass m + c and the anchor x̂ = (m x̃ + c (x_d + h w))/(m + c), where c = h c_d A
 * for a node of mass m and area A. Pinned nodes get an infinite effective mass and their pin
 * target as anchor.
 *
 * <p>The per-triangle air forces ({@link org.isocloth.model.Aerodynamics}), when set, are
 * accelerations taken at the start of the step and added to gravity's.
 *
 * <p>The first iterate is x̂, plus the last Newton projection's correction x_k − x̂ scaled by
 * (h / h_last)² when the step takes Newton iterations (a warm start).
 */
final class Prediction {
    private final ClothSolver s;

    /** @param solver the solver whose steps this predicts (its state and work arrays) */
    Prediction(ClothSolver solver) {
        s = solver;
    }

    /**
     * Table 3.1 line 1: the prediction x̃ (or its BDF2 form) into {@code xTilde}, the damping
     * reference x_d into {@code xDamp}, and the effective masses and anchor x̂ with air drag folded
     * in (pinned nodes: their targets) into {@code massEff} and {@code xHat}.
     *
     * @param dt time step in seconds
     * @param h the effective step (dt, or ⅔ dt for BDF2)
     * @param bdf2 whether the step takes the BDF2 form
     * @return the largest inverse effective mass of the free nodes
     */
    double predict(double dt, double h, boolean bdf2) {
        int n3 = 3 * s.nodes;
        double[] x = s.x;
        double[] v = s.v;
        double[] xPrev = s.xPrev;
        double[] vPrev = s.vPrev;
        double[] xTilde = s.xTilde;
        double[] xDamp = s.xDamp;
        double[] air = null;
        if (s.aerodynamics != null) {
            s.airForces.compute(s.aerodynamics, x, v, s.wind, s.time, dt, s.pinned);
            air = s.airForces.acceleration;
        }
        for (int i = 0; i < n3; i++) {
            double g = s.gravity[i % 3] + (air != null ? air[i] : 0);
            if (bdf2) {
                xTilde[i] = (4 * x[i] - xPrev[i]) / 3 + dt * (8 * v[i] - 2 * vPrev[i]) / 9 + 4.0 / 9 * dt * dt * g;
                xDamp[i] = (4 * x[i] - xPrev[i]) / 3;
            } else {
                xTilde[i] = x[i] + dt * v[i] + dt * dt * g;
                xDamp[i] = x[i];
            }
        }
        // Effective mass with air drag folded in, and its target.
        double maxInvMass = 0;
        for (int p = 0; p < s.nodes; p++) {
            double drag = s.materials[s.model.nodePiece[p]].drag();
            double m = s.model.mass[p];
            double c = h * drag * s.model.nodeArea[p];
            s.massEff[p] = s.pinned[p] ? Double.POSITIVE_INFINITY : m + c;
            maxInvMass = Math.max(maxInvMass, 1.0 / (m + c));
            for (int k = 0; k < 3; k++) {
                int i = 3 * p + k;
                // drag −c_d·A·(v − w) with v = (x − x_d)/h pulls towards x_d + h·w
                s.xHat[i] = s.pinned[p] ? s.pinTarget[i]
                        : (m * xTilde[i] + c * (xDamp[i] + h * s.wind[k])) / (m + c);
            }
        }
        return maxInvMass;
    }

    /**
     * Clears the step's contacts and sets the first iterate x_k: x̂, plus the last Newton
     * projection's correction when the step takes Newton iterations (a warm start).
     *
     * @param dt time step in seconds
     * @param h the effective step (dt, or ⅔ dt for BDF2)
     */
    void startProjections(double dt, double h) {
        int n3 = 3 * s.nodes;
        s.stepDt = dt;
        s.clearContacts();
        s.movedAfterProjection = false;
        System.arraycopy(s.x, 0, s.xStart, 0, n3);
        System.arraycopy(s.xHat, 0, s.xk, 0, n3);
        if (s.newtonStep && s.tensionH > 0) {
            // Warm start: the first iterate lies as far from x̂ as the last projection's result lay
            // from its own prediction (a correction scales like force·h², as the tensions do).
            double scale = (h / s.tensionH) * (h / s.tensionH);
            for (int p = 0; p < s.nodes; p++) {
                if (!s.pinned[p]) {
                    for (int c = 0; c < 3; c++) {
                        s.xk[3 * p + c] += scale * s.correction[3 * p + c];
                    }
                }
            }
        }
    }
}
