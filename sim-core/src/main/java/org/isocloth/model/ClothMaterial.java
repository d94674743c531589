package org.isocloth.model;

import org.isocloth.InputException;

/**
 * Physical parameters of a cloth, all SI.
 *
 * <ul>
 *   <li>{@code density}: surface density in kg/m² (in [0.001, 1000], see {@link Limits#DENSITY};
 *       cotton ≈ 0.15, denim ≈ 0.4).</li>
 *   <li>{@code bendingStiffness}: flexural rigidity k in N·m (in [0, 1e6]): a sheet bent to a
 *       cylinder of radius R stores ½k/R² joules per square metre (thesis eq. 3.5 with the
 *       Crouzeix-Raviart Laplacian).</li>
 *   <li>{@code restShape}: {@link RestShape#FLAT} or {@link RestShape#INITIAL}.</li>
 *   <li>{@code strainTolerance}: relative length error allowed on every inextensibility
 *       constraint when the Gauss-Newton projection stops (dimensionless, in (0, 0.5]).</li>
 *   <li>{@code damping}: bending damping time β in seconds (in [0, 100]): a stiffness-proportional
 *       (Rayleigh) damping force −β·K_b·v where K_b = k LᵀM⁻¹L is the bending stiffness matrix.
 *       A bending mode of angular frequency ω then has damping ratio ζ = βω/2; rigid motions and
 *       in-plane motions are not damped.</li>
 *   <li>{@code drag}: linear air drag in kg/(m²·s) (in [0, 1000]): each node feels −drag·A·v
 *       where A is the cloth area it represents; a falling sheet reaches terminal speed ρg/drag.</li>
 *   <li>{@code membraneStiffness}: in-plane stiffness Y of the subdivided mesh in N/m (in
 *       [0, 1e9]): every edge between a black and a red node is a spring storing ½·Y·A·ε², A the
 *       area it represents and ε its strain. The red triangles are kept rigid by the
 *       inextensibility constraints; these springs stop them from twisting against each other (a
 *       mechanism of the thesis's constraint set that shows as black-node edges stretched by
 *       several per cent). 0 gives the thesis's model exactly.</li>
 *   <li>{@code friction}: Coulomb friction coefficient μ (dimensionless, in [0, 10]) of cloth–cloth
 *       contact, and of cloth–collider contact when the collider has none of its own.</li>
 *   <li>{@code thickness}: collision thickness in metres (in (0, 0.1]): cloth nodes are kept at
 *       least this far from colliders and from other parts of the cloth.</li>
 *   <li>{@code stretch}: null for the thesis's isometric model (the red triangles inextensible);
 *       otherwise the cloth is a stretchable membrane with this elasticity ({@link Stretch}): its
 *       triangles store an elastic energy in place of the inextensibility constraints, and the
 *       membrane springs ({@code membraneStiffness}) are not used.</li>
 * </ul>
 *
 * @param density surface density, kg/m²
 * @param bendingStiffness flexural rigidity, N·m
 * @param restShape rest shape of the bending energy
 * @param strainTolerance relative tolerance of the inextensibility constraints
 * @param damping bending damping time, s
 * @param drag air drag coefficient, kg/(m²·s)
 * @param membraneStiffness in-plane stiffness of the black-node edges, N/m
 * @param friction Coulomb friction coefficient, dimensionless
 * @param thickness collision thickness, m
 * @param stretch the membrane's elasticity of a stretchable cloth, or null for the isometric model
 */
