package org.isocloth.samples;

import com.jme3.math.Transform;
import com.jme3.math.Vector3f;
import com.jme3.post.SceneProcessor;
import com.jme3.profile.AppProfiler;
import com.jme3.renderer.Camera;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.renderer.queue.RenderQueue;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.VertexBuffer;
import com.jme3.texture.FrameBuffer;
import com.jme3.util.BufferUtils;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.imageio.ImageIO;

/**
 * What the previewer writes of the frames it renders (a processor of the GUI viewport, which
 * renders last, so the panel is in the pictures): every frame as {@code DIR/frame_NNNN.png}
 * ({@code --record DIR}), an animated GIF of them ({@code --gif FILE}), the last frame as a PNG
 * ({@code --screenshot FILE}) and, beside it, {@code NAME-mask.png}: white where the selected
 * cloth's triangles project, black elsewhere (what a test measures the cloth's share of the
 * picture and its change between frames with). After the last frame it stops the application.
 * Files appear complete or not at all.
 */
final class FrameCapture implements SceneProcessor {
    private static final Logger LOG = Logger.getLogger(FrameCapture.class.getName());

    /** What to write; any path may be null. */
    record Outputs(Path screenshot, Path recordDirectory, Path gif, int frames) {
    }

    private final Outputs outputs;
    private final Camera cam;
    private final Supplier<Geometry> selected;
    private final Runnable stop;
    private RenderManager rm;
    private boolean initialized;
    private int frame;
    private boolean done;
    private GifSequence gif;

    /**
     * @param outputs what to write
     * @param cam the scene's camera
     * @param selected the Geometry of the selected cloth (for the mask), or null when none
     * @param stop stops the application after the last frame
     */
    FrameCapture(Outputs outputs, Camera cam, Supplier<Geometry> selected, Runnable stop) {
        this.outputs = outputs;
        this.cam = cam;
        this.selected = selected;
        this.stop = stop;
    }

    @Override
    public void initialize(RenderManager renderManager, ViewPort vp) {
        rm = renderManager;
        initialized = true;
    }

    @Override
    public void reshape(ViewPort vp, int w, int h) {
    }

    @Override
    public boolean isInitialized() {
        return initialized;
    }

    @Override
    public void preFrame(float tpf) {
    }

    @Override
    public void postQueue(RenderQueue rq) {
    }

    @Override
    public void postFrame(FrameBuffer out) {
        if (done) {
            return;
        }
        frame++;
        boolean last = frame >= outputs.frames();
        if (outputs.recordDirectory() == null && outputs.gif() == null && !last) {
            return;
        }
        BufferedImage image = read(out);
        try {
            if (outputs.recordDirectory() != null) {
                write(image, outputs.recordDirectory().resolve(String.format(Locale.ROOT, "frame_%04d.png", frame)));
            }
            if (outputs.gif() != null) {
                if (gif == null) {
                    gif = new GifSequence(outputs.gif());
                }
                gif.add(image);
            }
            if (last) {
                if (outputs.screenshot() != null) {
                    write(image, outputs.screenshot());
                    Geometry g = selected.get();
                    if (g != null) {
                        write(mask(g, image.getWidth(), image.getHeight()), maskOf(outputs.screenshot()));
                    }
                    LOG.log(Level.INFO, "screenshot written to {0} after {1} frames",
                            new Object[] {outputs.screenshot(), frame});
                }
                if (gif != null) {
                    gif.finish();
                    LOG.log(Level.INFO, "animated GIF of {0} frames written to {1}",
                            new Object[] {gif.frames(), outputs.gif()});
                }
            }
        } catch (IOException e) {
            LOG.log(Level.SEVERE, "could not write the frames: " + e.getMessage(), e);
            last = true;
        }
        if (last) {
            done = true;
            stop.run();
        }
    }

    /** @return {@code DIR/NAME-mask.png} for {@code DIR/NAME.png} */
    static Path maskOf(Path screenshot) {
        String name = screenshot.getFileName().toString();
        String stem = name.toLowerCase(Locale.ROOT).endsWith(".png") ? name.substring(0, name.length() - 4) : name;
        return screenshot.resolveSibling(stem + "-mask.png");
    }

    private BufferedImage read(FrameBuffer out) {
        int w = cam.getWidth();
        int h = cam.getHeight();
        ByteBuffer buffer = BufferUtils.createByteBuffer(w * h * 4);
        rm.getRenderer().readFrameBuffer(out, buffer);
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = ((h - 1 - y) * w + x) * 4;
                int r = buffer.get(i) & 0xff;
                int g = buffer.get(i + 1) & 0xff;
                int b = buffer.get(i + 2) & 0xff;
                image.setRGB(x, y, (r << 16) | (g << 8) | b);
            }
        }
        return image;
    }

    /**
     * The cloth's silhouette: every triangle of its render mesh projected with the camera (both
     * sides, nothing hidden by what is in front of it), filled where the pixel centre lies inside.
     */
    private BufferedImage mask(Geometry g, int w, int h) {
        BufferedImage m = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        Mesh mesh = g.getMesh();
        FloatBuffer pos = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Position).getDataReadOnly();
        int n = mesh.getVertexCount();
        float[] sx = new float[n];
        float[] sy = new float[n];
        boolean[] front = new boolean[n];
        Transform t = g.getWorldTransform();
        Vector3f p = new Vector3f();
        for (int i = 0; i < n; i++) {
            p.set(pos.get(3 * i), pos.get(3 * i + 1), pos.get(3 * i + 2));
            t.transformVector(p, p);
            Vector3f s = cam.getScreenCoordinates(p);
            sx[i] = s.x;
            sy[i] = h - s.y; // image rows go down
            front[i] = s.z > 0 && s.z < 1;
        }
        int[] tri = indices(mesh);
        for (int f = 0; f < tri.length / 3; f++) {
            int a = tri[3 * f];
            int b = tri[3 * f + 1];
            int c = tri[3 * f + 2];
            if (front[a] && front[b] && front[c]) {
                fill(m, sx[a], sy[a], sx[b], sy[b], sx[c], sy[c]);
            }
        }
        return m;
    }

    private static int[] indices(Mesh mesh) {
        com.jme3.scene.mesh.IndexBuffer ib = mesh.getIndicesAsList();
        int[] out = new int[ib.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ib.get(i);
        }
        return out;
    }

    private static void fill(BufferedImage m, float ax, float ay, float bx, float by, float cx, float cy) {
        int x0 = Math.max(0, (int) Math.floor(Math.min(ax, Math.min(bx, cx))));
        int x1 = Math.min(m.getWidth() - 1, (int) Math.ceil(Math.max(ax, Math.max(bx, cx))));
        int y0 = Math.max(0, (int) Math.floor(Math.min(ay, Math.min(by, cy))));
        int y1 = Math.min(m.getHeight() - 1, (int) Math.ceil(Math.max(ay, Math.max(by, cy))));
        double area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        if (area == 0) {
            return;
        }
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                double px = x + 0.5;
                double py = y + 0.5;
                double u = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
                double v = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
                if (u >= 0 && v >= 0 && u + v <= 1) {
                    m.getRaster().setSample(x, y, 0, 255);
                }
            }
        }
    }

    private static void write(BufferedImage image, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempFile(parent, "frame", ".png.tmp");
        try {
            ImageIO.write(image, "png", tmp.toFile());
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    @Override
    public void cleanup() {
        if (gif != null && !done) {
            gif.abort();
        }
    }

    @Override
    public void setProfiler(AppProfiler profiler) {
    }
}
