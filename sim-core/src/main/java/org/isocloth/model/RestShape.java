package org.isocloth.model;

/** Which shape the bending energy treats as stress-free (thesis §3.2.1). */
public enum RestShape {
    /** Flat rest state: the energy is ½ k xᵀLᵀM⁻¹Lx (thesis eq. 3.5). */
    FLAT,
    /** The initial mesh is the rest state: curvature δ = L x₀ is kept (thesis eq. 3.8). */
    INITIAL
}
