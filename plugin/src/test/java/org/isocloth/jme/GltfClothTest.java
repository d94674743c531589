package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.asset.DesktopAssetManager;
import com.jme3.asset.plugins.FileLocator;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.isocloth.cache.CacheCloth;
import org.isocloth.cache.CacheReader;
import org.isocloth.cache.CacheWriter;
import org.isocloth.cache.GltfExport;
import org.isocloth.mesh.MeshLoadResult;
import org.isocloth.mesh.ObjReader;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cloth on a glTF-loaded mesh: jME's GltfLoader keeps a vertex per (position, UV); the control welds them. */
class GltfClothTest {
    @TempDir
    Path dir;

    @Test
    void aGltfMeshWithUvSeamsWeldsToOneNodePerPoint() throws Exception {
        // A 4×2-cell sheet with a UV seam at column 2, subdivided by sim-core (v = 15, e = 30,
        // nodes = 45, 64 fine triangles), exported as glTF (.glb) with one vertex per (node, UV):
        // the seam's 3 black and 2 red nodes are split, 50 vertices. Loaded by jME and made cloth,
        // the control must weld those 50 back to the 45 points: its base mesh has 45 vertices and
        // 64 triangles, whose subdivision has 45 + (45 + 64 − 1) = 153 nodes (Euler: e = v + t − 1
        // for a disc), and the area of the 0.4 m × 0.2 m sheet.
        StringBuilder obj = new StringBuilder();
        for (int j = 0; j <= 2; j++) {
            for (int i = 0; i <= 4; i++) {
                obj.append("v ").append(0.1 * i).append(" 1 ").append(0.1 * j).append('\n');
            }
        }
        for (int island = 0; island < 2; island++) {
            for (int j = 0; j <= 2; j++) {
                for (int i = 0; i <= 4; i++) {
                    obj.append("vt ").append(0.5 * island + i / 10.0).append(' ').append(j / 2.0).append('\n');
                }
            }
        }
        for (int j = 0; j < 2; j++) {
            for (int i = 0; i < 4; i++) {
                int a = j * 5 + i + 1;
                int off = i >= 2 ? 15 : 0;
                obj.append(String.format("f %d/%d %d/%d %d/%d%n", a, a + off, a + 5, a + 5 + off, a + 6, a + 6 + off));
                obj.append(String.format("f %d/%d %d/%d %d/%d%n", a, a + off, a + 6, a + 6 + off, a + 1, a + 1 + off));
            }
        }
        Files.writeString(dir.resolve("seam.obj"), obj);
        MeshLoadResult loaded = ObjReader.read(dir.resolve("seam.obj"));
        ClothModel model = new ClothModel(loaded.mesh().positions, loaded.mesh().triangles, ClothMaterial.DEFAULT);
        assertEquals(45, model.nodeCount());
        Object[] uv = model.mesh.subdivideUvs(loaded.mesh().uvs, loaded.mesh().triangleUvs);
        Path cache = dir.resolve("sheet.isocache");
        try (CacheWriter w = CacheWriter.create(cache, 30, 0, List.of(new CacheCloth("sheet", model.nodeCount(),
                model.mesh.fineTriangles, (double[]) uv[0], (int[]) uv[1])))) {
            w.appendFrame(model.restPositions);
            w.finish();
        }
        GltfExport.writeFrame(CacheReader.open(cache), 0, dir.resolve("sheet.glb"));

        DesktopAssetManager assets = new DesktopAssetManager(true);
        assets.registerLocator(dir.toString(), FileLocator.class);
        Spatial scene = assets.loadModel("sheet.glb");
        Geometry[] found = new Geometry[1];
        scene.depthFirstTraversal(s -> {
            if (s instanceof Geometry g) {
                found[0] = g;
            }
        });
        Geometry g = found[0];
        assertEquals(50, g.getMesh().getVertexCount());
        ClothControl cloth = new ClothControl();
        g.addControl(cloth);
        Node root = new Node("root");
        root.attachChild(scene);
        root.updateGeometricState();
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        state.update(0);
        assertTrue(cloth.isBuilt());
        assertEquals(45, cloth.getModel().mesh.vertexCount);
        assertEquals(64, cloth.getModel().mesh.triangleCount);
        assertEquals(153, cloth.getModel().nodeCount());
        assertEquals(0.08, cloth.getModel().area, 1e-6);
    }
}
