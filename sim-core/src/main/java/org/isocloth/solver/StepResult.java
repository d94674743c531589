package org.isocloth.solver;

/**
 * What one call of {@link ClothSolver#step(double)} did.
 *
 * @param iterations Gauss-Newton iterations (linear solves of eq. 3.30), those of discarded
 *     attempts (a step halved, a projection repeated without cloth–cloth pair rows) included
 * @param converged whether every inextensibility constraint ended within the strain tolerance;
 *     false means the projection stopped at the iteration cap
 * @param redStrain largest relative error |l/d − 1| over the inextensibility constraints at the end
 * @param factorizations sparse Cholesky factorizations performed, discarded attempts included
 * @param contacts cloth-node contacts found by collision processing (Table 3.1 line 3)
 */
public record StepResult(int iterations, boolean converged, double redStrain, int factorizations,
        int contacts) {
}
