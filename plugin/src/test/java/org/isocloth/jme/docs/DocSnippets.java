package org.isocloth.jme.docs;

import com.jme3.anim.util.AnimMigrationUtils;
import com.jme3.app.SimpleApplication;
import com.jme3.math.Vector3f;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.ClothColliderControl;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.SkinnedColliderControl;

/**
 * The Java snippets of docs/jme.md and docs/colliders-jme.md that need only this module, verbatim, in the context
 * they assume, so that the compiler checks them (the Minie and Lemur modules compile theirs); {@link DocSnippetsTest} checks that each snippet in
 * the docs appears here.
 */
abstract class DocSnippets extends SimpleApplication {
    Node ball = new Node("ball");
    Node arm = new Node("arm");
    Node crate = new Node("crate");
    Node floor = new Node("floor");
    ClothAppState clothAppState;
    Spatial shirt;
    Spatial cape;

    void layeredGarments() {
        shirt.getControl(ClothControl.class).setClothGroup("jaime");
        cape.getControl(ClothControl.class).setClothGroup("jaime");
    }

    void sceneGraphColliders() {
        ball.addControl(ClothColliderControl.sphere(0.5f));                 // radius
        arm.addControl(ClothColliderControl.capsule(0.08f, 0.5f));           // radius, height along local Y
        crate.addControl(ClothColliderControl.box(new Vector3f(1, 0.5f, 1))); // half extents
        floor.addControl(ClothColliderControl.plane());                      // local +Y normal, through the origin

        ClothColliderControl c = ClothColliderControl.capsule(0.08f, 0.5f);
        c.setOffset(new Vector3f(0, 0.3f, 0)); // centre in the spatial's local frame
        c.setFriction(0.8f);                   // NaN (default): the cloth's friction
    }

    void skinned() {
        // Jaime carries the old AnimControl: migrate it to the AnimComposer and SkinningControl
        Spatial jaime = AnimMigrationUtils.migrate(assetManager.loadModel("Models/Jaime/Jaime.j3o"));
        SkinnedColliderControl skin = new SkinnedColliderControl(); // or new SkinnedColliderControl("Body")
        skin.setInflate(0.01f);   // push the surface 1 cm out along the normals (loose garments)
        skin.setCapHoles(true);   // close the eye sockets and mouth: a closed skin has an inside
        jaime.addControl(skin);   // on the model root, the spatial with (or above) the SkinningControl
    }
}
