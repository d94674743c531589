package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.asset.AssetManager;
import com.jme3.asset.DesktopAssetManager;
import com.jme3.asset.plugins.FileLocator;
import com.jme3.bounding.BoundingBox;
import com.jme3.export.binary.BinaryExporter;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import com.jme3.scene.VertexBuffer;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.isocloth.InputException;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheReader;
import org.isocloth.cache.CacheWriter;
import org.isocloth.cache.GltfExport;
import org.isocloth.cli.SceneRun;
import org.isocloth.scene.SceneCloth;
import org.isocloth.scene.SceneReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Playback of a bake cache on a Geometry (headless: {@code control.update(tpf)}), and glTF exports
 * loaded back with jME's GltfLoader.
 */
class ClothPlaybackControlTest {
    static final int FRAMES = 12;
    static final double FPS = 30;

    @TempDir
    static Path dir;
    static Path cache;
    /** Simulated positions, (float) of the solver's doubles: [frame][cloth][3·node]. */
    static float[][][] simulated;

    /**
     * A 4×2 sheet whose texture is cut along the middle column (those 3 vertices have two UVs each),
     * pinned along one edge, and a plain 3×3 grid without a seam.
     */
    @BeforeAll
    static void simulateAndBake() throws IOException {
        StringBuilder obj = new StringBuilder();
        for (int j = 0; j <= 2; j++) {
            for (int i = 0; i <= 4; i++) {
                obj.append(String.format(Locale.ROOT, "v %.2f 1 %.2f%n", -0.2 + 0.1 * i, -0.1 + 0.1 * j));
            }
        }
        // vt: left part (columns 0..2) then right part (columns 2..4, shifted by 0.05 in u)
        for (int j = 0; j <= 2; j++) {
            for (int i = 0; i <= 2; i++) {
                obj.append(String.format(Locale.ROOT, "vt %.3f %.3f%n", 0.2 * i, 0.5 * j));
            }
        }
        for (int j = 0; j <= 2; j++) {
            for (int i = 2; i <= 4; i++) {
                obj.append(String.format(Locale.ROOT, "vt %.3f %.3f%n", 0.2 * i + 0.05, 0.5 * j));
            }
        }
        for (int j = 0; j < 2; j++) {
            for (int i = 0; i < 4; i++) {
                int a = j * 5 + i + 1;
                int b = a + 1;
                int c = a + 6;
                int d = a + 5;
                int ta = i < 2 ? j * 3 + i + 1 : 9 + j * 3 + (i - 2) + 1;
                int tb = ta + 1;
                int tc = ta + 4;
                int td = ta + 3;
                obj.append("f ").append(a).append('/').append(ta).append(' ').append(d).append('/').append(td)
                        .append(' ').append(c).append('/').append(tc).append('\n');
                obj.append("f ").append(a).append('/').append(ta).append(' ').append(c).append('/').append(tc)
                        .append(' ').append(b).append('/').append(tb).append('\n');
            }
        }
        Files.writeString(dir.resolve("seam.obj"), obj);
        Files.writeString(dir.resolve("scene.json"), """
                { "name": "playback", "fps": 30, "frames": 11,
                  "cloths": [ { "name": "seamed", "mesh": { "obj": "seam.obj" },
                                "pins": [ { "box": { "min": [-1, 0.99, 0.09], "max": [1, 1.01, 0.11] } } ] },
                              { "name": "plain",
                                "mesh": { "grid": { "size": [0.3, 0.3], "cells": [3, 3], "center": [0.6, 1, 0],
                                                    "normal": [0, 1, 0], "uAxis": [1, 0, 0] } },
                                "material": { "density": 0.25 },
                                "pins": [ { "box": { "min": [0.44, 0.99, -1], "max": [0.46, 1.01, 1] } } ] } ] }
                """);
        SceneRun sim = new SceneRun(SceneReader.read(dir.resolve("scene.json")));
        List<CacheCloth> cloths = new ArrayList<>();
        for (SceneCloth c : sim.cloths()) {
            Object[] uv = c.fineUvs();
            cloths.add(new CacheCloth(c.name, c.model.nodeCount(), c.model.mesh.fineTriangles,
                    (double[]) uv[0], (int[]) uv[1]));
        }
        cache = dir.resolve("playback.isocache");
        simulated = new float[FRAMES][2][];
        try (CacheWriter w = CacheWriter.create(cache, FPS, 0, cloths)) {
            sim.startFrames();
            for (int f = 0; f < FRAMES; f++) {
                if (f > 0) {
                    sim.stepFrame(f);
                }
                double[][] x = {sim.cloths().get(0).solver.positions(), sim.cloths().get(1).solver.positions()};
                for (int c = 0; c < 2; c++) {
                    simulated[f][c] = new float[x[c].length];
                    for (int i = 0; i < x[c].length; i++) {
                        simulated[f][c][i] = (float) x[c][i];
                    }
                }
                w.appendFrame(x);
            }
            w.finish();
        }
    }

