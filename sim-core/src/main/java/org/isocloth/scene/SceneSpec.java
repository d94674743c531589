package org.isocloth.scene;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.isocloth.model.Aerodynamics;

/**
 * A simulation scene as read from a scene file by {@link SceneReader}. All quantities SI.
 *
 * <p>Arrays are copied on construction and on access and lists are unmodifiable, so instances
 * are immutable; {@code equals}, {@code hashCode} and {@code toString} use the array contents.
 *
 * @param name name of the scene, not blank; the reader's default is the scene file's name
 *     without its extension
 * @param file the scene file (relative paths inside the scene are resolved against its
 *     directory)
 * @param fps output frames per second, 1/s, in (0, 10000]; default 60. With {@code substeps} it
 *     makes the time step {@code 1 / (fps · substeps)}, which must be at most 1 s
 *     ({@link org.isocloth.model.Limits#TIME_STEP})
 * @param frames number of output frames to simulate, in [0, 10 000 000]; default 120
 * @param substeps solver time steps per frame, in [1, 1000]; default 1
 * @param gravity gravitational acceleration, m/s²: 3 finite values with magnitude &le; 1000;
 *     default [0, -9.81, 0]
 * @param solver solver settings; default {@link SolverSpec#defaults()}
 * @param cloths the cloths, an unmodifiable non-empty list
 * @param colliders the colliders, an unmodifiable list (possibly empty, the default)
 * @param wind velocity of the air, m/s: 3 finite values with magnitude &le; 100; default [0, 0, 0].
 *     Acts through each cloth's {@code material.drag}: a node feels −drag·A·(v − wind)
 * @param gust gusts of the wind; default {@link GustSpec#none()} (steady)
 * @param aerodynamics the per-triangle air forces on every cloth ({@link Aerodynamics}), or null for
 *     none (the default): then the wind acts only through the materials' linear drag
 */
