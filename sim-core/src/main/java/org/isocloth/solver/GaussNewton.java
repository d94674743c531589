package org.isocloth.solver;

import java.util.Arrays;
import java.util.logging.Level;
import org.isocloth.linalg.NotPositiveDefiniteException;

/**
 * The projection of thesis Table 3.1 lines 2 and 5: Gauss-Newton iterations on eq. 3.21, each
 * one linearisation of the distance rows ({@link DistanceRows}), one assembly and solve of eq.
 * 3.30 ({@link PrimalSystem}, {@link SelfContactRows} with cloth–cloth pair rows, or
 * {@link RowSpaceSystem}), and a backtracking on the strain.
 *
 * <p>Newton iterations stay anchored at the prediction x̂ and add the distance rows' geometric
 * stiffness Σ μ_i ∇²C_i (for C = |x_p − x_r| − l, ∇²C = (I − uuᵀ)/|x_p − x_r| ⊗ [[1, −1], [−1, 1]],
 * taken for tense rows only, with μ from the last solve); fast-projection iterations (Goldenthal
 * et al.) are anchored at the iterate and only correct the constraint error. Projections with
 * contact planes, and Newton projections that stall, use fast projection. Newton iterations with
 * contact springs add a Levenberg-Marquardt term after an iteration that raised the red strain
 * ({@link #nextDamping}). docs/solver.md, "The step" and "A Levenberg-Marquardt weight in spring
 * projections", describes them and the measurements behind the constants.
 */
final class GaussNewton {
    /**
     * A Newton iteration that does not at least shrink the strain by this factor (or needed
     * backtracking) hands the rest of the projection to fast projection.
     */
    static final double NEWTON_MIN_GAIN = 0.5;
    /**
     * Above this ratio of the bending rows' weight to the node masses
     * ({@link SystemRows#bendingDominance}) a Newton projection converges the forces as well as
     * the strain: it ends only when its last step moved the nodes by no more than
     * {@link Settling#settled} allows, and never hands over to fast projection. Such a step is
     * nearly static, so its result is set by the balance of bending and gravity; stopping on the
     * strain alone left that balance open, and the left-over force became velocity (the
     * cantilever test, docs/validation.md).
     */
    static final double FORCE_BALANCE_DOMINANCE = 30;
    /**
     * Most fast-projection iterations after a projection with contact springs that reached the
     * iteration cap with its red strain above the tolerance.
     */
    static final int SPRING_FINISH = 10;
    /**
     * Levenberg-Marquardt weight a Newton projection with contact springs takes after its first
     * iteration that raised the red strain or needed backtracking ({@link #nextDamping}).
     */
    static final double DAMPING_START = 1;
    /** Factor by which that weight grows after each further such iteration and shrinks after each other one. */
    static final double DAMPING_FACTOR = 4;
    /** A weight shrunk below this is dropped. */
    static final double DAMPING_MIN = 0.01;
    /**
     * A projection with contact springs starts shifting its most tense rows ({@link TensionShift})
     * after an iteration that leaves the red strain above the tolerance and above this fraction
     * of the previous iteration's: the strain has stalled at the rows' penalty residual.
     */
    static final double SPRING_SHIFT_STALL = 0.8;

    /** How a projection's collider contacts take part. */
    enum Contacts {
        /** None registered (the first projection of a step with contact planes, or a free cloth). */
        NONE,
        /**
         * Contact planes registered by collision processing, held as an active set: contacts
         * whose force pulls are released, nodes an iteration pushes into a collider are added
         * (Table 3.1 line 5).
         */
        PLANES,
        /** Contact springs inside Newton iterations ({@link SpringStep}). */
        SPRINGS
    }

