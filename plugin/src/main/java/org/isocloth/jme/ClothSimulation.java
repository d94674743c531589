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

    private final ClothPins pins;
    private int appliedPinVersion = -1;
    private int appliedParameterVersion;

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
        double[] restLocal = new double[3 * n];
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

        pins = new ClothPins(name, model, geometry, original, vertexMap, rawVertexCount, restLocal);
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
        s.setOptions(s.options().withColliderContacts(control.getColliderContacts()));
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

    /** Stops stepping the cloth until its reset (render thread, no job running). */
    void suspend() {
        suspended = true;
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
     * @param skipped the fraction of the scene's motion since the last capture that belongs to
     *     simulated time the app state dropped ({@link ClothPins#capture})
     */
    void renderPrepare(Vector3f gravity, List<Collider> colliders, double skipped) {
        renderResetIfRequested();
        if (control.parameterVersion() != appliedParameterVersion) {
            applyParameters(gravity);
        }
        solver.setGravity(new double[] {gravity.x, gravity.y, gravity.z});
        solver.setColliders(colliders);
        if (control.pinVersion() != appliedPinVersion) {
            applyPins();
        }
        pins.capture(solver.positions(), skipped);
    }

    /** Re-selects the pinned nodes from the control's groups. */
    private void applyPins() {
        appliedPinVersion = control.pinVersion();
        pins.apply(control.getPinGroups(), solver);
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
        solver.setOptions(solver.options().withColliderContacts(control.getColliderContacts()));
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
        solver.setTime(0);
        applyPins();
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

    /**
     * Starts a job of steps (simulation thread): first carries the cloth rigidly over the
     * dropped part of the frame's motion, if any ({@link ClothPins#teleport}).
     */
    void beginJob() {
        double[] t = pins.teleport();
        if (t != null && !suspended) {
            solver.restore(RigidMotion.apply(solver.snapshot(), t));
        }
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
            pins.setTargets(solver, f);
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
        return pins.groups();
    }

    @Override
    public String toString() {
        return name + " (" + model.nodeCount() + " nodes)";
    }
}
