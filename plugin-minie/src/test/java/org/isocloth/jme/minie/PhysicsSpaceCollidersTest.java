package org.isocloth.jme.minie;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.PhysicsRayTestResult;
import com.jme3.bullet.collision.shapes.BoxCollisionShape;
import com.jme3.bullet.collision.shapes.CapsuleCollisionShape;
import com.jme3.bullet.collision.shapes.CollisionShape;
import com.jme3.bullet.collision.shapes.CompoundCollisionShape;
import com.jme3.bullet.collision.shapes.HullCollisionShape;
import com.jme3.bullet.collision.shapes.MeshCollisionShape;
import com.jme3.bullet.collision.shapes.PlaneCollisionShape;
import com.jme3.bullet.collision.shapes.SphereCollisionShape;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.FastMath;
import com.jme3.math.Plane;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.shape.Box;
import java.util.ArrayList;
import java.util.List;
import org.isocloth.collision.Collider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.isocloth.jme.AnalyticSceneCollider;
import org.isocloth.jme.MeshSceneCollider;
import org.isocloth.jme.SceneCollider;

class PhysicsSpaceCollidersTest {
    private static final double DT = 1.0 / 60;

    private PhysicsSpace space;
    private PhysicsRigidBody sphere;
    private PhysicsRigidBody box;
    private PhysicsRigidBody capsule;
    private PhysicsRigidBody hull;
    private PhysicsRigidBody mesh;
    private PhysicsRigidBody floor;
    private PhysicsRigidBody compound;

    @BeforeAll
    static void loadBullet() {
        BulletNatives.load();
    }

    private PhysicsRigidBody add(CollisionShape shape, float mass, Vector3f location, Quaternion rotation) {
        PhysicsRigidBody body = new PhysicsRigidBody(shape, mass);
        body.setPhysicsLocation(location);
        body.setPhysicsRotation(rotation);
        space.addCollisionObject(body);
        return body;
    }

    @BeforeEach
    void buildSpace() {
        space = new PhysicsSpace(PhysicsSpace.BroadphaseType.DBVT);
        space.setGravity(Vector3f.ZERO);
        Quaternion none = new Quaternion();
        // dynamic ball, radius 0.5 at (0, 1, 0)
        sphere = add(new SphereCollisionShape(0.5f), 1, new Vector3f(0, 1, 0), none);
        // static box, half extents (0.5, 1, 1.5) turned 90° about Z (local X → world Y, local Y →
        // world −X) at (5, 0, 0): world half extents (1, 0.5, 1.5)
        box = add(new BoxCollisionShape(0.5f, 1, 1.5f), 0, new Vector3f(5, 0, 0),
                new Quaternion().fromAngleAxis(FastMath.HALF_PI, Vector3f.UNIT_Z));
        // kinematic capsule along X: radius 0.3, height 1, at (0, 0, 5): tips at x = ±0.8
        capsule = add(new CapsuleCollisionShape(0.3f, 1, 0), 1, new Vector3f(0, 0, 5), none);
        capsule.setKinematic(true);
        // hull of the unit cube's corners, shape scale (2, 1, 1), at (−5, 0, 0): half extents (1, 0.5, 0.5)
        HullCollisionShape hullShape = new HullCollisionShape(new float[] {-.5f, -.5f, -.5f, .5f, -.5f, -.5f,
            -.5f, .5f, -.5f, .5f, .5f, -.5f, -.5f, -.5f, .5f, .5f, -.5f, .5f, -.5f, .5f, .5f, .5f, .5f, .5f});
        hullShape.setScale(new Vector3f(2, 1, 1));
        hull = add(hullShape, 1, new Vector3f(-5, 0, 0), none);
        // static mesh of a cube of half size 0.5, shape scale 2, turned 45° about Y, at (0, −5, 0):
        // along world X the cube reaches its vertical edge at 2·0.5·√2 = 1.4142
        MeshCollisionShape meshShape = new MeshCollisionShape(new Box(0.5f, 0.5f, 0.5f));
        meshShape.setScale(2);
        mesh = add(meshShape, 0, new Vector3f(0, -5, 0),
                new Quaternion().fromAngleAxis(FastMath.QUARTER_PI, Vector3f.UNIT_Y));
        // floor: normal +Y, constant −10 (y = −10)
        floor = add(new PlaneCollisionShape(new Plane(Vector3f.UNIT_Y, -10)), 0, new Vector3f(), none);
        // compound: a ball of radius 0.2 offset by (1, 0, 0), compound scale 2 (Bullet scales the
        // offset too: centre at 2, radius 0.4), body turned 90° about Y (X → −Z) at (0, 0, −5):
        // centre (0, 0, −7)
        CompoundCollisionShape compoundShape = new CompoundCollisionShape();
        compoundShape.addChildShape(new SphereCollisionShape(0.2f), new Vector3f(1, 0, 0));
        compoundShape.setScale(new Vector3f(2, 2, 2));
        compound = add(compoundShape, 0, new Vector3f(0, 0, -5),
                new Quaternion().fromAngleAxis(FastMath.HALF_PI, Vector3f.UNIT_Y));
    }

