package org.isocloth.cache;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.zip.CRC32C;
import org.isocloth.InputException;
import org.isocloth.UserFiles;

/**
 * Reads a bake cache ({@link CacheFormat}) with random access to any frame.
 *
 * <p>{@link #open(Path)} accepts only a regular file ({@link UserFiles#requireRegularFile}: a
 * pipe or a device could block for ever), validates the whole header (magic, version, checksum,
 * counts, indices, texture coordinates) and the exact file size before returning, and every frame
 * read checks its block's checksum and that every coordinate is finite (a block with a valid
 * checksum may still hold NaN if it was written by other software or patched). Every problem is an
 * {@link InputException} with one line naming the file and the reason, e.g.
 * {@code "out/c.isocache: truncated: 20 frames need 1045120 bytes, the file has 524288 (was the
 * bake interrupted?)"}; file and cloth names in messages are shortened as
 * {@link UserFiles#shown(String)} does.
 *
 * <p>Frames are numbered from 0 (the first recorded frame) to {@link #frameCount()} − 1; frame
 * k is scene frame {@link #firstFrame()} + k, at scene time (firstFrame + k) / fps. Reads are
 * synchronized; a reader may be shared between threads.
 */
public final class CacheReader implements Closeable {
    private final String source;
    /** {@link #source} as messages show it. */
    private final String shownSource;
    private final FileChannel channel;
    private final ByteBuffer memory;
    private final long size;
    private final double fps;
    private final int firstFrame;
    private final int frameCount;
    private final List<CacheCloth> cloths;
    private final long headerLength;
    private final long frameBytes;
    private final long[] blockOffset;
    /** Most nodes a cloth may have: a frame block of 12 bytes a node and a checksum fits an array. */
    static final int MAX_NODES = (Integer.MAX_VALUE - 8 - 4) / 12;
    private ByteBuffer block;
    private final CRC32C crc = new CRC32C();

