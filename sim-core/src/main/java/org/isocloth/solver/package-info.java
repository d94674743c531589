/**
 * Time stepping: prediction, Gauss-Newton projection on the SPD system of thesis eq. 3.30, velocity
 * update (backward Euler or BDF2), and solver-independent metrics.
 */
package org.isocloth.solver;
