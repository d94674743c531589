package org.isocloth.collision;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.IntConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.linalg.Parallel;

/**
 * Cloth–cloth collision processing over one time step (thesis §3.3: Bridson, Fedkiw and
 * Anderson, "Robust treatment of collisions, contact and friction for cloth animation", SIGGRAPH
 * 2002, with the simultaneous-collision treatment of Harmon et al., "Robust treatment of
 * simultaneous collisions", SIGGRAPH 2008), on a triangle mesh such as the subdivided mesh of
 * {@link org.isocloth.model.RedBlackMesh}.
 *
 * <p>{@link #resolve} corrects candidate end positions in place so that the straight path of
 * every node from its start to its end position makes no two elements that share no node touch.
 * It runs three stages:
 *
 * <ol>
 *   <li><b>Proximity.</b> Vertex–triangle and edge–edge pairs closer than the thickness at the
 *       end positions get an inelastic repulsion: an impulse along the pair's normal (the
 *       triangle normal; for edges the direction between the closest points, or their common
 *       perpendicular when they nearly touch) that raises the relative normal displacement to the
 *       thickness, distributed over the four nodes by their barycentric weights and inverse
 *       masses (Bridson §7.2), with Coulomb friction on the relative tangential displacement
 *       (thesis eq. 3.27). The side of each pair is the one it was on at the start of the step
 *       (cloth is two-sided). Up to {@value #PROXIMITY_SWEEPS} Gauss–Seidel sweeps.
 *   <li><b>Collision passes.</b> Continuous detection ({@link Ccd}, tolerance η = {@value
 *       #ETA_FRACTION} × thickness) over boxes swept from start to end inflated by η; each
 *       collision found gets at once (Gauss–Seidel) the inelastic impulse that zeroes the pair's
 *       relative normal displacement over the step along the contact normal, plus friction. A
 *       pass tests only the pairs with a node that moved or collided since the last test (all in
 *       the first pass), so a pass that finds nothing certifies the whole path. Up to {@value
 *       #MAX_PASSES} passes. When collisions were handled, proximity runs again on the pairs the
 *       response left closer than the thickness, followed by passes again (up to {@value #ROUNDS}
 *       rounds).
 *   <li><b>Impact zones</b> (the fail-safe, when the passes leave collisions). The nodes of the
 *       pairs still colliding are merged into zones (union–find); each zone moves rigidly with
 *       the motion that keeps its linear and angular momentum ({@link RigidZone}); detection runs
 *       again with pairs inside one rigid zone skipped (a rigid zone's path is an affine image of
 *       its intersection-free start, so its elements cannot collide), new collisions grow the
 *       zones, until none remains. Should {@value #MAX_ZONE_ITERATIONS} iterations not suffice,
 *       every node joins a single zone.
 * </ol>
 *
 * <p>Broad phase: one full traversal of the BVHs per call (boxes swept from start to the
 * candidate end, inflated by half the thickness, which hold both the proximity pairs and the
 * pairs that can collide); later broad phases query the boxes of the elements around the nodes
 * that changed, or traverse again when more than 1 / {@value #INCREMENTAL_FRACTION} of the nodes
 * changed. Before the exact CCD a pair is skipped when its start distance exceeds η plus a bound
 * of its relative motion (a conservative filter).
 *
 * <p>Quiet calls. Most steps of most cloths act on nothing: no pair is within the thickness
 * and nothing collides. After a call in which nothing acted, the next call first tries a
 * certificate that it will act on nothing either: one traversal over boxes swept from start to
 * end and inflated by the largest margin of the call, with no candidate list, in which a cheap
 * lower bound on each pair's distance (the gap between its projections on the axis between the
 * elements' centres) clears most pairs and the others get the exact distance and the collision
 * pass's own continuous test. It covers every pair the call could act on, so when it holds, the
 * call's result is {@code Result(0, 1, 0, 0, 0, true)} with the end untouched, which is returned
 * without running the stages; when it fails, the stages run as they would have. The results are
 * therefore bit for bit those without the certificate (a test compares both). With {@link
 * #setPairDistance}, a certified call also answers the {@link #closePairs} query that follows
 * it. On the bench's 1k-triangle hanging sheet this takes one traversal instead of the stages'
 * two plus three distance passes: 3.9 ms per step instead of 10.3 (one step repeated, caches
 * warm; docs/benchmarks.md has the figures inside the bench's step).
 *
 * <p>Pinned nodes (inverse mass 0) are never moved: they take no share of an impulse, and a zone
 * containing pinned nodes follows them (translates with their common displacement, or moves with
 * the rigid motion fitted to them; see {@link RigidZone}). When the start positions are
 * intersection-free and the pinned nodes of each zone move rigidly (in particular when they are
 * static), the result is collision-free along the whole path, so {@link
 * SelfIntersections#count} of the end positions is 0; {@link Result#resolved} reports it.
 *
 * <p>The BVHs are built at the first call from the boxes of that call and only refitted
 * afterwards (their topology follows the mesh layout, which suits cloth). Buffers are reused
 * between calls; a call allocates only when a candidate list outgrows its buffer. Not
 * thread-safe.
 */
public final class SelfCollisions {
    private static final Logger LOG = Logger.getLogger(SelfCollisions.class.getName());

    /** CCD proximity tolerance relative to the thickness. */
    public static final double ETA_FRACTION = 1e-3;
    /** Maximum number of Gauss–Seidel sweeps over the proximity pairs. */
    public static final int PROXIMITY_SWEEPS = 3;
    /** Maximum number of collision passes per round before impact zones take over. */
    public static final int MAX_PASSES = 5;
    /**
     * Maximum number of proximity + collision-pass rounds (a round after the first runs only
     * when the previous one's collision response changed the end positions).
     */
    public static final int ROUNDS = 3;
    /**
     * Broad phases after the first query the boxes of the elements around the dirty nodes when
     * fewer than 1 / {@value} of the nodes are dirty, else traverse the trees.
     */
    static final int INCREMENTAL_FRACTION = 8;
    /** Maximum number of impact-zone iterations before the whole mesh becomes one zone. */
    public static final int MAX_ZONE_ITERATIONS = 100;

    /** Receives the nodes moved by the response. */
    @FunctionalInterface
    public interface ContactSink {
        /**
         * Called once per moved node, in increasing node order.
         *
         * @param node the node
         * @param nx unit normal of the contact that moved it most, x
         * @param ny y
         * @param nz z
         */
        void contact(int node, double nx, double ny, double nz);
    }

    /** Receives the close pairs of {@link #closePairs}. */
    @FunctionalInterface
    public interface PairSink {
        /**
         * One pair: the relative displacement {@code r = Σ c_k x_k} (the coefficients sum to 0)
         * has separation {@code n·r} along the unit normal n.
         *
         * @param nodes the four nodes (read the values during the call)
         * @param coef their coefficients
         * @param normal the unit normal, pointing from the second side to the first
         * @param separation n·r at the queried positions (m; below the query distance)
         */
        void pair(int[] nodes, double[] coef, double[] normal, double separation);
    }

    /**
     * Statistics of one {@link #resolve} call.
     *
     * @param proximityPairs vertex–triangle plus edge–edge pairs closer than the thickness at the
     *     candidate end positions
     * @param ccdPasses collision passes run (stage 2)
     * @param ccdCollisions collisions found by continuous detection, over the passes and the
     *     impact-zone iterations
     * @param impactZones number of impact zones at the end (0 when the passes sufficed)
     * @param impactZoneIterations rigid-zone updates
     * @param resolved whether the final detection found no collision
     */
    public record Result(int proximityPairs, int ccdPasses, int ccdCollisions, int impactZones,
            int impactZoneIterations, boolean resolved) {
    }

