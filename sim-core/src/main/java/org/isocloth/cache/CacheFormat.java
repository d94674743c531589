package org.isocloth.cache;

import java.nio.charset.StandardCharsets;

/**
 * The layout of an IsoCloth bake cache ({@code .isocache}), version 1.
 *
 * <p>All numbers are little-endian; {@code u16}/{@code u32} are unsigned (values above 2³¹ − 1 are
 * rejected), {@code i32} signed, {@code f32}/{@code f64} IEEE 754. Checksums are CRC-32C
 * ({@link java.util.zip.CRC32C}).
 *
 * <pre>
 * offset  size  field
 *      0     8  magic "ISOCACHE" (49 53 4F 43 41 43 48 45)
 *      8     4  u32 version = 1
 *     12     4  u32 headerLength: bytes from offset 0 to the end of the header checksum
 *     16     8  f64 fps: frames per second, finite, in (0, 10000]
 *     24     4  u32 firstFrame: scene frame number of the first recorded frame (frame 0 = initial state)
 *     28     4  u32 frameCount: recorded frames (consecutive scene frames firstFrame, firstFrame+1, ...)
 *     32     4  u32 clothCount ≥ 1
 *     36        per cloth, in order:
 *                 u16 nameLength, nameLength bytes of UTF-8 name
 *                 u32 nodeCount ≥ 1
 *                 u32 triangleCount ≥ 1           (fine triangles of the 4:1 subdivision)
 *                 i32 × 3·triangleCount           node index of each triangle corner
 *                 u32 uvCount                     (0: no texture coordinates)
 *                 f64 × 2·uvCount                 u, v of each entry (as RedBlackMesh.subdivideUvs gives)
 *                 i32 × 3·triangleCount           UV entry of each triangle corner (only when uvCount &gt; 0)
 *              4  u32 CRC-32C of bytes [0, headerLength − 4)
 * headerLength    frames, frameCount times; each frame holds one block per cloth, in cloth order:
 *                 f32 × 3·nodeCount               x, y, z of every node, metres, scene (world) coordinates
 *                 u32                             CRC-32C of that block's position bytes
 * </pre>
 *
 * <p>The file size is therefore exactly {@code headerLength + frameCount × Σ(12·nodeCount + 4)};
 * a reader rejects any other size (truncated or with trailing bytes) before reading a frame, the
 * header checksum catches a corrupt header, and each block's checksum a corrupt frame. Frame k
 * (0-based) of a cloth starts at {@code headerLength + k·frameBytes + Σ over earlier cloths(12·n + 4)}:
 * random access needs no index.
 *
 * <p>UVs are stored as f64 so that an OBJ export repeats {@code cloth run}'s {@code vt} lines
 * exactly; they are written once, so the frames (f32) dominate the size: 12 bytes per node and frame.
 *
 * <p>{@link CacheWriter} writes the header with {@code frameCount} = 0 into a temporary file, appends
 * frames while the simulation runs, then patches {@code frameCount} and the header checksum, forces
 * the file to disk and moves it over the target: a cache under its final name is always complete.
 */
public final class CacheFormat {
    /** The 8 magic bytes at offset 0. */
    public static final byte[] MAGIC = "ISOCACHE".getBytes(StandardCharsets.US_ASCII);
    /** The version this code writes and reads. */
    public static final int VERSION = 1;
    /** Bytes of the fixed part of the header (magic to clothCount). */
    static final int FIXED_HEADER = 36;
    /** Offset of frameCount. */
    static final int FRAME_COUNT_OFFSET = 28;
    /** Largest fps accepted (as scene files). */
    public static final double MAX_FPS = 10000;
    /** The usual file name extension. */
    public static final String EXTENSION = ".isocache";

    private CacheFormat() {
    }
}
