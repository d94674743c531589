package org.isocloth.jme;

import com.jme3.math.Transform;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Spatial;
import com.jme3.scene.VertexBuffer;
import com.jme3.scene.mesh.IndexBuffer;
import com.jme3.util.BufferUtils;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.ShortBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.InputException;
import org.isocloth.collision.Collider;
import org.isocloth.mesh.MeshLoadResult;
import org.isocloth.mesh.MeshValidator;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.solver.ClothMetrics;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.StepResult;

/**
 * The simulation of one {@link ClothControl}: the subdivided model and its solver (world
 * coordinates), the render mesh that shows it, the pins, and the last good state. Methods named
 * {@code render*} or {@code capture*} run on the render thread while the simulation thread is
 * idle; {@link #step} runs on the simulation thread.
 */
final class ClothSimulation {
    private static final Logger LOG = Logger.getLogger(ClothSimulation.class.getName());

    private final ClothControl control;
    private final Geometry geometry;
    private final String name;
    /** The welded base mesh in world coordinates at build time. */
    private final TriMesh base;
    /** Raw vertex of the original mesh → welded base vertex (−1 if unused). */
    private final int[] vertexMap;
    private final int rawVertexCount;
    private final Mesh original;
    private final Transform buildTransform;
    /** Node rest positions in the Geometry's mesh coordinates (for pin boxes). */
    private final double[] restLocal;

    private ClothModel model;
    private ClothSolver solver;

    // render mesh
    private final Mesh renderMesh;
    private final int[] renderNode;
    private final boolean tangents;
    private final float[] renderUv;
    private final int[] renderTriangles;
    // per-frame scratch of renderApply (render thread only)
    private double[] nodeNormal;
    private final double[] faceTmp = new double[3];
    private double[] tangentSum;
    private double[] bitangentSum;

    // pins: per node, the group that holds it (−1 = free); targets in the follow spatial's frame
    private final int[] pinGroupOf;
    private final double[] pinLocal;
    private final Spatial[] followOf;
    private final double[] pinPrevious;
    private final double[] pinNext;
    private int appliedPinVersion = -1;
    private int appliedParameterVersion;
    private boolean hasPinCapture;

    // results
    private final double[] displayed;
    private final double[] lastGoodX;
    private final double[] lastGoodV;
    private boolean suspended;
    private int consecutiveFailures;
    private int failures;
    private long steps;
    private double simTime;
    // per job
    private String failure;
    private int jobSteps;
    private int jobIterations;
    private double jobRedStrain;
    private boolean jobConverged;
    private int jobContacts;
    private long jobNanos;