public record ClothMaterial(double density, double bendingStiffness, RestShape restShape,
        double strainTolerance, double damping, double drag, double membraneStiffness, double friction,
        double thickness, Stretch stretch) {

    /** Default membrane stiffness of the black-node edges: 1e5 N/m. */
    public static final double DEFAULT_MEMBRANE_STIFFNESS = 1e5;
    /** Default friction coefficient: 0.3 (cotton on cotton is about 0.3–0.6). */
    public static final double DEFAULT_FRICTION = 0.3;
    /** Default collision thickness: 0.005 m. */
    public static final double DEFAULT_THICKNESS = 0.005;

    /**
     * Cotton-like defaults: 0.2 kg/m², 1e-5 N·m, flat, 0.1 % strain, no damping, no drag, 1e5 N/m,
     * friction 0.3, thickness 5 mm.
     */
    public static final ClothMaterial DEFAULT =
            new ClothMaterial(0.2, 1e-5, RestShape.FLAT, 1e-3, 0.0, 0.0);

    /**
     * An isometric material (no {@link Stretch}).
     *
     * @param density surface density, kg/m²
     * @param bendingStiffness flexural rigidity, N·m
     * @param restShape rest shape of the bending energy
     * @param strainTolerance relative tolerance of the inextensibility constraints
     * @param damping bending damping time, s
     * @param drag air drag coefficient, kg/(m²·s)
     * @param membraneStiffness in-plane stiffness of the black-node edges, N/m
     * @param friction Coulomb friction coefficient, dimensionless
     * @param thickness collision thickness, m
     */
    public ClothMaterial(double density, double bendingStiffness, RestShape restShape,
            double strainTolerance, double damping, double drag, double membraneStiffness, double friction,
            double thickness) {
        this(density, bendingStiffness, restShape, strainTolerance, damping, drag, membraneStiffness, friction,
                thickness, null);
    }

    /**
     * A material with the default friction and thickness.
     *
     * @param density surface density, kg/m²
     * @param bendingStiffness flexural rigidity, N·m
     * @param restShape rest shape of the bending energy
     * @param strainTolerance relative tolerance of the inextensibility constraints
     * @param damping bending damping time, s
     * @param drag air drag coefficient, kg/(m²·s)
     * @param membraneStiffness in-plane stiffness of the black-node edges, N/m
     */
    public ClothMaterial(double density, double bendingStiffness, RestShape restShape,
            double strainTolerance, double damping, double drag, double membraneStiffness) {
        this(density, bendingStiffness, restShape, strainTolerance, damping, drag, membraneStiffness,
                DEFAULT_FRICTION, DEFAULT_THICKNESS);
    }

    /**
     * A material with the default membrane stiffness, friction and thickness.
     *
     * @param density surface density, kg/m²
     * @param bendingStiffness flexural rigidity, N·m
     * @param restShape rest shape of the bending energy
     * @param strainTolerance relative tolerance of the inextensibility constraints
     * @param damping bending damping time, s
     * @param drag air drag coefficient, kg/(m²·s)
     */
    public ClothMaterial(double density, double bendingStiffness, RestShape restShape,
            double strainTolerance, double damping, double drag) {
        this(density, bendingStiffness, restShape, strainTolerance, damping, drag,
                DEFAULT_MEMBRANE_STIFFNESS);
    }

    /**
     * Validates every field against its range in {@link Limits}, the one a scene file's material
     * is checked against; the message names the field, the range and the value, e.g.
     * {@code "material.thickness: must be in (0, 0.1] m (got 0.2)"}.
     */
    public ClothMaterial {
        check("density", density, Limits.DENSITY, " kg/m²");
        check("bendingStiffness", bendingStiffness, Limits.BENDING_STIFFNESS, " N·m");
        check("strainTolerance", strainTolerance, Limits.STRAIN_TOLERANCE, "");
        check("damping", damping, Limits.DAMPING, " s");
        check("drag", drag, Limits.DRAG, " kg/(m²·s)");
        check("membraneStiffness", membraneStiffness, Limits.MEMBRANE_STIFFNESS, " N/m");
        check("friction", friction, Limits.FRICTION, "");
        check("thickness", thickness, Limits.THICKNESS, " m");
        if (restShape == null) {
            throw new InputException("material.restShape: must be flat or initial (got null)");
        }
    }

    /**
     * The material that stands for several pieces simulated together where one value applies to
     * all of them: the smallest strain tolerance (the bound every piece is held to), the largest
     * membrane stiffness (whether any piece has membrane springs), the largest thickness (the
     * distance cloth–cloth contacts keep, so that no piece's layer is thinner than its own), the
     * smallest friction (between pieces, the more slippery surface wins), and a curved rest shape
     * if any piece has one. Density, bending stiffness, damping, drag and stretch are the first
     * piece's; the solver takes each node's own from its piece. All pieces must share one model,
     * isometric or stretchable.
     *
     * @param pieces the pieces' materials (not empty)
     * @return the only piece's material, or the combination
     * @throws InputException if some pieces are stretchable and others isometric
     */
    public static ClothMaterial combined(ClothMaterial... pieces) {
        ClothMaterial first = pieces[0];
        if (pieces.length == 1) {
            return first;
        }
        for (int i = 1; i < pieces.length; i++) {
            if ((pieces[i].stretch == null) != (first.stretch == null)) {
                throw new InputException("material.model: piece " + i + " is " + pieces[i].modelName()
                        + " and piece 0 " + first.modelName() + "; the pieces of one cloth share one model");
            }
        }
        double tolerance = first.strainTolerance;
        double membrane = first.membraneStiffness;
        double thick = first.thickness;
        double mu = first.friction;
        RestShape shape = first.restShape;
        for (ClothMaterial m : pieces) {
            tolerance = Math.min(tolerance, m.strainTolerance);
            membrane = Math.max(membrane, m.membraneStiffness);
            thick = Math.max(thick, m.thickness);
            mu = Math.min(mu, m.friction);
            if (m.restShape == RestShape.INITIAL) {
                shape = RestShape.INITIAL;
            }
        }
        return new ClothMaterial(first.density, first.bendingStiffness, shape, tolerance, first.damping, first.drag,
                membrane, mu, thick, first.stretch);
    }

    /** @return whether this is a stretchable membrane ({@link #stretch} not null) */
    public boolean stretchable() {
        return stretch != null;
    }

    /** @return the model's name in a scene file: {@code "isometric"} or {@code "membrane"} */
    public String modelName() {
        return stretch == null ? "isometric" : "membrane";
    }

    /**
     * @param s the membrane's elasticity, or null for the isometric model
     * @return a copy with that model
     */
    public ClothMaterial withStretch(Stretch s) {
        return new ClothMaterial(density, bendingStiffness, restShape, strainTolerance, damping, drag,
                membraneStiffness, friction, thickness, s);
    }

    private static void check(String field, double value, Range range, String unit) {
        if (!Double.isFinite(value) || !range.contains(value)) {
            throw new InputException("material." + field + ": must be in " + range + unit + " (got " + value + ")");
        }
    }

    /**
     * @param d new surface density in kg/m²
     * @return a copy with that density
     */
    public ClothMaterial withDensity(double d) {
        return new ClothMaterial(d, bendingStiffness, restShape, strainTolerance, damping, drag, membraneStiffness,
                friction, thickness, stretch);
    }

    /**
     * @param tolerance new strain tolerance
     * @return a copy with that strain tolerance
     */
    public ClothMaterial withStrainTolerance(double tolerance) {
        return new ClothMaterial(density, bendingStiffness, restShape, tolerance, damping, drag, membraneStiffness,
                friction, thickness, stretch);
    }

    /**
     * @param beta new bending damping time in s
     * @return a copy with that damping
     */
    public ClothMaterial withDamping(double beta) {
        return new ClothMaterial(density, bendingStiffness, restShape, strainTolerance, beta, drag, membraneStiffness,
                friction, thickness, stretch);
    }

    /**
     * @param c new air drag in kg/(m²·s)
     * @return a copy with that drag
     */
    public ClothMaterial withDrag(double c) {
        return new ClothMaterial(density, bendingStiffness, restShape, strainTolerance, damping, c, membraneStiffness,
                friction, thickness, stretch);
    }

    /**
     * The bending length c = (k/(ρ g))^⅓ of the cantilever test (ASTM D1388; g standard gravity):
     * a strip of this material overhanging by 2c droops to a 41.5° chord angle. It is what a
     * textile laboratory reports for a fabric's stiffness.
     *
     * @return c in metres (0 for a cloth without bending stiffness)
     */
    public double bendingLength() {
        return bendingLength(density, bendingStiffness);
    }

    /**
     * @param density areal density, kg/m²
     * @param stiffness bending stiffness k, N·m
     * @return the bending length c = (k/(ρ g))^⅓ of the cantilever test, m (g standard gravity)
     */
    public static double bendingLength(double density, double stiffness) {
        return Math.cbrt(stiffness / (density * Limits.STANDARD_GRAVITY));
    }

    /**
     * @param density areal density, kg/m²
     * @param length bending length c, m
     * @return the bending stiffness k = ρ g c³ that gives that bending length, N·m
     */
    public static double bendingStiffnessForLength(double density, double length) {
        return density * Limits.STANDARD_GRAVITY * length * length * length;
    }

    /**
     * @param c bending length in metres, in {@link Limits#BENDING_LENGTH}
     * @return a copy whose bending stiffness gives that bending length at this density:
     *     k = ρ g c³ (g standard gravity)
     * @throws InputException naming the field if c is outside its range
     */
    public ClothMaterial withBendingLength(double c) {
        if (!Limits.BENDING_LENGTH.contains(c)) {
            throw new InputException("material.bendingLength: must be in " + Limits.BENDING_LENGTH + " m (got " + c
                    + ")");
        }
        return withBendingStiffness(bendingStiffnessForLength(density, c));
    }

    /**
     * @param k new bending stiffness in N·m
     * @return a copy with that bending stiffness
     */
    public ClothMaterial withBendingStiffness(double k) {
        return new ClothMaterial(density, k, restShape, strainTolerance, damping, drag, membraneStiffness, friction,
                thickness, stretch);
    }

    /**
     * @param shape new rest shape
     * @return a copy with that rest shape
     */
    public ClothMaterial withRestShape(RestShape shape) {
        return new ClothMaterial(density, bendingStiffness, shape, strainTolerance, damping, drag,
                membraneStiffness, friction, thickness, stretch);
    }

    /**
     * @param y new membrane stiffness in N/m
     * @return a copy with that membrane stiffness
     */
    public ClothMaterial withMembraneStiffness(double y) {
        return new ClothMaterial(density, bendingStiffness, restShape, strainTolerance, damping, drag, y,
                friction, thickness, stretch);
    }

    /**
     * @param mu new friction coefficient
     * @return a copy with that friction coefficient
     */
    public ClothMaterial withFriction(double mu) {
        return new ClothMaterial(density, bendingStiffness, restShape, strainTolerance, damping, drag,
                membraneStiffness, mu, thickness, stretch);
    }

    /**
     * @param t new collision thickness in metres
     * @return a copy with that thickness
     */
    public ClothMaterial withThickness(double t) {
        return new ClothMaterial(density, bendingStiffness, restShape, strainTolerance, damping, drag,
                membraneStiffness, friction, t, stretch);
    }
}