public record SceneSpec(
        String name,
        Path file,
        double fps,
        int frames,
        int substeps,
        double[] gravity,
        SolverSpec solver,
        List<ClothSpec> cloths,
        List<ColliderSpec> colliders,
        double[] wind,
        GustSpec gust,
        Aerodynamics aerodynamics) {

    /** Default frame rate: 60 frames per second. */
    public static final double DEFAULT_FPS = 60;
    /** Default number of frames: 120. */
    public static final int DEFAULT_FRAMES = 120;
    /** Default substeps per frame: 1. */
    public static final int DEFAULT_SUBSTEPS = 1;
    /** Default gravity [0, -9.81, 0] m/s² (copy on each access). */
    private static final double[] DEFAULT_GRAVITY = {0, -9.81, 0};

    /**
     * A scene without colliders.
     *
     * @param name see the record description
     * @param file see the record description
     * @param fps see the record description
     * @param frames see the record description
     * @param substeps see the record description
     * @param gravity see the record description
     * @param solver see the record description
     * @param cloths see the record description
     */
    public SceneSpec(String name, Path file, double fps, int frames, int substeps,
            double[] gravity, SolverSpec solver, List<ClothSpec> cloths) {
        this(name, file, fps, frames, substeps, gravity, solver, cloths, List.of());
    }

    /**
     * A scene without wind.
     *
     * @param name see the record description
     * @param file see the record description
     * @param fps see the record description
     * @param frames see the record description
     * @param substeps see the record description
     * @param gravity see the record description
     * @param solver see the record description
     * @param cloths see the record description
     * @param colliders see the record description
     */
    public SceneSpec(String name, Path file, double fps, int frames, int substeps,
            double[] gravity, SolverSpec solver, List<ClothSpec> cloths, List<ColliderSpec> colliders) {
        this(name, file, fps, frames, substeps, gravity, solver, cloths, colliders, new double[3]);
    }

    /**
     * A scene with a steady wind.
     *
     * @param name see the record description
     * @param file see the record description
     * @param fps see the record description
     * @param frames see the record description
     * @param substeps see the record description
     * @param gravity see the record description
     * @param solver see the record description
     * @param cloths see the record description
     * @param colliders see the record description
     * @param wind see the record description
     */
    public SceneSpec(String name, Path file, double fps, int frames, int substeps,
            double[] gravity, SolverSpec solver, List<ClothSpec> cloths, List<ColliderSpec> colliders,
            double[] wind) {
        this(name, file, fps, frames, substeps, gravity, solver, cloths, colliders, wind, GustSpec.none());
    }

    /**
     * A scene without per-triangle air forces.
     *
     * @param name see the record description
     * @param file see the record description
     * @param fps see the record description
     * @param frames see the record description
     * @param substeps see the record description
     * @param gravity see the record description
     * @param solver see the record description
     * @param cloths see the record description
     * @param colliders see the record description
     * @param wind see the record description
     * @param gust see the record description
     */
    public SceneSpec(String name, Path file, double fps, int frames, int substeps,
            double[] gravity, SolverSpec solver, List<ClothSpec> cloths, List<ColliderSpec> colliders,
            double[] wind, GustSpec gust) {
        this(name, file, fps, frames, substeps, gravity, solver, cloths, colliders, wind, gust, null);
    }

    /**
     * Checks and copies the components.
     *
     * @param name see the record description
     * @param file see the record description
     * @param fps see the record description
     * @param frames see the record description
     * @param substeps see the record description
     * @param gravity see the record description
     * @param solver see the record description
     * @param cloths see the record description
     * @param colliders see the record description
     * @throws NullPointerException if an argument, array or list element is null
     * @throws IllegalArgumentException if a value is outside its range or {@code cloths} is empty
     */
    public SceneSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        Objects.requireNonNull(file, "file");
        Check.require("fps", Check.FPS.violation(fps));
        Check.require("frames", Check.FRAMES.violation((long) frames));
        Check.require("substeps", Check.SUBSTEPS.violation((long) substeps));
        Check.require("fps", Check.timeStep(fps, substeps));
        gravity = Check.vector("gravity", gravity, 3);
        Check.require("gravity", Check.gravity(gravity));
        Objects.requireNonNull(solver, "solver");
        cloths = List.copyOf(cloths);
        if (cloths.isEmpty()) {
            throw new IllegalArgumentException("cloths: must contain at least one cloth");
        }
        colliders = List.copyOf(colliders);
        wind = Check.vector("wind", wind, 3);
        Check.require("wind", Check.wind(wind));
        Objects.requireNonNull(gust, "gust");
    }

    /**
     * The scene's wind at a time, gusts included.
     *
     * @param t simulated time, s
     * @return the wind velocity, m/s (a new array)
     */
    public double[] windAt(double t) {
        double f = gust.factor(t);
        return new double[] {wind[0] * f, wind[1] * f, wind[2] * f};
    }

    /** @return a copy of the wind velocity, m/s */
    @Override
    public double[] wind() {
        return wind.clone();
    }

    /** @return the default gravity, [0, -9.81, 0] m/s² (a new array) */
    public static double[] defaultGravity() {
        return DEFAULT_GRAVITY.clone();
    }

    /** @return a copy of the gravitational acceleration, m/s² */
    @Override
    public double[] gravity() {
        return gravity.clone();
    }

    /** @return the duration of one output frame, {@code 1 / fps}, s */
    public double frameDuration() {
        return 1 / fps;
    }

    /** @return the duration of one solver time step, {@code 1 / (fps · substeps)}, s */
    public double stepDuration() {
        return 1 / (fps * substeps);
    }

    /** @return the simulated time span, {@code frames / fps}, s */
    public double duration() {
        return frames / fps;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SceneSpec s
                && name.equals(s.name)
                && file.equals(s.file)
                && Double.compare(fps, s.fps) == 0
                && frames == s.frames
                && substeps == s.substeps
                && Arrays.equals(gravity, s.gravity)
                && solver.equals(s.solver)
                && cloths.equals(s.cloths)
                && colliders.equals(s.colliders)
                && Arrays.equals(wind, s.wind)
                && gust.equals(s.gust)
                && Objects.equals(aerodynamics, s.aerodynamics);
    }

    @Override
    public int hashCode() {
        int h = name.hashCode();
        h = 31 * h + file.hashCode();
        h = 31 * h + Double.hashCode(fps);
        h = 31 * h + frames;
        h = 31 * h + substeps;
        h = 31 * h + Arrays.hashCode(gravity);
        h = 31 * h + solver.hashCode();
        h = 31 * h + cloths.hashCode();
        h = 31 * h + colliders.hashCode();
        h = 31 * h + Arrays.hashCode(wind);
        h = 31 * h + gust.hashCode();
        return 31 * h + Objects.hashCode(aerodynamics);
    }

    @Override
    public String toString() {
        return "SceneSpec[name=" + name + ", file=" + file + ", fps=" + fps + ", frames=" + frames
                + ", substeps=" + substeps + ", gravity=" + Arrays.toString(gravity)
                + ", solver=" + solver + ", cloths=" + cloths + ", colliders=" + colliders + ", wind=" + Arrays.toString(wind) + ", gust=" + gust
                + ", aerodynamics=" + aerodynamics + "]";
    }
}
