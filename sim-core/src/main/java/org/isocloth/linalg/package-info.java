/**
 * Sparse symmetric linear algebra for the cloth solver: {@link org.isocloth.linalg.SymmetricCsc}
 * (lower-triangle compressed-column storage, Matrix Market I/O) and {@link
 * org.isocloth.linalg.SparseCholesky} (analysed once per pattern, supernodal numeric
 * factorization and triangular solves reused every iteration). {@link
 * org.isocloth.linalg.CholeskyBench} is a command-line benchmark.
 */
package org.isocloth.linalg;
