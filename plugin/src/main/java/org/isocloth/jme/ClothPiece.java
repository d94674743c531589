package org.isocloth.jme;

import com.jme3.math.Transform;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.VertexBuffer;
import java.nio.FloatBuffer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.InputException;
import org.isocloth.cache.RenderLayout;
import org.isocloth.mesh.MeshLoadResult;
import org.isocloth.mesh.MeshValidator;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RedBlackMesh;

/**
 * One {@link ClothControl}'s part of a {@link ClothSimulation}: its welded base mesh in world
 * coordinates at build time, where that mesh lies in the simulation's model (its vertices,
 * triangles and nodes), its render mesh and its pins. A cloth simulated alone is the only piece of
 * its simulation; cloths of one {@linkplain ClothControl#setClothGroup group} are pieces of one.
 */
final class ClothPiece {
    private static final Logger LOG = Logger.getLogger(ClothPiece.class.getName());

    final ClothControl control;
    final Geometry geometry;
    final String name;
    /** The mesh the Geometry had before subdivision. */
    final Mesh original;
    final int rawVertexCount;
    final Transform buildTransform;
    /** The welded base mesh in world coordinates at build time. */
    final TriMesh base;
    /** Raw vertex of the original mesh → welded base vertex (−1 if unused). */
    private final int[] vertexMap;

    // where the piece lies in the simulation's model (set by place)
    private int[] nodes;
    private ClothRenderMesh render;
    private ClothPins pins;
    int appliedPinVersion = -1;
    int appliedParameterVersion;

    private ClothPiece(ClothControl control, Mesh original, int rawVertexCount, Transform buildTransform, TriMesh base,
            int[] vertexMap) {
        this.control = control;
        this.geometry = control.getGeometry();
        this.name = "cloth '" + geometry.getName() + "'";
        this.original = original;
        this.rawVertexCount = rawVertexCount;
        this.buildTransform = buildTransform;
        this.base = base;
        this.vertexMap = vertexMap;
    }

