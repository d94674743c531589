package org.isocloth.mesh;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes triangle meshes as Wavefront OBJ text that {@link ObjReader} reads back exactly.
 *
 * <p>Output: a comment header, one {@code v x y z} line per vertex, one {@code vt u v} line per
 * UV entry (only when {@code triangleUvs} is given), then one {@code f a/t b/t c/t} line per
 * triangle, or {@code f a b c} without UVs. Indices are 1-based. Numbers are written with
 * {@link Double#toString(double)}, the shortest decimal form that parses back to the same double,
 * so positions and UVs survive a write/read round trip bit for bit. Lines end with {@code \n}; the
 * encoding is UTF-8 (the output is plain ASCII).
 *
 * <p>{@link #write(Path, double[], int[], double[], int[])} is atomic: the text goes to a
 * temporary file in the target's directory, is forced to disk, and is then moved over the target
 * (atomically where the file system allows it, otherwise by replacing it). Readers therefore see
 * either the old file or the complete new one, and a failed write removes its temporary file.
 *
 * <p>Arguments are checked before anything is written: array lengths must fit the layout of
 * {@link TriMesh}, indices must be in range, and all numbers must be finite (a mesh with NaN
 * could not be read back); violations throw {@link IllegalArgumentException}.
 */
public final class ObjWriter {
    private static final Logger LOG = Logger.getLogger(ObjWriter.class.getName());

    private ObjWriter() {
    }

    /**
     * Atomically writes a mesh to an OBJ file, replacing any existing file.
     *
     * @param path the target file; not null; its directory must exist
     * @param positions vertex positions in metres, 3 per vertex; not null
     * @param triangles vertex indices, 3 per triangle, 0-based; not null
     * @param uvs texture coordinates, 2 per entry; may be null when {@code triangleUvs} is null
     * @param triangleUvs UV-entry indices, 3 per triangle (parallel to {@code triangles}); null to
     *     write no texture coordinates
     * @throws IOException if the file cannot be written or moved into place (the target is then
     *     unchanged and no temporary file is left behind)
     * @throws IllegalArgumentException if the arrays are inconsistent, an index is out of range or
     *     a number is not finite
     * @throws NullPointerException if {@code path}, {@code positions} or {@code triangles} is null
     */
    public static void write(Path path, double[] positions, int[] triangles, double[] uvs,
            int[] triangleUvs) throws IOException {
        Objects.requireNonNull(path, "path");
        check(positions, triangles, uvs, triangleUvs);
        Path target = path.toAbsolutePath();
        Path dir = target.getParent();
        String name = target.getFileName().toString();
        Path tmp = createTemp(dir, name);
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                Writer out = new BufferedWriter(new OutputStreamWriter(
                        Channels.newOutputStream(channel), StandardCharsets.UTF_8), 1 << 16);
                emit(out, positions, triangles, uvs, triangleUvs);
                out.flush();
                channel.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                LOG.log(Level.FINE, "atomic move not supported for {0}; replacing instead", target);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    LOG.log(Level.WARNING, "could not delete temporary file " + tmp, e);
                }
            }
        }
        LOG.log(Level.FINE, "wrote {0}", target);
    }

    /**
     * Atomically writes a mesh, with its UVs if it has any, to an OBJ file.
     *
     * @param path the target file; not null; its directory must exist
     * @param mesh the mesh; not null
     * @throws IOException if the file cannot be written or moved into place
     * @throws IllegalArgumentException if the mesh's arrays are inconsistent or not finite
     * @throws NullPointerException if an argument is null
     * @see #write(Path, double[], int[], double[], int[])
     */
    public static void write(Path path, TriMesh mesh) throws IOException {
        Objects.requireNonNull(mesh, "mesh");
        write(path, mesh.positions, mesh.triangles, mesh.uvs, mesh.triangleUvs);
    }

    /**
     * Writes OBJ text to a character stream (not flushed or closed). Same arguments and format
     * as {@link #write(Path, double[], int[], double[], int[])}, without atomicity.
     *
     * @param out the destination; not null
     * @param positions vertex positions in metres, 3 per vertex; not null
     * @param triangles vertex indices, 3 per triangle, 0-based; not null
     * @param uvs texture coordinates, 2 per entry; may be null when {@code triangleUvs} is null
     * @param triangleUvs UV-entry indices, 3 per triangle; null to write no texture coordinates
     * @throws IOException if writing to {@code out} fails
     * @throws IllegalArgumentException if the arrays are inconsistent, an index is out of range or
     *     a number is not finite
     * @throws NullPointerException if {@code out}, {@code positions} or {@code triangles} is null
     */
    public static void write(Writer out, double[] positions, int[] triangles, double[] uvs,
            int[] triangleUvs) throws IOException {
        Objects.requireNonNull(out, "out");
        check(positions, triangles, uvs, triangleUvs);
        emit(out, positions, triangles, uvs, triangleUvs);
    }

    /**
     * Returns the OBJ text for a mesh. Same arguments and format as {@link #write(Path, double[],
     * int[], double[], int[])}.
     *
     * @param positions vertex positions in metres, 3 per vertex; not null
     * @param triangles vertex indices, 3 per triangle, 0-based; not null
     * @param uvs texture coordinates, 2 per entry; may be null when {@code triangleUvs} is null
     * @param triangleUvs UV-entry indices, 3 per triangle; null to write no texture coordinates
     * @return the OBJ text; not null
     * @throws IllegalArgumentException if the arrays are inconsistent, an index is out of range or
     *     a number is not finite
     * @throws NullPointerException if {@code positions} or {@code triangles} is null
     */
    public static String toObjString(double[] positions, int[] triangles, double[] uvs,
            int[] triangleUvs) {
        StringWriter out = new StringWriter();
        try {
            write(out, positions, triangles, uvs, triangleUvs);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // StringWriter does not throw
        }
        return out.toString();
    }

    private static Path createTemp(Path dir, String name) throws IOException {
        // Not Files.createTempFile: that would give the final file owner-only permissions.
        for (int attempt = 0; ; attempt++) {
            String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong());
            Path tmp = dir.resolve("." + name + "." + suffix + ".tmp");
            try {
                Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)
                        .close();
                return tmp;
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    private static void check(double[] positions, int[] triangles, double[] uvs,
            int[] triangleUvs) {
        Objects.requireNonNull(positions, "positions");
        Objects.requireNonNull(triangles, "triangles");
        if (positions.length % 3 != 0) {
            throw new IllegalArgumentException(
                    "positions length " + positions.length + " is not a multiple of 3");
        }
        if (triangles.length % 3 != 0) {
            throw new IllegalArgumentException(
                    "triangles length " + triangles.length + " is not a multiple of 3");
        }
        for (int i = 0; i < positions.length; i++) {
            if (!Double.isFinite(positions[i])) {
                throw new IllegalArgumentException("vertex " + i / 3 + ": coordinate "
                        + "xyz".charAt(i % 3) + " is " + positions[i]);
            }
        }
        int n = positions.length / 3;
        for (int h = 0; h < triangles.length; h++) {
            if (triangles[h] < 0 || triangles[h] >= n) {
                throw new IllegalArgumentException("triangle " + h / 3 + ": vertex index "
                        + triangles[h] + " is out of range 0.." + (n - 1));
            }
        }
        if (triangleUvs == null) {
            return;
        }
        if (uvs == null) {
            throw new IllegalArgumentException("triangleUvs given without uvs");
        }
        if (uvs.length % 2 != 0) {
            throw new IllegalArgumentException("uvs length " + uvs.length
                    + " is not a multiple of 2");
        }
        if (triangleUvs.length != triangles.length) {
            throw new IllegalArgumentException("triangleUvs length " + triangleUvs.length
                    + " differs from triangles length " + triangles.length);
        }
        for (int i = 0; i < uvs.length; i++) {
            if (!Double.isFinite(uvs[i])) {
                throw new IllegalArgumentException("texture coordinate " + i / 2 + ": "
                        + "uv".charAt(i % 2) + " is " + uvs[i]);
            }
        }
        int nu = uvs.length / 2;
        for (int h = 0; h < triangleUvs.length; h++) {
            if (triangleUvs[h] < 0 || triangleUvs[h] >= nu) {
                throw new IllegalArgumentException("triangle " + h / 3 + ": UV index "
                        + triangleUvs[h] + " is out of range 0.." + (nu - 1));
            }
        }
    }

    private static void emit(Writer out, double[] positions, int[] triangles, double[] uvs,
            int[] triangleUvs) throws IOException {
        int n = positions.length / 3;
        int nt = triangles.length / 3;
        StringBuilder line = new StringBuilder(128);
        out.write("# IsoCloth OBJ: " + n + " vertices, " + nt + " triangles"
                + (triangleUvs != null ? ", " + uvs.length / 2 + " texture coordinates" : "")
                + "\n");
        for (int v = 0; v < n; v++) {
            line.setLength(0);
            line.append("v ").append(positions[3 * v]).append(' ').append(positions[3 * v + 1])
                    .append(' ').append(positions[3 * v + 2]).append('\n');
            out.append(line);
        }
        if (triangleUvs != null) {
            for (int k = 0; k < uvs.length / 2; k++) {
                line.setLength(0);
                line.append("vt ").append(uvs[2 * k]).append(' ').append(uvs[2 * k + 1])
                        .append('\n');
                out.append(line);
            }
        }
        for (int t = 0; t < nt; t++) {
            line.setLength(0);
            line.append('f');
            for (int k = 0; k < 3; k++) {
                line.append(' ').append(triangles[3 * t + k] + 1);
                if (triangleUvs != null) {
                    line.append('/').append(triangleUvs[3 * t + k] + 1);
                }
            }
            line.append('\n');
            out.append(line);
        }
    }
}