    static Geometry geometry(String name) {
        return new Geometry(name, ClothMeshes.grid(1, 1, 1, 1));
    }

    /** Every render vertex equals its node's simulated float position, bit for bit. */
    static void assertShows(ClothPlaybackControl control, int frame, int cloth) {
        Mesh mesh = ((Geometry) control.getSpatial()).getMesh();
        assertSame(control.getRenderMesh(), mesh);
        FloatBuffer pos = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Position).getData();
        FloatBuffer nor = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Normal).getData();
        int[] node = control.getVertexNodes();
        assertEquals(node.length, mesh.getVertexCount());
        float[] x = simulated[frame][cloth];
        BoundingBox bound = (BoundingBox) mesh.getBound();
        Vector3f lo = new Vector3f(Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE);
        Vector3f hi = lo.negate();
        for (int v = 0; v < node.length; v++) {
            for (int a = 0; a < 3; a++) {
                if (Float.floatToIntBits(pos.get(3 * v + a)) != Float.floatToIntBits(x[3 * node[v] + a])) {
                    throw new AssertionError("frame " + frame + " vertex " + v + " axis " + a + ": shows "
                            + pos.get(3 * v + a) + ", simulated " + x[3 * node[v] + a]);
                }
            }
            Vector3f n = new Vector3f(nor.get(3 * v), nor.get(3 * v + 1), nor.get(3 * v + 2));
            assertEquals(1, n.length(), 1e-5);
            Vector3f p = new Vector3f(pos.get(3 * v), pos.get(3 * v + 1), pos.get(3 * v + 2));
            lo.minLocal(p);
            hi.maxLocal(p);
        }
        // the bound was updated for this frame: it is the vertices' bounding box
        assertTrue(bound.getMin(null).distance(lo) < 1e-5f && bound.getMax(null).distance(hi) < 1e-5f,
                "bound " + bound + " vs " + lo + " " + hi);
    }

    @Test
    void playsEveryFrameExactlyWithSeamsSplit() {
        ClothPlaybackControl control = new ClothPlaybackControl(cache);
        Geometry g = geometry("seamed");
        Mesh original = g.getMesh();
        g.addControl(control);
        assertEquals(FRAMES, control.getFrameCount());
        assertEquals(0, control.getFrame());
        assertShows(control, 0, 0);
        // the seam: 3 base vertices on the cut get two render vertices each, and so do the 2 red nodes
        // between them (edge midpoints on the cut); every (node, uv) pair once
        int nodes = control.getCache().cloths().get(0).nodeCount();
        assertEquals(nodes + 3 + 2, control.getRenderMesh().getVertexCount());
        assertEquals(4 * 16, control.getRenderMesh().getTriangleCount());
        Set<Long> pairs = new HashSet<>();
        FloatBuffer uv = (FloatBuffer) control.getRenderMesh().getBuffer(VertexBuffer.Type.TexCoord).getData();
        for (int v = 0; v < control.getVertexNodes().length; v++) {
            assertTrue(pairs.add(((long) control.getVertexNodes()[v] << 40)
                    ^ ((long) Float.floatToIntBits(uv.get(2 * v)) << 8) ^ Float.floatToIntBits(uv.get(2 * v + 1))));
        }
        float tpf = (float) (1 / FPS);
        boolean moved = false;
        for (int k = 1; k < FRAMES; k++) {
            control.update(tpf);
            assertEquals(k, control.getFrame());
            assertShows(control, k, 0);
            moved |= Math.abs(simulated[k][0][1] - simulated[0][0][1]) > 1e-3;
        }
        assertTrue(moved, "the cloth falls");
        control.update(tpf); // loops
        assertEquals(0, control.getFrame());
        assertShows(control, 0, 0);
        g.removeControl(control);
        assertSame(original, g.getMesh());
    }

    @Test
    void frameTimeSpeedPauseAndLoop() {
        ClothPlaybackControl control = new ClothPlaybackControl(cache);
        control.setCloth("plain");
        assertEquals(1, control.getClothIndex());
        Geometry g = geometry("plain");
        g.addControl(control);
        assertShows(control, 0, 1);
        control.setFrame(7);
        assertShows(control, 7, 1);
        control.pause();
        control.update(0.5f);
        assertEquals(7, control.getFrame());
        control.play();
        control.setSpeed(2);
        control.update((float) (1 / FPS));
        assertEquals(9, control.getFrame());
        assertShows(control, 9, 1);
        control.setSpeed(-1);
        control.update((float) (3 / FPS));
        assertEquals(6, control.getFrame());
        control.setSpeed(1);
        control.setTime(FRAMES / FPS + 2.5 / FPS); // wraps: frame 2
        assertEquals(2, control.getFrame());
        assertShows(control, 2, 1);
        control.setLoop(false);
        control.update(100f);
        assertEquals(FRAMES - 1, control.getFrame());
        assertTrue(control.isFinished());
        assertShows(control, FRAMES - 1, 1);
        control.setCloth(0); // switching cloth rebuilds the mesh
        assertShows(control, FRAMES - 1, 0);
        InputException e = assertThrows(InputException.class, () -> control.setFrame(FRAMES));
        assertEquals(cache + ": frame 12 is out of range 0..11", e.getMessage());
        e = assertThrows(InputException.class, () -> control.setCloth("cape"));
        assertEquals(cache + ": no cloth named 'cape' (the cache has [seamed, plain])", e.getMessage());
        e = assertThrows(InputException.class, () -> control.setCloth(2));
        assertEquals(cache + ": cloth index 2 is out of range 0..1", e.getMessage());
        assertEquals(0, control.getClothIndex());
    }

    @Test
    void savesLoadsAndClones() throws IOException {
        AssetManager assets = new DesktopAssetManager(true);
        ClothPlaybackControl control = new ClothPlaybackControl(cache);
        control.setCloth("plain");
        control.setSpeed(0.5f);
        Geometry g = geometry("plain");
        Mesh original = g.getMesh();
        Node root = new Node("root");
        root.attachChild(g);
        g.addControl(control);
        control.setFrame(4);

        Node loaded = BinaryExporter.saveAndLoad(assets, root);
        Geometry lg = (Geometry) loaded.getChild("plain");
        ClothPlaybackControl lc = lg.getControl(ClothPlaybackControl.class);
        assertEquals(cache.toString(), lc.getFilePath());
        assertEquals("plain", lc.getClothName());
        assertEquals(0.5f, lc.getSpeed());
        assertEquals(4, lc.getFrame());
        lc.update((float) (2 / FPS)); // half speed: one frame on
        assertEquals(5, lc.getFrame());
        assertShows(lc, 5, 1);
        assertNotSame(control.getRenderMesh(), lc.getRenderMesh());
        assertEquals(original.getVertexCount(), lc.getOriginalMesh().getVertexCount());

        Node cloned = (Node) root.clone();
        ClothPlaybackControl cc = ((Geometry) cloned.getChild("plain")).getControl(ClothPlaybackControl.class);
        cc.update((float) (4 / FPS));
        control.update(0);
        assertEquals(6, cc.getFrame());
        assertEquals(4, control.getFrame());
        assertShows(cc, 6, 1);
        assertShows(control, 4, 1);
        assertNotSame(control.getRenderMesh(), cc.getRenderMesh());
    }

    @Test
    void playsAnAssetAndReportsBadCaches() throws IOException {
        DesktopAssetManager assets = new DesktopAssetManager(true);
        assets.registerLocator(dir.toString(), FileLocator.class);
        ClothPlaybackControl control = new ClothPlaybackControl(assets, "playback.isocache");
        Geometry g = geometry("seamed");
        g.addControl(control);
        control.update((float) (3 / FPS));
        assertShows(control, 3, 0);

        InputException e = assertThrows(InputException.class, () -> new ClothPlaybackControl(assets, "none.isocache"));
        assertEquals("none.isocache: asset not found", e.getMessage());
        Path cut = dir.resolve("cut.isocache");
        byte[] bytes = Files.readAllBytes(cache);
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 7));
        e = assertThrows(InputException.class, () -> new ClothPlaybackControl(cut));
        assertTrue(e.getMessage().startsWith(cut + ": truncated: 12 frames need "), e.getMessage());
        Path bad = dir.resolve("bad.isocache");
        bytes[bytes.length - 9] ^= 1; // the last frame of the last cloth ("plain")
        Files.write(bad, bytes);
        ClothPlaybackControl corrupt = new ClothPlaybackControl(bad);
        corrupt.setCloth("plain");
        Geometry h = geometry("corrupt");
        h.addControl(corrupt);
        corrupt.setTime((FRAMES - 1.5) / FPS);
        corrupt.update((float) (1 / FPS)); // reaches the corrupt frame: logged, paused, frame 10 stays
        assertTrue(corrupt.isPaused());
        assertEquals(bad + ": corrupt frame 11 of cloth 'plain': checksum mismatch", corrupt.getError());
        assertShows(corrupt, FRAMES - 2, 1);
        assertThrows(IllegalArgumentException.class, () -> new Node("n").addControl(new ClothPlaybackControl(cache)));
    }

    // ------------------------------------------------------------------ glTF export, loaded by jME

    private static List<Geometry> geometries(Spatial s) {
        List<Geometry> out = new ArrayList<>();
        s.depthFirstTraversal(sp -> {
            if (sp instanceof Geometry geo) {
                out.add(geo);
            }
        });
        return out;
    }

    /** The loaded mesh has the render mesh's vertex count and positions (within 1e-6), in order. */
    private static void assertSameMesh(Mesh expected, Mesh loaded) {
        assertEquals(expected.getVertexCount(), loaded.getVertexCount());
        assertEquals(expected.getTriangleCount(), loaded.getTriangleCount());
        FloatBuffer a = (FloatBuffer) expected.getBuffer(VertexBuffer.Type.Position).getData();
        FloatBuffer b = (FloatBuffer) loaded.getBuffer(VertexBuffer.Type.Position).getData();
        for (int i = 0; i < 3 * expected.getVertexCount(); i++) {
            assertEquals(a.get(i), b.get(i), 1e-6f, "coordinate " + i);
        }
        FloatBuffer ua = (FloatBuffer) expected.getBuffer(VertexBuffer.Type.TexCoord).getData();
        FloatBuffer ub = (FloatBuffer) loaded.getBuffer(VertexBuffer.Type.TexCoord).getData();
        for (int v = 0; v < expected.getVertexCount(); v++) {
            assertEquals(ua.get(2 * v), ub.get(2 * v), 1e-6f);
            assertEquals(1 - ua.get(2 * v + 1), ub.get(2 * v + 1), 1e-6f, "glTF V runs downwards");
        }
        for (int t = 0; t < expected.getTriangleCount(); t++) {
            int[] ia = new int[3];
            int[] ib = new int[3];
            expected.getTriangle(t, ia);
            loaded.getTriangle(t, ib);
            assertArrayEquals(ia, ib, "triangle " + t);
        }
    }

    /** An asset manager that loads from {@code out} (created). */
    private static DesktopAssetManager assetsIn(Path out) throws IOException {
        DesktopAssetManager assets = new DesktopAssetManager(true);
        Files.createDirectories(out);
        assets.registerLocator(out.toString(), FileLocator.class);
        return assets;
    }

    /** Playback of the cache's two cloths: the seamed one (0) on Geometry "a", the other on "b". */
    private ClothPlaybackControl[] playbackOfBoth() {
        ClothPlaybackControl seamed = new ClothPlaybackControl(cache);
        ClothPlaybackControl plain = new ClothPlaybackControl(cache);
        plain.setCloth(1);
        geometry("a").addControl(seamed);
        geometry("b").addControl(plain);
        return new ClothPlaybackControl[] {seamed, plain};
    }

    @Test
    void exportedGltfLoadsInJmeWithTheRenderMeshesVertices() throws IOException {
        Path out = dir.resolve("gltf");
        DesktopAssetManager assets = assetsIn(out);
        ClothPlaybackControl[] both = playbackOfBoth();
        ClothPlaybackControl seamed = both[0];
        ClothPlaybackControl plain = both[1];
        try (CacheReader r = CacheReader.open(cache)) {
            GltfExport.writeFrame(r, 6, out.resolve("frame6.gltf"));
            GltfExport.writeFrame(r, 6, out.resolve("frame6.glb"));
            GltfExport.writeFlipbook(r, 2, 8, out.resolve("flipbook.glb"));
        }
        seamed.setFrame(6);
        plain.setFrame(6);
        for (String name : new String[] {"frame6.gltf", "frame6.glb"}) {
            Spatial model = assets.loadModel(name);
            List<Geometry> geos = geometries(model);
            assertEquals(2, geos.size(), name);
            assertSameMesh(seamed.getRenderMesh(), geos.get(0).getMesh());
            assertSameMesh(plain.getRenderMesh(), geos.get(1).getMesh());
        }
        Spatial range = assets.loadModel("flipbook.glb");
        for (int k = 2; k <= 8; k++) {
            Spatial frameNode = ((Node) range).getChild(String.format(Locale.ROOT, "frame_%04d", k));
            assertNotNull(frameNode, "frame node " + k);
            List<Geometry> geos = geometries(frameNode);
            assertEquals(2, geos.size());
            seamed.setFrame(k);
            plain.setFrame(k);
            assertSameMesh(seamed.getRenderMesh(), geos.get(0).getMesh());
            assertSameMesh(plain.getRenderMesh(), geos.get(1).getMesh());
            assertEquals(k == 2 ? 1f : 0f, frameNode.getLocalScale().x, "without animation only frame 2 shows");
        }
        // the "bake" animation shows frame node k, and only it, from (k − 2)/fps to (k − 1)/fps
        com.jme3.anim.AnimComposer composer = findComposer(range);
        assertNotNull(composer, "the loader made an AnimComposer");
        assertTrue(composer.getAnimClipsNames().contains("bake"), composer.getAnimClipsNames().toString());
        // jME blends a new action in over its transition length (0.4 s by default); a flipbook must not blend
        ((com.jme3.anim.tween.action.ClipAction) composer.action("bake")).setTransitionLength(0);
        composer.setCurrentAction("bake");
        assertEquals(7 / FPS, composer.getAnimClip("bake").getLength(), 1e-6, "7 frames of 1/fps each");
        for (double t : new double[] {0.25, 0.5, 0.99, 1.01, 2.5, 5.99, 6.01, 6.9}) {
            composer.setTime(com.jme3.anim.AnimComposer.DEFAULT_LAYER, t / FPS);
            composer.update(0);
            int visible = 2 + (int) Math.min(6, Math.floor(t));
            for (int k = 2; k <= 8; k++) {
                Spatial frameNode = ((Node) range).getChild(String.format(Locale.ROOT, "frame_%04d", k));
                assertEquals(k == visible ? 1f : 0f, frameNode.getLocalScale().x, 1e-4f, "t = " + t + " frames, node " + k);
            }
        }
    }

    @Test
    void exportedMorphAnimationLoadsInJmeAsOneMeshPerClothWithEveryFramesPositions() throws IOException {
        Path out = dir.resolve("gltf-morph");
        DesktopAssetManager assets = assetsIn(out);
        ClothPlaybackControl[] controls = playbackOfBoth();
        try (CacheReader r = CacheReader.open(cache)) {
            GltfExport.writeRange(r, 2, 8, out.resolve("range.glb"));
            GltfExport.writeRange(r, 2, 8, out.resolve("range.gltf"));
        }
        int count = 7; // frames 2..8
        for (String name : new String[] {"range.glb", "range.gltf"}) {
            Spatial model = assets.loadModel(name);
            List<Geometry> geos = geometries(model);
            assertEquals(2, geos.size(), name + ": one Geometry per cloth");
            Geometry[] byCloth = new Geometry[2];
            for (Geometry g : geos) {
                // jME names a node's Geometry after its mesh and the primitive: "seamed_0", "plain_0"
                byCloth[g.getName().startsWith("seamed") ? 0 : 1] = g;
            }
            assertTrue(byCloth[1].getName().startsWith("plain"), byCloth[1].getName());
            // without animation the loaded meshes are frame 2, the range's first
            controls[0].setFrame(2);
            controls[1].setFrame(2);
            for (int c = 0; c < 2; c++) {
                assertSameMesh(controls[c].getRenderMesh(), byCloth[c].getMesh());
                assertEquals(count, byCloth[c].getMesh().getMorphTargets().length, name + ": one target per frame");
                assertEquals(String.format(Locale.ROOT, "frame_%04d", 5),
                        byCloth[c].getMesh().getMorphTargets()[3].getName(), "targets are named after scene frames");
            }
            com.jme3.anim.AnimComposer composer = findComposer(model);
            assertNotNull(composer, "the loader made an AnimComposer");
            com.jme3.anim.AnimClip clip = composer.getAnimClip("bake");
            assertNotNull(clip, composer.getAnimClipsNames().toString());
            assertEquals(count / FPS, clip.getLength(), 1e-6, "7 frames of 1/fps each");
            com.jme3.anim.MorphTrack[] tracks = new com.jme3.anim.MorphTrack[2];
            for (com.jme3.anim.AnimTrack<?> t : clip.getTracks()) {
                com.jme3.anim.MorphTrack m = (com.jme3.anim.MorphTrack) t;
                tracks[m.getTarget() == byCloth[0] ? 0 : 1] = m;
            }
            assertEquals(2, clip.getTracks().length, "one MorphTrack per cloth");
            assertSame(byCloth[1], tracks[1].getTarget());
            for (int j = 0; j < count; j++) {
                // inside frame 2 + j, the clip's weights are one-hot on target j, so the morphed
                // positions base + Σ w_i·target_i are base + target j = frame 2 + j up to the float
                // rounding of the stored difference (half an ulp of a displacement below 1 m, 6e-8 m)
                double t = (j + 0.5) / FPS;
                controls[0].setFrame(2 + j);
                controls[1].setFrame(2 + j);
                for (int c = 0; c < 2; c++) {
                    Mesh mesh = byCloth[c].getMesh();
                    float[] w = new float[count];
                    tracks[c].getDataAtTime(t, w);
                    for (int i = 0; i < count; i++) {
                        assertEquals(i == j ? 1f : 0f, w[i], 1e-6f, name + " t = " + t + " target " + i);
                    }
                    FloatBuffer base = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Position).getData();
                    FloatBuffer expected = (FloatBuffer) controls[c].getRenderMesh()
                            .getBuffer(VertexBuffer.Type.Position).getData();
                    assertEquals(expected.limit(), base.limit());
                    for (int v = 0; v < base.limit(); v++) {
                        double x = base.get(v);
                        for (int i = 0; i < count; i++) {
                            x += w[i] * mesh.getMorphTargets()[i].getBuffer(VertexBuffer.Type.Position).get(v);
                        }
                        assertEquals(expected.get(v), x, 1e-6, name + " cloth " + c + " frame " + (2 + j)
                                + " coordinate " + v);
                    }
                }
            }
            // the composer applies the same weights to the geometries' morph state
            ((com.jme3.anim.tween.action.ClipAction) composer.action("bake")).setTransitionLength(0);
            composer.setCurrentAction("bake");
            composer.setTime(com.jme3.anim.AnimComposer.DEFAULT_LAYER, 4.5 / FPS);
            composer.update(0);
            float[] state = byCloth[0].getMorphState();
            for (int i = 0; i < count; i++) {
                assertEquals(i == 4 ? 1f : 0f, state[i], 1e-6f, "morph state " + i + " at 4.5 frames");
            }
        }
    }

    private static com.jme3.anim.AnimComposer findComposer(Spatial s) {
        com.jme3.anim.AnimComposer[] found = new com.jme3.anim.AnimComposer[1];
        s.depthFirstTraversal(sp -> {
            if (found[0] == null && sp.getControl(com.jme3.anim.AnimComposer.class) != null) {
                found[0] = sp.getControl(com.jme3.anim.AnimComposer.class);
            }
        });
        return found[0];
    }
}
