package org.isocloth.collision;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.IntConsumer;
import java.util.logging.Logger;

/**
 * A triangle-mesh obstacle, static or animated: a fixed set of triangles whose vertex positions
 * may change over time.
 *
 * <h2>Motion</h2>
 *
 * For a step {@code [t0, t1]} the collider has a <em>start pose</em> (vertex positions at t0) and
 * an <em>end pose</em> (at t1); every vertex moves on the straight line between the two, so its
 * velocity is {@code (end − start) / (t1 − t0)} (zero for a zero-length interval). The poses come
 * from one of three sources:
 *
 * <ul>
 *   <li><b>Static</b> (after construction): both poses are the constructor's positions.</li>
 *   <li><b>Keyframes</b> ({@link #setKeyframes}): frame {@code k} is the pose at time
 *       {@code k / fps}; {@link #setInterval} interpolates linearly between the frames around t0
 *       and around t1, holding frame 0 before time 0 and the last frame after its time. This is
 *       how OBJ sequences ({@link MeshColliderFiles#fromObjSequence}) animate.</li>
 *   <li><b>Pushed positions</b> ({@link #setPositions}), for a caller that animates the mesh
 *       itself, e.g. a skinned character whose skin is computed on the CPU every step: the given
 *       positions become the end pose and the previous end pose becomes the start pose. Call it
 *       before the step (before the solver calls {@link #setInterval}): that motion is the motion
 *       over the next new interval. A later new interval without a new call holds the mesh still
 *       at the end pose; setting the same interval again keeps the motion.</li>
 * </ul>
 *
 * <h2>Contact rule</h2>
 *
 * {@link #contact} tests one cloth node moving on the straight segment from its start to its end
 * position against the moving triangles. Broad phase: a {@link Bvh} over the triangles' boxes
 * swept between the two poses (built once from the constructor's positions, refitted whenever the
 * poses change), queried with the node's swept box inflated by the thickness, which is the same as
 * inflating every triangle box by it. With {@code h} the thickness:
 *
 * <ul>
 *   <li><b>Crossing</b> ({@link Contact#crossed} true): vertex–face continuous detection
 *       ({@link Ccd#vertexFace}, tolerance 0 plus its rounding allowance) finds the times at which
 *       the node passes through a triangle, both moving linearly over the step. The earliest
 *       crossing counts; the node must start strictly off the triangle's plane, and for a closed
 *       mesh the crossing must go from the outside inward (a node leaving a closed mesh is not
 *       stopped). With {@code w} the barycentric weights of the contact point, {@code m(t)} the
 *       material point with these weights, {@code n} the triangle's unit normal at the end pose
 *       turned to the side the node came from, and {@code r = (x1 − x(τ)) − (m(t1) − m(τ))} the
 *       node's displacement after the contact relative to the surface:
 *       {@code x_c = m(t1) + h·n + (I − n nᵀ)·r} (the contact point pushed out to the thickness,
 *       plus the remaining tangential displacement, as for {@link AnalyticCollider}).
 *       {@link Contact#time} is the fraction of the step at which the node reaches the surface
 *       (the analytic colliders report reaching the thickness layer instead);
 *       {@link Contact#distance} is {@code n·(x1 − m(t1))}, negative when the node ended beyond
 *       the surface.</li>
 *   <li><b>Proximity</b> (otherwise): the closest point {@code c} of the mesh to the node's end
 *       position at the end pose ({@link Geometry#pointTriangle}); a contact when it is closer
 *       than {@code h}, and for a closed mesh also whenever the end position is inside (however
 *       deep). The outward side is, for a closed mesh, the outside, and for an open mesh the side
 *       of the closest triangle on which the node was at the start of the step (the side of its
 *       end if it started exactly in the triangle's plane). When {@code c} lies inside its
 *       triangle, or the node is on the surface, the normal is the face normal turned to that
 *       side; otherwise (closest point on an edge or vertex) it is the direction from {@code c}
 *       to the node, reversed when the node is inside a closed mesh and mirrored across the
 *       triangle's plane when it is on the wrong side of an open one. {@code x_c = c + h·n};
 *       time 1; distance the signed distance of the end position along that side.</li>
 * </ul>
 *
 * {@link Contact#surfaceVelocity} interpolates the vertex velocities with the contact point's
 * barycentric weights. A node whose end is inside a closed mesh always gets a contact that moves
 * it out: through the face it crossed, or, when no inward crossing was found, through the nearest
 * surface point. That inside test is an exact ray query (see below), made for nodes that end
 * within the mesh's bounds but farther than the thickness from it.
 *
 * <p><b>Not handled:</b> edge–edge contacts between cloth edges and mesh edges (a mesh edge or a
 * sharp feature passing between two cloth nodes) are out of the scope of this class, which tests
 * cloth nodes only.
 *
 * <h2>Inside test</h2>
 *
 * A mesh is <em>closed</em> when every edge is shared by exactly two triangles that traverse it in
 * opposite directions (checked once, at construction). {@link #contains} is exact at the end pose
 * ({@link MeshVolume}): for a closed mesh the winding number along a symbolically perturbed ray
 * is non-zero, so where parts of a skin overlap the overlap is inside. Points on the surface are
 * not inside. The outward side of a closed mesh is that of positive enclosed volume at the
 * constructor's positions (an inside-out mesh works as well). Open meshes contain no point,
 * unless their holes are small loops that {@link HoleCaps} closes.
 *
 * <h2>Buried points</h2>
 *
 * Where a closed skin intersects itself (a tail's root sunk into the back), the parts of its
 * triangles that lie inside the volume the rest of the skin encloses are not its surface: a node
 * on their outer side is already inside. The crossing and proximity queries skip those points
 * ({@link MeshVolume}), so a node there is found inside and moved out through the nearest
 * surface point.
 *
 * <p>Instances are mutable (poses, friction) and not thread-safe.
 */
