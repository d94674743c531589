package org.isocloth.model;

/**
 * The allowed ranges of the simulation's parameters, all SI. The scene reader, the spec records,
 * {@link ClothMaterial} and the jME plugin's setters check against these same ranges, so that a
 * value a scene file may hold is exactly a value the plugin accepts, and the other way round.
 *
 * <p>The plugin's setters take floats: they check the decimal value the float prints as
 * ({@link #decimal(float)}), so that a documented bound written as a float literal ({@code 0.1f})
 * is inside its range although {@code (double) 0.1f} is 0.10000000149.
 */
public final class Limits {

    /** Frames per second of a scene's output or of a collider's animation, 1/s: (0, 10000]. */
    public static final Range FPS = Range.openClosed(0, 10_000);
    /** Solver steps per output frame of a scene: [1, 1000]. */
    public static final Range SUBSTEPS = Range.closed(1, 1000);
    /**
     * The solver's time step, s: [1e-7, 1]. A scene's step is {@code 1 / (fps · substeps)}; the
     * lower bound is the shortest one {@link #FPS} and {@link #SUBSTEPS} allow, 1/(10000 · 1000).
     * The upper bound keeps a step short against the motion it carries: in a 1 s step a cloth
     * falls 10 m, far beyond what the projection onto the inextensibility constraints can bring
     * back (a sheet draped over a sphere already diverges at that step).
     */
    public static final Range TIME_STEP = Range.closed(1e-7, 1);
    /** Largest number of Gauss-Newton iterations per step: [1, 1000]. */
    public static final Range MAX_ITERATIONS = Range.closed(1, 1000);
    /** Largest allowed magnitude of gravity, m/s². */
    public static final double MAX_GRAVITY = 1000;
    /** Largest allowed wind speed, m/s. */
    public static final double MAX_WIND = 100;
    /** Density of the air for the per-triangle air forces, kg/m³: [0, 100] (sea level: 1.2). */
    public static final Range AIR_DENSITY = Range.closed(0, 100);
    /** A drag or lift coefficient of the per-triangle air forces (dimensionless): [0, 10]. */
    public static final Range AIR_COEFFICIENT = Range.closed(0, 10);
    /** Relative amplitude of the wind's turbulence: [0, 1]. */
    public static final Range TURBULENCE = Range.closed(0, 1);
    /** Wavelength of the wind's turbulence, m: [0.01, 100]. */
    public static final Range TURBULENCE_SCALE = Range.closed(0.01, 100);
    /** Relative gust amplitude: [0, 1]. */
    public static final Range GUST_AMPLITUDE = Range.closed(0, 1);
    /** Main gust period, s: [{@value Gust#MIN_PERIOD}, {@value Gust#MAX_PERIOD}]. */
    public static final Range GUST_PERIOD = Range.closed(Gust.MIN_PERIOD, Gust.MAX_PERIOD);

