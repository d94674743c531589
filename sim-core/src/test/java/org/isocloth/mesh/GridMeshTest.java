package org.isocloth.mesh;

import static org.isocloth.mesh.Meshes.assertInputError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class GridMeshTest {
    private static final double[] CENTER = {0.25, 1.5, -0.75};
    /** A tilted normal and a u axis perpendicular to it. */
    private static final double[] NORMAL = {1, 2, 2};
    private static final double[] U_AXIS = {2, -1, 0};

    @RegisterExtension
    final LogCapture logs = new LogCapture();

    private static double[] unit(double[] a) {
        double len = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
        return new double[] {a[0] / len, a[1] / len, a[2] / len};
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0]};
    }

    private static double dotFromCenter(TriMesh m, int v, double[] axis) {
        double s = 0;
        for (int c = 0; c < 3; c++) {
            s += (m.positions[3 * v + c] - CENTER[c]) * axis[c];
        }
        return s;
    }

    @Test
    void countsAndSource() {
        int[][] sizes = {{1, 1}, {3, 2}, {7, 5}, {1, 12}, {40, 30}};
        for (int[] s : sizes) {
            TriMesh m = GridMesh.build(2, 1, s[0], s[1], CENTER, NORMAL, U_AXIS);
            assertEquals((s[0] + 1) * (s[1] + 1), m.vertexCount());
            assertEquals(2 * s[0] * s[1], m.triangleCount());
            assertEquals("grid", m.source);
            assertTrue(m.hasUvs());
            assertEquals(2 * m.vertexCount(), m.uvs.length);
        }
    }

    @Test
    void areaEqualsSizeUTimesSizeV() {
        TriMesh m = GridMesh.build(1.7, 0.45, 13, 8, CENTER, NORMAL, U_AXIS);
        assertEquals(1.7 * 0.45, m.area(), 1e-12 * 1.7 * 0.45);
    }

    @Test
    void allFaceNormalsEqualTheGridNormal() {
        double[] n = unit(NORMAL);
        TriMesh m = GridMesh.build(1.0, 2.0, 6, 9, CENTER, NORMAL, U_AXIS);
        for (int t = 0; t < m.triangleCount(); t++) {
            assertArrayEquals(n, Meshes.faceNormal(m, t), 1e-12, "triangle " + t);
        }
        // the other side: normal flipped, same u axis
        double[] flipped = {-1, -2, -2};
        TriMesh back = GridMesh.build(1.0, 2.0, 6, 9, CENTER, flipped, U_AXIS);
        for (int t = 0; t < back.triangleCount(); t++) {
            assertArrayEquals(unit(flipped), Meshes.faceNormal(back, t), 1e-12);
        }
    }

    @Test
    void gridSpansSizeUAlongUAndSizeVAlongV() {
        double[] n = unit(NORMAL);
        double[] u = unit(U_AXIS);
        double[] v = cross(n, u);
        TriMesh m = GridMesh.build(3.0, 1.25, 10, 4, CENTER, NORMAL, U_AXIS);
        double minU = Double.MAX_VALUE, maxU = -Double.MAX_VALUE;
        double minV = Double.MAX_VALUE, maxV = -Double.MAX_VALUE;
        for (int k = 0; k < m.vertexCount(); k++) {
            double du = dotFromCenter(m, k, u), dv = dotFromCenter(m, k, v);
            minU = Math.min(minU, du);
            maxU = Math.max(maxU, du);
            minV = Math.min(minV, dv);
            maxV = Math.max(maxV, dv);
            assertEquals(0.0, dotFromCenter(m, k, n), 1e-14, "vertex off the plane");
        }
        assertEquals(-1.5, minU, 1e-14);
        assertEquals(1.5, maxU, 1e-14);
        assertEquals(-0.625, minV, 1e-14);
        assertEquals(0.625, maxV, 1e-14);
    }

    @Test
    void vertexLayoutAndUvsFollowTheDocumentedFormula() {
        int cu = 5, cv = 3;
        double[] n = unit(NORMAL);
        double[] u = unit(U_AXIS);
        double[] v = cross(n, u);
        TriMesh m = GridMesh.build(2.0, 0.9, cu, cv, CENTER, NORMAL, U_AXIS);
        for (int j = 0; j <= cv; j++) {
            for (int i = 0; i <= cu; i++) {
                int k = j * (cu + 1) + i;
                for (int c = 0; c < 3; c++) {
                    double expected = CENTER[c] + ((double) i / cu - 0.5) * 2.0 * u[c]
                            + ((double) j / cv - 0.5) * 0.9 * v[c];
                    assertEquals(expected, m.positions[3 * k + c], 1e-15);
                }
                assertEquals((double) i / cu, m.uvs[2 * k], 0);
                assertEquals((double) j / cv, m.uvs[2 * k + 1], 0);
            }
        }
        assertArrayEquals(m.triangles, m.triangleUvs);
    }

    @Test
    void diagonalsAlternateBetweenNeighbouringCells() {
        int cu = 4, cv = 3, nu = cu + 1;
        TriMesh m = GridMesh.build(1, 1, cu, cv, CENTER, NORMAL, U_AXIS);
        for (int j = 0; j < cv; j++) {
            for (int i = 0; i < cu; i++) {
                int a = j * nu + i, b = a + 1, c = a + nu + 1, d = a + nu;
                int t = 2 * (j * cu + i);
                Set<Integer> shared = new HashSet<>();
                for (int k = 0; k < 3; k++) {
                    for (int l = 0; l < 3; l++) {
                        if (m.triangles[3 * t + k] == m.triangles[3 * t + 3 + l]) {
                            shared.add(m.triangles[3 * t + k]);
                        }
                    }
                }
                Set<Integer> expected = (i + j) % 2 == 0 ? Set.of(a, c) : Set.of(b, d);
                assertEquals(expected, shared, "cell " + i + "," + j);
            }
        }
    }

    @Test
    void axisAlignedDefaultsAndNearlyPerpendicularAxisAreAccepted() {
        TriMesh flat = GridMesh.build(1, 1, 2, 2, new double[3], new double[] {0, 1, 0},
                new double[] {1, 0, 0});
        // normal +y, u +x: v = y cross x = -z
        assertArrayEquals(new double[] {-0.5, 0, 0.5}, new double[] {flat.positions[0],
            flat.positions[1], flat.positions[2]}, 0);
        TriMesh tilted = GridMesh.build(1, 1, 2, 2, new double[3], new double[] {0, 0, 1},
                new double[] {1, 0, 5e-7});
        for (int t = 0; t < tilted.triangleCount(); t++) {
            assertArrayEquals(new double[] {0, 0, 1}, Meshes.faceNormal(tilted, t), 1e-15);
        }
    }

    @Test
    void gridPassesValidationWithoutWarnings() {
        TriMesh m = GridMesh.build(2, 1, 30, 20, CENTER, NORMAL, U_AXIS);
        MeshLoadResult r = MeshValidator.validate(m);
        assertTrue(r.warnings.isEmpty());
        assertArrayEquals(m.positions, r.mesh.positions);
        assertArrayEquals(m.triangles, r.mesh.triangles);
    }

    @Test
    void parameterErrorsNameTheParameter() {
        double[] c = CENTER, n = NORMAL, u = U_AXIS;
        assertInputError(() -> GridMesh.build(0, 1, 2, 2, c, n, u), "grid: sizeU",
                "finite and positive", "got 0.0");
        assertInputError(() -> GridMesh.build(-1, 1, 2, 2, c, n, u), "grid: sizeU", "got -1.0");
        assertInputError(() -> GridMesh.build(Double.NaN, 1, 2, 2, c, n, u), "grid: sizeU",
                "got NaN");
        assertInputError(() -> GridMesh.build(1, Double.POSITIVE_INFINITY, 2, 2, c, n, u),
                "grid: sizeV", "got Infinity");
        assertInputError(() -> GridMesh.build(1, 0, 2, 2, c, n, u), "grid: sizeV");
        assertInputError(() -> GridMesh.build(1, 1, 0, 2, c, n, u), "grid: cellsU",
                "between 1 and 4000", "got 0");
        assertInputError(() -> GridMesh.build(1, 1, 2, 4001, c, n, u), "grid: cellsV",
                "got 4001");
        assertInputError(() -> GridMesh.build(1, 1, 2, -3, c, n, u), "grid: cellsV");
        assertInputError(() -> GridMesh.build(1, 1, 2, 2, c, new double[3], u), "grid: normal",
                "zero vector");
        assertInputError(() -> GridMesh.build(1, 1, 2, 2, c, n, new double[3]), "grid: uAxis",
                "zero vector");
        assertInputError(() -> GridMesh.build(1, 1, 2, 2, c, new double[] {0, 0, 1},
                new double[] {1, 0, 1}), "grid: uAxis must be perpendicular to normal",
                "(dot = 0.707107)");
        assertInputError(() -> GridMesh.build(1, 1, 2, 2, c, new double[] {0, 0, 1},
                new double[] {0, 0, -3}), "grid: uAxis must be perpendicular", "dot = -1");
        assertInputError(() -> GridMesh.build(1, 1, 2, 2, c, new double[] {0, 0, 1},
                new double[] {1, 0, 2e-6}), "grid: uAxis must be perpendicular", "dot = 2e-6");
        assertInputError(() -> GridMesh.build(1, 1, 2, 2, new double[] {0, Double.NaN, 0}, n, u),
                "grid: center", "finite", "component y is NaN");
        assertInputError(() -> GridMesh.build(1, 1, 2, 2, c, new double[] {0, 0,
            Double.POSITIVE_INFINITY}, u), "grid: normal", "finite");
        assertInputError(() -> GridMesh.build(1, 1, 2, 2, null, n, u), "grid: center",
                "missing");
        assertInputError(() -> GridMesh.build(1, 1, 2, 2, c, n, new double[] {1, 0}),
                "grid: uAxis", "3 components", "got 2");
    }

    @Test
    void cellsTooSmallForTheirPositionAreReportedByTheValidator() {
        // near x = 1e4 doubles are 1.8e-12 m apart, so vertices 1e-12 m apart (1e-11 m over 10
        // cells) round to the same or neighbouring doubles, and are welded anyway (closer than
        // 1e-9 times the 1 m diagonal)
        assertInputError(() -> GridMesh.build(1e-11, 1, 10, 2, new double[] {9999, 0, 0},
                new double[] {0, 0, 1}, new double[] {1, 0, 0}), "grid: triangle 0",
                "degenerate after welding");
    }

    @Test
    void centreAndSizeBeyondTheCoordinateLimitNameTheParameter() {
        // MeshValidator.MAX_COORDINATE = 1e4 m bounds the centre's components, and a size of
        // twice that would already put the grid's edges at the limit when centred on 0
        double[] n = {0, 0, 1};
        double[] u = {1, 0, 0};
        assertInputError(() -> GridMesh.build(1, 1, 2, 2, new double[] {0, 1e20, 0}, n, u),
                "grid: center component y is 1e20 m, beyond the limit of ±10000 m");
        assertInputError(() -> GridMesh.build(2.5e4, 1, 2, 2, new double[3], n, u),
                "grid: sizeU is 25000 m, more than the limit of 20000 m");
        // within both limits, but vertex 2 lies at x = 9999 + 1.5 m: the validator names it
        assertInputError(() -> GridMesh.build(3, 1, 2, 2, new double[] {9999, 0, 0}, n, u),
                "grid: vertex 2: coordinate x is 10000.5 m, beyond the limit of ±10000 m");
        // the largest accepted: 2e4 m wide, centred on 0, vertices 0 and 2 exactly at x = ∓1e4
        TriMesh widest = GridMesh.build(2e4, 1, 2, 2, new double[3], n, u);
        assertEquals(-1e4, widest.positions[0], 0);
        assertEquals(1e4, widest.positions[6], 0);
    }
}
