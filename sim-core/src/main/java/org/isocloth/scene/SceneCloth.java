package org.isocloth.scene;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import org.isocloth.mesh.GltfReader;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.MeshLoadResult;
import org.isocloth.mesh.MeshValidator;
import org.isocloth.mesh.ObjReader;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.SolverSettings;

/**
 * One cloth of a scene, built and ready to step: its base mesh, red/black model, solver and pins.
 */
public final class SceneCloth {
    private static final Logger LOG = Logger.getLogger(SceneCloth.class.getName());

    /** The cloth's specification. */
    public final ClothSpec spec;
    /** The validated base mesh. */
    public final TriMesh baseMesh;
    /** Warnings from loading the mesh (welded or unreferenced vertices). */
    public final List<String> warnings;
    /** The red/black model. */
    public final ClothModel model;
    /** The solver stepping it. */
    public final ClothSolver solver;
    /** Pinned nodes per pin group, parallel to {@link ClothSpec#pins()}. */
    public final List<int[]> pinNodes;
    /** Per pin group, what moves an attached group with its collider (null: not attached or not bound). */
    private final org.isocloth.collision.SurfaceFollower[] followers;

    /**
     * Builds or reads a cloth's base mesh: a generated grid, an OBJ or a glTF file, validated.
     *
     * @param mesh the mesh entry of a cloth (not null)
     * @return the validated mesh and the warnings of loading it
     * @throws org.isocloth.InputException on a mesh that cannot be read or is not a valid cloth
     */
    public static MeshLoadResult loadMesh(MeshSpec mesh) {
        if (mesh instanceof GridSpec g) {
            TriMesh grid = GridMesh.build(g.size()[0], g.size()[1], g.cells()[0], g.cells()[1], g.center(),
                    g.normal(), g.uAxis());
            return MeshValidator.validate(grid);
        } else if (mesh instanceof ObjMeshSpec o) {
            return ObjReader.read(o.path());
        } else if (mesh instanceof GltfMeshSpec o) {
            return GltfReader.read(o.path());
        }
        throw new IllegalStateException("unknown mesh kind " + mesh.getClass().getName());
    }

    /**
     * Loads the mesh, builds the model and solver and applies the pins.
     *
     * @param scene the scene (not null)
     * @param spec the cloth (not null)
     * @throws org.isocloth.InputException on a bad mesh or a pin box that holds no node
     */
    public SceneCloth(SceneSpec scene, ClothSpec spec) {
        this.spec = spec;
        MeshLoadResult loaded = loadMesh(spec.mesh());
        this.baseMesh = loaded.mesh();
        this.warnings = loaded.warnings();
        MaterialSpec m = spec.material();
        ClothMaterial material = new ClothMaterial(m.density(), m.bendingStiffness(),
                m.restShape() == RestShape.INITIAL ? org.isocloth.model.RestShape.INITIAL
                        : org.isocloth.model.RestShape.FLAT,
                m.strainTolerance(), m.damping(), m.drag(), m.membraneStiffness(), m.friction(),
                m.thickness());
        this.model = new ClothModel(baseMesh.positions, baseMesh.triangles, material);
        Integrator integrator = scene.solver().integrator() == org.isocloth.scene.Integrator.BDF2
                ? Integrator.BDF2 : Integrator.BACKWARD_EULER;
        this.solver = new ClothSolver(spec.name(), model,
                new SolverSettings(integrator, scene.solver().maxIterations(),
                        scene.solver().collisions() == CollisionMode.STAGGERED
                                ? org.isocloth.solver.CollisionHandling.STAGGERED
                                : org.isocloth.solver.CollisionHandling.COUPLED));
        solver.setGravity(scene.gravity());
        solver.setWind(scene.wind());
        solver.setSelfCollisions(spec.selfCollisionsIn(scene.solver()));
        solver.setSelfContactPairs(scene.solver().selfContactPairs());
        solver.setProjection(scene.solver().projection().mode());
        pinNodes = new ArrayList<>();
        followers = new org.isocloth.collision.SurfaceFollower[spec.pins().size()];
        double[] rest = model.restPositions;
        double[] p = new double[3];
        for (int g = 0; g < spec.pins().size(); g++) {
            PinSpec pin = spec.pins().get(g);
            List<Integer> nodes = new ArrayList<>();
            for (int i = 0; i < model.nodeCount(); i++) {
                p[0] = rest[3 * i];
                p[1] = rest[3 * i + 1];
                p[2] = rest[3 * i + 2];
                if (pin.contains(p)) {
                    nodes.add(i);
                    solver.setPinned(i, true);
                }
            }
            if (nodes.isEmpty()) {
                throw new org.isocloth.InputException(scene.file() + ": cloths[" + scene.cloths().indexOf(spec)
                        + "].pins[" + g + "].box: contains no node of the cloth");
            }
            pinNodes.add(nodes.stream().mapToInt(Integer::intValue).toArray());
        }
        for (String w : warnings) {
            LOG.warning(w);
        }
    }