    /**
     * The piece of a control: the one it had in its last simulation (same rest mesh, same place in
     * the world), or one read from the Geometry's current mesh (or the original the control kept)
     * at the Geometry's current world transform, welded and validated.
     *
     * @param control the cloth (on a Geometry)
     * @return its piece, not yet placed in a model
     * @throws IllegalArgumentException if the mesh is not a valid cloth (the message names the
     *     Geometry, the element and the reason)
     */
    static ClothPiece of(ClothControl control) {
        ClothSimulation old = control.simulation();
        ClothPiece previous = old == null ? null : old.piece(control);
        if (previous != null) {
            return new ClothPiece(control, previous.original, previous.rawVertexCount, previous.buildTransform,
                    previous.base, previous.vertexMap);
        }
        Geometry geometry = control.getGeometry();
        String name = "cloth '" + geometry.getName() + "'";
        Mesh original = control.getOriginalMesh() != null ? control.getOriginalMesh() : geometry.getMesh();
        if (original == null) {
            throw new IllegalArgumentException(name + ": the Geometry has no mesh");
        }
        if (original.getMode() != Mesh.Mode.Triangles) {
            throw new IllegalArgumentException(name + ": mesh mode " + original.getMode()
                    + " is not supported (needs Triangles)");
        }
        VertexBuffer posBuffer = original.getBuffer(VertexBuffer.Type.Position);
        if (posBuffer == null || posBuffer.getNumComponents() != 3
                || posBuffer.getFormat() != VertexBuffer.Format.Float) {
            throw new IllegalArgumentException(name + ": the mesh needs a Position buffer of 3 floats per vertex");
        }
        FloatBuffer pos = (FloatBuffer) posBuffer.getDataReadOnly();
        int raw = original.getVertexCount();
        Transform transform = geometry.getWorldTransform().clone();
        double[] world = new double[3 * raw];
        Vector3f tmp = new Vector3f();
        for (int i = 0; i < raw; i++) {
            tmp.set(pos.get(3 * i), pos.get(3 * i + 1), pos.get(3 * i + 2));
            transform.transformVector(tmp, tmp);
            world[3 * i] = tmp.x;
            world[3 * i + 1] = tmp.y;
            world[3 * i + 2] = tmp.z;
        }
        int[] tris = ClothSimulation.readTriangles(original, name);
        double[] uvs = null;
        int[] triUvs = null;
        VertexBuffer uvBuffer = original.getBuffer(VertexBuffer.Type.TexCoord);
        if (uvBuffer != null && uvBuffer.getNumComponents() == 2 && uvBuffer.getFormat() == VertexBuffer.Format.Float) {
            FloatBuffer uv = (FloatBuffer) uvBuffer.getDataReadOnly();
            uvs = new double[2 * raw];
            for (int i = 0; i < 2 * raw; i++) {
                uvs[i] = uv.get(i);
            }
            triUvs = tris.clone();
        }
        MeshLoadResult loaded;
        try {
            loaded = MeshValidator.validate(new TriMesh(world, tris, uvs, triUvs, name));
        } catch (InputException | IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        for (String w : loaded.warnings()) {
            LOG.log(Level.INFO, w);
        }
        return new ClothPiece(control, original, raw, transform, loaded.mesh(), loaded.vertexMap());
    }

    /**
     * Places the piece in the simulation's model: finds its nodes, builds its render mesh and its
     * pins (not yet applied).
     *
     * @param model the model built from the simulation's pieces, this one's base vertices and
     *     triangles consecutive from the given indices
     * @param firstVertex the model's vertex of this piece's vertex 0
     * @param firstTriangle the model's triangle of this piece's triangle 0
     */
    void place(ClothModel model, int firstVertex, int firstTriangle) {
        RedBlackMesh own = new RedBlackMesh(base.vertexCount(), base.triangles);
        nodes = nodesIn(model, own, firstVertex, firstTriangle);
        RenderLayout layout;
        if (base.hasUvs()) {
            Object[] fu = own.subdivideUvs(base.uvs, base.triangleUvs);
            layout = RenderLayout.of(own.fineTriangles, own.nodeCount(), (double[]) fu[0], (int[]) fu[1]);
        } else {
            layout = RenderLayout.of(own.fineTriangles, own.nodeCount(), null, null);
        }
        render = new ClothRenderMesh(layout, nodes, original.getBuffer(VertexBuffer.Type.Tangent) != null);
        double[] restLocal = new double[model.restPositions.length];
        Vector3f tmp = new Vector3f();
        for (int i : nodes) {
            tmp.set((float) model.restPositions[3 * i], (float) model.restPositions[3 * i + 1],
                    (float) model.restPositions[3 * i + 2]);
            buildTransform.transformInverseVector(tmp, tmp);
            restLocal[3 * i] = tmp.x;
            restLocal[3 * i + 1] = tmp.y;
            restLocal[3 * i + 2] = tmp.z;
        }
        int[] modelVertex = new int[vertexMap.length];
        for (int i = 0; i < vertexMap.length; i++) {
            modelVertex[i] = vertexMap[i] < 0 ? -1 : vertexMap[i] + firstVertex;
        }
        pins = new ClothPins(name, model, geometry, original, modelVertex, rawVertexCount, restLocal, nodes);
        appliedPinVersion = -1;
        appliedParameterVersion = control.parameterVersion();
    }

    /**
     * The model's node of each node of this piece's own subdivision (numbered as
     * {@code own}, the subdivision of the piece's base mesh alone, numbers them): a black node is a base vertex, offset by the
     * piece's first vertex; a red node is the model's red node of the same edge of the same
     * triangle. The numbering depends on the piece's mesh alone, so it carries a piece's state
     * between models.
     */
    private int[] nodesIn(ClothModel model, RedBlackMesh own, int firstVertex, int firstTriangle) {
        int[] out = new int[own.nodeCount()];
        for (int v = 0; v < own.vertexCount; v++) {
            out[v] = firstVertex + v;
        }
        int triangles = base.triangles.length / 3;
        for (int f = 0; f < triangles; f++) {
            for (int i = 0; i < 3; i++) {
                out[own.redNode(own.triEdge[3 * f + i])] =
                        model.mesh.redNode(model.mesh.triEdge[3 * (firstTriangle + f) + i]);
            }
        }
        return out;
    }

    /** Shows the piece's render mesh on its Geometry; the control keeps the original. */
    void install() {
        control.setOriginalMesh(original);
        geometry.setMesh(render.mesh());
    }

    /** @return this piece's node → the model's node (read only) */
    int[] nodes() {
        return nodes;
    }

    ClothRenderMesh render() {
        return render;
    }

    ClothPins pins() {
        return pins;
    }

    /** @return render vertex → model node (read only) */
    int[] renderNodes() {
        return render.renderNodes();
    }

    /** @return per model node, the pin group of this cloth that holds it (−1 = free; read only) */
    int[] pinGroups() {
        return pins.groups();
    }
}
