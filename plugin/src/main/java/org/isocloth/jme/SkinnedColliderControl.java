package org.isocloth.jme;

import com.jme3.anim.Armature;
import com.jme3.anim.SkinningControl;
import com.jme3.export.InputCapsule;
import com.jme3.export.JmeExporter;
import com.jme3.export.JmeImporter;
import com.jme3.export.OutputCapsule;
import com.jme3.math.Matrix4f;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import com.jme3.scene.VertexBuffer;
import com.jme3.scene.control.AbstractControl;
import com.jme3.scene.mesh.IndexBuffer;
import com.jme3.util.clone.Cloner;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.model.Limits;

/**
 * Makes the skin of an animated character a collider for the cloth: add it to the model's root,
 * the spatial that holds (or has below it) the {@link SkinningControl}.
 *
 * <pre>{@code
 * Spatial jaime = assetManager.loadModel("Models/Jaime/Jaime.j3o");
 * jaime.addControl(new SkinnedColliderControl());
 * }</pre>
 *
 * <h2>What it computes</h2>
 *
 * Every skinned {@link Geometry} below the spatial (a mesh with {@code BoneIndex} and
 * {@code BoneWeight} buffers), or only those {@linkplain #setGeometryNames named}, becomes one
 * {@link MeshSceneCollider}. At every capture the skin is computed <b>on the CPU</b>, whatever the
 * SkinningControl does for rendering (hardware skinning can stay on: it leaves the CPU buffers in
 * bind pose): for each vertex, the bind-pose position ({@code BindPosePosition}, or
 * {@code Position} when the mesh has none) is blended by the skinning matrices of
 * {@link Armature#computeSkinningMatrices()} with the vertex's weights (up to
 * {@link Mesh#getMaxNumWeights()}, at most 4), exactly as jME's software skinning does, including
 * its rule that a vertex whose first weight is 0 keeps its bind-pose position; the result is taken
 * to world space by the Geometry's world transform. Vertices of the mesh that share a bind-pose
 * position (within the {@linkplain #setWeldTolerance weld tolerance}) are welded into one, so UV
 * and normal seams do not leave cracks in the collider; a welded vertex follows the weights of the
 * first of its copies. The welding is computed once, when the collider is built. Holes that
 * remain (a character's eye sockets or mouth) make the skin an open, two-sided surface unless
 * they are {@linkplain #setCapHoles capped}.
 *
 * <p>An optional {@linkplain #setInflate inflation} pushes every vertex out along its skinned
 * normal ({@code BindPoseNormal}, else {@code Normal}, averaged over the welded copies; the
 * area-weighted normal of the welded bind-pose triangles when the mesh has neither), in world
 * metres: a margin for loose garments, or for a low-polygon skin.
 *
 * <h2>Timing</h2>
 *
 * The pose captured is the armature's as it is at capture: the joints' model transforms from the
 * last {@code Armature.update()}, which the SkinningControl runs in the scene's logical update.
 * {@code ClothAppState} captures in its own update, which a {@code SimpleApplication} runs before
 * the scene's: the collider follows the pose drawn in the previous frame, one frame behind the
 * pose about to be drawn (the same lag as every other collider, which read world transforms
 * updated in the previous frame). Vertex velocities come from the motion between two captures; a
 * vertex that jumps farther than the {@linkplain #setTeleportDistance teleport distance} in one
 * frame makes the whole mesh teleport (it appears at the new pose at rest).
 *
 * <h2>Changes</h2>
 *
 * The colliders are rebuilt (starting at rest) when the set of skinned geometries or their meshes
 * change, or after a change of the geometry names, inflation, weld tolerance or hole capping; the
 * friction and teleport distance take effect at the next capture. A disabled control, one without
 * a spatial, or one whose spatial has no SkinningControl provides nothing. Use the control from
 * the render thread.
 */
public class SkinnedColliderControl extends AbstractControl implements ColliderProvider {
    private static final Logger LOG = Logger.getLogger(SkinnedColliderControl.class.getName());
    /** Default weld tolerance, relative to the bind-pose bounding-box diagonal of each mesh. */
    public static final float DEFAULT_WELD_TOLERANCE = 1e-6f;

