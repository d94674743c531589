package org.isocloth.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
    private static final Path DIR = Path.of("src/main/resources/isocloth/garments");

    @TempDir
    Path tmp;

    @Test
    void shippedSkirtIsTheGeneratedOne() throws IOException {
        Garments.main(new String[] {tmp.toString()});
        assertArrayEquals(Files.readAllBytes(tmp.resolve("skirt.obj")), Files.readAllBytes(DIR.resolve("skirt.obj")),
                "skirt.obj differs from Garments.sampleSkirt(): regenerate it with Garments");
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
