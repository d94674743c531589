package org.isocloth.samples;

import com.jme3.anim.AnimComposer;
import com.jme3.anim.SkinningControl;
import com.jme3.anim.util.AnimMigrationUtils;
import com.jme3.asset.AssetManager;
import com.jme3.material.Material;
import com.jme3.math.ColorRGBA;
import com.jme3.math.FastMath;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import com.jme3.scene.shape.Box;
import com.jme3.scene.shape.Cylinder;
import com.jme3.scene.shape.Sphere;
import org.isocloth.jme.ClothColliderControl;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.ClothMeshes;
import org.isocloth.jme.PinGroup;
import org.isocloth.jme.SkinnedColliderControl;

/**
 * The previewer's default scene, built with the plugin's public API only: Jaime (jme3-testdata)
 * walking in a cape pinned to its ribs joint, a flag on a pole in gusty wind, and a tablecloth on
 * a table. Every length in metres.
 */
public final class Showcase {
    /** The cape's colour (the rendered test looks for it). */
    public static final ColorRGBA CAPE = new ColorRGBA(0.80f, 0.05f, 0.08f, 1);
    /** The flag's colour. */
    public static final ColorRGBA FLAG = new ColorRGBA(0.10f, 0.35f, 0.95f, 1);
    /** The tablecloth's colour. */
    public static final ColorRGBA TABLECLOTH = new ColorRGBA(0.95f, 0.85f, 0.30f, 1);

    private Showcase() {
    }

    /** What {@link #build} made. */
    public record Parts(Node root, Spatial character, ClothControl cape, ClothControl flag, ClothControl tablecloth) {
    }

