package org.isocloth.jme;

import com.jme3.math.Quaternion;
import com.jme3.math.Transform;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Spatial;
import com.jme3.scene.VertexBuffer;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.ShortBuffer;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.model.ClothModel;
import org.isocloth.solver.ClothSolver;

/**
 * The pinned nodes of one cloth: which nodes each {@link PinGroup} holds, where they sit in the
 * frame of the Spatial they follow, and the targets the steps of a frame move them between.
 *
 * <p>The render thread {@link #apply applies} the groups and {@link #capture captures} the
 * targets at the end of a frame's steps; the simulation thread {@link #setTargets sets} them
 * step by step. When the app state dropped simulated time (a stall, a solver slower than the
 * game), the followed Spatials' motion over the dropped part is not swept through the cloth:
 * the cloth is moved rigidly with its anchor, the followed Spatial that holds the most pinned
 * nodes, and the steps cover the rest of the motion ({@link #teleport}).
 */
final class ClothPins {
    private static final Logger LOG = Logger.getLogger(ClothPins.class.getName());

    private final String name;
    private final ClothModel model;
    private final Geometry geometry;
    private final Mesh original;
    private final int[] vertexMap;
    private final int rawVertexCount;
    private final double[] restLocal;
    /** The model's nodes that belong to this cloth (all of them for a cloth simulated alone). */
    private final int[] nodes;

    // per node: the group that holds it (−1 = free), its target in the followed Spatial's frame
    private final int[] groupOf;
    private final double[] local;
    private final Spatial[] followOf;
    private final double[] previous;
    private final double[] next;
    private boolean hasCapture;

    // the anchor's world pose at the previous and the last capture, and the rigid motion of the
    // skipped part of that motion: {R (row-major 3×3), from (3), to (3)}, null for none
    private Spatial anchor;
    private final Quaternion anchorRotation = new Quaternion();
    private final Vector3f anchorTranslation = new Vector3f();
    private boolean hasAnchorPose;
    private double skip;
    private double[] teleport;

    /**
     * @param name the cloth's name, for messages
     * @param model the cloth's model
     * @param geometry the cloth's Geometry (pins without a followed Spatial follow it)
     * @param original the Geometry's original mesh (for weight-painted pins)
     * @param vertexMap original vertex → the model's vertex (−1: dropped)
     * @param rawVertexCount the original mesh's vertex count
     * @param restLocal the nodes' rest positions in the Geometry's frame at build time, 3 per model
     *     node (those of this cloth's nodes are read)
     * @param nodes the model's nodes that belong to this cloth: pins select and move only these
     */
    ClothPins(String name, ClothModel model, Geometry geometry, Mesh original, int[] vertexMap, int rawVertexCount,
            double[] restLocal, int[] nodes) {
        this.name = name;
        this.model = model;
        this.geometry = geometry;
        this.original = original;
        this.vertexMap = vertexMap;
        this.rawVertexCount = rawVertexCount;
        this.restLocal = restLocal;
        this.nodes = nodes;
        int n = model.nodeCount();
        groupOf = new int[n];
        Arrays.fill(groupOf, -1);
        local = new double[3 * n];
        followOf = new Spatial[n];
        previous = new double[3 * n];
        next = new double[3 * n];
    }

    /**
     * Re-selects the pinned nodes; newly pinned nodes hold their current position.
     *
     * @param groups the cloth's pin groups
     * @param solver the cloth's solver (simulation idle)
     */
    void apply(List<PinGroup> groups, ClothSolver solver) {
        int n = model.nodeCount();
        int[] group = new int[n];
        Arrays.fill(group, -1);
        for (int g = 0; g < groups.size(); g++) {
            int before = count(group, g);
            select(groups.get(g), g, group);
            if (count(group, g) == before) {
                LOG.log(Level.WARNING, "{0}: pin group {1} ({2}) selects no node", new Object[] {name, g, groups.get(g)});
            }
        }
        double[] x = solver.positions();
        Map<Spatial, double[]> rotations = new IdentityHashMap<>();
        for (int i : nodes) {
            boolean pin = group[i] >= 0;
            if (pin != solver.isPinned(i) || (pin && group[i] != groupOf[i])) {
                solver.setPinned(i, pin);
            }
            groupOf[i] = group[i];
            followOf[i] = null;
            if (pin) {
                Spatial follow = groups.get(group[i]).getFollow();
                followOf[i] = follow == null ? geometry : follow;
                Transform t = followOf[i].getWorldTransform();
                toLocal(t, rotations.computeIfAbsent(followOf[i], f -> Poses.rotation(t.getRotation(), new double[9])),
                        x, 3 * i, local, 3 * i);
            }
        }
        hasCapture = false;
        anchor = mostFollowed(groupOf, followOf);
    }

