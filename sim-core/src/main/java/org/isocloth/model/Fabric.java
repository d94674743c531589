package org.isocloth.model;

import java.util.Locale;
import org.isocloth.InputException;

/**
 * Fabric presets: areal density, bending stiffness, friction, thickness and in-plane stiffness of
 * real fabrics, in SI units. docs/fabrics.md gives the source of every number and the test that
 * checks it ({@code DrapeTest}, {@code FabricTest}, {@code cloth validate}).
 *
 * <p>The bending stiffness is the mean of the warp and weft values (IsoCloth's bending is
 * isotropic). The in-plane stiffness is the fabric's shear rigidity (KES-F G, converted per
 * radian): it sets {@link ClothMaterial#membraneStiffness()}, the springs on the black–red edges
 * of the subdivided mesh, which are the only in-plane compliance of the otherwise inextensible
 * model. Springs this soft let the cloth take the in-plane deformation a drape asks for (the hem
 * of a draped disc is shorter than its flat circumference); with them the boundary constraints
 * stay hard rows ({@code ClothSolver.SOFT_MEMBRANE}).
 */
public enum Fabric {
    /** Silk crepe de chine, 14 momme. */
    SILK("silk", 0.060, 2.0e-6, 0.20, 0.15e-3, 22),
    /** Cotton shirting (poplin, broadcloth). */
    COTTON_SHIRTING("cotton-shirting", 0.115, 7.8e-6, 0.25, 0.25e-3, 56),
    /** Cotton single jersey (T-shirt knit). */
    COTTON_JERSEY("cotton-jersey", 0.160, 3.4e-6, 0.30, 0.60e-3, 28),
    /** Worsted wool suiting. */
    WOOL("wool", 0.250, 9.8e-6, 0.20, 0.50e-3, 34),
    /** 11-ounce denim. */
    DENIM("denim", 0.324, 8.1e-5, 0.30, 0.90e-3, 169),
    /** Woven polyester jacket fabric. */
    POLYESTER("polyester", 0.113, 1.73e-5, 0.20, 0.20e-3, 39),
    /** Lamb nappa garment leather. */
    LEATHER("leather", 0.55, 6.0e-5, 0.40, 0.80e-3, 560);

    private final String jsonName;
    private final double density;
    private final double bendingStiffness;
    private final double friction;
    private final double thickness;
    private final double inPlaneStiffness;

    Fabric(String jsonName, double density, double bendingStiffness, double friction, double thickness,
            double inPlaneStiffness) {
        this.jsonName = jsonName;
        this.density = density;
        this.bendingStiffness = bendingStiffness;
        this.friction = friction;
        this.thickness = thickness;
        this.inPlaneStiffness = inPlaneStiffness;
    }

    /** @return the name used in scene files and panels, e.g. {@code "cotton-shirting"} */
    public String jsonName() {
        return jsonName;
    }

    /** @return areal density, kg/m² */
    public double density() {
        return density;
    }

    /** @return bending stiffness (flexural rigidity), N·m */
    public double bendingStiffness() {
        return bendingStiffness;
    }

    /** @return Coulomb friction coefficient against cloth and skin */
    public double friction() {
        return friction;
    }

    /** @return thickness, m (used as the collision thickness) */
    public double thickness() {
        return thickness;
    }

    /** @return in-plane (shear) stiffness, N/m, used as the membrane stiffness */
    public double inPlaneStiffness() {
        return inPlaneStiffness;
    }

    /** @return the bending length c = (B/(ρ g))^⅓ of the cantilever test, m */
    public double bendingLength() {
        return ClothMaterial.bendingLength(density, bendingStiffness);
    }

    /**
     * The preset applied to a base material: density, bending stiffness, membrane stiffness,
     * friction and thickness come from the fabric, the rest (rest shape, tolerance, damping, drag)
     * from {@code base}.
     *
     * @param base the material whose other fields are kept
     * @return the material
     */
    public ClothMaterial applyTo(ClothMaterial base) {
        return new ClothMaterial(density, bendingStiffness, base.restShape(), base.strainTolerance(), base.damping(),
                base.drag(), inPlaneStiffness, friction, thickness, base.stretch());
    }

    /** @return the preset applied to {@link ClothMaterial#DEFAULT} */
    public ClothMaterial material() {
        return applyTo(ClothMaterial.DEFAULT);
    }

    /**
     * @param name a preset's {@link #jsonName()} (case-insensitive; '_' and ' ' read as '-')
     * @return the preset
     * @throws InputException naming the known presets when there is none of that name
     */
    public static Fabric byName(String name) {
        if (name != null) {
            String key = name.trim().toLowerCase(Locale.ROOT).replace('_', '-').replace(' ', '-');
            for (Fabric f : values()) {
                if (f.jsonName.equals(key)) {
                    return f;
                }
            }
        }
        StringBuilder known = new StringBuilder();
        for (Fabric f : values()) {
            known.append(known.length() == 0 ? "" : ", ").append(f.jsonName);
        }
        String shown = name == null ? "null" : "\"" + (name.length() > 40 ? name.substring(0, 40) + "…" : name) + "\"";
        throw new InputException("fabric: unknown preset " + shown + " (known: " + known + ")");
    }
}
