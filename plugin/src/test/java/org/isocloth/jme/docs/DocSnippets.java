package org.isocloth.jme.docs;

import com.jme3.app.SimpleApplication;
import com.jme3.bullet.BulletAppState;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.Vector3f;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.ClothColliderControl;
import org.isocloth.jme.ClothPanelState;
import org.isocloth.jme.PhysicsSpaceColliders;
import org.isocloth.jme.SkinnedColliderControl;

/**
 * Every Java snippet of docs/colliders-jme.md and docs/panel.md, verbatim, in the context it
 * assumes, so that the compiler checks them; {@link DocSnippetsTest} checks that each snippet in
 * the docs appears here.
 */
abstract class DocSnippets extends SimpleApplication {
    Node ball = new Node("ball");
    Node arm = new Node("arm");
    Node crate = new Node("crate");
    Node floor = new Node("floor");
    BulletAppState bulletAppState;
    PhysicsRigidBody tableBody;
    ClothAppState clothAppState;

    void sceneGraphColliders() {
        ball.addControl(ClothColliderControl.sphere(0.5f));                 // radius
        arm.addControl(ClothColliderControl.capsule(0.08f, 0.5f));           // radius, height along local Y
        crate.addControl(ClothColliderControl.box(new Vector3f(1, 0.5f, 1))); // half extents
        floor.addControl(ClothColliderControl.plane());                      // local +Y normal, through the origin

        ClothColliderControl c = ClothColliderControl.capsule(0.08f, 0.5f);
        c.setOffset(new Vector3f(0, 0.3f, 0)); // centre in the spatial's local frame
        c.setFriction(0.8f);                   // NaN (default): the cloth's friction
    }

    void minie() {
        PhysicsSpaceColliders bodies = new PhysicsSpaceColliders(bulletAppState.getPhysicsSpace());
        bodies.setFriction(tableBody, 0.6f);                 // optional, per body
        bodies.setFilter(body -> body.getMass() == 0);        // optional: only static bodies
        clothAppState.addColliderProvider(bodies);
    }

    void skinned() {
        Spatial jaime = assetManager.loadModel("Models/Jaime/Jaime.j3o");
        SkinnedColliderControl skin = new SkinnedColliderControl(); // or new SkinnedColliderControl("Body")
        skin.setInflate(0.01f);   // push the surface 1 cm out along the normals (loose garments)
        skin.setCapHoles(true);   // close the eye sockets and mouth: a closed skin has an inside
        jaime.addControl(skin);   // on the model root, the spatial with (or above) the SkinningControl
    }

    void panel() {
        stateManager.attach(new ClothAppState());
        stateManager.attach(new ClothPanelState());   // finds the ClothAppState; glass style
        flyCam.setDragToRotate(true);                  // so that the mouse can reach the panel
    }
}
