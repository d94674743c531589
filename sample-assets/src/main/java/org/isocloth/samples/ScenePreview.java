package org.isocloth.samples;

import com.jme3.asset.AssetManager;
import com.jme3.material.Material;
import com.jme3.math.ColorRGBA;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.VertexBuffer;
import com.jme3.scene.shape.Box;
import com.jme3.scene.shape.Sphere;
import com.jme3.util.BufferUtils;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.ClothColliderControl;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.PinGroup;
import org.isocloth.jme.SceneCollider;
import org.isocloth.cli.SceneRun;
import org.isocloth.collision.Collider;
import org.isocloth.collision.MeshCollider;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.scene.AnalyticColliderSpec;
import org.isocloth.scene.BoxSpec;
import org.isocloth.scene.CapsuleSpec;
import org.isocloth.scene.ClothSpec;
import org.isocloth.scene.ColliderSpec;
import org.isocloth.scene.MaterialSpec;
import org.isocloth.scene.PinSpec;
import org.isocloth.scene.PlaneSpec;
import org.isocloth.scene.SceneSpec;
import org.isocloth.scene.SolverSpec;
import org.isocloth.scene.SphereSpec;
import org.isocloth.solver.CollisionHandling;

/**
 * An IsoCloth scene file shown in jME: each cloth becomes a Geometry with a {@link ClothControl}
 * (mesh coordinates = world coordinates), each pin box a {@link PinGroup} following a Node moved
 * as the scene's pin motion says, each analytic collider a Node with a {@link ClothColliderControl}
 * moved by its motion, each mesh collider (OBJ, OBJ sequence) the collider {@code cloth run}
 * builds, registered with the AppState, plus a Geometry showing it. {@link #animate} moves those Nodes to a simulated time; {@link #edited}
 * gives the scene back with the materials and solver settings as the controls now have them, so
 * the previewer can save what the user tuned as a file {@code cloth run} accepts.
 */
public final class ScenePreview {
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(ScenePreview.class.getName());

    private final SceneSpec spec;
    private final Node root = new Node("scene");
    private final List<ClothControl> cloths = new ArrayList<>();
    private final List<Node> pinNodes = new ArrayList<>();
    private final List<PinSpec> pins = new ArrayList<>();
    private final List<Node> colliderNodes = new ArrayList<>();
    private final List<AnalyticColliderSpec> colliders = new ArrayList<>();
    private final List<double[]> colliderRotation = new ArrayList<>();
    /** Mesh colliders (OBJ, OBJ sequences): the solver's collider, and a twin for the display. */
    private final List<SceneCollider> meshColliders = new ArrayList<>();
    private final List<MeshCollider> meshDisplay = new ArrayList<>();
    private final List<Mesh> meshShapes = new ArrayList<>();
    private final List<int[]> meshTriangles = new ArrayList<>();