    /**
     * Builds the scene.
     *
     * @param assets the asset manager (jme3-testdata on the classpath)
     * @return the scene's root and its cloths
     */
    public static Parts build(AssetManager assets) {
        Node root = new Node("showcase");
        Geometry floor = new Geometry("floor", new Box(4, 0.01f, 4));
        floor.setMaterial(lit(assets, new ColorRGBA(0.35f, 0.37f, 0.33f, 1)));
        floor.setLocalTranslation(0, -0.01f, 0);
        root.attachChild(floor);
        floor.addControl(ClothColliderControl.plane());

        // Jaime walking, with a cape on its back (see JaimeCapeTest for the measured run)
        Spatial jaime = AnimMigrationUtils.migrate(assets.loadModel("Models/Jaime/Jaime.j3o"));
        root.attachChild(jaime);
        AnimComposer composer = find(jaime, AnimComposer.class);
        composer.setCurrentAction("Walk");
        SkinningControl skinning = find(jaime, SkinningControl.class);
        jaime.addControl(new SkinnedColliderControl());
        Geometry cape = new Geometry("cape", ClothMeshes.grid(0.36f, 0.38f, 12, 12));
        cape.setMaterial(lit(assets, CAPE));
        cape.setLocalTranslation(0, 0.50f, -0.14f);
        ClothControl capeCloth = new ClothControl();
        capeCloth.addPinGroup(PinGroup.box(new Vector3f(-1, 0.375f, -1), new Vector3f(1, 0.385f, 1))
                .follow(skinning.getAttachmentsNode("ribs")));
        cape.addControl(capeCloth);
        root.attachChild(cape);

        // a flag on a pole, streaming in the wind (drag makes it feel the wind)
        Node pole = new Node("pole");
        pole.setLocalTranslation(-0.6f, 0, -1.5f);
        Geometry poleGeometry = new Geometry("pole", new Cylinder(4, 12, 0.02f, 2.0f, true));
        poleGeometry.setLocalRotation(new Quaternion().fromAngles(FastMath.HALF_PI, 0, 0));
        poleGeometry.setLocalTranslation(0, 1.0f, 0);
        poleGeometry.setMaterial(lit(assets, new ColorRGBA(0.6f, 0.6f, 0.6f, 1)));
        pole.attachChild(poleGeometry);
        ClothColliderControl poleCollider = ClothColliderControl.capsule(0.02f, 2.0f);
        poleCollider.setOffset(new Vector3f(0, 1.0f, 0));
        pole.addControl(poleCollider);
        root.attachChild(pole);
        Geometry flag = new Geometry("flag", ClothMeshes.grid(0.75f, 0.5f, 12, 8));
        flag.setMaterial(lit(assets, FLAG));
        flag.setLocalTranslation(-0.6f + 0.375f + 0.03f, 1.45f, -1.5f);
        ClothControl flagCloth = new ClothControl();
        flagCloth.setDrag(1.5f);
        flagCloth.setDensity(0.12f);
        flagCloth.setSelfCollisions(false);
        flagCloth.addPinGroup(PinGroup.box(new Vector3f(-0.38f, -1, -1), new Vector3f(-0.37f, 1, 1)));
        flag.addControl(flagCloth);
        root.attachChild(flag);

        // a table with a tablecloth laid on it (it drapes over the edges)
        Node table = new Node("table");
        table.setLocalTranslation(-1.5f, 0, -0.3f);
        Geometry top = new Geometry("tabletop", new Box(0.45f, 0.02f, 0.30f));
        top.setLocalTranslation(0, 0.70f, 0);
        top.setMaterial(lit(assets, new ColorRGBA(0.45f, 0.28f, 0.15f, 1)));
        top.addControl(ClothColliderControl.box(new Vector3f(0.45f, 0.02f, 0.30f)));
        table.attachChild(top);
        for (int i = 0; i < 4; i++) {
            Geometry leg = new Geometry("leg" + i, new Box(0.02f, 0.35f, 0.02f));
            leg.setLocalTranslation(i % 2 == 0 ? -0.4f : 0.4f, 0.35f, i < 2 ? -0.25f : 0.25f);
            leg.setMaterial(top.getMaterial());
            table.attachChild(leg);
        }
        root.attachChild(table);
        Geometry tablecloth = new Geometry("tablecloth", ClothMeshes.grid(1.1f, 0.8f, 11, 8));
        tablecloth.setMaterial(lit(assets, TABLECLOTH));
        tablecloth.setLocalRotation(new Quaternion().fromAngles(-FastMath.HALF_PI, 0, 0));
        tablecloth.setLocalTranslation(-1.5f, 0.73f, -0.3f + 0.4f);
        ClothControl tableclothCloth = new ClothControl();
        tableclothCloth.setBendingStiffness(3e-5f);
        tableclothCloth.setDensity(0.25f);
        tableclothCloth.setSelfCollisions(false);
        tablecloth.addControl(tableclothCloth);
        root.attachChild(tablecloth);

        // pose the character before the cloth is built around it (its bind pose is a T-pose)
        root.updateLogicalState(0);
        root.updateGeometricState();

        Geometry marker = new Geometry("sun", new Sphere(8, 8, 0.05f));
        marker.setMaterial(lit(assets, ColorRGBA.Yellow));
        marker.setLocalTranslation(0, 2.4f, -2);
        root.attachChild(marker);
        return new Parts(root, jaime, capeCloth, flagCloth, tableclothCloth);
    }

    /** A two-sided lit material of one colour. */
    static Material lit(AssetManager assets, ColorRGBA color) {
        Material m = new Material(assets, "Common/MatDefs/Light/Lighting.j3md");
        m.setBoolean("UseMaterialColors", true);
        m.setColor("Diffuse", color);
        m.setColor("Ambient", color.mult(0.6f));
        m.setColor("Specular", ColorRGBA.White.mult(0.1f));
        m.setFloat("Shininess", 8);
        m.getAdditionalRenderState().setFaceCullMode(com.jme3.material.RenderState.FaceCullMode.Off);
        return m;
    }

    static <T extends com.jme3.scene.control.Control> T find(Spatial s, Class<T> type) {
        Object[] out = new Object[1];
        s.depthFirstTraversal(x -> {
            if (out[0] == null && x.getControl(type) != null) {
                out[0] = x.getControl(type);
            }
        });
        if (out[0] == null) {
            throw new IllegalStateException("no " + type.getSimpleName() + " in " + s.getName());
        }
        return type.cast(out[0]);
    }
}
