package org.isocloth.jme;

import com.jme3.asset.AssetInfo;
import com.jme3.asset.AssetKey;
import com.jme3.asset.AssetManager;
import com.jme3.export.InputCapsule;
import com.jme3.export.JmeExporter;
import com.jme3.export.JmeImporter;
import com.jme3.export.OutputCapsule;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Spatial;
import com.jme3.scene.VertexBuffer;
import com.jme3.scene.control.AbstractControl;
import com.jme3.util.BufferUtils;
import com.jme3.util.clone.Cloner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.InputException;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheReader;
import org.isocloth.cache.RenderLayout;

/**
 * Plays a bake cache ({@code cloth bake}, {@link org.isocloth.cache.CacheFormat}) back on a
 * Geometry, without simulating.
 *
 * <p>When it is added to a Geometry (or at its first update) the control replaces the Geometry's
 * mesh with a render mesh of one cloth of the cache, laid out like the simulated cloth's render
 * mesh ({@link RenderLayout}: one vertex per (node, texture coordinate) pair, so UV seams stay
 * seams; the cache's texture coordinates; 16-bit indices below 65536 vertices). Every update it
 * advances its playback time by {@code tpf × speed} and, when that selects another frame, writes
 * the frame's positions and smooth area-weighted normals into the mesh's streamed buffers and
 * updates the bound. Positions are the cache's float32 values unchanged, as mesh coordinates: with
 * an identity transform the cloth appears where it was simulated.
 *
 * <p>Frame k (0 = the first recorded frame) is shown for playback times in [k/fps, (k+1)/fps).
 * With {@link #setLoop looping} (the default) the time wraps around after the last frame;
 * otherwise it stops on the last frame ({@link #isFinished()}). Negative speeds play backwards.
 *
 * <p>The control is Savable (it stores the cache's asset path or file path, the cloth selection and
 * the playback state; an asset path is resolved with the importer's AssetManager) and
 * JmeCloneable (a clone plays independently into its own mesh). Removing it from its Geometry
 * gives the Geometry its original mesh back.
 *
 * <p>A cache that cannot be opened, or a cloth that it does not hold, is an {@link InputException}
 * (constructors, {@link #setCloth}) naming the file and the reason. A frame that turns out to be
 * corrupt during playback is logged (one line) and pauses playback; {@link #getError()} returns the
 * message.
 */
public class ClothPlaybackControl extends AbstractControl {
    private static final Logger LOG = Logger.getLogger(ClothPlaybackControl.class.getName());

    // saved
    private String assetPath;
    private String filePath;
    private String clothName;
    private int clothIndex;
    private boolean loop = true;
    private float speed = 1;
    private double time;
    private boolean paused;
    private Mesh originalMesh;

    // runtime, not saved
    private AssetManager assetManager;
    private CacheReader reader;
    private int cloth = -1;
    private RenderLayout layout;
    private Mesh mesh;
    private float[] nodes;
    private float[] vertices;
    private float[] normals;
    private int shownFrame = -1;
    private String error;

    /** For serialization only; use one of the other constructors. */
    public ClothPlaybackControl() {
    }

    /**
     * Plays a cache file.
     *
     * @param file the cache file
     * @throws InputException if the file is missing or not a valid cache
     */
    public ClothPlaybackControl(Path file) {
        this.filePath = Objects.requireNonNull(file, "file").toString();
        reader();
    }

    /**
     * Plays a cache asset (read into memory once).
     *
     * @param assetManager the asset manager that locates it
     * @param assetPath the asset path, e.g. {@code "Caches/curtain.isocache"}
     * @throws InputException if the asset is missing or not a valid cache
     */
    public ClothPlaybackControl(AssetManager assetManager, String assetPath) {
        this.assetManager = Objects.requireNonNull(assetManager, "assetManager");
        this.assetPath = Objects.requireNonNull(assetPath, "assetPath");
        reader();
    }