    /**
     * Builds the jME scene of a scene file.
     *
     * @param spec the scene (see docs/scenes.md)
     * @param assets for materials
     */
    public ScenePreview(SceneSpec spec, AssetManager assets) {
        this.spec = spec;
        ColorRGBA[] colours = {Showcase.CAPE, Showcase.FLAG, Showcase.TABLECLOTH, ColorRGBA.Orange};
        for (int c = 0; c < spec.cloths().size(); c++) {
            ClothSpec cs = spec.cloths().get(c);
            TriMesh mesh = baseMesh(cs);
            Geometry g = new Geometry(cs.name(), toJme(mesh));
            g.setMaterial(Showcase.lit(assets, colours[c % colours.length]));
            ClothControl control = new ClothControl(material(cs.material()));
            SolverSpec s = spec.solver();
            control.setIntegrator(s.integrator() == org.isocloth.scene.Integrator.BDF2
                    ? org.isocloth.solver.Integrator.BDF2 : org.isocloth.solver.Integrator.BACKWARD_EULER);
            control.setMaxIterations(s.maxIterations());
            control.setCollisionHandling(s.collisions() == org.isocloth.scene.CollisionMode.STAGGERED
                    ? CollisionHandling.STAGGERED : CollisionHandling.COUPLED);
            control.setSelfCollisions(s.selfCollisions());
            for (PinSpec p : cs.pins()) {
                Node n = new Node(cs.name() + " pin " + pins.size());
                root.attachChild(n);
                pinNodes.add(n);
                pins.add(p);
                double[] lo = p.boxMin();
                double[] hi = p.boxMax();
                control.addPinGroup(PinGroup.box(new Vector3f((float) lo[0], (float) lo[1], (float) lo[2]),
                        new Vector3f((float) hi[0], (float) hi[1], (float) hi[2])).follow(n));
            }
            g.addControl(control);
            root.attachChild(g);
            cloths.add(control);
        }
        for (ColliderSpec c : spec.colliders()) {
            if (!(c instanceof AnalyticColliderSpec a)) {
                addMeshCollider(c, assets);
                continue;
            }
            Node n = new Node(c.name());
            double[] rotation = new double[9];
            ClothColliderControl control;
            Geometry shape;
            Material grey = Showcase.lit(assets, new ColorRGBA(0.55f, 0.55f, 0.58f, 1));
            if (a instanceof SphereSpec s) {
                setTranslation(n, s.center());
                identity(rotation);
                control = ClothColliderControl.sphere((float) s.radius());
                shape = new Geometry(c.name(), new Sphere(24, 24, (float) s.radius()));
            } else if (a instanceof CapsuleSpec s) {
                double[] mid = new double[3];
                double[] axis = new double[3];
                for (int i = 0; i < 3; i++) {
                    mid[i] = 0.5 * (s.a()[i] + s.b()[i]);
                    axis[i] = s.b()[i] - s.a()[i];
                }
                setTranslation(n, mid);
                yTo(axis, rotation);
                double h = Math.sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
                control = ClothColliderControl.capsule((float) s.radius(), (float) h);
                shape = new Geometry(c.name(), new com.jme3.scene.shape.Cylinder(8, 16, (float) s.radius(),
                        (float) (h + 2 * s.radius()), true));
                shape.setLocalRotation(new Quaternion().fromAngles((float) (Math.PI / 2), 0, 0));
            } else if (a instanceof BoxSpec s) {
                setTranslation(n, s.center());
                double[] r = s.rotation();
                axisAngle(r[0], r[1], r[2], Math.toRadians(r[3]), rotation);
                double[] e = s.halfExtents();
                control = ClothColliderControl.box(new Vector3f((float) e[0], (float) e[1], (float) e[2]));
                shape = new Geometry(c.name(), new Box((float) e[0], (float) e[1], (float) e[2]));
            } else {
                PlaneSpec s = (PlaneSpec) a;
                setTranslation(n, s.point());
                yTo(s.normal(), rotation);
                control = ClothColliderControl.plane();
                shape = new Geometry(c.name(), new Box(3, 0.001f, 3));
            }
            n.setLocalRotation(quaternion(rotation));
            if (!Double.isNaN(a.friction())) {
                control.setFriction((float) a.friction());
            }
            shape.setMaterial(grey);
            n.attachChild(shape);
            n.addControl(control);
            root.attachChild(n);
            colliderNodes.add(n);
            colliders.add(a);
            colliderRotation.add(rotation);
        }
        animate(0);
    }