public final class MeshCollider extends Collider {
    private static final Logger LOG = Logger.getLogger(MeshCollider.class.getName());

    /** Squared sine below which a triangle has no usable normal (as in {@link Ccd}). */
    private static final double DEGENERATE_SIN2 = 1e-14;
    /** Below this fraction of the thickness the direction to the closest point is not used. */
    private static final double DIRECTION_FLOOR = 1e-6;

    private final int[] tris;
    private final int vertexCount;
    private final boolean closed;
    /** +1 when the triangles' normals point out of a closed mesh, -1 when in. */
    private final double orientation;

    private final MeshPoses poses;

    private final Bvh bvh;
    private final MeshVolume volume;
    private final IntConsumer poseTriangle = this::posed;
    private final IntConsumer poseVertex = this::posedVertex;
    private final double[] boxes;
    /** Each vertex's box over the interval, 6 per vertex (a workspace). */
    private final double[] vertexBoxes;
    private final double[] swept = new double[6];
    private final double[] endBounds = new double[6];

    // scratch (instances are not thread-safe)
    private int[] cand = new int[64];
    private int candCount;
    private final IntConsumer collect = this::addCandidate;
    private final double[] query = new double[6];
    private final double[] pk0 = new double[12];
    private final double[] pk1 = new double[12];
    private final double[] ccdOut = new double[Ccd.OUT_LENGTH];
    private final double[] ptOut = new double[Geometry.POINT_TRIANGLE_OUT];
    private final double[] w = new double[3];
    private final double[] n = new double[3];
    private final double[] m = new double[3];
    private final double[] q = new double[3];

    /**
     * Creates a static mesh collider at the interval [0, 0].
     *
     * @param name collider name, used in messages (not null)
     * @param triangles vertex indices, 3 per triangle, counter-clockwise seen from the outside for
     *     a closed mesh (copied; at least one triangle; each index in range; no triangle using a
     *     vertex twice)
     * @param positions vertex positions, flat xyz, m (copied; finite; at least one vertex)
     * @throws IllegalArgumentException if an argument is invalid; the message names the collider
     *     and the problem, e.g. {@code body.triangles[5]: vertex index 9 out of range [0, 8)}
     * @throws NullPointerException if an argument is null
     */
    public MeshCollider(String name, int[] triangles, double[] positions) {
        super(name);
        Objects.requireNonNull(triangles, name + ".triangles");
        Objects.requireNonNull(positions, name + ".positions");
        if (positions.length == 0 || positions.length % 3 != 0) {
            throw new IllegalArgumentException(name + ".positions: length must be a positive"
                    + " multiple of 3 (got " + positions.length + ")");
        }
        vertexCount = positions.length / 3;
        if (triangles.length == 0 || triangles.length % 3 != 0) {
            throw new IllegalArgumentException(name + ".triangles: length must be a positive"
                    + " multiple of 3 (got " + triangles.length + ")");
        }
        for (int i = 0; i < triangles.length; i++) {
            int v = triangles[i];
            if (v < 0 || v >= vertexCount) {
                throw new IllegalArgumentException(name + ".triangles[" + i + "]: vertex index " + v
                        + " out of range [0, " + vertexCount + ")");
            }
        }
        for (int t = 0; t < triangles.length / 3; t++) {
            int a = triangles[3 * t];
            int b = triangles[3 * t + 1];
            int c = triangles[3 * t + 2];
            if (a == b || b == c || c == a) {
                throw new IllegalArgumentException(name + ".triangles: triangle " + t
                        + " uses a vertex twice (" + a + ", " + b + ", " + c + ")");
            }
        }
        Keyframes.checkPose(name, "positions", positions, positions.length / 3);
        tris = triangles.clone();
        poses = new MeshPoses(name, positions);
        closed = ClosedMesh.isClosed(name, tris, vertexCount);
        int[] capped = closed ? tris : HoleCaps.capHoles(tris);
        int[] caps = !closed && capped.length > tris.length && ClosedMesh.isClosed(name, capped, vertexCount)
                ? Arrays.copyOfRange(capped, tris.length, capped.length) : null;
        orientation = closed && ClosedMesh.signedVolume(tris, poses.x1) < 0 ? -1 : 1;
        boxes = new double[2 * tris.length];
        vertexBoxes = new double[6 * vertexCount];
        Bvh.triangleBoxes(tris, poses.x0, null, 0, boxes);
        bvh = new Bvh(boxes);
        volume = new MeshVolume(tris, caps, closed, orientation, bvh);
        SweptBoxes.bounds(poses.x0, poses.x1, swept, endBounds);
        LOG.fine(() -> name + ": mesh collider with " + triangleCount() + " triangles and "
                + vertexCount + " vertices, " + (closed ? "closed" : "open"));
    }