    private final ClothSolver s;
    private final SystemRows rows;
    /** Whether the running projection holds collider contacts as springs. */
    private boolean springMode;
    private final DistanceRows dist;
    /** Whether the running iteration is a Newton step anchored at x̂ (else fast projection). */
    boolean newtonNow;
    /** Whether this projection started with Newton steps and switched to fast projection. */
    private boolean newtonFellBack;
    /**
     * Whether the running projection's Newton iterations shift the most tense rows: from the
     * start without contact springs, from a stall on with them.
     */
    private boolean shifting;
    /** The red strain of the step fraction {@link #backtrack} kept. */
    private double backtrackStrain;
    /** The test that ends a projection on its moves (springs, force balance). */
    private final Settling settling;
    /** Contact planes that switched on or off in the last iteration with springs (FINEST logs). */
    private int lastSwitched;
    // Per-contact scratch vectors of the hot loops (the solver is not thread-safe anyway).
    private final double[] scratchT = new double[3];
    private final double[] scratchTarget = new double[3];
    /**
     * Levenberg-Marquardt weight λ of the running Newton iteration: it adds ½ λ |x − x_k|²_M to
     * the step's objective, so the iteration solves with the metric (1 + λ) M anchored at
     * (x̂ + λ x_k)/(1 + λ). The term vanishes at x = x_k, so the projection's fixed point is the
     * same; it shortens the moves along the directions that only the node masses and the
     * bending hold (the red triangles' rotations), where the linearised distance rows predict
     * the strain worst, and leaves the stiff rows' corrections whole.
     */
    private double damping;
    /** Newton iterations taken with a Levenberg-Marquardt weight, over the solver's life. */
    long dampedIterations;

    /** @param solver the solver whose iterate, rows and contacts this projects */
    GaussNewton(ClothSolver solver) {
        s = solver;
        rows = solver.rows;
        dist = rows.dist;
        settling = new Settling(solver);
    }

