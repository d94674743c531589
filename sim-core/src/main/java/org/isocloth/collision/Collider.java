package org.isocloth.collision;

import java.util.Objects;

/**
 * A rigid or animated obstacle the cloth collides with. Subclasses: analytic shapes (sphere,
 * capsule, box, plane) moving kinematically, and triangle meshes given per step.
 *
 * <p>Use per step: {@link #setInterval(double, double)} with the step's start and end times, then
 * {@link #contact} for each cloth node with its start and end positions, and {@link #contains}
 * for the penetration metric at the end pose. Implementations are not thread-safe.
 *
 * <p>All quantities SI: metres, seconds, radians.
 */
public abstract class Collider {
    private final String name;
    private double friction = Double.NaN;

    /**
     * @param name name used in messages and logs, for example {@code colliders[2]} (not null)
     */
    protected Collider(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** @return the name used in messages (not null) */
    public final String name() {
        return name;
    }

    /**
     * @return this collider's Coulomb friction coefficient, or NaN when the cloth's applies
     */
    public final double friction() {
        return friction;
    }

    /**
     * @param mu Coulomb friction coefficient in [0, 10], or NaN to use the cloth's
     * @throws IllegalArgumentException if mu is out of range
     */
    public final void setFriction(double mu) {
        if (!Double.isNaN(mu) && !(mu >= 0 && mu <= 10)) {
            throw new IllegalArgumentException(name + ".friction: must be in [0, 10] (got " + mu + ")");
        }
        friction = mu;
    }

    /**
     * Places the collider at its poses for a step from time t0 to t1 (seconds since the start of
     * the simulation). Queries then refer to this interval.
     *
     * @param t0 start of the step
     * @param t1 end of the step (&gt; t0)
     */
    public abstract void setInterval(double t0, double t1);

    /**
     * Tests one cloth node moving from its start position (at t0) to its end position (at t1).
     *
     * @param start node positions at the start of the step, flat xyz array
     * @param end node positions at the end of the step, flat xyz array
     * @param node node index (reads {@code [3·node, 3·node+3)} of both arrays)
     * @param thickness collision thickness (m, &gt; 0)
     * @param out filled when a contact is found (not null)
     * @return true when the end position lies within {@code thickness} of the surface (or inside),
     *     or the path crossed the surface during the step
     */
    public abstract boolean contact(double[] start, double[] end, int node, double thickness, Contact out);

    /**
     * Whether a point is strictly inside the solid at the end pose of the interval (exact check for
     * the {@code penetrations} metric, independent of {@link #contact}). Surfaces that enclose no
     * volume (open meshes) contain no point; a plane contains its negative half-space.
     *
     * @param x world x (m)
     * @param y world y (m)
     * @param z world z (m)
     * @return true if strictly inside
     */
    public abstract boolean contains(double x, double y, double z);

    /**
     * Axis-aligned bounds of the collider swept over the interval, for broad-phase culling.
     * Unbounded shapes (planes) return infinite bounds.
     *
     * @param out6 receives min x, y, z then max x, y, z (m)
     */
    public abstract void sweptBounds(double[] out6);

    /**
     * Whether the collider can reach into a box during the interval: by default whether its
     * {@linkplain #sweptBounds swept bounds} meet the box; an unbounded shape may answer more
     * precisely.
     *
     * @param box6 min x, y, z then max x, y, z (m)
     * @return false only if no point of the collider enters the box during the interval
     */
    public boolean mayReach(double[] box6) {
        double[] c = new double[6];
        sweptBounds(c);
        for (int a = 0; a < 3; a++) {
            if (c[a] > box6[3 + a] || c[3 + a] < box6[a]) {
                return false;
            }
        }
        return true;
    }
}