    // ------------------------------------------------------------------ motion

    /**
     * Pushes new vertex positions (see the class description): they become the end pose and the
     * previous end pose becomes the start pose, with velocities over the current interval until
     * the next new interval, which takes this motion. Drops keyframes set by
     * {@link #setKeyframes}.
     *
     * @param positions vertex positions, flat xyz, m ({@code 3·vertexCount()} finite values;
     *     copied)
     * @throws IllegalArgumentException if the length is wrong or a value is not finite (the
     *     message names the collider)
     */
    public void setPositions(double[] positions) {
        checkPose("positions", positions);
        poses.push(positions);
        posesChanged();
    }

    /**
     * Animates the mesh by keyframes: frame {@code k} is the pose at time {@code k / fps},
     * interpolated linearly between frames, frame 0 held before time 0 and the last frame held
     * after time {@code (frames.length − 1) / fps}. Re-poses the current interval.
     *
     * @param frames vertex positions per frame, each {@code 3·vertexCount()} finite values, flat
     *     xyz, m (at least one frame; copied)
     * @param fps frames per second (finite, &gt; 0)
     * @throws IllegalArgumentException if an argument is invalid (the message names the collider
     *     and the frame)
     */
    public void setKeyframes(double[][] frames, double fps) {
        poses.setKeyframes(frames, fps);
        posesChanged();
    }

    /**
     * {@inheritDoc}
     *
     * <p>With keyframes, poses the mesh at t0 and t1; with pushed positions, see the class
     * description. Refits the bounding-volume tree when the poses change. Before the first call
     * the interval is [0, 0].
     *
     * @throws IllegalArgumentException if a time is not finite or {@code t1 < t0}
     */
    @Override
    public void setInterval(double t0, double t1) {
        if (!Double.isFinite(t0) || !Double.isFinite(t1) || t1 < t0) {
            throw new IllegalArgumentException(name() + ": interval must be finite with t0 <= t1"
                    + " (got [" + t0 + ", " + t1 + "])");
        }
        if (poses.setInterval(t0, t1)) {
            posesChanged();
        }
    }

    /**
     * Makes the keyframes one cycle that repeats: after the last frame comes the first again, one
     * frame interval later (period frames.length / fps), instead of the last frame being held.
     * For cyclic clips such as a walk. Re-poses the current interval.
     *
     * @param loop whether the keyframes repeat
     */
    public void setLooping(boolean loop) {
        setLooping(loop, 0);
    }

    /**
     * Makes the keyframes from {@code fromFrame} on a cycle that repeats, after the frames before
     * it have played once: after the last frame comes frame {@code fromFrame} again, one frame
     * interval later. For a character baked from its bind pose that blends into a walk: the blend
     * is the intro, the walk's cycle repeats. Re-poses the current interval.
     *
     * @param loop whether the keyframes repeat
     * @param fromFrame the cycle's first keyframe (0 when not looping)
     * @throws IllegalArgumentException if {@code fromFrame} is negative, not 0 without looping, or
     *     not before the last keyframe
     */
    public void setLooping(boolean loop, int fromFrame) {
        if (poses.setLooping(loop, fromFrame)) {
            posesChanged();
        }
    }

    /** @return the first keyframe of the repeating cycle (0 unless set by {@link #setLooping(boolean, int)}) */
    public int loopStartFrame() {
        return poses.loopStartFrame();
    }