    /**
     * One Gauss-Newton projection from the current iterate {@code xk} (its linearisation point)
     * towards the step's objective anchored at x̂, with the contacts registered for this step.
     * Leaves the result in {@code xk} and its statistics in the {@code last*} fields.
     *
     * @param maxInvMass largest inverse mass of the step
     * @param kind how the step's collider contacts take part
     */
    void project(double maxInvMass, Contacts kind) {
        springMode = kind == Contacts.SPRINGS;
        boolean activeSet = kind == Contacts.PLANES;
        int n3 = 3 * s.nodes;
        Arrays.fill(rows.softLambda, 0);
        double tol = s.material.strainTolerance();
        int iterations = 0;
        int factorizations = 0;
        boolean converged = false;
        double strain = Double.NaN;
        double previousStrain = Double.POSITIVE_INFINITY;
        boolean pairs = s.pairRows != null && s.pairRows.count() > 0;
        if (pairs) {
            s.pairRows.startProjection();
        }
        newtonNow = s.newtonStep && s.contacts.count == 0 && (!pairs || springMode) && s.primal != null
                && !activeSet;
        // a stretchable cloth has no constraint error to converge: its projection ends on the forces
        boolean forceBalance = newtonNow && !springMode
                && (rows.membrane != null || rows.bendingDominance > FORCE_BALANCE_DOMINANCE);
        newtonFellBack = false;
        damping = 0;
        boolean finishing = false;
        int cap = s.settings.maxIterations();
        while (iterations < cap) {
            iterations++;
            projectionTarget(iterations == 1);
            int activeDist = rows.activeDistanceRows(s.material);
            dist.linearise(activeDist, s.xk, s.xTarget, rows.gVal, rows.gPtr, rows.inextStart, s.rhs, s.name, s.time);
            if (rows.membrane != null) {
                rows.membrane.linearise(s.xk, s.xTarget, rows.gVal, rows.gPtr, rows.femStart, s.rhs);
            }
            if (iterations == 1) {
                shifting = !springMode;
            }
            if (newtonNow && shifting && rows.membrane == null) {
                // the most tense rows aim at C = 0 instead of the penalty residual C = αμ
                if (iterations == 1) {
                    double scale = s.tensionH > 0 ? (s.projH / s.tensionH) * (s.projH / s.tensionH) : 0;
                    s.tensionShift.choose(s.tension, 0, scale, rows.alpha, rows.inextStart, dist.rest, tol);
                }
                s.tensionShift.addTo(s.rhs, rows.alpha, rows.inextStart);
            }
            rows.linearRhs(iterations == 1 || newtonNow, SystemRows.springsOn(s.material) && !newtonNow, s.xTarget,
                    s.rhs);
            if (newtonNow) {
                if (iterations == 1) {
                    // multipliers scale like force·h²: carry the last projection's over to this h
                    double scale = s.tensionH > 0 ? (s.projH / s.tensionH) * (s.projH / s.tensionH) : 0;
                    dist.geometricStiffness(s.tension, 0, scale, activeDist, s.xk, s.xTarget, rows.gVal, rows.gPtr,
                            rows.inextStart, s.primal);
                    if (rows.membrane != null) {
                        rows.membrane.geometricStiffness(s.tension, rows.femStart - rows.inextStart, scale, s.xk,
                                s.xTarget, s.primal);
                    }
                } else {
                    dist.geometricStiffness(s.mu, rows.inextStart, 1, activeDist, s.xk, s.xTarget, rows.gVal, rows.gPtr,
                            rows.inextStart, s.primal);
                    if (rows.membrane != null) {
                        rows.membrane.geometricStiffness(s.mu, rows.femStart, 1, s.xk, s.xTarget, s.primal);
                    }
                }
            } else if (s.primal != null) {
                s.primal.kgCoef = null;
                s.primal.kgRhs = null;
            }
            try {
                if (s.primal != null) {
                    solvePrimal();
                } else {
                    solveRowSpace();
                }
                factorizations++;
            } catch (NotPositiveDefiniteException ex) {
                throw new SimulationException(s.name + ": the SPD system of eq. 3.30 lost definiteness at t="
                        + s.time + " s (" + ex.getMessage() + ")", ex);
            }
            for (int i = 0; i < n3; i++) {
                if (!Double.isFinite(s.xk[i])) {
                    throw new SimulationException(s.name + ": non-finite position at node " + (i / 3)
                            + " after Gauss-Newton iteration " + iterations + " at t=" + s.time + " s");
                }
            }
            strain = s.redStrain(s.xk, true);
            double stepScale = 1;
            if (iterations > 1 && strain > (springMode && newtonNow ? SpringStep.SPRING_ACCEPT
                    : 1) * previousStrain) {
                stepScale = backtrack(strain);
                if (stepScale < 1) {
                    strain = backtrackStrain;
                }
            }
            if (springMode && newtonNow) {
                damping = nextDamping(damping, stepScale < 1 || strain > previousStrain);
            }
            if (springMode && newtonNow && !shifting && iterations > 1 && strain > tol
                    && strain > SPRING_SHIFT_STALL * previousStrain) {
                // Shifting from the start lets a cloth resting on a body creep: rows cross the
                // threshold back and forth from step to step and move the fixed point each time.
                shifting = true;
            }
            if (newtonNow && shifting && rows.membrane == null) {
                s.tensionShift.choose(s.mu, rows.inextStart, 1, rows.alpha, rows.inextStart, dist.rest, tol);
            }
            boolean newtonStalled = newtonNow && iterations > 1 && !springMode && !forceBalance
                    && (stepScale < 1 || strain > NEWTON_MIN_GAIN * previousStrain);
            for (int r = rows.softStart; r < rows.femStart; r++) {
                if (newtonNow) {
                    rows.softLambda[r - rows.softStart] = s.mu[r];
                } else {
                    rows.softLambda[r - rows.softStart] += stepScale * s.mu[r];
                }
            }
            if (newtonStalled) {
                // Far from the solution (a violent impact) Newton's steps can stall against the
                // strain backtracking; fast projection finishes from here, continuing with the
                // springs' multipliers Newton reached (they are the accumulated λ it expects).
                newtonNow = false;
                newtonFellBack = true;
            }
            int added = 0;
            int released = 0;
            if (pairs) {
                // A released pair row changes the solution: iterate at least once more without
                // it. (Not counting releases let projections of a folding sheet stop while rows
                // were still being released, and the run diverged at t = 0.3 s.)
                released = s.pairRows.releaseAdhesive(stepScale, newtonNow);
                added += released;
                added += s.pairRows.activateViolated(s.xk,
                        SelfResponse.WAIT_SLACK * s.selfResponse.thickness(s.material));
            }
            boolean settled = true;
            if (springMode) {
                // the contact energy is smooth (SpringStep.SPRING_RAMP): a plane switching on or off at its
                // surface changes the system continuously, so it does not hold the projection
                // open; the flags only count the active contacts
                lastSwitched = s.springStepper.springs.update(s.xk, 0);
                added += s.colliderPass.detectSprings(s.springStepper.springs, s.xStart, s.xk, s.stepDt, true);
                settled = iterations > 1 && settling.settled(springMode);
            } else if (forceBalance) {
                settled = iterations > 1 && settling.settled(springMode);
            }
            if (activeSet) {
                if (s.contacts.count > 0) {
                    s.contacts.releaseAdhesive(s.massEff, s.xk, s.force, stepScale);
                }
                // Nodes the iteration pushed into a collider become contacts (moved out to x_c);
                // the next iterations restore the constraints around them.
                added += s.colliderPass.collide(s.contacts, s.xStart, s.xk, s.stepDt, ColliderPass.Kind.IN_PROJECTION);
            }
            previousStrain = strain;
            System.arraycopy(s.xk, 0, s.xPrevIterate, 0, n3);
            if (ClothSolver.LOG.isLoggable(Level.FINEST)) {
                int wp = s.model.inextNodes[2 * s.worstIndex];
                int mover = settling.mover();
                ClothSolver.LOG.finest(s.name + ": t=" + s.time + " iteration " + iterations + " strain " + strain
                        + " step scale " + stepScale + ", added " + added + ", switched " + lastSwitched
                        + ", released pairs " + released + ", pair rows " + (pairs ? s.pairRows.activeCount() : 0)
                        + ", spring residual " + rows.springResidual(s.material, s.xk)
                        + ", worst at " + s.xk[3 * wp] + " " + s.xk[3 * wp + 1] + " " + s.xk[3 * wp + 2]
                        + ", largest move " + settling.lastMove() + " m of the step's " + settling.stepMove()
                        + " (node " + mover + (mover >= s.model.mesh.vertexCount ? ", red" : ", black")
                        + (springMode && mover >= 0 ? ", planes " + s.springStepper.springs.describe(mover, s.xk) : "")
                        + ")");
            }
            if (finishing) {
                if (strain <= tol && rows.springResidual(s.material, s.xk) <= tol) {
                    break;
                }
                continue;
            }
            if (strain <= tol && rows.springResidual(s.material, s.xk) <= tol && added == 0 && settled) {
                converged = true;
                break;
            }
            if (springMode && iterations == cap && strain > tol) {
                // The forces did not balance within the cap and the red edges are still stretched:
                // fast projection, which only corrects the constraint error, brings them back
                // within the tolerance. The step still counts as not converged.
                finishing = true;
                newtonNow = false;
                cap += SPRING_FINISH;
            }
        }
        if (newtonNow) {
            // the tensions this projection ended with: the next one's first geometric stiffness
            System.arraycopy(s.mu, rows.inextStart, s.tension, 0, s.tension.length);
            s.tensionH = s.projH;
            for (int i = 0; i < s.correction.length; i++) {
                s.correction[i] = s.xk[i] - s.xHat[i];
            }
        }
        s.lastIterations = iterations;
        s.lastFactorizations = factorizations;
        s.spentIterations += iterations;
        s.spentFactorizations += factorizations;
        s.lastConverged = converged;
        s.lastStrain = strain;
        if (!converged && !(strain <= s.divergedStrain)) {
            throw new StepDiverged(StepDiverged.Reason.PROJECTION, s.name + ": the projection diverged at t=" + s.time
                    + " s (strain " + strain + " after " + iterations + " Gauss-Newton iterations); the state before"
                    + " the step is kept");
        }
    }


