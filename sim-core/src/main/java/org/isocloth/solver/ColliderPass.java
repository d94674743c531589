package org.isocloth.solver;

import java.util.Arrays;
import java.util.List;
import org.isocloth.collision.Collider;
import org.isocloth.collision.Contact;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;

/**
 * The cloth's passes against its colliders (Table 3.1 lines 3 and 6): collision processing that
 * moves nodes onto a collider's x_c with Coulomb friction (eq. 3.27) and registers contact planes
 * ({@link ContactPlanes}), and the detection of contact candidates for contact springs
 * ({@link ContactSprings}). Black nodes carry no contact rows: their friction impulse acts on their
 * prediction x̂, which this class therefore updates.
 */
final class ColliderPass {
    /**
     * Contact candidates are detected within this many thicknesses of a collider, so that nodes the
     * iterations bring closer are candidates already.
     */
    static final double SPRING_BAND = 1.5;
    /**
     * The collision passes after a projection with contact springs move only nodes closer than
     * this fraction of their plane's distance to the surface: an active spring leaves its node a
     * few micrometres inside the plane, which is no reason to move it after the projection.
     */
    static final double SPRING_FINAL = 0.5;

    /**
     * The last collision pass of a step keeps black nodes only this fraction of the thickness
     * away from colliders (every other pass, and every red node, keeps the full thickness). Black
     * nodes have no contact rows: the projections put them where the conforming rows say, and
     * pushing them out to the full thickness afterwards stretches their edges (docs/solver.md,
     * "Black nodes in the last pass"). A node strictly inside a collider is always moved out.
     */
    static final double BLACK_FINAL_FRACTION = 0.25;

    /** What a {@link #collide} pass is for: which nodes it tests, how far out, what it keeps. */
    enum Kind {
        /**
         * The staggered order's single pass after the projection (Table 3.1 without coupling):
         * every node kept a full thickness out; nothing registered.
         */
        STAGGERED(false, false, false, false),
        /**
         * Table 3.1 line 3 on the projected positions, before a coupled projection: every node
         * kept a full thickness out, and the contacts registered as planes for line 5.
         */
        DETECT(true, false, false, false),
        /**
         * Inside a coupled projection (line 5's active set): only red nodes without a plane are
         * tested, the positions are left alone, and the new contacts registered (the next
         * iteration moves them onto their planes together with their neighbours).
         */
        IN_PROJECTION(true, true, false, false),
        /**
         * Line 6, the coupled step's last pass after its last projection: black nodes kept only
         * {@link #BLACK_FINAL_FRACTION} of the thickness out; nothing registered.
         */
        FINAL(false, false, true, false),
        /**
         * The check after a projection with contact springs, and its last pass: only nodes
         * closer than {@link #SPRING_FINAL} of their plane's distance are moved (an active spring
         * leaves its node a few micrometres inside its plane); nothing registered.
         */
        SPRING_CHECK(false, false, true, true);

        final boolean register;
        final boolean onlyFree;
        final boolean lastCoupledPass;
        final boolean springs;

        Kind(boolean register, boolean onlyFree, boolean lastCoupledPass, boolean springs) {
            this.register = register;
            this.onlyFree = onlyFree;
            this.lastCoupledPass = lastCoupledPass;
            this.springs = springs;
        }
    }

    private final ClothModel model;
    private final boolean[] pinned;
    private final double[] xHat;
    private final int nodes;
    private List<Collider> colliders = List.of();
    private ClothMaterial[] materials;
    /** Black nodes whose prediction took this step's friction impulse already (contact springs). */
    private final boolean[] blackShifted;
    private static final double[] ZERO3 = new double[3];
    private final Contact c = new Contact();
    private final double[] bounds = new double[6];
    private final double[] xc = new double[3];
    private final double[] shift = new double[3];
    private final double[] d0 = new double[3];
    /** Nodes the last {@link #collide} call moved by more than a thousandth of the thickness. */
    int moved;
    /** The largest such move (m) and its node. */
    double maxMove;
    int maxNode;
    /**
     * The largest normal push of the candidates the last {@link #detectSprings} call found on a
     * step's whole path (not counting calls with {@code onlyNew}): how far the step takes a node
     * into its band beyond where it lay at the start, m.
     */
    double maxPush;