    private String[] geometryNames = new String[0];
    private float inflate;
    private float friction = Float.NaN;
    private float teleportDistance = (float) SceneCollider.DEFAULT_TELEPORT_DISTANCE;
    private float weldTolerance = DEFAULT_WELD_TOLERANCE;
    private boolean capHoles;

    /** Colliders built for {@link #builtFrom} (null: not built). */
    private transient List<SkinCollider> colliders;
    private transient List<Object> builtFrom;

    /** A control for every skinned geometry below its spatial. */
    public SkinnedColliderControl() {
    }

    /**
     * A control for the named skinned geometries only.
     *
     * @param geometryNames names of the Geometries to use (none: all skinned geometries)
     */
    public SkinnedColliderControl(String... geometryNames) {
        setGeometryNames(geometryNames);
    }

    // ------------------------------------------------------------------ parameters

    /** @return a copy of the names of the geometries used (empty: all skinned geometries) */
    public String[] getGeometryNames() {
        return geometryNames.clone();
    }

    /**
     * Restricts the collider to the named skinned geometries.
     *
     * @param names Geometry names (none, or null: all skinned geometries; no null element)
     * @throws IllegalArgumentException if a name is null
     */
    public void setGeometryNames(String... names) {
        String[] copy = names == null ? new String[0] : names.clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i] == null) {
                throw invalid("geometryNames[" + i + "]", "must not be null", null);
            }
        }
        geometryNames = copy;
        colliders = null;
    }

    /** @return the distance the surface is pushed out along the vertex normals, m */
    public float getInflate() {
        return inflate;
    }

    /**
     * Pushes the collider's surface out along the skinned vertex normals.
     *
     * @param inflate world distance, m (finite, &ge; 0; default 0)
     * @throws IllegalArgumentException if the distance is invalid
     */
    public void setInflate(float inflate) {
        if (!Float.isFinite(inflate) || !(inflate >= 0)) {
            throw invalid("inflate", "must be finite and >= 0", inflate);
        }
        this.inflate = inflate;
        colliders = null;
    }

    /** @return the Coulomb friction coefficient, or NaN when the cloth's applies */
    public float getFriction() {
        return friction;
    }

    /**
     * Sets the friction between the cloth and the skin (takes effect at the next capture).
     *
     * @param mu Coulomb friction coefficient in [0, 10] ({@link Limits#FRICTION}, as a scene
     *     collider's {@code friction}), or NaN to use the cloth's
     * @throws IllegalArgumentException if mu is out of range
     */
    public void setFriction(float mu) {
        if (!Float.isNaN(mu) && !Limits.FRICTION.contains(ParameterCheck.decimal(mu))) {
            throw invalid("friction", "must be in " + Limits.FRICTION + " or NaN", mu);
        }
        this.friction = mu;
    }

    /** @return the largest per-frame jump of a vertex treated as motion, m */
    public float getTeleportDistance() {
        return teleportDistance;
    }

    /**
     * Sets the largest per-frame jump of a vertex treated as motion (takes effect at the next
     * capture).
     *
     * @param distance world distance, m (finite, &gt; 0)
     * @throws IllegalArgumentException if the distance is invalid
     */
    public void setTeleportDistance(float distance) {
        if (!Float.isFinite(distance) || !(distance > 0)) {
            throw invalid("teleportDistance", "must be finite and > 0", distance);
        }
        this.teleportDistance = distance;
    }

    /** @return the weld tolerance, relative to each mesh's bind-pose bounding-box diagonal */
    public float getWeldTolerance() {
        return weldTolerance;
    }

    /**
     * Sets how close two bind-pose vertices must be to be welded.
     *
     * @param tolerance distance relative to the mesh's bind-pose bounding-box diagonal (finite,
     *     &ge; 0; 0 welds identical positions only; default {@value #DEFAULT_WELD_TOLERANCE})
     * @throws IllegalArgumentException if the tolerance is invalid
     */
    public void setWeldTolerance(float tolerance) {
        if (!Float.isFinite(tolerance) || !(tolerance >= 0)) {
            throw invalid("weldTolerance", "must be finite and >= 0", tolerance);
        }
        this.weldTolerance = tolerance;
        colliders = null;
    }

    /** @return whether the holes left after welding are capped */
    public boolean isCapHoles() {
        return capHoles;
    }

    /**
     * Caps the holes the welded skin still has (eye sockets, a mouth: simple boundary loops) with
     * fans of triangles, so that a skin that is otherwise closed encloses a volume: the cloth
     * collider can then tell inside from outside and push out nodes that end up inside. Off by
     * default (an open skin is a two-sided surface).
     *
     * @param capHoles whether to cap the holes
     */
    public void setCapHoles(boolean capHoles) {
        this.capHoles = capHoles;
        colliders = null;
    }

    private IllegalArgumentException invalid(String field, String reason, Object value) {
        return new IllegalArgumentException(describe() + "." + field + ": " + reason + " (got " + value + ")");
    }

    private String describe() {
        return spatial == null ? "SkinnedColliderControl(unattached)"
                : "SkinnedColliderControl(spatial '" + spatial.getName() + "')";
    }

    // ------------------------------------------------------------------ provider

    /**
     * Adds one collider per skinned geometry, building them on first use and rebuilding them when
     * the geometries change.
     *
     * @param out the list to add to (not null)
     */
    @Override
    public void collectColliders(List<SceneCollider> out) {
        out.addAll(currentColliders());
    }

    /**
     * The colliders this control provides now, built or rebuilt as needed (render thread).
     *
     * @return an unmodifiable list, one collider per skinned geometry used (empty when the control
     *     is disabled, has no spatial or no SkinningControl)
     */
    public List<SkinCollider> currentColliders() {
        if (!isEnabled() || spatial == null) {
            return List.of();
        }
        SkinningControl skinning = findSkinning(spatial);
        if (skinning == null) {
            if (colliders != null) {
                LOG.log(Level.FINE, "{0}: no SkinningControl, no collider", describe());
            }
            colliders = null;
            return List.of();
        }
        List<Geometry> targets = new ArrayList<>();
        findTargets(spatial, targets);
        List<Object> from = new ArrayList<>();
        from.add(skinning.getArmature());
        for (Geometry g : targets) {
            from.add(g);
            from.add(g.getMesh());
        }
        if (colliders == null || !sameObjects(from, builtFrom)) {
            if (colliders != null) {
                LOG.log(Level.FINE, "{0}: skinned geometries changed, colliders rebuilt", describe());
            }
            List<SkinCollider> built = new ArrayList<>();
            for (Geometry g : targets) {
                SkinCollider c = SkinCollider.build(this, skinning.getArmature(), g);
                if (c != null) {
                    built.add(c);
                }
            }
            colliders = Collections.unmodifiableList(built);
            builtFrom = from;
        }
        return colliders;
    }

    private static boolean sameObjects(List<Object> a, List<Object> b) {
        if (b == null || a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }

    private static SkinningControl findSkinning(Spatial s) {
        SkinningControl sc = s.getControl(SkinningControl.class);
        if (sc != null || !(s instanceof Node node)) {
            return sc;
        }
        for (Spatial child : node.getChildren()) {
            sc = findSkinning(child);
            if (sc != null) {
                return sc;
            }
        }
        return null;
    }

    private void findTargets(Spatial s, List<Geometry> out) {
        if (s instanceof Geometry g) {
            Mesh m = g.getMesh();
            if (m != null && m.getBuffer(VertexBuffer.Type.BoneIndex) != null
                    && m.getBuffer(VertexBuffer.Type.BoneWeight) != null
                    && (geometryNames.length == 0 || Arrays.asList(geometryNames).contains(g.getName()))) {
                out.add(g);
            }
        } else if (s instanceof Node node) {
            for (Spatial child : node.getChildren()) {
                findTargets(child, out);
            }
        }
    }

    /**
     * The collider of one skinned geometry: a welded copy of its mesh, skinned on the CPU at every
     * capture.
     */
    public static final class SkinCollider extends MeshSceneCollider {
        private final SkinnedColliderControl control;
        private final Geometry geometry;
        private final Mesh source;
        private final Skin skin;
        /** Mesh vertex → welded vertex, and welded vertex → its representative mesh vertex. */
        private final int[] weldMap;
        private final int[] representatives;
        private final int[] triangles;

        private SkinCollider(SkinnedColliderControl control, Geometry geometry, int[] triangles,
                MeshWelding.Weld weld, Skin skin, double[] world) {
            super("SkinnedColliderControl:" + geometry.getName(), triangles, world);
            this.control = control;
            this.geometry = geometry;
            this.source = geometry.getMesh();
            this.skin = skin;
            this.weldMap = weld.map;
            this.representatives = weld.representatives;
            this.triangles = triangles;
        }

        /** Builds the collider of a geometry, or returns null (logged) if its mesh cannot be used. */
        static SkinCollider build(SkinnedColliderControl control, Armature armature, Geometry g) {
            Mesh mesh = g.getMesh();
            String name = control.describe() + " geometry '" + g.getName() + "'";
            Mesh.Mode mode = mesh.getMode();
            if (mode != Mesh.Mode.Triangles && mode != Mesh.Mode.TriangleStrip && mode != Mesh.Mode.TriangleFan) {
                LOG.log(Level.WARNING, "{0}: mesh mode {1} has no triangles, skipped", new Object[] {name, mode});
                return null;
            }
            int n = mesh.getVertexCount();
            VertexBuffer posBuffer = mesh.getBuffer(VertexBuffer.Type.BindPosePosition);
            if (posBuffer == null) {
                posBuffer = mesh.getBuffer(VertexBuffer.Type.Position);
            }
            VertexBuffer normBuffer = mesh.getBuffer(VertexBuffer.Type.BindPoseNormal);
            if (normBuffer == null) {
                normBuffer = mesh.getBuffer(VertexBuffer.Type.Normal);
            }
            double[] bind = read(posBuffer, n);
            double[] normals = normBuffer == null ? null : read(normBuffer, n);
            VertexBuffer indexBuffer = mesh.getBuffer(VertexBuffer.Type.BoneIndex);
            VertexBuffer weightBuffer = mesh.getBuffer(VertexBuffer.Type.BoneWeight);
            int stride = weightBuffer.getNumComponents();
            int maxWeights = mesh.getMaxNumWeights();
            int count = maxWeights > 0 ? Math.min(maxWeights, stride) : stride;
            IndexBuffer boneIndex = IndexBuffer.wrapIndexBuffer(indexBuffer.getData());
            FloatBuffer boneWeight = (FloatBuffer) weightBuffer.getData();
            int jointCount = armature.getJointCount();

            IndexBuffer list = mesh.getIndicesAsList();
            int[] meshTriangles = new int[list.size() - list.size() % 3];
            for (int i = 0; i < meshTriangles.length; i++) {
                meshTriangles[i] = list.get(i);
            }
            MeshWelding.Weld weld = MeshWelding.weld(bind, control.weldTolerance * MeshWelding.diagonal(bind));
            int[] triangles = MeshWelding.remap(meshTriangles, weld.map);
            if (triangles.length == 0) {
                LOG.log(Level.WARNING, "{0}: no usable triangle, skipped", name);
                return null;
            }
            if (control.capHoles) {
                triangles = MeshWelding.capHoles(triangles);
            }
            int m = weld.count();
            double[] welded = new double[3 * m];
            int[] joints = new int[count * m];
            float[] w = new float[count * m];
            for (int i = 0; i < m; i++) {
                int v = weld.representatives[i];
                System.arraycopy(bind, 3 * v, welded, 3 * i, 3);
                for (int k = 0; k < count; k++) {
                    int j = boneIndex.get(stride * v + k);
                    float weight = boneWeight.get(stride * v + k);
                    if (weight != 0 && (j < 0 || j >= jointCount)) {
                        throw new IllegalArgumentException(name + ": vertex " + v + " uses joint " + j
                                + ", the armature has " + jointCount);
                    }
                    joints[count * i + k] = weight != 0 ? j : 0;
                    w[count * i + k] = weight;
                }
            }
            Skin skin = new Skin(armature, g, welded, weldedNormals(normals, weld, welded, triangles), joints, w,
                    count, control.inflate);
            // the initial world positions: the current pose
            double[] world = new double[3 * m];
            skin.compute(world);
            return new SkinCollider(control, g, triangles, weld, skin, world);
        }

        private static double[] read(VertexBuffer vb, int n) {
            FloatBuffer fb = (FloatBuffer) vb.getData();
            int comps = vb.getNumComponents();
            double[] out = new double[3 * n];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 3; k++) {
                    out[3 * i + k] = fb.get(comps * i + k);
                }
            }
            return out;
        }

        /** Unit normals per welded vertex: the copies' normals summed, else the faces'. */
        private static double[] weldedNormals(double[] normals, MeshWelding.Weld weld, double[] welded,
                int[] triangles) {
            int m = weld.count();
            double[] sum = new double[3 * m];
            if (normals != null) {
                for (int v = 0; v < weld.map.length; v++) {
                    int i = weld.map[v];
                    for (int k = 0; k < 3; k++) {
                        sum[3 * i + k] += normals[3 * v + k];
                    }
                }
            }
            double[] faces = null;
            for (int i = 0; i < m; i++) {
                double len = Math.sqrt(sum[3 * i] * sum[3 * i] + sum[3 * i + 1] * sum[3 * i + 1]
                        + sum[3 * i + 2] * sum[3 * i + 2]);
                if (!(len > 1e-12)) {
                    if (faces == null) {
                        faces = ClothMeshes.vertexNormals(welded, triangles, m);
                    }
                    System.arraycopy(faces, 3 * i, sum, 3 * i, 3);
                    len = Math.sqrt(sum[3 * i] * sum[3 * i] + sum[3 * i + 1] * sum[3 * i + 1]
                            + sum[3 * i + 2] * sum[3 * i + 2]);
                }
                for (int k = 0; k < 3; k++) {
                    sum[3 * i + k] = len > 0 ? sum[3 * i + k] / len : 0;
                }
            }
            return sum;
        }

        /** @return the Geometry whose skin this is */
        public Geometry geometry() {
            return geometry;
        }

        /** @return the number of welded vertices (the collider's vertices) */
        public int vertexCount() {
            return representatives.length;
        }

        /**
         * @param welded a collider vertex
         * @return the mesh vertex that represents it (whose weights it follows)
         */
        public int sourceVertex(int welded) {
            return representatives[welded];
        }

        /**
         * @param meshVertex a vertex of the Geometry's mesh
         * @return the collider vertex it was welded into
         */
        public int weldedVertex(int meshVertex) {
            return weldMap[meshVertex];
        }

        /** @return a copy of the collider's triangles (welded vertex indices, 3 per triangle) */
        public int[] triangles() {
            return triangles.clone();
        }

        /**
         * @return the number of edges that keep the welded mesh from being closed (used by one
         *     triangle, by more than two, or twice in the same direction); 0 for a closed mesh
         */
        public int openEdgeCount() {
            return MeshWelding.openEdges(triangles);
        }

        @Override
        protected boolean readPositions(double[] out) {
            Spatial root = control.spatial;
            if (root == null || !control.isEnabled() || control.colliders == null
                    || !control.colliders.contains(this) || geometry.getMesh() != source
                    || !(geometry == root || root instanceof Node node && geometry.hasAncestor(node))) {
                return false;
            }
            skin.compute(out);
            // render thread, simulation idle: safe to hand the settings over
            mesh().setFriction(control.friction);
            setTeleportDistance(control.teleportDistance);
            return true;
        }
    }

    /** The CPU skinning of one welded mesh: bind pose, weights, and the Geometry that places it. */
    private static final class Skin {
        private final Armature armature;
        private final Geometry geometry;
        /** Per welded vertex: bind-pose position, bind-pose normal (unit), joints and weights. */
        private final double[] bindPositions;
        private final double[] bindNormals;
        private final int[] joints;
        private final float[] weights;
        private final int weightCount;
        private final double inflate;
        private final double[] r = new double[9];
        private final double[] t = new double[3];

        Skin(Armature armature, Geometry geometry, double[] bindPositions, double[] bindNormals, int[] joints,
                float[] weights, int weightCount, double inflate) {
            this.armature = armature;
            this.geometry = geometry;
            this.bindPositions = bindPositions;
            this.bindNormals = bindNormals;
            this.joints = joints;
            this.weights = weights;
            this.weightCount = weightCount;
            this.inflate = inflate;
        }

        /** Computes the world positions of the welded vertices at the armature's current pose. */
        void compute(double[] out) {
            Matrix4f[] mats = armature.computeSkinningMatrices();
            Quaternion q = geometry.getWorldRotation();
            Vector3f tr = geometry.getWorldTranslation();
            Vector3f sc = geometry.getWorldScale();
            Poses.rotation(q, r);
            t[0] = tr.x;
            t[1] = tr.y;
            t[2] = tr.z;
            double sx = sc.x;
            double sy = sc.y;
            double sz = sc.z;
            int m = bindPositions.length / 3;
            for (int i = 0; i < m; i++) {
                double px = bindPositions[3 * i];
                double py = bindPositions[3 * i + 1];
                double pz = bindPositions[3 * i + 2];
                double nx = bindNormals[3 * i];
                double ny = bindNormals[3 * i + 1];
                double nz = bindNormals[3 * i + 2];
                double x = px;
                double y = py;
                double z = pz;
                double rnx = nx;
                double rny = ny;
                double rnz = nz;
                int base = weightCount * i;
                if (weights[base] != 0) {
                    // jME's software skinning: Σ w·(M·p), normals by the matrices' 3×3 part
                    x = 0;
                    y = 0;
                    z = 0;
                    rnx = 0;
                    rny = 0;
                    rnz = 0;
                    for (int k = 0; k < weightCount; k++) {
                        double w = weights[base + k];
                        if (w == 0) {
                            continue;
                        }
                        Matrix4f mat = mats[joints[base + k]];
                        x += w * (mat.m00 * px + mat.m01 * py + mat.m02 * pz + mat.m03);
                        y += w * (mat.m10 * px + mat.m11 * py + mat.m12 * pz + mat.m13);
                        z += w * (mat.m20 * px + mat.m21 * py + mat.m22 * pz + mat.m23);
                        if (inflate != 0) {
                            rnx += w * (mat.m00 * nx + mat.m01 * ny + mat.m02 * nz);
                            rny += w * (mat.m10 * nx + mat.m11 * ny + mat.m12 * nz);
                            rnz += w * (mat.m20 * nx + mat.m21 * ny + mat.m22 * nz);
                        }
                    }
                }
                Poses.transform(r, t, sx * x, sy * y, sz * z, out, 3 * i);
                if (inflate != 0) {
                    // normals transform with the inverse transpose: R·(n / s)
                    double wx = rnx / sx;
                    double wy = rny / sy;
                    double wz = rnz / sz;
                    double len = Math.sqrt(wx * wx + wy * wy + wz * wz);
                    if (len > 0 && Double.isFinite(len)) {
                        double f = inflate / len;
                        out[3 * i] += f * (r[0] * wx + r[1] * wy + r[2] * wz);
                        out[3 * i + 1] += f * (r[3] * wx + r[4] * wy + r[5] * wz);
                        out[3 * i + 2] += f * (r[6] * wx + r[7] * wy + r[8] * wz);
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ Control plumbing

    @Override
    protected void controlUpdate(float tpf) {
        // the skin is computed when ClothAppState captures the scene
    }

    @Override
    protected void controlRender(RenderManager rm, ViewPort vp) {
        // nothing to draw
    }

    @Override
    public void setSpatial(Spatial spatial) {
        super.setSpatial(spatial);
        colliders = null;
    }

    @Override
    public void cloneFields(Cloner cloner, Object original) {
        super.cloneFields(cloner, original);
        geometryNames = geometryNames.clone();
        colliders = null;
        builtFrom = null;
    }

    @Override
    public void write(JmeExporter ex) throws IOException {
        super.write(ex);
        OutputCapsule oc = ex.getCapsule(this);
        oc.write(geometryNames, "geometryNames", new String[0]);
        oc.write(inflate, "inflate", 0f);
        oc.write(friction, "friction", Float.NaN);
        oc.write(teleportDistance, "teleportDistance", (float) SceneCollider.DEFAULT_TELEPORT_DISTANCE);
        oc.write(weldTolerance, "weldTolerance", DEFAULT_WELD_TOLERANCE);
        oc.write(capHoles, "capHoles", false);
    }

    @Override
    public void read(JmeImporter im) throws IOException {
        super.read(im);
        InputCapsule ic = im.getCapsule(this);
        String[] names = ic.readStringArray("geometryNames", new String[0]);
        geometryNames = names == null ? new String[0] : names;
        inflate = ic.readFloat("inflate", 0f);
        friction = ic.readFloat("friction", Float.NaN);
        teleportDistance = ic.readFloat("teleportDistance", (float) SceneCollider.DEFAULT_TELEPORT_DISTANCE);
        weldTolerance = ic.readFloat("weldTolerance", DEFAULT_WELD_TOLERANCE);
        capHoles = ic.readBoolean("capHoles", false);
        colliders = null;
    }
}