    /**
     * The Levenberg-Marquardt weight of a spring projection's next Newton iteration: {@link
     * #DAMPING_START} after the first iteration that did not lower the red strain (or needed
     * backtracking), {@link #DAMPING_FACTOR} times more after each further one, that factor less
     * after each iteration that lowered it, dropped below {@link #DAMPING_MIN}. The red strain is
     * what the linearisation of the distance rows gets wrong when a step rotates the red
     * triangles too far, so it is what the weight follows.
     *
     * @param weight the weight of the iteration just taken
     * @param worse whether that iteration raised the red strain or needed backtracking
     */
    static double nextDamping(double weight, boolean worse) {
        if (worse) {
            return weight == 0 ? DAMPING_START : weight * DAMPING_FACTOR;
        }
        double next = weight / DAMPING_FACTOR;
        return next < DAMPING_MIN ? 0 : next;
    }


    /**
     * Backtracking on the constraint error: tries ½, ¼ and ⅛ of the step from the previous
     * iterate and keeps the one with the smallest red strain if it beats the full step's
     * {@code strain} (its strain then goes to {@link #backtrackStrain}).
     *
     * @return the step fraction kept (1: the full step)
     */
    private double backtrack(double strain) {
        int n3 = 3 * s.nodes;
        double best = strain;
        double bestScale = 1;
        for (double scale = 0.5; scale >= 0.125; scale *= 0.5) {
            for (int i = 0; i < n3; i++) {
                s.xTry[i] = s.xPrevIterate[i] + scale * (s.xk[i] - s.xPrevIterate[i]);
            }
            double e = s.redStrain(s.xTry, true);
            if (e < best) {
                best = e;
                bestScale = scale;
            }
        }
        if (bestScale < 1) {
            for (int i = 0; i < n3; i++) {
                s.xk[i] = s.xPrevIterate[i] + bestScale * (s.xk[i] - s.xPrevIterate[i]);
            }
            backtrackStrain = best;
        }
        return bestScale;
    }


