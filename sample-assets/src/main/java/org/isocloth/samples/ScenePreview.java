package org.isocloth.samples;

import com.jme3.asset.AssetManager;
import com.jme3.material.Material;
import com.jme3.math.ColorRGBA;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
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
import org.isocloth.collision.SurfaceFollower;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.scene.AnalyticColliderSpec;
import org.isocloth.scene.BoxSpec;
import org.isocloth.scene.CacheColliderSpec;
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
    /** Mesh colliders (OBJ, OBJ sequences, glTF, caches), in the scene file's order. */
    private final List<MeshEntry> meshes = new ArrayList<>();
    /** Pin groups attached to a mesh collider ({@code "attach"}). */
    private final List<AttachedPin> attached = new ArrayList<>();
    /** The colliders in the scene file's order (mesh colliders replaced when a clip is re-baked). */
    private final List<ColliderSpec> colliderSpecs;
    /** Caches baked since the previewer started (a character switched to another clip). */
    private final java.util.Set<java.nio.file.Path> baked = new java.util.HashSet<>();
    private final AssetManager assets;
    /** Per character collider, the asset key its model loads with (a file's name once located). */
    private final java.util.Map<String, String> modelKeys = new java.util.HashMap<>();
    /** Frames per second of the caches baked when the character switches clips. */
    static final double CLIP_FPS = 30;

    /**
     * A mesh collider: the solver's collider (it animates itself from the simulation time,
     * {@link MeshCollider#setInterval}) and a twin for the display and the attached pins, set to
     * the time of each frame on the render thread, so the two threads share nothing. A cache
     * with a {@code model} is shown as that model playing its clip in step with the cache.
     */
    private static final class MeshEntry {
        ColliderSpec spec;
        /** What the AppState steps with; a new one (a new identity) whenever the collider is swapped. */
        SceneCollider provided;
        MeshCollider display;
        Mesh shape;
        int[] triangles;
        Spatial model;
        com.jme3.anim.AnimComposer composer;
        List<String> clips = List.of();
    }

    /** A pin group that follows a mesh collider: its Node gets the collider's best-fit rigid motion. */
    private record AttachedPin(Node node, String collider, double[] points, SurfaceFollower[] follower) {
    }

    /**
     * Builds the jME scene of a scene file.
     *
     * @param spec the scene (see docs/scenes.md)
     * @param assets for materials
     */
    public ScenePreview(SceneSpec spec, AssetManager assets) {
        this.spec = spec;
        this.assets = assets;
        this.colliderSpecs = new ArrayList<>(spec.colliders());
        ColorRGBA[] colours = {Showcase.CAPE, Showcase.FLAG, Showcase.TABLECLOTH, ColorRGBA.Orange};
        // the cloths cloth run simulates together form a cloth group, so that they collide here too
        java.util.Map<ClothSpec, String> group = new java.util.IdentityHashMap<>();
        for (List<ClothSpec> g : org.isocloth.scene.SceneCloth.groups(spec)) {
            if (g.size() > 1) {
                String name = String.join("+", g.stream().map(ClothSpec::name).toList());
                for (ClothSpec member : g) {
                    group.put(member, name);
                }
            }
        }
        for (int c = 0; c < spec.cloths().size(); c++) {
            ClothSpec cs = spec.cloths().get(c);
            TriMesh mesh = baseMesh(cs);
            Geometry g = new Geometry(cs.name(), toJme(mesh));
            g.setMaterial(Showcase.fabric(assets, colours[c % colours.length]));
            g.setShadowMode(com.jme3.renderer.queue.RenderQueue.ShadowMode.CastAndReceive);
            ClothControl control = new ClothControl(material(cs.material()));
            SolverSpec s = spec.solver();
            control.setIntegrator(s.integrator() == org.isocloth.scene.Integrator.BDF2
                    ? org.isocloth.solver.Integrator.BDF2 : org.isocloth.solver.Integrator.BACKWARD_EULER);
            control.setMaxIterations(s.maxIterations());
            control.setCollisionHandling(s.collisions() == org.isocloth.scene.CollisionMode.STAGGERED
                    ? CollisionHandling.STAGGERED : CollisionHandling.COUPLED);
            control.setSelfCollisions(cs.selfCollisionsIn(s));
            control.setProjection(s.projection().mode());
            control.setColliderContacts(s.colliderContacts().option());
            control.setFrictionMode(s.friction().option());
            control.setClothGroup(group.get(cs));
            control.setAirForces(cs.aerodynamics());
            double[] restNodes = null;
            for (PinSpec p : cs.pins()) {
                Node n = new Node(cs.name() + " pin " + (pins.size() + attached.size()));
                root.attachChild(n);
                if (p.attach() != null) {
                    if (restNodes == null) {
                        // the nodes `cloth run` pins: the subdivided model's, in the pin box
                        restNodes = new org.isocloth.model.ClothModel(mesh.positions, mesh.triangles,
                                material(cs.material())).restPositions;
                    }
                    attached.add(new AttachedPin(n, p.attach(), pointsIn(p, restNodes), new SurfaceFollower[1]));
                } else {
                    pinNodes.add(n);
                    pins.add(p);
                }
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
                Box floor = new Box(3, 0.001f, 3);
                floor.scaleTextureCoordinates(new com.jme3.math.Vector2f(6, 6));
                shape = new Geometry(c.name(), floor);
            }
            n.setLocalRotation(quaternion(rotation));
            if (!Double.isNaN(a.friction())) {
                control.setFriction((float) a.friction());
            }
            shape.setMaterial(a instanceof PlaneSpec ? Showcase.floor(assets) : grey);
            shape.setShadowMode(a instanceof PlaneSpec ? com.jme3.renderer.queue.RenderQueue.ShadowMode.Receive
                    : com.jme3.renderer.queue.RenderQueue.ShadowMode.CastAndReceive);
            n.attachChild(shape);
            n.addControl(control);
            root.attachChild(n);
            colliderNodes.add(n);
            colliders.add(a);
            colliderRotation.add(rotation);
        }
        for (AttachedPin a : attached) {
            bind(a);
        }
        animate(0);
    }

    private static double[] pointsIn(PinSpec p, double[] rest) {
        double[] out = new double[rest.length];
        int n = 0;
        double[] q = new double[3];
        for (int i = 0; i < rest.length; i += 3) {
            System.arraycopy(rest, i, q, 0, 3);
            if (p.contains(q)) {
                System.arraycopy(q, 0, out, n, 3);
                n += 3;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** Binds an attached pin group to its collider's display twin, as {@code cloth run} binds it. */
    private void bind(AttachedPin a) {
        for (MeshEntry m : meshes) {
            if (m.spec.name().equals(a.collider())) {
                a.follower()[0] = a.points().length == 0 ? null : new SurfaceFollower(m.display, a.points());
                return;
            }
        }
        throw new IllegalStateException("no mesh collider named " + a.collider());
    }

    /**
     * The collider {@code cloth run} builds for an entry, as the AppState takes it (it animates
     * itself from the simulation time).
     */
    private static SceneCollider provided(ColliderSpec c) {
        Collider solverSide = SceneRun.buildCollider(c);
        return new SceneCollider(c.name()) {
            @Override
            public Collider collider() {
                return solverSide;
            }

            @Override
            public boolean capture() {
                return true;
            }

            @Override
            public void beginInterval(double t0, double t1, double skipped) {
                // the collider follows the simulation time itself
            }
        };
    }

    /** Adds a mesh collider and what shows it. */
    private void addMeshCollider(ColliderSpec c, AssetManager assets) {
        MeshEntry e = new MeshEntry();
        e.spec = c;
        e.provided = provided(c);
        e.display = (MeshCollider) SceneRun.buildCollider(c);
        meshes.add(e);
        if (c instanceof CacheColliderSpec cache && cache.model() != null) {
            showModel(e, cache);
            if (e.model != null) {
                return;
            }
        }
        Mesh mesh = new Mesh();
        int[] tri = e.display.triangles();
        mesh.setBuffer(VertexBuffer.Type.Index, 3, BufferUtils.createIntBuffer(tri));
        mesh.setBuffer(VertexBuffer.Type.Position, 3, BufferUtils.createFloatBuffer(3 * e.display.vertexCount()));
        mesh.setBuffer(VertexBuffer.Type.Normal, 3, BufferUtils.createFloatBuffer(3 * e.display.vertexCount()));
        Geometry g = new Geometry(c.name(), mesh);
        g.setMaterial(Showcase.lit(assets, new ColorRGBA(0.55f, 0.55f, 0.58f, 1)));
        root.attachChild(g);
        e.shape = mesh;
        e.triangles = tri;
    }

    /**
     * Shows a cache collider as the jME model it was baked from, posed by its clip at the cache's
     * time (the GPU skins it; the cache holds the same skin computed on the CPU). A model that
     * cannot be loaded is logged and the cache's mesh is shown instead.
     */
    private void showModel(MeshEntry e, CacheColliderSpec cache) {
        try {
            java.nio.file.Path dir = spec.file().toAbsolutePath().getParent();
            String key = CharacterBake.locate(assets, cache.model(), dir == null ? java.nio.file.Path.of("") : dir);
            Spatial model = com.jme3.anim.util.AnimMigrationUtils.migrate(assets.loadModel(key));
            modelKeys.put(cache.name(), key);
            com.jme3.anim.AnimComposer composer = Showcase.find(model, com.jme3.anim.AnimComposer.class);
            List<String> clips = new ArrayList<>(composer.getAnimClipsNames());
            clips.sort(null);
            String clip = cache.clip() != null ? cache.clip() : clips.get(0);
            if (!clips.contains(clip)) {
                LOG.log(Level.WARNING, "{0}: {1} has no clip {2}; showing the cache''s mesh",
                        new Object[] {cache.name(), cache.model(), clip});
                return;
            }
            composer.setCurrentAction(clip);
            composer.setGlobalSpeed(0); // posed from the simulated time in animate()
            model.setName(cache.name());
            root.attachChild(model);
            e.model = model;
            e.composer = composer;
            e.clips = clips;
        } catch (RuntimeException ex) {
            LOG.log(Level.WARNING, cache.name() + ": cannot show the model " + cache.model() + " ("
                    + ex.getMessage() + "); showing the cache's mesh", ex);
        }
    }

    /** @return the clips of the first character shown from a model (empty without one) */
    public List<String> characterClips() {
        for (MeshEntry e : meshes) {
            if (e.model != null) {
                return e.clips;
            }
        }
        return List.of();
    }

    /** @return the clip the first character plays, or null without one */
    public String characterClip() {
        for (MeshEntry e : meshes) {
            if (e.model != null) {
                return ((CacheColliderSpec) e.spec).clip();
            }
        }
        return null;
    }

    /**
     * Puts the first character on another clip: bakes one cycle of it into a new cache (the
     * collider {@code cloth run} will play, see {@link CharacterBake}), swaps the collider and
     * rebinds the pins attached to it. Restart the simulation afterwards
     * ({@link ClothAppState#restart}): the cloth was built around the old clip's first pose.
     *
     * @param clip a clip of the character
     * @return whether the character now plays that clip
     */
    public boolean setCharacterClip(String clip) {
        for (int i = 0; i < meshes.size(); i++) {
            MeshEntry e = meshes.get(i);
            if (e.model == null) {
                continue;
            }
            CacheColliderSpec old = (CacheColliderSpec) e.spec;
            if (clip.equals(old.clip())) {
                return true;
            }
            if (!e.clips.contains(clip)) {
                return false;
            }
            try {
                java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("isocloth-clip");
                java.nio.file.Path file = dir.resolve(old.name() + "-" + clip + ".isocache");
                CharacterBake.bake(assets, modelKeys.getOrDefault(old.name(), old.model()), clip, CLIP_FPS, file);
                dir.toFile().deleteOnExit();
                file.toFile().deleteOnExit();
                CacheColliderSpec now = new CacheColliderSpec(old.name(), file, true, old.friction(), old.model(), clip);
                e.display = (MeshCollider) SceneRun.buildCollider(now);
                e.provided = provided(now); // a new identity: the AppState takes the new collider
                e.spec = now;
                colliderSpecs.set(colliderSpecs.indexOf(old), now);
                baked.add(file);
            } catch (java.io.IOException | RuntimeException ex) {
                LOG.log(Level.SEVERE, "could not bake " + old.model() + " " + clip + ": " + ex.getMessage(), ex);
                return false;
            }
            e.composer.setCurrentAction(clip);
            e.composer.setGlobalSpeed(0);
            for (AttachedPin a : attached) {
                if (a.collider().equals(old.name())) {
                    bind(a);
                }
            }
            animate(0);
            return true;
        }
        return false;
    }

    /**
     * @return caches baked since the previewer started for another clip (temporary files: a saved scene needs
     *     copies of them)
     */
    public java.util.Set<java.nio.file.Path> bakedCaches() {
        return java.util.Collections.unmodifiableSet(baked);
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
        for (MeshEntry e : meshes) {
            state.addColliderProvider(out -> out.add(e.provided));
        }
        state.setGust((float) spec.gust().amplitude(), (float) spec.gust().period());
        state.setAerodynamics(spec.aerodynamics());
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
        for (MeshEntry e : meshes) {
            if (e.shape != null) {
                showMesh(e.display, e.shape, e.triangles, t);
            }
            if (e.composer != null) {
                double period = e.display.keyframeDuration();
                double at = period > 0 && e.display.isLooping() ? t - period * Math.floor(t / period) : Math.min(t, period);
                e.composer.setTime(com.jme3.anim.AnimComposer.DEFAULT_LAYER, at);
            }
        }
        double[] r = new double[9];
        double[] d = new double[3];
        for (AttachedPin a : attached) {
            if (a.follower()[0] != null) {
                a.follower()[0].transformAt(t, r, d);
                a.node().setLocalRotation(quaternion(r));
                a.node().setLocalTranslation((float) d[0], (float) d[1], (float) d[2]);
            }
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
            ClothMaterial m = cloths.get(c).getClothMaterial();
            MaterialSpec ms = new MaterialSpec(m.density(), m.bendingStiffness(),
                    m.restShape() == org.isocloth.model.RestShape.INITIAL ? org.isocloth.scene.RestShape.INITIAL
                            : org.isocloth.scene.RestShape.FLAT,
                    m.strainTolerance(), m.damping(), m.drag(), m.membraneStiffness(), m.friction(), m.thickness(),
                    m.stretch());
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
            out.add(new ClothSpec(cs.name(), cs.mesh(), ms, pinsOut, cs.selfCollisions(), cloths.get(c).isAirForces()));
        }
        ClothControl first = cloths.get(0);
        SolverSpec solver = new SolverSpec(first.getIntegrator() == org.isocloth.solver.Integrator.BDF2
                ? org.isocloth.scene.Integrator.BDF2 : org.isocloth.scene.Integrator.BE, first.getMaxIterations(),
                first.getCollisionHandling() == CollisionHandling.STAGGERED
                        ? org.isocloth.scene.CollisionMode.STAGGERED : org.isocloth.scene.CollisionMode.COUPLED,
                first.isSelfCollisions(), spec.solver().selfContactPairs(),
                org.isocloth.scene.ProjectionMethod.of(first.getProjection()),
                org.isocloth.scene.ColliderContacts.of(first.getColliderContacts()),
                spec.solver().collideAcrossMaterials(), org.isocloth.scene.FrictionMode.of(first.getFrictionMode()));
        return new SceneSpec(spec.name(), spec.file(), spec.fps(), spec.frames(), spec.substeps(), spec.gravity(),
                solver, out, colliderSpecs, spec.wind(), spec.gust(), spec.aerodynamics());
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
                m.strainTolerance(), m.damping(), m.drag(), m.membraneStiffness(), m.friction(), m.thickness(),
                m.stretch());
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
