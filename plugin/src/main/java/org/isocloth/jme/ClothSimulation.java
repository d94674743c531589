package org.isocloth.jme;

import com.jme3.math.Vector3f;
import com.jme3.scene.Mesh;
import com.jme3.scene.mesh.IndexBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.collision.Collider;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.solver.ClothMetrics;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.StepResult;

/**
 * The simulation of one {@link ClothControl}, or of the cloths of one
 * {@linkplain ClothControl#setClothGroup group} together: the subdivided model of their pieces and
 * its solver (world coordinates), each cloth's {@link ClothPiece} (render mesh, pins), and the last
 * good state. Cloths simulated together are one system: they collide with each other as a cloth
 * collides with itself, each keeps its own material, and a failed step restores them all. Methods
 * named {@code render*} run on the render thread while the simulation thread is idle;
 * {@link #step} runs on the simulation thread.
 */
final class ClothSimulation {
    private static final Logger LOG = Logger.getLogger(ClothSimulation.class.getName());

    private final List<ClothPiece> pieces;
    private final String name;
    /** The pieces' base meshes one after the other (world coordinates at build time). */
    private final double[] basePositions;
    private final int[] baseTriangles;
    private final int[] trianglePiece;
    /** The materials the model was built with (density and rest shape live in the model). */
    private final ClothMaterial[] builtMaterials;

