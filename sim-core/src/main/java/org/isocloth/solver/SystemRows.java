package org.isocloth.solver;

import java.util.Arrays;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestRotations;
import org.isocloth.model.RestShape;

/**
 * The rows of G in eq. 3.30 and their compliances: the layout, the values that depend on the step
 * size and the material, and the right-hand sides of the rows that are linear in x.
 *
 * <p>Rows are, in order: bending residuals (one per bending node and coordinate, compliance 1),
 * the distance rows ({@link DistanceRows}: inextensibility, then the membrane springs on the
 * black–red edges, linearised every iteration by the projection), the elastic rows of a
 * stretchable cloth ({@link MembraneRows}, none for an isometric one; its distance rows are inert),
 * and the linear rows of the model (conforming, then boundary; three rows each). G is stored by row (CSR: {@link #gPtr},
 * {@link #gDof}, {@link #gVal}); the pattern never changes.
 */
final class SystemRows {
    /** Compliance of a hard row relative to the largest inverse node mass. */
    static final double HARD_COMPLIANCE = 1e-6;
    /**
     * Compliance of the spring rows of a piece without membrane springs in a model whose other
     * pieces have them: their term of K, gᵀg/α, vanishes and so does their multiplier.
     */
    static final double INERT_COMPLIANCE = 1e30;

    private final ClothModel model;
    /** Number of bending rows; the first inextensibility row. */
    final int bendRows;
    final int inextStart;
    /** First membrane-spring row. */
    final int softStart;
    /** First elastic row of a stretchable cloth (the end of the spring rows). */
    final int femStart;
    /** The elastic rows of a stretchable cloth, or null for an isometric one. */
    final MembraneRows membrane;
    /** First linear (conforming, then boundary) row. */
    final int linStart;
    final int rowCount;
    final int softCount;
    /** The distance rows: inextensibility, then the membrane springs. */
    final DistanceRows dist;
    final int[] gPtr;
    final int[] gDof;
    final double[] gVal;
    /** Compliance of every row. */
    final double[] alpha;
    /** Multipliers of the spring rows accumulated over the iterations of a step. */
    final double[] softLambda;
    /** The bending rows' targets (rest curvature and damping reference, rotated to x̃). */
    final double[] bendTarget;
    private final double[] lapTmp;
    private final double[] dampTmp;
    /** a + b of every bending node, a = k h² and b = β k h with its piece's k and β. */
    private double[] bendWeight;
    /** a / (a + b) of every bending node with a curved rest shape (the rest curvature's share of its target). */
    private double[] bendRestShare;
    /** b of every bending node (b / (a + b) is the damping reference's share of its target). */
    private double[] bendDamp;
    /** The hard rows' compliance of this step size. */
    double hardAlpha;
    /**
     * Largest over the pieces of the mean over their free bending nodes of the bending rows' diagonal weight over the node's mass
     * ({@link BendingDominance}), computed with the compliances when the step size changes.
     */
    double bendingDominance;
    private double lastH = Double.NaN;
    private boolean lastNewtonStep;
    private double lastDScale = 1;