    /**
     * @return the time the keyframes span: {@code frames / fps} when they loop (the frames before
     *     the cycle's start, then one cycle), else
     *     {@code (frames − 1) / fps}; 0 without keyframes
     */
    public double keyframeDuration() {
        return poses.keyframeDuration();
    }

    /** @return whether the keyframes repeat (see {@link #setLooping}) */
    public boolean isLooping() {
        return poses.isLooping();
    }

    /** Tree, bounds and buried triangles after a change of poses or interval. */
    private void posesChanged() {
        SweptBoxes.triangleBoxes(tris, poses.x0, poses.x1, vertexBoxes, boxes);
        bvh.refit(boxes);
        SweptBoxes.bounds(poses.x0, poses.x1, swept, endBounds);
        volume.posesChanged();
    }

    /**
     * Narrows the queries that follow ({@link #contact}, {@link #contains}) to the part [t0, t1]
     * of the interval last set, without refitting the tree: the mesh moves over it on the
     * straight line between the interval's two poses (with keyframes, a keyframe inside the
     * interval is not visited), and the tree of the whole interval's swept boxes still bounds
     * it. Each vertex is interpolated when a query first touches it, so a narrowing costs in
     * proportion to the triangles tested. For a solver that takes several substeps within one
     * step: set the step's interval once and narrow it for each substep. Setting an interval or
     * new poses ends the narrowing; narrowing to the whole interval ends it too.
     *
     * @param t0 start of the part (within the interval)
     * @param t1 end of the part ({@code t0 <= t1}, within the interval)
     * @throws IllegalArgumentException if [t0, t1] is not a part of the interval
     */
    public void narrowInterval(double t0, double t1) {
        poses.narrow(t0, t1);
    }

    /** Interpolates the vertices of triangle t into the narrowed poses, if narrowed and not yet done. */
    private void posed(int t) {
        poses.posed(tris, t);
    }

    /** Interpolates vertex v into the narrowed poses, if narrowed and not yet done. */
    private void posedVertex(int v) {
        poses.posedVertex(v);
    }

    // ------------------------------------------------------------------ accessors

    /** @return the number of vertices */
    public int vertexCount() {
        return vertexCount;
    }

    /** @return the number of triangles */
    public int triangleCount() {
        return tris.length / 3;
    }

    /** @return a copy of the vertex indices, 3 per triangle */
    public int[] triangles() {
        return tris.clone();
    }

    /**
     * @return whether the mesh is closed (every edge shared by exactly two triangles traversing it
     *     in opposite directions), so that {@link #contains} can report points inside
     */
    public boolean isClosed() {
        return closed;
    }

    /** @return a copy of the vertex positions at the end of the interval, flat xyz, m */
    public double[] endPositions() {
        return poses.x1.clone();
    }

    /**
     * One vertex's position at the end of the interval, without copying the whole mesh.
     *
     * @param v vertex index
     * @param out receives x, y, z at {@code out[off .. off+2]}
     * @param off offset in {@code out}
     */
    public void endPosition(int v, double[] out, int off) {
        System.arraycopy(poses.x1, 3 * v, out, off, 3);
    }

    /** @return a copy of the vertex positions at the start of the interval, flat xyz, m */
    public double[] startPositions() {
        return poses.x0.clone();
    }

    /**
     * @return a copy of the vertex velocities over the interval, {@code (end − start) / (t1 −
     *     t0)}, flat xyz, m/s (zero for a zero-length interval)
     */
    public double[] velocities() {
        return poses.vel.clone();
    }

    // ------------------------------------------------------------------ queries

    /**
     * {@inheritDoc}
     *
     * <p>See the class description for the crossing and proximity rules.
     *
     * @throws IllegalArgumentException if {@code thickness} is not a finite value &gt; 0
     */
    @Override
    public boolean contact(double[] start, double[] end, int node, double thickness, Contact out) {
        int k = pathBox(start, end, node, thickness);
        candCount = 0;
        bvh.query(query, collect);
        return crossing(start, end, k, thickness, out) || proximity(start, end, k, thickness, false, out);
    }

    /**
     * {@link #contact} with the tree's query replaced by triangles gathered before: of them, those
     * whose boxes swept over the interval meet the node's path box grown by the thickness are
     * tested, as the tree's query would find them. Cheaper when the same triangles serve many
     * queries, e.g. the substeps of one step.
     *
     * @param triangles holds, from index {@code from} to {@code to} (exclusive), every triangle
     *     whose swept box meets the node's path box grown by the thickness (e.g. those
     *     {@link #trianglesNear} reported for a box containing it), each once
     * @param sweptBoxes the swept box of {@code triangles[i]} at {@code 6·i} (see
     *     {@link #sweptBox}), read from the same places
     * @throws IllegalArgumentException if {@code thickness} is not a finite value &gt; 0
     */
    public boolean contact(double[] start, double[] end, int node, double thickness, int[] triangles,
            double[] sweptBoxes, int from, int to, Contact out) {
        return listContact(start, end, node, thickness, triangles, sweptBoxes, from, to, false, out);
    }