    private CacheReader reader() {
        if (reader == null) {
            if (assetPath != null) {
                if (assetManager == null) {
                    throw new IllegalStateException(assetPath + ": no AssetManager to load the cache with");
                }
                AssetInfo info = assetManager.locateAsset(new AssetKey<>(assetPath));
                if (info == null) {
                    throw new InputException(assetPath + ": asset not found");
                }
                try (InputStream in = info.openStream()) {
                    reader = CacheReader.read(in, assetPath);
                } catch (IOException e) {
                    throw new InputException(assetPath + ": cannot read: " + e.getMessage(), e);
                }
            } else if (filePath != null) {
                reader = CacheReader.open(Path.of(filePath));
            } else {
                throw new IllegalStateException("ClothPlaybackControl: no cache (construct it with a file or asset)");
            }
            if (reader.frameCount() == 0) {
                String source = reader.source();
                closeReader();
                throw new InputException(source + ": the cache has no frames to play");
            }
            cloth = -1;
        }
        if (cloth < 0) {
            cloth = resolveCloth(reader, clothName, clothIndex);
        }
        return reader;
    }

    private static int resolveCloth(CacheReader r, String name, int index) {
        if (name != null) {
            int i = r.clothIndex(name);
            if (i < 0) {
                List<String> names = new ArrayList<>();
                r.cloths().forEach(c -> names.add(c.name()));
                throw new InputException(r.source() + ": no cloth named '" + name + "' (the cache has " + names + ")");
            }
            return i;
        }
        if (index < 0 || index >= r.clothCount()) {
            throw new InputException(r.source() + ": cloth index " + index + " is out of range 0.."
                    + (r.clothCount() - 1));
        }
        return index;
    }

    // ------------------------------------------------------------------ selection

    /**
     * Plays the cloth with this index (default 0).
     *
     * @param index cloth index in the cache
     * @throws InputException if the cache has no such cloth (the selection is unchanged)
     */
    public void setCloth(int index) {
        int resolved = resolveCloth(reader(), null, index);
        clothName = null;
        clothIndex = index;
        select(resolved);
    }

    /**
     * Plays the cloth with this name.
     *
     * @param name the cloth's name in the scene that was baked
     * @throws InputException if the cache has no such cloth (the selection is unchanged)
     */
    public void setCloth(String name) {
        int resolved = resolveCloth(reader(), Objects.requireNonNull(name, "name"), 0);
        clothName = name;
        clothIndex = resolved;
        select(resolved);
    }

    private void select(int resolved) {
        if (resolved != cloth) {
            cloth = resolved;
            if (mesh != null) {
                build();
            }
        }
    }

    /** @return the index of the cloth being played */
    public int getClothIndex() {
        reader();
        return cloth;
    }

    /** @return the name of the cloth being played */
    public String getClothName() {
        return reader().cloths().get(cloth).name();
    }

    /** @return the cache's asset path, or null when playing a file */
    public String getAssetPath() {
        return assetPath;
    }

    /** @return the cache's file path, or null when playing an asset */
    public String getFilePath() {
        return filePath;
    }

    /** @return the open cache */
    public CacheReader getCache() {
        return reader();
    }

    // ------------------------------------------------------------------ playback

    /** @return recorded frames */
    public int getFrameCount() {
        return reader().frameCount();
    }

    /** @return frames per second of the cache */
    public double getFps() {
        return reader().fps();
    }

    /** @return playback length, s (frame count / fps) */
    public double getDuration() {
        return reader().frameCount() / reader().fps();
    }

    /** @return playback time, s */
    public double getTime() {
        return time;
    }

    /**
     * Moves playback to a time; with looping it wraps around, otherwise it is clamped to
     * [0, time of the last frame].
     *
     * @param seconds playback time (finite)
     */
    public void setTime(double seconds) {
        if (!Double.isFinite(seconds)) {
            throw new IllegalArgumentException("ClothPlaybackControl.time: must be finite (got " + seconds + ")");
        }
        time = normalise(seconds);
        showCurrent();
    }

    /** @return the frame shown (or to be shown), 0-based */
    public int getFrame() {
        return frameAt(time);
    }

    /**
     * Shows a frame and continues playing from it.
     *
     * @param frame frame index, 0..frameCount − 1
     * @throws InputException naming the cache and the range if out of range
     */
    public void setFrame(int frame) {
        reader().checkFrame(frame);
        time = frame / reader().fps();
        showCurrent();
    }

    /** Stops advancing time (the current frame stays). */
    public void pause() {
        paused = true;
    }

    /** Resumes playback after {@link #pause()} (clears a playback error). */
    public void play() {
        paused = false;
        error = null;
    }