    /** @param model the cloth (not null) */
    SystemRows(ClothModel model) {
        this.model = model;
        int nb = model.bendNode.length;
        bendRows = 3 * nb;
        inextStart = bendRows;
        softStart = inextStart + model.inextRest.length;
        softCount = model.springRest.length;
        dist = new DistanceRows(model);
        int[] distNodes = dist.nodes;
        double[] distRest = dist.rest;
        softLambda = new double[softCount];
        femStart = softStart + softCount;
        membrane = model.material.stretchable() ? new MembraneRows(model) : null;
        linStart = femStart + (membrane == null ? 0 : membrane.count);
        rowCount = linStart + 3 * model.linearCount();
        gPtr = new int[rowCount + 1];
        int nnz = 0;
        for (int b = 0; b < nb; b++) {
            for (int c = 0; c < 3; c++) {
                nnz += model.bendPtr[b + 1] - model.bendPtr[b];
                gPtr[3 * b + c + 1] = nnz;
            }
        }
        for (int i = 0; i < distRest.length; i++) {
            nnz += 6;
            gPtr[inextStart + i + 1] = nnz;
        }
        for (int r = femStart; r < linStart; r++) {
            nnz += 9;
            gPtr[r + 1] = nnz;
        }
        for (int l = 0; l < model.linearCount(); l++) {
            for (int c = 0; c < 3; c++) {
                nnz += model.linPtr[l + 1] - model.linPtr[l];
                gPtr[linStart + 3 * l + c + 1] = nnz;
            }
        }
        gDof = new int[nnz];
        gVal = new double[nnz];
        int q = 0;
        for (int b = 0; b < nb; b++) {
            for (int c = 0; c < 3; c++) {
                for (int s = model.bendPtr[b]; s < model.bendPtr[b + 1]; s++) {
                    gDof[q++] = 3 * model.bendCol[s] + c;
                }
            }
        }
        for (int i = 0; i < distRest.length; i++) {
            int p = distNodes[2 * i];
            int r = distNodes[2 * i + 1];
            for (int c = 0; c < 3; c++) {
                gDof[q + c] = 3 * p + c;
                gDof[q + 3 + c] = 3 * r + c;
            }
            q += 6;
        }
        for (int r = femStart; r < linStart; r++) {
            int f = (r - femStart) / 3;
            for (int k = 0; k < 3; k++) {
                for (int c = 0; c < 3; c++) {
                    gDof[q++] = 3 * membrane.nodes[3 * f + k] + c;
                }
            }
        }
        for (int l = 0; l < model.linearCount(); l++) {
            for (int c = 0; c < 3; c++) {
                for (int s = model.linPtr[l]; s < model.linPtr[l + 1]; s++) {
                    gDof[q] = 3 * model.linNode[s] + c;
                    gVal[q++] = model.linCoef[s];
                }
            }
        }
        alpha = new double[rowCount];
        lapTmp = new double[bendRows];
        bendTarget = new double[bendRows];
        dampTmp = new double[bendRows];
    }

    /** Makes the next {@link #prepare} recompute the weights and compliances (a new material). */
    void invalidate() {
        lastH = Double.NaN;
    }

