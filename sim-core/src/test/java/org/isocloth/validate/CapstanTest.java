package org.isocloth.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The capstan case of the validation suite: a strip over a bar, its ends hanging. */
class CapstanTest {
    @Test
    void referenceIsTheCapstanEquation() {
        // μ = 0.3 gives e^{0.3π} = 2.566: ends of 0.08 and 0.16 m (ratio 2) hold, 0.06 and 0.24 m
        // (ratio 4) do not. Without friction, ends of 0.1 and 0.2 m over a bar of 3 cm (strip
        // 0.1 + 0.2 + π · 0.033 = 0.4037 m) start down at g · 0.1/0.4037 = 2.430 m/s².
        assertTrue(new Capstan(0.3, 0.08, 0.16, 60).holds());
        assertFalse(new Capstan(0.3, 0.06, 0.24, 60).holds());
        assertEquals(2.430, new Capstan(0, 0.1, 0.2, 60).frictionlessAcceleration(), 1e-3);
    }

    @Test
    void aFrictionlessStripRunsOffTheBarAsTheCoshLawSays() {
        // d'' = g (0.1 + 2d)/0.4037 from rest: d(0.2 s) = 0.05 (cosh(6.971 · 0.2) − 1) = 0.0570 m.
        // Backward Euler at 60 steps/s would overshoot that by 17 % for a rigid chain (0.0668 m);
        // contacts on the curved bar take some of it back. Every way of holding collider contacts
        // must land within 10 % of the continuum drop (measured +5.8 % with planes, −3.0 % with
        // springs, with or without exact friction: μ = 0 gives it nothing to do).
        Capstan c = new Capstan(0, 0.1, 0.2, 60);
        double expected = c.frictionlessDrop(0.2);
        assertEquals(0.0570, expected, 1e-4);
        for (ContactMethod contacts : ContactMethod.values()) {
            assertEquals(expected, c.run(0.2, contacts), 0.1 * expected, contacts.label());
        }
    }

    @Test
    void aStripBeyondTheCapstanRatioSlides() {
        // Ends of 0.06 and 0.24 m with μ = 0.3: the ratio 4 exceeds e^{0.3π} = 2.57, so friction
        // cannot hold the strip and the long end runs down; frictionless it would start at
        // g · 0.18/0.4037 = 4.4 m/s². At least 5 cm in 1 s with either contact method (measured
        // 0.42 m with planes, 0.64 m with springs and 0.75 m with exact friction).
        Capstan c = new Capstan(0.3, 0.06, 0.24, 60);
        for (ContactMethod contacts : ContactMethod.values()) {
            double moved = c.run(1.0, contacts);
            assertTrue(moved > 0.05, contacts.label() + ": moved " + moved);
        }
    }

    @Test
    void exactFrictionHoldsTheStripAsTheCapstanEquationSays() {
        // Ends of 0.10 and 0.15 m, and of 0.08 and 0.16 m, with μ = 0.3: ratios 1.5 and 2 are below
        // e^{0.3π} = 2.57, so friction can hold the strip: the tension grows along the wrap as
        // T(φ) = T_short e^{μφ} at most, and the hanging weights ask for less. The normal force that
        // holds it is the tension's pressure T/r on the bar, which only exact friction takes into
        // its bound (the thesis's friction bounds it by each node's own weight and inertia, and the
        // strip creeps 3–7 cm in 1 s). The long end may move at most 5 mm in 1 s (measured 0.0 and
        // 0.2 mm).
        for (double[] ends : new double[][] {{0.10, 0.15}, {0.08, 0.16}}) {
            Capstan c = new Capstan(0.3, ends[0], ends[1], 60);
            assertTrue(c.holds());
            double moved = c.run(1.0, ContactMethod.EXACT);
            assertTrue(Math.abs(moved) <= 0.005, "ends " + ends[0] + ", " + ends[1] + ": moved " + moved);
        }
    }
}