    /**
     * {@link #contact(double[], double[], int, double, int[], double[], int, int, Contact)} for a
     * point the caller knows to be outside a closed mesh at the path's start (it was outside after
     * the caller's last query of it, or moved to that query's contact point). Without a crossing
     * it is still outside at the end, so the ray test that looks for a point deep inside is
     * skipped. On an open mesh the same as the plain query.
     *
     * @throws IllegalArgumentException if {@code thickness} is not a finite value &gt; 0
     */
    public boolean contactFromOutside(double[] start, double[] end, int node, double thickness, int[] triangles,
            double[] sweptBoxes, int from, int to, Contact out) {
        return listContact(start, end, node, thickness, triangles, sweptBoxes, from, to, true, out);
    }

    private boolean listContact(double[] start, double[] end, int node, double thickness, int[] triangles,
            double[] sweptBoxes, int from, int to, boolean fromOutside, Contact out) {
        int k = pathBox(start, end, node, thickness);
        candCount = 0;
        double[] b = sweptBoxes;
        double[] qb = query;
        for (int i = from; i < to; i++) {
            int o = 6 * i;
            if (b[o] <= qb[3] && qb[0] <= b[o + 3] && b[o + 1] <= qb[4] && qb[1] <= b[o + 4] && b[o + 2] <= qb[5]
                    && qb[2] <= b[o + 5]) {
                addCandidate(triangles[i]);
            }
        }
        return crossing(start, end, k, thickness, out) || proximity(start, end, k, thickness, fromOutside, out);
    }

    /**
     * Copies triangle t's box swept over the interval (min xyz, max xyz).
     *
     * @param t a triangle
     * @param out receives the box at {@code off}
     * @param off where in out
     */
    public void sweptBox(int t, double[] out, int off) {
        System.arraycopy(boxes, 6 * t, out, off, 6);
    }

    /**
     * Reports every triangle whose box swept over the interval meets the given box (the tree's
     * query), for {@link #contact(double[], double[], int, double, int[], int, int, Contact)}.
     *
     * @param box6 min x, y, z then max x, y, z
     * @param sink receives triangle indices, each once
     */
    public void trianglesNear(double[] box6, IntConsumer sink) {
        bvh.query(box6, sink);
    }

    /** Puts node's path box grown by the thickness into {@link #query}; returns 3·node. */
    private int pathBox(double[] start, double[] end, int node, double thickness) {
        if (!(thickness > 0) || thickness == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(name() + ": thickness must be finite and > 0 (got "
                    + thickness + ")");
        }
        int k = 3 * node;
        for (int i = 0; i < 3; i++) {
            query[i] = Math.min(start[k + i], end[k + i]) - thickness;
            query[3 + i] = Math.max(start[k + i], end[k + i]) + thickness;
        }
        return k;
    }