    /**
     * Builds the cloth from the Geometry's current mesh (or the original kept by the control) at
     * the Geometry's current world transform, and installs the render mesh.
     *
     * @throws IllegalArgumentException if the mesh is not a valid cloth (the message names the
     *     Geometry, the element and the reason)
     */
    ClothSimulation(ClothControl control, Vector3f gravity) {
        this.control = control;
        this.geometry = control.getGeometry();
        this.name = "cloth '" + geometry.getName() + "'";
        this.original = control.getOriginalMesh() != null ? control.getOriginalMesh() : geometry.getMesh();
        if (original == null) {
            throw new IllegalArgumentException(name + ": the Geometry has no mesh");
        }
        if (original.getMode() != Mesh.Mode.Triangles) {
            throw new IllegalArgumentException(name + ": mesh mode " + original.getMode()
                    + " is not supported (needs Triangles)");
        }
        VertexBuffer posBuffer = original.getBuffer(VertexBuffer.Type.Position);
        if (posBuffer == null || posBuffer.getNumComponents() != 3
                || posBuffer.getFormat() != VertexBuffer.Format.Float) {
            throw new IllegalArgumentException(name + ": the mesh needs a Position buffer of 3 floats per vertex");
        }
        FloatBuffer pos = (FloatBuffer) posBuffer.getDataReadOnly();
        rawVertexCount = original.getVertexCount();
        buildTransform = geometry.getWorldTransform().clone();
        double[] world = new double[3 * rawVertexCount];
        Vector3f tmp = new Vector3f();
        for (int i = 0; i < rawVertexCount; i++) {
            tmp.set(pos.get(3 * i), pos.get(3 * i + 1), pos.get(3 * i + 2));
            buildTransform.transformVector(tmp, tmp);
            world[3 * i] = tmp.x;
            world[3 * i + 1] = tmp.y;
            world[3 * i + 2] = tmp.z;
        }
        int[] tris = readTriangles(original, name);
        double[] uvs = null;
        int[] triUvs = null;
        VertexBuffer uvBuffer = original.getBuffer(VertexBuffer.Type.TexCoord);
        if (uvBuffer != null && uvBuffer.getNumComponents() == 2 && uvBuffer.getFormat() == VertexBuffer.Format.Float) {
            FloatBuffer uv = (FloatBuffer) uvBuffer.getDataReadOnly();
            uvs = new double[2 * rawVertexCount];
            for (int i = 0; i < 2 * rawVertexCount; i++) {
                uvs[i] = uv.get(i);
            }
            triUvs = tris.clone();
        }
        MeshLoadResult loaded;
        try {
            loaded = MeshValidator.validate(new TriMesh(world, tris, uvs, triUvs, name));
            this.model = new ClothModel(loaded.mesh().positions, loaded.mesh().triangles, control.getClothMaterial());
        } catch (InputException | IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        for (String w : loaded.warnings()) {
            LOG.log(Level.INFO, w);
        }
        this.base = loaded.mesh();
        this.vertexMap = loaded.vertexMap();
        this.solver = newSolver(model, gravity);
        appliedParameterVersion = control.parameterVersion();

        int n = model.nodeCount();
        restLocal = new double[3 * n];
        for (int i = 0; i < n; i++) {
            tmp.set((float) model.restPositions[3 * i], (float) model.restPositions[3 * i + 1],
                    (float) model.restPositions[3 * i + 2]);
            buildTransform.transformInverseVector(tmp, tmp);
            restLocal[3 * i] = tmp.x;
            restLocal[3 * i + 1] = tmp.y;
            restLocal[3 * i + 2] = tmp.z;
        }

        // render vertices: one per (node, texture coordinate) pair, so UV seams stay seams
        int[] fine = model.mesh.fineTriangles;
        org.isocloth.cache.RenderLayout layout;
        if (base.hasUvs()) {
            Object[] fu = model.mesh.subdivideUvs(base.uvs, base.triangleUvs);
            layout = org.isocloth.cache.RenderLayout.of(fine, n, (double[]) fu[0], (int[]) fu[1]);
        } else {
            layout = org.isocloth.cache.RenderLayout.of(fine, n, null, null);
        }
        renderNode = layout.vertexNode;
        renderUv = layout.uvs;
        renderTriangles = layout.triangles;
        tangents = renderUv != null && original.getBuffer(VertexBuffer.Type.Tangent) != null;
        renderMesh = buildRenderMesh();

        pinGroupOf = new int[n];
        Arrays.fill(pinGroupOf, -1);
        pinLocal = new double[3 * n];
        followOf = new Spatial[n];
        pinPrevious = new double[3 * n];
        pinNext = new double[3 * n];
        displayed = solver.positions().clone();
        lastGoodX = solver.positions().clone();
        lastGoodV = solver.velocities().clone();

        applyPins();
        control.setOriginalMesh(original);
        geometry.setMesh(renderMesh);
        renderApply();
        LOG.log(Level.INFO, "{0}: {1} base triangles ({2} vertices welded from {3}), {4} nodes, {5} render vertices, "
                + "{6} system rows", new Object[] {name, base.triangleCount(), base.vertexCount(), rawVertexCount,
                    n, renderNode.length, solver.systemRows()});
    }

    private ClothSolver newSolver(ClothModel m, Vector3f gravity) {
        ClothSolver s = new ClothSolver(name, m, control.getSolverSettings());
        s.setGravity(new double[] {gravity.x, gravity.y, gravity.z});
        s.setSelfCollisions(control.isSelfCollisions());
        s.setProjection(control.getProjection());
        return s;
    }

    /** Reads the triangle list of a Triangles-mode mesh (indexed or not). */
    static int[] readTriangles(Mesh mesh, String name) {
        int vertices = mesh.getVertexCount();
        IndexBuffer ib = mesh.getIndexBuffer();
        int count = ib == null ? vertices : ib.size();
        if (count == 0 || count % 3 != 0) {
            throw new IllegalArgumentException(name + ": the mesh has " + count
                    + " triangle indices (needs a positive multiple of 3)");
        }
        int[] tris = new int[count];
        for (int i = 0; i < count; i++) {
            tris[i] = ib == null ? i : ib.get(i);
        }
        return tris;
    }

    private Mesh buildRenderMesh() {
        Mesh mesh = new Mesh();
        int r = renderNode.length;
        mesh.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(3 * r));
        mesh.setBuffer(VertexBuffer.Type.Normal, 3, BufferUtils.createFloatBuffer(3 * r));
        if (r < 65536) {
            short[] idx = new short[renderTriangles.length];
            for (int i = 0; i < idx.length; i++) {
                idx[i] = (short) renderTriangles[i];
            }
            mesh.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createShortBuffer(idx));
        } else {
            mesh.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(renderTriangles));
        }
        if (renderUv != null) {
            mesh.setBuffer(VertexBuffer.Type.TexCoord, 2, BufferUtils.createFloatBuffer(renderUv));
        }
        if (tangents) {
            mesh.setBuffer(VertexBuffer.Type.Tangent, 4, BufferUtils.createFloatBuffer(4 * r));
            mesh.getBuffer(VertexBuffer.Type.Tangent).setUsage(VertexBuffer.Usage.Stream);
        }
        mesh.getBuffer(VertexBuffer.Type.Position).setUsage(VertexBuffer.Usage.Stream);
        mesh.getBuffer(VertexBuffer.Type.Normal).setUsage(VertexBuffer.Usage.Stream);
        return mesh;
    }

    // ------------------------------------------------------------------ accessors

    ClothModel model() {
        return model;
    }

    ClothSolver solver() {
        return solver;
    }

    Mesh renderMesh() {
        return renderMesh;
    }

    /** @return render vertex → node (live array: read only) */
    int[] renderNodes() {
        return renderNode;
    }

    double[] displayedPositions() {
        return displayed;
    }

    boolean isSuspended() {
        return suspended;
    }

    Transform buildTransform() {
        return buildTransform;
    }

    // ------------------------------------------------------------------ render thread

    /**
     * Applies parameter and pin changes and captures pin targets (render thread, simulation idle).
     *
     * @param gravity current gravity
     * @param colliders the colliders for this frame
     */
    void renderPrepare(Vector3f gravity, List<Collider> colliders) {
        renderResetIfRequested();
        if (control.parameterVersion() != appliedParameterVersion) {
            applyParameters(gravity);
        }
        solver.setGravity(new double[] {gravity.x, gravity.y, gravity.z});
        solver.setColliders(colliders);
        if (control.pinVersion() != appliedPinVersion) {
            applyPins();
        }
        capturePinTargets();
    }

    private void applyParameters(Vector3f gravity) {
        ClothMaterial m = control.getClothMaterial();
        ClothMaterial built = model.material;
        appliedParameterVersion = control.parameterVersion();
        if (m.density() != built.density() || m.restShape() != built.restShape()) {
            // mass and rest curvature live in the model: rebuild it, keep the motion and the pins
            double[] x = solver.positions().clone();
            double[] v = solver.velocities().clone();
            boolean[] pinned = new boolean[model.nodeCount()];
            double[] targets = solver.positions().clone();
            for (int i = 0; i < pinned.length; i++) {
                pinned[i] = solver.isPinned(i);
            }
            List<Collider> colliders = solver.colliders();
            double t = solver.time();
            model = new ClothModel(base.positions, base.triangles, m);
            solver = newSolver(model, gravity);
            solver.setColliders(colliders);
            solver.setState(x, v);
            for (int i = 0; i < pinned.length; i++) {
                if (pinned[i]) {
                    solver.setPinned(i, true);
                    solver.setPinTarget(i, targets[3 * i], targets[3 * i + 1], targets[3 * i + 2]);
                }
            }
            LOG.log(Level.INFO, "{0}: model rebuilt for density {1} kg/m², rest shape {2} at t = {3} s",
                    new Object[] {name, m.density(), m.restShape(), t});
        } else {
            solver.setMaterial(m);
        }
        solver.setSettings(control.getSolverSettings());
        solver.setSelfCollisions(control.isSelfCollisions());
        solver.setProjection(control.getProjection());
    }

    /** @return whether a reset was requested (and done) */
    boolean renderResetIfRequested() {
        if (control.takeResetRequest()) {
            resetState();
            return true;
        }
        return false;
    }

    /**
     * Back to the rest state at simulated time 0, now (render thread, no job running): the pins
     * are re-applied at once, relative to where their followed Spatials are now (the caller has
     * posed the scene for time 0).
     */
    void restartNow() {
        control.takeResetRequest();
        resetState();
        applyPins();
        solver.setTime(0);
    }

    /** Back to the rest state: the original mesh where it was built, at rest. */
    void resetState() {
        solver.setState(model.restPositions, new double[model.restPositions.length]);
        System.arraycopy(model.restPositions, 0, displayed, 0, displayed.length);
        System.arraycopy(model.restPositions, 0, lastGoodX, 0, lastGoodX.length);
        Arrays.fill(lastGoodV, 0);
        suspended = false;
        consecutiveFailures = 0;
        steps = 0;
        simTime = 0;
        appliedPinVersion = -1;
        control.setStats(ClothStats.NONE);
    }

    /** Re-selects the pinned nodes; newly pinned nodes hold their current position. */
    private void applyPins() {
        appliedPinVersion = control.pinVersion();
        int n = model.nodeCount();
        int[] group = new int[n];
        Arrays.fill(group, -1);
        List<PinGroup> groups = control.getPinGroups();
        for (int g = 0; g < groups.size(); g++) {
            int before = count(group, g);
            select(groups.get(g), g, group);
            if (count(group, g) == before) {
                LOG.log(Level.WARNING, "{0}: pin group {1} ({2}) selects no node", new Object[] {name, g, groups.get(g)});
            }
        }
        double[] x = solver.positions();
        java.util.Map<Spatial, double[]> rotations = new java.util.IdentityHashMap<>();
        for (int i = 0; i < n; i++) {
            boolean pin = group[i] >= 0;
            if (pin != solver.isPinned(i) || (pin && group[i] != pinGroupOf[i])) {
                solver.setPinned(i, pin);
            }
            pinGroupOf[i] = group[i];
            followOf[i] = null;
            if (pin) {
                Spatial follow = groups.get(group[i]).getFollow();
                followOf[i] = follow == null ? geometry : follow;
                Transform t = followOf[i].getWorldTransform();
                toLocal(t, rotations.computeIfAbsent(followOf[i], f -> Poses.rotation(t.getRotation(), new double[9])),
                        x, 3 * i, pinLocal, 3 * i);
            }
        }
        hasPinCapture = false;
    }

    private static int count(int[] group, int g) {
        int c = 0;
        for (int v : group) {
            if (v == g) {
                c++;
            }
        }
        return c;
    }

    private void select(PinGroup p, int g, int[] group) {
        int n = model.nodeCount();
        int v = model.mesh.vertexCount;
        boolean[] vertex = new boolean[v];
        switch (p.getKind()) {
            case BOX -> {
                Vector3f lo = p.getMin();
                Vector3f hi = p.getMax();
                for (int i = 0; i < n; i++) {
                    double x = restLocal[3 * i];
                    double y = restLocal[3 * i + 1];
                    double z = restLocal[3 * i + 2];
                    if (x >= lo.x && x <= hi.x && y >= lo.y && y <= hi.y && z >= lo.z && z <= hi.z) {
                        group[i] = g;
                    }
                }
                return;
            }
            case VERTICES -> {
                for (int raw : p.getVertices()) {
                    if (raw >= rawVertexCount) {
                        throw new IllegalArgumentException(name + ": pin vertex " + raw + " out of range [0, "
                                + rawVertexCount + ")");
                    }
                    if (vertexMap[raw] >= 0) {
                        vertex[vertexMap[raw]] = true;
                    }
                }
            }
            case WEIGHTS -> {
                VertexBuffer wb = original.getBuffer(p.getWeightBuffer());
                if (wb == null) {
                    throw new IllegalArgumentException(name + ": pin weights: the mesh has no " + p.getWeightBuffer()
                            + " buffer");
                }
                int comps = wb.getNumComponents();
                if (p.getWeightComponent() >= comps) {
                    throw new IllegalArgumentException(name + ": pin weights: " + p.getWeightBuffer() + " has "
                            + comps + " components, component " + p.getWeightComponent() + " asked");
                }
                for (int raw = 0; raw < rawVertexCount; raw++) {
                    double w = component(wb, raw * comps + p.getWeightComponent());
                    if (w >= p.getThreshold() && vertexMap[raw] >= 0) {
                        vertex[vertexMap[raw]] = true;
                    }
                }
            }
            default -> throw new IllegalStateException("unknown pin kind " + p.getKind());
        }
        for (int i = 0; i < v; i++) {
            if (vertex[i]) {
                group[i] = g;
            }
        }
        int[] ev = model.mesh.edgeVertices;
        for (int e = 0; e < model.mesh.edgeCount; e++) {
            if (vertex[ev[2 * e]] && vertex[ev[2 * e + 1]]) {
                group[model.mesh.redNode(e)] = g;
            }
        }
    }

    private static double component(VertexBuffer vb, int index) {
        Buffer data = vb.getDataReadOnly();
        double scale = vb.isNormalized() ? 1.0 : 0.0;
        return switch (vb.getFormat()) {
            case Float -> ((FloatBuffer) data).get(index);
            case UnsignedByte -> (((ByteBuffer) data).get(index) & 0xff) / (scale > 0 ? 255.0 : 1.0);
            case Byte -> ((ByteBuffer) data).get(index) / (scale > 0 ? 127.0 : 1.0);
            case UnsignedShort -> (((ShortBuffer) data).get(index) & 0xffff) / (scale > 0 ? 65535.0 : 1.0);
            case Short -> ((ShortBuffer) data).get(index) / (scale > 0 ? 32767.0 : 1.0);
            case Int, UnsignedInt -> ((IntBuffer) data).get(index);
            default -> throw new IllegalArgumentException("pin weights: unsupported buffer format " + vb.getFormat());
        };
    }

    /** Reads where the pinned nodes must be at the end of this frame's steps. */
    private void capturePinTargets() {
        double[] swap = pinPrevious;
        System.arraycopy(pinNext, 0, swap, 0, swap.length);
        int n = model.nodeCount();
        java.util.Map<Spatial, double[]> rotations = new java.util.IdentityHashMap<>();
        for (int i = 0; i < n; i++) {
            if (pinGroupOf[i] < 0) {
                continue;
            }
            Transform t = followOf[i].getWorldTransform();
            toWorld(t, rotations.computeIfAbsent(followOf[i], f -> Poses.rotation(t.getRotation(), new double[9])),
                    pinLocal, 3 * i, pinNext, 3 * i);
        }
        if (!hasPinCapture) {
            double[] x = solver.positions();
            for (int i = 0; i < n; i++) {
                if (pinGroupOf[i] >= 0) {
                    // the first frame after pinning starts from where the nodes are
                    pinPrevious[3 * i] = x[3 * i];
                    pinPrevious[3 * i + 1] = x[3 * i + 1];
                    pinPrevious[3 * i + 2] = x[3 * i + 2];
                }
            }
            hasPinCapture = true;
        }
    }

    /**
     * Applies a jME transform in double precision: out = R·(s∘p) + t (the order of
     * {@link Transform#transformVector}), R the transform's rotation as a row-major matrix
     * ({@link Poses#rotation}).
     */
    static void toWorld(Transform t, double[] r, double[] p, int i, double[] out, int o) {
        Vector3f s = t.getScale();
        Vector3f tr = t.getTranslation();
        double x = p[i] * s.x;
        double y = p[i + 1] * s.y;
        double z = p[i + 2] * s.z;
        out[o] = r[0] * x + r[1] * y + r[2] * z + tr.x;
        out[o + 1] = r[3] * x + r[4] * y + r[5] * z + tr.y;
        out[o + 2] = r[6] * x + r[7] * y + r[8] * z + tr.z;
    }

    /** The inverse of {@link #toWorld}: out = (Rᵀ·(p − t)) / s, double precision. */
    static void toLocal(Transform t, double[] r, double[] p, int i, double[] out, int o) {
        Vector3f s = t.getScale();
        Vector3f tr = t.getTranslation();
        double x = p[i] - tr.x;
        double y = p[i + 1] - tr.y;
        double z = p[i + 2] - tr.z;
        out[o] = (r[0] * x + r[3] * y + r[6] * z) / s.x;
        out[o + 1] = (r[1] * x + r[4] * y + r[7] * z) / s.y;
        out[o + 2] = (r[2] * x + r[5] * y + r[8] * z) / s.z;
    }

    /**
     * Shows the last finished frame: positions (mesh coordinates), normals, tangents, bound. Render
     * thread.
     */
    void renderApply() {
        Transform world = geometry.getWorldTransform();
        int r = renderNode.length;
        int n = model.nodeCount();
        double[] x = displayed;
        if (nodeNormal == null) {
            nodeNormal = new double[3 * n];
        }
        Arrays.fill(nodeNormal, 0);
        double[] face = faceTmp;
        int[] fine = model.mesh.fineTriangles;
        for (int f = 0; f < fine.length / 3; f++) {
            ClothModel.faceNormal(x, fine[3 * f], fine[3 * f + 1], fine[3 * f + 2], face);
            for (int c = 0; c < 3; c++) {
                int k = fine[3 * f + c];
                nodeNormal[3 * k] += face[0];
                nodeNormal[3 * k + 1] += face[1];
                nodeNormal[3 * k + 2] += face[2];
            }
        }
        FloatBuffer pos = (FloatBuffer) renderMesh.getBuffer(VertexBuffer.Type.Position).getData();
        FloatBuffer nor = (FloatBuffer) renderMesh.getBuffer(VertexBuffer.Type.Normal).getData();
        Vector3f p = new Vector3f();
        Vector3f nv = new Vector3f();
        com.jme3.math.Quaternion inverse = world.getRotation().inverse();
        Vector3f scale = world.getScale();
        for (int i = 0; i < r; i++) {
            int k = renderNode[i];
            p.set((float) x[3 * k], (float) x[3 * k + 1], (float) x[3 * k + 2]);
            world.transformInverseVector(p, p);
            pos.put(3 * i, p.x).put(3 * i + 1, p.y).put(3 * i + 2, p.z);
            nv.set((float) nodeNormal[3 * k], (float) nodeNormal[3 * k + 1], (float) nodeNormal[3 * k + 2]);
            inverse.mult(nv, nv);
            // normals transform with the inverse transpose: multiply by the scale
            nv.multLocal(scale);
            nv.normalizeLocal();
            nor.put(3 * i, nv.x).put(3 * i + 1, nv.y).put(3 * i + 2, nv.z);
        }
        renderMesh.getBuffer(VertexBuffer.Type.Position).setUpdateNeeded();
        renderMesh.getBuffer(VertexBuffer.Type.Normal).setUpdateNeeded();
        if (tangents) {
            writeTangents(pos, nor);
        }
        renderMesh.updateBound();
        geometry.updateModelBound();
    }

    /** Per-vertex tangents from the UV gradient of each triangle (Lengyel), Gram-Schmidt to the normal. */
    private void writeTangents(FloatBuffer pos, FloatBuffer nor) {
        int r = renderNode.length;
        if (tangentSum == null) {
            tangentSum = new double[3 * r];
            bitangentSum = new double[3 * r];
        }
        double[] tan = tangentSum;
        double[] bit = bitangentSum;
        Arrays.fill(tan, 0);
        Arrays.fill(bit, 0);
        int[] t = renderTriangles;
        for (int f = 0; f < t.length / 3; f++) {
            int a = t[3 * f];
            int b = t[3 * f + 1];
            int c = t[3 * f + 2];
            double e1x = pos.get(3 * b) - pos.get(3 * a);
            double e1y = pos.get(3 * b + 1) - pos.get(3 * a + 1);
            double e1z = pos.get(3 * b + 2) - pos.get(3 * a + 2);
            double e2x = pos.get(3 * c) - pos.get(3 * a);
            double e2y = pos.get(3 * c + 1) - pos.get(3 * a + 1);
            double e2z = pos.get(3 * c + 2) - pos.get(3 * a + 2);
            double du1 = renderUv[2 * b] - renderUv[2 * a];
            double dv1 = renderUv[2 * b + 1] - renderUv[2 * a + 1];
            double du2 = renderUv[2 * c] - renderUv[2 * a];
            double dv2 = renderUv[2 * c + 1] - renderUv[2 * a + 1];
            double det = du1 * dv2 - du2 * dv1;
            if (Math.abs(det) < 1e-20) {
                continue;
            }
            double inv = 1 / det;
            double tx = (dv2 * e1x - dv1 * e2x) * inv;
            double ty = (dv2 * e1y - dv1 * e2y) * inv;
            double tz = (dv2 * e1z - dv1 * e2z) * inv;
            double bx = (du1 * e2x - du2 * e1x) * inv;
            double by = (du1 * e2y - du2 * e1y) * inv;
            double bz = (du1 * e2z - du2 * e1z) * inv;
            for (int corner = 0; corner < 3; corner++) {
                int k = t[3 * f + corner];
                tan[3 * k] += tx;
                tan[3 * k + 1] += ty;
                tan[3 * k + 2] += tz;
                bit[3 * k] += bx;
                bit[3 * k + 1] += by;
                bit[3 * k + 2] += bz;
            }
        }
        FloatBuffer out = (FloatBuffer) renderMesh.getBuffer(VertexBuffer.Type.Tangent).getData();
        for (int i = 0; i < r; i++) {
            double nx = nor.get(3 * i);
            double ny = nor.get(3 * i + 1);
            double nz = nor.get(3 * i + 2);
            double tx = tan[3 * i];
            double ty = tan[3 * i + 1];
            double tz = tan[3 * i + 2];
            double d = nx * tx + ny * ty + nz * tz;
            tx -= d * nx;
            ty -= d * ny;
            tz -= d * nz;
            double len = Math.sqrt(tx * tx + ty * ty + tz * tz);
            if (len < 1e-20) {
                // any unit vector orthogonal to the normal
                double ax = Math.abs(nx) < 0.9 ? 1 : 0;
                double ay = 1 - ax;
                tx = ay * nz;
                ty = -ax * nz;
                tz = ax * ny - ay * nx;
                len = Math.sqrt(tx * tx + ty * ty + tz * tz);
            }
            tx /= len;
            ty /= len;
            tz /= len;
            // handedness: sign of (n × t)·b
            double cx = ny * tz - nz * ty;
            double cy = nz * tx - nx * tz;
            double cz = nx * ty - ny * tx;
            double w = cx * bit[3 * i] + cy * bit[3 * i + 1] + cz * bit[3 * i + 2] < 0 ? -1 : 1;
            out.put(4 * i, (float) tx).put(4 * i + 1, (float) ty).put(4 * i + 2, (float) tz).put(4 * i + 3, (float) w);
        }
        renderMesh.getBuffer(VertexBuffer.Type.Tangent).setUpdateNeeded();
    }

    // ------------------------------------------------------------------ simulation thread

    /** Starts a job of steps (simulation thread). */
    void beginJob() {
        failure = null;
        jobSteps = 0;
        jobIterations = 0;
        jobRedStrain = 0;
        jobConverged = true;
        jobContacts = 0;
        jobNanos = 0;
    }

    /**
     * One time step, pins moved to the fraction {@code f} of this frame's motion. A failure
     * restores the last good state and skips the rest of the job.
     *
     * @param dt step, s
     * @param f fraction of the frame reached at the end of this step, in (0, 1]
     */
    void step(double dt, double f) {
        if (suspended || failure != null) {
            return;
        }
        long t0 = System.nanoTime();
        try {
            int n = model.nodeCount();
            for (int i = 0; i < n; i++) {
                if (pinGroupOf[i] >= 0) {
                    double px = pinPrevious[3 * i] + f * (pinNext[3 * i] - pinPrevious[3 * i]);
                    double py = pinPrevious[3 * i + 1] + f * (pinNext[3 * i + 1] - pinPrevious[3 * i + 1]);
                    double pz = pinPrevious[3 * i + 2] + f * (pinNext[3 * i + 2] - pinPrevious[3 * i + 2]);
                    if (!Double.isFinite(px) || !Double.isFinite(py) || !Double.isFinite(pz)) {
                        throw new IllegalStateException(name + ": pin target of node " + i
                                + " is not finite (does the followed Spatial have a valid transform?)");
                    }
                    solver.setPinTarget(i, px, py, pz);
                }
            }
            StepResult r = solver.step(dt);
            if (!ClothMetrics.allFinite(solver.positions()) || !ClothMetrics.allFinite(solver.velocities())) {
                throw new IllegalStateException(name + ": the state turned non-finite at t = " + solver.time() + " s");
            }
            jobSteps++;
            steps++;
            simTime += dt;
            jobIterations += r.iterations();
            jobRedStrain = Math.max(jobRedStrain, r.redStrain());
            jobConverged &= r.converged();
            jobContacts = r.contacts();
        } catch (RuntimeException e) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            failure = message.startsWith(name) ? message : name + ": " + message;
            solver.setState(lastGoodX, lastGoodV);
        } finally {
            jobNanos += System.nanoTime() - t0;
        }
    }

    /** Ends a job (simulation thread): keeps the good state and the positions to show. */
    void endJob() {
        if (failure == null && jobSteps > 0) {
            System.arraycopy(solver.positions(), 0, lastGoodX, 0, lastGoodX.length);
            System.arraycopy(solver.velocities(), 0, lastGoodV, 0, lastGoodV.length);
        }
        System.arraycopy(solver.positions(), 0, displayed, 0, displayed.length);
    }

    /**
     * Publishes the job's results on the render thread.
     *
     * @param maxConsecutiveFailures failures in a row that suspend the cloth
     * @return the failure message of the job, or null
     */
    String renderFinishJob(int maxConsecutiveFailures) {
        String f = failure;
        if (f != null) {
            failures++;
            consecutiveFailures++;
            if (consecutiveFailures >= maxConsecutiveFailures) {
                suspended = true;
            }
        } else if (jobSteps > 0) {
            consecutiveFailures = 0;
        }
        if (jobSteps > 0 || f != null) {
            double maxStrain = ClothMetrics.maxStrain(model, displayed);
            control.setStats(new ClothStats(steps, simTime, jobSteps > 0 ? jobNanos / 1e6 / jobSteps : Double.NaN,
                    jobSteps > 0 ? (double) jobIterations / jobSteps : 0, jobRedStrain, maxStrain, jobContacts,
                    jobConverged && f == null, failures));
        }
        renderApply();
        failure = null;
        jobSteps = 0;
        return f;
    }

    /** @return the pin groups' current node sets: node → group index, −1 = free (read only) */
    int[] pinGroups() {
        return pinGroupOf;
    }

    @Override
    public String toString() {
        return name + " (" + model.nodeCount() + " nodes)";
    }
}
