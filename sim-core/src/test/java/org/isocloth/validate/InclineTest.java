package org.isocloth.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The incline case of the validation suite against rigid-body Coulomb friction. */
class InclineTest {
    @Test
    void referenceIsCoulombsLaw() {
        // Below the friction angle (tan 20° = 0.364 < 0.5) nothing moves; at 45° with μ = 0.2,
        // a = g (sin 45° − 0.2 cos 45°) = 9.81 · 0.8 · 0.70711 = 5.5494 m/s², so ½ a t² = 2.7747 m.
        assertEquals(0, new Incline(20, 0.5, 60).expected(), 0);
        assertEquals(2.7747, new Incline(45, 0.2, 60).expected(), 1e-4);
    }

    @Test
    void aFrictionlessSheetFallsFreelyAlongTheSlope() {
        // μ = 0 at 30°: a = g sin 30° = 4.905 m/s², ½ a t² = 2.4525 m after 1 s. Backward Euler
        // from rest covers a h² n(n+1)/2 = ½ a t² (1 + 1/n), 1.7 % more at 60 steps/s; the
        // validation bound is 10 %.
        Incline.Outcome o = new Incline(30, 0.0, 60).run();
        assertEquals(2.4525, o.expected(), 1e-4);
        assertEquals(o.expected() * (1 + 1.0 / 60), o.slide(), 0.005 * o.expected());
    }
}
