package org.isocloth.scene;

import java.util.Objects;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.Stretch;

/**
 * Material of one cloth (JSON object {@code "material"}). All quantities SI.
 *
 * @param density areal mass density, kg/m², in [0.001, 1000]; default 0.2 (the lower bound is
 *     explained at {@link org.isocloth.model.Limits#DENSITY})
 * @param bendingStiffness bending stiffness, N·m, in [0, 1e6]; default 1e-5
 * @param restShape shape regarded as unbent; default {@link RestShape#FLAT}
 * @param strainTolerance largest accepted relative stretch of an edge (dimensionless), in
 *     (0, 0.5]; default 0.001
 * @param damping internal damping coefficient, a time scale in s, in [0, 100]; default 0 (no
 *     damping)
 * @param drag linear air drag, force per unit area per unit velocity, kg/(m²·s), in [0, 1000];
 *     default 0 (no drag)
 * @param membraneStiffness in-plane stiffness of the subdivided mesh's black-node edges, N/m, in
 *     [0, 1e9]; default 1e5 (0 gives the thesis's constraint set alone)
 * @param friction Coulomb friction coefficient (dimensionless) of cloth–cloth contact, and of
 *     cloth–collider contact when the collider has none of its own, in [0, 10]; default 0.3
 * @param thickness collision thickness, m: nodes are kept at least this far from colliders and
 *     from other parts of the cloth, in (0, 0.1]; default 0.005
 * @param stretch {@code "model": "membrane"}: the elasticity of a stretchable cloth
 *     ({@code youngsModulus} in N/m, {@code poissonRatio}); null (the default, {@code "isometric"})
 *     for the thesis's inextensible model
 */
public record MaterialSpec(
        double density,
        double bendingStiffness,
        RestShape restShape,
        double strainTolerance,
        double damping,
        double drag,
        double membraneStiffness,
        double friction,
        double thickness,
        Stretch stretch) {

    /** Default areal density: 0.2 kg/m². */
    public static final double DEFAULT_DENSITY = 0.2;
    /** Default bending stiffness: 1e-5 N·m. */
    public static final double DEFAULT_BENDING_STIFFNESS = 1e-5;
    /** Default rest shape: {@link RestShape#FLAT}. */
    public static final RestShape DEFAULT_REST_SHAPE = RestShape.FLAT;
    /** Default strain tolerance: 0.001. */
    public static final double DEFAULT_STRAIN_TOLERANCE = 0.001;
    /** Default damping: 0 s. */
    public static final double DEFAULT_DAMPING = 0;
    /** Default drag: 0 kg/(m²·s). */
    public static final double DEFAULT_DRAG = 0;
    /** Default membrane stiffness: 1e5 N/m. */
    public static final double DEFAULT_MEMBRANE_STIFFNESS = 1e5;
    /** Default friction coefficient: 0.3 ({@link ClothMaterial#DEFAULT_FRICTION}). */
    public static final double DEFAULT_FRICTION = ClothMaterial.DEFAULT_FRICTION;
    /** Default collision thickness: 0.005 m ({@link ClothMaterial#DEFAULT_THICKNESS}). */
    public static final double DEFAULT_THICKNESS = ClothMaterial.DEFAULT_THICKNESS;

    /** Default Poisson's ratio of a membrane whose scene gives none: 0.3. */
    public static final double DEFAULT_POISSON_RATIO = 0.3;

    /**
     * An isometric material.
     *
     * @param density see the record description
     * @param bendingStiffness see the record description
     * @param restShape see the record description
     * @param strainTolerance see the record description
     * @param damping see the record description
     * @param drag see the record description
     * @param membraneStiffness see the record description
     * @param friction see the record description
     * @param thickness see the record description
     */
    public MaterialSpec(double density, double bendingStiffness, RestShape restShape,
            double strainTolerance, double damping, double drag, double membraneStiffness, double friction,
            double thickness) {
        this(density, bendingStiffness, restShape, strainTolerance, damping, drag, membraneStiffness, friction,
                thickness, null);
    }

    /**
     * A material with the default friction and thickness.
     *
     * @param density see the record description
     * @param bendingStiffness see the record description
     * @param restShape see the record description
     * @param strainTolerance see the record description
     * @param damping see the record description
     * @param drag see the record description
     * @param membraneStiffness see the record description
     */
    public MaterialSpec(double density, double bendingStiffness, RestShape restShape,
            double strainTolerance, double damping, double drag, double membraneStiffness) {
        this(density, bendingStiffness, restShape, strainTolerance, damping, drag,
                membraneStiffness, DEFAULT_FRICTION, DEFAULT_THICKNESS);
    }

    /**
     * A material with the default membrane stiffness, friction and thickness.
     *
     * @param density see the record description
     * @param bendingStiffness see the record description
     * @param restShape see the record description
     * @param strainTolerance see the record description
     * @param damping see the record description
     * @param drag see the record description
     */
    public MaterialSpec(double density, double bendingStiffness, RestShape restShape,
            double strainTolerance, double damping, double drag) {
        this(density, bendingStiffness, restShape, strainTolerance, damping, drag,
                DEFAULT_MEMBRANE_STIFFNESS);
    }

    /**
     * Checks the components.
     *
     * @param density see the record description
     * @param bendingStiffness see the record description
     * @param restShape see the record description
     * @param strainTolerance see the record description
     * @param damping see the record description
     * @param drag see the record description
     * @param membraneStiffness see the record description
     * @param friction see the record description
     * @param thickness see the record description
     * @param stretch see the record description
     * @throws NullPointerException if {@code restShape} is null
     * @throws IllegalArgumentException if a value is outside its range (NaN always is)
     */
    public MaterialSpec {
        Check.require("density", Check.DENSITY.violation(density));
        Check.require("bendingStiffness", Check.BENDING_STIFFNESS.violation(bendingStiffness));
        Objects.requireNonNull(restShape, "restShape");
        Check.require("strainTolerance", Check.STRAIN_TOLERANCE.violation(strainTolerance));
        Check.require("damping", Check.DAMPING.violation(damping));
        Check.require("drag", Check.DRAG.violation(drag));
        Check.require("membraneStiffness", Check.MEMBRANE_STIFFNESS.violation(membraneStiffness));
        Check.require("friction", Check.FRICTION.violation(friction));
        Check.require("thickness", Check.THICKNESS.violation(thickness));
    }

    /**
     * @return the material used for omitted fields: 0.2 kg/m², 1e-5 N·m, flat, 0.001, 0 s,
     *     0 kg/(m²·s), 1e5 N/m, friction 0.3, thickness 0.005 m
     */
    public static MaterialSpec defaults() {
        return new MaterialSpec(DEFAULT_DENSITY, DEFAULT_BENDING_STIFFNESS, DEFAULT_REST_SHAPE,
                DEFAULT_STRAIN_TOLERANCE, DEFAULT_DAMPING, DEFAULT_DRAG,
                DEFAULT_MEMBRANE_STIFFNESS, DEFAULT_FRICTION, DEFAULT_THICKNESS);
    }
}
