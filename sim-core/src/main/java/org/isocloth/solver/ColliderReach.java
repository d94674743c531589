package org.isocloth.solver;

import org.isocloth.collision.Collider;
import org.isocloth.collision.Contact;

/**
 * Whether any collider can touch the cloth during the coming step: a bounds test that lets
 * {@link ProjectionMode#AUTO} take Newton steps while the colliders are out of reach (a flag
 * beside its pole, a sheet falling towards a floor still far below) and fast projection once one
 * comes near.
 *
 * <p>The cloth's box holds every node at the step's start and at its prediction x̃, grown by the
 * largest predicted move times {@link #REACH_MOVES} and {@link #REACH_THICKNESSES} collision
 * thicknesses (a contact is registered within the thickness; the margin keeps a cloth that hovers
 * near a collider, a cape on a walking body, on fast projection rather than switching every few
 * steps, which measured worse). A collider is within reach
 * when it may enter the cloth's box during the step ({@link Collider#mayReach}, after
 * {@link Collider#setInterval}: its swept box meets the cloth's, or for a plane, a corner of the
 * cloth's box lies on or below it) and a node's path from its start to its prediction comes
 * that near it, counting that node's own move ({@link Collider#contact}), so a pinned hem 3 cm
 * from a pole does not count.
 */
final class ColliderReach {
    /** A node is near a collider within this many thicknesses ... */
    static final double REACH_THICKNESSES = 4;
    /** ... plus this many times its own predicted move. */
    static final double REACH_MOVES = 3;

    private ColliderReach() {
    }

    /**
     * @param s the solver, its prediction taken and its colliders' interval set for the step
     * @return whether a collider's swept box meets the cloth's box
     */
    static boolean within(ClothSolver s) {
        if (s.colliders.isEmpty()) {
            return false;
        }
        double[] x = s.x;
        double[] p = s.xTilde;
        double[] box = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        double move2 = 0;
        for (int i = 0; i < x.length; i += 3) {
            double d2 = 0;
            for (int a = 0; a < 3; a++) {
                double u = x[i + a];
                double w = p[i + a];
                box[a] = Math.min(box[a], Math.min(u, w));
                box[3 + a] = Math.max(box[3 + a], Math.max(u, w));
                d2 += (w - u) * (w - u);
            }
            move2 = Math.max(move2, d2);
        }
        double grow = REACH_MOVES * Math.sqrt(move2) + REACH_THICKNESSES * s.material.thickness();
        for (int a = 0; a < 3; a++) {
            box[a] -= grow;
            box[3 + a] += grow;
        }
        Contact probe = null;
        for (Collider col : s.colliders) {
            if (!col.mayReach(box)) {
                continue;
            }
            // the box is near: ask node by node
            if (probe == null) {
                probe = new Contact();
            }
            for (int i = 0; i < x.length / 3; i++) {
                double dx = p[3 * i] - x[3 * i];
                double dy = p[3 * i + 1] - x[3 * i + 1];
                double dz = p[3 * i + 2] - x[3 * i + 2];
                double reach = REACH_THICKNESSES * s.material.thickness()
                        + REACH_MOVES * Math.sqrt(dx * dx + dy * dy + dz * dz);
                if (col.contact(x, p, i, reach, probe)) {
                    return true;
                }
            }
        }
        return false;
    }
}