    /** Continuous detection over the candidates; fills out and returns true on a crossing. */
    private boolean crossing(double[] start, double[] end, int k, double h, Contact out) {
        int best = -1;
        double bestTime = 2;
        double bw0 = 0, bw1 = 0, bw2 = 0, bnx = 0, bny = 0, bnz = 0;
        for (int i = 0; i < 3; i++) {
            pk0[i] = start[k + i];
            pk1[i] = end[k + i];
        }
        double lox = Math.min(pk0[0], pk1[0]), hix = Math.max(pk0[0], pk1[0]);
        double loy = Math.min(pk0[1], pk1[1]), hiy = Math.max(pk0[1], pk1[1]);
        double loz = Math.min(pk0[2], pk1[2]), hiz = Math.max(pk0[2], pk1[2]);
        for (int c = 0; c < candCount; c++) {
            int t = cand[c];
            int o6 = 6 * t;
            // a crossing needs the node's path box itself (not grown by h) to meet the swept box
            if (boxes[o6] > hix || lox > boxes[o6 + 3] || boxes[o6 + 1] > hiy || loy > boxes[o6 + 4]
                    || boxes[o6 + 2] > hiz || loz > boxes[o6 + 5]) {
                continue;
            }
            posed(t);
            for (int j = 0; j < 3; j++) {
                int v = 3 * tris[3 * t + j];
                int o = 3 + 3 * j;
                pk0[o] = poses.at0[v];
                pk0[o + 1] = poses.at0[v + 1];
                pk0[o + 2] = poses.at0[v + 2];
                pk1[o] = poses.at1[v];
                pk1[o + 1] = poses.at1[v + 1];
                pk1[o + 2] = poses.at1[v + 2];
            }
            double tau = Ccd.vertexFace(pk0, pk1, 0, ccdOut);
            if (!(tau >= 0) || !(tau < bestTime)) {
                continue;
            }
            double wa = ccdOut[Ccd.OUT_WEIGHTS];
            double wb = ccdOut[Ccd.OUT_WEIGHTS + 1];
            double wc = ccdOut[Ccd.OUT_WEIGHTS + 2];
            if (volume.buried(t, wa, wb, wc, poses.x1, endBounds)) {
                continue;
            }
            double nx = ccdOut[Ccd.OUT_NORMAL];
            double ny = ccdOut[Ccd.OUT_NORMAL + 1];
            double nz = ccdOut[Ccd.OUT_NORMAL + 2];
            // the node must start strictly on one side (the normal is turned toward it)
            double s0 = 0;
            for (int i = 0; i < 3; i++) {
                double m0 = wa * pk0[3 + i] + wb * pk0[6 + i] + wc * pk0[9 + i];
                s0 += (pk0[i] - m0) * (i == 0 ? nx : i == 1 ? ny : nz);
            }
            if (!(s0 > 0)) {
                continue;
            }
            if (closed) {
                // only inward crossings: the start side must be the outside
                faceNormalAt(t, tau, n);
                if (!(orientation * (n[0] * nx + n[1] * ny + n[2] * nz) > 0)) {
                    continue;
                }
            }
            best = t;
            bestTime = tau;
            bw0 = wa;
            bw1 = wb;
            bw2 = wc;
            bnx = nx;
            bny = ny;
            bnz = nz;
        }
        if (best < 0) {
            return false;
        }
        int t = best;
        double tau = bestTime;
        w[0] = bw0;
        w[1] = bw1;
        w[2] = bw2;
        // the end-pose normal, turned to the side the node came from
        if (unitNormal(poses.at1, t, n)) {
            if (n[0] * bnx + n[1] * bny + n[2] * bnz < 0) {
                n[0] = -n[0];
                n[1] = -n[1];
                n[2] = -n[2];
            }
        } else {
            n[0] = bnx;
            n[1] = bny;
            n[2] = bnz;
        }
        int a = 3 * tris[3 * t], b = 3 * tris[3 * t + 1], c = 3 * tris[3 * t + 2];
        double rn = 0;
        double dist = 0;
        for (int i = 0; i < 3; i++) {
            double m1 = w[0] * poses.at1[a + i] + w[1] * poses.at1[b + i] + w[2] * poses.at1[c + i];
            double m0 = w[0] * poses.at0[a + i] + w[1] * poses.at0[b + i] + w[2] * poses.at0[c + i];
            double mt = (1 - tau) * m0 + tau * m1;
            double p0 = start[k + i];
            double p1 = end[k + i];
            double pt = (1 - tau) * p0 + tau * p1;
            q[i] = (p1 - pt) - (m1 - mt); // displacement after contact relative to the surface
            m[i] = m1;
            rn += q[i] * n[i];
            dist += (p1 - m1) * n[i];
        }
        for (int i = 0; i < 3; i++) {
            out.point[i] = m[i] + h * n[i] + q[i] - rn * n[i];
            out.normal[i] = n[i];
        }
        surfaceVelocity(t, out.surfaceVelocity);
        out.distance = dist;
        out.time = tau;
        out.crossed = true;
        return true;
    }

