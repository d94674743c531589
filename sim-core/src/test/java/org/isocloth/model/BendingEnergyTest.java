package org.isocloth.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.isocloth.mesh.TriMesh;
import org.junit.jupiter.api.Test;

/** The Crouzeix-Raviart bending energy (thesis §3.2.1, eq. 3.5 and 3.8). */
class BendingEnergyTest {
    private static final double K = 2e-3;

    private static ClothModel model(double[] base, int[] tris, RestShape shape) {
        return new ClothModel(base, tris, ClothMaterial.DEFAULT.withBendingStiffness(K).withRestShape(shape));
    }

    @Test
    void cylinderStoresHalfKOverRSquaredPerSquareMetre() {
        // Continuum: a sheet bent to a cylinder of radius R has mean-curvature normal
        // |Δx| = 2H = 1/R, and B = ½k∫|Δx|² dA = ½k/R² per m². Discretely (Lx)_i ≈ −M_ii Δx, so
        // (Lx)_i²/M_ii ≈ M_ii/R² and B ≈ ½k/R² · Σ M_ii, where the sum runs over interior edges
        // (boundary edges carry no bending term). We compare the energy per square metre of that
        // interior area with ½k/R², within 5 %, after the model's calibration of the
        // Crouzeix-Raviart operator (see ClothModel#bendingCalibration).
        TriMesh g = Grids.horizontal(1.0, 0.5, 60, 30, 0);
        double r = 0.4;
        double[] bent = Grids.wrapOnCylinder(g.positions, r);
        ClothModel flatRest = model(g.positions, g.triangles, RestShape.FLAT);
        double[] x = flatRest.mesh.subdividePositions(bent);
        // Red nodes are the simulation's degrees of freedom and sit on the bent surface (at the
        // bent images of the edge midpoints), black nodes are extrapolated from them.
        double[] flatRed = flatRest.mesh.subdividePositions(g.positions);
        double[] onSurface = Grids.wrapOnCylinder(flatRed, r);
        for (int e = 0; e < flatRest.mesh.edgeCount; e++) {
            int red = flatRest.mesh.redNode(e);
            System.arraycopy(onSurface, 3 * red, x, 3 * red, 3);
        }
        double interiorArea = 0;
        for (double m : flatRest.bendMass) {
            interiorArea += m;
        }
        double perArea = flatRest.bendingEnergy(x) / interiorArea;
        double expected = 0.5 * K / (r * r);
        assertEquals(expected, perArea, 0.05 * expected);
    }

    @Test
    void flatSheetWithFreeEdgesStoresNothing() {
        // Any planar configuration has zero curvature; at interior red nodes Lx of a linear field
        // vanishes (rows of L sum to zero and the CR gradient fluxes cancel across shared edges),
        // and boundary edges are excluded, so B = 0 up to rounding, for any in-plane orientation.
        TriMesh g = Grids.horizontal(1.3, 0.7, 17, 9, 0.3);
        ClothModel m = model(g.positions, g.triangles, RestShape.FLAT);
        double[] x = m.restPositions.clone();
        rigid(x, new Random(345), 0.0);
        assertEquals(0, m.bendingEnergy(x), 1e-20);
    }

    @Test
    void rigidlyMovedCurvedRestShapeStoresNothing() {
        // Rest shape = a cylinder patch. A rigid motion (Q, c) gives Lx = Q L x₀ (rows of L sum
        // to zero) and the shape-matching rotations recover Q exactly, so Lx − Tδ = 0 at every
        // node. The same shape bent further (smaller radius) must store energy.
        TriMesh g = Grids.horizontal(1.0, 0.5, 30, 15, 0);
        double[] curved = Grids.wrapOnCylinder(g.positions, 0.35);
        ClothModel m = model(curved, g.triangles, RestShape.INITIAL);
        double[] x = m.restPositions.clone();
        rigid(x, new Random(345), 1.0);
        double scale = 0.5 * K / (0.35 * 0.35) * 0.5; // energy of the rest bend from flat, for scale
        assertEquals(0, m.bendingEnergy(x), 1e-9 * scale);
        double[] tighter = m.mesh.subdividePositions(Grids.wrapOnCylinder(g.positions, 0.25));
        assertTrue(m.bendingEnergy(tighter) > 1e-3 * scale);
    }

    /** Applies a random rotation and a translation of the given size in place. */
    static void rigid(double[] x, Random rnd, double shift) {
        double ax = rnd.nextGaussian();
        double ay = rnd.nextGaussian();
        double az = rnd.nextGaussian();
        double n = Math.sqrt(ax * ax + ay * ay + az * az);
        ax /= n;
        ay /= n;
        az /= n;
        double th = 0.3 + rnd.nextDouble();
        double c = Math.cos(th);
        double s = Math.sin(th);
        double[] r = {
            c + ax * ax * (1 - c), ax * ay * (1 - c) - az * s, ax * az * (1 - c) + ay * s,
            ay * ax * (1 - c) + az * s, c + ay * ay * (1 - c), ay * az * (1 - c) - ax * s,
            az * ax * (1 - c) - ay * s, az * ay * (1 - c) + ax * s, c + az * az * (1 - c)};
        for (int i = 0; i < x.length / 3; i++) {
            double px = x[3 * i];
            double py = x[3 * i + 1];
            double pz = x[3 * i + 2];
            x[3 * i] = r[0] * px + r[1] * py + r[2] * pz + shift;
            x[3 * i + 1] = r[3] * px + r[4] * py + r[5] * pz - 0.5 * shift;
            x[3 * i + 2] = r[6] * px + r[7] * py + r[8] * pz + 2 * shift;
        }
    }
}
