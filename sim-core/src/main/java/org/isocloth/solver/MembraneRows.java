package org.isocloth.solver;

import java.util.Arrays;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.Stretch;

/**
 * The elastic rows of a stretchable cloth ({@link Stretch}): three per triangle of the subdivided
 * mesh, in place of the inextensibility constraints. With the deformation gradient F = [f₁ f₂] of
 * a triangle (its edges over the rest shape's inverse in a frame of the rest plane,
 * f_a = Σ_k β_ka x_k) and the Green strain E = ½(FᵀF − I), the rows are
 * <pre>
 *   g₁ = E₁₁ + E₂₂ = ½(|f₁|² + |f₂|²) − 1      ∂g₁/∂x_k = β_k1 f₁ + β_k2 f₂
 *   g₂ = E₁₁ − E₂₂ = ½(|f₁|² − |f₂|²)          ∂g₂/∂x_k = β_k1 f₁ − β_k2 f₂
 *   g₃ = 2E₁₂ = f₁·f₂                          ∂g₃/∂x_k = β_k1 f₂ + β_k2 f₁
 * </pre>
 * They are orthogonal parts of the Saint Venant–Kirchhoff energy,
 * Ψ = A(½(λ+μ) g₁² + ½μ g₂² + ½μ g₃²), so with compliances α₁ = 1/(A(λ+μ)h²) and
 * α₂ = α₃ = 1/(Aμh²) the rows' penalty ½ Σ g²/α is h²Ψ, the energy of the step's objective
 * (eq. 3.21). Each Gauss-Newton iteration linearises them at x_k like the distance rows: the row of
 * G is ∇g and its right-hand side g(x_k) + ∇g·(x_target − x_k).
 *
 * <p>The black nodes stay tied to the red ones by the conforming and boundary rows (eq. 3.3, 3.4),
 * which every affine deformation satisfies: they keep the subdivided surface smooth where the
 * bending, which acts on the red nodes, cannot reach the black ones, and they do not resist a
 * uniform stretch.
 */
final class MembraneRows {
    /** Node triples, one per fine triangle. */
    final int[] nodes;
    /** β_ka, six per triangle: (β_01, β_02, β_11, β_12, β_21, β_22). */
    private final double[] beta;
    /** Rest area of every fine triangle, m². */
    final double[] area;
    /** Number of rows: three per fine triangle. */
    final int count;
    /** A triangle's deformation gradient columns f₁, f₂ while it is linearised. */
    private final double[] scratch1 = new double[3];
    private final double[] scratch2 = new double[3];

    /**
     * Measures every fine triangle's rest shape in a frame of its own plane.
     *
     * @param model the cloth
     * @throws IllegalArgumentException if a fine triangle has no area at rest
     */
    MembraneRows(ClothModel model) {
        nodes = model.mesh.fineTriangles.clone();
        int t = nodes.length / 3;
        count = 3 * t;
        beta = new double[6 * t];
        area = new double[t];
        double[] x = model.restPositions;
        for (int f = 0; f < t; f++) {
            int a = nodes[3 * f];
            int b = nodes[3 * f + 1];
            int c = nodes[3 * f + 2];
            double[] corners = planeCorners(x, a, b, c);
            double l1 = corners[0];
            double d21 = corners[1];
            double h2 = corners[2];
            // rest edge matrix Dm = [[l1, d21], [0, h2]] in the frame (t1, t2)
            double det = l1 * h2;
            if (!(det > 1e-14 * (l1 * l1 + d21 * d21 + h2 * h2))) {
                throw new IllegalArgumentException("fine triangle " + f + " (nodes " + a + ", " + b + ", " + c
                        + ") has no area at rest");
            }
            area[f] = 0.5 * det;
            // Dm⁻¹ = [[1/l1, −d21/(l1 h2)], [0, 1/h2]]; F = [x_b − x_a, x_c − x_a] Dm⁻¹
            double i11 = 1 / l1;
            double i12 = -d21 / det;
            double i22 = 1 / h2;
            int o = 6 * f;
            beta[o + 2] = i11; // node b, column 1
            beta[o + 3] = i12; // node b, column 2
            beta[o + 4] = 0; // node c, column 1
            beta[o + 5] = i22; // node c, column 2
            beta[o] = -i11; // node a: minus the others
            beta[o + 1] = -(i12 + i22);
        }
    }

    private static double dot(double[] u, double[] v) {
        return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    }

    /**
     * A triangle's corners in a frame of its own plane: a at the origin, b on the first axis at
     * (l₁, 0), c at (d, h) with h ≥ 0.
     *
     * @param x positions
     * @param a first corner
     * @param b second corner
     * @param c third corner
     * @return {l₁, d, h}: |b − a|, (c − a)·t₁ and the distance of c from the line ab
     */
    static double[] planeCorners(double[] x, int a, int b, int c) {
        double[] e1 = new double[3];
        double[] e2 = new double[3];
        for (int k = 0; k < 3; k++) {
            e1[k] = x[3 * b + k] - x[3 * a + k];
            e2[k] = x[3 * c + k] - x[3 * a + k];
        }
        double l1 = Math.sqrt(dot(e1, e1));
        double along = dot(e2, e1) / l1;
        double across = dot(e2, e2) - along * along;
        return new double[] {l1, along, across > 0 ? Math.sqrt(across) : 0};
    }