    /**
     * Proximity at the end pose; fills out and returns true on a contact. With {@code fromOutside}
     * the point is known to be outside a closed mesh (no ray test for it).
     */
    private boolean proximity(double[] start, double[] end, int k, double h, boolean fromOutside, Contact out) {
        double px = end[k], py = end[k + 1], pz = end[k + 2];
        int best = nearest(px, py, pz);
        double d2 = best < 0 ? Double.POSITIVE_INFINITY : ptOut[0];
        boolean deep = false;
        if (!(d2 < h * h)) {
            if (!closed || fromOutside || !insideEnd(px, py, pz)) {
                return false;
            }
            // a node inside a closed mesh, farther than h from it: search outward
            deep = true;
            double r = 2 * h;
            while (true) {
                query[0] = px - r;
                query[1] = py - r;
                query[2] = pz - r;
                query[3] = px + r;
                query[4] = py + r;
                query[5] = pz + r;
                candCount = 0;
                bvh.query(query, collect);
                best = nearest(px, py, pz);
                if (best >= 0 && ptOut[0] <= r * r) {
                    break;
                }
                if (r == Double.POSITIVE_INFINITY) {
                    return false; // cannot happen for a finite point inside the mesh
                }
                r *= 2;
            }
            d2 = ptOut[0];
        }
        int t = best;
        w[0] = ptOut[1];
        w[1] = ptOut[2];
        w[2] = ptOut[3];
        int a = 3 * tris[3 * t], b = 3 * tris[3 * t + 1], c = 3 * tris[3 * t + 2];
        for (int i = 0; i < 3; i++) {
            m[i] = w[0] * poses.at1[a + i] + w[1] * poses.at1[b + i] + w[2] * poses.at1[c + i];
        }
        double d = Math.sqrt(d2);
        // the unit side normal s (outward, or toward the node's start side) in n
        sideNormal(start, end, k, t, n);
        double ux = px - m[0], uy = py - m[1], uz = pz - m[2];
        double nx, ny, nz, dist;
        boolean faceRegion = w[0] > 0 && w[1] > 0 && w[2] > 0;
        if (faceRegion || !(d > DIRECTION_FLOOR * h)) {
            nx = n[0];
            ny = n[1];
            nz = n[2];
            dist = ux * nx + uy * ny + uz * nz;
        } else {
            nx = ux / d;
            ny = uy / d;
            nz = uz / d;
            dist = d;
            if (closed) {
                if (deep || !fromOutside && insideEnd(px, py, pz)) {
                    nx = -nx;
                    ny = -ny;
                    nz = -nz;
                    dist = -d;
                }
            } else {
                double side = nx * n[0] + ny * n[1] + nz * n[2];
                if (side < 0) {
                    // on the wrong side of an open mesh: mirror across the triangle's plane
                    nx -= 2 * side * n[0];
                    ny -= 2 * side * n[1];
                    nz -= 2 * side * n[2];
                    dist = -d;
                }
            }
        }
        out.normal[0] = nx;
        out.normal[1] = ny;
        out.normal[2] = nz;
        out.point[0] = m[0] + h * nx;
        out.point[1] = m[1] + h * ny;
        out.point[2] = m[2] + h * nz;
        surfaceVelocity(t, out.surfaceVelocity);
        out.distance = dist;
        out.time = 1;
        out.crossed = false;
        return true;
    }

    /**
     * The candidate triangle nearest to a point at the end pose whose closest point is not buried
     * (ptOut receives its squared distance and weights), or -1 when there is none. Candidates
     * found buried there are dropped from the list.
     */
    private int nearest(double px, double py, double pz) {
        while (true) {
            int best = -1;
            int bestAt = -1;
            double bd = Double.POSITIVE_INFINITY;
            double bw0 = 0, bw1 = 0, bw2 = 0;
            for (int c = 0; c < candCount; c++) {
                int t = cand[c];
                posed(t);
                int a = 3 * tris[3 * t], b = 3 * tris[3 * t + 1], v = 3 * tris[3 * t + 2];
                double d2 = Geometry.pointTriangle(px, py, pz, poses.at1[a], poses.at1[a + 1], poses.at1[a + 2],
                        poses.at1[b], poses.at1[b + 1], poses.at1[b + 2], poses.at1[v], poses.at1[v + 1], poses.at1[v + 2], ptOut);
                if (d2 < bd) {
                    bd = d2;
                    best = t;
                    bestAt = c;
                    bw0 = ptOut[1];
                    bw1 = ptOut[2];
                    bw2 = ptOut[3];
                }
            }
            if (best >= 0 && volume.buried(best, bw0, bw1, bw2, poses.x1, endBounds)) {
                cand[bestAt] = cand[--candCount];
                continue;
            }
            ptOut[0] = bd;
            ptOut[1] = bw0;
            ptOut[2] = bw1;
            ptOut[3] = bw2;
            return best;
        }
    }

    /**
     * The unit normal of triangle t at the end pose turned to the outside (closed mesh) or to the
     * side the node started on (open mesh); falls back on the start pose's normal, then on the
     * direction from the closest point w to the node, then on +z, for degenerate triangles.
     */
    private void sideNormal(double[] start, double[] end, int k, int t, double[] out) {
        boolean ok = unitNormal(poses.at1, t, out) || unitNormal(poses.at0, t, out);
        if (!ok) {
            double ux = end[k] - m[0], uy = end[k + 1] - m[1], uz = end[k + 2] - m[2];
            double len = Math.sqrt(ux * ux + uy * uy + uz * uz);
            if (len > 0) {
                out[0] = ux / len;
                out[1] = uy / len;
                out[2] = uz / len;
            } else {
                out[0] = 0;
                out[1] = 0;
                out[2] = 1;
            }
            return;
        }
        double sign;
        if (closed) {
            sign = orientation;
        } else {
            int a = 3 * tris[3 * t], b = 3 * tris[3 * t + 1], c = 3 * tris[3 * t + 2];
            double s0 = 0;
            double s1 = 0;
            for (int i = 0; i < 3; i++) {
                double m0 = w[0] * poses.at0[a + i] + w[1] * poses.at0[b + i] + w[2] * poses.at0[c + i];
                s0 += (start[k + i] - m0) * out[i];
                s1 += (end[k + i] - m[i]) * out[i];
            }
            sign = s0 != 0 ? Math.signum(s0) : s1 < 0 ? -1 : 1;
        }
        out[0] *= sign;
        out[1] *= sign;
        out[2] *= sign;
    }

