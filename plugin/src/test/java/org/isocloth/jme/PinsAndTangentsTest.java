package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.VertexBuffer;
import com.jme3.util.BufferUtils;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import org.isocloth.model.ClothModel;
import org.junit.jupiter.api.Test;

/** Vertex-list and painted-weight pins, and tangents written for meshes that have them. */
class PinsAndTangentsTest {

    private static ClothControl build(Mesh mesh, PinGroup... pins) {
        return build(mesh, new ArrayList<>(), pins);
    }

    private static ClothControl build(Mesh mesh, List<String> failures, PinGroup... pins) {
        Geometry g = new Geometry("g", mesh);
        ClothControl cloth = new ClothControl();
        for (PinGroup p : pins) {
            cloth.addPinGroup(p);
        }
        g.addControl(cloth);
        Node root = new Node("root");
        root.attachChild(g);
        root.updateGeometricState();
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        state.addClothListener((c, message, suspended) -> failures.add(message));
        state.update(0);
        return cloth;
    }

    private static List<Integer> pinned(ClothControl cloth) {
        List<Integer> out = new ArrayList<>();
        int[] groups = cloth.piece().pinGroups();
        for (int i = 0; i < groups.length; i++) {
            if (groups[i] >= 0) {
                out.add(i);
            }
        }
        return out;
    }

    @Test
    void vertexListPinsTheVerticesAndTheMidpointsBetweenThem() {
        // ClothMeshes.grid(1, 1, 4, 4): vertex k = j·5 + i at (i/4 − ½, j/4). Pinning vertices 20..24
        // (the top row, j = 4) pins those 5 black nodes and the 4 red nodes of the top edges
        // between them: 9 nodes, all at y = 1. Vertex 0 alone adds one black node and no red one.
        ClothControl cloth = build(ClothMeshes.grid(1, 1, 4, 4), PinGroup.vertices(20, 21, 22, 23, 24),
                PinGroup.vertices(0));
        ClothModel m = cloth.getModel();
        List<Integer> nodes = pinned(cloth);
        assertEquals(10, nodes.size(), nodes.toString());
        int top = 0;
        for (int i : nodes) {
            if (Math.abs(m.restPositions[3 * i + 1] - 1) < 1e-9) {
                top++;
            } else {
                assertEquals(0, i, "the only other pinned node is vertex 0");
            }
        }
        assertEquals(9, top);
        // a vertex the mesh does not have: the cloth is not built, the listener hears why
        List<String> failures = new ArrayList<>();
        ClothControl bad = build(ClothMeshes.grid(1, 1, 4, 4), failures, PinGroup.vertices(25));
        assertEquals(List.of("cloth 'g': pin vertex 25 out of range [0, 25)"), failures);
        assertTrue(!bad.isBuilt());
    }

    @Test
    void paintedWeightsPinTheVerticesAtOrAboveTheThreshold() {
        // A Color buffer painted red = 1 on the left column (i = 0, x = −½) and red = 0.4 on the
        // next one: with threshold 0.5 the 5 left vertices and the 4 red nodes between them are
        // pinned (9); with threshold 0.3 both columns: 10 black nodes, the 8 vertical edges of the
        // two columns, the 5 horizontal edges between them and the 4 diagonals of that strip: 27.
        Mesh mesh = ClothMeshes.grid(1, 1, 4, 4);
        float[] color = new float[4 * 25];
        for (int j = 0; j <= 4; j++) {
            color[4 * (j * 5)] = 1f;
            color[4 * (j * 5 + 1)] = 0.4f;
        }
        mesh.setBuffer(VertexBuffer.Type.Color, 4, BufferUtils.createFloatBuffer(color));
        ClothControl strict = build(mesh, PinGroup.weights(VertexBuffer.Type.Color, 0, 0.5f));
        assertEquals(9, pinned(strict).size());
        for (int i : pinned(strict)) {
            assertEquals(-0.5, strict.getModel().restPositions[3 * i], 1e-9);
        }
        Mesh mesh2 = ClothMeshes.grid(1, 1, 4, 4);
        mesh2.setBuffer(VertexBuffer.Type.Color, 4, BufferUtils.createFloatBuffer(color));
        ClothControl loose = build(mesh2, PinGroup.weights(VertexBuffer.Type.Color, 0, 0.3f));
        assertEquals(27, pinned(loose).size());
        // asking for a buffer the mesh does not have is reported with the buffer named
        List<String> failures = new ArrayList<>();
        build(ClothMeshes.grid(1, 1, 4, 4), failures, PinGroup.weights(VertexBuffer.Type.TexCoord2, 0, 0.5f));
        assertEquals(List.of("cloth 'g': pin weights: the mesh has no TexCoord2 buffer"), failures);
    }

    @Test
    void tangentsAreWrittenWhenTheMeshHasThem() {
        // A grid with a Tangent buffer: the render mesh gets one too, and on the flat sheet (u
        // grows with x, normal +z) every tangent is the unit x axis with handedness w = +1
        // (n × t = z × x = y, the direction in which v grows). After the sheet swings, tangents
        // stay unit length and orthogonal to the normals (Gram-Schmidt).
        Mesh mesh = ClothMeshes.grid(1, 1, 6, 6);
        mesh.setBuffer(VertexBuffer.Type.Tangent, 4, BufferUtils.createFloatBuffer(new float[4 * 49]));
        Geometry g = new Geometry("t", mesh);
        ClothControl cloth = new ClothControl();
        cloth.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)));
        g.addControl(cloth);
        g.rotate(-1.2f, 0, 0);
        Node root = new Node("root");
        root.attachChild(g);
        root.updateGeometricState();
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        state.update(0);
        Mesh render = g.getMesh();
        FloatBuffer t = (FloatBuffer) render.getBuffer(VertexBuffer.Type.Tangent).getData();
        FloatBuffer n = (FloatBuffer) render.getBuffer(VertexBuffer.Type.Normal).getData();
        for (int i = 0; i < render.getVertexCount(); i++) {
            assertEquals(1f, t.get(4 * i), 1e-5f);
            assertEquals(0f, t.get(4 * i + 1), 1e-5f);
            assertEquals(0f, t.get(4 * i + 2), 1e-5f);
            assertEquals(1f, t.get(4 * i + 3), 0f);
        }
        for (int k = 0; k < 20; k++) {
            state.update(1f / 60);
        }
        for (int i = 0; i < render.getVertexCount(); i++) {
            Vector3f tv = new Vector3f(t.get(4 * i), t.get(4 * i + 1), t.get(4 * i + 2));
            Vector3f nv = new Vector3f(n.get(3 * i), n.get(3 * i + 1), n.get(3 * i + 2));
            assertEquals(1f, tv.length(), 1e-4f);
            assertEquals(0f, tv.dot(nv), 1e-4f);
        }
    }
}
