package org.isocloth.solver;

import java.util.logging.Level;
import org.isocloth.collision.Collider;

/**
 * The coupled step with collider contacts as per-node planes
 * ({@link SolverOptions.ColliderContacts#PLANES}, the default): thesis Table 3.1 lines 3–6 after
 * the contact-free first projection. Collision processing moves nodes onto the colliders and
 * registers their contacts (eq. 3.26/3.28, eliminated per node by {@link ContactPlanes}) and the
 * cloth–cloth contacts (pair rows or planes); a second projection from x_p holds them, and a final
 * collision pass catches what it did not know, for up to {@link #COUPLED_ROUNDS}
 * rounds. With staggered collisions only the collision processing runs. docs/solver.md,
 * "Collisions and friction in the step", has the measurements.
 */
final class PlaneStep {
    /**
     * Most projections with contacts per step (Table 3.1 lines 5–6 repeated): a final collision
     * pass that still moves nodes registers its contacts (on top of the earlier ones) for one more
     * projection; the last pass's positions are kept as they are. Every position correction after
     * the last projection breaks the strain tolerance (0.1 % of a 2.5 cm red edge is 25 µm), so
     * that pass should find nothing (measurements: docs/solver.md, "Cloth–cloth collisions").
     */
    static final int COUPLED_ROUNDS = 2;

    /**
     * Proximity repulsion distance of the last cloth–cloth pass of a step (after the last
     * projection), relative to the cloth–cloth thickness. That pass moves nodes after the
     * constraints were last enforced, so every node it moves breaks the strain bound; a pair only
     * slightly closer than the thickness is harmless there (the continuous detection still
     * guarantees an intersection-free path, and the next step's line-3 pass repels the pair before
     * its projection, which then holds it as a contact). Measured on the moving-ball drape:
     * docs/solver.md, "The last pass of a step moves nodes after the last projection".
     */
    static final double FINAL_REPULSION = 0.25;

    private final ClothSolver s;

    /** @param solver the solver whose steps this takes (its state and projections) */
    PlaneStep(ClothSolver solver) {
        s = solver;
    }