    /** @return whether playback is paused */
    public boolean isPaused() {
        return paused;
    }

    /** @return whether the time wraps around after the last frame */
    public boolean isLoop() {
        return loop;
    }

    /** @param loop whether the time wraps around after the last frame (default true) */
    public void setLoop(boolean loop) {
        this.loop = loop;
        time = normalise(time);
    }

    /** @return playback speed (1 = real time) */
    public float getSpeed() {
        return speed;
    }

    /** @param speed playback speed: 1 real time, 0.5 slow motion, negative backwards (finite) */
    public void setSpeed(float speed) {
        if (!Float.isFinite(speed)) {
            throw new IllegalArgumentException("ClothPlaybackControl.speed: must be finite (got " + speed + ")");
        }
        this.speed = speed;
    }

    /** @return whether a non-looping playback has reached its end (or, backwards, its start) */
    public boolean isFinished() {
        if (loop) {
            return false;
        }
        int f = frameAt(time);
        return speed >= 0 ? f == reader().frameCount() - 1 : f == 0;
    }

    /** @return the last playback error (a corrupt frame), or null */
    public String getError() {
        return error;
    }

    /** @return the render mesh, or null before the control has built it */
    public Mesh getRenderMesh() {
        return mesh;
    }

    /** @return render vertex → node of the played cloth (read only), or null before it is built */
    public int[] getVertexNodes() {
        return layout == null ? null : layout.vertexNode;
    }

    /** @return the mesh the Geometry had before this control replaced it, or null */
    public Mesh getOriginalMesh() {
        return originalMesh;
    }

    private double normalise(double t) {
        CacheReader r = reader();
        double duration = r.frameCount() / r.fps();
        if (loop) {
            double w = t % duration;
            return w < 0 ? w + duration : w;
        }
        return Math.max(0, Math.min(t, (r.frameCount() - 1) / r.fps()));
    }

    private int frameAt(double t) {
        CacheReader r = reader();
        int n = r.frameCount();
        // the 1e-6 frame slack makes setFrame(k) (time k/fps) land on k despite rounding
        long k = (long) Math.floor(t * r.fps() + 1e-6);
        return loop ? (int) Math.floorMod(k, (long) n) : (int) Math.max(0, Math.min(k, n - 1));
    }

    // ------------------------------------------------------------------ mesh

