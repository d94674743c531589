package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.anim.AnimComposer;
import com.jme3.anim.Armature;
import com.jme3.anim.SkinningControl;
import com.jme3.anim.util.AnimMigrationUtils;
import com.jme3.asset.AssetManager;
import com.jme3.asset.DesktopAssetManager;
import com.jme3.math.FastMath;
import com.jme3.math.Matrix4f;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import com.jme3.scene.VertexBuffer;
import com.jme3.scene.mesh.IndexBuffer;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import org.isocloth.jme.SkinnedColliderControl.SkinCollider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CPU skinning of Jaime (jme3-testdata): 3131 vertices, 5108 triangles, 108 joints, up to 4
 * weights a vertex, about 1.43 units (taken as metres) tall.
 */
class SkinnedColliderControlTest {
    private static final float TPF = 1f / 60;
    private static AssetManager assets;

    @BeforeAll
    static void assets() {
        assets = new DesktopAssetManager(true);
    }

    /**
     * Jaime migrated to the new animation system, in a scene node, placed at (1, 0, 2), turned
     * 30° about Y and scaled 1.5 so that the world transform is not the identity.
     */
    private static Spatial jaime(Node scene) {
        Spatial model = assets.loadModel("Models/Jaime/Jaime.j3o");
        AnimMigrationUtils.migrate(model);
        model.setLocalTranslation(1, 0, 2);
        model.setLocalRotation(new Quaternion().fromAngleAxis(FastMath.PI / 6, Vector3f.UNIT_Y));
        model.setLocalScale(1.5f);
        scene.attachChild(model);
        return model;
    }

    private static Vector3f vertex(FloatBuffer fb, int v) {
        return new Vector3f(fb.get(3 * v), fb.get(3 * v + 1), fb.get(3 * v + 2));
    }