    /**
     * Table 3.1 lines 3–6 after the first projection: collision processing against the colliders
     * and the cloth itself, the contacts as constraints of a coupled projection from x_p, and the
     * final collision pass, repeated ({@link #COUPLED_ROUNDS}) while that pass still finds
     * contacts the projection did not know.
     *
     * @param first what the first projection did
     * @return what the step's projections and passes did
     */
    ClothSolver.Progress run(double dt, double maxInvMass, ClothSolver.Progress first) {
        int n3 = 3 * s.nodes;
        int iterations = first.iterations();
        int factorizations = first.factorizations();
        boolean converged = first.converged();
        double strain = first.strain();
        int contacts;
        System.arraycopy(s.xk, 0, s.xCollided, 0, n3);
        boolean coupled = s.settings.collisions() == CollisionHandling.COUPLED;
        contacts = s.colliderPass.collide(s.contacts, s.xStart, s.xCollided, dt,
                coupled ? ColliderPass.Kind.DETECT : ColliderPass.Kind.STAGGERED);
        // Cloth–cloth contacts become constraints of the second projection like collider
        // contacts (pair rows, or a plane on every node the response moved, black nodes
        // included: the conforming rows would undo a correction the projection does not know).
        boolean selfRegistered = coupled && s.selfCollisions;
        if (selfRegistered) {
            s.contacts.save();
            System.arraycopy(s.xk, 0, s.xProjected, 0, n3);
        }
        int selfMoved;
        if (coupled && s.pairMode() && s.selfCollisions) {
            // The pair rows are read off the projected x_p after a cloth–cloth response of
            // its own, not off x_c: the collider response squashes the part of a falling
            // sheet that went through the floor onto the floor's surface, and the pairs of
            // that squashed patch are not contacts (docs/solver.md, "Where the pairs come from").
            if (s.xSelf == null) {
                s.xSelf = new double[n3];
            }
            System.arraycopy(s.xk, 0, s.xSelf, 0, n3);
            selfMoved = SelfResponse.resolveStep(s, s.xSelf, dt, true, 1.0);
        } else {
            selfMoved = SelfResponse.resolveStep(s, s.xCollided, dt, coupled, 1.0);
        }
        contacts += selfMoved;
        selfRegistered &= s.pairMode() ? s.pairCount() > 0 : selfMoved > 0;
        if (ClothSolver.LOG.isLoggable(Level.FINE)) {
            double worst = 0;
            int wn = -1;
            for (int p = 0; p < s.nodes; p++) {
                double d = Math.sqrt(NodePaths.distance2(s.xCollided, s.xk, p));
                if (d > worst) {
                    worst = d;
                    wn = p;
                }
            }
            ClothSolver.LOG.fine(s.name + ": t=" + s.time + " collision step: " + contacts
                    + " contacts, red strain at x_p "
                    + s.redStrain(s.xk, false) + ", largest move " + worst
                    + " m (node " + wn + "), strain after it " + ClothMetrics.maxStrain(s.model, s.xCollided));
        }
        if (!coupled) {
            System.arraycopy(s.xCollided, 0, s.xk, 0, n3);
        }
        if (coupled && contacts > 0) {
            // Linearise at the projected x_p (it satisfies the constraints), not at x_c: a fast
            // collider moves contact nodes centimetres away from their neighbours and the
            // Gauss-Newton iteration from there diverged (strain 220 % at x_c).
            // Lines 5–6, repeated while the final collision pass still finds contacts the
            // projection did not know (typically new cloth–cloth contacts): those become
            // constraints of another projection. The last pass's positions are kept as they are.
            boolean fellBack = false;
            for (int round = 1; round <= COUPLED_ROUNDS; round++) {
                try {
                    s.gaussNewton.project(maxInvMass, GaussNewton.Contacts.PLANES);
                } catch (SimulationException e) {
                    if (!selfRegistered || !s.lastResort) {
                        throw e; // halving the step comes first
                    }
                    // The cloth–cloth contact planes are inconsistent with the
                    // inextensibility here (the projection diverged): project from x_p with
                    // the collider contacts of line 3 only and leave the cloth–cloth
                    // response to the final pass.
                    ClothSolver.LOG.log(Level.FINE, "{0}: t={1} projection with cloth-cloth contacts diverged;"
                            + " repeated without them", new Object[] {s.name, s.time});
                    s.contacts.restore();
                    if (s.pairRows != null) {
                        s.pairRows.clear();
                    }
                    System.arraycopy(s.xProjected, 0, s.xk, 0, n3);
                    selfRegistered = false;
                    fellBack = true;
                    s.gaussNewton.project(maxInvMass, GaussNewton.Contacts.PLANES);
                }
                iterations += s.lastIterations;
                factorizations += s.lastFactorizations;
                converged = s.lastConverged;
                strain = s.lastStrain;
                boolean again = round < COUPLED_ROUNDS && !fellBack;
                if (!again) {
                    s.clearContacts();
                }
                double before = ClothSolver.LOG.isLoggable(Level.FINE) ? ClothMetrics.maxStrain(s.model, s.xk) : 0;
                int late = s.colliderPass.collide(s.contacts, s.xStart, s.xk, dt,
                        again ? ColliderPass.Kind.DETECT : ColliderPass.Kind.FINAL);
                int lateSelf = SelfResponse.resolveStep(s, s.xk, dt, again, again ? 1.0 : FINAL_REPULSION);
                s.movedAfterProjection = late + lateSelf > 0;
                selfRegistered |= again
                        && (s.pairMode() ? s.pairCount() > 0 : lateSelf > 0);
                if (ClothSolver.LOG.isLoggable(Level.FINE)) {
                    ClothSolver.LOG.fine(s.name + ": t=" + s.time + " round " + round + ": contacts " + s.contacts.count
                            + ", projection " + s.lastIterations + " iterations, converged " + s.lastConverged
                            + " red " + s.lastStrain + ", max strain " + before
                            + "; final collision pass moved " + late + " + " + lateSelf
                            + " (self) nodes, max strain " + ClothMetrics.maxStrain(s.model, s.xk) + " red "
                            + s.redStrain(s.xk, false));
                }
                if (late + lateSelf == 0) {
                    break;
                }
                if (again) {
                    strain = s.redStrain(s.xk, true);
                }
            }
            s.clearContacts();
        }
        return new ClothSolver.Progress(iterations, factorizations, converged, strain, contacts);
    }
}
