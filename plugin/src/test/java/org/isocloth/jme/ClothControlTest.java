package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.asset.AssetManager;
import com.jme3.asset.DesktopAssetManager;
import com.jme3.export.binary.BinaryExporter;
import com.jme3.material.Material;
import com.jme3.math.FastMath;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.VertexBuffer;
import com.jme3.util.BufferUtils;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import org.isocloth.mesh.MeshLoadResult;
import org.isocloth.mesh.MeshValidator;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RestShape;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.Integrator;
import org.junit.jupiter.api.Test;

/** ClothControl and ClothAppState without a window: meshes, stepping, saving, cloning, failures. */
class ClothControlTest {
    private static final float H = 1f / 60;

    private static ClothAppState syncState(Node root) {
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        return state;
    }

    /** A sheet of cols × rows cells hanging from its top edge, attached below {@code parent}. */
    private static ClothControl hangingSheet(Node parent, String name, int cols, int rows) {
        Geometry g = TestMeshes.sheetGeometry(name, cols, rows, false);
        ClothControl c = new ClothControl();
        c.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)));
        g.addControl(c);
        parent.attachChild(g);
        return c;
    }

    @Test
    void subdivisionKeepsCountsSeamsTextureCoordinatesAndArea() {
        // An 8×6-cell sheet (1 m × 1 m) whose right half is a separate UV island: the 7 vertices
        // of the seam column are duplicated (70 raw vertices for 63 positions). Welded base mesh:
        // v = 9·7 = 63, t = 2·48 = 96, e = 8·7 + 6·9 + 48 = 158; nodes = v + e = 221. The render
        // mesh has a vertex per (node, UV) pair: the seam's 7 black nodes and the 6 red nodes of
        // its vertical edges appear twice, 221 + 13 = 234 vertices, and 4t = 384 triangles whose
        // areas add up to the sheet's 1 m².
        Node root = new Node("root");
        Geometry g = TestMeshes.sheetGeometry("sheet", 8, 6, true);
        assertEquals(70, g.getMesh().getVertexCount());
        ClothControl cloth = new ClothControl();
        g.addControl(cloth);
        root.attachChild(g);
        root.updateGeometricState();
        syncState(root).update(0);
        assertTrue(cloth.isBuilt());
        assertEquals(221, cloth.getModel().nodeCount());
        assertEquals(63, cloth.getModel().mesh.vertexCount);
        Mesh mesh = g.getMesh();
        assertNotSame(cloth.getOriginalMesh(), mesh);
        assertEquals(234, mesh.getVertexCount());
        assertEquals(384, mesh.getTriangleCount());
        FloatBuffer pos = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Position).getData();
        FloatBuffer tex = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.TexCoord).getData();
        FloatBuffer nor = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Normal).getData();
        int[] tri = new int[3];
        double area = 0;
        for (int f = 0; f < mesh.getTriangleCount(); f++) {
            mesh.getTriangle(f, tri);
            Vector3f a = vec(pos, tri[0]);
            Vector3f b = vec(pos, tri[1]);
            Vector3f c = vec(pos, tri[2]);
            area += 0.5 * b.subtract(a).cross(c.subtract(a)).length();
            // UVs are affine in position on each island: u = x + ½ + island, v = y (top at y = 1,
            // v = y − 1 + 1); all three corners of a render triangle lie on the same island
            float island = Math.round(tex.get(2 * tri[0]) - (a.x + 0.5f));
            for (int k = 0; k < 3; k++) {
                Vector3f p = vec(pos, tri[k]);
                assertEquals(p.x + 0.5f + island, tex.get(2 * tri[k]), 1e-5f, "u of vertex " + tri[k]);
                assertEquals(p.y, tex.get(2 * tri[k] + 1), 1e-5f, "v of vertex " + tri[k]);
            }
        }
        assertEquals(1.0, area, 1e-5);
        // a flat sheet wound counter-clockwise seen from +z has every normal +z
        for (int i = 0; i < mesh.getVertexCount(); i++) {
            assertEquals(1f, nor.get(3 * i + 2), 1e-6f);
        }
    }

    @Test
    void controlPositionsMatchSimCoreForTheSameScene() {
        // A 10×10 sheet pinned along its top edge, 30 steps of 1/60 s through the AppState (one
        // step per frame, synchronous) against a ClothSolver built directly from the same welded
        // mesh, pins and material: the same arithmetic, so equal to float rounding of the mesh
        // buffer (1e-6 m).
        // The sheet lies flat at y = 2 m, pinned along its edge at z = −1, so it swings down.
        // Identity transform and float gravity in the reference: bit-identical inputs (the
        // projection stops at a strain tolerance, so inputs that differ by a float rounding can
        // end a millimetre apart).
        Node root = new Node("root");
        Geometry g = new Geometry("curtain", TestMeshes.horizontalSheet(10, 10, 2f));
        ClothControl cloth = new ClothControl();
        cloth.addPinGroup(PinGroup.box(new Vector3f(-1, 1.9f, -1.001f), new Vector3f(1, 2.1f, -0.999f)));
        g.addControl(cloth);
        root.attachChild(g);
        root.updateGeometricState();
        Mesh raw = g.getMesh();
        ClothAppState state = syncState(root);
        // the first update builds the cloth; every later one steps over the frame before it
        for (int i = 0; i < 31; i++) {
            state.update(H);
        }
        assertEquals(30, cloth.getStats().steps());
        assertEquals(30 * H, cloth.getStats().time(), 1e-9);

        FloatBuffer rp = (FloatBuffer) raw.getBuffer(VertexBuffer.Type.Position).getData();
        double[] p = new double[raw.getVertexCount() * 3];
        Vector3f w = new Vector3f();
        for (int i = 0; i < raw.getVertexCount(); i++) {
            w.set(rp.get(3 * i), rp.get(3 * i + 1), rp.get(3 * i + 2));
            g.getWorldTransform().transformVector(w, w);
            p[3 * i] = w.x;
            p[3 * i + 1] = w.y;
            p[3 * i + 2] = w.z;
        }
        MeshLoadResult loaded = MeshValidator.validate(new TriMesh(p, ClothSimulation.readTriangles(raw, "x"), "x"));
        ClothModel model = new ClothModel(loaded.mesh().positions, loaded.mesh().triangles, ClothMaterial.DEFAULT);
        ClothSolver solver = new ClothSolver("ref", model, cloth.getSolverSettings());
        solver.setGravity(new double[] {0, -9.81f, 0});
        int pinned = 0;
        for (int i = 0; i < model.nodeCount(); i++) {
            double z = model.restPositions[3 * i + 2];
            if (z <= -0.999f && z >= -1.001f) {
                solver.setPinned(i, true);
                pinned++;
            }
        }
        // the top edge: 11 black nodes and 10 red nodes
        assertEquals(21, pinned);
        for (int i = 0; i < 30; i++) {
            solver.step(1.0 / 60); // the state's fixed step (a double), not the frame time
        }
        double[] expected = solver.positions();
        double[] got = cloth.getNodePositions();
        double worst = 0;
        for (int i = 0; i < expected.length; i++) {
            worst = Math.max(worst, Math.abs(expected[i] - got[i]));
        }
        assertTrue(worst <= 1e-9, "largest difference " + worst + " m");
        // the sheet did fall (the lowest node is well below its rest height of 0 m)
        double lowest = Double.MAX_VALUE;
        for (int i = 1; i < got.length; i += 3) {
            lowest = Math.min(lowest, got[i]);
        }
        // (falling freely for 0.5 s the free edge would drop ½g t² ≈ 1.2 m; held by the pinned
        // edge it swings down: below 1.5 m for sure)
        assertTrue(lowest < 1.5, "lowest node at " + lowest);
        // and the rendered mesh shows those positions: each render vertex, taken to world
        // coordinates by the Geometry's transform, is at its node
        FloatBuffer pos = (FloatBuffer) g.getMesh().getBuffer(VertexBuffer.Type.Position).getData();
        int[] node = cloth.piece().renderNodes();
        for (int r = 0; r < node.length; r++) {
            g.getWorldTransform().transformVector(vec(pos, r), w);
            assertEquals(got[3 * node[r]], w.x, 1e-5);
            assertEquals(got[3 * node[r] + 1], w.y, 1e-5);
            assertEquals(got[3 * node[r] + 2], w.z, 1e-5);
        }
        assertTrue(cloth.getStats().redStrain() <= 1e-3, "red strain " + cloth.getStats().redStrain());
        // the world bound follows the cloth down
        assertTrue(g.getWorldBound().getCenter().y < 1.8f, g.getWorldBound().toString());
    }

    @Test
    void threadedStepsGiveTheSameClothOneFrameLater() {
        // The worker thread runs the steps of update k while the frame renders; the next update
        // shows them once they are done. With frames long enough for the solver (awaitSteps stands
        // for the frame's rendering, and shows the steps) the threaded cloth takes the same steps
        // in the same order as the synchronous one, so its mesh shows what the synchronous one
        // shows, bit for bit. Uneven frame times exercise the accumulator.
        float[] frames = {0.010f, 0.020f, 0.005f, 0.040f, 0.017f, 0.033f, 0.016f, 0.050f};
        Node a = new Node("a");
        ClothControl ca = hangingSheet(a, "sync", 6, 6);
        ClothAppState sync = syncState(a);
        Node b = new Node("b");
        ClothControl cb = hangingSheet(b, "threaded", 6, 6);
        ClothAppState threaded = new ClothAppState(b);
        threaded.initialize(null, null); // roots given: no application needed; starts the worker
        try {
            for (float f : frames) {
                sync.update(f);
                threaded.update(f);
                threaded.awaitSteps();
            }
            assertEquals(0, threaded.getBusyFrameCount());
            // each update steps over the frame before it: 0, 10, 20, 5, 40, 17, 33 and 16 ms of
            // 16.7 ms steps, the remainder carried (StepAccumulatorTest): 0+0+1+1+2+1+2+1 = 8
            assertEquals(8, ca.getStats().steps());
            assertEquals(8, cb.getStats().steps());
            assertArrayEquals(ca.getNodePositions(), cb.getNodePositions());
            assertEquals("IsoCloth solver", threadName(threaded));
        } finally {
            threaded.cleanup();
        }
    }

    @Test
    void theFrameNeverWaitsForASlowSolver() throws InterruptedException {
        // A 40×40-cell sheet (3,200 base triangles) hanging from its top edge takes several frame
        // times per step on these machines. Updated every 16 ms as a game would, the state must
        // show what is finished and return: the frames that find the solver busy are counted, the
        // cloth runs in slow motion (fewer steps than the frames' 1/60 s), and every update is far
        // shorter than a step. Bounds as ratios of the same run's own step time: the slowest update
        // takes under half the median step, and the median update under a tenth of it. The first
        // update is left out: it builds the cloth's model and solver on the render thread.
        Node root = new Node("root");
        ClothControl c = hangingSheet(root, "slow", 40, 40);
        ClothAppState state = new ClothAppState(root);
        state.initialize(null, null);
        int frames = 60;
        long[] updateNanos = new long[frames];
        double[] stepMs = new double[frames];
        int stepSamples = 0;
        try {
            for (int i = 0; i < frames; i++) {
                long t0 = System.nanoTime();
                state.update(1 / 60f);
                updateNanos[i] = i == 0 ? 0 : System.nanoTime() - t0;
                double ms = c.getStats().msPerStep();
                if (Double.isFinite(ms)) {
                    stepMs[stepSamples++] = ms;
                }
                Thread.sleep(16);
            }
            state.awaitSteps();
            ClothStats st = c.getStats();
            assertTrue(state.getBusyFrameCount() > 0, "the solver is slower than the frames: " + st);
            assertTrue(st.steps() > 0 && st.steps() < frames, "slow motion, not a stop: " + st.steps() + " steps");
            assertTrue(st.redStrain() <= 1e-3 && st.converged(), "within the strain bound: " + st);
            assertTrue(stepSamples > 0);
            java.util.Arrays.sort(updateNanos);
            double[] steps = java.util.Arrays.copyOf(stepMs, stepSamples);
            java.util.Arrays.sort(steps);
            double medianStep = steps[stepSamples / 2];
            double slowestUpdate = updateNanos[frames - 1] / 1e6;
            double medianUpdate = updateNanos[frames / 2] / 1e6;
            assertTrue(slowestUpdate < 0.5 * medianStep,
                    "slowest update " + slowestUpdate + " ms against a " + medianStep + " ms step");
            assertTrue(medianUpdate < 0.1 * medianStep,
                    "median update " + medianUpdate + " ms against a " + medianStep + " ms step");
        } finally {
            state.cleanup();
        }
    }

    @Test
    void aSecondStateLeavesTheClothToTheFirst() {
        // Two ClothAppStates over the same scene (attached twice by mistake) would step every
        // cloth twice per frame, the second on another thread. The second state must refuse the
        // cloth with a message naming it, and the cloth must take exactly the steps of one state:
        // 30 frames of 1/60 s are 29 steps (each update steps over the frame before it).
        Node root = new Node("root");
        ClothControl c = hangingSheet(root, "twice", 6, 6);
        ClothAppState first = syncState(root);
        ClothAppState second = syncState(root);
        List<String> heard = new java.util.ArrayList<>();
        second.addClothListener((cloth, message, suspended) -> heard.add(message));
        for (int i = 0; i < 30; i++) {
            first.update(1 / 60f);
            second.update(1 / 60f);
        }
        assertEquals(29, c.getStats().steps());
        assertEquals(1, heard.size(), heard.toString());
        assertTrue(heard.get(0).contains("'twice'") && heard.get(0).contains("another ClothAppState"), heard.get(0));
        assertEquals(List.of(c), first.getCloths());
        assertTrue(second.getCloths().isEmpty());
        // once the first state is gone, the second takes the cloth over
        first.cleanup();
        c.reset();
        second.update(1 / 60f);
        assertEquals(List.of(c), second.getCloths());
    }

    private static String threadName(ClothAppState state) {
        String[] name = new String[1];
        state.addClothListener((c, m, s) -> { });
        Thread.getAllStackTraces().keySet().forEach(t -> {
            if (t.getName().equals("IsoCloth solver")) {
                name[0] = t.getName();
            }
        });
        return name[0];
    }

    @Test
    void saveAndLoadAndCloneRoundTripAConfiguredControl() {
        // A configured control survives BinaryExporter.saveAndLoad and cloning: every parameter,
        // every pin group; the loaded cloth rebuilds from the saved original mesh (not from the
        // subdivided one it was saved with), so it has the same 221-node model as the original.
        AssetManager assets = new DesktopAssetManager(true);
        Node root = new Node("root");
        Node shoulder = new Node("shoulder");
        root.attachChild(shoulder);
        Geometry g = TestMeshes.sheetGeometry("cape", 8, 6, true);
        g.setMaterial(new Material(assets, "Common/MatDefs/Misc/Unshaded.j3md"));
        ClothControl cloth = new ClothControl();
        cloth.setDensity(0.35f);
        cloth.setBendingStiffness(2e-4f);
        cloth.setRestShape(RestShape.INITIAL);
        cloth.setStrainTolerance(0.002f);
        cloth.setDamping(0.05f);
        cloth.setDrag(0.4f);
        cloth.setFriction(0.6f);
        cloth.setThickness(0.008f);
        cloth.setIntegrator(Integrator.BDF2);
        cloth.setMaxIterations(30);
        cloth.setSelfCollisions(false);
        cloth.setProjection(org.isocloth.solver.ProjectionMode.FAST);
        cloth.setColliderContacts(org.isocloth.solver.SolverOptions.ColliderContacts.SPRINGS);
        cloth.setFrictionMode(org.isocloth.solver.SolverOptions.Friction.EXACT);
        cloth.setClothGroup("layers");
        cloth.setAirForces(false);
        cloth.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)).follow(shoulder));
        cloth.addPinGroup(PinGroup.vertices(0, 5, 9));
        g.addControl(cloth);
        root.attachChild(g);
        root.updateGeometricState();
        syncState(root).update(H); // built, subdivided, one step
        assertEquals(221, cloth.getModel().nodeCount());

        Node loadedRoot = BinaryExporter.saveAndLoad(assets, root);
        Geometry lg = (Geometry) loadedRoot.getChild("cape");
        ClothControl loaded = lg.getControl(ClothControl.class);
        assertNotNull(loaded);
        assertEquals(cloth.getClothMaterial(), loaded.getClothMaterial());
        assertEquals(Integrator.BDF2, loaded.getIntegrator());
        assertEquals(30, loaded.getMaxIterations());
        assertFalse(loaded.isSelfCollisions());
        assertEquals(org.isocloth.solver.ProjectionMode.FAST, loaded.getProjection());
        assertEquals(org.isocloth.solver.SolverOptions.ColliderContacts.SPRINGS, loaded.getColliderContacts());
        assertEquals(org.isocloth.solver.SolverOptions.Friction.EXACT, loaded.getFrictionMode());
        assertEquals("layers", loaded.getClothGroup());
        assertFalse(loaded.isAirForces());
        assertEquals(cloth.getPinGroups(), loaded.getPinGroups());
        // the follow reference points into the loaded graph, not the original one
        assertTrue(loaded.getPinGroups().get(0).getFollow() == loadedRoot.getChild("shoulder"));
        assertNotNull(loaded.getOriginalMesh());
        assertEquals(70, loaded.getOriginalMesh().getVertexCount());
        loadedRoot.updateGeometricState();
        syncState(loadedRoot).update(0);
        assertEquals(221, loaded.getModel().nodeCount());
        assertEquals(234, lg.getMesh().getVertexCount());

        Node clonedRoot = (Node) root.clone();
        Geometry cg = (Geometry) clonedRoot.getChild("cape");
        ClothControl cloned = cg.getControl(ClothControl.class);
        assertNotSame(cloth, cloned);
        assertEquals(cloth.getClothMaterial(), cloned.getClothMaterial());
        assertEquals("layers", cloned.getClothGroup());
        assertFalse(cloned.isAirForces());
        assertEquals(cloth.getPinGroups(), cloned.getPinGroups());
        assertTrue(cloned.getPinGroups().get(0).getFollow() == clonedRoot.getChild("shoulder"));
        assertFalse(cloned.isBuilt());
        clonedRoot.updateGeometricState();
        syncState(clonedRoot).update(0);
        assertEquals(221, cloned.getModel().nodeCount());
        assertNotSame(g.getMesh(), cg.getMesh());
    }

    @Test
    void pinsFollowTheirSpatialRigidly() {
        // The top edge follows a node that slides 30 cm along x and turns 0.3 rad about y in 20
        // frames, smoothly (x = 0.15·(1 − cos(πk/20)) m: top speed 1.4 m/s). Every pinned node
        // must sit exactly where the node's world transform takes its rest position (to float
        // rounding, 1e-5 m), and the cloth must stay within the strain tolerance. The cloth
        // Geometry itself is turned and moved, so its render vertices, taken to world
        // coordinates, must land on their nodes.
        Node root = new Node("root");
        Node hand = new Node("hand");
        root.attachChild(hand);
        Geometry g = TestMeshes.sheetGeometry("flag", 8, 8, false);
        g.setLocalRotation(new com.jme3.math.Quaternion().fromAngles(0, 0.4f, 0.1f));
        g.setLocalTranslation(0.2f, 0.3f, -0.1f);
        ClothControl cloth = new ClothControl();
        cloth.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)).follow(hand));
        g.addControl(cloth);
        root.attachChild(g);
        root.updateGeometricState();
        ClothAppState state = syncState(root);
        state.update(H); // builds the cloth; the next update steps over this frame's time
        double[] rest = cloth.getModel().restPositions.clone();
        for (int frame = 1; frame <= 20; frame++) {
            float ease = (1 - FastMath.cos(FastMath.PI * frame / 20)) / 2;
            hand.setLocalTranslation(0.3f * ease, 0, 0);
            hand.setLocalRotation(new com.jme3.math.Quaternion().fromAngles(0, 0.3f * ease, 0));
            root.updateGeometricState();
            state.update(H);
            double[] x = cloth.getNodePositions();
            int[] groups = cloth.piece().pinGroups();
            for (int i = 0; i < groups.length; i++) {
                if (groups[i] >= 0) {
                    Vector3f expected = hand.getWorldTransform().transformVector(
                            new Vector3f((float) rest[3 * i], (float) rest[3 * i + 1], (float) rest[3 * i + 2]), null);
                    assertEquals(expected.x, x[3 * i], 1e-5);
                    assertEquals(expected.y, x[3 * i + 1], 1e-5);
                    assertEquals(expected.z, x[3 * i + 2], 1e-5);
                }
            }
            assertTrue(cloth.getStats().redStrain() <= 1e-3, "frame " + frame + ": " + cloth.getStats());
            FloatBuffer pos = (FloatBuffer) g.getMesh().getBuffer(VertexBuffer.Type.Position).getData();
            int[] node = cloth.piece().renderNodes();
            Vector3f w = new Vector3f();
            for (int r = 0; r < node.length; r++) {
                g.getWorldTransform().transformVector(vec(pos, r), w);
                assertEquals(x[3 * node[r]], w.x, 1e-5);
                assertEquals(x[3 * node[r] + 1], w.y, 1e-5);
                assertEquals(x[3 * node[r] + 2], w.z, 1e-5);
            }
        }
    }

    @Test
    void aFailingStepRestoresTheLastGoodStateAndSuspendsAfterThreeInARow() {
        // A pin following a node that jumps 50 m in one frame, with one Gauss-Newton iteration
        // allowed: the projection cannot pull an inextensible sheet 50 m in one linearised
        // iteration (nor in the solver's three halvings), so each step fails with a message that
        // names the cloth and the cause; the cloth keeps its last good positions (no NaN reaches
        // the mesh), the listener hears each failure, the third suspends the cloth; reset()
        // brings it back. update() never throws.
        Node root = new Node("root");
        Node hook = new Node("hook");
        root.attachChild(hook);
        Geometry g = TestMeshes.sheetGeometry("towel", 4, 4, false);
        ClothControl cloth = new ClothControl();
        cloth.setMaxIterations(1);
        cloth.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)).follow(hook));
        g.addControl(cloth);
        root.attachChild(g);
        root.updateGeometricState();
        ClothAppState state = syncState(root);
        List<String> heard = new ArrayList<>();
        List<Boolean> suspended = new ArrayList<>();
        state.addClothListener((c, message, s) -> {
            assertTrue(c == cloth);
            heard.add(message);
            suspended.add(s);
        });
        for (int i = 0; i < 5; i++) {
            state.update(H);
        }
        double[] good = cloth.getNodePositions();
        for (int i = 0; i < 4; i++) {
            hook.setLocalTranslation(50 * (i + 1), 0, 0);
            root.updateGeometricState();
            state.update(H);
        }
        assertEquals(3, heard.size(), heard.toString());
        assertTrue(heard.get(0).startsWith("cloth 'towel'"), heard.get(0));
        assertEquals(List.of(false, false, true), suspended);
        assertTrue(cloth.isSuspended());
        assertArrayEquals(good, cloth.getNodePositions());
        assertEquals(3, cloth.getStats().failures());
        FloatBuffer pos = (FloatBuffer) g.getMesh().getBuffer(VertexBuffer.Type.Position).getData();
        for (int i = 0; i < pos.limit(); i++) {
            assertTrue(Float.isFinite(pos.get(i)));
        }
        hook.setLocalTranslation(0, 0, 0);
        root.updateGeometricState();
        cloth.setMaxIterations(20);
        cloth.reset();
        state.update(H);
        assertFalse(cloth.isSuspended());
        assertEquals(1, cloth.getStats().steps());
    }

    @Test
    void aBrokenMeshIsReportedWithItsElementAndTheGameGoesOn() {
        // Three triangles on one edge (a non-manifold "book" of pages): the validator's message
        // names the Geometry and the edge; the state reports it once, simulates nothing and keeps
        // updating without an exception.
        float[] p = {0, 0, 0, 1, 0, 0, 0.5f, 1, 0, 0.5f, -1, 0, 0.5f, 0, 1};
        int[] t = {0, 1, 2, 1, 0, 3, 0, 1, 4};
        Mesh m = new Mesh();
        m.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(p));
        m.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(t));
        m.updateCounts();
        Geometry g = new Geometry("pages", m);
        ClothControl cloth = new ClothControl();
        g.addControl(cloth);
        Node root = new Node("root");
        root.attachChild(g);
        root.updateGeometricState();
        ClothAppState state = syncState(root);
        List<String> heard = new ArrayList<>();
        state.addClothListener((c, message, s) -> heard.add(message));
        for (int i = 0; i < 3; i++) {
            state.update(H);
        }
        assertEquals(1, heard.size());
        assertTrue(heard.get(0).startsWith("cloth 'pages'"), heard.get(0));
        assertTrue(heard.get(0).contains("edge 0-1: non-manifold"), heard.get(0));
        assertFalse(cloth.isBuilt());
        assertTrue(state.getCloths().isEmpty());
        assertTrue(g.getMesh() == m);
    }

    @Test
    void changingParametersWhileRunningDoesNotJolt() {
        // A sheet swinging down from horizontal; at frame 15 the bending stiffness goes up 10×,
        // the density doubles (the model is rebuilt) and the integrator switches to BDF2. The
        // motion must carry on: the node velocities across the change, (x_k − x_{k−1})/h, may
        // change only as much as one frame of gravity and constraint forces changes them
        // elsewhere in the swing. Bound: the largest per-node change of velocity over the two
        // frames around the switch is at most twice the largest change seen in frames 5–14. A
        // reset of the velocities (a jolt) would change them by the full swing speed (≈ 1.5 m/s).
        Node root = new Node("root");
        Geometry g = new Geometry("towel", TestMeshes.horizontalSheet(8, 8, 2f));
        ClothControl cloth = new ClothControl();
        cloth.addPinGroup(PinGroup.box(new Vector3f(-1, 1.9f, -1.001f), new Vector3f(1, 2.1f, -0.999f)));
        g.addControl(cloth);
        root.attachChild(g);
        root.updateGeometricState();
        ClothAppState state = syncState(root);
        state.update(0);
        double h = 1.0 / 60;
        double[] x0 = cloth.getNodePositions();
        double[] v0 = null;
        double before = 0;
        double across = 0;
        double speed = 0;
        for (int frame = 1; frame <= 17; frame++) {
            if (frame == 15) {
                cloth.setBendingStiffness(1e-4f);
                cloth.setDensity(0.4f);
                cloth.setIntegrator(Integrator.BDF2);
            }
            state.update((float) h);
            double[] x1 = cloth.getNodePositions();
            double[] v1 = new double[x1.length];
            for (int i = 0; i < x1.length; i++) {
                v1[i] = (x1[i] - x0[i]) / h;
            }
            if (v0 != null) {
                double change = 0;
                for (int i = 0; i < v1.length; i += 3) {
                    double dx = v1[i] - v0[i];
                    double dy = v1[i + 1] - v0[i + 1];
                    double dz = v1[i + 2] - v0[i + 2];
                    change = Math.max(change, Math.sqrt(dx * dx + dy * dy + dz * dz));
                    speed = Math.max(speed, Math.sqrt(v1[i] * v1[i] + v1[i + 1] * v1[i + 1] + v1[i + 2] * v1[i + 2]));
                }
                if (frame >= 5 && frame <= 14) {
                    before = Math.max(before, change);
                } else if (frame >= 15) {
                    across = Math.max(across, change);
                }
            }
            x0 = x1;
            v0 = v1;
            assertTrue(cloth.getStats().redStrain() <= 1e-3, "frame " + frame + ": " + cloth.getStats());
        }
        assertEquals(0.4, cloth.getModel().material.density(), 1e-7);
        assertTrue(speed > 1, "the sheet swings (top speed " + speed + " m/s)");
        assertTrue(across <= 2 * before, "velocity change across the switch " + across
                + " m/s, before it at most " + before + " m/s");
    }

    @Test
    void setterValuesOutOfRangeNameTheField() {
        ClothControl cloth = new ClothControl();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> cloth.setDensity(-1));
        assertEquals("cloth.material.density: must be in [0.001, 1000] kg/m² (got -1.0)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> cloth.setBendingStiffness(Float.NaN));
        assertTrue(e.getMessage().startsWith("cloth.material.bendingStiffness:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> cloth.setMaxIterations(0));
        assertTrue(e.getMessage().startsWith("cloth.solver.maxIterations:"), e.getMessage());
        Geometry g = TestMeshes.sheetGeometry("skirt", 2, 2, false);
        g.addControl(cloth);
        e = assertThrows(IllegalArgumentException.class, () -> cloth.setThickness(0.5f));
        assertTrue(e.getMessage().startsWith("cloth 'skirt'.material.thickness:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Node("n").addControl(new ClothControl()));
        assertNull(cloth.getModel());
    }

    private static Vector3f vec(FloatBuffer b, int i) {
        return new Vector3f(b.get(3 * i), b.get(3 * i + 1), b.get(3 * i + 2));
    }

    @Test
    void exactFrictionGoesWithContactSprings() {
        // exact friction lives in the contact springs' Newton solve: choosing it chooses the
        // springs, and choosing contact planes returns to the thesis's friction
        ClothControl cloth = new ClothControl(org.isocloth.model.ClothMaterial.DEFAULT);
        assertEquals(org.isocloth.solver.SolverOptions.Friction.APPROXIMATE, cloth.getFrictionMode());
        cloth.setFrictionMode(org.isocloth.solver.SolverOptions.Friction.EXACT);
        assertEquals(org.isocloth.solver.SolverOptions.ColliderContacts.SPRINGS, cloth.getColliderContacts());
        cloth.setColliderContacts(org.isocloth.solver.SolverOptions.ColliderContacts.PLANES);
        assertEquals(org.isocloth.solver.SolverOptions.Friction.APPROXIMATE, cloth.getFrictionMode());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> cloth.setFrictionMode(null));
        assertTrue(e.getMessage().contains("solver.friction"), e.getMessage());
    }

    @Test
    void aStretchableModelRebuildsTheClothWhichThenStretchesUnderItsWeightAndSurvivesSaving() {
        // A 1 m × 1 m sheet hanging from its top edge. Made a membrane of E = 20 N/m, ν = 0, each
        // row of it carries the weight below: strain ρ g (L − s)/E, so its bottom edge drops by
        // ∫₀^L ρ g (L − s)/E ds = ρ g L²/(2E) = 0.2 · 9.81/40 = 4.9 cm (Green strain makes the
        // stretch a little smaller: 4.8 cm); the isometric sheet does not lengthen at all.
        Node root = new Node("root");
        ClothControl cloth = hangingSheet(root, "jersey", 4, 8);
        cloth.setDrag(2f); // brings it to rest within the 3 s
        ClothAppState state = syncState(root);
        state.update(H);
        ClothModel isometric = cloth.getModel();
        assertFalse(isometric.material.stretchable());
        cloth.setStretch(new org.isocloth.model.Stretch(20, 0));
        for (int frame = 0; frame < 180; frame++) {
            state.update(H);
        }
        assertTrue(cloth.getModel() != isometric && cloth.getModel().material.stretchable(), "rebuilt as a membrane");
        double[] x = cloth.getNodePositions();
        double[] rest = cloth.getModel().restPositions;
        double drop = 0;
        int bottom = 0;
        for (int p = 0; p < rest.length / 3; p++) {
            if (Math.abs(rest[3 * p + 1]) < 1e-6) {
                drop += rest[3 * p + 1] - x[3 * p + 1];
                bottom++;
            }
        }
        drop /= bottom;
        assertEquals(0.048, drop, 0.005, "bottom edge's drop (m)");

        AssetManager assets = new DesktopAssetManager(true);
        Node loaded = BinaryExporter.saveAndLoad(assets, root);
        ClothControl back = loaded.getChild("jersey").getControl(ClothControl.class);
        assertEquals(new org.isocloth.model.Stretch(20, 0), back.getStretch());
        assertEquals(cloth.getClothMaterial(), back.getClothMaterial());
        cloth.setStretch(null);
        assertEquals(null, cloth.getStretch());
    }

    @Test
    void theSolverMethodSwitchesLiveAndIsSaved() {
        // A hanging sheet stepped by the isometric solver, then by shape matching (16 sweeps per
        // step, ShapeMatchingStep: the stats' iterations), then by the isometric solver again,
        // which brings the red edges back within the tolerance; the sheet never jumps.
        Node root = new Node("root");
        ClothControl cloth = hangingSheet(root, "sheet", 4, 4);
        ClothAppState state = syncState(root);
        for (int frame = 0; frame < 10; frame++) {
            state.update(H);
        }
        cloth.setSolverMethod(org.isocloth.solver.SolverOptions.Method.SHAPE_MATCHING);
        for (int frame = 0; frame < 10; frame++) {
            double[] before = cloth.getNodePositions().clone();
            state.update(H);
            assertEquals(16, cloth.getStats().iterationsPerStep(), 1e-9, "shape matching's sweeps");
            assertTrue(largestMove(before, cloth.getNodePositions()) < 0.05, "frame " + frame);
        }
        cloth.setSolverMethod(org.isocloth.solver.SolverOptions.Method.ISOMETRIC);
        for (int frame = 0; frame < 5; frame++) {
            state.update(H);
        }
        assertTrue(cloth.getStats().redStrain() <= 1e-3, cloth.getStats().toString());
        AssetManager assets = new DesktopAssetManager(true);
        cloth.setSolverMethod(org.isocloth.solver.SolverOptions.Method.SHAPE_MATCHING);
        ClothControl back = BinaryExporter.saveAndLoad(assets, root).getChild("sheet").getControl(ClothControl.class);
        assertEquals(org.isocloth.solver.SolverOptions.Method.SHAPE_MATCHING, back.getSolverMethod());
        assertThrows(IllegalArgumentException.class, () -> cloth.setSolverMethod(null));
    }

    @Test
    void farFromTheCameraTheClothIsSteppedByShapeMatching() {
        // The 1 m sheet hangs from y = 1 m near the origin; with a shape-matching distance of 5 m it is
        // stepped by shape matching (16 sweeps per step, ShapeMatchingStep) while the camera is
        // farther than 5 m, stays so down to 4.5 m (10 % hysteresis), and is stepped by the
        // isometric solver again nearer than that, which takes the red edges back within the
        // strain tolerance. The sheet never jumps.
        Node root = new Node("root");
        ClothControl cloth = hangingSheet(root, "sheet", 4, 4);
        ClothAppState state = syncState(root);
        com.jme3.renderer.Camera cam = new com.jme3.renderer.Camera(640, 480);
        state.setLodCamera(cam);
        cloth.setShapeMatchingDistance(5);
        cam.setLocation(new Vector3f(0, 0, 2));
        for (int frame = 0; frame < 5; frame++) {
            state.update(H);
        }
        assertEquals(org.isocloth.solver.SolverOptions.Method.ISOMETRIC, cloth.getEffectiveSolverMethod());
        assertTrue(cloth.getStats().iterationsPerStep() < 16, cloth.getStats().toString());
        double[] steps = {20, 4.8};
        for (double z : steps) {
            cam.setLocation(new Vector3f(0, 0, (float) z));
            for (int frame = 0; frame < 5; frame++) {
                double[] before = cloth.getNodePositions().clone();
                state.update(H);
                assertEquals(16, cloth.getStats().iterationsPerStep(), 1e-9, "camera at " + z + " m");
                assertTrue(largestMove(before, cloth.getNodePositions()) < 0.05, "camera at " + z + " m");
            }
            assertEquals(org.isocloth.solver.SolverOptions.Method.SHAPE_MATCHING, cloth.getEffectiveSolverMethod());
        }
        assertEquals(org.isocloth.solver.SolverOptions.Method.ISOMETRIC, cloth.getSolverMethod(), "the own method");
        cam.setLocation(new Vector3f(0, 0, 3));
        for (int frame = 0; frame < 5; frame++) {
            double[] before = cloth.getNodePositions().clone();
            state.update(H);
            assertTrue(largestMove(before, cloth.getNodePositions()) < 0.05, "frame " + frame);
        }
        assertEquals(org.isocloth.solver.SolverOptions.Method.ISOMETRIC, cloth.getEffectiveSolverMethod());
        assertTrue(cloth.getStats().redStrain() <= 1e-3, cloth.getStats().toString());
        // switching the level of detail off brings a far cloth back at once
        cam.setLocation(new Vector3f(0, 0, 20));
        state.update(H);
        assertEquals(org.isocloth.solver.SolverOptions.Method.SHAPE_MATCHING, cloth.getEffectiveSolverMethod());
        cloth.setShapeMatchingDistance(Float.POSITIVE_INFINITY);
        assertEquals(org.isocloth.solver.SolverOptions.Method.ISOMETRIC, cloth.getEffectiveSolverMethod());
        cloth.setShapeMatchingDistance(7.5f);
        ClothControl back = BinaryExporter.saveAndLoad(new DesktopAssetManager(true), root).getChild("sheet")
                .getControl(ClothControl.class);
        assertEquals(7.5f, back.getShapeMatchingDistance());
        for (float bad : new float[] {0, -1, Float.NaN}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> cloth.setShapeMatchingDistance(bad));
            assertTrue(e.getMessage().contains("shapeMatchingDistance"), e.getMessage());
        }
    }

    private static double largestMove(double[] a, double[] b) {
        double m = 0;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, Math.abs(a[i] - b[i]));
        }
        return m;
    }
}