    /**
     * An independent reference for one vertex, with jME's float math: Σ w·(M·p) over the
     * vertex's weights (Matrix4f.mult applies rotation, scale and translation), the bind position
     * when the first weight is 0 (as jME's software skinning), then Geometry.localToWorld.
     */
    private static Vector3f reference(Geometry g, Matrix4f[] mats, int v) {
        Mesh mesh = g.getMesh();
        FloatBuffer bind = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.BindPosePosition).getData();
        IndexBuffer joints = IndexBuffer.wrapIndexBuffer(mesh.getBuffer(VertexBuffer.Type.BoneIndex).getData());
        FloatBuffer weights = (FloatBuffer) mesh.getBuffer(VertexBuffer.Type.BoneWeight).getData();
        Vector3f p = vertex(bind, v);
        Vector3f skinned = new Vector3f();
        if (weights.get(4 * v) == 0) {
            skinned.set(p);
        } else {
            for (int k = 0; k < mesh.getMaxNumWeights(); k++) {
                float w = weights.get(4 * v + k);
                skinned.addLocal(mats[joints.get(4 * v + k)].mult(p).multLocal(w));
            }
        }
        return g.localToWorld(skinned, null);
    }

    private static double distance(double[] positions, int i, Vector3f p) {
        double dx = positions[3 * i] - p.x;
        double dy = positions[3 * i + 1] - p.y;
        double dz = positions[3 * i + 2] - p.z;
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    @Test
    void bindPoseGivesTheBindPositionsInWorldSpace() {
        Node scene = new Node("scene");
        Spatial model = jaime(scene);
        Armature armature = model.getControl(SkinningControl.class).getArmature();
        armature.applyBindPose();
        armature.update();
        scene.updateGeometricState();
        SkinnedColliderControl control = new SkinnedColliderControl();
        model.addControl(control);
        List<SkinCollider> colliders = control.currentColliders();
        assertEquals(1, colliders.size());
        SkinCollider collider = colliders.get(0);
        assertTrue(collider.capture());
        double[] x = collider.capturedPositions();
        Geometry g = collider.geometry();
        FloatBuffer bind = (FloatBuffer) g.getMesh().getBuffer(VertexBuffer.Type.BindPosePosition).getData();
        // every mesh vertex (welded copies included) sits on its bind position, world space
        double worst = 0;
        for (int v = 0; v < g.getMesh().getVertexCount(); v++) {
            Vector3f expected = g.localToWorld(vertex(bind, v), null);
            worst = Math.max(worst, distance(x, collider.weldedVertex(v), expected));
        }
        System.out.printf("bind pose: %d mesh vertices welded to %d, worst deviation %.3g m%n",
                g.getMesh().getVertexCount(), collider.vertexCount(), worst);
        assertTrue(worst < 1e-5, "worst deviation " + worst);
        assertTrue(collider.vertexCount() < g.getMesh().getVertexCount(), "seams welded");
    }

    @Test
    void walkMatchesAnIndependentPerVertexReferenceAndMoves() {
        Node scene = new Node("scene");
        Spatial model = jaime(scene);
        SkinnedColliderControl control = new SkinnedColliderControl();
        model.addControl(control);
        scene.updateGeometricState();
        SkinCollider collider = control.currentColliders().get(0);
        Geometry g = collider.geometry();
        model.getControl(AnimComposer.class).setCurrentAction("Walk");
        // 0.5 s of walking, as a SimpleApplication runs the scene
        for (int frame = 0; frame < 30; frame++) {
            scene.updateLogicalState(TPF);
            scene.updateGeometricState();
        }
        assertTrue(collider.capture());
        assertSame(collider, control.currentColliders().get(0), "same collider object across frames");
        double[] x = collider.capturedPositions().clone();
        Matrix4f[] mats = model.getControl(SkinningControl.class).getArmature().computeSkinningMatrices();
        FloatBuffer bind = (FloatBuffer) g.getMesh().getBuffer(VertexBuffer.Type.BindPosePosition).getData();
        double worst = 0;
        double moved = 0;
        int movedOverCm = 0;
        for (int i = 0; i < collider.vertexCount(); i++) {
            int v = collider.sourceVertex(i);
            worst = Math.max(worst, distance(x, i, reference(g, mats, v)));
            double d = distance(x, i, g.localToWorld(vertex(bind, v), null));
            moved = Math.max(moved, d);
            if (d > 0.01) {
                movedOverCm++;
            }
        }
        // the welded copies: do they share their representative's skin?
        double worstCopy = 0;
        for (int v = 0; v < g.getMesh().getVertexCount(); v++) {
            worstCopy = Math.max(worstCopy, distance(x, collider.weldedVertex(v), reference(g, mats, v)));
        }
        System.out.printf("walk 0.5 s: worst deviation from the reference %.3g m (welded copies %.3g m),"
                + " largest displacement from bind pose %.3f m, %d of %d vertices moved > 1 cm%n",
                worst, worstCopy, moved, movedOverCm, collider.vertexCount());
        assertTrue(worst < 1e-5, "worst deviation " + worst);
        assertTrue(worstCopy < 1e-5, "welded copies deviate by " + worstCopy);
        assertTrue(moved > 0.01, "largest displacement " + moved);

        // one more frame: the collider's vertex velocities are the motion over the frame
        SkinCollider same = control.currentColliders().get(0);
        same.beginInterval(-TPF, 0, 0);
        same.beforeStep(-TPF, 0);
        same.collider().setInterval(-TPF, 0);
        scene.updateLogicalState(TPF);
        scene.updateGeometricState();
        assertTrue(same.capture());
        double[] y = same.capturedPositions();
        same.beginInterval(0, TPF, 0);
        same.beforeStep(0, TPF);
        same.collider().setInterval(0, TPF);
        double[] v = same.mesh().velocities();
        double worstVelocity = 0;
        double fastest = 0;
        for (int i = 0; i < v.length; i++) {
            worstVelocity = Math.max(worstVelocity, Math.abs(v[i] - (y[i] - x[i]) / TPF));
            fastest = Math.max(fastest, Math.abs(v[i]));
        }
        System.out.printf("next frame: fastest vertex velocity component %.3f m/s%n", fastest);
        assertTrue(worstVelocity < 1e-6, "velocity error " + worstVelocity);
        assertTrue(fastest > 0.1, "the skin moves: " + fastest);
    }

    @Test
    void weldingClosesTheSeamsAndCappingTheHoles() {
        Node scene = new Node("scene");
        Spatial model = jaime(scene);
        scene.updateGeometricState();
        SkinnedColliderControl control = new SkinnedColliderControl();
        model.addControl(control);
        SkinCollider collider = control.currentColliders().get(0);
        IndexBuffer list = collider.geometry().getMesh().getIndicesAsList();
        int[] raw = new int[list.size()];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = list.get(i);
        }
        int rawOpen = MeshWelding.openEdges(raw);
        int open = collider.openEdgeCount();
        System.out.printf("Jaime: %d open edges before welding, %d after; closed: %b; %d triangles%n",
                rawOpen, open, collider.mesh().isClosed(), collider.mesh().triangleCount());
        // measured: 1126 → 114; the 114 are 7 boundary loops of 15-18 vertices in the face (eye
        // sockets, mouth): real holes of the model, not seams
        assertEquals(open == 0, collider.mesh().isClosed());
        assertTrue(open < rawOpen, "welding removes the seams' open edges");
        assertTrue(open > 0 && open < 200, "open edges after welding: " + open);

        // open: it collides as a two-sided surface, but contains() closes its small holes, so it
        // tells the head's inside from the outside
        double[] openHead = headCentroid(collider);
        assertTrue(collider.mesh().contains(openHead[0], openHead[1], openHead[2]), "open skin: inside the head");
        assertFalse(collider.mesh().contains(openHead[0], openHead[1] + 2, openHead[2]), "open skin: above the head");

        // capped: closed, and the head's inside is inside
        control.setCapHoles(true);
        SkinCollider capped = control.currentColliders().get(0);
        assertEquals(0, capped.openEdgeCount());
        assertTrue(capped.mesh().isClosed());
        double[] head = headCentroid(capped);
        assertTrue(capped.collider().contains(head[0], head[1], head[2]), "inside the head");
        assertFalse(capped.collider().contains(head[0], head[1] + 2, head[2]), "above the head");
    }

    /**
     * Captures the skin, poses its collider for the first frame and returns the centroid of the
     * vertices above 1.15 m in model space (the head), in world space.
     */
    private static double[] headCentroid(SkinCollider c) {
        assertTrue(c.capture());
        double[] x = c.capturedPositions();
        double[] head = new double[3];
        int count = 0;
        FloatBuffer bind = (FloatBuffer) c.geometry().getMesh().getBuffer(VertexBuffer.Type.BindPosePosition)
                .getData();
        for (int i = 0; i < c.vertexCount(); i++) {
            if (bind.get(3 * c.sourceVertex(i) + 1) > 1.15f) {
                for (int k = 0; k < 3; k++) {
                    head[k] += x[3 * i + k];
                }
                count++;
            }
        }
        for (int k = 0; k < 3; k++) {
            head[k] /= count;
        }
        c.beginInterval(0, TPF, 0);
        c.beforeStep(0, TPF);
        c.collider().setInterval(0, TPF);
        return head;

    }

    @Test
    void inflatePushesEveryVertexOutByTheDistance() {
        Node scene = new Node("scene");
        Spatial model = jaime(scene);
        scene.updateGeometricState();
        SkinnedColliderControl plain = new SkinnedColliderControl();
        model.addControl(plain);
        SkinCollider a = plain.currentColliders().get(0);
        assertTrue(a.capture());
        SkinnedColliderControl inflated = new SkinnedColliderControl();
        inflated.setInflate(0.02f);
        model.addControl(inflated);
        SkinCollider b = inflated.currentColliders().get(0);
        assertTrue(b.capture());
        double[] x = a.capturedPositions();
        double[] y = b.capturedPositions();
        // every vertex 2 cm away along a unit normal; on average outward (away from the centroid
        // of the skin)
        double[] centroid = new double[3];
        for (int i = 0; i < x.length; i++) {
            centroid[i % 3] += 3.0 * x[i] / x.length;
        }
        double worst = 0;
        double outward = 0;
        for (int i = 0; i < x.length; i += 3) {
            double dx = y[i] - x[i];
            double dy = y[i + 1] - x[i + 1];
            double dz = y[i + 2] - x[i + 2];
            worst = Math.max(worst, Math.abs(Math.sqrt(dx * dx + dy * dy + dz * dz) - 0.02));
            outward += dx * (x[i] - centroid[0]) + dy * (x[i + 1] - centroid[1]) + dz * (x[i + 2] - centroid[2]);
        }
        assertTrue(worst < 1e-6, "inflation error " + worst);
        assertTrue(outward > 0, "inflation points outward on average");
    }

    @Test
    void geometryNamesRestrictAndChangesRebuild() {
        Node scene = new Node("scene");
        Spatial model = jaime(scene);
        scene.updateGeometricState();
        SkinnedColliderControl control = new SkinnedColliderControl("no such geometry");
        model.addControl(control);
        List<SceneCollider> out = new ArrayList<>();
        control.collectColliders(out);
        assertTrue(out.isEmpty());
        control.setGeometryNames("JaimeGeom-geom-1");
        control.collectColliders(out);
        assertEquals(1, out.size());
        SceneCollider first = out.get(0);
        control.setInflate(0.01f);
        out.clear();
        control.collectColliders(out);
        assertNotSame(first, out.get(0));
        assertFalse(first.capture(), "a replaced collider reports its source gone");
        control.setEnabled(false);
        out.clear();
        control.collectColliders(out);
        assertTrue(out.isEmpty());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> control.setInflate(-1));
        assertTrue(e.getMessage().contains("spatial 'JaimeGeom-ogremesh'") && e.getMessage().contains("inflate"),
                e.getMessage());
        // a spatial without a SkinningControl provides nothing
        Node plain = new Node("plain");
        SkinnedColliderControl none = new SkinnedColliderControl();
        plain.addControl(none);
        out.clear();
        none.collectColliders(out);
        assertTrue(out.isEmpty());
    }
}
