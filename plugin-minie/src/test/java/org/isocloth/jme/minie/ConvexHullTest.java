package org.isocloth.jme.minie;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.isocloth.collision.MeshCollider;
import org.junit.jupiter.api.Test;
import org.isocloth.jme.MeshWelding;

class ConvexHullTest {

    @Test
    void hullOfRandomPointsIsClosedOutwardAndEnclosesEveryPoint() {
        Random random = new Random(7);
        int n = 500;
        double[] p = new double[3 * n];
        for (int i = 0; i < p.length; i++) {
            p[i] = random.nextGaussian();
        }
        ConvexHull hull = ConvexHull.of("cloud", p);
        assertEquals(0, MeshWelding.openEdges(hull.triangles));
        // Euler: a closed triangulated sphere has F = 2V − 4
        int v = hull.positions.length / 3;
        assertEquals(2 * v - 4, hull.triangles.length / 3);
        // every input point is on or below every face plane (counter-clockwise = outward)
        double worst = Double.NEGATIVE_INFINITY;
        for (int t = 0; t < hull.triangles.length; t += 3) {
            double[] a = point(hull.positions, hull.triangles[t]);
            double[] b = point(hull.positions, hull.triangles[t + 1]);
            double[] c = point(hull.positions, hull.triangles[t + 2]);
            double[] nrm = cross(sub(b, a), sub(c, a));
            double len = Math.sqrt(dot(nrm, nrm));
            for (int i = 0; i < n; i++) {
                worst = Math.max(worst, dot(nrm, sub(point(p, i), a)) / len);
            }
        }
        assertTrue(worst < 1e-9, "a point above a face by " + worst);
        MeshCollider mesh = new MeshCollider("cloud", hull.triangles, hull.positions);
        assertTrue(mesh.isClosed());
        assertTrue(mesh.contains(0.01, 0.02, 0.03));
        assertFalse(mesh.contains(10, 0, 0));
    }

    @Test
    void coplanarPointsDoNotSplitFacesAndFlatSetsAreRejected() {
        // the 27 points of a 3×3×3 grid: the hull is the cube, its 8 corners, 12 triangles
        double[] grid = new double[81];
        int k = 0;
        for (int x = -1; x <= 1; x++) {
            for (int y = -1; y <= 1; y++) {
                for (int z = -1; z <= 1; z++) {
                    grid[k++] = x;
                    grid[k++] = y;
                    grid[k++] = z;
                }
            }
        }
        ConvexHull cube = ConvexHull.of("grid", grid);
        assertEquals(8, cube.positions.length / 3);
        assertEquals(12, cube.triangles.length / 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConvexHull.of("sheet", new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0}));
        assertTrue(e.getMessage().startsWith("sheet: ") && e.getMessage().contains("coplanar"), e.getMessage());
    }

    @Test
    void weldingJoinsCopiesWithinTheToleranceAndDropsCollapsedTriangles() {
        double[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1e-9, 0, 0, 1, 1, 0, 0.5, 0.5, 0.3};
        MeshWelding.Weld weld = MeshWelding.weld(p, 1e-6);
        assertArrayEquals(new int[] {0, 1, 2, 0, 3, 4}, weld.map);
        assertArrayEquals(new int[] {0, 1, 2, 4, 5}, weld.representatives);
        // triangle (0, 3, 1) collapses: 0 and 3 are one vertex
        assertArrayEquals(new int[] {0, 1, 2, 1, 3, 2}, MeshWelding.remap(new int[] {0, 1, 2, 0, 3, 1, 1, 4, 2}, weld.map));
        // a closed tetrahedron has no open edge; without one face it has three
        int[] tet = {0, 2, 1, 0, 1, 3, 1, 2, 3, 2, 0, 3};
        assertEquals(0, MeshWelding.openEdges(tet));
        int[] open = java.util.Arrays.copyOf(tet, 9);
        assertEquals(3, MeshWelding.openEdges(open));
        assertEquals(0, MeshWelding.openEdges(MeshWelding.capHoles(open)));
    }

    private static double[] point(double[] p, int i) {
        return new double[] {p[3 * i], p[3 * i + 1], p[3 * i + 2]};
    }

    private static double[] sub(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }
}