    /**
     * Reads where the pinned nodes must be at the end of this frame's steps (render thread,
     * simulation idle).
     *
     * @param x the cloth's current node positions
     * @param skipped the fraction of the followed Spatials' motion since the last capture that
     *     belongs to simulated time the cloth dropped, in [0, 1): the steps start that far along
     *     it, and the cloth is first moved rigidly with its {@linkplain #teleport anchor}
     */
    void capture(double[] x, double skipped) {
        System.arraycopy(next, 0, previous, 0, previous.length);
        Map<Spatial, double[]> rotations = new IdentityHashMap<>();
        for (int i : nodes) {
            if (groupOf[i] < 0) {
                continue;
            }
            Transform t = followOf[i].getWorldTransform();
            toWorld(t, rotations.computeIfAbsent(followOf[i], f -> Poses.rotation(t.getRotation(), new double[9])),
                    local, 3 * i, next, 3 * i);
        }
        captureAnchor(skipped);
        if (!hasCapture) {
            for (int i : nodes) {
                if (groupOf[i] >= 0) {
                    // the first frame after pinning starts from where the nodes are
                    previous[3 * i] = x[3 * i];
                    previous[3 * i + 1] = x[3 * i + 1];
                    previous[3 * i + 2] = x[3 * i + 2];
                }
            }
            hasCapture = true;
            teleport = null;
        }
    }

    /** Reads the anchor's pose and makes the rigid motion of the skipped part of its motion. */
    private void captureAnchor(double skipped) {
        teleport = null;
        skip = skipped > 1e-9 ? Math.min(skipped, 1) : 0;
        if (anchor == null) {
            hasAnchorPose = false;
            return;
        }
        Transform t = anchor.getWorldTransform();
        if (hasAnchorPose && hasCapture && skip > 0) {
            // pose at the skipped fraction: translation interpolated, rotation slerped
            Quaternion q = new Quaternion().slerp(anchorRotation, t.getRotation(), (float) skip);
            Quaternion relative = q.mult(anchorRotation.inverse());
            Vector3f to = anchorTranslation.clone().interpolateLocal(t.getTranslation(), (float) skip);
            teleport = new double[15];
            Poses.rotation(relative, teleport);
            teleport[9] = anchorTranslation.x;
            teleport[10] = anchorTranslation.y;
            teleport[11] = anchorTranslation.z;
            teleport[12] = to.x;
            teleport[13] = to.y;
            teleport[14] = to.z;
        }
        anchorRotation.set(t.getRotation());
        anchorTranslation.set(t.getTranslation());
        hasAnchorPose = true;
    }

    /**
     * The rigid motion that carries the cloth over the dropped part of this frame's motion, to be
     * applied before its steps: x → R·(x − from) + to, with R the anchor's rotation over that part
     * and from, to its positions before and after it.
     *
     * @return {R (row-major 3×3), from (3), to (3)}, or null when nothing was dropped or the
     *     cloth follows nothing
     */
    double[] teleport() {
        return teleport;
    }

    /**
     * Moves the pinned nodes' targets to the fraction {@code f} of this frame's steps (simulation
     * thread).
     *
     * @param solver the cloth's solver
     * @param f the fraction of the frame's steps reached, in (0, 1]
     */
    void setTargets(ClothSolver solver, double f) {
        double g = skip + (1 - skip) * f;
        for (int i : nodes) {
            if (groupOf[i] >= 0) {
                double px = previous[3 * i] + g * (next[3 * i] - previous[3 * i]);
                double py = previous[3 * i + 1] + g * (next[3 * i + 1] - previous[3 * i + 1]);
                double pz = previous[3 * i + 2] + g * (next[3 * i + 2] - previous[3 * i + 2]);
                if (!Double.isFinite(px) || !Double.isFinite(py) || !Double.isFinite(pz)) {
                    throw new IllegalStateException(name + ": pin target of node " + i
                            + " is not finite (does the followed Spatial have a valid transform?)");
                }
                solver.setPinTarget(i, px, py, pz);
            }
        }
    }

    /** @return per model node, the pin group of this cloth that holds it (−1 = free); read only */
    int[] groups() {
        return groupOf;
    }

    /** The followed Spatial that holds the most pinned nodes, or null when no node is pinned. */
    private static Spatial mostFollowed(int[] groupOf, Spatial[] followOf) {
        Map<Spatial, Integer> counts = new IdentityHashMap<>();
        Spatial best = null;
        int most = 0;
        for (int i = 0; i < groupOf.length; i++) {
            if (groupOf[i] >= 0) {
                int c = counts.merge(followOf[i], 1, Integer::sum);
                if (c > most) {
                    most = c;
                    best = followOf[i];
                }
            }
        }
        return best;
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
        int v = model.mesh.vertexCount;
        boolean[] vertex = new boolean[v];
        switch (p.getKind()) {
            case BOX -> {
                Vector3f lo = p.getMin();
                Vector3f hi = p.getMax();
                for (int i : nodes) {
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
     * Poses the animated characters whose joints the cloth's pins follow, before the pins are
     * bound to them. App states update before the scene's logical update, so a cloth built in the
     * first frame finds a joint's attachment node not yet placed at its joint (at the character's
     * origin); a logical update of zero time of the character (the Spatial of its
     * {@code SkinningControl} or {@code SkeletonControl}, with its subtree) places it without
     * advancing any animation.
     */
    static void poseFollowedCharacters(ClothControl c) {
        java.util.Set<com.jme3.scene.Spatial> posed = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (PinGroup p : c.getPinGroups()) {
            for (com.jme3.scene.Spatial s = p.getFollow(); s != null; s = s.getParent()) {
                if (s.getControl(com.jme3.anim.SkinningControl.class) != null
                        || s.getControl(com.jme3.animation.SkeletonControl.class) != null) {
                    if (posed.add(s)) {
                        s.updateLogicalState(0);
                    }
                    break;
                }
            }
        }
    }
}