    private static List<SceneCollider> collect(PhysicsSpaceColliders provider) {
        List<SceneCollider> out = new ArrayList<>();
        provider.collectColliders(out);
        return out;
    }

    /** The single collider of a body, captured and posed at the end of its first interval. */
    private static Collider posed(PhysicsSpaceColliders provider, PhysicsRigidBody body) {
        List<SceneCollider> parts = provider.collidersOf(body);
        assertEquals(1, parts.size(), body.toString());
        SceneCollider sc = parts.get(0);
        assertTrue(sc.capture());
        sc.beginInterval(0, DT, 0);
        sc.beforeStep(0, DT);
        sc.collider().setInterval(DT, DT);
        return sc.collider();
    }

    @Test
    void everyBodyBecomesOneColliderWithItsWorldTransform() {
        PhysicsSpaceColliders provider = new PhysicsSpaceColliders(space);
        assertEquals(7, collect(provider).size());

        Collider ball = posed(provider, sphere);
        assertTrue(ball.contains(0, 1.49, 0));
        assertFalse(ball.contains(0, 1.51, 0));

        Collider crate = posed(provider, box);
        assertTrue(crate.contains(5 + 0.99, 0, 0));
        assertFalse(crate.contains(5 + 1.01, 0, 0));
        assertTrue(crate.contains(5, 0.49, 0));
        assertFalse(crate.contains(5, 0.51, 0));
        assertTrue(crate.contains(5, 0, -1.49));
        assertFalse(crate.contains(5, 0, -1.51));

        Collider pill = posed(provider, capsule);
        assertTrue(pill.contains(0.79, 0, 5));
        assertFalse(pill.contains(0.81, 0, 5));
        assertTrue(pill.contains(0, 0.29, 5));
        assertFalse(pill.contains(0, 0.31, 5));

        // the hull without its 0.04 m margin: the scaled cube's faces
        Collider hullCollider = posed(provider, hull);
        assertInstanceOf(MeshSceneCollider.class, provider.collidersOf(hull).get(0));
        assertTrue(((MeshSceneCollider) provider.collidersOf(hull).get(0)).mesh().isClosed());
        assertTrue(hullCollider.contains(-5 + 0.99, 0, 0));
        assertFalse(hullCollider.contains(-5 + 1.01, 0, 0));
        assertTrue(hullCollider.contains(-5, 0.49, 0.3));
        assertFalse(hullCollider.contains(-5, 0.51, 0.3));

        Collider meshCollider = posed(provider, mesh);
        assertTrue(((MeshSceneCollider) provider.collidersOf(mesh).get(0)).mesh().isClosed());
        assertTrue(meshCollider.contains(1.404, -5, 0));
        assertFalse(meshCollider.contains(1.424, -5, 0));
        assertTrue(meshCollider.contains(0, -5 + 0.99, 0));
        assertFalse(meshCollider.contains(0, -5 + 1.01, 0));

        Collider ground = posed(provider, floor);
        assertTrue(ground.contains(3, -10.01, 7));
        assertFalse(ground.contains(3, -9.99, 7));

        Collider child = posed(provider, compound);
        assertTrue(child.contains(0, 0, -7 + 0.39));
        assertFalse(child.contains(0, 0, -7 + 0.41));
        assertFalse(child.contains(0, 0, -6 + 0.39), "the offset is scaled with the compound");
    }