    /**
     * The values of the rows that depend on the step size and the material: the bending rows'
     * weights a + b and targets (rest curvature and bending damping, rotated to x̃), the
     * compliances, the boundary rows, and the springs' accumulated multipliers (reset).
     *
     * <p>Compliances: 1 for the bending rows, 1/(Y·A/l₀²·h²) for the membrane springs, and
     * {@link #HARD_COMPLIANCE} of the largest inverse mass for the hard rows. In steps that take
     * Newton iterations the inextensibility and conforming rows' compliance shrinks with the
     * bending rows' weight ({@link #inextCompliance}); the inextensibility rows' is further
     * multiplied by {@code distanceScale}.
     *
     * @param materials the material of each piece of the model
     * @param h the effective step (dt, or ⅔ dt for BDF2)
     * @param maxInvMass the largest inverse effective mass of the free nodes
     * @param newtonStep whether the step's projections take Newton iterations
     * @param distanceScale factor on the inextensibility rows' compliance in Newton steps
     * @param pinned which nodes are pinned
     * @param massEff effective node masses of the step
     * @param xTilde the prediction x̃
     * @param xDamp the damping reference x_d
     */
    void prepare(ClothMaterial[] materials, double h, double maxInvMass, boolean newtonStep, double distanceScale,
            boolean[] pinned, double[] massEff, double[] xTilde, double[] xDamp) {
        int bendNodes = model.bendNode.length;
        if (bendWeight == null) {
            bendWeight = new double[bendNodes];
            bendRestShare = new double[bendNodes];
            bendDamp = new double[bendNodes];
        }
        boolean restTerms = false;
        boolean damped = false;
        for (int bn = 0; bn < bendNodes; bn++) {
            ClothMaterial m = materials[model.nodePiece[model.bendNode[bn]]];
            double k = m.bendingStiffness() / model.bendingCalibration;
            double a = k * h * h;
            double b = m.damping() * k * h;
            bendWeight[bn] = a + b;
            bendRestShare[bn] = a + b > 0 && m.restShape() == RestShape.INITIAL ? a / (a + b) : 0;
            bendDamp[bn] = b;
            restTerms |= bendRestShare[bn] > 0;
            damped |= b > 0;
        }
        if (h != lastH || newtonStep != lastNewtonStep || distanceScale != lastDScale) {
            lastH = h;
            lastNewtonStep = newtonStep;
            lastDScale = distanceScale;
            int q = 0;
            for (int bn = 0; bn < bendNodes; bn++) {
                double s = Math.sqrt(bendWeight[bn] / model.bendMass[bn]);
                for (int c = 0; c < 3; c++) {
                    for (int e = model.bendPtr[bn]; e < model.bendPtr[bn + 1]; e++) {
                        gVal[q++] = s * model.bendL[e];
                    }
                }
            }
            Arrays.fill(alpha, 0, bendRows, 1.0);
            Arrays.fill(alpha, bendRows, rowCount, HARD_COMPLIANCE * maxInvMass);
            hardAlpha = HARD_COMPLIANCE * maxInvMass;
            if (newtonStep) {
                // the conforming rows shrink their compliance with the bending rows' weight as the
                // inextensibility rows do: a fixed 10⁻⁶ let a fine, stiff strip's black nodes yield
                // to the bending (docs/validation.md); the boundary rows are set below
                double[] d = inextCompliance(pinned, massEff);
                for (int i = inextStart; i < softStart; i++) {
                    alpha[i] = d[model.nodePiece[model.inextNodes[2 * (i - inextStart)]]] * maxInvMass * distanceScale;
                }
                for (int l = 0; l < model.linearCount(); l++) {
                    double dl = d[model.nodePiece[model.linNode[model.linPtr[l]]]] * maxInvMass;
                    for (int c = 0; c < 3; c++) {
                        alpha[linStart + 3 * l + c] = dl;
                    }
                }
            }
            for (int i = 0; i < softCount; i++) {
                // a piece without membrane springs (Y = 0) leaves its spring rows inert: they keep a
                // zero row (linearised only when some piece has springs) under an unbounded compliance
                ClothMaterial m = materials[model.nodePiece[model.springNodes[2 * i]]];
                double y = m.stretchable() ? 0 : m.membraneStiffness();
                alpha[softStart + i] = y > 0 ? 1.0 / (y * model.springWeight[i] * h * h) : INERT_COMPLIANCE;
            }
            if (membrane != null) {
                membrane.compliances(materials, model.nodePiece, h, alpha, femStart);
            }
        }
        Arrays.fill(softLambda, 0);
        activateBoundaryRows(materials);
        Arrays.fill(bendTarget, 0);
        if (restTerms) {
            RestRotations.rotateRestCurvature(model, model.restPositions, xTilde, model.restCurvature, bendTarget);
            for (int bn = 0; bn < bendNodes; bn++) {
                for (int c = 0; c < 3; c++) {
                    bendTarget[3 * bn + c] *= bendRestShare[bn];
                }
            }
        }
        if (damped) {
            model.applyLaplacian(xDamp, lapTmp);
            RestRotations.rotateRestCurvature(model, xDamp, xTilde, lapTmp, dampTmp);
            for (int bn = 0; bn < bendNodes; bn++) {
                if (bendDamp[bn] == 0) {
                    continue;
                }
                for (int c = 0; c < 3; c++) {
                    bendTarget[3 * bn + c] += dampTmp[3 * bn + c] * bendDamp[bn] / bendWeight[bn];
                }
            }
        }
    }

    /**
     * Right-hand sides of the rows that are exactly linear in x. Bending rows: √((a+b)/m_b)·(L x −
     * target) at x_target when {@code bendingAtTarget} (the first iteration, and every Newton
     * iteration, anchored at x̂); later fast-projection iterations are anchored at x_k itself and
     * only measure the change A(x − x_k), so their right-hand side is zero. Conforming and boundary
     * rows: g(x_target). Spring rows when {@code accumulatedSprings} (fast projection): −α λ_prev,
     * so that they solve C_lin(x) = α (λ_prev + μ) and the accumulated force is kept (XPBD-style).
     *
     * @param bendingAtTarget whether the bending rows measure x_target itself
     * @param accumulatedSprings whether the spring rows carry their accumulated multipliers
     * @param xTarget the iteration's anchor
     * @param rhs the right-hand sides, one per row (written)
     */
    void linearRhs(boolean bendingAtTarget, boolean accumulatedSprings, double[] xTarget, double[] rhs) {
        if (bendingAtTarget) {
            model.applyLaplacian(xTarget, lapTmp);
            for (int bn = 0; bn < model.bendNode.length; bn++) {
                double s = Math.sqrt(bendWeight[bn] / model.bendMass[bn]);
                for (int c = 0; c < 3; c++) {
                    rhs[3 * bn + c] = s * (lapTmp[3 * bn + c] - bendTarget[3 * bn + c]);
                }
            }
        } else {
            Arrays.fill(rhs, 0, bendRows, 0.0);
        }
        for (int r = linStart; r < rowCount; r++) {
            double sum = 0;
            for (int e = gPtr[r]; e < gPtr[r + 1]; e++) {
                sum += gVal[e] * xTarget[gDof[e]];
            }
            rhs[r] = sum;
        }
        if (accumulatedSprings) {
            for (int r = softStart; r < femStart; r++) {
                rhs[r] -= alpha[r] * softLambda[r - softStart];
            }
        }
    }

