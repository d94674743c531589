package org.isocloth.mesh;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.isocloth.InputException;
import org.junit.jupiter.api.function.Executable;

/** Shared test helpers. */
final class Meshes {
    private Meshes() {
    }

    /** Writes OBJ text (lines joined with '\n') to {@code dir/name} and returns the path. */
    static Path obj(Path dir, String name, String... lines) {
        Path file = dir.resolve(name);
        try {
            Files.write(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /**
     * Asserts that {@code code} throws an InputException whose message is one line and contains
     * every fragment; returns the message.
     */
    static String assertInputError(Executable code, String... fragments) {
        InputException e = assertThrows(InputException.class, code);
        String message = e.getMessage();
        assertFalse(message.contains("\n") || message.contains("\r"),
                () -> "message is not one line: " + message);
        for (String fragment : fragments) {
            assertTrue(message.contains(fragment),
                    () -> "message lacks '" + fragment + "': " + message);
        }
        return message;
    }

    /** Unit normal of triangle t. */
    static double[] faceNormal(TriMesh m, int t) {
        double[] p = m.positions;
        int a = m.triangles[3 * t], b = m.triangles[3 * t + 1], c = m.triangles[3 * t + 2];
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1],
                uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1],
                vz = p[3 * c + 2] - p[3 * a + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return new double[] {nx / len, ny / len, nz / len};
    }
}
