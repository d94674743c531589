package org.isocloth.solver;

/** How collisions enter a time step (thesis §3.3). */
public enum CollisionHandling {
    /**
     * Thesis Table 3.1: project, resolve collisions, add the contacts as constraints (normal rows
     * eq. 3.26, soft tangential friction rows eq. 3.28) and project again, then re-process
     * collisions. The cloth's constraints and bending see the contacts in the same solve.
     */
    COUPLED,
    /**
     * The classic order: project, then resolve collisions by moving nodes, without projecting
     * again. Cheaper, but collision response can stretch the cloth (thesis Fig. 3.4, 4.1–4.3).
     */
    STAGGERED
}