    private final int[] tris;
    private final int[] edges;
    private final int nodes;
    private final int n3;

    private final double[] pointBox;
    private final double[] triBox;
    private final double[] edgeBox;
    private Bvh pointTree;
    private Bvh triTree;
    private Bvh edgeTree;

    /** Candidate pairs of the current pass: (point, triangle) and (edge, edge), 2 ints each. */
    private int[] vf = new int[256];
    private int vfCount;
    private int[] ee = new int[256];
    private int eeCount;
    /** Candidates of the call's full traversal, over boxes swept with the proximity margin. */
    private int[] baseVf = new int[256];
    private int baseVfCount;
    private int[] baseEe = new int[256];
    private int baseEeCount;
    /** Pairs closer than the thickness. */
    private int[] proxVf = new int[256];
    private int proxVfCount;
    private int[] proxEe = new int[256];
    private int proxEeCount;

    private final double[] orig;
    private final double[] pre;
    private final boolean[] dirty;
    private int dirtyCount;
    private final boolean[] moved;
    /** Per node: size of the largest single move and its normal (for the sink). */
    private final double[] moveSize;
    private final double[] moveNormal;
    /** Per node: normal of its latest collision in the impact-zone stage. */
    private final double[] zoneNormal;
    private final ImpactZoneSet zones;
    private int zoneCollisions;
    private int zoneTotal;
    private int zoneIters;
    private final RigidZone rigid = new RigidZone();
    /** Collision passes per round (&ge; 1); tests lower it to force the impact zones. */
    int maxPasses = MAX_PASSES;
    /** See {@link #INCREMENTAL_FRACTION}; tests set 0 to force the per-element queries. */
    long incrementalFraction = INCREMENTAL_FRACTION;
    /** Broad phases of the last call done by per-element queries (for tests). */
    int queryGathers;
    /** Whether {@link #resolve} may answer a call by the quiet certificate; tests switch it off. */
    boolean quietCheck = true;
    /** Calls answered by the quiet certificate: resolve calls plus closePairs calls (for tests). */
    long quietCalls;
    /** Whether nothing acted in the last call (then the next resolve tries the certificate). */
    private boolean lastQuiet;
    /** Distance of the closePairs queries that follow resolve calls (see {@link #setPairDistance}). */
    private double pairDistance;
    /** Positions and distance (-1: none) covered by the last certificate, for closePairs. */
    private double[] certStart;
    private double[] certEnd;
    private double certDistance = -1;
    /** State of the certificate under way: still quiet, squared reach, CCD tolerance. */
    /** Cleared by any certificate sink that cannot clear its pair (written by several threads). */
    private volatile boolean certQuiet;
    private double certReach;
    private double certReach2;
    private double certEta;
    private final Bvh.PairSink certVfSink = (p, t) -> certifyVertexFace(p, t, this.ccdOut);
    private final Bvh.PairSink certEeSink = (e, g) -> certifyEdgeEdge(e, g, this.ccdOut);
    /** What {@link #run} returns for a call in which nothing acts. */
    private static final Result QUIET = new Result(0, 1, 0, 0, 0, true);

    // scratch
    private final double[] gOut = new double[4];
    private final double[] ccdOut = new double[Ccd.OUT_LENGTH];
    /**
     * Edges from which the certificate's traversals run in parallel: below, the fork costs more
     * than it saves (measured on the 1k-triangle bench sheet, 5,900 edges). Tests lower it.
     */
    static int parallelMinEdges = 16_384;
    /** Pieces of each certificate traversal per processor, so that the round-robin shares even out. */
    private static final int PIECES_PER_THREAD = 16;
    private final int[] pn = new int[4];
    private final double[] pc = new double[4];
    /** Unit normal, separation and edge parameters of the pair last measured. */
    private final double[] pairN = new double[3];
    private double pairSep;
    private double pairS;
    private double pairT;
    private double[] pairBest = new double[0];
    private int[] pairBestTri = new int[0];

    private final double[] qbox = new double[6];

    // per-call state read by the pair sinks
    private double[] x0;
    private double[] x1;
    private double[] w;
    /** When not null, the sinks keep only pairs with a node flagged in it. */
    private boolean[] flagFilter;
    private boolean skipRigid;
    private boolean proximityMoved;
    /** Element whose box is being queried, and the flags of the query. */
    private int queryElem;
    private boolean[] queryFlag;
    private final Bvh.PairSink vfSink = this::addVf;
    private final Bvh.PairSink eeSink = this::addEe;
    private final IntConsumer triQuery = this::triangleHit;
    private final IntConsumer pointQuery = this::pointHit;
    private final IntConsumer edgeQuery = this::edgeHit;

    /**
     * Prepares collision processing for a mesh.
     *
     * @param triangles node indices, 3 per triangle (copied)
     * @param edges node indices, 2 per edge, each edge once (copied)
     * @param nodeCount number of nodes; every index is below it
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if a length is not a multiple of 3 (triangles) or 2
     *     (edges), or an index is out of range
     */
    public SelfCollisions(int[] triangles, int[] edges, int nodeCount) {
        Objects.requireNonNull(triangles, "triangles");
        Objects.requireNonNull(edges, "edges");
        if (nodeCount < 0) {
            throw new IllegalArgumentException("nodeCount " + nodeCount + " < 0");
        }
        if (triangles.length % 3 != 0) {
            throw new IllegalArgumentException("triangles length " + triangles.length
                    + " is not a multiple of 3");
        }
        if (edges.length % 2 != 0) {
            throw new IllegalArgumentException("edges length " + edges.length
                    + " is not a multiple of 2");
        }
        checkIndices("triangles", triangles, nodeCount);
        checkIndices("edges", edges, nodeCount);
        this.tris = triangles.clone();
        this.edges = edges.clone();
        this.nodes = nodeCount;
        this.n3 = 3 * nodeCount;
        pointBox = new double[6 * nodeCount];
        triBox = new double[2 * triangles.length];
        edgeBox = new double[3 * edges.length];
        orig = new double[n3];
        pre = new double[n3];
        dirty = new boolean[nodeCount];
        moved = new boolean[nodeCount];
        moveSize = new double[nodeCount];
        moveNormal = new double[n3];
        zoneNormal = new double[n3];
        zones = new ImpactZoneSet(nodeCount);
    }

    private static void checkIndices(String name, int[] idx, int count) {
        for (int k = 0; k < idx.length; k++) {
            if (idx[k] < 0 || idx[k] >= count) {
                throw new IllegalArgumentException(name + "[" + k + "] = " + idx[k]
                        + " is outside [0, " + count + ")");
            }
        }
    }

    /** @return the number of nodes */
    public int nodeCount() {
        return nodes;
    }

    /**
     * Processes the collisions of one step.
     *
     * @param start positions at the start of the step, flat xyz (assumed intersection-free; not
     *     modified)
     * @param end candidate end positions, flat xyz, corrected in place so that the path start →
     *     end has no collision and end keeps every pair of elements sharing no node at least
     *     about the thickness apart where possible
     * @param invMass per-node inverse mass; 0 for pinned or kinematic nodes, which are never
     *     moved
     * @param thickness cloth thickness (m, finite, &ge; 0): the proximity distance; the CCD
     *     tolerance is {@value #ETA_FRACTION} of it
     * @param mu Coulomb friction coefficient (&ge; 0)
     * @param dt step duration (s, &gt; 0); positions and velocities differ by this factor, which
     *     cancels in the impulses, so it only has to be positive
     * @param sink receives every node whose end position changed, with the unit normal of the
     *     contact whose response moved it most (may be null)
     * @return statistics of the call
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if an array is shorter than the node count needs, or a
     *     parameter is out of range
     */
    public Result resolve(double[] start, double[] end, double[] invMass, double thickness,
            double mu, double dt, ContactSink sink) {
        return resolve(start, end, invMass, thickness, thickness, mu, dt, sink);
    }

