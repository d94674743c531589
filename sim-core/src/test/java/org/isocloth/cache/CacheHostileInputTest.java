package org.isocloth.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.isocloth.InputException;
import org.isocloth.collision.MeshCollider;
import org.isocloth.collision.MeshColliderFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Caches that are valid as far as their checksums go but hold hostile values, files that are not
 * regular files, and the clean-up of temporary files left by dead writers.
 */
class CacheHostileInputTest {
    @TempDir
    Path tmp;

    /** A 2 m square plate of 4 nodes (two triangles), no UVs. */
    static CacheCloth plate(String name) {
        return new CacheCloth(name, 4, new int[] {0, 2, 1, 0, 3, 2}, null, null);
    }

    /** Frame k of the plate: at height 0.1·k. */
    static double[] plateAt(int k) {
        double y = 0.1 * k;
        return new double[] {-1, y, -1, 1, y, -1, 1, y, 1, -1, y, 1};
    }

    /** Writes a valid cache of cloths "a" (plate) and "b" (plate), frames 0..frames−1. */
    static Path writeCache(Path file, int firstFrame, int frames) throws IOException {
        try (CacheWriter w = CacheWriter.create(file, 30, firstFrame, List.of(plate("a"), plate("b")))) {
            for (int k = 0; k < frames; k++) {
                w.appendFrame(plateAt(k), plateAt(k));
            }
            w.finish();
        }
        return file;
    }

