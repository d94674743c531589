package org.isocloth.model;

import org.isocloth.InputException;

/**
 * The in-plane elasticity of a stretchable cloth (the {@code "membrane"} model of a scene's
 * material): an isotropic Saint Venant–Kirchhoff membrane on the triangles of the subdivided mesh,
 * in plane stress. A triangle of rest area A with Green strain E = ½(FᵀF − I) stores
 * <pre>  Ψ = A (μ tr(E²) + ½ λ tr(E)²) = A (½ (λ + μ) (E₁₁ + E₂₂)² + ½ μ (E₁₁ − E₂₂)² + 2 μ E₁₂²)</pre>
 * with μ = E/(2(1 + ν)) and λ = Eν/(1 − ν²). Stretched along one axis with the other free, a strip
 * carries the force per unit rest width P = E·λ_s(λ_s² − 1)/2 at stretch λ_s, which is E times the
 * strain for small strains.
 *
 * @param youngsModulus the membrane's Young's modulus E, N/m: force per unit width per unit strain
 *     (a solid's modulus in Pa times the fabric's thickness in m), in {@link Limits#YOUNGS_MODULUS}
 * @param poissonRatio Poisson's ratio ν, in {@link Limits#POISSON_RATIO}
 */
public record Stretch(double youngsModulus, double poissonRatio) {

    /**
     * Validates both values; the message names the field, e.g.
     * {@code "material.youngsModulus: must be in [1, 1e+07] N/m (got 0)"}.
     */
    public Stretch {
        if (!Double.isFinite(youngsModulus) || !Limits.YOUNGS_MODULUS.contains(youngsModulus)) {
            throw new InputException("material.youngsModulus: must be in " + Limits.YOUNGS_MODULUS
                    + " N/m, the membrane's modulus: Young's modulus in Pa times the thickness in m (got "
                    + youngsModulus + ")");
        }
        if (!Double.isFinite(poissonRatio) || !Limits.POISSON_RATIO.contains(poissonRatio)) {
            throw new InputException("material.poissonRatio: must be in " + Limits.POISSON_RATIO + " (got "
                    + poissonRatio + ")");
        }
    }

    /** @return the shear modulus μ = E/(2(1 + ν)), N/m */
    public double shearModulus() {
        return youngsModulus / (2 * (1 + poissonRatio));
    }

    /** @return the plane-stress area modulus λ + μ = E/(2(1 − ν)), N/m */
    public double areaModulus() {
        return youngsModulus / (2 * (1 - poissonRatio));
    }
}
