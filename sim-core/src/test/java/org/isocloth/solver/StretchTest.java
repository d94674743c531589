package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestShape;
import org.isocloth.model.Stretch;
import org.isocloth.validate.StretchedStrip;
import org.junit.jupiter.api.Test;

/**
 * The stretchable membrane ({@link Stretch}, {@link MembraneRows}): its energy against closed forms,
 * and a strip under a hanging weight against the elongation and contraction its modulus and
 * Poisson's ratio give ({@link StretchedStrip}).
 */
class StretchTest {

    private static ClothMaterial membrane(double e, double nu) {
        return new ClothMaterial(0.2, 1e-6, RestShape.FLAT, 1e-3, 0.0, 2, 0, 0.3, 0.005, new Stretch(e, nu));
    }

    /** A 0.3 m × 0.2 m sheet in the x–y plane, 3 × 2 cells. */
    private static ClothModel sheet(ClothMaterial material) {
        TriMesh g = GridMesh.build(0.3, 0.2, 3, 2, new double[3], new double[] {0, 0, 1}, new double[] {1, 0, 0});
        return new ClothModel(g.positions, g.triangles, material);
    }

    @Test
    void energyIsZeroUnderRigidMotionAndMatchesTheClosedFormUnderStretch() {
        ClothMaterial mat = membrane(300, 0.3);
        ClothModel m = sheet(mat);
        MembraneRows rows = new MembraneRows(m);
        ClothMaterial[] mats = {mat};
        double[] x = m.restPositions.clone();
        assertEquals(0, rows.energy(mats, m.nodePiece, x), 1e-15);
        // a rotation by 0.7 rad about (1, 2, 3)/√14 and a translation: F = R, E = 0
        double[] k = {1 / Math.sqrt(14), 2 / Math.sqrt(14), 3 / Math.sqrt(14)};
        double c = Math.cos(0.7);
        double s = Math.sin(0.7);
        double[] y = new double[x.length];
        for (int p = 0; p < x.length / 3; p++) {
            double[] v = {x[3 * p], x[3 * p + 1], x[3 * p + 2]};
            double kv = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
            double[] kxv = {k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]};
            for (int i = 0; i < 3; i++) {
                // Rodrigues: v cos + (k × v) sin + k (k·v)(1 − cos), then a shift
                y[3 * p + i] = v[i] * c + kxv[i] * s + k[i] * kv * (1 - c) + 5 - i;
            }
        }
        assertEquals(0, rows.energy(mats, m.nodePiece, y), 1e-12);
        // stretch λ = 1.2 along x with y unchanged: E₁₁ = (λ² − 1)/2 = 0.22 in the sheet's frame,
        // E₂₂ = E₁₂ = 0, so Ψ = A ½(λ_L + 2μ) E₁₁² with the plane-stress λ_L + 2μ = E/(1 − ν²):
        // 0.06 m² · ½ · 300/0.91 N/m · 0.22² = 0.4787 J
        for (int p = 0; p < x.length / 3; p++) {
            y[3 * p] = 1.2 * x[3 * p];
            y[3 * p + 1] = x[3 * p + 1];
            y[3 * p + 2] = x[3 * p + 2];
        }
        double expected = 0.06 * 0.5 * 300 / (1 - 0.09) * 0.22 * 0.22;
        assertEquals(expected, rows.energy(mats, m.nodePiece, y), 1e-12 * expected);
    }

    @Test
    void aStripUnderAHangingWeightElongatesAsItsModulusSays() {
        // 0.1 m × 0.5 m, E = 100 N/m, ν = 0 (no lateral contraction, so the clamped top edge does
        // not stiffen the strip), a 0.5 N weight: about 5 % strain, ΔL = 2.55 cm by the closed form
        StretchedStrip strip = new StretchedStrip(100, 0, 0.5, 0.1, 0.5, 2, 60);
        StretchedStrip.Outcome o = strip.run(3);
        assertEquals(o.expected(), o.elongation(), 0.05 * o.expected(), "elongation (m)");
        assertEquals(0, o.unconverged(), "steps at the iteration cap");
    }

    @Test
    void aStripContractsSidewaysAsPoissonsRatioSays() {
        // 0.05 m × 0.5 m, ν = 0.3, the same weight. At mid height the section carries
        // T = 0.5 N + ρ g w L/2 = 0.5245 N, 10.49 N/m: λ = 1.0918 along the strip, and with free
        // sides the width shrinks by √(1 − ν(λ² − 1)) to 0.04854 m, a 1.5 mm contraction
        StretchedStrip strip = new StretchedStrip(100, 0.3, 0.5, 0.05, 0.5, 2, 60);
        StretchedStrip.Outcome o = strip.run(3);
        assertEquals(o.expected(), o.elongation(), 0.05 * o.expected(), "elongation (m)");
        assertEquals(0.04854, o.expectedWidth(), 1e-5, "closed-form width (m)");
        assertEquals(o.expectedWidth(), o.widthAtMid(), 0.05 * (0.05 - o.expectedWidth()), "width at mid height (m)");
    }

    @Test
    void theModelIsFixedWhenTheSolverIsBuilt() {
        ClothSolver s = new ClothSolver("sheet", sheet(membrane(100, 0.3)), SolverSettings.DEFAULT);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> s.setMaterial(ClothMaterial.DEFAULT));
        assertTrue(e.getMessage().contains("membrane") && e.getMessage().contains("isometric"), e.getMessage());
        s.setMaterial(membrane(200, 0.2)); // another membrane is fine
        assertEquals(200, s.material().stretch().youngsModulus());
    }
}
