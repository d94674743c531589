package org.isocloth.jme.minie;

import com.jme3.app.SimpleApplication;
import com.jme3.bullet.BulletAppState;
import com.jme3.bullet.objects.PhysicsRigidBody;
import org.isocloth.jme.ClothAppState;

/**
 * The Minie snippet of docs/colliders-jme.md, verbatim, in the context it assumes, so that the
 * compiler checks it (the core module's DocSnippetsTest finds it here).
 */
abstract class MinieDocSnippets extends SimpleApplication {
    BulletAppState bulletAppState;
    PhysicsRigidBody tableBody;
    ClothAppState clothAppState;

    void minie() {
        PhysicsSpaceColliders bodies = new PhysicsSpaceColliders(bulletAppState.getPhysicsSpace());
        bodies.setFriction(tableBody, 0.6f);                 // optional, per body
        bodies.setFilter(body -> body.getMass() == 0);        // optional: only static bodies
        clothAppState.addColliderProvider(bodies);
    }
}
