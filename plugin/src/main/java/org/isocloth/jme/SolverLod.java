package org.isocloth.jme;

import com.jme3.bounding.BoundingVolume;
import com.jme3.math.Vector3f;
import com.jme3.scene.Spatial;

/**
 * The distance from the camera beyond which a cloth is stepped by shape matching instead of its
 * own solver method ({@link ClothControl#setShapeMatchingDistance}): the level of detail a game
 * gives cloth on characters far away. A cloth switches to shape matching when it is farther than
 * the distance and back once it is nearer than {@link #HYSTERESIS} less, so a camera hovering at
 * the distance does not switch it every frame.
 */
final class SolverLod {
    /** Fraction of the distance by which the cloth must come nearer to switch back. */
    static final float HYSTERESIS = 0.1f;

    private float distance = Float.POSITIVE_INFINITY;
    private boolean far;

    /** @return the distance in metres; +∞: never switched */
    float distance() {
        return distance;
    }

    /**
     * @param d the distance in metres, &gt; 0 (+∞ switches the level of detail off)
     * @param name the cloth's name, for the message
     * @throws IllegalArgumentException if d is NaN or not positive
     */
    void setDistance(float d, String name) {
        if (!(d > 0)) {
            throw new IllegalArgumentException(name + ".shapeMatchingDistance: must be > 0 m, or infinite to switch"
                    + " the level of detail off (got " + d + ")");
        }
        distance = d;
        if (d == Float.POSITIVE_INFINITY) {
            far = false;
        }
    }

    /** @return whether the cloth is stepped by shape matching for its distance */
    boolean isFar() {
        return far;
    }

    /** @return a level of detail with this one's distance, near */
    SolverLod copy() {
        SolverLod c = new SolverLod();
        c.distance = distance;
        return c;
    }

    /**
     * Takes the distance from the camera to the centre of the cloth's world bound this frame.
     *
     * @return whether the cloth switched
     */
    boolean observe(Spatial cloth, Vector3f camera) {
        if (distance == Float.POSITIVE_INFINITY) {
            return false;
        }
        BoundingVolume b = cloth.getWorldBound();
        return observe(camera.distance(b != null ? b.getCenter() : cloth.getWorldTranslation()));
    }

    /**
     * Takes the cloth's distance from the camera this frame.
     *
     * @param cameraDistance the distance in metres (NaN: unknown, nothing changes)
     * @return whether the cloth switched
     */
    boolean observe(float cameraDistance) {
        if (far && cameraDistance < distance * (1 - HYSTERESIS)) {
            far = false;
            return true;
        }
        if (!far && cameraDistance > distance) {
            far = true;
            return true;
        }
        return false;
    }
}