    private CacheReader(String source, FileChannel channel, ByteBuffer memory) {
        this.source = source;
        this.shownSource = UserFiles.shown(source);
        this.channel = channel;
        this.memory = memory;
        try {
            this.size = channel != null ? channel.size() : memory.limit();
        } catch (IOException e) {
            throw fail("cannot read: " + AtomicFiles.reason(e), e);
        }
        if (size < CacheFormat.MAGIC.length) {
            throw fail("not an IsoCloth bake cache (only " + size + " bytes, no \"ISOCACHE\" magic)");
        }
        ByteBuffer fixed = read(0, (int) Math.min(size, CacheFormat.FIXED_HEADER));
        byte[] magic = new byte[CacheFormat.MAGIC.length];
        fixed.get(magic);
        if (!Arrays.equals(magic, CacheFormat.MAGIC)) {
            throw fail("not an IsoCloth bake cache (wrong magic: expected \"ISOCACHE\")");
        }
        if (size < CacheFormat.FIXED_HEADER) {
            throw fail("truncated: the header needs at least " + CacheFormat.FIXED_HEADER + " bytes, the file has "
                    + size);
        }
        int version = fixed.getInt();
        if (version != CacheFormat.VERSION) {
            throw fail("unsupported cache version " + Integer.toUnsignedString(version) + " (this IsoCloth reads version "
                    + CacheFormat.VERSION + ")");
        }
        long hl = Integer.toUnsignedLong(fixed.getInt());
        if (hl < CacheFormat.FIXED_HEADER + 4) {
            throw fail("corrupt header: header length " + hl + " is below the minimum " + (CacheFormat.FIXED_HEADER + 4));
        }
        if (hl > size) {
            throw fail("truncated: the header needs " + hl + " bytes, the file has " + size);
        }
        if (hl > Integer.MAX_VALUE - 8) {
            throw fail("corrupt header: header length " + hl + " is too large");
        }
        headerLength = hl;
        ByteBuffer h = read(0, (int) hl);
        crc.reset();
        crc.update(h.array(), 0, (int) hl - 4);
        int stored = h.getInt((int) hl - 4);
        if (stored != (int) crc.getValue()) {
            throw fail("corrupt header: checksum mismatch");
        }
        h.position(16);
        fps = h.getDouble();
        if (!(fps > 0) || fps > CacheFormat.MAX_FPS) {
            throw fail("corrupt header: fps " + fps + " is not in (0, " + (int) CacheFormat.MAX_FPS + "]");
        }
        firstFrame = nonNegative(h.getInt(), "firstFrame");
        frameCount = nonNegative(h.getInt(), "frameCount");
        if (frameCount > 0 && (long) firstFrame + frameCount - 1 > Integer.MAX_VALUE) {
            throw fail("corrupt header: frames " + firstFrame + " + " + frameCount
                    + " go past the largest scene frame number " + Integer.MAX_VALUE);
        }
        int clothCount = nonNegative(h.getInt(), "clothCount");
        if (clothCount == 0) {
            throw fail("corrupt header: no cloths");
        }
        List<CacheCloth> list = new ArrayList<>();
        long fb = 0;
        blockOffset = new long[clothCount];
        for (int c = 0; c < clothCount; c++) {
            list.add(readCloth(h, c, (int) hl - 4));
            blockOffset[c] = fb;
            fb += list.get(c).frameBlockBytes();
        }
        if (h.position() != hl - 4) {
            throw fail("corrupt header: " + (hl - 4 - h.position()) + " unexplained bytes before the checksum");
        }
        cloths = Collections.unmodifiableList(list);
        frameBytes = fb;
        // whole frames the file holds; compared by division, as frameCount * fb may exceed a long
        long whole = (size - hl) / fb;
        if (whole < frameCount) {
            throw fail("truncated: " + frameCount + " frames need " + sizeFor(hl, frameCount, fb)
                    + " bytes, the file has " + size + " (only " + whole + " whole frames; was the file cut short?)");
        }
        long expected = hl + frameCount * fb; // ≤ size here, so no overflow
        if (size > expected) {
            throw fail((size - expected) + " unexpected bytes after the last of " + frameCount + " frames");
        }
    }

    /** hl + frames · fb as a decimal number, or "more than " and the largest long where it exceeds that. */
    private static String sizeFor(long hl, long frames, long fb) {
        if (frames > (Long.MAX_VALUE - hl) / fb) {
            return "more than " + Long.MAX_VALUE;
        }
        return Long.toString(hl + frames * fb);
    }

