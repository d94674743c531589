package org.isocloth.collision;

import static org.isocloth.collision.Queries.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A closed skin that intersects itself: a body box [-1, 1]³ with a tail box
 * [0.6, 1.4] × [-0.2, 0.2]² sunk into its +x side, both tessellated on a 0.2 m grid, in one mesh.
 * The tail's part inside the body and the body's +x face under the tail are buried.
 */
class MeshVolumeTest {
    private static final double GRID = 0.2;

    /** The two boxes as one closed, outward-wound mesh, the body's faces split into squares of side bodyGrid. */
    private static MeshCollider bodyWithTail(double bodyGrid) {
        List<double[]> vertices = new ArrayList<>();
        List<Integer> tris = new ArrayList<>();
        gridBox(new double[] {-1, -1, -1}, new double[] {1, 1, 1}, bodyGrid, vertices, tris);
        gridBox(new double[] {0.6, -0.2, -0.2}, new double[] {1.4, 0.2, 0.2}, GRID, vertices, tris);
        double[] x = new double[3 * vertices.size()];
        for (int i = 0; i < vertices.size(); i++) {
            System.arraycopy(vertices.get(i), 0, x, 3 * i, 3);
        }
        return new MeshCollider("body", tris.stream().mapToInt(Integer::intValue).toArray(), x);
    }

    /** Appends box [lo, hi] with every face split into squares of side grid, two triangles each, normals outward. */
    private static void gridBox(double[] lo, double[] hi, double grid, List<double[]> vertices, List<Integer> tris) {
        Map<String, Integer> index = new HashMap<>();
        for (int a = 0; a < 3; a++) {
            int u = (a + 1) % 3;
            int v = (a + 2) % 3;
            int nu = (int) Math.round((hi[u] - lo[u]) / grid);
            int nv = (int) Math.round((hi[v] - lo[v]) / grid);
            for (int side = 0; side < 2; side++) {
                for (int i = 0; i < nu; i++) {
                    for (int j = 0; j < nv; j++) {
                        int[] c = new int[4];
                        int[][] corners = {{i, j}, {i + 1, j}, {i + 1, j + 1}, {i, j + 1}};
                        for (int k = 0; k < 4; k++) {
                            double[] p = new double[3];
                            p[a] = side == 0 ? lo[a] : hi[a];
                            p[u] = lo[u] + corners[k][0] * grid;
                            p[v] = lo[v] + corners[k][1] * grid;
                            String key = Math.round(p[0] * 1e6) + "," + Math.round(p[1] * 1e6) + ","
                                    + Math.round(p[2] * 1e6);
                            c[k] = index.computeIfAbsent(key, s -> {
                                vertices.add(p);
                                return vertices.size() - 1;
                            });
                        }
                        // (u, v, a) is right-handed, so corners in order wind with normal +a
                        if (side == 1) {
                            tris.addAll(List.of(c[0], c[1], c[2], c[0], c[2], c[3]));
                        } else {
                            tris.addAll(List.of(c[0], c[2], c[1], c[0], c[3], c[2]));
                        }
                    }
                }
            }
        }
    }

    @Test
    void theTrianglesInsideTheRestOfTheSkinAreBuried() {
        MeshCollider m = bodyWithTail(GRID);
        assertTrue(m.isClosed());
        // 6 · 100 squares of the body and 2 · 4 + 4 · 8 of the tail, two triangles each
        assertEquals(2 * (600 + 8 + 32), m.triangleCount());
        MeshVolume volume = new MeshVolume(m.triangles(), null, true, 1, bvhOf(m));
        double[] x = m.endPositions();
        double[] bounds = {-1, -1, -1, 1.4, 1, 1};
        int buried = 0;
        for (int t = 0; t < m.triangleCount(); t++) {
            buried += volume.buried(t, 1.0 / 3, 1.0 / 3, 1.0 / 3, x, bounds) ? 1 : 0;
        }
        // Buried: the body's +x face under the tail's 0.4 × 0.4 section (4 squares), the tail's
        // -x end (4 squares) and its four sides for x in [0.6, 1] (2 × 2 squares each): 24 squares.
        assertEquals(2 * 24, buried);
        // the overlap is inside (winding number 2), as is the body alone (1); beyond the tail's end not
        assertTrue(m.contains(0.8, 0.05, 0.05));
        assertTrue(m.contains(0.5, 0.05, 0.05));
        assertTrue(m.contains(1.2, 0.05, 0.05));
        assertFalse(m.contains(1.5, 0.05, 0.05));
    }