    private ClothModel model;
    private ClothSolver solver;
    private double[] nodeNormal;
    private final double[] faceTmp = new double[3];

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
     * Builds one model and solver for the pieces and installs their render meshes. A piece whose
     * cloth was simulated before (alone or in another group) continues from where it was, moving;
     * the others start at rest.
     *
     * @param pieces the cloths ({@link ClothPiece#of}), not empty; the first one's solver settings,
     *     projection and collider contacts are the simulation's
     * @param gravity the gravity, m/s²
     * @throws IllegalArgumentException if the model cannot be built (the message names the cloth)
     */
    ClothSimulation(List<ClothPiece> pieces, Vector3f gravity) {
        this.pieces = List.copyOf(pieces);
        this.name = pieces.size() == 1 ? pieces.get(0).name
                : "cloths " + String.join(" + ", pieces.stream().map(p -> "'" + p.geometry.getName() + "'").toList());
        int vertices = 0;
        int corners = 0;
        for (ClothPiece p : pieces) {
            vertices += p.base.vertexCount();
            corners += p.base.triangles.length;
        }
        basePositions = new double[3 * vertices];
        baseTriangles = new int[corners];
        trianglePiece = new int[corners / 3];
        builtMaterials = new ClothMaterial[pieces.size()];
        int[] firstVertex = new int[pieces.size()];
        int[] firstTriangle = new int[pieces.size()];
        int v = 0;
        int c = 0;
        for (int k = 0; k < pieces.size(); k++) {
            ClothPiece p = pieces.get(k);
            firstVertex[k] = v;
            firstTriangle[k] = c / 3;
            System.arraycopy(p.base.positions, 0, basePositions, 3 * v, 3 * p.base.vertexCount());
            for (int i = 0; i < p.base.triangles.length; i++) {
                baseTriangles[c + i] = p.base.triangles[i] + v;
            }
            Arrays.fill(trianglePiece, c / 3, (c + p.base.triangles.length) / 3, k);
            builtMaterials[k] = p.control.getClothMaterial();
            v += p.base.vertexCount();
            c += p.base.triangles.length;
        }
        try {
            model = new ClothModel(basePositions, baseTriangles, builtMaterials, trianglePiece);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
        for (int k = 0; k < pieces.size(); k++) {
            pieces.get(k).place(model, firstVertex[k], firstTriangle[k]);
        }
        solver = newSolver(model, gravity);
        carryOver();
        displayed = solver.positions().clone();
        lastGoodX = solver.positions().clone();
        lastGoodV = solver.velocities().clone();
        for (ClothPiece p : pieces) {
            applyPins(p);
            p.install();
        }
        renderApply();
        LOG.log(Level.INFO, "{0}: {1} base triangles ({2} vertices), {3} nodes, {4} system rows",
                new Object[] {name, baseTriangles.length / 3, vertices, model.nodeCount(), solver.systemRows()});
    }

    /**
     * The pieces whose cloths were simulated before continue from their last shown state, moving;
     * the simulation's time and step count are the largest they had.
     */
    private void carryOver() {
        double[] x = solver.positions().clone();
        double[] vel = solver.velocities().clone();
        boolean carried = false;
        for (ClothPiece p : pieces) {
            ClothSimulation old = p.control.simulation();
            ClothPiece before = old == null ? null : old.piece(p.control);
            if (before == null) {
                continue;
            }
            double[] oldX = old.displayed;
            double[] oldV = old.solver.velocities();
            int[] from = before.nodes();
            int[] to = p.nodes();
            for (int i = 0; i < to.length; i++) {
                System.arraycopy(oldX, 3 * from[i], x, 3 * to[i], 3);
                System.arraycopy(oldV, 3 * from[i], vel, 3 * to[i], 3);
            }
            steps = Math.max(steps, old.steps);
            simTime = Math.max(simTime, old.simTime);
            solver.setTime(Math.max(solver.time(), old.solver.time()));
            carried = true;
        }
        if (carried) {
            solver.setState(x, vel);
        }
    }

    private ClothSolver newSolver(ClothModel m, Vector3f gravity) {
        ClothControl first = pieces.get(0).control;
        ClothSolver s = new ClothSolver(name, m, first.getSolverSettings());
        s.setGravity(new double[] {gravity.x, gravity.y, gravity.z});
        applySettings(s);
        return s;
    }

    /**
     * The first cloth's solver settings, projection, collider contacts, cloth–cloth contact (which
     * for cloths simulated together covers their contacts with each other) and the solver method
     * that steps it now ({@link ClothControl#getEffectiveSolverMethod}).
     */
    private void applySettings(ClothSolver s) {
        ClothControl first = pieces.get(0).control;
        s.setSettings(first.getSolverSettings());
        s.setSelfCollisions(first.isSelfCollisions());
        s.setProjection(first.getProjection());
        s.setOptions(s.options().withContacts(first.getColliderContacts(), first.getFrictionMode())
                .withMethod(first.getEffectiveSolverMethod()));
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

    // ------------------------------------------------------------------ accessors

    ClothModel model() {
        return model;
    }

    ClothSolver solver() {
        return solver;
    }

    /** @return the cloths simulated here, in the order of their pieces in the model */
    List<ClothControl> controls() {
        List<ClothControl> out = new ArrayList<>(pieces.size());
        for (ClothPiece p : pieces) {
            out.add(p.control);
        }
        return out;
    }

    /** @return the piece of a cloth simulated here, or null */
    ClothPiece piece(ClothControl c) {
        for (ClothPiece p : pieces) {
            if (p.control == c) {
                return p;
            }
        }
        return null;
    }

    double[] displayedPositions() {
        return displayed;
    }

    boolean isSuspended() {
        return suspended;
    }

    /** Stops stepping the cloths until a reset (render thread, no job running). */
    void suspend() {
        suspended = true;
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
        boolean changed = false;
        for (ClothPiece p : pieces) {
            changed |= p.control.parameterVersion() != p.appliedParameterVersion;
        }
        if (changed) {
            applyParameters(gravity);
        }
        solver.setGravity(new double[] {gravity.x, gravity.y, gravity.z});
        solver.setColliders(colliders);
        for (ClothPiece p : pieces) {
            if (p.control.pinVersion() != p.appliedPinVersion) {
                applyPins(p);
            }
            p.pins().capture(solver.positions(), skipped);
        }
    }

    /** Re-selects a cloth's pinned nodes from its control's groups. */
    private void applyPins(ClothPiece p) {
        p.appliedPinVersion = p.control.pinVersion();
        p.pins().apply(p.control.getPinGroups(), solver);
    }

    private void applyParameters(Vector3f gravity) {
        boolean rebuild = false;
        for (int k = 0; k < pieces.size(); k++) {
            ClothPiece p = pieces.get(k);
            ClothMaterial m = p.control.getClothMaterial();
            p.appliedParameterVersion = p.control.parameterVersion();
            rebuild |= m.density() != builtMaterials[k].density() || m.restShape() != builtMaterials[k].restShape()
                    || m.stretchable() != builtMaterials[k].stretchable();
        }
        if (rebuild) {
            rebuildModel(gravity);
        } else if (pieces.size() == 1) {
            solver.setMaterial(pieces.get(0).control.getClothMaterial());
        } else {
            for (int k = 0; k < pieces.size(); k++) {
                solver.setMaterial(k, pieces.get(k).control.getClothMaterial());
            }
        }
        applySettings(solver);
    }

    /**
     * Mass, rest curvature and the model's rows (isometric or stretchable) live in the model:
     * rebuilds it, keeping the motion and the pins.
     */
    private void rebuildModel(Vector3f gravity) {
        double[] x = solver.positions().clone();
        double[] v = solver.velocities().clone();
        boolean[] pinned = new boolean[model.nodeCount()];
        double[] targets = solver.positions().clone();
        for (int i = 0; i < pinned.length; i++) {
            pinned[i] = solver.isPinned(i);
        }
        List<Collider> colliders = solver.colliders();
        double t = solver.time();
        for (int k = 0; k < pieces.size(); k++) {
            builtMaterials[k] = pieces.get(k).control.getClothMaterial();
        }
        model = new ClothModel(basePositions, baseTriangles, builtMaterials, trianglePiece);
        solver = newSolver(model, gravity);
        solver.setColliders(colliders);
        solver.setState(x, v);
        solver.setTime(t);
        for (int i = 0; i < pinned.length; i++) {
            if (pinned[i]) {
                solver.setPinned(i, true);
                solver.setPinTarget(i, targets[3 * i], targets[3 * i + 1], targets[3 * i + 2]);
            }
        }
        ClothMaterial m = builtMaterials[0];
        LOG.log(Level.INFO, "{0}: model rebuilt for density {1} kg/m², rest shape {2}, model {3} at t = {4} s",
                new Object[] {name, m.density(), m.restShape(), m.modelName(), t});
    }

    /**
     * Carries out the reset requests of the cloths (render thread, no job running).
     *
     * @return whether any cloth was reset
     */
    boolean renderResetIfRequested() {
        boolean any = false;
        for (ClothPiece p : pieces) {
            if (p.control.takeResetRequest()) {
                resetPiece(p);
                any = true;
            }
        }
        return any;
    }

    /**
     * Back to the rest state at simulated time 0, now (render thread, no job running): the pins
     * are re-applied at once, relative to where their followed Spatials are now (the caller has
     * posed the scene for time 0).
     */
    void restartNow() {
        for (ClothPiece p : pieces) {
            p.control.takeResetRequest();
        }
        solver.setState(model.restPositions, new double[model.restPositions.length]);
        System.arraycopy(model.restPositions, 0, displayed, 0, displayed.length);
        System.arraycopy(model.restPositions, 0, lastGoodX, 0, lastGoodX.length);
        Arrays.fill(lastGoodV, 0);
        suspended = false;
        consecutiveFailures = 0;
        steps = 0;
        simTime = 0;
        solver.setTime(0);
        for (ClothPiece p : pieces) {
            p.control.setStats(ClothStats.NONE);
            applyPins(p);
        }
    }

    /**
     * One cloth back to its original mesh where it was built, at rest; the others keep their
     * state. Lifts a suspension.
     */
    private void resetPiece(ClothPiece p) {
        double[] x = solver.positions().clone();
        double[] v = solver.velocities().clone();
        for (int i : p.nodes()) {
            System.arraycopy(model.restPositions, 3 * i, x, 3 * i, 3);
            System.arraycopy(model.restPositions, 3 * i, displayed, 3 * i, 3);
            System.arraycopy(model.restPositions, 3 * i, lastGoodX, 3 * i, 3);
            Arrays.fill(v, 3 * i, 3 * i + 3, 0);
            Arrays.fill(lastGoodV, 3 * i, 3 * i + 3, 0);
        }
        solver.setState(x, v);
        suspended = false;
        consecutiveFailures = 0;
        if (pieces.size() == 1) {
            steps = 0;
            simTime = 0;
        }
        p.appliedPinVersion = -1;
        p.control.setStats(ClothStats.NONE);
    }

    /**
     * Shows the last finished frame on every cloth: positions (mesh coordinates), normals,
     * tangents, bounds. Render thread.
     */
    void renderApply() {
        int n = model.nodeCount();
        if (nodeNormal == null || nodeNormal.length != 3 * n) {
            nodeNormal = new double[3 * n];
        }
        Arrays.fill(nodeNormal, 0);
        double[] face = faceTmp;
        int[] fine = model.mesh.fineTriangles;
        for (int f = 0; f < fine.length / 3; f++) {
            ClothModel.faceNormal(displayed, fine[3 * f], fine[3 * f + 1], fine[3 * f + 2], face);
            for (int c = 0; c < 3; c++) {
                int k = fine[3 * f + c];
                nodeNormal[3 * k] += face[0];
                nodeNormal[3 * k + 1] += face[1];
                nodeNormal[3 * k + 2] += face[2];
            }
        }
        for (ClothPiece p : pieces) {
            p.render().apply(displayed, nodeNormal, p.geometry);
        }
    }

    // ------------------------------------------------------------------ simulation thread

    /**
     * Starts a job of steps (simulation thread): first carries each cloth rigidly over the
     * dropped part of the frame's motion, if any ({@link ClothPins#teleport}).
     */
    void beginJob() {
        if (!suspended) {
            for (ClothPiece p : pieces) {
                double[] t = p.pins().teleport();
                if (t != null) {
                    solver.restore(RigidMotion.apply(solver.snapshot(), t, pieces.size() == 1 ? null : p.nodes()));
                }
            }
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
            for (ClothPiece p : pieces) {
                p.pins().setTargets(solver, f);
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
     * @param maxConsecutiveFailures failures in a row that suspend the cloths
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
            ClothStats stats = new ClothStats(steps, simTime, jobSteps > 0 ? jobNanos / 1e6 / jobSteps : Double.NaN,
                    jobSteps > 0 ? (double) jobIterations / jobSteps : 0, jobRedStrain, maxStrain, jobContacts,
                    jobConverged && f == null, failures);
            for (ClothPiece p : pieces) {
                p.control.setStats(stats);
            }
        }
        renderApply();
        failure = null;
        jobSteps = 0;
        return f;
    }

    @Override
    public String toString() {
        return name + " (" + model.nodeCount() + " nodes)";
    }
}