    /**
     * Opens and validates a cache file.
     *
     * @param file the file
     * @return the reader (close it)
     * @throws InputException if the file is missing, unreadable, not a regular file or not a valid
     *     cache
     */
    public static CacheReader open(Path file) {
        Objects.requireNonNull(file, "file");
        String name = file.toString();
        UserFiles.requireRegularFile(file, "bake cache");
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new InputException(UserFiles.shown(name) + ": no such file (bake cache)", e);
        } catch (IOException e) {
            throw new InputException(UserFiles.shown(name) + ": cannot read: " + AtomicFiles.reason(e), e);
        }
        try {
            return new CacheReader(name, ch, null);
        } catch (RuntimeException e) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // the validation failure is what matters
            }
            throw e;
        }
    }

    /**
     * Reads a whole cache from a stream into memory (for assets inside jars) and validates it.
     *
     * @param in the stream (read to its end, not closed)
     * @param name the name used in messages, e.g. the asset path
     * @return the reader
     * @throws InputException if the stream cannot be read or is not a valid cache
     */
    public static CacheReader read(InputStream in, String name) {
        Objects.requireNonNull(in, "in");
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            in.transferTo(buf);
        } catch (IOException e) {
            throw new InputException(UserFiles.shown(name) + ": cannot read: " + AtomicFiles.reason(e), e);
        }
        return new CacheReader(name, null, ByteBuffer.wrap(buf.toByteArray()));
    }

    private CacheCloth readCloth(ByteBuffer h, int c, int end) {
        String where = "cloth " + c;
        need(h, 2, end, where);
        int nameLength = Short.toUnsignedInt(h.getShort());
        need(h, nameLength, end, where);
        byte[] nb = new byte[nameLength];
        h.get(nb);
        String name;
        try {
            name = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(nb)).toString();
        } catch (CharacterCodingException e) {
            throw fail("corrupt header: " + where + ": name is not UTF-8");
        }
        where = "cloth " + c + " '" + UserFiles.shown(name) + "'";
        need(h, 8, end, where);
        int nodes = nonNegative(h.getInt(), where + ": nodeCount");
        int tris = nonNegative(h.getInt(), where + ": triangleCount");
        if (nodes == 0 || tris == 0) {
            throw fail("corrupt header: " + where + ": " + nodes + " nodes, " + tris + " triangles");
        }
        if (nodes > MAX_NODES) {
            // a frame block (12 bytes a node) must fit one buffer, as CacheWriter requires
            throw fail("corrupt header: " + where + ": nodeCount " + nodes + " is above the limit " + MAX_NODES);
        }
        need(h, 12L * tris + 4, end, where);
        int[] t = new int[3 * tris];
        for (int i = 0; i < t.length; i++) {
            t[i] = h.getInt();
            if (t[i] < 0 || t[i] >= nodes) {
                throw fail("corrupt header: " + where + ": triangle " + i / 3 + " references node " + t[i]
                        + " (nodes 0.." + (nodes - 1) + ")");
            }
        }
        int uvCount = nonNegative(h.getInt(), where + ": uvCount");
        double[] uv = null;
        int[] tuv = null;
        if (uvCount > 0) {
            need(h, 16L * uvCount + 12L * tris, end, where);
            uv = new double[2 * uvCount];
            for (int i = 0; i < uv.length; i++) {
                uv[i] = h.getDouble();
                if (!Double.isFinite(uv[i])) {
                    throw fail("corrupt header: " + where + ": texture coordinate " + i / 2 + " is " + uv[i]);
                }
            }
            tuv = new int[3 * tris];
            for (int i = 0; i < tuv.length; i++) {
                tuv[i] = h.getInt();
                if (tuv[i] < 0 || tuv[i] >= uvCount) {
                    throw fail("corrupt header: " + where + ": triangle " + i / 3 + " references UV " + tuv[i]
                            + " (entries 0.." + (uvCount - 1) + ")");
                }
            }
        }
        return new CacheCloth(name, nodes, t, uv, tuv);
    }

    private void need(ByteBuffer h, long bytes, int end, String where) {
        if (h.position() + bytes > end) {
            throw fail("corrupt header: " + where + " runs past the header's end");
        }
    }

    private int nonNegative(int v, String field) {
        if (v < 0) {
            throw fail("corrupt header: " + field + " " + Integer.toUnsignedString(v) + " is out of range");
        }
        return v;
    }

    private InputException fail(String reason) {
        return new InputException(shownSource + ": " + reason);
    }

    private InputException fail(String reason, Throwable cause) {
        return new InputException(shownSource + ": " + reason, cause);
    }

    /** "frame k", with the scene frame number added when the cache does not start at frame 0. */
    private String frameName(int frame) {
        return firstFrame == 0 ? "frame " + frame : "frame " + frame + " (scene frame " + (firstFrame + frame) + ")";
    }

    /** Reads bytes at an absolute position into a new little-endian buffer (position 0). */
    private ByteBuffer read(long pos, int length) {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        readInto(pos, b);
        b.flip();
        return b;
    }

    private void readInto(long pos, ByteBuffer b) {
        if (channel == null) {
            ByteBuffer src = memory.duplicate();
            src.position((int) pos).limit((int) pos + b.remaining());
            b.put(src);
            return;
        }
        try {
            while (b.hasRemaining()) {
                int r = channel.read(b, pos);
                if (r < 0) {
                    throw fail("truncated: unexpected end of file at byte " + pos + " (was it changed while open?)");
                }
                pos += r;
            }
        } catch (IOException e) {
            throw fail("cannot read: " + AtomicFiles.reason(e), e);
        }
    }

    // ------------------------------------------------------------------ accessors

    /** @return the file name or asset path used in messages */
    public String source() {
        return source;
    }

    /** @return frames per second */
    public double fps() {
        return fps;
    }

    /** @return scene frame number of frame 0 */
    public int firstFrame() {
        return firstFrame;
    }

    /** @return number of recorded frames (may be 0) */
    public int frameCount() {
        return frameCount;
    }

    /** @return the cloths (unmodifiable) */
    public List<CacheCloth> cloths() {
        return cloths;
    }

    /** @return number of cloths */
    public int clothCount() {
        return cloths.size();
    }

    /**
     * @param name a cloth name
     * @return its index, or −1 if no cloth has that name
     */
    public int clothIndex(String name) {
        for (int i = 0; i < cloths.size(); i++) {
            if (cloths.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** @return the file size, bytes */
    public long size() {
        return size;
    }

    /**
     * Checks a frame number.
     *
     * @param frame a frame index
     * @throws InputException naming the file and the valid range if it is out of range
     */
    public void checkFrame(int frame) {
        if (frame < 0 || frame >= frameCount) {
            throw fail("frame " + frame + " is out of range " + (frameCount == 0 ? "(the cache has no frames)"
                    : "0.." + (frameCount - 1)));
        }
    }

    /**
     * Reads one cloth's node positions of one frame.
     *
     * @param frame frame index in [0, frameCount)
     * @param cloth cloth index
     * @param out destination, at least 3·nodeCount floats (x, y, z per node)
     * @throws InputException if the frame is out of range, its checksum does not match, it holds
     *     a coordinate that is not finite (then {@code out} is partly overwritten) or it cannot be read
     */
    public synchronized void readFrame(int frame, int cloth, float[] out) {
        checkFrame(frame);
        Objects.checkIndex(cloth, cloths.size());
        CacheCloth c = cloths.get(cloth);
        int bytes = (int) c.frameBlockBytes();
        if (out.length < 3 * c.nodeCount()) {
            throw new IllegalArgumentException("output array of " + out.length + " floats for " + c.nodeCount()
                    + " nodes");
        }
        if (block == null || block.capacity() < bytes) {
            block = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
        }
        block.clear().limit(bytes);
        readInto(headerLength + frame * frameBytes + blockOffset[cloth], block);
        crc.reset();
        crc.update(block.array(), 0, bytes - 4);
        if (block.getInt(bytes - 4) != (int) crc.getValue()) {
            throw fail(String.format(Locale.ROOT, "corrupt %s of cloth '%s': checksum mismatch", frameName(frame),
                    UserFiles.shown(c.name())));
        }
        block.position(0);
        int n = 3 * c.nodeCount();
        block.asFloatBuffer().get(out, 0, n);
        for (int i = 0; i < n; i++) {
            if (!Float.isFinite(out[i])) {
                throw fail(String.format(Locale.ROOT, "corrupt %s of cloth '%s': node %d coordinate %c is %s",
                        frameName(frame), UserFiles.shown(c.name()), i / 3, "xyz".charAt(i % 3), out[i]));
            }
        }
    }

    /**
     * Reads one cloth's node positions of one frame into a new array.
     *
     * @param frame frame index in [0, frameCount)
     * @param cloth cloth index
     * @return 3·nodeCount floats
     * @throws InputException as {@link #readFrame(int, int, float[])}
     */
    public float[] readFrame(int frame, int cloth) {
        float[] out = new float[3 * cloths.get(cloth).nodeCount()];
        readFrame(frame, cloth, out);
        return out;
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