    /**
     * D of the inextensibility rows relative to the largest inverse node mass, per piece of the
     * model: 10⁻⁶ · min(1, 30/ρ̄), ρ̄ the piece's bending dominance ({@link BendingDominance}):
     * unchanged while node masses dominate the metric the rows see, shrinking in proportion once
     * the bending rows do (the measurements behind 30 are in docs/solver.md). Computed when the
     * step size changes; {@link #bendingDominance} becomes the largest piece's ρ̄.
     */
    private double[] inextCompliance(boolean[] pinned, double[] massEff) {
        double[] rho = BendingDominance.of(model, pinned, massEff, bendWeight);
        double[] d = new double[rho.length];
        bendingDominance = 0;
        for (int k = 0; k < rho.length; k++) {
            d[k] = HARD_COMPLIANCE * Math.min(1, 30 / rho[k]);
            bendingDominance = Math.max(bendingDominance, rho[k]);
        }
        return d;
    }

    /**
     * Boundary constraints (eq. 3.4) are hard rows when the membrane springs are off (the thesis's
     * model) or soft (below {@link ClothSolver#SOFT_MEMBRANE}: too weak to hold the boundary triangles). With
     * stiffer springs they are inert (zero row, μ = 0) and the springs hold the boundary triangles:
     * hard boundary rows on top of stiff springs make the projections near point pins converge
     * linearly (docs/solver.md, "Membrane springs"). Hard boundary rows keep the fixed hard
     * compliance even where the conforming rows' shrinks.
     */
    private void activateBoundaryRows(ClothMaterial[] materials) {
        for (int l = model.conformingCount; l < model.linearCount(); l++) {
            ClothMaterial m = materials[model.nodePiece[model.linNode[model.linPtr[l]]]];
            boolean inert = !m.stretchable() && m.membraneStiffness() >= ClothSolver.SOFT_MEMBRANE;
            for (int c = 0; c < 3; c++) {
                int r = linStart + 3 * l + c;
                alpha[r] = inert ? 1.0 : hardAlpha;
                for (int e = gPtr[r], s = model.linPtr[l]; e < gPtr[r + 1]; e++, s++) {
                    gVal[e] = inert ? 0.0 : model.linCoef[s];
                }
            }
        }
    }

    /**
     * Whether the membrane springs take part: some piece has them, and the cloth is isometric.
     *
     * @param material the material of this step
     */
    static boolean springsOn(ClothMaterial material) {
        return !material.stretchable() && material.membraneStiffness() > 0;
    }

    /**
     * Number of distance rows in use: none for a stretchable cloth (its elastic rows stand in for
     * them), the inextensibility rows and the springs with membrane springs, else the
     * inextensibility rows.
     *
     * @param material the material of this step
     */
    int activeDistanceRows(ClothMaterial material) {
        if (material.stretchable()) {
            return 0;
        }
        return material.membraneStiffness() > 0 ? dist.rest.length : dist.inextCount;
    }

    /**
     * Largest residual of the spring rows at x relative to their rest length (see
     * {@link DistanceRows#springResidual}); 0 while the membrane is off (the rows are inert).
     *
     * @param material the material of this step
     * @param x positions
     */
    double springResidual(ClothMaterial material, double[] x) {
        if (!springsOn(material)) {
            return 0;
        }
        return dist.springResidual(x, alpha, softStart, softLambda, INERT_COMPLIANCE);
    }
}
