package org.isocloth.solver;

import java.util.logging.Level;

/**
 * The coupled step with collider contacts as one-sided springs inside the Newton solve
 * ({@link SolverOptions.ColliderContacts#SPRINGS}): thesis Table 3.1 lines 2–6 with the contacts
 * of line 3 detected on the inertial path before the projection instead of after it. The
 * projection holds them as springs of a smooth energy ({@link ContactSprings}); a collision check
 * after each projection decides whether another one is needed. Measurements are in
 * docs/solver.md, "Collider contacts as springs inside the Newton solve".
 */
final class SpringStep {
    /**
     * Depth, in thicknesses, over which a contact spring's stiffness ramps up ({@link
     * ContactSprings#ramp}); docs/solver.md, "The ramp", has the values measured.
     */
    static final double SPRING_RAMP = 0.01;
    /**
     * Factor on the inextensibility rows' compliance in steps with contact springs. The Newton
     * iterations minimise the penalty form, whose minimum leaves C = αμ; contacts carry the cloth's
     * weight at a few nodes, like point pins, and the residual there exceeded the tolerance.
     */
    static final double SPRING_COMPLIANCE = 0.1;
    /**
     * A Newton iteration with contact springs is accepted unless it multiplies the red strain by
     * more than this (the strain is not the objective the iteration minimises; backtracking on
     * every increase stalled the iterations at an eighth of a step).
     */
    static final double SPRING_ACCEPT = 2;
    /**
     * Slip speed (m/s) below which exact friction sticks: the smoothing ε of the dissipation
     * potential is this times the step ({@link ExactFriction#slip}).
     */
    static final double EXACT_SLIP = 1e-3;

    private final ClothSolver s;
    /** The contact candidates of the running step. */
    final ContactSprings springs;

    /** @param solver the solver whose steps this takes (its state and projections) */
    SpringStep(ClothSolver solver) {
        s = solver;
        springs = new ContactSprings(solver.nodes, solver.model.mesh.vertexCount);
    }

    /**
     * The coupled step with collider contacts as springs inside the Newton solve: contact
     * candidates are detected along the inertial path, the projection holds them as one-sided
     * springs of a smooth energy (those whose node lies inside the band), and a collision check
     * after the projection decides whether another projection is needed (contacts the projection
     * missed, or cloth–cloth contacts as pair rows). Only what that check still finds after the
     * last round is moved by a final collision pass.
     */
    ClothSolver.Progress run(double dt, double maxInvMass) {
        int n3 = 3 * s.nodes;
        springs.clear();
        springs.ramp = SPRING_RAMP * s.material.thickness();
        springs.exact.slip = EXACT_SLIP * dt;
        springs.exact.on = s.options().friction() == SolverOptions.Friction.EXACT;
        s.colliderPass.startSpringStep();
        // Table 3.1 line 3 on the inertial path x⁽ⁿ⁾ → x̂: the friction impulses are those of the
        // motion the step takes without the cloth's own forces, as in the thesis's order
        s.colliderPass.detectSprings(springs, s.xStart, s.xHat, dt, false);
        springs.seat(s.xk, s.xHat);
        // cloth–cloth pairs already close at x⁽ⁿ⁾ are rows of the first projection
        SelfResponse.seedStep(s);
        springs.startProjection();
        s.gaussNewton.project(maxInvMass, GaussNewton.Contacts.SPRINGS);
        int iterations = s.lastIterations;
        int factorizations = s.lastFactorizations;
        boolean converged = s.lastConverged;
        double strain = s.lastStrain;
        int selfMoved = 0;
        boolean clean = false;
        for (int round = 1; round <= PlaneStep.COUPLED_ROUNDS + 1; round++) {
            selfMoved = 0;
            if (s.selfCollisions) {
                if (s.xSelf == null) {
                    s.xSelf = new double[n3];
                }
                System.arraycopy(s.xk, 0, s.xSelf, 0, n3);
                selfMoved = SelfResponse.resolveStep(s, s.xSelf, dt, round <= PlaneStep.COUPLED_ROUNDS, 1.0);
            }
            System.arraycopy(s.xk, 0, s.xCollided, 0, n3);
            s.colliderPass.collide(s.contacts, s.xStart, s.xCollided, dt, ColliderPass.Kind.SPRING_CHECK);
            int colliderMoved = s.colliderPass.moved;
            if (ClothSolver.LOG.isLoggable(Level.FINE)) {
                ClothSolver.LOG.fine(s.name + ": t=" + s.time + " contact springs, round " + round + ": "
                        + (round == 1 ? "largest push " + s.colliderPass.maxPush + " m, " : "")
                        + springs.activeCount()
                        + " active, projection " + s.lastIterations + " iterations, red strain " + s.lastStrain
                        + "; the collision pass would move " + colliderMoved + " + " + selfMoved
                        + " (cloth-cloth) nodes, largest collider move " + s.colliderPass.maxMove + " m (node "
                        + s.colliderPass.maxNode + (s.colliderPass.maxNode >= 0 ? ", planes "
                        + springs.describe(s.colliderPass.maxNode, s.xk) : "") + ")");
            }
            if (colliderMoved == 0 && selfMoved == 0) {
                clean = true;
                break;
            }
            if (round > PlaneStep.COUPLED_ROUNDS) {
                break;
            }
            s.colliderPass.detectSprings(springs, s.xStart, s.xk, dt, false);
            springs.startProjection();
            s.gaussNewton.project(maxInvMass, GaussNewton.Contacts.SPRINGS);
            iterations += s.lastIterations;
            factorizations += s.lastFactorizations;
            converged = s.lastConverged;
            strain = s.lastStrain;
        }
        int contacts = springs.activeCount() + selfMoved;
        s.movedAfterProjection = false;
        if (!clean) {
            s.colliderPass.collide(s.contacts, s.xStart, s.xk, dt, ColliderPass.Kind.SPRING_CHECK);
            int late = s.colliderPass.moved;
            int lateSelf = SelfResponse.resolveStep(s, s.xk, dt, false, PlaneStep.FINAL_REPULSION);
            s.movedAfterProjection = late + lateSelf > 0;
        }
        s.clearContacts();
        return new ClothSolver.Progress(iterations, factorizations, converged, strain, contacts);
    }
}