    /**
     * Binds the pin groups with {@code attach} to their colliders (at the colliders' pose at time
     * 0). Call once, before the first step, with the colliders the solver steps; without it an
     * attached pin group holds its nodes fixed.
     *
     * @param colliders the scene's colliders by name (not null)
     * @throws org.isocloth.InputException if an attached pin names no mesh collider
     */
    public void attachPins(java.util.Map<String, org.isocloth.collision.Collider> colliders) {
        for (int g = 0; g < pinNodes.size(); g++) {
            String name = spec.pins().get(g).attach();
            if (name == null) {
                continue;
            }
            if (!(colliders.get(name) instanceof org.isocloth.collision.MeshCollider mesh)) {
                throw new org.isocloth.InputException(spec.name() + ": pins[" + g + "].attach: no mesh collider is named \""
                        + name + "\"");
            }
            int[] nodes = pinNodes.get(g);
            double[] points = new double[3 * nodes.length];
            for (int k = 0; k < nodes.length; k++) {
                System.arraycopy(model.restPositions, 3 * nodes[k], points, 3 * k, 3);
            }
            followers[g] = new org.isocloth.collision.SurfaceFollower(mesh, points);
        }
    }

    /**
     * Moves every pinned node to its rest position plus its pin group's offset at time t (or,
     * for a group attached to a collider, by the collider's rigid motion since time 0).
     *
     * @param t the time at the end of the coming step, seconds
     */
    public void setPinTargets(double t) {
        double[] rest = model.restPositions;
        double[] rot = new double[9];
        double[] d = new double[3];
        for (int g = 0; g < pinNodes.size(); g++) {
            if (followers[g] != null) {
                followers[g].transformAt(t, rot, d);
                for (int i : pinNodes.get(g)) {
                    double x = rest[3 * i];
                    double y = rest[3 * i + 1];
                    double z = rest[3 * i + 2];
                    solver.setPinTarget(i, rot[0] * x + rot[1] * y + rot[2] * z + d[0],
                            rot[3] * x + rot[4] * y + rot[5] * z + d[1], rot[6] * x + rot[7] * y + rot[8] * z + d[2]);
                }
                continue;
            }
            double[] off = spec.pins().get(g).offsetAt(t);
            for (int i : pinNodes.get(g)) {
                solver.setPinTarget(i, rest[3 * i] + off[0], rest[3 * i + 1] + off[1], rest[3 * i + 2] + off[2]);
            }
        }
    }

    /** @return the subdivided mesh's UVs and per-corner UV indices, or null without UVs */
    public Object[] fineUvs() {
        if (!baseMesh.hasUvs()) {
            return null;
        }
        return model.mesh.subdivideUvs(baseMesh.uvs, baseMesh.triangleUvs);
    }
}
