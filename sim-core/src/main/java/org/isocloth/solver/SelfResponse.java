package org.isocloth.solver;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.collision.SelfCollisions;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;

/**
 * Cloth–cloth collision processing of a cloth ({@link SelfCollisions}: proximity repulsion with
 * friction, continuous detection passes, rigid impact zones) on a path x⁽ⁿ⁾ → end, and what it
 * registers for the next projection: per-node contact planes (eq. 3.26, like a collider contact)
 * or pair rows ({@link SelfContactRows}). Logs under {@link ClothSolver}'s logger.
 */
final class SelfResponse {
    private static final Logger LOG = Logger.getLogger(ClothSolver.class.getName());

    /** A waiting pair row switches on when its pair is this fraction of the distance too close. */
    static final double WAIT_SLACK = 0.01;

    /** Pairs up to this many proximity distances apart become rows (see {@link #registerPairs}). */
    static final double PAIR_REACH = 2.0;

    private final String name;
    private final ClothModel model;
    private final boolean[] pinned;
    private final double[] massEff;
    private final int nodes;
    private SelfCollisions self;
    private double[] invMass;
    private double minFineEdge;
    private long rowsRegistered;
    private SelfCollisions.Result lastResult;
    private final double[] n = new double[3];
    private final double[] stick = new double[3];
    private static final double[] ZERO3 = new double[3];

    /**
     * @param name the cloth's name (messages)
     * @param model the cloth
     * @param pinned the solver's pinned flags (live)
     * @param massEff the solver's effective node masses of the running step (live)
     */
    SelfResponse(String name, ClothModel model, boolean[] pinned, double[] massEff) {
        this.name = name;
        this.model = model;
        this.pinned = pinned;
        this.massEff = massEff;
        this.nodes = model.nodeCount();
    }

    /**
     * The response on the path {@code start} → {@code end}, which it corrects in place.
     *
     * @param material the cloth's material (friction, thickness)
     * @param register whether what the response found becomes constraints of the next projection
     * @param pairMode whether those are pair rows (else per-node contact planes in {@code contacts})
     * @param repulsionFraction the proximity repulsion acts only on pairs closer than this
     *     fraction of the proximity distance (the continuous detection is unchanged)
     * @param contacts the step's contact planes (planes are added when registering without pair rows)
     * @param pairRows the step's pair rows, replaced when registering with pair rows (else null)
     * @param time the step's start time (messages)
     * @return number of nodes the response moved
     */
    int resolve(double[] start, double[] end, double dt, ClothMaterial material, boolean register, boolean pairMode,
            double repulsionFraction, ContactPlanes contacts, SelfContactRows pairRows, double time) {
        detector();
        for (int p = 0; p < nodes; p++) {
            invMass[p] = pinned[p] ? 0 : 1.0 / massEff[p];
        }
        double mu = material.friction();
        int[] moved = {0};
        double thick = thickness(material);
        self.setPairDistance(register && pairMode ? PAIR_REACH * thick : 0);
        SelfCollisions.Result r = self.resolve(start, end, invMass, thick, repulsionFraction * thick, mu, dt,
                (node, nx, ny, nz) -> {
                    moved[0]++;
                    if (register && !pairMode && !pinned[node]) {
                        n[0] = nx;
                        n[1] = ny;
                        n[2] = nz;
                        System.arraycopy(end, 3 * node, stick, 0, 3);
                        double d = nx * stick[0] + ny * stick[1] + nz * stick[2];
                        contacts.add(node, n, d, stick, ZERO3, mu > 0 ? ClothSolver.FRICTION_WEIGHT : 0);
                    }
                });
        lastResult = r;
        if (!r.resolved()) {
            LOG.log(Level.WARNING, "{0}: self-collisions not fully resolved at t={1} s: {2}",
                    new Object[] {name, time, r});
        }
        if (register && pairMode) {
            registerPairs(pairRows, start, end, thick, time);
        }
        return moved[0];
    }

    /** @return the cloth–cloth detection, created at the first call */
    private SelfCollisions detector() {
        if (self == null) {
            self = new SelfCollisions(model.mesh.fineTriangles, model.mesh.fineEdges, nodes);
            invMass = new double[nodes];
        }
        return self;
    }

    /** @return what the last {@link #resolve} call's collision processing reported */
    SelfCollisions.Result lastResult() {
        return lastResult;
    }

    /** @return the number of pair rows registered since the solver was created */
    long rowsRegistered() {
        return rowsRegistered;
    }