    /**
     * Areal density, kg/m²: [0.001, 1000]. The lower bound, 1 g/m², is ten times lighter than the
     * lightest fabrics (silk chiffon, fine nonwovens: 10 to 30 g/m²). Far lighter cloth has nodes
     * whose inertia M/h² vanishes against the stiffness terms of the step's linear system: at
     * 1e-12 kg/m² the projection of a sheet on a sphere diverges, and at 1.4e-45 kg/m² (the
     * smallest float) M/h² is 1e-49 of the membrane stiffness, below the double precision of the
     * sum, so the system loses definiteness in the first step.
     */
    public static final Range DENSITY = Range.closed(0.001, 1000);
    /** Standard gravity, m/s², with which a fabric's bending length is measured. */
    public static final double STANDARD_GRAVITY = 9.80665;
    /**
     * Bending length of the cantilever test, m: [0, 1] (a 1 m bending length is a board; paper
     * measures a few centimetres, fabrics 1–5 cm).
     */
    public static final Range BENDING_LENGTH = Range.closed(0, 1);
    /** Bending stiffness, N·m: [0, 1e6]. */
    public static final Range BENDING_STIFFNESS = Range.closed(0, 1e6);
    /** Largest accepted relative stretch of a constraint (dimensionless): (0, 0.5]. */
    public static final Range STRAIN_TOLERANCE = Range.openClosed(0, 0.5);
    /** Bending damping time, s: [0, 100]. */
    public static final Range DAMPING = Range.closed(0, 100);
    /** Linear air drag, kg/(m²·s): [0, 1000]. */
    public static final Range DRAG = Range.closed(0, 1000);
    /** In-plane stiffness of the black-node edges, N/m: [0, 1e9]. */
    public static final Range MEMBRANE_STIFFNESS = Range.closed(0, 1e9);
    /** Coulomb friction coefficient (dimensionless), of a material or a collider: [0, 10]. */
    public static final Range FRICTION = Range.closed(0, 10);
    /**
     * Young's modulus of a stretchable cloth's membrane ({@link Stretch}), N/m: [1, 1e7]. A knit
     * jersey measures tens to hundreds of N/m at small strain, a woven cotton 10³–10⁴ along its
     * yarns; 10⁷ N/m is a 50 µm steel foil. At 1 N/m a hanging metre of jersey would stretch to
     * several times its length under its own weight.
     */
    public static final Range YOUNGS_MODULUS = Range.closed(1, 1e7);
    /**
     * Poisson's ratio of a stretchable cloth's membrane (dimensionless): [0, 0.9]. In plane stress
     * the area modulus E/(2(1 − ν)) grows without bound as ν approaches 1.
     */
    public static final Range POISSON_RATIO = Range.closed(0, 0.9);
    /** Collision thickness of a material, m: (0, 0.1]. */
    public static final Range THICKNESS = Range.openClosed(0, 0.1);

    private Limits() {
    }

    /**
     * The value a float argument stands for: the decimal number {@link Float#toString(float)}
     * prints, as the nearest double. {@code decimal(0.1f)} is 0.1, where {@code (double) 0.1f} is
     * 0.10000000149011612. NaN and the infinities stay what they are.
     *
     * @param f a float
     * @return the double nearest to the decimal {@code f} prints as
     */
    public static double decimal(float f) {
        return Double.parseDouble(Float.toString(f));
    }

    /**
     * Euclidean length, computed without intermediate overflow or underflow.
     *
     * @param v the components
     * @return the length (NaN if a component is NaN, +Infinity if one is infinite)
     */
    public static double magnitude(double... v) {
        double scale = 0;
        for (double c : v) {
            if (Double.isNaN(c)) {
                return Double.NaN;
            }
            scale = Math.max(scale, Math.abs(c));
        }
        if (scale == 0 || !Double.isFinite(scale)) {
            return scale;
        }
        double sum = 0;
        for (double c : v) {
            double s = c / scale;
            sum += s * s;
        }
        return scale * Math.sqrt(sum);
    }

    /**
     * @param g a gravity vector, m/s² (finite components)
     * @return the reason it is too strong, or null
     */
    public static String gravityViolation(double[] g) {
        double magnitude = magnitude(g);
        return magnitude <= MAX_GRAVITY
                ? null
                : "magnitude must be <= " + Range.format(MAX_GRAVITY) + " m/s^2 (got " + magnitude + ")";
    }

    /**
     * @param w a wind velocity, m/s (finite components)
     * @return the reason it is too fast, or null
     */
    public static String windViolation(double[] w) {
        double speed = magnitude(w);
        return speed <= MAX_WIND
                ? null
                : "speed must be <= " + Range.format(MAX_WIND) + " m/s (got " + speed + ")";
    }

    /**
     * The time step of a scene, {@code 1 / (fps · substeps)}, against {@link #TIME_STEP}.
     *
     * @param fps frames per second, in {@link #FPS}
     * @param substeps steps per frame, in {@link #SUBSTEPS}
     * @return the reason the step is outside {@link #TIME_STEP}, or null
     */
    public static String timeStepViolation(double fps, long substeps) {
        double step = 1 / (fps * substeps);
        return TIME_STEP.contains(step)
                ? null
                : "the time step 1/(fps*substeps) must be in " + TIME_STEP + " s (got " + step + " s with "
                        + substeps + (substeps == 1 ? " substep)" : " substeps)");
    }
}
