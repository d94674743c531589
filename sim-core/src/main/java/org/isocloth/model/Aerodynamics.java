package org.isocloth.model;

import org.isocloth.InputException;

/**
 * Air forces on every triangle of the subdivided mesh, from the wind relative to the triangle: the
 * per-face model of production cloth solvers (a thin plate in a flow). For a triangle of area A,
 * unit normal n, and relative velocity v_r = v − w (v the mean of its corners' velocities, w the
 * wind where its centroid is), with v_n = (v_r·n) n and v_t = v_r − v_n:
 *
 * <pre>
 *   F = −½ ρ_air A ( C_n |v_r·n| v_n  +  C_t |v_r| v_t  +  C_l |v_r| (v_r·n) (n − (n·v̂_r) v̂_r) )
 * </pre>
 *
 * the pressure drag on the face (C_n, that of a flat plate across the flow is about 1.2), the skin
 * friction along it (C_t, about 0.01–0.05), and an extra lift perpendicular to the flow, largest at
 * 45° (C_l). The force depends on the triangle's orientation, so a sheet in steady wind is pushed
 * unevenly and a flag streams and flaps, which a linear drag −c·A·(v − w) per node cannot do.
 * Each triangle passes a third of its force to each corner.
 *
 * <p>The wind varies in space as well as time: on top of the mean wind (and the scene's gusts) a
 * frozen turbulence of three plane waves of wavelength {@code turbulenceScale}, carried with the
 * mean wind, each of amplitude {@code turbulence}·|w|/√3 across its own direction.
 *
 * <p>The forces are taken at the start of a step (explicitly) and limited so that in one step they
 * never more than cancel a triangle's relative normal or tangential velocity: a light sheet in a
 * strong wind reaches the wind's speed within a step without overshooting it.
 *
 * @param airDensity ρ_air, kg/m³, in [0, 100] (air at sea level: 1.2)
 * @param normalDrag C_n (dimensionless), in [0, 10]
 * @param tangentialDrag C_t (dimensionless), in [0, 10]
 * @param lift C_l (dimensionless), in [0, 10]
 * @param turbulence relative amplitude of the turbulence, in [0, 1]
 * @param turbulenceScale wavelength of the turbulence, m, in [0.01, 100]
 */
public record Aerodynamics(double airDensity, double normalDrag, double tangentialDrag, double lift,
        double turbulence, double turbulenceScale) {

    /**
     * Air at sea level (1.2 kg/m³), a flat plate's pressure drag (1.2), light skin friction (0.02),
     * no extra lift, and turbulence of 30 % of the wind's speed in waves of 2 m.
     */
    public static final Aerodynamics DEFAULT = new Aerodynamics(1.2, 1.2, 0.02, 0, 0.3, 2);

    /** Validates every field; the message names the field, its range and the value. */
    public Aerodynamics {
        check("airDensity", airDensity, Limits.AIR_DENSITY, " kg/m³");
        check("normalDrag", normalDrag, Limits.AIR_COEFFICIENT, "");
        check("tangentialDrag", tangentialDrag, Limits.AIR_COEFFICIENT, "");
        check("lift", lift, Limits.AIR_COEFFICIENT, "");
        check("turbulence", turbulence, Limits.TURBULENCE, "");
        check("turbulenceScale", turbulenceScale, Limits.TURBULENCE_SCALE, " m");
    }

    private static void check(String field, double value, Range range, String unit) {
        if (!Double.isFinite(value) || !range.contains(value)) {
            throw new InputException("aerodynamics." + field + ": must be in " + range + unit + " (got " + value + ")");
        }
    }

    /** Directions of the three turbulence waves (unit vectors) and of their velocities. */
    private static final double[][] WAVE = {{0.8, 0.6, 0}, {0, 0.8, 0.6}, {0.6, 0, 0.8}};
    private static final double[][] SWAY = {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}};
    private static final double[] PHASE = {0.3, 2.1, 4.4};

    /**
     * The wind at a point: the mean wind w plus the turbulence, frozen and carried with w.
     *
     * @param w mean wind (gusts included), m/s
     * @param x0 the point's x, m
     * @param x1 the point's y, m
     * @param x2 the point's z, m
     * @param t time, s
     * @param out the wind there (written), m/s
     */
    public void wind(double[] w, double x0, double x1, double x2, double t, double[] out) {
        out[0] = w[0];
        out[1] = w[1];
        out[2] = w[2];
        double speed = Math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
        if (turbulence == 0 || speed == 0) {
            return;
        }
        double a = turbulence * speed / Math.sqrt(3);
        double k = 2 * Math.PI / turbulenceScale;
        for (int m = 0; m < 3; m++) {
            double[] d = WAVE[m];
            double along = d[0] * (x0 - w[0] * t) + d[1] * (x1 - w[1] * t) + d[2] * (x2 - w[2] * t);
            double s = a * Math.sin(k * along + PHASE[m]);
            for (int c = 0; c < 3; c++) {
                out[c] += s * SWAY[m][c];
            }
        }
    }
}