    /**
     * As {@link #resolve(double[], double[], double[], double, double, double, ContactSink)}, but
     * with the proximity repulsion (stage 1, and the proximity rounds after collision passes)
     * acting only on pairs closer than {@code repulsion}, which may be below the thickness. The
     * continuous detection keeps its tolerance η = {@value #ETA_FRACTION} × thickness, so the
     * guarantee of an intersection-free path is unchanged; pairs between {@code repulsion} and
     * the thickness are left where they are. A solver that has just projected the end positions
     * onto its constraints uses this for its last pass: a proximity push there moves nodes the
     * projection has no chance to reconcile with the constraints, while a pair that is merely a
     * little closer than the thickness is harmless (the next step repels it before projecting).
     *
     * @param repulsion proximity distance of the repulsion (m, in [0, thickness]); 0 switches the
     *     repulsion off
     */
    public Result resolve(double[] start, double[] end, double[] invMass, double thickness,
            double repulsion, double mu, double dt, ContactSink sink) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(invMass, "invMass");
        if (start.length < n3 || end.length < n3 || invMass.length < nodes) {
            throw new IllegalArgumentException("arrays too short for " + nodes + " nodes");
        }
        if (!(thickness >= 0) || Double.isInfinite(thickness)) {
            throw new IllegalArgumentException("thickness " + thickness + " must be finite and >= 0");
        }
        if (!(repulsion >= 0 && repulsion <= thickness)) {
            throw new IllegalArgumentException("repulsion " + repulsion + " must be in [0, thickness "
                    + thickness + "]");
        }
        if (!(mu >= 0)) {
            throw new IllegalArgumentException("mu " + mu + " must be >= 0");
        }
        if (!(dt > 0)) {
            throw new IllegalArgumentException("dt " + dt + " must be > 0");
        }
        x0 = start;
        x1 = end;
        w = invMass;
        certDistance = -1;
        try {
            if (quietCheck && lastQuiet && pointTree != null && maxPasses > 0
                    && certifyQuiet(thickness, repulsion)) {
                quietCalls++;
                return QUIET;
            }
            Result r = run(thickness, repulsion, mu, sink);
            lastQuiet = r.proximityPairs() == 0 && r.ccdCollisions() == 0;
            return r;
        } finally {
            x0 = null;
            x1 = null;
            w = null;
        }
    }

    private Result run(double thickness, double h, double mu, ContactSink sink) {
        System.arraycopy(x1, 0, orig, 0, n3);
        Arrays.fill(moveSize, 0);
        clearDirty();
        queryGathers = 0;
        double eta = ETA_FRACTION * thickness;
        double margin = Math.max(0.5 * h, eta);
        sweptBoxes(margin);
        // the one full traversal of a call: boxes swept from start to the candidate end, inflated
        // by half the thickness, hold every pair closer than the thickness at the end and every
        // pair that can collide on the way
        allPairs();
        baseVf = copyPairs(vf, vfCount, baseVf);
        baseVfCount = vfCount;
        baseEe = copyPairs(ee, eeCount, baseEe);
        baseEeCount = eeCount;

        // 1. proximity and 2. collision passes; when collisions changed the end, proximity again
        // (the response may leave pairs closer than the thickness) and passes again
        int proximity = 0;
        int passes = 0;
        int collisions = 0;
        boolean clean = false;
        for (int round = 0; round < ROUNDS; round++) {
            proximityMoved = false;
            if (h > 0) {
                if (round == 0) {
                    proximity = proximity(h, mu, baseVf, baseVfCount, baseEe, baseEeCount);
                } else {
                    // candidates: base pairs of unmoved nodes, queries around the moved ones
                    int movedCount = 0;
                    for (int i = 0; i < nodes; i++) {
                        int o = 3 * i;
                        moved[i] = x1[o] != orig[o] || x1[o + 1] != orig[o + 1] || x1[o + 2] != orig[o + 2];
                        movedCount += moved[i] ? 1 : 0;
                    }
                    staticBoxes(0.5 * h);
                    refit();
                    vfCount = 0;
                    eeCount = 0;
                    keepUnflagged(moved, false);
                    gatherFlagged(moved, movedCount);
                    proximity(h, mu, vf, vfCount, ee, eeCount);
                }
            }
            if (round > 0 && !proximityMoved) {
                break; // the last pass found nothing and nothing moved since
            }
            int found = 0;
            clean = false;
            for (int pass = 0; pass < maxPasses; pass++) {
                sweptBoxes(eta);
                refit();
                vfCount = 0;
                eeCount = 0;
                if (round == 0 && pass == 0) {
                    keepUnflagged(dirty, true);
                }
                gatherFlagged(dirty, dirtyCount);
                passes++;
                int f = collisionPass(eta, mu);
                found += f;
                if (f == 0) {
                    clean = true;
                    break;
                }
            }
            collisions += found;
            if (!clean || found == 0) {
                break;
            }
        }

        // 3. impact zones
        int zones = 0;
        int zoneIterations = 0;
        if (!clean) {
            clean = impactZones(eta);
            collisions += zoneCollisions;
            zones = zoneTotal;
            zoneIterations = zoneIters;
        }
        if (!clean) {
            LOG.log(Level.FINE, "self collisions unresolved after {0} impact-zone iterations",
                    zoneIterations);
        }

        if (sink != null) {
            for (int i = 0; i < nodes; i++) {
                int o = 3 * i;
                if (x1[o] != orig[o] || x1[o + 1] != orig[o + 1] || x1[o + 2] != orig[o + 2]) {
                    sink.contact(i, moveNormal[o], moveNormal[o + 1], moveNormal[o + 2]);
                }
            }
        }
        return new Result(proximity, passes, collisions, zones, zoneIterations, clean);
    }

    /**
     * Sets the distance of the {@link #closePairs} queries that the caller makes right after
     * {@link #resolve} calls, on that call's start and corrected end positions. A resolve call
     * answered by the quiet certificate then also certifies that such a query reports no pair, and
     * the query returns at once. 0 (the default) certifies the resolve calls only.
     *
     * @param distance query distance (m, finite, &ge; 0)
     * @throws IllegalArgumentException if distance is negative or not finite
     */
    public void setPairDistance(double distance) {
        if (!(distance >= 0) || Double.isInfinite(distance)) {
            throw new IllegalArgumentException("pair distance " + distance + " must be finite and >= 0");
        }
        pairDistance = distance;
    }

    /**
     * The quiet certificate: whether the call would act on nothing, decided by one traversal and
     * no list. The call acts only on pairs within h at the end positions (proximity) or that come
     * within eta during the step (continuous detection), and a following {@link #closePairs}
     * query at up to {@link #pairDistance} reports only pairs within that distance at the end.
     * Every such pair has overlapping boxes when the boxes are swept from start to end and
     * inflated by half the larger of h and the pair distance (at least eta), and each pair whose
     * boxes overlap is cleared or not by {@link #certifyVertexFace} / {@link #certifyEdgeEdge}.
     * When all are cleared, the call's proximity stage finds no pair, its first collision pass
     * finds no collision, and it returns {@link #QUIET} with the end positions unchanged, which
     * is what this returns without running it. The trees must exist (their topology comes from
     * the first call's boxes, as without the certificate).
     */
    private boolean certifyQuiet(double thickness, double h) {
        double reach = Math.max(h, pairDistance);
        certEta = ETA_FRACTION * thickness;
        certReach = reach;
        certReach2 = reach * reach;
        certQuiet = true;
        sweptBoxes(Math.max(0.5 * reach, certEta));
        refit();
        if (edges.length / 2 >= parallelMinEdges && Parallel.processors() > 1) {
            certifyInPieces();
        } else {
            pointTree.pairsWithUnordered(triTree, certVfSink);
            if (certQuiet) {
                edgeTree.selfPairsUnordered(certEeSink);
            }
        }
        if (!certQuiet) {
            return false;
        }
        if (pairDistance > 0) {
            if (certStart == null) {
                certStart = new double[n3];
                certEnd = new double[n3];
            }
            System.arraycopy(x0, 0, certStart, 0, n3);
            System.arraycopy(x1, 0, certEnd, 0, n3);
            certDistance = pairDistance;
        }
        return true;
    }

    /**
     * The certificate's two traversals split into pieces ({@link Bvh#piecesWith}, {@link
     * Bvh#selfPieces}) shared round robin by one task per processor. The sinks only read the
     * positions and clear {@link #certQuiet}, so the tasks share nothing else; the result does not
     * depend on the order in which pieces run.
     */
    private void certifyInPieces() {
        int threads = Parallel.processors();
        int[] vf = pointTree.piecesWith(triTree, PIECES_PER_THREAD * threads);
        int[] ee = edgeTree.selfPieces(PIECES_PER_THREAD * threads);
        Runnable[] tasks = new Runnable[threads];
        for (int k = 0; k < threads; k++) {
            int first = k;
            tasks[k] = () -> {
                double[] out = new double[Ccd.OUT_LENGTH];
                Bvh.PairSink vfSink = (p, t) -> certifyVertexFace(p, t, out);
                Bvh.PairSink eeSink = (e, g) -> certifyEdgeEdge(e, g, out);
                int[] st = pointTree.newStack(triTree);
                for (int i = 2 * first; i < vf.length && certQuiet; i += 2 * threads) {
                    pointTree.pairsFrom(triTree, vf[i], vf[i + 1], vfSink, st);
                }
                st = edgeTree.newStack(edgeTree);
                for (int i = 2 * first; i < ee.length && certQuiet; i += 2 * threads) {
                    edgeTree.selfPairsFrom(ee[i], ee[i + 1], eeSink, st);
                }
            };
        }
        Parallel.run(tasks);
    }

    /**
     * Certificate sink: point p and triangle t. A pair is clear when it is at least the reach
     * apart at the end positions and cannot collide on the step. The distance is bounded below
     * first, cheaply, by the gap between the pair's projections on the axis from the triangle's
     * centroid to the point (exact for a node facing a neighbouring triangle of a flat sheet);
     * when that does not clear it, the exact distance and then the collision pass's own test
     * decide, with {@code out} as the collision test's scratch.
     */
    private void certifyVertexFace(int p, int t, double[] out) {
        if (!certQuiet) {
            return;
        }
        int a = tris[3 * t], b = tris[3 * t + 1], c = tris[3 * t + 2];
        if (p == a || p == b || p == c) {
            return;
        }
        // along the step the distance stays above its end value minus the motion bound m of
        // collidesVertexFace
        double m = vertexFaceMotion(p, a, b, c);
        double need = clearance(m, p);
        int ip = 3 * p, ia = 3 * a, ib = 3 * b, ic = 3 * c;
        double cx = (x1[ia] + x1[ib] + x1[ic]) / 3;
        double cy = (x1[ia + 1] + x1[ib + 1] + x1[ic + 1]) / 3;
        double cz = (x1[ia + 2] + x1[ib + 2] + x1[ic + 2]) / 3;
        double dx = x1[ip] - cx, dy = x1[ip + 1] - cy, dz = x1[ip + 2] - cz;
        double spread = Math.max((x1[ia] - cx) * dx + (x1[ia + 1] - cy) * dy + (x1[ia + 2] - cz) * dz,
                Math.max((x1[ib] - cx) * dx + (x1[ib + 1] - cy) * dy + (x1[ib + 2] - cz) * dz,
                        (x1[ic] - cx) * dx + (x1[ic + 1] - cy) * dy + (x1[ic + 2] - cz) * dz));
        if (gapAtLeast(dx * dx + dy * dy + dz * dz, spread, need)) {
            return;
        }
        double d2 = Geometry.pointTriangle(x1, p, a, b, c, null);
        if (d2 < certReach2) {
            certQuiet = false;
            return;
        }
        if (!(d2 > sq(certEta + m + slack(p))) && collidesVertexFace(p, a, b, c, m, certEta, out)) {
            certQuiet = false;
        }
    }

    /** Certificate sink: edges e and g (as {@link #certifyVertexFace}, on the axis between the edges' midpoints). */
    private void certifyEdgeEdge(int e, int g, double[] out) {
        if (!certQuiet) {
            return;
        }
        int a = edges[2 * e], b = edges[2 * e + 1], c = edges[2 * g], d = edges[2 * g + 1];
        if (a == c || a == d || b == c || b == d) {
            return;
        }
        double m = edgeEdgeMotion(a, b, c, d);
        double need = clearance(m, a);
        int ia = 3 * a, ib = 3 * b, ic = 3 * c, id = 3 * d;
        double dx = 0.5 * (x1[ic] + x1[id] - x1[ia] - x1[ib]);
        double dy = 0.5 * (x1[ic + 1] + x1[id + 1] - x1[ia + 1] - x1[ib + 1]);
        double dz = 0.5 * (x1[ic + 2] + x1[id + 2] - x1[ia + 2] - x1[ib + 2]);
        double spread = 0.5 * (Math.abs((x1[ib] - x1[ia]) * dx + (x1[ib + 1] - x1[ia + 1]) * dy
                + (x1[ib + 2] - x1[ia + 2]) * dz)
                + Math.abs((x1[id] - x1[ic]) * dx + (x1[id + 1] - x1[ic + 1]) * dy + (x1[id + 2] - x1[ic + 2]) * dz));
        if (gapAtLeast(dx * dx + dy * dy + dz * dz, spread, need)) {
            return;
        }
        double d2 = Geometry.segmentSegment(x1, a, b, c, d, null);
        if (d2 < certReach2) {
            certQuiet = false;
            return;
        }
        if (!(d2 > sq(certEta + m + slack(a))) && collidesEdgeEdge(a, b, c, d, m, certEta, out)) {
            certQuiet = false;
        }
    }

    /**
     * The distance that clears a pair: the reach, and eta plus the motion bound m so that the
     * pair cannot come within eta on the step, each with an allowance (10<sup>-9</sup> of the
     * coordinate scale at node i) far above the rounding of the bounds and of {@link Ccd}
     * (10<sup>-12</sup>), so that no rounding can make a cleared pair one the call would act on.
     */
    private double clearance(double m, int i) {
        double slack = slack(i) + 1e-9 * m;
        return Math.max(certReach, certEta + m) + slack;
    }

    private double slack(int i) {
        int o = 3 * i;
        return 1e-9 * (Math.abs(x1[o]) + Math.abs(x1[o + 1]) + Math.abs(x1[o + 2]) + certReach);
    }

    /**
     * Whether the gap between two sets projected on an axis D, {@code |D| − spread / |D|} (spread
     * = the sets' extent toward each other along D times |D|), is at least {@code need}.
     *
     * @param len2 |D|²
     */
    private static boolean gapAtLeast(double len2, double spread, double need) {
        double g = len2 - spread;
        return g > 0 && g * g >= need * need * len2;
    }

    private static double sq(double v) {
        return v * v;
    }

    /**
     * Reports the cloth–cloth pairs closer than {@code distance} at positions {@code x}, with
     * the side each pair was on at {@code start}: for every node, its closest triangle
     * (vertex–face), and every pair of edges whose closest points are interior to both edges
     * (edge–edge; pairs whose closest point is an edge's end are vertex–face pairs already).
     * Used to turn contacts into constraints that act on both sides of a pair.
     *
     * @param start positions the sides are taken from (intersection-free)
     * @param x positions measured
     * @param distance query distance (m, finite, &gt; 0)
     * @param sink receives the pairs, vertex–face first
     * @return the number of pairs reported
     */
    public int closePairs(double[] start, double[] x, double distance, PairSink sink) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(sink, "sink");
        if (start.length < n3 || x.length < n3) {
            throw new IllegalArgumentException("arrays too short for " + nodes + " nodes");
        }
        if (!(distance > 0) || Double.isInfinite(distance)) {
            throw new IllegalArgumentException("distance " + distance + " must be finite and > 0");
        }
        if (distance <= certDistance && Arrays.equals(start, 0, n3, certStart, 0, n3)
                && Arrays.equals(x, 0, n3, certEnd, 0, n3)) {
            // the last resolve call was certified quiet up to this distance on these positions
            quietCalls++;
            return 0;
        }
        x0 = start;
        x1 = x;
        try {
            staticBoxes(0.5 * distance);
            allPairs();
            if (pairBest.length < nodes) {
                pairBest = new double[nodes];
                pairBestTri = new int[nodes];
            }
            Arrays.fill(pairBest, 0, nodes, Double.POSITIVE_INFINITY);
            double d2max = distance * distance;
            for (int k = 0; k < vfCount; k++) {
                int p = vf[2 * k];
                int t = vf[2 * k + 1];
                double d2 = Geometry.pointTriangle(x1, p, tris[3 * t], tris[3 * t + 1], tris[3 * t + 2], null);
                if (d2 < d2max && d2 < pairBest[p]) {
                    pairBest[p] = d2;
                    pairBestTri[p] = t;
                }
            }
            int count = 0;
            for (int p = 0; p < nodes; p++) {
                if (pairBest[p] < d2max && vertexFacePair(p, pairBestTri[p], distance)) {
                    sink.pair(pn, pc, pairN, pairSep);
                    count++;
                }
            }
            for (int k = 0; k < eeCount; k++) {
                if (edgeEdgePair(ee[2 * k], ee[2 * k + 1], distance)
                        && pairS > EDGE_INTERIOR && pairS < 1 - EDGE_INTERIOR
                        && pairT > EDGE_INTERIOR && pairT < 1 - EDGE_INTERIOR) {
                    sink.pair(pn, pc, pairN, pairSep);
                    count++;
                }
            }
            lastQuiet &= count == 0;
            return count;
        } finally {
            x0 = null;
            x1 = null;
        }
    }

    /** Edge parameters within this of an end count as the end (a vertex–face pair). */
    private static final double EDGE_INTERIOR = 0.02;

    // ---------------------------------------------------------------------------------------
    // broad phase

    private void sweptBoxes(double margin) {
        Bvh.pointBoxes(x0, x1, margin, pointBox);
        Bvh.triangleBoxes(tris, x0, x1, margin, triBox);
        Bvh.edgeBoxes(edges, x0, x1, margin, edgeBox);
    }

    private void staticBoxes(double margin) {
        Bvh.pointBoxes(x1, null, margin, pointBox);
        Bvh.triangleBoxes(tris, x1, null, margin, triBox);
        Bvh.edgeBoxes(edges, x1, null, margin, edgeBox);
    }

    /**
     * Builds the trees at the first call (from the current boxes), refits them and gathers every
     * overlapping vertex–triangle and edge–edge pair into {@code vf}/{@code ee}, unfiltered.
     */
    private void allPairs() {
        if (pointTree == null) {
            pointTree = new Bvh(pointBox);
            triTree = new Bvh(triBox);
            edgeTree = new Bvh(edgeBox);
        }
        refit();
        flagFilter = null;
        skipRigid = false;
        vfCount = 0;
        eeCount = 0;
        pointTree.pairsWith(triTree, vfSink);
        edgeTree.selfPairs(eeSink);
    }

    private void refit() {
        pointTree.refit(pointBox);
        triTree.refit(triBox);
        edgeTree.refit(edgeBox);
    }

    private static int[] copyPairs(int[] from, int count, int[] to) {
        if (to.length < 2 * count) {
            to = new int[Math.max(2 * count, 2 * to.length)];
        }
        System.arraycopy(from, 0, to, 0, 2 * count);
        return to;
    }

    private static boolean boxesOverlap(double[] a, int ia, double[] b, int ib) {
        return a[ia] <= b[ib + 3] && b[ib] <= a[ia + 3]
                && a[ia + 1] <= b[ib + 4] && b[ib + 1] <= a[ia + 4]
                && a[ia + 2] <= b[ib + 5] && b[ib + 2] <= a[ia + 5];
    }

    /**
     * Appends the base pairs none of whose nodes is flagged (their boxes have not changed since
     * the base traversal), optionally only those whose current boxes overlap.
     */
    private void keepUnflagged(boolean[] flag, boolean checkBoxes) {
        for (int k = 0; k < baseVfCount; k++) {
            int p = baseVf[2 * k], t = baseVf[2 * k + 1];
            if (flag[p] || flag[tris[3 * t]] || flag[tris[3 * t + 1]] || flag[tris[3 * t + 2]]) {
                continue;
            }
            if (checkBoxes && !boxesOverlap(pointBox, 6 * p, triBox, 6 * t)) {
                continue;
            }
            vf = push(vf, vfCount++, p, t);
        }
        for (int k = 0; k < baseEeCount; k++) {
            int e = baseEe[2 * k], f = baseEe[2 * k + 1];
            if (flag[edges[2 * e]] || flag[edges[2 * e + 1]] || flag[edges[2 * f]]
                    || flag[edges[2 * f + 1]]) {
                continue;
            }
            if (checkBoxes && !boxesOverlap(edgeBox, 6 * e, edgeBox, 6 * f)) {
                continue;
            }
            ee = push(ee, eeCount++, e, f);
        }
    }

    /**
     * Appends every pair with a flagged node whose current boxes overlap: per-element box queries
     * when few nodes are flagged, else a full traversal filtered by the flags. The trees must be
     * fitted to the current boxes.
     */
    private void gatherFlagged(boolean[] flag, int flaggedCount) {
        if (flaggedCount == 0) {
            return;
        }
        if (flaggedCount * incrementalFraction >= nodes) {
            flagFilter = flag;
            pointTree.pairsWith(triTree, vfSink);
            edgeTree.selfPairs(eeSink);
            flagFilter = null;
            return;
        }
        queryGathers++;
        queryFlag = flag;
        for (int p = 0; p < nodes; p++) {
            if (flag[p]) {
                queryElem = p;
                System.arraycopy(pointBox, 6 * p, qbox, 0, 6);
                triTree.query(qbox, triQuery);
            }
        }
        for (int t = 0; t < tris.length / 3; t++) {
            if (flag[tris[3 * t]] || flag[tris[3 * t + 1]] || flag[tris[3 * t + 2]]) {
                queryElem = t;
                System.arraycopy(triBox, 6 * t, qbox, 0, 6);
                pointTree.query(qbox, pointQuery);
            }
        }
        for (int e = 0; e < edges.length / 2; e++) {
            if (flag[edges[2 * e]] || flag[edges[2 * e + 1]]) {
                queryElem = e;
                System.arraycopy(edgeBox, 6 * e, qbox, 0, 6);
                edgeTree.query(qbox, edgeQuery);
            }
        }
        queryFlag = null;
    }

    /** Query sink: triangle t near the queried point. */
    private void triangleHit(int t) {
        addVf(queryElem, t);
    }

    /** Query sink: point p near the queried triangle (pairs of flagged points come from them). */
    private void pointHit(int p) {
        if (!queryFlag[p]) {
            addVf(p, queryElem);
        }
    }

    /** Query sink: edge f near the queried edge e; a pair of two flagged edges is kept once. */
    private void edgeHit(int f) {
        int e = queryElem;
        if (f != e && (e < f || !(queryFlag[edges[2 * f]] || queryFlag[edges[2 * f + 1]]))) {
            addEe(Math.min(e, f), Math.max(e, f));
        }
    }

    private static int[] push(int[] list, int count, int a, int b) {
        if (2 * count + 2 > list.length) {
            list = Arrays.copyOf(list, 2 * list.length);
        }
        list[2 * count] = a;
        list[2 * count + 1] = b;
        return list;
    }

    private void addVf(int p, int t) {
        int a = tris[3 * t], b = tris[3 * t + 1], c = tris[3 * t + 2];
        if (p == a || p == b || p == c) {
            return;
        }
        boolean[] f = flagFilter;
        if (f != null && !(f[p] || f[a] || f[b] || f[c])) {
            return;
        }
        if (skipRigid && zones.sameRigidZone(p, a, b, c)) {
            return;
        }
        vf = push(vf, vfCount++, p, t);
    }

    private void addEe(int e, int g) {
        int a = edges[2 * e], b = edges[2 * e + 1], c = edges[2 * g], d = edges[2 * g + 1];
        if (a == c || a == d || b == c || b == d) {
            return;
        }
        boolean[] f = flagFilter;
        if (f != null && !(f[a] || f[b] || f[c] || f[d])) {
            return;
        }
        if (skipRigid && zones.sameRigidZone(a, b, c, d)) {
            return;
        }
        ee = push(ee, eeCount++, e, g);
    }

    // ---------------------------------------------------------------------------------------
    // 1. proximity

    /**
     * Keeps the candidate pairs closer than h at the end positions, then repels them in a few
     * Gauss–Seidel sweeps; returns the number of such pairs.
     */
    private int proximity(double h, double mu, int[] candVf, int candVfCount, int[] candEe,
            int candEeCount) {
        double h2 = h * h;
        proxVfCount = 0;
        for (int k = 0; k < candVfCount; k++) {
            int p = candVf[2 * k], t = candVf[2 * k + 1];
            if (Geometry.pointTriangle(x1, p, tris[3 * t], tris[3 * t + 1], tris[3 * t + 2], null) < h2) {
                proxVf = push(proxVf, proxVfCount++, p, t);
            }
        }
        proxEeCount = 0;
        for (int k = 0; k < candEeCount; k++) {
            int e = candEe[2 * k], f = candEe[2 * k + 1];
            if (Geometry.segmentSegment(x1, edges[2 * e], edges[2 * e + 1], edges[2 * f],
                    edges[2 * f + 1], null) < h2) {
                proxEe = push(proxEe, proxEeCount++, e, f);
            }
        }
        for (int sweep = 0; sweep < PROXIMITY_SWEEPS; sweep++) {
            boolean any = false;
            for (int k = 0; k < proxVfCount; k++) {
                any |= repelVertexFace(proxVf[2 * k], proxVf[2 * k + 1], h, mu);
            }
            for (int k = 0; k < proxEeCount; k++) {
                any |= repelEdgeEdge(proxEe[2 * k], proxEe[2 * k + 1], h, mu);
            }
            if (!any) {
                break;
            }
            proximityMoved = true;
        }
        return proxVfCount + proxEeCount;
    }

    /**
     * Repulsion of point p from triangle t along the triangle normal, on the side p was on at
     * the start.
     */
    private boolean repelVertexFace(int p, int t, double h, double mu) {
        return vertexFacePair(p, t, h) && repelPair(h, mu);
    }

    /** Pushes the pair last measured out to the distance h along its normal (with friction). */
    private boolean repelPair(double h, double mu) {
        double push = h - pairSep;
        return push > 0 && impulse(pairN[0], pairN[1], pairN[2], push, mu);
    }

    /**
     * Geometry of the pair (point p, triangle t) at the end positions when closer than h: sets
     * {@code pn}/{@code pc} (relative displacement r = Σ c_k x_k, point minus closest point),
     * {@code pairN} (unit normal on the side the point was on at the start) and {@code pairSep}
     * (n·r). Returns false when the pair is not closer than h or the triangle is degenerate.
     */
    private boolean vertexFacePair(int p, int t, double h) {
        int a = tris[3 * t], b = tris[3 * t + 1], c = tris[3 * t + 2];
        double d2 = Geometry.pointTriangle(x1, p, a, b, c, gOut);
        if (!(d2 < h * h)) {
            return false;
        }
        double wa = gOut[1], wb = gOut[2], wc = gOut[3];
        int ia = 3 * a, ib = 3 * b, ic = 3 * c, ip = 3 * p;
        // end normal and start normal (same winding)
        double nx, ny, nz, mx, my, mz;
        {
            double ux = x1[ib] - x1[ia], uy = x1[ib + 1] - x1[ia + 1], uz = x1[ib + 2] - x1[ia + 2];
            double vx = x1[ic] - x1[ia], vy = x1[ic + 1] - x1[ia + 1], vz = x1[ic + 2] - x1[ia + 2];
            nx = uy * vz - uz * vy;
            ny = uz * vx - ux * vz;
            nz = ux * vy - uy * vx;
            double n2 = nx * nx + ny * ny + nz * nz;
            if (!(n2 > 1e-14 * (ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz))) {
                return false; // degenerate triangle: its edges handle the contact
            }
            double len = Math.sqrt(n2);
            nx /= len;
            ny /= len;
            nz /= len;
        }
        {
            double ux = x0[ib] - x0[ia], uy = x0[ib + 1] - x0[ia + 1], uz = x0[ib + 2] - x0[ia + 2];
            double vx = x0[ic] - x0[ia], vy = x0[ic + 1] - x0[ia + 1], vz = x0[ic + 2] - x0[ia + 2];
            mx = uy * vz - uz * vy;
            my = uz * vx - ux * vz;
            mz = ux * vy - uy * vx;
        }
        double sx = x1[ip] - (wa * x1[ia] + wb * x1[ib] + wc * x1[ic]);
        double sy = x1[ip + 1] - (wa * x1[ia + 1] + wb * x1[ib + 1] + wc * x1[ic + 1]);
        double sz = x1[ip + 2] - (wa * x1[ia + 2] + wb * x1[ib + 2] + wc * x1[ic + 2]);
        double zx = x0[ip] - (wa * x0[ia] + wb * x0[ib] + wc * x0[ic]);
        double zy = x0[ip + 1] - (wa * x0[ia + 1] + wb * x0[ib + 1] + wc * x0[ic + 1]);
        double zz = x0[ip + 2] - (wa * x0[ia + 2] + wb * x0[ib + 2] + wc * x0[ic + 2]);
        double side = zx * mx + zy * my + zz * mz;
        if (side == 0) {
            side = sx * nx + sy * ny + sz * nz;
        }
        if (side < 0) {
            nx = -nx;
            ny = -ny;
            nz = -nz;
        }
        pairSep = sx * nx + sy * ny + sz * nz;
        pairN[0] = nx;
        pairN[1] = ny;
        pairN[2] = nz;
        setPair(p, a, b, c, 1, -wa, -wb, -wc);
        return true;
    }

    /**
     * Repulsion of two edges along the direction between their closest points (their common
     * perpendicular when they nearly touch), on the side they were on at the start.
     */
    private boolean repelEdgeEdge(int e, int f, double h, double mu) {
        return edgeEdgePair(e, f, h) && repelPair(h, mu);
    }

    /**
     * Geometry of the pair (edge e, edge f) at the end positions when closer than h, as {@link
     * #vertexFacePair}; {@code pairS}/{@code pairT} receive the closest points' parameters.
     */
    private boolean edgeEdgePair(int e, int f, double h) {
        int a = edges[2 * e], b = edges[2 * e + 1], c = edges[2 * f], d = edges[2 * f + 1];
        double d2 = Geometry.segmentSegment(x1, a, b, c, d, gOut);
        if (!(d2 < h * h)) {
            return false;
        }
        double s = gOut[1], t = gOut[2];
        int ia = 3 * a, ib = 3 * b, ic = 3 * c, id = 3 * d;
        double sx = (1 - s) * x1[ia] + s * x1[ib] - (1 - t) * x1[ic] - t * x1[id];
        double sy = (1 - s) * x1[ia + 1] + s * x1[ib + 1] - (1 - t) * x1[ic + 1] - t * x1[id + 1];
        double sz = (1 - s) * x1[ia + 2] + s * x1[ib + 2] - (1 - t) * x1[ic + 2] - t * x1[id + 2];
        double zx = (1 - s) * x0[ia] + s * x0[ib] - (1 - t) * x0[ic] - t * x0[id];
        double zy = (1 - s) * x0[ia + 1] + s * x0[ib + 1] - (1 - t) * x0[ic + 1] - t * x0[id + 1];
        double zz = (1 - s) * x0[ia + 2] + s * x0[ib + 2] - (1 - t) * x0[ic + 2] - t * x0[id + 2];
        double dist = Math.sqrt(d2);
        double nx, ny, nz;
        if (dist > 1e-6 * h) {
            nx = sx / dist;
            ny = sy / dist;
            nz = sz / dist;
        } else {
            double ux = x1[ib] - x1[ia], uy = x1[ib + 1] - x1[ia + 1], uz = x1[ib + 2] - x1[ia + 2];
            double vx = x1[id] - x1[ic], vy = x1[id + 1] - x1[ic + 1], vz = x1[id + 2] - x1[ic + 2];
            nx = uy * vz - uz * vy;
            ny = uz * vx - ux * vz;
            nz = ux * vy - uy * vx;
            double n2 = nx * nx + ny * ny + nz * nz;
            if (!(n2 > 1e-14 * (ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz))) {
                nx = zx;
                ny = zy;
                nz = zz;
                n2 = nx * nx + ny * ny + nz * nz;
                if (!(n2 > 0)) {
                    return false;
                }
            }
            double len = Math.sqrt(n2);
            nx /= len;
            ny /= len;
            nz /= len;
        }
        if (zx * nx + zy * ny + zz * nz < 0) {
            nx = -nx;
            ny = -ny;
            nz = -nz;
        }
        pairSep = sx * nx + sy * ny + sz * nz;
        pairN[0] = nx;
        pairN[1] = ny;
        pairN[2] = nz;
        pairS = s;
        pairT = t;
        setPair(a, b, c, d, 1 - s, s, t - 1, -t);
        return true;
    }

    // ---------------------------------------------------------------------------------------
    // impulses

    private void setPair(int i0, int i1, int i2, int i3, double c0, double c1, double c2,
            double c3) {
        pn[0] = i0;
        pn[1] = i1;
        pn[2] = i2;
        pn[3] = i3;
        pc[0] = c0;
        pc[1] = c1;
        pc[2] = c2;
        pc[3] = c3;
    }

    /**
     * Changes the relative displacement {@code r = Σ c_k x_k} of the current pair by {@code push}
     * along the unit normal n, by an impulse {@code J} giving node k the displacement {@code c_k
     * w_k J n} (mass-weighted, momentum-free because {@code Σ c_k = 0}); then Coulomb friction
     * (thesis eq. 3.27): the relative tangential displacement over the step {@code r_t} becomes
     * {@code max(1 − μ push / |r_t|, 0) r_t}, by a tangential impulse distributed the same way.
     *
     * @return whether any node moved
     */
    private boolean impulse(double nx, double ny, double nz, double push, double mu) {
        double wsum = 0;
        double rx = 0, ry = 0, rz = 0;
        for (int k = 0; k < 4; k++) {
            int i = 3 * pn[k];
            double ck = pc[k];
            wsum += ck * ck * w[pn[k]];
            rx += ck * (x1[i] - x0[i]);
            ry += ck * (x1[i + 1] - x0[i + 1]);
            rz += ck * (x1[i + 2] - x0[i + 2]);
        }
        if (!(wsum > 0)) {
            return false;
        }
        double rn = rx * nx + ry * ny + rz * nz;
        double tx = rx - rn * nx, ty = ry - rn * ny, tz = rz - rn * nz;
        double tlen = Math.sqrt(tx * tx + ty * ty + tz * tz);
        double fx = 0, fy = 0, fz = 0;
        if (mu > 0 && tlen > 0) {
            double keep = Math.max(1 - mu * push / tlen, 0);
            fx = -(1 - keep) * tx;
            fy = -(1 - keep) * ty;
            fz = -(1 - keep) * tz;
        }
        // total change of r: push n + f; split by c_k w_k / Σ c² w
        double jx = (push * nx + fx) / wsum, jy = (push * ny + fy) / wsum, jz = (push * nz + fz) / wsum;
        boolean moved = false;
        for (int k = 0; k < 4; k++) {
            int node = pn[k];
            double s = pc[k] * w[node];
            if (s == 0) {
                continue;
            }
            int i = 3 * node;
            double dx = s * jx, dy = s * jy, dz = s * jz;
            x1[i] += dx;
            x1[i + 1] += dy;
            x1[i + 2] += dz;
            markDirty(node);
            record(node, dx, dy, dz, nx, ny, nz);
            moved = true;
        }
        return moved;
    }

    /** Keeps, per node, the normal of the largest single move. */
    private void record(int node, double dx, double dy, double dz, double nx, double ny,
            double nz) {
        double size = dx * dx + dy * dy + dz * dz;
        if (size > moveSize[node]) {
            moveSize[node] = size;
            moveNormal[3 * node] = nx;
            moveNormal[3 * node + 1] = ny;
            moveNormal[3 * node + 2] = nz;
        }
    }

    // ---------------------------------------------------------------------------------------
    // 2. collision passes

    /**
     * Tests the candidates with CCD on the current end positions and applies an inelastic impulse
     * to each collision at once; the nodes of every collision become the dirty set of the next
     * pass. Returns the number of collisions.
     */
    private int collisionPass(double eta, double mu) {
        clearDirty();
        int found = 0;
        for (int k = 0; k < vfCount; k++) {
            if (detectVertexFace(vf[2 * k], vf[2 * k + 1], eta)) {
                found++;
                respond(mu);
            }
        }
        for (int k = 0; k < eeCount; k++) {
            if (detectEdgeEdge(ee[2 * k], ee[2 * k + 1], eta)) {
                found++;
                respond(mu);
            }
        }
        return found;
    }

    /** CCD of point p against triangle t; on a collision, sets the pair and marks it dirty. */
    private boolean detectVertexFace(int p, int t, double eta) {
        int a = tris[3 * t], b = tris[3 * t + 1], c = tris[3 * t + 2];
        if (!collidesVertexFace(p, a, b, c, vertexFaceMotion(p, a, b, c), eta, ccdOut)) {
            return false;
        }
        setPair(p, a, b, c, 1, -ccdOut[1], -ccdOut[2], -ccdOut[3]);
        markPair();
        return true;
    }

    /** CCD of edge e against edge f; on a collision, sets the pair and marks it dirty. */
    private boolean detectEdgeEdge(int e, int f, double eta) {
        int a = edges[2 * e], b = edges[2 * e + 1], c = edges[2 * f], d = edges[2 * f + 1];
        if (!collidesEdgeEdge(a, b, c, d, edgeEdgeMotion(a, b, c, d), eta, ccdOut)) {
            return false;
        }
        double s = ccdOut[1], t = ccdOut[2];
        setPair(a, b, c, d, 1 - s, s, t - 1, -t);
        markPair();
        return true;
    }

    /**
     * Whether point p comes within eta of triangle (a, b, c) on the step (CCD into {@code out});
     * m bounds the change of their separation over the step ({@link #vertexFaceMotion}), so a pair
     * farther apart than eta + m at the start is skipped without CCD. No side effects but out.
     */
    private boolean collidesVertexFace(int p, int a, int b, int c, double m, double eta, double[] out) {
        if (farApart(Geometry.pointTriangle(x0, p, a, b, c, null), eta + m, p)) {
            return false;
        }
        return Ccd.vertexFace(x0, x1, p, a, b, c, eta, out) >= 0;
    }

    /** As {@link #collidesVertexFace} for edges (a, b) and (c, d), m from {@link #edgeEdgeMotion}. */
    private boolean collidesEdgeEdge(int a, int b, int c, int d, double m, double eta, double[] out) {
        if (farApart(Geometry.segmentSegment(x0, a, b, c, d, null), eta + m, a)) {
            return false;
        }
        return Ccd.edgeEdge(x0, x1, a, b, c, d, eta, out) >= 0;
    }

    /**
     * Bound of the change over the step of the separation p − q of point p and any point q of
     * triangle (a, b, c): q is a convex combination of the vertices, so it is max |Δx_k − Δp|.
     */
    private double vertexFaceMotion(int p, int a, int b, int c) {
        return Math.max(relMotion(a, p), Math.max(relMotion(b, p), relMotion(c, p)));
    }

    /**
     * Bound of the change over the step of the separation of any points of edges (a, b) and
     * (c, d): relative to a, the point of the first edge moves by at most |Δb − Δa| and that of
     * the second by at most max(|Δc − Δa|, |Δd − Δa|).
     */
    private double edgeEdgeMotion(int a, int b, int c, int d) {
        return relMotion(b, a) + Math.max(relMotion(c, a), relMotion(d, a));
    }

    /** |Δx_i − Δx_j| over the step. */
    private double relMotion(int i, int j) {
        int a = 3 * i, b = 3 * j;
        double dx = (x1[a] - x0[a]) - (x1[b] - x0[b]);
        double dy = (x1[a + 1] - x0[a + 1]) - (x1[b + 1] - x0[b + 1]);
        double dz = (x1[a + 2] - x0[a + 2]) - (x1[b + 2] - x0[b + 2]);
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * Whether a start distance (given squared) exceeds reach by more than the rounding of the
     * computation (relative 10<sup>-12</sup> of the coordinates of node i and of the reach).
     */
    private boolean farApart(double d2, double reach, int i) {
        int o = 3 * i;
        double scale = Math.abs(x0[o]) + Math.abs(x0[o + 1]) + Math.abs(x0[o + 2]) + reach;
        double r = reach + 1e-12 * scale;
        return d2 > r * r;
    }

    private void markPair() {
        for (int k = 0; k < 4; k++) {
            markDirty(pn[k]);
        }
    }

    private void markDirty(int node) {
        if (!dirty[node]) {
            dirty[node] = true;
            dirtyCount++;
        }
    }

    private void clearDirty() {
        Arrays.fill(dirty, false);
        dirtyCount = 0;
    }

    /**
     * Inelastic response to the current collision: zero relative normal displacement over the
     * step along the contact normal (when the pair approaches), with friction.
     */
    private void respond(double mu) {
        double nx = ccdOut[Ccd.OUT_NORMAL], ny = ccdOut[Ccd.OUT_NORMAL + 1], nz = ccdOut[Ccd.OUT_NORMAL + 2];
        double vn = 0;
        for (int k = 0; k < 4; k++) {
            int i = 3 * pn[k];
            vn += pc[k] * ((x1[i] - x0[i]) * nx + (x1[i + 1] - x0[i + 1]) * ny
                    + (x1[i + 2] - x0[i + 2]) * nz);
        }
        if (vn < 0) {
            impulse(nx, ny, nz, -vn, mu);
        }
    }

    // ---------------------------------------------------------------------------------------
    // 3. impact zones

    /**
     * Rigid impact zones until no collision remains; returns whether none remains, and leaves the
     * statistics in {@link #zoneCollisions}, {@link #zoneTotal} and {@link #zoneIters}.
     */
    private boolean impactZones(double eta) {
        System.arraycopy(x1, 0, pre, 0, n3);
        zones.clear();
        skipRigid = true;
        int collisions = 0;
        int iterations = 0;
        boolean clean = false;
        boolean global = false;
        while (true) {
            // detection: pairs with a dirty node, not inside one rigid zone
            sweptBoxes(eta);
            refit();
            vfCount = 0;
            eeCount = 0;
            gatherFlagged(dirty, dirtyCount);
            clearDirty();
            int found = 0;
            boolean merged = false;
            for (int k = 0; k < vfCount; k++) {
                if (detectVertexFace(vf[2 * k], vf[2 * k + 1], eta)) {
                    found++;
                    merged |= joinPair();
                }
            }
            for (int k = 0; k < eeCount; k++) {
                if (detectEdgeEdge(ee[2 * k], ee[2 * k + 1], eta)) {
                    found++;
                    merged |= joinPair();
                }
            }
            collisions += found;
            if (found == 0) {
                clean = true;
                break;
            }
            if (global || !merged) {
                break; // only collisions inside zones whose pinned nodes deform them
            }
            if (iterations >= MAX_ZONE_ITERATIONS) {
                // last resort: one zone holding every node; nodes that were in no collision
                // report the normal of the last one found
                for (int i = 0; i < nodes; i++) {
                    if (!zones.contains(i)) {
                        System.arraycopy(ccdOut, Ccd.OUT_NORMAL, zoneNormal, 3 * i, 3);
                    }
                }
                zones.joinAll();
                global = true;
            }
            iterations++;
            moveTouchedZones();
        }
        skipRigid = false;
        zoneCollisions = collisions;
        zoneTotal = zones.zoneCount();
        zoneIters = iterations;
        return clean;
    }

    /**
     * Merges the nodes of the current collision into one zone and records the collision normal;
     * returns whether two zones (or a free node and a zone) were merged.
     */
    private boolean joinPair() {
        for (int k = 0; k < 4; k++) {
            System.arraycopy(ccdOut, Ccd.OUT_NORMAL, zoneNormal, 3 * pn[k], 3);
        }
        return zones.join(pn);
    }

    /** Recomputes the rigid motion of every zone that grew in this iteration. */
    private void moveTouchedZones() {
        zones.moveTouched((group, size) -> {
            boolean isRigid = rigid.move(group, 0, size, x0, pre, w, x1);
            for (int j = 0; j < size; j++) {
                int node = group[j];
                markDirty(node);
                int i = 3 * node;
                record(node, x1[i] - pre[i], x1[i + 1] - pre[i + 1], x1[i + 2] - pre[i + 2],
                        zoneNormal[i], zoneNormal[i + 1], zoneNormal[i + 2]);
            }
            return isRigid;
        });
    }
}