    private static Bvh bvhOf(MeshCollider m) {
        int[] tris = m.triangles();
        double[] boxes = new double[2 * tris.length];
        Bvh.triangleBoxes(tris, m.endPositions(), null, 0, boxes);
        return new Bvh(boxes);
    }

    @Test
    void aNodeBesideABuriedFaceIsMovedOutThroughTheSurface() {
        MeshCollider m = bodyWithTail(GRID);
        double h = 0.01;
        // At rest 2 mm in front of the tail's buried end x = 0.6, inside the body. The nearest
        // surface is the edge x = 1, y = ±0.2 (or z = ±0.2) where the tail leaves the body, at
        // sqrt(0.402² + 0.2²); the contact moves the node out there, to h beyond it.
        double[] p = {0.598, 0, 0};
        Contact c = query(m, p, p, h);
        assertNotNull(c);
        assertFalse(c.crossed);
        double depth = Math.sqrt(0.402 * 0.402 + 0.2 * 0.2);
        assertEquals(-depth, c.distance, 1e-9);
        assertEquals(depth + h, Math.sqrt(sq(c.point[0] - p[0]) + sq(c.point[1] - p[1]) + sq(c.point[2] - p[2])),
                1e-9);
        assertFalse(m.contains(c.point[0], c.point[1], c.point[2]));
    }

    @Test
    void aNodeCrossingABuriedFaceIsNotStoppedThereButMovedOut() {
        MeshCollider m = bodyWithTail(GRID);
        double h = 0.01;
        // From inside the body through the tail's buried end into the overlap: no crossing of the
        // surface; the end (0.61, 0.05, 0.05) is inside, sqrt(0.39² + 0.15²) from the surface
        // at the edge x = 1, y = 0.2 (or z = 0.2), where the contact moves it.
        Contact c = query(m, new double[] {0.59, 0.05, 0.05}, new double[] {0.61, 0.05, 0.05}, h);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertEquals(-Math.sqrt(0.39 * 0.39 + 0.15 * 0.15), c.distance, 1e-9);
        assertFalse(m.contains(c.point[0], c.point[1], c.point[2]));
        // a node outside near the body's surface is kept outside by it as before: -x face, 5 mm off
        double[] q = {-1.005, 0.3, 0.1};
        c = query(m, q, q, h);
        assertNotNull(c);
        assertEquals(0.005, c.distance, 1e-12);
        assertEquals(-1 - h, c.point[0], 1e-12);
    }

    @Test
    void aPointOfATriangleThatTheSkinCrossesIsBuriedWhereTheRestOfTheSkinEnclosesIt() {
        // The body's +x face is two triangles; the tail crosses them, so only their part under
        // the tail's 0.4 × 0.4 section is buried. A node inside the tail 2 mm beyond that face is
        // inside, 0.15 from the tail's sides y = 0.2 and z = 0.2 (beyond the body, on the
        // surface) and sqrt(0.002² + 0.15²) from the body's face outside the tail: the contact
        // moves it 0.15 out through a side of the tail, not back onto the buried face.
        MeshCollider m = bodyWithTail(2);
        assertTrue(m.isClosed());
        double h = 0.01;
        double[] p = {1.002, 0.05, 0.05};
        assertTrue(m.contains(p[0], p[1], p[2]));
        Contact c = query(m, p, p, h);
        assertNotNull(c);
        assertFalse(c.crossed);
        assertEquals(-0.15, c.distance, 1e-9);
        assertFalse(m.contains(c.point[0], c.point[1], c.point[2]));
        // beside the tail, 2 mm off the same triangles, the body's face is the surface
        double[] q = {1.002, 0.5, 0.5};
        c = query(m, q, q, h);
        assertNotNull(c);
        assertEquals(0.002, c.distance, 1e-12);
        assertEquals(1 + h, c.point[0], 1e-12);
    }

    private static double sq(double v) {
        return v * v;
    }
}