    /**
     * @param model the cloth
     * @param pinned the solver's pinned flags (live)
     * @param xHat the solver's prediction (live; black nodes' friction impulses are added to it)
     */
    ColliderPass(ClothModel model, boolean[] pinned, double[] xHat) {
        this.model = model;
        this.pinned = pinned;
        this.xHat = xHat;
        this.nodes = model.nodeCount();
        this.blackShifted = new boolean[nodes];
    }

    /** Sets the colliders and the material of each piece of the cloth for the coming passes. */
    void set(List<Collider> list, ClothMaterial[] pieceMaterials) {
        colliders = list;
        materials = pieceMaterials;
    }

    /** Starts a step with contact springs: no black node has taken its friction impulse yet. */
    void startSpringStep() {
        Arrays.fill(blackShifted, false);
    }

    /**
     * Contact candidates (see {@link ContactSprings}) of every free node whose path from
     * {@code start} to {@code end} comes within {@link #SPRING_BAND} thicknesses of a collider:
     * the plane at the thickness from the surface, with the friction of eq. 3.27 computed as in
     * {@link #collide}. Black nodes follow the red ones through the hard conforming rows: their
     * plane lies at a quarter of the thickness (a full-thickness plane over-constrains a curved
     * patch) and carries no friction spring; their friction impulse acts on their prediction,
     * once per step, so that they do not drag a sticking patch along. With exact friction
     * ({@link ExactFriction}) every node's friction target, black or red, is where it would stick
     * to the surface and its Coulomb bound is applied inside the solve, bounded by the normal force
     * the node's own spring carries (black springs carry part of the cloth's weight); black nodes
     * then take no friction impulse on their prediction.
     *
     * @param springs the step's contact springs (candidates are added)
     * @param start positions at the start of the step
     * @param end positions the candidates are tested at
     * @param dt step duration
     * @param onlyNew whether nodes that have candidates already are skipped
     * @return the number of candidates added that are active at {@code end}
     */
    int detectSprings(ContactSprings springs, double[] start, double[] end, double dt, boolean onlyNew) {
        int black = model.mesh.vertexCount;
        int inside = 0;
        if (!onlyNew) {
            maxPush = 0;
        }
        for (Collider col : colliders) {
            col.sweptBounds(bounds);
            for (int p = 0; p < nodes; p++) {
                ClothMaterial own = materials[model.nodePiece[p]];
                double thick = own.thickness();
                double band = SPRING_BAND * thick;
                double mu = Double.isNaN(col.friction()) ? own.friction() : col.friction();
                if (pinned[p] || onlyNew && springs.has(p) || !NodePaths.near(start, end, p, bounds, band)
                        || !col.contact(start, end, p, band, c)) {
                    continue;
                }
                double[] n = c.normal;
                double d = 0;
                double gap = 0;
                for (int k = 0; k < 3; k++) {
                    xc[k] = c.point[k] - (band - thick) * n[k];
                    d += xc[k] * n[k];
                    gap += end[3 * p + k] * n[k];
                }
                gap -= d;
                // The normal correction that bounds friction (eq. 3.27) is how far the step's path
                // takes the node into the band. A red node resting in the band already sits inside
                // it, and that depth is not part of this step's normal impulse: its push is measured
                // from where it lay at the start of the step, in the plane as the plane lay then.
                // A black node's push is measured from the red nodes' plane, three quarters of a
                // thickness outside its own (docs/solver.md, "The normal push that bounds friction").
                double push = Math.max(-gap, 0);
                if (p >= black) {
                    double startGap = dt * (c.surfaceVelocity[0] * n[0] + c.surfaceVelocity[1] * n[1]
                            + c.surfaceVelocity[2] * n[2]) - d;
                    for (int k = 0; k < 3; k++) {
                        startGap += start[3 * p + k] * n[k];
                    }
                    push = Math.max(Math.min(startGap, 0) - gap, 0);
                }
                maxPush = Math.max(maxPush, push);
                boolean exact = springs.exact.on;
                // exact friction: x_s is where the node sticks to the surface (no Coulomb bound here)
                NodePaths.coulombShift(xc, start, p, dt, c.surfaceVelocity, n, exact ? 1 : mu,
                        exact ? Double.MAX_VALUE : push, d0, shift);
                for (int k = 0; k < 3; k++) {
                    xc[k] += shift[k];
                }
                if (p < black) {
                    if (!exact && !blackShifted[p] && push > 0) {
                        blackShifted[p] = true;
                        for (int k = 0; k < 3; k++) {
                            xHat[3 * p + k] += shift[k];
                        }
                    }
                    d -= 0.75 * thick;
                    gap += 0.75 * thick;
                    springs.add(p, n, d, xc, ZERO3, 0, gap < 0);
                    if (exact) {
                        springs.exact.set(p, mu, push);
                    }
                } else if (exact) {
                    springs.add(p, n, d, xc, ZERO3, 0, gap < 0);
                    springs.exact.set(p, mu, push);
                } else {
                    springs.add(p, n, d, xc, shift, mu > 0 ? ClothSolver.FRICTION_WEIGHT : 0, gap < 0);
                }
                if (gap < 0) {
                    inside++;
                }
            }
        }
        return inside;
    }