    /**
     * A mesh collider (OBJ or OBJ sequence): the solver gets the collider {@code cloth run}
     * builds (it animates itself from the simulation time, {@link MeshCollider#setInterval}); the
     * display shows a twin of it, set to the time of each frame on the render thread, so the two
     * threads share nothing.
     */
    private void addMeshCollider(ColliderSpec c, AssetManager assets) {
        Collider solverSide = SceneRun.buildCollider(c);
        MeshCollider display = (MeshCollider) SceneRun.buildCollider(c);
        meshColliders.add(new SceneCollider(c.name()) {
            @Override
            public Collider collider() {
                return solverSide;
            }

            @Override
            public boolean capture() {
                return true;
            }

            @Override
            public void beginInterval(double t0, double t1) {
                // the collider follows the simulation time itself
            }
        });
        Mesh mesh = new Mesh();
        int[] tri = display.triangles();
        mesh.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(tri));
        mesh.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(3 * display.vertexCount()));
        mesh.setBuffer(VertexBuffer.Type.Normal, 3, BufferUtils.createFloatBuffer(3 * display.vertexCount()));
        Geometry g = new Geometry(c.name(), mesh);
        g.setMaterial(Showcase.lit(assets, new ColorRGBA(0.55f, 0.55f, 0.58f, 1)));
        root.attachChild(g);
        meshDisplay.add(display);
        meshShapes.add(mesh);
        meshTriangles.add(tri);
    }

    /** Writes a mesh collider's positions and area-weighted vertex normals into its jME mesh. */
    private static void showMesh(MeshCollider display, Mesh mesh, int[] tri, double t) {
        display.setInterval(t, t);
        double[] x = display.endPositions();
        double[] n = org.isocloth.jme.ClothMeshes.vertexNormals(x, tri, x.length / 3);
        java.nio.FloatBuffer pb = (java.nio.FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Position).getData();
        java.nio.FloatBuffer nb = (java.nio.FloatBuffer) mesh.getBuffer(VertexBuffer.Type.Normal).getData();
        pb.clear();
        nb.clear();
        for (int i = 0; i < x.length; i += 3) {
            pb.put((float) x[i]).put((float) x[i + 1]).put((float) x[i + 2]);
            double len = Math.sqrt(n[i] * n[i] + n[i + 1] * n[i + 1] + n[i + 2] * n[i + 2]);
            double s = len > 0 ? 1 / len : 0;
            nb.put((float) (n[i] * s)).put((float) (n[i + 1] * s)).put((float) (n[i + 2] * s));
        }
        pb.flip();
        nb.flip();
        mesh.getBuffer(VertexBuffer.Type.Position).updateData(pb);
        mesh.getBuffer(VertexBuffer.Type.Normal).updateData(nb);
        mesh.updateBound();
    }

    /** @return the jME scene (attach it below the ClothAppState's root) */
    public Node root() {
        return root;
    }

    /** @return the cloth controls, in the scene file's order */
    public List<ClothControl> cloths() {
        return cloths;
    }

    /**
     * Configures a ClothAppState as the scene says: gravity, wind, the time step 1/(fps·substeps)
     * and at least {@code substeps} steps per frame.
     *
     * @param state the state
     */
    public void configure(ClothAppState state) {
        double[] g = spec.gravity();
        double[] w = spec.wind();
        state.setGravity(new Vector3f((float) g[0], (float) g[1], (float) g[2]));
        state.setWind(new Vector3f((float) w[0], (float) w[1], (float) w[2]));
        state.setTimeStep((float) spec.stepDuration());
        state.setMaxStepsPerFrame(Math.max(4, spec.substeps()));
        for (SceneCollider m : meshColliders) {
            state.addColliderProvider(out -> out.add(m));
        }
    }

    /**
     * Moves the pin and collider Nodes to where the scene's motions put them at time t.
     *
     * @param t simulated time, s
     */
    public void animate(double t) {
        for (int i = 0; i < pins.size(); i++) {
            double[] off = pins.get(i).offsetAt(t);
            pinNodes.get(i).setLocalTranslation((float) off[0], (float) off[1], (float) off[2]);
        }
        for (int i = 0; i < colliders.size(); i++) {
            AnalyticColliderSpec a = colliders.get(i);
            double[] v = a.motion().velocity();
            double[] omega = a.motion().angularVelocity();
            Node n = colliderNodes.get(i);
            double[] c0 = centre(a);
            n.setLocalTranslation((float) (c0[0] + v[0] * t), (float) (c0[1] + v[1] * t), (float) (c0[2] + v[2] * t));
            double[] spin = new double[9];
            double angle = Math.sqrt(omega[0] * omega[0] + omega[1] * omega[1] + omega[2] * omega[2]) * t;
            axisAngle(omega[0], omega[1], omega[2], angle, spin);
            n.setLocalRotation(quaternion(multiply(spin, colliderRotation.get(i))));
        }
        for (int i = 0; i < meshDisplay.size(); i++) {
            showMesh(meshDisplay.get(i), meshShapes.get(i), meshTriangles.get(i), t);
        }
    }

    /**
     * The scene with each cloth's material and the first cloth's solver settings as their controls
     * now have them (what the panel edited), and the pins added in the previewer (clicks and box
     * drags) as fixed pin boxes after the file's own.
     *
     * @return a new scene spec
     */
    public SceneSpec edited() {
        List<ClothSpec> out = new ArrayList<>();
        for (int c = 0; c < cloths.size(); c++) {
            ClothSpec cs = spec.cloths().get(c);
            ClothMaterial m = cloths.get(c).getMaterial();
            MaterialSpec ms = new MaterialSpec(m.density(), m.bendingStiffness(),
                    m.restShape() == org.isocloth.model.RestShape.INITIAL ? org.isocloth.scene.RestShape.INITIAL
                            : org.isocloth.scene.RestShape.FLAT,
                    m.strainTolerance(), m.damping(), m.drag(), m.membraneStiffness(), m.friction(), m.thickness());
            List<PinSpec> pinsOut = new ArrayList<>(cs.pins());
            for (PinGroup g : cloths.get(c).getPinGroups()) {
                // the file's own pins follow their motion Nodes; the others were added in the
                // previewer (a click or a box drag): boxes in mesh = world coordinates, saved as
                // fixed pins (they hold their nodes at the rest position from the start)
                if (g.getFollow() != null) {
                    continue;
                }
                if (g.getKind() != PinGroup.Kind.BOX) {
                    LOG.log(Level.WARNING, "{0}: a {1} pin group has no scene-file form and is not saved",
                            new Object[] {cs.name(), g.getKind()});
                    continue;
                }
                Vector3f lo = g.getMin();
                Vector3f hi = g.getMax();
                pinsOut.add(PinSpec.fixed(new double[] {lo.x, lo.y, lo.z}, new double[] {hi.x, hi.y, hi.z}));
            }
            out.add(new ClothSpec(cs.name(), cs.mesh(), ms, pinsOut));
        }
        ClothControl first = cloths.get(0);
        SolverSpec solver = new SolverSpec(first.getIntegrator() == org.isocloth.solver.Integrator.BDF2
                ? org.isocloth.scene.Integrator.BDF2 : org.isocloth.scene.Integrator.BE, first.getMaxIterations(),
                first.getCollisionHandling() == CollisionHandling.STAGGERED
                        ? org.isocloth.scene.CollisionMode.STAGGERED : org.isocloth.scene.CollisionMode.COUPLED,
                first.isSelfCollisions());
        return new SceneSpec(spec.name(), spec.file(), spec.fps(), spec.frames(), spec.substeps(), spec.gravity(),
                solver, out, spec.colliders(), spec.wind());
    }

    static TriMesh baseMesh(ClothSpec cs) {
        return org.isocloth.scene.SceneCloth.loadMesh(cs.mesh()).mesh();
    }

    /** A jME mesh of a base mesh: a vertex per (vertex, UV) pair, as a modeller would export it. */
    static Mesh toJme(TriMesh m) {
        int corners = m.triangles.length;
        java.util.Map<Long, Integer> seen = new java.util.HashMap<>();
        List<float[]> verts = new ArrayList<>();
        int[] idx = new int[corners];
        for (int k = 0; k < corners; k++) {
            int v = m.triangles[k];
            int uv = m.hasUvs() ? m.triangleUvs[k] : 0;
            long key = ((long) v << 32) | (uv & 0xffffffffL);
            Integer r = seen.get(key);
            if (r == null) {
                r = verts.size();
                seen.put(key, r);
                verts.add(new float[] {(float) m.positions[3 * v], (float) m.positions[3 * v + 1],
                        (float) m.positions[3 * v + 2], m.hasUvs() ? (float) m.uvs[2 * uv] : 0,
                        m.hasUvs() ? (float) m.uvs[2 * uv + 1] : 0});
            }
            idx[k] = r;
        }
        float[] pos = new float[3 * verts.size()];
        float[] tex = new float[2 * verts.size()];
        for (int i = 0; i < verts.size(); i++) {
            float[] e = verts.get(i);
            System.arraycopy(e, 0, pos, 3 * i, 3);
            tex[2 * i] = e[3];
            tex[2 * i + 1] = e[4];
        }
        Mesh mesh = new Mesh();
        mesh.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(pos));
        mesh.setBuffer(VertexBuffer.Type.TexCoord, 2, BufferUtils.createFloatBuffer(tex));
        mesh.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(idx));
        mesh.updateBound();
        mesh.updateCounts();
        return mesh;
    }

    static ClothMaterial material(MaterialSpec m) {
        return new ClothMaterial(m.density(), m.bendingStiffness(),
                m.restShape() == org.isocloth.scene.RestShape.INITIAL ? org.isocloth.model.RestShape.INITIAL
                        : org.isocloth.model.RestShape.FLAT,
                m.strainTolerance(), m.damping(), m.drag(), m.membraneStiffness(), m.friction(), m.thickness());
    }

    private static double[] centre(AnalyticColliderSpec a) {
        if (a instanceof SphereSpec s) {
            return s.center();
        } else if (a instanceof CapsuleSpec s) {
            return new double[] {0.5 * (s.a()[0] + s.b()[0]), 0.5 * (s.a()[1] + s.b()[1]), 0.5 * (s.a()[2] + s.b()[2])};
        } else if (a instanceof BoxSpec s) {
            return s.center();
        }
        return ((PlaneSpec) a).point();
    }

    private static void setTranslation(Node n, double[] p) {
        n.setLocalTranslation((float) p[0], (float) p[1], (float) p[2]);
    }

    private static void identity(double[] r) {
        java.util.Arrays.fill(r, 0);
        r[0] = 1;
        r[4] = 1;
        r[8] = 1;
    }

    /** Row-major rotation by an angle about an axis (Rodrigues); identity for a zero axis or angle. */
    static void axisAngle(double ax, double ay, double az, double angle, double[] r) {
        double len = Math.sqrt(ax * ax + ay * ay + az * az);
        if (len == 0 || angle == 0) {
            identity(r);
            return;
        }
        double x = ax / len;
        double y = ay / len;
        double z = az / len;
        double c = Math.cos(angle);
        double s = Math.sin(angle);
        double t = 1 - c;
        r[0] = t * x * x + c;
        r[1] = t * x * y - s * z;
        r[2] = t * x * z + s * y;
        r[3] = t * x * y + s * z;
        r[4] = t * y * y + c;
        r[5] = t * y * z - s * x;
        r[6] = t * x * z - s * y;
        r[7] = t * y * z + s * x;
        r[8] = t * z * z + c;
    }

    /** The shortest rotation taking +y to the direction d. */
    static void yTo(double[] d, double[] r) {
        double len = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        double x = d[0] / len;
        double y = d[1] / len;
        double z = d[2] / len;
        // axis = y × d = (z, 0, −x), angle = acos(y·d)
        double angle = Math.acos(Math.max(-1, Math.min(1, y)));
        if (Math.sqrt(x * x + z * z) < 1e-12) {
            if (y > 0) {
                identity(r);
            } else {
                axisAngle(1, 0, 0, Math.PI, r);
            }
            return;
        }
        axisAngle(z, 0, -x, angle, r);
    }

    private static double[] multiply(double[] a, double[] b) {
        double[] c = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double s = 0;
                for (int k = 0; k < 3; k++) {
                    s += a[3 * i + k] * b[3 * k + j];
                }
                c[3 * i + j] = s;
            }
        }
        return c;
    }

    private static Quaternion quaternion(double[] r) {
        com.jme3.math.Matrix3f m = new com.jme3.math.Matrix3f((float) r[0], (float) r[1], (float) r[2], (float) r[3],
                (float) r[4], (float) r[5], (float) r[6], (float) r[7], (float) r[8]);
        return new Quaternion().fromRotationMatrix(m);
    }
}
