package org.isocloth.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.isocloth.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bake cache format: round trip, layout, and every kind of bad file. */
class CacheFormatTest {
    @TempDir
    Path tmp;

    /** Two triangles over 4 nodes, with a UV seam on node 0 (two UV entries). */
    static CacheCloth quad(String name) {
        return new CacheCloth(name, 4, new int[] {0, 1, 2, 0, 2, 3},
                new double[] {0, 0, 1, 0, 1, 1, 0, 1, 0.1, 0.1}, new int[] {0, 1, 2, 4, 2, 3});
    }

    /** A cloth of 3 nodes without UVs. */
    static CacheCloth tri(String name) {
        return new CacheCloth(name, 3, new int[] {0, 1, 2}, null, null);
    }

    /** Positions of frame k, cloth c: distinct values that are not exact floats (so rounding shows). */
    static double[] positions(int nodes, int k, int c) {
        double[] x = new double[3 * nodes];
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.sin(0.1 * k + 0.37 * i + c) * (1 + 1e-9 * i);
        }
        return x;
    }

    Path writeSample(String name, int frames) throws IOException {
        Path file = tmp.resolve(name);
        try (CacheWriter w = CacheWriter.create(file, 30, 7, List.of(quad("sheet"), tri("flag ü")))) {
            for (int k = 0; k < frames; k++) {
                w.appendFrame(positions(4, k, 0), positions(3, k, 1));
            }
            w.finish();
        }
        return file;
    }

    @Test
    void roundTripIsExactInFloat32AndRandomAccess() throws IOException {
        Path file = writeSample("a.isocache", 12);
        try (CacheReader r = CacheReader.open(file)) {
            assertEquals(30.0, r.fps());
            assertEquals(7, r.firstFrame());
            assertEquals(12, r.frameCount());
            assertEquals(2, r.clothCount());
            assertEquals("sheet", r.cloths().get(0).name());
            assertEquals("flag ü", r.cloths().get(1).name());
            assertEquals(1, r.clothIndex("flag ü"));
            assertEquals(-1, r.clothIndex("nope"));
            CacheCloth q = r.cloths().get(0);
            assertArrayEquals(quad("x").triangles(), q.triangles());
            assertArrayEquals(quad("x").uvs(), q.uvs());
            assertArrayEquals(quad("x").triangleUvs(), q.triangleUvs());
            assertNull(r.cloths().get(1).uvs());
            // out of order: random access
            for (int k : new int[] {11, 0, 5, 5, 3}) {
                for (int c = 0; c < 2; c++) {
                    double[] x = positions(c == 0 ? 4 : 3, k, c);
                    float[] f = r.readFrame(k, c);
                    assertEquals(x.length, f.length);
                    for (int i = 0; i < x.length; i++) {
                        assertEquals(Float.floatToIntBits((float) x[i]), Float.floatToIntBits(f[i]), "frame " + k);
                    }
                }
            }
            // the documented size: header + frames × Σ(12 n + 4)
            int header = 36 + 4 + (2 + 5 + 4 + 4 + 6 * 4 + 4 + 5 * 16 + 6 * 4) + (2 + 7 + 4 + 4 + 3 * 4 + 4);
            assertEquals(header + 12L * ((12 * 4 + 4) + (12 * 3 + 4)), Files.size(file));
            assertEquals(Files.size(file), r.size());
        }
        // from a stream (assets): the same content
        try (CacheReader m = CacheReader.read(new ByteArrayInputStream(Files.readAllBytes(file)), "asset.isocache")) {
            assertEquals(12, m.frameCount());
            assertArrayEquals(m.readFrame(4, 1), CacheReader.open(file).readFrame(4, 1));
        }
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(file), s.toList(), "no temporary file is left");
        }
    }

    @Test
    void layoutMatchesTheDocumentedOffsets() throws IOException {
        Path file = writeSample("b.isocache", 3);
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("ISOCACHE", new String(b.array(), 0, 8, java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(1, b.getInt(8));
        int headerLength = b.getInt(12);
        assertEquals(30.0, b.getDouble(16));
        assertEquals(7, b.getInt(24));
        assertEquals(3, b.getInt(28));
        assertEquals(2, b.getInt(32));
        assertEquals(5, b.getShort(36));
        // frame 2, cloth 1, node 2, z: after 2 whole frames and cloth 0's block
        int offset = headerLength + 2 * ((12 * 4 + 4) + (12 * 3 + 4)) + (12 * 4 + 4) + 4 * (3 * 2 + 2);
        assertEquals((float) positions(3, 2, 1)[8], b.getFloat(offset));
    }

    @Test
    void emptyCacheIsValid() throws IOException {
        Path file = writeSample("empty.isocache", 0);
        try (CacheReader r = CacheReader.open(file)) {
            assertEquals(0, r.frameCount());
            InputException e = assertThrows(InputException.class, () -> r.readFrame(0, 0));
            assertEquals(file + ": frame 0 is out of range (the cache has no frames)", e.getMessage());
        }
    }

    private String openError(Path file) {
        return assertThrows(InputException.class, () -> CacheReader.open(file).close()).getMessage();
    }

    private Path modified(String name, java.util.function.UnaryOperator<byte[]> change) throws IOException {
        Path file = writeSample("src-" + name, 4);
        Path out = tmp.resolve(name);
        Files.write(out, change.apply(Files.readAllBytes(file)));
        return out;
    }

    @Test
    void badFilesGiveOneLineNamingFileAndReason() throws IOException {
        Path missing = tmp.resolve("missing.isocache");
        assertEquals(missing + ": no such file (bake cache)", openError(missing));

        Path truncated = modified("cut.isocache", b -> Arrays.copyOf(b, b.length - 30));
        String m = openError(truncated);
        assertTrue(m.startsWith(truncated + ": truncated: 4 frames need "), m);
        assertTrue(m.contains("only 3 whole frames"), m);

        Path cutHeader = modified("cuthead.isocache", b -> Arrays.copyOf(b, 60));
        m = openError(cutHeader);
        assertTrue(m.startsWith(cutHeader + ": truncated: the header needs "), m);

        Path tiny = modified("tiny.isocache", b -> Arrays.copyOf(b, 20));
        assertEquals(tiny + ": truncated: the header needs at least 36 bytes, the file has 20", openError(tiny));

        Path magic = modified("magic.isocache", b -> {
            b[0] = 'X';
            return b;
        });
        assertEquals(magic + ": not an IsoCloth bake cache (wrong magic: expected \"ISOCACHE\")", openError(magic));

        Path text = tmp.resolve("notes.isocache");
        Files.writeString(text, "hello");
        assertEquals(text + ": not an IsoCloth bake cache (only 5 bytes, no \"ISOCACHE\" magic)", openError(text));

        Path version = modified("version.isocache", b -> {
            b[8] = 2;
            return b;
        });
        assertEquals(version + ": unsupported cache version 2 (this IsoCloth reads version 1)", openError(version));

        Path header = modified("header.isocache", b -> {
            b[60] ^= 1; // inside the first cloth's triangles
            return b;
        });
        assertEquals(header + ": corrupt header: checksum mismatch", openError(header));

        Path trailing = modified("trailing.isocache", b -> Arrays.copyOf(b, b.length + 3));
        assertEquals(trailing + ": 3 unexpected bytes after the last of 4 frames", openError(trailing));

        Path frame = modified("frame.isocache", b -> {
            b[b.length - 10] ^= 0x40; // a position of the last frame's second cloth
            return b;
        });
        try (CacheReader r = CacheReader.open(frame)) {
            r.readFrame(3, 0); // the other cloth's block is intact
            InputException e = assertThrows(InputException.class, () -> r.readFrame(3, 1));
            // writeSample records from scene frame 7, so frame 3 is scene frame 10
            assertEquals(frame + ": corrupt frame 3 (scene frame 10) of cloth 'flag ü': checksum mismatch",
                    e.getMessage());
            e = assertThrows(InputException.class, () -> r.readFrame(4, 0));
            assertEquals(frame + ": frame 4 is out of range 0..3", e.getMessage());
            e = assertThrows(InputException.class, () -> r.readFrame(-1, 0));
            assertEquals(frame + ": frame -1 is out of range 0..3", e.getMessage());
        }
        assertEquals(tmp + ": the bake cache is a directory, not a regular file", openError(tmp));
    }

    @Test
    void abandonedWriterLeavesNothingAndKeepsTheOldFile() throws IOException {
        Path file = writeSample("keep.isocache", 2);
        byte[] before = Files.readAllBytes(file);
        CacheWriter w = CacheWriter.create(file, 60, 0, List.of(tri("t")));
        Path temp = w.temporaryFile();
        assertTrue(Files.exists(temp));
        assertEquals(file.toAbsolutePath().getParent(), temp.getParent(), "temporary file next to the target");
        w.appendFrame(positions(3, 0, 0));
        w.close(); // without finish(): abandoned
        assertFalse(Files.exists(temp));
        assertArrayEquals(before, Files.readAllBytes(file));
        CacheWriter.AbortedException e = assertThrows(CacheWriter.AbortedException.class,
                () -> w.appendFrame(positions(3, 1, 0)));
        // one frame was appended before close()
        assertEquals(file + ": stopped after 1 frame; the cache was not written", e.getMessage());
        assertTrue(w.aborted());
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(0, s.filter(p -> p.getFileName().toString().endsWith(".tmp")).count());
        }
    }

    @Test
    void writerRejectsBadFramesAndUnwritableTargets() throws IOException {
        Path file = tmp.resolve("w.isocache");
        try (CacheWriter w = CacheWriter.create(file, 60, 0, List.of(tri("t")))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> w.appendFrame(new double[8]));
            assertEquals("t: 8 values for 3 nodes", e.getMessage());
            double[] nan = positions(3, 0, 0);
            nan[4] = Double.NaN;
            e = assertThrows(IllegalArgumentException.class, () -> w.appendFrame(nan));
            assertEquals("t: node 1 coordinate y is NaN in frame 0", e.getMessage());
            assertEquals(0, w.framesWritten());
            w.appendFrame(positions(3, 0, 0));
            w.finish();
        }
        try (CacheReader r = CacheReader.open(file)) {
            assertEquals(1, r.frameCount());
        }
        Path blocker = tmp.resolve("plain-file");
        Files.writeString(blocker, "x");
        Path inside = blocker.resolve("c.isocache");
        IOException e = assertThrows(IOException.class, () -> CacheWriter.create(inside, 60, 0, List.of(tri("t"))));
        assertTrue(e.getMessage().startsWith(inside + ": cannot write: "), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CacheWriter.create(file, 0, 0, List.of(tri("t"))));
        assertThrows(IllegalArgumentException.class, () -> new CacheCloth("bad", 2, new int[] {0, 1, 2}, null, null));
    }
}
