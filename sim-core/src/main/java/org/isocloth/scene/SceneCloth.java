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
 *
 * <p>Cloths of a scene that share their material (any material, with the solver's
 * {@code collideAcrossMaterials}) and cloth–cloth setting are simulated together, as one model of
 * several pieces, each with its own material ({@link #SceneCloth(SceneSpec, List)}): one solver steps them,
 * so they collide with each other exactly as a cloth collides with itself (the same proximity,
 * continuous detection, impact zones and pair rows of the coupled step).
 */
public final class SceneCloth {
    private static final Logger LOG = Logger.getLogger(SceneCloth.class.getName());

    /** The cloths' specifications: one, or the pieces simulated together. */
    public final List<ClothSpec> specs;
    /** The cloth's name (the pieces' names joined by "+"). */
    public final String name;
    /** The validated base mesh (the pieces' meshes one after the other). */
    public final TriMesh baseMesh;
    /** Warnings from loading the mesh (welded or unreferenced vertices). */
    public final List<String> warnings;
    /** The red/black model. */
    public final ClothModel model;
    /** The solver stepping it. */
    public final ClothSolver solver;
    /** Pinned nodes per pin group, the pieces' groups one after the other. */
    public final List<int[]> pinNodes;
    /** The pin groups, parallel to {@link #pinNodes}. */
    private final List<PinSpec> pins = new ArrayList<>();
    /** Per piece, its first base triangle (the pieces' triangles are consecutive); one more entry. */
    private final int[] firstTriangle;
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
        this(scene, List.of(spec));
    }

    /**
     * Loads the pieces' meshes, builds one model and solver for all of them and applies each
     * piece's pins to its own nodes.
     *
     * @param scene the scene (not null)
     * @param pieces cloths of the scene simulated together ({@link #simulatedTogether}; not empty)
     * @throws org.isocloth.InputException on a bad mesh or a pin box that holds no node
     * @throws IllegalArgumentException if the pieces cannot be simulated together
     */
    public SceneCloth(SceneSpec scene, List<ClothSpec> pieces) {
        this.specs = List.copyOf(pieces);
        ClothSpec spec = specs.get(0);
        for (ClothSpec other : specs) {
            if (!simulatedTogether(scene, spec, other)) {
                throw new IllegalArgumentException("cloths '" + spec.name() + "' and '" + other.name()
                        + "' differ in material, cloth-cloth or air-force setting and cannot be simulated together"
                        + " (see solver.collideAcrossMaterials)");
            }
        }
        this.name = String.join("+", specs.stream().map(ClothSpec::name).toList());
        List<String> w = new ArrayList<>();
        int[] firstVertex = new int[specs.size() + 1];
        firstTriangle = new int[specs.size() + 1];
        List<TriMesh> meshes = new ArrayList<>();
        for (int k = 0; k < specs.size(); k++) {
            MeshLoadResult loaded = loadMesh(specs.get(k).mesh());
            meshes.add(loaded.mesh());
            w.addAll(loaded.warnings());
            firstVertex[k + 1] = firstVertex[k] + loaded.mesh().vertexCount();
            firstTriangle[k + 1] = firstTriangle[k] + loaded.mesh().triangles.length / 3;
        }
        this.baseMesh = meshes.size() == 1 ? meshes.get(0) : concatenate(meshes, name);
        this.warnings = List.copyOf(w);
        ClothMaterial[] materials = new ClothMaterial[specs.size()];
        int[] trianglePiece = new int[firstTriangle[specs.size()]];
        for (int k = 0; k < specs.size(); k++) {
            materials[k] = material(specs.get(k).material());
            java.util.Arrays.fill(trianglePiece, firstTriangle[k], firstTriangle[k + 1], k);
        }
        this.model = new ClothModel(baseMesh.positions, baseMesh.triangles, materials, trianglePiece);
        Integrator integrator = scene.solver().integrator() == org.isocloth.scene.Integrator.BDF2
                ? Integrator.BDF2 : Integrator.BACKWARD_EULER;
        this.solver = new ClothSolver(name, model,
                new SolverSettings(integrator, scene.solver().maxIterations(),
                        scene.solver().collisions() == CollisionMode.STAGGERED
                                ? org.isocloth.solver.CollisionHandling.STAGGERED
                                : org.isocloth.solver.CollisionHandling.COUPLED));
        solver.setGravity(scene.gravity());
        solver.setWind(scene.wind());
        solver.setAerodynamics(spec.aerodynamics() ? scene.aerodynamics() : null);
        solver.setSelfCollisions(spec.selfCollisionsIn(scene.solver()));
        solver.setSelfContactPairs(scene.solver().selfContactPairs());
        solver.setProjection(scene.solver().projection().mode());
        solver.setOptions(solver.options().withContacts(scene.solver().colliderContacts().option(),
                scene.solver().friction().option()).withMethod(scene.solver().method().option()));
        int[] piece = pieceOfNode(model, firstVertex);
        pinNodes = new ArrayList<>();
        double[] rest = model.restPositions;
        double[] p = new double[3];
        for (int k = 0; k < specs.size(); k++) {
            List<PinSpec> own = specs.get(k).pins();
            for (int g = 0; g < own.size(); g++) {
                PinSpec pin = own.get(g);
                List<Integer> nodes = new ArrayList<>();
                for (int i = 0; i < model.nodeCount(); i++) {
                    p[0] = rest[3 * i];
                    p[1] = rest[3 * i + 1];
                    p[2] = rest[3 * i + 2];
                    if (piece[i] == k && pin.contains(p)) {
                        nodes.add(i);
                        solver.setPinned(i, true);
                    }
                }
                if (nodes.isEmpty()) {
                    throw new org.isocloth.InputException(scene.file() + ": cloths["
                            + scene.cloths().indexOf(specs.get(k)) + "].pins[" + g + "].box: contains no node of the cloth");
                }
                pins.add(pin);
                pinNodes.add(nodes.stream().mapToInt(Integer::intValue).toArray());
            }
        }
        followers = new org.isocloth.collision.SurfaceFollower[pins.size()];
        for (String warning : warnings) {
            LOG.warning(warning);
        }
    }

    /**
     * Whether two cloths of a scene are simulated as one (then they also collide with each other):
     * the same cloth–cloth and air-force settings, and the same material unless the scene's solver sets
     * {@code collideAcrossMaterials} (then the same model, isometric or membrane); each piece keeps its own material
     * ({@link ClothModel#ClothModel(double[], int[], ClothMaterial[], int[])}).
     *
     * @param scene the scene
     * @param a a cloth
     * @param b another cloth
     * @return whether they are simulated together
     */
    public static boolean simulatedTogether(SceneSpec scene, ClothSpec a, ClothSpec b) {
        boolean sameModel = (a.material().stretch() == null) == (b.material().stretch() == null);
        return (scene.solver().collideAcrossMaterials() && sameModel || a.material().equals(b.material()))
                && a.selfCollisionsIn(scene.solver()) == b.selfCollisionsIn(scene.solver())
                && a.aerodynamics() == b.aerodynamics();
    }

    /**
     * The scene's cloths in groups simulated together: each cloth joins the first group whose
     * cloths it can be simulated with ({@link #simulatedTogether}),
     * in the scene's order.
     *
     * @param scene the scene
     * @return the groups, each non-empty
     */
    public static List<List<ClothSpec>> groups(SceneSpec scene) {
        List<List<ClothSpec>> groups = new java.util.ArrayList<>();
        for (ClothSpec c : scene.cloths()) {
            List<ClothSpec> home = null;
            for (List<ClothSpec> g : groups) {
                if (simulatedTogether(scene, g.get(0), c)) {
                    home = g;
                    break;
                }
            }
            if (home == null) {
                home = new java.util.ArrayList<>();
                groups.add(home);
            }
            home.add(c);
        }
        return groups;
    }

    /** The solver's material for a scene file's material. */
    private static ClothMaterial material(MaterialSpec m) {
        return new ClothMaterial(m.density(), m.bendingStiffness(),
                m.restShape() == RestShape.INITIAL ? org.isocloth.model.RestShape.INITIAL
                        : org.isocloth.model.RestShape.FLAT,
                m.strainTolerance(), m.damping(), m.drag(), m.membraneStiffness(), m.friction(),
                m.thickness(), m.stretch());
    }

    /** The meshes one after the other, as one mesh (UVs kept when every piece has them). */
    private static TriMesh concatenate(List<TriMesh> meshes, String name) {
        int v = 0;
        int t = 0;
        int u = 0;
        boolean uv = true;
        for (TriMesh m : meshes) {
            v += m.positions.length;
            t += m.triangles.length;
            u += m.uvs.length;
            uv &= m.hasUvs();
        }
        double[] positions = new double[v];
        int[] triangles = new int[t];
        double[] uvs = uv ? new double[u] : null;
        int[] triangleUvs = uv ? new int[t] : null;
        int vo = 0;
        int to = 0;
        int uo = 0;
        for (TriMesh m : meshes) {
            System.arraycopy(m.positions, 0, positions, vo, m.positions.length);
            for (int i = 0; i < m.triangles.length; i++) {
                triangles[to + i] = m.triangles[i] + vo / 3;
                if (uv) {
                    triangleUvs[to + i] = m.triangleUvs[i] + uo / 2;
                }
            }
            if (uv) {
                System.arraycopy(m.uvs, 0, uvs, uo, m.uvs.length);
            }
            vo += m.positions.length;
            to += m.triangles.length;
            uo += m.uvs.length;
        }
        return new TriMesh(positions, triangles, uvs, triangleUvs, name);
    }

    /**
     * The piece each node belongs to: a black node is a vertex of the base mesh, a red node the
     * midpoint of a base edge, which lies in the piece of its vertices.
     */
    private static int[] pieceOfNode(ClothModel model, int[] firstVertex) {
        int[] piece = new int[model.nodeCount()];
        int vertices = model.mesh.vertexCount;
        for (int i = 0; i < vertices; i++) {
            piece[i] = pieceOfVertex(i, firstVertex);
        }
        for (int e = 0; e < model.mesh.edgeCount; e++) {
            piece[model.mesh.redNode(e)] = pieceOfVertex(model.mesh.edgeVertices[2 * e], firstVertex);
        }
        return piece;
    }

    private static int pieceOfVertex(int v, int[] firstVertex) {
        int k = 0;
        while (v >= firstVertex[k + 1]) {
            k++;
        }
        return k;
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
            String attach = pins.get(g).attach();
            if (attach == null) {
                continue;
            }
            if (!(colliders.get(attach) instanceof org.isocloth.collision.MeshCollider mesh)) {
                throw new org.isocloth.InputException(name + ": pins[" + g + "].attach: no mesh collider is named \""
                        + attach + "\"");
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
            double[] off = pins.get(g).offsetAt(t);
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

    /**
     * One of the cloths simulated together, as its own subdivided mesh: its nodes in the model,
     * and its fine triangles and UVs numbered over those nodes.
     *
     * @param name the cloth's name
     * @param nodes the model nodes of this cloth, in model order
     * @param fineTriangles its subdivided triangles over {@code nodes} (indices into it)
     * @param uvs its texture coordinates, 2 per entry (null without UVs)
     * @param triangleUvs per corner of {@code fineTriangles}, the index into {@code uvs} (null
     *     without UVs)
     */
    public record Piece(String name, int[] nodes, int[] fineTriangles, double[] uvs, int[] triangleUvs) {
        /**
         * @param x the model's node positions, 3 per node
         * @return this piece's node positions, 3 per node
         */
        public double[] positions(double[] x) {
            double[] out = new double[3 * nodes.length];
            for (int i = 0; i < nodes.length; i++) {
                System.arraycopy(x, 3 * nodes[i], out, 3 * i, 3);
            }
            return out;
        }
    }

    /**
     * @return the cloths this one simulates, each as its own subdivided mesh (one piece, the whole
     *     model, for a cloth simulated alone)
     */
    public List<Piece> pieces() {
        Object[] uv = fineUvs();
        double[] allUvs = uv == null ? null : (double[]) uv[0];
        int[] allTriUvs = uv == null ? null : (int[]) uv[1];
        int[] fine = model.mesh.fineTriangles;
        if (specs.size() == 1) {
            int[] all = new int[model.nodeCount()];
            java.util.Arrays.setAll(all, i -> i);
            return List.of(new Piece(name, all, fine, allUvs, allTriUvs));
        }
        List<Piece> out = new ArrayList<>();
        for (int k = 0; k < specs.size(); k++) {
            int from = 12 * firstTriangle[k];
            int to = 12 * firstTriangle[k + 1];
            int[] local = new int[model.nodeCount()];
            java.util.Arrays.fill(local, -1);
            int[] nodes = new int[model.nodeCount()];
            int n = 0;
            for (int c = from; c < to; c++) {
                if (local[fine[c]] < 0) {
                    local[fine[c]] = 0;
                }
            }
            for (int i = 0; i < model.nodeCount(); i++) {
                if (local[i] == 0) {
                    local[i] = n;
                    nodes[n++] = i;
                }
            }
            int[] tri = new int[to - from];
            for (int c = from; c < to; c++) {
                tri[c - from] = local[fine[c]];
            }
            double[] uvs = null;
            int[] triUvs = null;
            if (allUvs != null) {
                int[] uvLocal = new int[allUvs.length / 2];
                java.util.Arrays.fill(uvLocal, -1);
                int u = 0;
                triUvs = new int[to - from];
                for (int c = from; c < to; c++) {
                    int g = allTriUvs[c];
                    if (uvLocal[g] < 0) {
                        uvLocal[g] = u++;
                    }
                    triUvs[c - from] = uvLocal[g];
                }
                uvs = new double[2 * u];
                for (int g = 0; g < uvLocal.length; g++) {
                    if (uvLocal[g] >= 0) {
                        uvs[2 * uvLocal[g]] = allUvs[2 * g];
                        uvs[2 * uvLocal[g] + 1] = allUvs[2 * g + 1];
                    }
                }
            }
            out.add(new Piece(specs.get(k).name(), java.util.Arrays.copyOf(nodes, n), tri, uvs, triUvs));
        }
        return out;
    }
}