    /**
     * Solves this iteration's system with the primal form ({@link PrimalSystem}): μ, the forces
     * Gᵀμ and the new iterate x_k = x_target − W Gᵀ μ.
     */
    private void solvePrimal() {
        if (newtonNow && damping > 0) {
            dampedIterations++;
        }
        for (int p = 0; p < s.nodes; p++) {
            s.omega[p] = s.massEff[p] * (newtonNow ? 1 + damping : 1);
        }
        for (int ci = 0; ci < s.contacts.count; ci++) {
            int p = s.contacts.nodes[ci];
            s.omega[p] = s.massEff[p] * (1 + s.contacts.kappa[p]);
            for (int c = 0; c < 3; c++) {
                for (int c2 = 0; c2 < 3; c2++) {
                    s.projector[9 * p + 3 * c + c2] = s.contacts.crossW(p, c, c2, 1.0);
                }
            }
        }
        if (springMode) {
            ContactSprings springs = s.springStepper.springs;
            springs.assemble(s.xTarget, s.xk, s.massEff, newtonNow);
            s.primal.setExtra(springs.blockNodes, springs.blockCount, springs.block, springs.blockRhs);
        } else {
            s.primal.setExtra(null, 0, null, null);
        }
        if (s.pairRows != null && s.pairRows.count() > 0) {
            s.pairRows.springs = springMode ? s.springStepper.springs : null;
            s.pairRows.kgCoef = s.primal.kgCoef;
            s.pairRows.kgRhs = s.primal.kgRhs;
            s.pairRows.kgTri = s.primal.kgTri;
            s.pairRows.solve(rows.gVal, rows.alpha, s.rhs, s.xTarget, rows.hardAlpha, s.omega, s.pinned,
                    s.contacts.nodes, s.contacts.count,
                    s.projector, s.mu, s.zTmp);
        } else {
            s.primal.solve(rows.gVal, rows.alpha, s.rhs, s.omega, s.pinned, s.contacts.nodes, s.contacts.count,
                    s.projector, s.mu, s.zTmp);
        }
        finishPrimal();
        if (springMode) {
            s.springStepper.springs.recordBalance(s.xk);
        }
    }


    /** force = Gᵀμ and x_k = x_target − z after a primal solve. */
    private void finishPrimal() {
        computeForce();
        if (s.pairRows != null && s.pairRows.count() > 0) {
            s.pairRows.addForces(s.force);
        }
        int n3 = 3 * s.nodes;
        for (int i = 0; i < n3; i++) {
            s.xk[i] = s.xTarget[i] - s.zTmp[i];
        }
    }