    /**
     * Collision processing against the colliders (Table 3.1 lines 3 and 6): every free node whose
     * path from {@code start} to {@code end} comes within the thickness of a collider is moved to
     * the collider's x_c, with friction (eq. 3.27) applied to its tangential motion relative to
     * the collider's surface: the tangential displacement shrinks by μ times the normal
     * correction, and stops when that exceeds it (static friction).
     *
     * @param contacts the step's contact planes (registered contacts are added)
     * @param start positions at the start of the step
     * @param end positions at the end of the step, corrected in place (except in
     *     {@link Kind#IN_PROJECTION} passes)
     * @param dt step duration
     * @param kind what the pass is for
     * @return number of node contacts found
     */
    int collide(ContactPlanes contacts, double[] start, double[] end, double dt, Kind kind) {
        int found = 0;
        moved = 0;
        maxMove = 0;
        maxNode = -1;
        int black = model.mesh.vertexCount;
        boolean onlyFree = kind.onlyFree;
        for (Collider col : colliders) {
            col.sweptBounds(bounds);
            for (int p = 0; p < nodes; p++) {
                ClothMaterial own = materials[model.nodePiece[p]];
                double thick = own.thickness();
                double mu = Double.isNaN(col.friction()) ? own.friction() : col.friction();
                if (pinned[p] || (onlyFree && (contacts.normalCount[p] > 0 || p < black))
                        || !NodePaths.near(start, end, p, bounds, thick)) {
                    continue;
                }
                // The coupled step's last pass keeps black nodes only a quarter of the thickness
                // away: they have no contact rows, so pushing them to the full thickness after the
                // last projection stretches their edges. (The staggered order's single pass is
                // its whole collision response: full thickness.)
                double th = kind.lastCoupledPass && p < black ? BLACK_FINAL_FRACTION * thick : thick;
                if (kind.springs) {
                    // contact springs hold their nodes a few micrometres inside their planes: the
                    // passes after a projection move only nodes well inside the band
                    th = (p < black ? 0.25 : 1.0) * SPRING_FINAL * thick;
                }
                if (!col.contact(start, end, p, th, c)) {
                    continue;
                }
                found++;
                double[] n = c.normal;
                double push = 0;
                for (int k = 0; k < 3; k++) {
                    push += (c.point[k] - end[3 * p + k]) * n[k];
                }
                push = Math.max(push, 0);
                NodePaths.coulombShift(c.point, start, p, dt, c.surfaceVelocity, n, mu, push, d0, shift);
                double dcn = 0;
                double moved2 = 0;
                for (int k = 0; k < 3; k++) {
                    xc[k] = c.point[k] + shift[k];
                    double dk = xc[k] - end[3 * p + k];
                    moved2 += dk * dk;
                    if (!onlyFree) {
                        end[3 * p + k] = xc[k];
                    }
                    dcn += xc[k] * n[k];
                }
                if (onlyFree) {
                    contacts.sticky[p] = true;
                } else if (moved2 > 1e-6 * thick * thick) {
                    moved++;
                    if (moved2 > maxMove * maxMove) {
                        maxMove = Math.sqrt(moved2);
                        maxNode = p;
                    }
                }
                if (kind.register && p >= black) {
                    contacts.add(p, n, dcn, xc, shift, mu > 0 ? ClothSolver.FRICTION_WEIGHT : 0);
                } else if (kind.register) {
                    // Black nodes follow the red ones through the hard conforming rows; a contact
                    // row on them too over-constrains a curved contact patch (measured: black
                    // edges stretched 2.4 % on a stiff sheet on a ball). They keep the friction
                    // impulse on their prediction, so they do not drag a sticking patch along.
                    for (int k = 0; k < 3; k++) {
                        xHat[3 * p + k] += shift[k];
                    }
                }
            }
        }
        return found;
    }
}
