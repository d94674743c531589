package org.isocloth.jme;

import org.isocloth.solver.SolverState;

/** A rigid motion of a cloth's whole state: positions moved, velocities and offsets turned. */
final class RigidMotion {
    private RigidMotion() {
    }

    /**
     * The state moved rigidly by x → R·(x − from) + to: positions (now and before the last step)
     * are moved, velocities (now and before) and the warm start's corrections are turned by R;
     * the tensions and the time are kept.
     *
     * @param s the state (unaffected)
     * @param motion {R (row-major 3×3), from (3), to (3)}
     * @return the moved state
     */
    static SolverState apply(SolverState s, double[] motion) {
        return apply(s, motion, null);
    }

    /**
     * The state with some nodes moved rigidly, as {@link #apply(SolverState, double[])} moves all.
     *
     * @param s the state (unaffected)
     * @param motion {R (row-major 3×3), from (3), to (3)}
     * @param nodes the nodes to move, or null for all
     * @return the moved state
     */
    static SolverState apply(SolverState s, double[] motion, int[] nodes) {
        return new SolverState(move(s.positions(), motion, true, nodes), move(s.velocities(), motion, false, nodes),
                move(s.previousPositions(), motion, true, nodes), move(s.previousVelocities(), motion, false, nodes),
                s.hasHistory(), s.time(), s.tensions(), s.tensionStep(), s.corrections() == null ? null
                        : move(s.corrections(), motion, false, nodes));
    }

    private static double[] move(double[] v, double[] m, boolean point, int[] nodes) {
        double[] out = v.clone();
        int count = nodes == null ? v.length / 3 : nodes.length;
        for (int k = 0; k < count; k++) {
            int i = 3 * (nodes == null ? k : nodes[k]);
            double x = v[i] - (point ? m[9] : 0);
            double y = v[i + 1] - (point ? m[10] : 0);
            double z = v[i + 2] - (point ? m[11] : 0);
            out[i] = m[0] * x + m[1] * y + m[2] * z + (point ? m[12] : 0);
            out[i + 1] = m[3] * x + m[4] * y + m[5] * z + (point ? m[13] : 0);
            out[i + 2] = m[6] * x + m[7] * y + m[8] * z + (point ? m[14] : 0);
        }
        return out;
    }
}