    /**
     * Replaces the step's cloth–cloth pair rows by the pairs closer than {@link #PAIR_REACH}
     * times the proximity distance at {@code end} (after the collision response), each keeping
     * its pair at least the proximity distance apart. A pair already closer acts from the first
     * iteration; a farther one waits and switches on when an iterate brings it closer (an active
     * set: rows holding every nearby pair at its separation over-constrained folds, measured in
     * docs/solver.md). Pairs of pinned nodes only are left out (their row could not move
     * anything).
     */
    private void registerPairs(SelfContactRows pairRows, double[] start, double[] end, double thick, double time) {
        pairRows.clear();
        self.closePairs(start, end, PAIR_REACH * thick, (n4, c4, nrm, sep) -> {
            boolean movable = false;
            for (int k = 0; k < 4; k++) {
                movable |= !pinned[n4[k]] && c4[k] != 0;
            }
            if (movable) {
                // closer than the proximity distance: pushed out to it from the first
                // iteration; farther: waits, and holds the pair at its separation once an
                // iterate brings it closer
                pairRows.add(n4, c4, nrm, Math.max(sep, thick), sep < thick);
            }
        });
        rowsRegistered += pairRows.count();
        if (LOG.isLoggable(Level.FINE)) {
            LOG.fine(name + ": t=" + time + " " + pairRows.count() + " cloth-cloth pair rows");
        }
    }

    /**
     * The cloth–cloth proximity distance: the material's thickness, but at most a quarter of the
     * shortest edge of the subdivided mesh at rest. Non-adjacent elements of a flat mesh can be as
     * close as about half an edge (a node and the far side of a neighbouring right triangle), so a
     * larger distance makes a flat sheet repel itself (measured: a 100×100-cell sheet with 5 mm
     * fine edges and 4 mm thickness was torn apart in its first step).
     */
    double thickness(ClothMaterial material) {
        if (minFineEdge == 0) {
            double m = Double.POSITIVE_INFINITY;
            for (int k = 0; k < model.mesh.fineEdges.length / 2; k++) {
                m = Math.min(m, ClothModel.dist(model.restPositions, model.mesh.fineEdges[2 * k],
                        model.mesh.fineEdges[2 * k + 1]));
            }
            minFineEdge = m;
            if (material.thickness() > 0.25 * m) {
                LOG.log(Level.INFO, "{0}: cloth-cloth proximity distance {1} m (a quarter of the shortest"
                        + " subdivided edge) instead of the thickness {2} m", new Object[] {name, 0.25 * m,
                            material.thickness()});
            }
        }
        return Math.min(material.thickness(), 0.25 * minFineEdge);
    }

    /**
     * Cloth–cloth collision processing of a solver's step ({@link SelfCollisions}: proximity
     * repulsion with friction, continuous detection passes, rigid impact zones) on the path
     * x⁽ⁿ⁾ → end. With {@code register}, every red node the response moved gets a contact
     * constraint along the response's normal at its corrected position (eq. 3.26), like a collider
     * contact: a pair row in pair mode, else a contact plane. The proximity repulsion acts only on
     * pairs closer than {@code repulsionFraction} (1: all) times the cloth–cloth thickness; the
     * continuous detection is unchanged.
     *
     * @return number of nodes the response moved
     */
    static int resolveStep(ClothSolver s, double[] end, double dt, boolean register, double repulsionFraction) {
        if (!s.selfCollisions) {
            return 0;
        }
        boolean registerRows = register && s.pairMode();
        SelfResponse r = s.selfResponse;
        int moved = r.resolve(s.xStart, end, dt, s.material, register, s.pairMode(), repulsionFraction, s.contacts,
                registerRows ? pairRows(s) : null, s.time);
        if (ClothSolver.LOG.isLoggable(java.util.logging.Level.FINE)) {
            ClothSolver.LOG.fine(s.name + ": t=" + s.time + " self: " + r.lastResult() + ", moved " + moved
                    + ", red strain after " + s.redStrain(end, false));
        }
        return moved;
    }

    /**
     * Registers the pairs closer than {@link #PAIR_REACH} proximity distances at the step's start
     * x⁽ⁿ⁾ as the pair rows of its first projection, as {@link #registerPairs} does after a
     * collision check (pairs already closer than the proximity distance act from the first
     * iteration, the others wait). Layers of cloth that lie on each other at the start of a step
     * are then held apart by the first projection itself, in the same Newton solve as the
     * inextensibility and the collider contacts (thesis Table 3.1), instead of being found
     * pressed together by the check after it and projected again. Nothing is registered unless
     * the solver takes cloth–cloth contacts as pair rows.
     *
     * @return the number of pair rows registered
     */
    static int seedStep(ClothSolver s) {
        if (!s.selfCollisions || !s.pairMode()) {
            return 0;
        }
        SelfResponse r = s.selfResponse;
        SelfContactRows rows = pairRows(s);
        r.detector();
        r.registerPairs(rows, s.xStart, s.xStart, r.thickness(s.material), s.time);
        return rows.count();
    }

    /** @return the solver's cloth–cloth pair rows, created at the first call */
    private static SelfContactRows pairRows(ClothSolver s) {
        if (s.pairRows == null) {
            SystemRows rows = s.rows;
            s.pairRows = new SelfContactRows(s.nodes, rows.rowCount, rows.gPtr, rows.gDof, rows.inextStart,
                    rows.linStart, s.primal.permutation());
            s.pairRows.membraneStart = rows.femStart;
            s.pairRows.membraneEnd = rows.linStart;
        }
        return s.pairRows;
    }
}
