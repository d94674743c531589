package org.isocloth.solver;

/**
 * Everything a step carries over from earlier steps: positions, velocities, the previous
 * step's positions and velocities (BDF2 history) and the simulated time. Restoring a snapshot
 * into a solver built from the same model, material and settings continues the simulation
 * exactly where it was taken ({@code cloth run --resume}).
 *
 * @param positions node positions, 3 per node, metres
 * @param velocities node velocities, m/s
 * @param previousPositions positions before the last step (BDF2)
 * @param previousVelocities velocities before the last step (BDF2)
 * @param hasHistory whether the previous step can serve BDF2
 * @param time simulated time in seconds
 * @param tensions the distance rows' multipliers at the end of the last step (the next
 *     step's first geometric stiffness; null: none, as after a reset)
 * @param tensionStep the step h those multipliers belong to, s (0 with no tensions)
 * @param corrections how far the last Newton projection moved each node from its prediction,
 *     3 per node, metres (the next step's first iterate starts that far from its own
 *     prediction; null: none)
 */
public record SolverState(double[] positions, double[] velocities, double[] previousPositions,
        double[] previousVelocities, boolean hasHistory, double time, double[] tensions, double tensionStep,
        double[] corrections) {
    /**
     * A state without tensions (the first step after it starts its Newton iteration without
     * geometric stiffness).
     *
     * @param positions node positions, 3 per node, metres
     * @param velocities node velocities, m/s
     * @param previousPositions positions before the last step (BDF2)
     * @param previousVelocities velocities before the last step (BDF2)
     * @param hasHistory whether the previous step can serve BDF2
     * @param time simulated time in seconds
     */
    public SolverState(double[] positions, double[] velocities, double[] previousPositions,
            double[] previousVelocities, boolean hasHistory, double time) {
        this(positions, velocities, previousPositions, previousVelocities, hasHistory, time, null, 0, null);
    }

    /**
     * Checks that this state fits a cloth.
     *
     * @param name the cloth's name, for messages
     * @param n3 three times the cloth's node count
     * @param distanceRows the cloth's number of distance rows (tensions)
     * @throws IllegalArgumentException naming the array and node or row that does not fit: a
     *     wrong length, a non-finite value, a non-finite time or tension step, or corrections
     *     without tensions
     */
    void check(String name, int n3, int distanceRows) {
        double[][] arrays = {positions, velocities, previousPositions, previousVelocities};
        String[] what = {"positions", "velocities", "previous positions", "previous velocities"};
        for (int a = 0; a < arrays.length; a++) {
            if (arrays[a] == null || arrays[a].length != n3) {
                throw new IllegalArgumentException(name + ": snapshot " + what[a] + " have "
                        + (arrays[a] == null ? "no" : String.valueOf(arrays[a].length)) + " values, this cloth needs "
                        + n3);
            }
            for (int i = 0; i < n3; i++) {
                if (!Double.isFinite(arrays[a][i])) {
                    throw new IllegalArgumentException(name + ": snapshot " + what[a] + " of node " + i / 3
                            + " are not finite (" + arrays[a][i] + ")");
                }
            }
        }
        if (!Double.isFinite(time)) {
            throw new IllegalArgumentException(name + ": snapshot time is not finite (" + time + ")");
        }
        double[] t = tensions;
        if (t != null) {
            if (t.length != distanceRows) {
                throw new IllegalArgumentException(name + ": snapshot tensions have " + t.length
                        + " values, this cloth has " + distanceRows + " distance rows");
            }
            for (int i = 0; i < t.length; i++) {
                if (!Double.isFinite(t[i])) {
                    throw new IllegalArgumentException(name + ": snapshot tension of distance row " + i
                            + " is not finite (" + t[i] + ")");
                }
            }
            if (!(tensionStep > 0 && Double.isFinite(tensionStep))) {
                throw new IllegalArgumentException(name + ": snapshot tension step must be positive and finite (got "
                        + tensionStep + ")");
            }
        }
        double[] corr = corrections;
        if (corr != null) {
            if (t == null) {
                throw new IllegalArgumentException(name + ": snapshot has corrections but no tensions");
            }
            if (corr.length != n3) {
                throw new IllegalArgumentException(name + ": snapshot corrections have " + corr.length
                        + " values, this cloth has " + n3);
            }
            for (int i = 0; i < n3; i++) {
                if (!Double.isFinite(corr[i])) {
                    throw new IllegalArgumentException(name + ": snapshot correction of node " + i / 3
                            + " is not finite (" + corr[i] + ")");
                }
            }
        }
    }

    /** @return a copy of the solver's state (its tensions and corrections only while it keeps them) */
    static SolverState of(ClothSolver s) {
        boolean kept = s.tensionH > 0;
        return new SolverState(s.x.clone(), s.v.clone(), s.xPrev.clone(), s.vPrev.clone(), s.hasHistory, s.time,
                kept ? s.tension.clone() : null, s.tensionH, kept ? s.correction.clone() : null);
    }

    /**
     * Puts this state into a solver of the same cloth ({@link ClothSolver#restore}).
     *
     * @param s the solver
     * @throws IllegalArgumentException if the state does not fit it ({@link #check}); the solver is
     *     unchanged then
     */
    void applyTo(ClothSolver s) {
        int n3 = 3 * s.nodes;
        check(s.name, n3, s.tension.length);
        System.arraycopy(positions, 0, s.x, 0, n3);
        System.arraycopy(velocities, 0, s.v, 0, n3);
        System.arraycopy(previousPositions, 0, s.xPrev, 0, n3);
        System.arraycopy(previousVelocities, 0, s.vPrev, 0, n3);
        s.hasHistory = hasHistory;
        s.time = time;
        if (tensions != null) {
            System.arraycopy(tensions, 0, s.tension, 0, tensions.length);
            s.tensionH = tensionStep;
        } else {
            java.util.Arrays.fill(s.tension, 0);
            s.tensionH = 0;
        }
        if (corrections != null) {
            System.arraycopy(corrections, 0, s.correction, 0, n3);
        } else {
            java.util.Arrays.fill(s.correction, 0); // a checkpoint of version 2 (no corrections): start at x̂
        }
    }
}