    /** Solves this iteration's system by factoring the row-space matrix G W Gᵀ + D itself. */
    private void solveRowSpace() {
        s.rowSpace.solve(rows.gVal, rows.alpha, s.w, s.massEff, s.contacts, s.rhs, s.mu);
        computeForce();
        s.rowSpace.displace(s.xTarget, s.w, s.force, s.massEff, s.contacts, s.xk);
    }


    /** force = Gᵀ μ. */
    private void computeForce() {
        Arrays.fill(s.force, 0);
        for (int r = 0; r < rows.rowCount; r++) {
            double m = s.mu[r];
            if (m == 0) {
                continue;
            }
            for (int e = rows.gPtr[r]; e < rows.gPtr[r + 1]; e++) {
                s.force[rows.gDof[e]] += rows.gVal[e] * m;
            }
        }
    }


    /**
     * Sets the metric W = M⁻¹ and the anchor of the iteration. The first iteration solves
     * eq. 3.21 anchored at the prediction x̂ with the bending energy. Later iterations follow
     * Goldenthal et al.'s fast projection: they are anchored at the current iterate x_k and only
     * correct the constraint error, moving as little as possible in the metric M + AᵀA of the
     * step's objective (the bending rows keep their weight but measure A(x − x_k)). Anchoring
     * every iteration at x̂ is an SQP without the constraints' curvature term Σλ∇²C and diverges
     * when tension dominates inertia (a hanging sheet at 60 Hz); fast projection converges
     * quadratically near the constraint manifold.
     *
     * @param first whether this is the first iteration of the step
     */
    private void projectionTarget(boolean first) {
        for (int p = 0; p < s.nodes; p++) {
            double m = s.massEff[p];
            double inv = Double.isInfinite(m) ? 0 : 1.0 / m;
            for (int c = 0; c < 3; c++) {
                int i = 3 * p + c;
                s.w[i] = inv;
                s.xTarget[i] = first || inv == 0 || newtonNow ? s.xHat[i] : s.xk[i];
                if (damping > 0 && newtonNow && inv != 0) {
                    s.xTarget[i] = (s.xHat[i] + damping * s.xk[i]) / (1 + damping);
                }
            }
        }
        // Contact nodes (eq. 3.26/3.28 eliminated per node): the normal rows fix n_a·x = d_a, the
        // soft tangential rows add κ·m of stiffness towards the friction target x_s. The node's
        // metric becomes W = P/(m(1+κ)) with P the projector onto the tangent space, and its
        // anchor P(x̂ + f + κ x_s)/(1+κ) + Σ n_a d_a, where f is the friction displacement that
        // collision processing took off the node's tangential motion (eq. 3.27): the friction
        // impulse also acts on the prediction, so the soft rows and the inertia agree and a
        // sticking node does not creep.
        double[] cn = s.contacts.normal;
        for (int ci = 0; ci < s.contacts.count; ci++) {
            int p = s.contacts.nodes[ci];
            double inv = s.contacts.invMass(s.massEff, p);
            double kap = s.contacts.kappa[p];
            int k = s.contacts.normalCount[p];
            double[] t = scratchT;
            for (int c = 0; c < 3; c++) {
                int i = 3 * p + c;
                t[c] = first ? (s.xHat[i] + s.contacts.shift[i] + kap * s.contacts.stick[i]) / (1 + kap) : s.xk[i];
                s.contacts.anchor[i] = first ? s.xHat[i] + s.contacts.shift[i] : s.xk[i];
            }
            double[] target = scratchTarget;
            System.arraycopy(t, 0, target, 0, 3);
            for (int q = 0; q < k; q++) {
                int o = 9 * p + 3 * q;
                double dn = cn[o] * t[0] + cn[o + 1] * t[1] + cn[o + 2] * t[2];
                double shift = s.contacts.offset[3 * p + q] - dn;
                for (int c = 0; c < 3; c++) {
                    target[c] += shift * cn[o + c];
                }
            }
            for (int c = 0; c < 3; c++) {
                s.xTarget[3 * p + c] = target[c];
                s.w[3 * p + c] = s.contacts.crossW(p, c, c, inv);
            }
        }
    }
}
