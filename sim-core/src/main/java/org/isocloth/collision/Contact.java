package org.isocloth.collision;

/**
 * The result of one cloth-node query against a {@link Collider}: where the node must end the step
 * so that it is outside the collider by the collision thickness, the surface normal there, and
 * the velocity of the collider's surface (for friction). A mutable holder, reused by the caller.
 */
public final class Contact {
    /**
     * x_c: the node's corrected end-of-step position, world coordinates (m). For a node that ends
     * within the thickness of the surface, its end position moved along {@link #normal} to lie at
     * exactly {@code thickness} from the surface. For a node whose path crossed the surface during
     * the step (continuous detection), the position where an inelastic collision leaves it: the
     * path, taken in the collider's moving frame, stops at first contact at distance
     * {@code thickness} and keeps the rest of its tangential displacement.
     */
    public final double[] point = new double[3];
    /** Unit outward surface normal at the contact, end-of-step pose, world coordinates. */
    public final double[] normal = new double[3];
    /** Velocity (m/s) of the collider's material point at the contact, world coordinates. */
    public final double[] surfaceVelocity = new double[3];
    /**
     * Signed distance (m) of the node's end position from the surface along the outward side it
     * started on: negative when it ended inside or on the far side of the collider.
     */
    public double distance;
    /** Fraction of the step (0..1) at the first contact; 1 when only the end position is close. */
    public double time;
    /** Whether the contact came from continuous detection (the path crossed the surface). */
    public boolean crossed;
}
