package org.isocloth.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.isocloth.mesh.ObjReader;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.RedBlackMesh;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped garment files are exactly what {@link Garments} makes, and are valid cloth meshes. */
class GarmentsTest {
    private static final Path DIR = Path.of("src/main/resources/isocloth/scenes/garments");

    @TempDir
    Path tmp;

    @Test
    void shippedSkirtIsTheGeneratedOne() throws IOException {
        Garments.main(new String[] {tmp.toString()});
        assertArrayEquals(Files.readAllBytes(tmp.resolve("skirt.obj")), Files.readAllBytes(DIR.resolve("skirt.obj")),
                "skirt.obj differs from Garments.sampleSkirt(): regenerate it with Garments");
    }

    @Test
    void shippedTshirtIsTheGeneratedOne() throws IOException {
        Garments.main(new String[] {tmp.toString()});
        assertArrayEquals(Files.readAllBytes(tmp.resolve("tshirt.obj")), Files.readAllBytes(DIR.resolve("tshirt.obj")),
                "tshirt.obj differs from Garments.sampleTshirt(): regenerate it with Garments");
    }

    @Test
    void shippedJaimeTshirtIsTheGeneratedOne() throws IOException {
        Garments.main(new String[] {tmp.toString()});
        assertArrayEquals(Files.readAllBytes(tmp.resolve("jaime-tshirt.obj")),
                Files.readAllBytes(DIR.resolve("jaime-tshirt.obj")),
                "jaime-tshirt.obj differs from Garments.jaimeTshirt(): regenerate it with Garments");
    }

    @Test
    void tshirtIsASphereWithFourOpeningsSewnAlongItsSeams() throws IOException {
        // The outline grid: 16 torso + 2·6 sleeve columns of cells → 29 vertex columns; 14 torso
        // + 6 band rows → 21 vertex rows. Front vertices: 17 torso columns × 21 rows + 12 sleeve
        // columns × 7 band rows = 441. Shared with the back (the seams, z = 0): 2 side seams × 15
        // rows (hem to armpit) + 12 under the sleeves + 24 on the top row (all but the 5 neck
        // vertices) = 66. V = 441 + 441 − 66 = 816. Cells: 16·20 + 2·6·6 = 392, two triangles
        // each on each panel: F = 1568. A sphere with four holes (hem, neck, two sleeve ends)
        // has Euler characteristic 2 − 4 = −2, so E = V + F + 2 = 2386; the openings are 4
        // boundary loops of 2·16 (hem), 2·6 (neck) and 2·6 (each sleeve end) edges: 68.
        TriMesh shirt = ObjReader.read(DIR.resolve("tshirt.obj")).mesh;
        assertEquals(816, shirt.vertexCount());
        assertEquals(1568, shirt.triangleCount());
        int seam = 0;
        for (int v = 0; v < shirt.vertexCount(); v++) {
            seam += shirt.positions[3 * v + 2] == 0 ? 1 : 0;
        }
        assertEquals(66, seam);
        RedBlackMesh rb = new RedBlackMesh(shirt.vertexCount(), shirt.triangles);
        assertEquals(2386, rb.edgeCount);
        // boundary loops: union-find over the boundary edges' vertices
        int[] parent = new int[shirt.vertexCount()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        int boundary = 0;
        java.util.Set<Integer> onBoundary = new java.util.HashSet<>();
        for (int e = 0; e < rb.edgeCount; e++) {
            if (rb.isBoundaryEdge(e)) {
                boundary++;
                int a = find(parent, rb.edgeVertices[2 * e]);
                int b = find(parent, rb.edgeVertices[2 * e + 1]);
                parent[a] = b;
                onBoundary.add(rb.edgeVertices[2 * e]);
                onBoundary.add(rb.edgeVertices[2 * e + 1]);
            }
        }
        assertEquals(68, boundary);
        java.util.Set<Integer> loops = new java.util.HashSet<>();
        for (int v : onBoundary) {
            loops.add(find(parent, v));
        }
        assertEquals(4, loops.size());
        assertTrue(shirt.hasUvs());
    }

    private static int find(int[] parent, int v) {
        while (parent[v] != v) {
            v = parent[v];
        }
        return v;
    }

    @Test
    void skirtIsAnOpenTubeWithTheSeamWelded() throws IOException {
        // 30 cells around × 10 down: 30·11 vertices (the seam shares its vertices), 2·30·10
        // triangles; a tube has two boundary loops (waist and hem) of 30 edges each, and
        // Euler characteristic V − E + F = 0 (an annulus): E = V + F = 330 + 600 = 930.
        TriMesh skirt = ObjReader.read(DIR.resolve("skirt.obj")).mesh;
        assertEquals(330, skirt.vertexCount());
        assertEquals(600, skirt.triangleCount());
        RedBlackMesh rb = new RedBlackMesh(skirt.vertexCount(), skirt.triangles);
        assertEquals(930, rb.edgeCount);
        int boundary = 0;
        for (int e = 0; e < rb.edgeCount; e++) {
            boundary += rb.isBoundaryEdge(e) ? 1 : 0;
        }
        assertEquals(60, boundary);
        // waist circumference: 30 chords of a circle of radius 0.16 m, 2·30·0.16·sin(π/30)
        double waist = 0;
        for (int i = 0; i < 30; i++) {
            int j = (i + 1) % 30;
            double dx = skirt.positions[3 * i] - skirt.positions[3 * j];
            double dz = skirt.positions[3 * i + 2] - skirt.positions[3 * j + 2];
            waist += Math.sqrt(dx * dx + dz * dz);
        }
        assertEquals(2 * 30 * 0.16 * Math.sin(Math.PI / 30), waist, 1e-9);
    }
}
