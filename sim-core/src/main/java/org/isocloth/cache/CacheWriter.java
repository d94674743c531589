package org.isocloth.cache;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.zip.CRC32C;
import org.isocloth.UserFiles;

/**
 * Streams a bake cache (layout: {@link CacheFormat}) to disk while a simulation runs.
 *
 * <p>{@link #create} writes the header into a temporary file next to the target;
 * {@link #appendFrame(double[][])} appends one frame of every cloth (converted to float32);
 * {@link #finish()} patches the frame count and header checksum, forces the data to disk and
 * moves the file over the target. {@link #abort()} or {@link #close()} before {@code finish}
 * delete the temporary file, so an interrupted or failed bake never leaves a partial cache under
 * the target's name, and an existing file of that name is kept until a complete one replaces it.
 *
 * <p>The methods are synchronized, so a shutdown hook may call {@link #abort()} while another
 * thread appends frames: that thread's next {@link #appendFrame} or {@link #finish()} then throws
 * {@link AbortedException}, an {@link IOException} with a message for the user.
 */
public final class CacheWriter implements Closeable {
    private static final Logger LOG = Logger.getLogger(CacheWriter.class.getName());

    private enum State { OPEN, FINISHED, ABORTED }

    /** Thrown by {@link #appendFrame} and {@link #finish()} once {@link #abort()} stopped the writer. */
    public static final class AbortedException extends IOException {
        private static final long serialVersionUID = 1L;

        AbortedException(String message) {
            super(message);
        }
    }

    private final Path target;
    private final Path tmp;
    private final FileChannel channel;
    private final CacheCloth[] cloths;
    private final int firstFrame;
    private final byte[] header;
    private final ByteBuffer block;
    private final CRC32C crc = new CRC32C();
    private int frames;
    private long bytes;
    private State state = State.OPEN;

    private CacheWriter(Path target, Path tmp, FileChannel channel, CacheCloth[] cloths, int firstFrame,
            byte[] header) {
        this.target = target;
        this.tmp = tmp;
        this.channel = channel;
        this.cloths = cloths;
        this.firstFrame = firstFrame;
        this.header = header;
        long largest = 0;
        for (CacheCloth c : cloths) {
            largest = Math.max(largest, c.frameBlockBytes());
        }
        this.block = ByteBuffer.allocate((int) largest).order(ByteOrder.LITTLE_ENDIAN);
        this.bytes = header.length;
    }

    /**
     * Starts a cache: creates a temporary file next to {@code target} and writes the header.
     *
     * @param target the cache file to produce (its directory must exist; replaced on {@link #finish()})
     * @param fps frames per second (finite, in (0, 10000])
     * @param firstFrame scene frame number of the first frame that will be appended (≥ 0)
     * @param cloths the cloths, in the order their positions are given to {@link #appendFrame(double[][])}
     *     (not empty)
     * @return the writer
     * @throws IOException if the temporary file cannot be created or written (message names the target)
     * @throws IllegalArgumentException if fps, firstFrame or the cloth list is out of range
     */
    public static CacheWriter create(Path target, double fps, int firstFrame, List<CacheCloth> cloths)
            throws IOException {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(cloths, "cloths");
        if (!(fps > 0) || fps > CacheFormat.MAX_FPS) {
            throw new IllegalArgumentException("fps " + fps + " is not in (0, " + CacheFormat.MAX_FPS + "]");
        }
        if (firstFrame < 0) {
            throw new IllegalArgumentException("firstFrame " + firstFrame + " is negative");
        }
        if (cloths.isEmpty()) {
            throw new IllegalArgumentException("a cache needs at least one cloth");
        }
        CacheCloth[] cs = cloths.toArray(new CacheCloth[0]);
        for (CacheCloth c : cs) {
            Objects.requireNonNull(c, "cloth");
            if (c.frameBlockBytes() > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(UserFiles.shown(c.name()) + ": " + c.nodeCount()
                        + " nodes are too many for one cache");
            }
        }
        byte[] header = header(fps, firstFrame, cs);
        Path tmp = AtomicFiles.createTemp(target);
        FileChannel ch = null;
        try {
            ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
            writeFully(ch, ByteBuffer.wrap(header));
            CacheWriter w = new CacheWriter(target, tmp, ch, cs, firstFrame, header);
            LOG.log(Level.FINE, "started cache {0} ({1} cloths) in {2}", new Object[] {target, cs.length, tmp});
            return w;
        } catch (IOException e) {
            closeQuietly(ch);
            AtomicFiles.discard(tmp);
            throw new IOException(UserFiles.shown(target) + ": cannot write: " + AtomicFiles.reason(e), e);
        }
    }

