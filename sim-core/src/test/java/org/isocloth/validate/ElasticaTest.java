package org.isocloth.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The heavy elastica, the reference of the cantilever test. */
class ElasticaTest {
    @Test
    void overhangOfTwoBendingLengthsGivesTheStandardsAngle() {
        // ASTM D1388 reads the bending length as half the overhang at which the tip's chord makes
        // 41.5° with the horizontal: that angle is where the elastica puts l = 2c. Peirce's
        // closed-form fit c = l (cos(θ/2) / (8 tan θ))^⅓, which the standard also gives, returns
        // c = 0.509 l at 41.5°, so the two agree to the fit's accuracy.
        assertEquals(41.5, Elastica.tipChordAngle(2.0), 0.05);
        double theta = Math.toRadians(Elastica.tipChordAngle(2.0));
        double cOverL = Math.cbrt(Math.cos(theta / 2) / (8 * Math.tan(theta)));
        assertEquals(0.5, cOverL, 0.01);
    }

    @Test
    void shortOverhangsFollowTheLinearBeam() {
        // For small λ the strip barely bends: the linear beam under a uniform load w = ρg has tip
        // deflection δ = wL⁴/(8B), in units of c: δ/c = λ⁴/8, and the chord angle is
        // atan(δ/l) = atan(λ³/8). At λ = 0.3 that is 0.19343°; the geometric nonlinearity is of
        // relative order (λ³/8)² ≈ 10⁻⁵.
        double lambda = 0.3;
        double linear = Math.toDegrees(Math.atan(lambda * lambda * lambda / 8));
        assertEquals(linear, Elastica.tipChordAngle(lambda), 1e-3 * linear);
    }

    @Test
    void theFreeEndCarriesNoMomentAndTheStripKeepsItsLength() {
        // φ'(λ) = 0 is the free-end condition, and x² + y² ≤ λ² because the chord is shorter
        // than the arc; long overhangs hang nearly vertically (chord angle → 90°).
        double[] end = Elastica.solve(3.0);
        assertEquals(0, end[1], 1e-9);
        double chord = Math.hypot(end[2], end[3]);
        assertEquals(true, chord < 3.0 && chord > 2.0, "chord " + chord);
        assertEquals(true, Elastica.tipChordAngle(8.0) > 75, "l/c = 8");
        assertThrows(IllegalArgumentException.class, () -> Elastica.tipChordAngle(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Elastica.tipChordAngle(0));
    }
}