    private void build() {
        Geometry g = (Geometry) spatial;
        CacheReader r = reader();
        CacheCloth c = r.cloths().get(cloth);
        layout = RenderLayout.of(c);
        int v = layout.vertexCount();
        if (originalMesh == null) {
            originalMesh = g.getMesh();
        }
        Mesh m = new Mesh();
        m.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(3 * v));
        m.setBuffer(VertexBuffer.Type.Normal, 3, BufferUtils.createFloatBuffer(3 * v));
        if (v < 65536) {
            short[] idx = new short[layout.triangles.length];
            for (int i = 0; i < idx.length; i++) {
                idx[i] = (short) layout.triangles[i];
            }
            m.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createShortBuffer(idx));
        } else {
            m.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(layout.triangles));
        }
        if (layout.uvs != null) {
            m.setBuffer(VertexBuffer.Type.TexCoord, 2, BufferUtils.createFloatBuffer(layout.uvs));
        }
        m.getBuffer(VertexBuffer.Type.Position).setUsage(VertexBuffer.Usage.Stream);
        m.getBuffer(VertexBuffer.Type.Normal).setUsage(VertexBuffer.Usage.Stream);
        nodes = new float[3 * c.nodeCount()];
        vertices = new float[3 * v];
        normals = new float[3 * v];
        mesh = m;
        shownFrame = -1;
        show(frameAt(time));
        m.updateCounts();
        g.setMesh(m);
        LOG.log(Level.FINE, "{0}: playing cloth ''{1}'' of {2}: {3} nodes, {4} render vertices, {5} frames at {6} fps",
                new Object[] {g.getName(), c.name(), r.source(), c.nodeCount(), v, r.frameCount(), r.fps()});
    }

    private void showCurrent() {
        if (mesh != null) {
            show(frameAt(time));
        }
    }

    private void show(int frame) {
        if (frame == shownFrame) {
            return;
        }
        reader().readFrame(frame, cloth, nodes);
        layout.positions(nodes, vertices);
        layout.normals(nodes, normals);
        FloatBuffer pos = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Position).getData();
        FloatBuffer nor = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Normal).getData();
        pos.clear();
        pos.put(vertices).flip();
        nor.clear();
        nor.put(normals).flip();
        mesh.getBuffer(VertexBuffer.Type.Position).setUpdateNeeded();
        mesh.getBuffer(VertexBuffer.Type.Normal).setUpdateNeeded();
        mesh.updateBound();
        if (spatial != null) {
            spatial.updateModelBound();
        }
        shownFrame = frame;
    }

    // ------------------------------------------------------------------ Control

    @Override
    public void setSpatial(Spatial newSpatial) {
        if (newSpatial != null && !(newSpatial instanceof Geometry)) {
            throw new IllegalArgumentException("ClothPlaybackControl goes on a Geometry, not on "
                    + newSpatial.getClass().getSimpleName() + " '" + newSpatial.getName() + "'");
        }
        if (newSpatial == spatial) {
            return;
        }
        if (spatial != null && mesh != null && originalMesh != null && ((Geometry) spatial).getMesh() == mesh) {
            ((Geometry) spatial).setMesh(originalMesh);
        }
        mesh = null;
        layout = null;
        originalMesh = null;
        super.setSpatial(newSpatial);
        if (newSpatial == null) {
            if (filePath != null) {
                closeReader(); // reopened if the control is added again
            }
        } else {
            build();
        }
    }

    @Override
    protected void controlUpdate(float tpf) {
        if (error != null) {
            return; // reported once; play() clears it and retries
        }
        try {
            if (mesh == null || ((Geometry) spatial).getMesh() != mesh) {
                // after loading or cloning, the Geometry holds a saved copy: stream into our own mesh
                build();
            }
            if (!paused) {
                time = normalise(time + (double) tpf * speed);
            }
            show(frameAt(time));
        } catch (InputException e) {
            error = e.getMessage();
            paused = true;
            LOG.warning(error);
        }
    }

    @Override
    protected void controlRender(RenderManager rm, ViewPort vp) {
        // buffers are written in controlUpdate
    }

    private void closeReader() {
        if (reader != null) {
            try {
                reader.close();
            } catch (IOException e) {
                LOG.log(Level.FINE, "closing " + reader.source() + " failed", e);
            }
            reader = null;
            cloth = -1;
        }
    }

    @Override
    public void cloneFields(Cloner cloner, Object original) {
        super.cloneFields(cloner, original);
        // the clone streams into its own mesh; a file cache is opened again, an asset (in memory) shared
        if (filePath != null) {
            reader = null;
            cloth = -1;
        }
        mesh = null;
        layout = null;
        nodes = null;
        vertices = null;
        normals = null;
        shownFrame = -1;
        error = null;
    }

    @Override
    public void write(JmeExporter ex) throws IOException {
        super.write(ex);
        OutputCapsule c = ex.getCapsule(this);
        c.write(assetPath, "assetPath", null);
        c.write(filePath, "filePath", null);
        c.write(clothName, "clothName", null);
        c.write(clothIndex, "clothIndex", 0);
        c.write(loop, "loop", true);
        c.write(speed, "speed", 1f);
        c.write(time, "time", 0.0);
        c.write(paused, "paused", false);
        c.write(originalMesh, "originalMesh", null);
    }

    @Override
    public void read(JmeImporter im) throws IOException {
        super.read(im);
        InputCapsule c = im.getCapsule(this);
        assetPath = c.readString("assetPath", null);
        filePath = c.readString("filePath", null);
        clothName = c.readString("clothName", null);
        clothIndex = c.readInt("clothIndex", 0);
        loop = c.readBoolean("loop", true);
        speed = c.readFloat("speed", 1f);
        time = c.readDouble("time", 0.0);
        paused = c.readBoolean("paused", false);
        originalMesh = (Mesh) c.readSavable("originalMesh", null);
        assetManager = im.getAssetManager();
        reader = null;
        mesh = null;
        try {
            reader();
        } catch (InputException | IllegalStateException e) {
            throw new IOException("ClothPlaybackControl: " + e.getMessage(), e);
        }
    }
}