    /**
     * Writes the rows' compliances for the step size h.
     *
     * @param materials the material of each piece
     * @param nodePiece the piece of every node
     * @param h the effective step
     * @param alpha compliances (row i of this block at alpha[offset + i])
     * @param offset system row of this block's first row
     */
    void compliances(ClothMaterial[] materials, int[] nodePiece, double h, double[] alpha, int offset) {
        for (int f = 0; f < area.length; f++) {
            Stretch s = materials[nodePiece[nodes[3 * f]]].stretch();
            double w = area[f] * h * h;
            alpha[offset + 3 * f] = 1 / (w * s.areaModulus());
            alpha[offset + 3 * f + 1] = 1 / (w * s.shearModulus());
            alpha[offset + 3 * f + 2] = 1 / (w * s.shearModulus());
        }
    }

    /**
     * Linearises the rows at x_k: G's entries (nine per row, three coordinates of each of the
     * triangle's nodes in order) and the right-hand sides g(x_k) + ∇g·(x_target − x_k).
     *
     * @param xk linearisation point
     * @param xTarget the iteration's anchor
     * @param gVal values of G
     * @param gPtr row pointers of G
     * @param rowOffset system row of this block's first row
     * @param rhs right-hand sides
     */
    void linearise(double[] xk, double[] xTarget, double[] gVal, int[] gPtr, int rowOffset, double[] rhs) {
        double[] f1 = scratch1;
        double[] f2 = scratch2;
        for (int f = 0; f < area.length; f++) {
            int o = 6 * f;
            Arrays.fill(f1, 0);
            Arrays.fill(f2, 0);
            for (int k = 0; k < 3; k++) {
                int p = nodes[3 * f + k];
                for (int c = 0; c < 3; c++) {
                    f1[c] += beta[o + 2 * k] * xk[3 * p + c];
                    f2[c] += beta[o + 2 * k + 1] * xk[3 * p + c];
                }
            }
            double s11 = dot(f1, f1);
            double s22 = dot(f2, f2);
            double s12 = dot(f1, f2);
            int r = rowOffset + 3 * f;
            double d1 = 0;
            double d2 = 0;
            double d3 = 0;
            for (int k = 0; k < 3; k++) {
                int p = nodes[3 * f + k];
                double b1 = beta[o + 2 * k];
                double b2 = beta[o + 2 * k + 1];
                for (int c = 0; c < 3; c++) {
                    double g1 = b1 * f1[c] + b2 * f2[c];
                    double g2 = b1 * f1[c] - b2 * f2[c];
                    double g3 = b1 * f2[c] + b2 * f1[c];
                    gVal[gPtr[r] + 3 * k + c] = g1;
                    gVal[gPtr[r + 1] + 3 * k + c] = g2;
                    gVal[gPtr[r + 2] + 3 * k + c] = g3;
                    double d = xTarget[3 * p + c] - xk[3 * p + c];
                    d1 += g1 * d;
                    d2 += g2 * d;
                    d3 += g3 * d;
                }
            }
            rhs[r] = 0.5 * (s11 + s22) - 1 + d1;
            rhs[r + 1] = 0.5 * (s11 - s22) + d2;
            rhs[r + 2] = s12 + d3;
        }
    }

