package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The row choice and the right-hand side of {@link TensionShift}. */
class TensionShiftTest {
    /**
     * Two rows of rest length 0.02 m, compliance 10⁻⁶, tolerance 10⁻³: the limit on the penalty
     * residual |αμ| is 0.75 · 10⁻³ · 0.02 = 1.5·10⁻⁵ m, so |μ| = 15 is the threshold. A row with
     * μ = 20 (residual 2·10⁻⁵ m) is shifted and gains αμ = 2·10⁻⁵ on its right-hand side (its next
     * solve aims at C = α(μ' − 20), zero once the multiplier settles); a row with μ = −10
     * (residual 10⁻⁵ m, compressed) keeps its compliant form.
     */
    @Test
    void onlyRowsWhoseResidualPassesTheLimitAimAtZero() {
        TensionShift shift = new TensionShift(2);
        double[] alpha = {1.0, 1e-6, 1e-6};
        double[] rest = {0.02, 0.02};
        double[] mu = {99, 20, -10};
        shift.choose(mu, 1, 1, alpha, 1, rest, 1e-3);
        assertEquals(1, shift.count());
        double[] rhs = {5, 1e-4, 1e-4};
        shift.addTo(rhs, alpha, 1);
        assertEquals(5, rhs[0], 0, "rows before the offset are untouched");
        assertEquals(1e-4 + 2e-5, rhs[1], 1e-18);
        assertEquals(1e-4, rhs[2], 0);
        // the previous step's multipliers scaled to this step: (h/h_prev)² = 0.5 brings μ = 20 to 10
        shift.choose(mu, 1, 0.5, alpha, 1, rest, 1e-3);
        assertEquals(0, shift.count());
    }
}