    /**
     * Replaces one coordinate of a frame in a cache file and stores the block's new CRC-32C, as
     * {@link CacheFormat} defines it: frame k of cloth c starts at headerLength + k·frameBytes +
     * Σ earlier cloths (12·n + 4); its CRC covers its 12·n position bytes and follows them.
     */
    static void patchCoordinate(Path file, int frame, int cloth, int node, int axis, float value) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        try (CacheReader r = CacheReader.open(file)) {
            long frameBytes = 0;
            long before = 0;
            for (int c = 0; c < r.clothCount(); c++) {
                if (c == cloth) {
                    before = frameBytes;
                }
                frameBytes += 12L * r.cloths().get(c).nodeCount() + 4;
            }
            int start = (int) (b.getInt(12) + frame * frameBytes + before);
            int positions = 12 * r.cloths().get(cloth).nodeCount();
            b.putFloat(start + 4 * (3 * node + axis), value);
            CRC32C crc = new CRC32C();
            crc.update(b.array(), start, positions);
            b.putInt(start + positions, (int) crc.getValue());
        }
        Files.write(file, b.array());
    }

    /** Rewrites the header CRC-32C (bytes [0, headerLength − 4)) after a header field was changed. */
    static void resealHeader(ByteBuffer b) {
        int hl = b.getInt(12);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, hl - 4);
        b.putInt(hl - 4, (int) crc.getValue());
    }

    @Test
    void nonFiniteCoordinateWithAValidChecksumIsRefusedNamingFrameClothAndNode() throws IOException {
        Path file = writeCache(tmp.resolve("nan.isocache"), 0, 3);
        patchCoordinate(file, 1, 1, 2, 1, Float.NaN);
        try (CacheReader r = CacheReader.open(file)) {
            // the block's checksum is valid, so only the finiteness check can refuse it
            r.readFrame(1, 0); // cloth "a" of the same frame is intact
            assertArrayEquals(r.readFrame(2, 1), r.readFrame(2, 0)); // later frames too
            InputException e = assertThrows(InputException.class, () -> r.readFrame(1, 1));
            // frame 1, cloth 1 = "b", node 2, axis 1 = y
            assertEquals(file + ": corrupt frame 1 of cloth 'b': node 2 coordinate y is NaN", e.getMessage());
        }
        // the same bytes read from a stream (jME assets) are checked the same way
        try (CacheReader m = CacheReader.read(new ByteArrayInputStream(Files.readAllBytes(file)), "asset.isocache")) {
            InputException e = assertThrows(InputException.class, () -> m.readFrame(1, 1));
            assertEquals("asset.isocache: corrupt frame 1 of cloth 'b': node 2 coordinate y is NaN", e.getMessage());
        }
        // a cache collider reads every frame, so it refuses the file as a whole
        InputException e = assertThrows(InputException.class, () -> MeshColliderFiles.fromCache("c", file, false));
        assertTrue(e.getMessage().contains("corrupt frame 1 of cloth 'b': node 2 coordinate y is NaN"), e.getMessage());
    }

    @Test
    void infiniteCoordinateIsRefusedWithTheSceneFrameNumber() throws IOException {
        Path file = writeCache(tmp.resolve("inf.isocache"), 40, 4);
        patchCoordinate(file, 3, 0, 0, 2, Float.NEGATIVE_INFINITY);
        try (CacheReader r = CacheReader.open(file)) {
            InputException e = assertThrows(InputException.class, () -> r.readFrame(3, 0));
            // recorded from scene frame 40, so frame 3 is scene frame 43; node 0, axis 2 = z
            assertEquals(file + ": corrupt frame 3 (scene frame 43) of cloth 'a': node 0 coordinate z is -Infinity",
                    e.getMessage());
        }
    }

    @Test
    void writerRefusesValuesThatAreNotFiniteAsFloatsNamingTheSceneFrame() throws IOException {
        Path file = tmp.resolve("w.isocache");
        try (CacheWriter w = CacheWriter.create(file, 30, 5, List.of(plate("a")))) {
            w.appendFrame(plateAt(0));
            double[] x = plateAt(1);
            x[6] = 1e39; // finite as a double, +Infinity as a float (largest float ≈ 3.4e38)
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.appendFrame(x));
            // the second frame appended, recorded from scene frame 5: scene frame 6; value 6 = node 2, x
            assertEquals("a: node 2 coordinate x is 1.0E39 in frame 6", e.getMessage());
            assertEquals(1, w.framesWritten());
            w.finish();
        }
        try (CacheReader r = CacheReader.open(file)) {
            assertEquals(1, r.frameCount());
        }
    }

    @Test
    void headerWhoseSizeArithmeticWrapsIsRefused() throws IOException {
        // nodeCount n = (2^32 − 1)/3 makes a frame block 12n + 4 = 2^34 bytes; frameCount 2^30 frames of
        // it are 2^64 bytes, which wrap to 0 in a long: without a bound the header alone would pass
        // the exact-size check, and a frame read would allocate (int) 2^34 = 0 bytes.
        Path file = tmp.resolve("wrap.isocache");
        try (CacheWriter w = CacheWriter.create(file, 30, 0, List.of(new CacheCloth("t", 3, new int[] {0, 1, 2},
                null, null)))) {
            w.finish(); // header only: 0 frames
        }
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int n = (int) (((1L << 32) - 1) / 3);
        b.putInt(CacheFormat.FRAME_COUNT_OFFSET, 1 << 30);
        b.putInt(CacheFormat.FIXED_HEADER + 2 + 1, n); // after the name's length (u16) and the name "t"
        resealHeader(b);
        Files.write(file, b.array());
        InputException e = assertThrows(InputException.class, () -> CacheReader.open(file).close());
        assertEquals(file + ": corrupt header: cloth 0 't': nodeCount " + n + " is above the limit "
                + CacheReader.MAX_NODES, e.getMessage());
    }

    @Test
    void sceneFrameNumbersPastTheLargestIntAreRefused() throws IOException {
        Path file = writeCache(tmp.resolve("late.isocache"), 0, 2);
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(24, Integer.MAX_VALUE); // firstFrame: frames MAX and MAX + 1
        resealHeader(b);
        Files.write(file, b.array());
        InputException e = assertThrows(InputException.class, () -> CacheReader.open(file).close());
        assertEquals(file + ": corrupt header: frames 2147483647 + 2 go past the largest scene frame number 2147483647",
                e.getMessage());
    }

    /** Makes a named pipe with mkfifo (POSIX; the build runs on Linux). */
    static Path fifo(Path file) throws Exception {
        Process p = new ProcessBuilder("mkfifo", file.toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "mkfifo failed");
        assertTrue(Files.exists(file) && !Files.isRegularFile(file));
        return file;
    }

    @Test
    void namedPipeIsRefusedWithoutBlocking() throws Exception {
        // opening a pipe for reading blocks until a writer appears, i.e. for ever here: the reader
        // must refuse it from its file type, before opening it
        Path pipe = fifo(tmp.resolve("pipe.isocache"));
        InputException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertThrows(InputException.class, () -> CacheReader.open(pipe).close()));
        assertEquals(pipe + ": the bake cache is a pipe, socket or device, not a regular file", e.getMessage());
        // a cache collider (the scene reader checks the path too, but the file may change after that)
        e = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertThrows(InputException.class, () -> MeshColliderFiles.fromCache("c", pipe, false)));
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
    }

    @Test
    void targetsThatAreNotRegularFilesAreRefusedAndKept() throws Exception {
        Path pipe = fifo(tmp.resolve("out.isocache"));
        IOException e = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(IOException.class,
                () -> CacheWriter.create(pipe, 30, 0, List.of(plate("a")))));
        assertEquals(pipe + ": cannot write: it is a pipe, socket or device, not a regular file", e.getMessage());
        assertFalse(Files.isRegularFile(pipe, LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(pipe));
        Path dir = Files.createDirectory(tmp.resolve("d.isocache"));
        e = assertThrows(IOException.class, () -> CacheWriter.create(dir, 30, 0, List.of(plate("a"))));
        assertEquals(dir + ": cannot write: it is a directory", e.getMessage());
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(dir, pipe), s.sorted().toList(), "no temporary file was created");
        }
    }

    /** A PID that no running process has: that of a child that has exited. */
    static long deadPid() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        for (int attempt = 0; attempt < 20; attempt++) {
            Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            long pid = p.pid();
            if (ProcessHandle.of(pid).isEmpty()) {
                return pid;
            }
        }
        throw new AssertionError("every exited child's PID was taken again at once");
    }

    @Test
    void staleTemporaryFilesOfDeadWritersAreDeletedOthersKept() throws Exception {
        long dead = deadPid();
        long self = ProcessHandle.current().pid();
        Path target = tmp.resolve("c.isocache");
        Path stale = Files.writeString(tmp.resolve(".c.isocache." + dead + ".0123abcd.tmp"), "partial");
        Path live = Files.writeString(tmp.resolve(".c.isocache." + self + ".89ab.tmp"), "in progress");
        // kept: no PID (not written by this version), another target, not a regular file,
        // a name that only starts like a temporary file
        Path noPid = Files.writeString(tmp.resolve(".c.isocache.0123abcd.tmp"), "x");
        Path other = Files.writeString(tmp.resolve(".d.isocache." + dead + ".ab.tmp"), "x");
        Path dir = Files.createDirectory(tmp.resolve(".c.isocache." + dead + ".cd.tmp"));
        Path longer = Files.writeString(tmp.resolve(".c.isocache.x." + dead + ".ab.tmp"), "x");
        writeCache(target, 0, 2);
        try (Stream<Path> s = Files.list(tmp)) {
            // only the dead writer's file of this target is gone, and the new cache is there
            assertEquals(Stream.of(target, live, noPid, other, dir, longer).sorted().toList(), s.sorted().toList());
        }
        assertFalse(Files.exists(stale));
        // a second write finds nothing more to delete
        assertEquals(0, AtomicFiles.removeStale(target));
    }

    @Test
    void temporaryFileNameCarriesTheWritersPid() throws IOException {
        Path target = tmp.resolve("n.isocache");
        try (CacheWriter w = CacheWriter.create(target, 30, 0, List.of(plate("a")))) {
            String name = w.temporaryFile().getFileName().toString();
            // .NAME.PID.HEX.tmp
            assertTrue(name.matches("\\.n\\.isocache\\." + ProcessHandle.current().pid() + "\\.[0-9a-f]+\\.tmp"), name);
        }
    }

    @Test
    void exportDataEstimateBoundsTheActualBuffer() throws IOException {
        // The size check must not let through an export bigger than it estimated: the estimate is an
        // upper bound of the binary data, exceeding it by at most the animation keys it counts in full
        // (5 keys of 16 bytes a frame; the first and last frame have fewer) — here a flipbook of 7 frames.
        Path file = writeCache(tmp.resolve("e.isocache"), 0, 7);
        Path glb = tmp.resolve("e.glb");
        try (CacheReader r = CacheReader.open(file)) {
            GltfExport.writeFlipbook(r, 0, 6, glb);
            RenderLayout[] layouts = {RenderLayout.of(r.cloths().get(0)), RenderLayout.of(r.cloths().get(1))};
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(glb)).order(ByteOrder.LITTLE_ENDIAN);
            int jsonLength = b.getInt(12);
            int binLength = b.getInt(20 + jsonLength);
            long estimate = GltfExport.dataBytes(layouts, 7, false);
            assertTrue(estimate >= binLength && estimate - binLength <= 7 * 80, estimate + " vs " + binLength);
        }
    }
}
