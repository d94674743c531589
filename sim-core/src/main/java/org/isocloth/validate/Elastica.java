package org.isocloth.validate;

/**
 * The heavy elastica: an inextensible strip clamped horizontally at one end and bent by its own
 * weight, the reference of the cantilever bending test (ASTM D1388, Peirce 1930).
 *
 * <p>With arc length s and the tangent's angle φ below the horizontal, both in units of the
 * bending length c = (B/(ρg))^⅓ (B the flexural rigidity per unit width, ρ the areal density), the
 * moment balance of the part beyond s is B φ'(s) = ρg ∫_s^λ (x(σ) − x(s)) dσ. Differentiating,
 *
 * <pre>
 *   φ'' = −(λ − s) cos φ,   φ(0) = 0 (clamped),   φ'(λ) = 0 (free end),
 * </pre>
 *
 * with λ = l/c the overhang. φ'(λ) grows monotonically with the clamp curvature φ'(0), which lies
 * in [0, λ²/2] (φ'(0) = ∫_0^λ (λ − s) cos φ ds), so bisection on φ'(0) solves the boundary value
 * problem; each trial integrates the ODE with fourth-order Runge-Kutta.
 */
public final class Elastica {
    private static final int STEPS = 4000;

    private Elastica() {
    }

    /**
     * The tip's chord angle: the angle below the horizontal of the line from the clamp to the free
     * end, the quantity the cantilever test reads (ASTM D1388 fixes it at 41.5°, which the
     * elastica reaches at λ = 2).
     *
     * @param overhang λ = l/c, finite and in (0, 20]
     * @return the chord angle in degrees
     */
    public static double tipChordAngle(double overhang) {
        double[] end = solve(overhang);
        return Math.toDegrees(Math.atan2(-end[3], end[2]));
    }

    /**
     * Solves the boundary value problem.
     *
     * @param overhang λ = l/c, finite and in (0, 20]
     * @return {φ(λ), φ'(λ), x(λ), y(λ)} at the free end, lengths in units of c
     */
    public static double[] solve(double overhang) {
        if (!(overhang > 0 && overhang <= 20)) {
            throw new IllegalArgumentException("overhang l/c must be in (0, 20] (got " + overhang + ")");
        }
        double lo = 0;
        double hi = 0.5 * overhang * overhang;
        for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; it++) {
            double mid = 0.5 * (lo + hi);
            if (shoot(overhang, mid)[1] > 0) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return shoot(overhang, 0.5 * (lo + hi));
    }

    /** Integrates from the clamp with φ'(0) = k0; returns {φ, φ', x, y} at s = λ. */
    private static double[] shoot(double lambda, double k0) {
        double h = lambda / STEPS;
        double[] st = {0, k0, 0, 0};
        double[] k1 = new double[4];
        double[] k2 = new double[4];
        double[] k3 = new double[4];
        double[] k4 = new double[4];
        double[] tmp = new double[4];
        for (int i = 0; i < STEPS; i++) {
            double s = i * h;
            rates(lambda, s, st, k1);
            stage(st, k1, 0.5 * h, tmp);
            rates(lambda, s + 0.5 * h, tmp, k2);
            stage(st, k2, 0.5 * h, tmp);
            rates(lambda, s + 0.5 * h, tmp, k3);
            stage(st, k3, h, tmp);
            rates(lambda, s + h, tmp, k4);
            for (int j = 0; j < 4; j++) {
                st[j] += h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
            }
        }
        return st;
    }

    /** d/ds of {φ, φ', x, y}: {φ', −(λ − s) cos φ, cos φ, −sin φ}. */
    private static void rates(double lambda, double s, double[] st, double[] out) {
        out[0] = st[1];
        out[1] = -(lambda - s) * Math.cos(st[0]);
        out[2] = Math.cos(st[0]);
        out[3] = -Math.sin(st[0]);
    }

    private static void stage(double[] st, double[] k, double h, double[] out) {
        for (int j = 0; j < 4; j++) {
            out[j] = st[j] + h * k[j];
        }
    }
}
