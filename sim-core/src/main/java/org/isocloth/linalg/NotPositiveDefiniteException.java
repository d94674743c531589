package org.isocloth.linalg;

/**
 * Thrown by {@link SparseCholesky#factor(double[])} when a pivot is not positive or not finite,
 * i.e. the matrix is not (numerically) symmetric positive definite.
 */
public class NotPositiveDefiniteException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int row;
    private final double pivot;

    /**
     * @param row the row (and column) of the failing pivot, in the original (unpermuted) numbering
     * @param pivot the value of the pivot when it was found to be not positive or not finite
     */
    public NotPositiveDefiniteException(int row, double pivot) {
        super("matrix is not positive definite: pivot at row " + row + " is " + pivot);
        this.row = row;
        this.pivot = pivot;
    }

    /** The failing row (and column) in the original, unpermuted numbering. */
    public int row() {
        return row;
    }

    /** The failing pivot value (not positive, or NaN, or infinite). */
    public double pivot() {
        return pivot;
    }
}