    /**
     * Sets the primal system's geometric stiffness of the rows, Σ μ_r ∇²g_r, and adds the
     * right-hand side term it brings, K_g (x̂ − x_k), to the one the distance rows set
     * ({@link DistanceRows#geometricStiffness}, called first at the same x_k). Every ∇²g is
     * constant: ∇²g₁ = (β_k1 β_l1 + β_k2 β_l2) I, ∇²g₂ = (β_k1 β_l1 − β_k2 β_l2) I and
     * ∇²g₃ = (β_k1 β_l2 + β_k2 β_l1) I between nodes k and l, so the sum is β_kᵀ S β_l I with the
     * stress S = [[μ₁ + μ₂, μ₃], [μ₃, μ₁ − μ₂]] (the second Piola–Kirchhoff stress times A h²).
     * Only S's tensile part is kept (its eigenvalues clamped at 0): a compressed triangle's term
     * would make the system indefinite, and a cloth buckles rather than carry compression.
     * Without this term a flat membrane has no stiffness across its plane but its mass, and a
     * sheet sagging under its own weight took the iteration cap in every step.
     *
     * @param m multipliers; row i of this block at m[offset + i]
     * @param offset index of this block's row 0 in m
     * @param scale factor applied to m
     * @param xk linearisation point
     * @param xHat the step's anchor x̂
     * @param primal the system that receives the terms (its kgRhs already set)
     */
    void geometricStiffness(double[] m, int offset, double scale, double[] xk, double[] xHat, PrimalSystem primal) {
        int t = area.length;
        if (kgTri == null) {
            kgTri = new double[6 * t];
        }
        double[] rhs = primal.kgRhs;
        for (int f = 0; f < t; f++) {
            double m1 = scale * m[offset + 3 * f];
            double m2 = scale * m[offset + 3 * f + 1];
            double m3 = scale * m[offset + 3 * f + 2];
            // S = [[a, c], [c, b]] and its tensile part
            double a = m1 + m2;
            double b = m1 - m2;
            double c = m3;
            double mean = 0.5 * (a + b);
            double rad = Math.sqrt(0.25 * (a - b) * (a - b) + c * c);
            double l1 = mean + rad;
            double l2 = mean - rad;
            int o = 6 * f;
            if (!(l1 > 0)) {
                Arrays.fill(kgTri, o, o + 6, 0.0);
                continue;
            }
            if (l2 < 0) {
                // keep l1 v vᵀ, v the eigenvector of l1
                double vx;
                double vy;
                if (Math.abs(c) > 1e-300 * (Math.abs(a) + Math.abs(b))) {
                    vx = l1 - b;
                    vy = c;
                } else {
                    vx = a >= b ? 1 : 0;
                    vy = a >= b ? 0 : 1;
                }
                double n = vx * vx + vy * vy;
                a = l1 * vx * vx / n;
                b = l1 * vy * vy / n;
                c = l1 * vx * vy / n;
            }
            int q = 0;
            for (int k = 0; k < 3; k++) {
                double bk1 = beta[o + 2 * k];
                double bk2 = beta[o + 2 * k + 1];
                for (int l = k; l < 3; l++) {
                    double bl1 = beta[o + 2 * l];
                    double bl2 = beta[o + 2 * l + 1];
                    kgTri[o + q++] = bk1 * (a * bl1 + c * bl2) + bk2 * (c * bl1 + b * bl2);
                }
            }
            for (int k = 0; k < 3; k++) {
                int pk = nodes[3 * f + k];
                for (int l = 0; l < 3; l++) {
                    int pl = nodes[3 * f + l];
                    double h = kgTri[o + PAIR[3 * Math.min(k, l) + Math.max(k, l)]];
                    for (int cc = 0; cc < 3; cc++) {
                        rhs[3 * pk + cc] += h * (xHat[3 * pl + cc] - xk[3 * pl + cc]);
                    }
                }
            }
        }
        primal.kgTri = kgTri;
    }

    /** Index of the node pair (k ≤ l) in a triangle's six weights, at 3k + l. */
    private static final int[] PAIR = {0, 1, 2, -1, 3, 4, -1, -1, 5};
    /** The last geometric stiffness's node-pair weights, six per triangle. */
    private double[] kgTri;

    /**
     * The membrane's elastic energy at x, J: Σ A(½(λ+μ) g₁² + ½μ (g₂² + g₃²)).
     *
     * @param materials the material of each piece
     * @param nodePiece the piece of every node
     * @param x positions
     * @return the energy
     */
    double energy(ClothMaterial[] materials, int[] nodePiece, double[] x) {
        double sum = 0;
        double[] g = new double[3];
        for (int f = 0; f < area.length; f++) {
            strains(f, x, g);
            Stretch s = materials[nodePiece[nodes[3 * f]]].stretch();
            sum += area[f] * (0.5 * s.areaModulus() * g[0] * g[0]
                    + 0.5 * s.shearModulus() * (g[1] * g[1] + g[2] * g[2]));
        }
        return sum;
    }

    /**
     * The three rows' values g₁, g₂, g₃ of one triangle at x.
     *
     * @param f fine triangle
     * @param x positions
     * @param out the values (written)
     */
    void strains(int f, double[] x, double[] out) {
        int o = 6 * f;
        double a1 = 0;
        double a2 = 0;
        double a3 = 0;
        double c1 = 0;
        double c2 = 0;
        double c3 = 0;
        for (int k = 0; k < 3; k++) {
            int p = nodes[3 * f + k];
            a1 += beta[o + 2 * k] * x[3 * p];
            a2 += beta[o + 2 * k] * x[3 * p + 1];
            a3 += beta[o + 2 * k] * x[3 * p + 2];
            c1 += beta[o + 2 * k + 1] * x[3 * p];
            c2 += beta[o + 2 * k + 1] * x[3 * p + 1];
            c3 += beta[o + 2 * k + 1] * x[3 * p + 2];
        }
        double s11 = a1 * a1 + a2 * a2 + a3 * a3;
        double s22 = c1 * c1 + c2 * c2 + c3 * c3;
        out[0] = 0.5 * (s11 + s22) - 1;
        out[1] = 0.5 * (s11 - s22);
        out[2] = a1 * c1 + a2 * c2 + a3 * c3;
    }
}