    /** Barycentric interpolation of the vertex velocities of triangle t with weights w. */
    private void surfaceVelocity(int t, double[] out) {
        int a = 3 * tris[3 * t], b = 3 * tris[3 * t + 1], c = 3 * tris[3 * t + 2];
        for (int i = 0; i < 3; i++) {
            out[i] = w[0] * poses.vel[a + i] + w[1] * poses.vel[b + i] + w[2] * poses.vel[c + i];
        }
    }

    /**
     * Unit normal {@code (b − a) × (c − a)} of triangle t over positions x (as wound, not turned);
     * false, out unspecified, when the triangle is (nearly) degenerate.
     */
    private boolean unitNormal(double[] x, int t, double[] out) {
        int a = 3 * tris[3 * t], b = 3 * tris[3 * t + 1], c = 3 * tris[3 * t + 2];
        double ux = x[b] - x[a], uy = x[b + 1] - x[a + 1], uz = x[b + 2] - x[a + 2];
        double vx = x[c] - x[a], vy = x[c + 1] - x[a + 1], vz = x[c + 2] - x[a + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double n2 = nx * nx + ny * ny + nz * nz;
        if (!(n2 > DEGENERATE_SIN2 * (ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz))) {
            return false;
        }
        double len = Math.sqrt(n2);
        out[0] = nx / len;
        out[1] = ny / len;
        out[2] = nz / len;
        return true;
    }

    /** Normal (not normalized) {@code (b − a) × (c − a)} of triangle t at fraction tau of the step. */
    private void faceNormalAt(int t, double tau, double[] out) {
        int a = 3 * tris[3 * t], b = 3 * tris[3 * t + 1], c = 3 * tris[3 * t + 2];
        double ux = lerp(b, tau) - lerp(a, tau);
        double uy = lerp(b + 1, tau) - lerp(a + 1, tau);
        double uz = lerp(b + 2, tau) - lerp(a + 2, tau);
        double vx = lerp(c, tau) - lerp(a, tau);
        double vy = lerp(c + 1, tau) - lerp(a + 1, tau);
        double vz = lerp(c + 2, tau) - lerp(a + 2, tau);
        out[0] = uy * vz - uz * vy;
        out[1] = uz * vx - ux * vz;
        out[2] = ux * vy - uy * vx;
    }

    private double lerp(int i, double tau) {
        return (1 - tau) * poses.at0[i] + tau * poses.at1[i];
    }

    /**
     * {@inheritDoc}
     *
     * <p>Closed meshes: the exact winding number at the end pose is non-zero (see the class
     * description); points on the surface are not inside. An open mesh whose holes are small loops (a character's skin
     * with its eye sockets and mouth open) counts the parity over the mesh closed by fans across
     * those holes ({@link HoleCaps}); the caps take no part in collisions, where the mesh stays a
     * two-sided surface. Other open meshes: always false.
     */
    @Override
    public boolean contains(double x, double y, double z) {
        return insideEnd(x, y, z);
    }

    /** Whether the point lies inside at the end pose of the queries (see {@link MeshVolume}). */
    private boolean insideEnd(double x, double y, double z) {
        return volume.inside(poses.at1, poses.at1 == poses.x1 ? endBounds : swept, x, y, z, poseTriangle, poseVertex);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The bounds of the vertices at the start and end poses (every triangle lies within them
     * during the step). Not padded by any thickness.
     */
    @Override
    public void sweptBounds(double[] out6) {
        System.arraycopy(swept, 0, out6, 0, 6);
    }

    // ------------------------------------------------------------------ helpers

    private void addCandidate(int t) {
        if (candCount == cand.length) {
            cand = Arrays.copyOf(cand, 2 * cand.length);
        }
        cand[candCount++] = t;
    }

    private double[] checkPose(String field, double[] positions) {
        return Keyframes.checkPose(name(), field, positions, vertexCount);
    }
}