    private static byte[] header(double fps, int firstFrame, CacheCloth[] cloths) {
        long size = CacheFormat.FIXED_HEADER + 4;
        byte[][] names = new byte[cloths.length][];
        for (int i = 0; i < cloths.length; i++) {
            CacheCloth c = cloths[i];
            names[i] = c.name().getBytes(StandardCharsets.UTF_8);
            size += 2 + names[i].length + 4 + 4 + 12L * c.triangleCount() + 4
                    + (c.hasUvs() ? 16L * c.uvCount() + 12L * c.triangleCount() : 0);
        }
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("cache header of " + size + " bytes is too large");
        }
        ByteBuffer b = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
        b.put(CacheFormat.MAGIC);
        b.putInt(CacheFormat.VERSION);
        b.putInt((int) size);
        b.putDouble(fps);
        b.putInt(firstFrame);
        b.putInt(0); // frameCount, patched by finish()
        b.putInt(cloths.length);
        for (int i = 0; i < cloths.length; i++) {
            CacheCloth c = cloths[i];
            b.putShort((short) names[i].length);
            b.put(names[i]);
            b.putInt(c.nodeCount());
            b.putInt(c.triangleCount());
            for (int t : c.triangles()) {
                b.putInt(t);
            }
            b.putInt(c.uvCount());
            if (c.hasUvs()) {
                for (double u : c.uvs()) {
                    b.putDouble(u);
                }
                for (int t : c.triangleUvs()) {
                    b.putInt(t);
                }
            }
        }
        b.putInt(0); // header CRC, computed by sealHeader
        byte[] h = b.array();
        sealHeader(h, 0);
        return h;
    }

    /** Writes frameCount and the header CRC into the header bytes. */
    private static void sealHeader(byte[] h, int frameCount) {
        ByteBuffer b = ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(CacheFormat.FRAME_COUNT_OFFSET, frameCount);
        CRC32C c = new CRC32C();
        c.update(h, 0, h.length - 4);
        b.putInt(h.length - 4, (int) c.getValue());
    }

    /**
     * Appends one frame: the node positions of every cloth, in the order given to {@link #create}.
     * Each value is stored as {@code (float) x}, which must be finite: a value whose float is
     * infinite (beyond ±3.4·10³⁸) is refused like NaN.
     *
     * @param positions per cloth, 3·nodeCount finite values (x, y, z per node, metres)
     * @throws AbortedException if {@link #abort()} stopped the writer
     * @throws IOException if writing fails (the writer is then aborted and its temporary file deleted)
     * @throws IllegalArgumentException if the number of arrays or an array's length does not match,
     *     or a value is not finite; the message names the cloth, the node and the scene frame
     *     (nothing is written)
     * @throws IllegalStateException if the writer was finished
     */
    public synchronized void appendFrame(double[]... positions) throws IOException {
        requireOpen();
        if (positions.length != cloths.length) {
            throw new IllegalArgumentException(positions.length + " position arrays for " + cloths.length + " cloths");
        }
        for (int c = 0; c < cloths.length; c++) {
            double[] x = positions[c];
            if (x.length != 3 * cloths[c].nodeCount()) {
                throw new IllegalArgumentException(UserFiles.shown(cloths[c].name()) + ": " + x.length
                        + " values for " + cloths[c].nodeCount() + " nodes");
            }
            int bad = firstNonFinite(x);
            if (bad >= 0) {
                throw new IllegalArgumentException(UserFiles.shown(cloths[c].name()) + ": node " + bad / 3
                        + " coordinate " + "xyz".charAt(bad % 3) + " is " + x[bad] + " in frame "
                        + ((long) firstFrame + frames));
            }
        }
        try {
            for (int c = 0; c < cloths.length; c++) {
                double[] x = positions[c];
                block.clear();
                for (double v : x) {
                    block.putFloat((float) v);
                }
                crc.reset();
                crc.update(block.array(), 0, block.position());
                block.putInt((int) crc.getValue());
                block.flip();
                writeFully(channel, block);
                bytes += block.limit();
            }
        } catch (IOException e) {
            abort();
            throw new IOException(UserFiles.shown(target) + ": cannot write frame " + ((long) firstFrame + frames)
                    + ": " + AtomicFiles.reason(e), e);
        }
        frames++;
    }

    /**
     * Completes the cache: patches the header, forces the file to disk and moves it over the target.
     *
     * @throws AbortedException if {@link #abort()} stopped the writer (the target is unchanged)
     * @throws IOException if that fails (the temporary file is deleted; the target is unchanged)
     * @throws IllegalStateException if the writer was already finished
     */
    public synchronized void finish() throws IOException {
        requireOpen();
        try {
            sealHeader(header, frames);
            ByteBuffer h = ByteBuffer.wrap(header);
            long pos = 0;
            while (h.hasRemaining()) {
                pos += channel.write(h, pos);
            }
            channel.force(true);
            channel.close();
            AtomicFiles.commit(tmp, target);
        } catch (IOException e) {
            abort();
            String shown = UserFiles.shown(target);
            throw e.getMessage() != null && e.getMessage().startsWith(shown) ? e
                    : new IOException(shown + ": cannot finish the cache: " + AtomicFiles.reason(e), e);
        }
        state = State.FINISHED;
        LOG.log(Level.FINE, "wrote cache {0}: {1} frames, {2} bytes", new Object[] {target, frames, bytes});
    }

    /** Stops writing and deletes the temporary file; does nothing once finished or aborted. */
    public synchronized void abort() {
        if (state != State.OPEN) {
            return;
        }
        state = State.ABORTED;
        closeQuietly(channel);
        AtomicFiles.discard(tmp);
        LOG.log(Level.FINE, "aborted cache {0} after {1} frames", new Object[] {target, frames});
    }

    /** Aborts unless {@link #finish()} succeeded. */
    @Override
    public void close() {
        abort();
    }

    /** @return whether {@link #abort()} (or {@link #close()} before {@link #finish()}) stopped the writer */
    public synchronized boolean aborted() {
        return state == State.ABORTED;
    }

    /** @return frames appended so far */
    public synchronized int framesWritten() {
        return frames;
    }

    /** @return bytes written so far (header and frames) */
    public synchronized long bytesWritten() {
        return bytes;
    }

    /** @return the target file */
    public Path target() {
        return target;
    }

    /** @return the temporary file the data goes to until {@link #finish()} */
    public Path temporaryFile() {
        return tmp;
    }

    private void requireOpen() throws AbortedException {
        if (state == State.ABORTED) {
            throw new AbortedException(UserFiles.shown(target) + ": stopped after " + frames
                    + (frames == 1 ? " frame" : " frames") + "; the cache was not written");
        }
        if (state != State.OPEN) {
            throw new IllegalStateException(UserFiles.shown(target) + ": the cache writer was already finished");
        }
    }

    /**
     * @param x values
     * @return the index of the first value that is NaN or whose float is infinite, or −1
     */
    public static int firstNonFinite(double[] x) {
        for (int i = 0; i < x.length; i++) {
            if (!Float.isFinite((float) x[i])) {
                return i;
            }
        }
        return -1;
    }

    private static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch == null) {
            return;
        }
        try {
            ch.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing a cache file failed", e);
        }
    }
}
