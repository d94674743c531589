package org.isocloth.mesh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class ObjWriterTest {
    @TempDir
    Path dir;

    @RegisterExtension
    final LogCapture logs = new LogCapture();

    private static final double[] SQUARE = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
    private static final int[] TWO = {0, 1, 2, 0, 2, 3};

    private List<String> listDir() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void formatWithAndWithoutUvs() {
        String withUv = ObjWriter.toObjString(SQUARE, TWO, new double[] {0, 0, 1, 0, 1, 1, 0, 1},
                TWO);
        assertEquals("# IsoCloth OBJ: 4 vertices, 2 triangles, 4 texture coordinates\n"
                + "v 0.0 0.0 0.0\nv 1.0 0.0 0.0\nv 1.0 1.0 0.0\nv 0.0 1.0 0.0\n"
                + "vt 0.0 0.0\nvt 1.0 0.0\nvt 1.0 1.0\nvt 0.0 1.0\n"
                + "f 1/1 2/2 3/3\nf 1/1 3/3 4/4\n", withUv);
        String plain = ObjWriter.toObjString(SQUARE, TWO, null, null);
        assertEquals("# IsoCloth OBJ: 4 vertices, 2 triangles\n"
                + "v 0.0 0.0 0.0\nv 1.0 0.0 0.0\nv 1.0 1.0 0.0\nv 0.0 1.0 0.0\n"
                + "f 1 2 3\nf 1 3 4\n", plain);
    }

    @Test
    void roundTripPreservesPositionsAndUvsExactly() throws IOException {
        Random random = new Random(12345);
        TriMesh grid = GridMesh.build(1.3, 0.7, 9, 6, new double[] {0.1, -2.5, 3.0},
                new double[] {0.3, 1, -0.2}, new double[] {1, -0.3, 0});
        double[] positions = grid.positions.clone();
        for (int i = 0; i < positions.length; i++) {
            // awkward doubles: full mantissas, tiny and large magnitudes
            positions[i] += random.nextGaussian() * 1e-3 + (i % 7 == 0 ? 1e-300 : 0);
        }
        positions[0] = Math.nextUp(positions[0] + Math.PI * 1e-4);
        double[] uvs = grid.uvs.clone();
        for (int i = 0; i < uvs.length; i++) {
            uvs[i] = uvs[i] * 0.9 + random.nextDouble() * 1e-7;
        }
        Path file = dir.resolve("round.obj");
        ObjWriter.write(file, positions, grid.triangles, uvs, grid.triangleUvs);
        MeshLoadResult back = ObjReader.read(file);
        assertTrue(back.warnings.isEmpty(), back.warnings::toString);
        assertArrayEquals(positions, back.mesh.positions); // bit-exact
        assertArrayEquals(grid.triangles, back.mesh.triangles);
        assertArrayEquals(uvs, back.mesh.uvs);
        assertArrayEquals(grid.triangleUvs, back.mesh.triangleUvs);
    }

    @Test
    void roundTripOfMeshWithoutUvs() throws IOException {
        Path file = dir.resolve("plain.obj");
        ObjWriter.write(file, new TriMesh(SQUARE, TWO, "square"));
        MeshLoadResult back = ObjReader.read(file);
        assertArrayEquals(SQUARE, back.mesh.positions);
        assertArrayEquals(TWO, back.mesh.triangles);
        assertFalse(back.mesh.hasUvs());
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertFalse(text.contains("vt"));
        assertTrue(text.contains("\nf 1 3 4\n"));
    }

    @Test
    void atomicWriteLeavesNoTemporaryFilesAndReplacesExistingFile() throws IOException {
        Path file = dir.resolve("out.obj");
        Files.writeString(file, "old content that is much longer than nothing\n".repeat(100));
        ObjWriter.write(file, SQUARE, TWO, null, null);
        assertEquals(List.of("out.obj"), listDir());
        assertEquals(ObjWriter.toObjString(SQUARE, TWO, null, null),
                Files.readString(file, StandardCharsets.UTF_8));
        ObjWriter.write(file, SQUARE, new int[] {0, 1, 2}, null, null);
        assertEquals(List.of("out.obj"), listDir());
        assertEquals(1, ObjReader.read(file).mesh.triangleCount());
    }

    @Test
    void failedMoveRemovesTheTemporaryFile() throws IOException {
        Path blocked = dir.resolve("blocked.obj");
        Files.createDirectory(blocked);
        Files.writeString(blocked.resolve("keep.txt"), "x");
        assertThrows(IOException.class, () -> ObjWriter.write(blocked, SQUARE, TWO, null, null));
        assertEquals(List.of("blocked.obj"), listDir());
        assertEquals("x", Files.readString(blocked.resolve("keep.txt")));
    }

    @Test
    void missingDirectoryIsAnIoError() {
        Path file = dir.resolve("no-such-dir").resolve("x.obj");
        assertThrows(IOException.class, () -> ObjWriter.write(file, SQUARE, TWO, null, null));
    }

    @Test
    void invalidArgumentsAreRejectedBeforeWriting() throws IOException {
        Path file = dir.resolve("bad.obj");
        double[] nan = SQUARE.clone();
        nan[4] = Double.NaN;
        assertThrows(IllegalArgumentException.class,
                () -> ObjWriter.write(file, nan, TWO, null, null));
        assertThrows(IllegalArgumentException.class,
                () -> ObjWriter.write(file, SQUARE, new int[] {0, 1, 4}, null, null));
        assertThrows(IllegalArgumentException.class,
                () -> ObjWriter.write(file, SQUARE, new int[] {0, 1}, null, null));
        assertThrows(IllegalArgumentException.class,
                () -> ObjWriter.write(file, new double[] {0, 0}, new int[0], null, null));
        assertThrows(IllegalArgumentException.class,
                () -> ObjWriter.write(file, SQUARE, TWO, null, TWO));
        assertThrows(IllegalArgumentException.class,
                () -> ObjWriter.write(file, SQUARE, TWO, new double[] {0, 0}, TWO));
        assertThrows(IllegalArgumentException.class,
                () -> ObjWriter.write(file, SQUARE, TWO, new double[8], new int[] {0, 1, 2}));
        assertThrows(NullPointerException.class,
                () -> ObjWriter.write(file, null, TWO, null, null));
        assertEquals(List.of(), listDir());
    }
}
