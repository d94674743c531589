package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The contact springs' terms of the primal system are the gradient and Hessian of their energy.
 *
 * <p>With x = x_target − z (the primal system's unknown z), the energy added for a node with
 * active planes is
 *
 * <pre>
 *   E(z) = ½ κm |P (x − x_s)|² + Σ_a ½ s (n_a·x − d_a)² + m fᵀ z
 * </pre>
 *
 * (the last term is −m fᵀ(x − x̂), the friction displacement f moving the inertia's anchor to
 * x̂ + f, with x_target = x̂). {@link ContactSprings#assemble} must give the block B and the
 * right-hand side r of K z = b such that ∇E(z) = B z − r: B is E's Hessian (E is quadratic) and
 * r = −∇E(0). Both are checked by central differences, which are exact for a quadratic up to
 * rounding.
 */
class ContactSpringsTest {
    private static final double M = 2e-4;
    private static final double KAPPA = 100;

    /** Energy of the node's active planes at z (see the class comment). */
    private static double energy(ContactSprings cs, int p, double[] xt, double[] z, double[][] normals,
            double[] offsets, double[] xs, double[] f, double weight) {
        double[] x = {xt[3 * p] - z[0], xt[3 * p + 1] - z[1], xt[3 * p + 2] - z[2]};
        // tangent projector of the normals: Gram-Schmidt, as the springs build it
        double[][] basis = new double[normals.length][];
        int nb = 0;
        for (double[] n : normals) {
            double[] b = n.clone();
            for (int j = 0; j < nb; j++) {
                double dot = b[0] * basis[j][0] + b[1] * basis[j][1] + b[2] * basis[j][2];
                for (int c = 0; c < 3; c++) {
                    b[c] -= dot * basis[j][c];
                }
            }
            double len = Math.sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
            for (int c = 0; c < 3; c++) {
                b[c] /= len;
            }
            basis[nb++] = b;
        }
        double[] t = {x[0] - xs[0], x[1] - xs[1], x[2] - xs[2]};
        for (int j = 0; j < nb; j++) {
            double dot = t[0] * basis[j][0] + t[1] * basis[j][1] + t[2] * basis[j][2];
            for (int c = 0; c < 3; c++) {
                t[c] -= dot * basis[j][c];
            }
        }
        double e = 0.5 * KAPPA * M * (t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
        double s = ContactSprings.NORMAL_WEIGHT * M * weight;
        for (int a = 0; a < normals.length; a++) {
            double g = normals[a][0] * x[0] + normals[a][1] * x[1] + normals[a][2] * x[2] - offsets[a];
            e += 0.5 * s * g * g;
        }
        e += M * (f[0] * z[0] + f[1] * z[1] + f[2] * z[2]);
        return e;
    }

    private static void checkAgainstEnergy(double[][] normals, double[] offsets) {
        checkAgainstEnergy(normals, offsets, 0, 1);
    }

    /**
     * @param black the number of black nodes (node 1, the one checked, is black if black ≥ 2)
     * @param weight the normal stiffness relative to a red node's that node 1 must have
     */
    private static void checkAgainstEnergy(double[][] normals, double[] offsets, int black, double weight) {
        int nodes = 3;
        int p = 1;
        ContactSprings cs = new ContactSprings(nodes, black);
        double[] xs = {0.31, -0.12, 0.07};
        double[] f = {0.002, -0.001, 0.0005};
        for (int a = 0; a < normals.length; a++) {
            cs.add(p, normals[a], offsets[a], xs, a == 0 ? f : new double[3], KAPPA, true);
        }
        double[] xt = {0, 0, 0, 0.3, -0.1, 0.05, 1, 1, 1};
        double[] mass = {M, M, M};
        cs.assemble(xt, xt, mass, true);
        assertEquals(1, cs.blockCount);
        assertEquals(p, cs.blockNodes[0]);
        double h = 1e-3;
        double[] z = new double[3];
        for (int c = 0; c < 3; c++) {
            // r = −∇E(0): central difference along c
            z[c] = h;
            double ep = energy(cs, p, xt, z, normals, offsets, xs, f, weight);
            z[c] = -h;
            double em = energy(cs, p, xt, z, normals, offsets, xs, f, weight);
            z[c] = 0;
            double grad = (ep - em) / (2 * h);
            double scale = ContactSprings.NORMAL_WEIGHT * M * weight;
            assertEquals(-grad, cs.blockRhs[3 * p + c], 1e-9 * scale, "right-hand side " + c);
            for (int c2 = 0; c2 < 3; c2++) {
                // B = Hessian: mixed central difference
                double[] zz = new double[3];
                zz[c] += h;
                zz[c2] += h;
                double epp = energy(cs, p, xt, zz, normals, offsets, xs, f, weight);
                zz[c2] -= 2 * h;
                double epm = energy(cs, p, xt, zz, normals, offsets, xs, f, weight);
                zz[c] -= 2 * h;
                double emm = energy(cs, p, xt, zz, normals, offsets, xs, f, weight);
                zz[c2] += 2 * h;
                double emp = energy(cs, p, xt, zz, normals, offsets, xs, f, weight);
                double hess = (epp - epm - emp + emm) / (4 * h * h);
                assertEquals(hess, cs.block[9 * p + 3 * c + c2], 1e-6 * scale, "block " + c + "," + c2);
            }
        }
    }

    @Test
    void oneActivePlaneGivesTheEnergysGradientAndHessian() {
        double r = Math.sqrt(3);
        checkAgainstEnergy(new double[][] {{1 / r, 1 / r, 1 / r}}, new double[] {0.08});
    }

    @Test
    void twoNonOrthogonalPlanesShareOneTangentProjector() {
        // a node between two surfaces (an arm pressed against the torso): the normals 60° apart
        checkAgainstEnergy(new double[][] {{0, 1, 0}, {Math.sin(Math.PI / 3), Math.cos(Math.PI / 3), 0}},
                new double[] {-0.09, 0.2});
    }

    @Test
    void aBlackNodesSpringIsStifferByItsWeight() {
        // nodes 0 and 1 black (base vertices): node 1's normal stiffness is BLACK_WEIGHT times
        // NORMAL_WEIGHT·m, its friction weight unchanged
        double r = Math.sqrt(3);
        checkAgainstEnergy(new double[][] {{1 / r, 1 / r, 1 / r}}, new double[] {0.08}, 2, ContactSprings.BLACK_WEIGHT);
        // node 1 red when only node 0 is black
        checkAgainstEnergy(new double[][] {{1 / r, 1 / r, 1 / r}}, new double[] {0.08}, 1, 1);
    }

    /**
     * With a ramp δ the normal energy is ψ(g), g = n·x − d, ψ'' = s·min(1, −g/δ) inside the band
     * and 0 outside; integrating twice from ψ(0) = ψ'(0) = 0 gives ψ = s(−g)³/(6δ) on the ramp and
     * ψ = s(g²/2 + δg/2 + δ²/6) below it (value and slope match at g = −δ: sδ²/6 and −sδ/2).
     * Linearised at x_k, assemble must give ψ's second-order model there: the block
     * ψ''(g_k) n nᵀ, and a right-hand side with which the model's gradient at x_k is ψ's,
     * ∇_z = −ψ'(g_k) n (x = x_target − z). Checked at depths on the ramp, below it and outside
     * the band (no block at all), with friction off (κ = 0, f = 0) to isolate the normal part.
     */
    @Test
    void theRampIsTheSecondOrderModelOfTheSmoothEnergy() {
        double delta = 1e-3;
        double s = ContactSprings.NORMAL_WEIGHT * M;
        double[] n = {0.6, 0.8, 0};
        double d = 0.05;
        for (double g : new double[] {-0.3 * delta, -delta, -2.5 * delta, 0.2 * delta}) {
            ContactSprings cs = new ContactSprings(1, 0);
            cs.ramp = delta;
            cs.add(0, n, d, new double[3], new double[3], 0, true);
            double[] xt = {0.01, 0.07, -0.02};
            // x_k: the point at depth g, shifted tangentially (the model must not care)
            double[] xk = {(d + g) * n[0] - 0.8 * 0.004, (d + g) * n[1] + 0.6 * 0.004, 0.003};
            cs.assemble(xt, xk, new double[] {M}, true);
            if (g > 0) {
                assertEquals(0, cs.blockCount, "outside the band");
                continue;
            }
            double curvature = s * Math.min(1, -g / delta);
            double slope = g > -delta ? -s * g * g / (2 * delta) : s * (g + delta / 2);
            double[] zk = new double[3];
            for (int c = 0; c < 3; c++) {
                zk[c] = xt[c] - xk[c];
            }
            for (int c = 0; c < 3; c++) {
                double grad = -cs.blockRhs[c];
                for (int c2 = 0; c2 < 3; c2++) {
                    assertEquals(curvature * n[c] * n[c2], cs.block[3 * c + c2], 1e-12 * s, "block at g " + g);
                    grad += cs.block[3 * c + c2] * zk[c2];
                }
                assertEquals(-slope * n[c], grad, 1e-12 * s, "gradient at g " + g);
            }
        }
    }

    @Test
    void aPlaneIsActiveExactlyWhileItsNodeIsInsideTheBand() {
        ContactSprings cs = new ContactSprings(2, 0);
        double[] n = {0, 1, 0};
        cs.add(0, n, 0.01, new double[3], new double[3], KAPPA, false);
        double[] x = {0, 0.02, 0, 0, 0, 0};
        // outside the band (y = 0.02 > d = 0.01): stays inactive, nothing to assemble
        assertEquals(0, cs.update(x, 0.001));
        assertEquals(0, cs.activeCount());
        cs.assemble(x, x, new double[] {M, M}, true);
        assertEquals(0, cs.blockCount);
        // 5 mm inside: switches on, and the change counts (farther than the 1 mm slack)
        x[1] = 0.005;
        assertEquals(1, cs.update(x, 0.001));
        assertTrue(cs.active[0]);
        // 0.5 mm outside: switches off without counting (a node resting on its plane)
        x[1] = 0.0105;
        assertEquals(0, cs.update(x, 0.001));
        assertFalse(cs.active[0]);
        // a second plane within 25° of the first replaces it only when it lies further out
        double[] tilted = {Math.sin(0.2), Math.cos(0.2), 0};
        cs.add(0, tilted, 0.005, new double[3], new double[3], KAPPA, false);
        assertEquals(1, cs.k[0]);
        assertEquals(0.01, cs.offset[0], 0);
        cs.add(0, tilted, 0.02, new double[3], new double[3], KAPPA, true);
        assertEquals(1, cs.k[0]);
        assertEquals(0.02, cs.offset[0], 0);
        cs.clear();
        assertEquals(0, cs.count());
        assertFalse(cs.has(0));
    }

    @Test
    void frictionThatKeepsSwitchingInAProjectionIsReleased() {
        // One node, the plane y = 0 (n = +y), friction weight κ, ramp δ. Its iterates alternate
        // between half a ramp inside the band (g = −δ/2: friction on) and a fifth of a ramp outside
        // it (off). Inside, the block is the friction's κm (I − n nᵀ), κm on xx and zz, plus the
        // ramped normal stiffness s·min(1, −g/δ) = s/2 on yy. The first iterate switches friction
        // on (switch 1); the 9th switch, the fifth time inside, exceeds
        // FRICTION_RELEASE_SWITCHES = 8, and from then on only the normal term remains. A new
        // projection starts the count again.
        double delta = 1e-3;
        double s = ContactSprings.NORMAL_WEIGHT * M;
        ContactSprings cs = new ContactSprings(1, 0);
        cs.ramp = delta;
        double[] n = {0, 1, 0};
        cs.add(0, n, 0, new double[3], new double[3], KAPPA, true);
        double[] xt = {0.002, 0.0, -0.001};
        double[] in = {0.001, -0.5 * delta, 0.0};
        double[] out = {0.001, 0.2 * delta, 0.0};
        cs.startProjection();
        int switches = 0;
        for (int it = 0; it < 11; it++) {
            boolean inside = it % 2 == 0;
            cs.assemble(xt, inside ? in : out, new double[] {M}, true);
            switches++;
            if (!inside) {
                assertEquals(0, cs.blockCount, "iterate " + it + " outside the band");
                continue;
            }
            double friction = switches > ContactSprings.FRICTION_RELEASE_SWITCHES ? 0 : KAPPA * M;
            assertEquals(friction, cs.block[0], 1e-12 * s, "xx at iterate " + it + ", switch " + switches);
            assertEquals(friction, cs.block[8], 1e-12 * s, "zz at iterate " + it + ", switch " + switches);
            assertEquals(0.5 * s, cs.block[4], 1e-12 * s, "yy at iterate " + it);
        }
        assertEquals(11, switches);
        cs.startProjection();
        cs.assemble(xt, in, new double[] {M}, true);
        assertEquals(KAPPA * M, cs.block[0], 1e-12 * s, "friction again in a new projection");
    }
}