    @Test
    void compoundChildAgreesWithBulletsOwnRayTest() {
        // Bullet itself: a ray down −Z from (0, 0, −4) first meets the child ball at z = −6.6
        space.update(0f);
        List<PhysicsRayTestResult> hits = space.rayTest(new Vector3f(0, 0, -4), new Vector3f(0, 0, -8));
        assertEquals(1, hits.size());
        double bulletHit = -4 - 4 * hits.get(0).getHitFraction();
        assertEquals(-6.6, bulletHit, 1e-3);
        PhysicsSpaceColliders provider = new PhysicsSpaceColliders(space);
        collect(provider);
        Collider child = posed(provider, compound);
        assertTrue(child.contains(0, 0, bulletHit - 1e-3));
        assertFalse(child.contains(0, 0, bulletHit + 1e-3));
    }

    @Test
    void sameObjectsAcrossFramesMotionAndRemovedBodiesDisappear() {
        PhysicsSpaceColliders provider = new PhysicsSpaceColliders(space);
        List<SceneCollider> first = collect(provider);
        for (SceneCollider c : first) {
            assertTrue(c.capture(), c.getName());
            c.beginInterval(-DT, 0, 0);
        }
        List<SceneCollider> second = collect(provider);
        assertEquals(first.size(), second.size());
        for (int i = 0; i < first.size(); i++) {
            assertSame(first.get(i), second.get(i));
        }
        // the kinematic capsule moves 0.1 m along X in one frame: 0.1 / DT = 6 m/s
        SceneCollider pill = provider.collidersOf(capsule).get(0);
        capsule.setPhysicsLocation(new Vector3f(0.1f, 0, 5));
        assertTrue(pill.capture());
        pill.beginInterval(0, DT, 0);
        assertArrayEquals(new double[] {6, 0, 0}, ((AnalyticSceneCollider) pill).shape().velocity(), 1e-4);

        SceneCollider crate = provider.collidersOf(box).get(0);
        space.removeCollisionObject(box);
        List<SceneCollider> third = collect(provider);
        assertEquals(first.size() - 1, third.size());
        assertFalse(third.contains(crate));
        assertFalse(crate.capture(), "a body that left the space reports its source gone");
        assertTrue(provider.collidersOf(box).isEmpty());

        // a new shape gives a new collider
        SceneCollider ball = provider.collidersOf(sphere).get(0);
        sphere.setCollisionShape(new SphereCollisionShape(1));
        collect(provider);
        SceneCollider bigBall = provider.collidersOf(sphere).get(0);
        assertNotSame(ball, bigBall);
        assertFalse(ball.capture());
        assertTrue(bigBall.capture());
        bigBall.beginInterval(0, DT, 0);
        bigBall.collider().setInterval(DT, DT);
        assertTrue(bigBall.collider().contains(0, 1.99, 0));

        // the filter drops bodies
        provider.setFilter(body -> body.getMass() == 0);
        List<SceneCollider> statics = collect(provider);
        assertEquals(3, statics.size(), "mesh, floor and compound");
        assertFalse(bigBall.capture());
    }

    @Test
    void frictionIsTheClothsUnlessOverriddenPerBody() {
        PhysicsSpaceColliders provider = new PhysicsSpaceColliders(space);
        sphere.setFriction(0.9f); // Bullet's, not used
        provider.setFriction(box, 0.4f);
        collect(provider);
        Collider ball = posed(provider, sphere);
        Collider crate = posed(provider, box);
        assertTrue(Double.isNaN(ball.friction()));
        assertEquals(0.4, crate.friction(), 1e-7);
        provider.setFriction(box, Float.NaN);
        assertTrue(provider.collidersOf(box).get(0).capture());
        assertTrue(Double.isNaN(crate.friction()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> provider.setFriction(box, -1));
        assertTrue(e.getMessage().contains("friction"), e.getMessage());
        // the range of a scene collider's friction, [0, 10]: both ends accepted, the next float
        // beyond refused
        provider.setFriction(box, 10);
        assertEquals(10f, provider.getFriction(box));
        provider.setFriction(box, 0);
        assertThrows(IllegalArgumentException.class, () -> provider.setFriction(box, Math.nextUp(10f)));
        assertThrows(IllegalArgumentException.class, () -> provider.setFriction(box, -Float.MIN_VALUE));
        assertThrows(IllegalArgumentException.class, () -> provider.setFriction(box, Float.POSITIVE_INFINITY));
    }
}
