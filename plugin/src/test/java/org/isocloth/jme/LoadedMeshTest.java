package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.asset.DesktopAssetManager;
import com.jme3.asset.plugins.FileLocator;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.isocloth.mesh.MeshLoadResult;
import org.isocloth.mesh.ObjReader;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cloth on a mesh loaded by jME's own OBJ loader, which splits vertices at UV seams and normals. */
class LoadedMeshTest {
    @TempDir
    Path dir;

    @Test
    void jmeLoadedObjWeldsToTheSameModelAsSimCoresReader() throws IOException {
        // A 6×4-cell, 0.6 m × 0.4 m sheet written as OBJ with a UV seam down the middle column
        // and a vn per face (as a modeller exports it). jME's loader makes a vertex per distinct
        // v/vt/vn triple, so the Geometry has far more than the 35 positions; welded by position
        // the cloth must be the very model sim-core builds from the same file: v = 35,
        // e = 6·5 + 4·7 + 24 = 82, nodes = 117, and 4·48 = 192 fine triangles of total area 0.24 m².
        int cols = 6;
        int rows = 4;
        StringBuilder obj = new StringBuilder("# sheet with a UV seam\n");
        for (int j = 0; j <= rows; j++) {
            for (int i = 0; i <= cols; i++) {
                obj.append("v ").append(0.1 * i - 0.3).append(' ').append(1.5).append(' ').append(-0.1 * j).append('\n');
            }
        }
        // UVs: left island (i ≤ 3) and right island (i ≥ 3), so column 3 has two UVs per vertex
        for (int j = 0; j <= rows; j++) {
            for (int i = 0; i <= cols; i++) {
                obj.append("vt ").append(i / 12.0).append(' ').append(j / 4.0).append('\n');
            }
        }
        for (int j = 0; j <= rows; j++) {
            for (int i = 0; i <= cols; i++) {
                obj.append("vt ").append(0.5 + i / 12.0).append(' ').append(j / 4.0).append('\n');
            }
        }
        obj.append("vn 0 1 0\n");
        int vts = (cols + 1) * (rows + 1);
        for (int j = 0; j < rows; j++) {
            for (int i = 0; i < cols; i++) {
                int a = j * (cols + 1) + i + 1;
                int b = a + 1;
                int c = a + cols + 1;
                int d = c + 1;
                int off = i >= 3 ? vts : 0;
                // counter-clockwise seen from +y: a, c, d and a, d, b (z grows with j, x with i)
                obj.append(String.format("f %d/%d/1 %d/%d/1 %d/%d/1%n", a, a + off, c, c + off, d, d + off));
                obj.append(String.format("f %d/%d/1 %d/%d/1 %d/%d/1%n", a, a + off, d, d + off, b, b + off));
            }
        }
        Path file = dir.resolve("sheet.obj");
        Files.writeString(file, obj);

        MeshLoadResult reference = ObjReader.read(file);
        ClothModel expected = new ClothModel(reference.mesh().positions, reference.mesh().triangles,
                ClothMaterial.DEFAULT);
        assertEquals(117, expected.nodeCount());

        DesktopAssetManager assets = new DesktopAssetManager(true);
        assets.registerLocator(dir.toString(), FileLocator.class);
        Spatial loaded = assets.loadModel("sheet.obj");
        Geometry g = loaded instanceof Geometry geo ? geo : (Geometry) ((Node) loaded).getChild(0);
        assertTrue(g.getMesh().getVertexCount() > 35, "jME split the vertices: " + g.getMesh().getVertexCount());
        ClothControl cloth = new ClothControl();
        g.addControl(cloth);
        Node root = new Node("root");
        root.attachChild(loaded);
        root.updateGeometricState();
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        state.update(0);
        ClothModel model = cloth.getModel();
        assertEquals(35, model.mesh.vertexCount);
        assertEquals(expected.nodeCount(), model.nodeCount());
        assertEquals(expected.mesh.edgeCount, model.mesh.edgeCount);
        assertEquals(192, model.mesh.fineTriangles.length / 3);
        assertEquals(0.24, model.area, 1e-6);
        // the seam survives for rendering: the 5 black and 4 red nodes of column 3 carry two UVs
        assertEquals(117 + 9, g.getMesh().getVertexCount());
        // and the same node set, in the same place: every model node is at a node of the reference
        double worst = 0;
        for (int i = 0; i < model.nodeCount(); i++) {
            double best = Double.MAX_VALUE;
            for (int k = 0; k < expected.nodeCount(); k++) {
                double dx = model.restPositions[3 * i] - expected.restPositions[3 * k];
                double dy = model.restPositions[3 * i + 1] - expected.restPositions[3 * k + 1];
                double dz = model.restPositions[3 * i + 2] - expected.restPositions[3 * k + 2];
                best = Math.min(best, dx * dx + dy * dy + dz * dz);
            }
            worst = Math.max(worst, Math.sqrt(best));
        }
        assertTrue(worst < 1e-6, "worst node distance " + worst);
    }
}
