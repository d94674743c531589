package org.isocloth.solver;

import org.isocloth.model.ClothModel;

/**
 * Measurements of a cloth state, independent of the solver: strains, energies.
 */
public final class ClothMetrics {
    private ClothMetrics() {
    }

    /**
     * @param model the cloth (not null)
     * @param x node positions (not null, unaffected)
     * @return max over all edges of the subdivided mesh of |l/l₀ − 1|
     */
    public static double maxStrain(ClothModel model, double[] x) {
        int[] edges = model.mesh.fineEdges;
        double worst = 0;
        for (int k = 0; k < model.fineEdgeRest.length; k++) {
            double e = Math.abs(ClothModel.dist(x, edges[2 * k], edges[2 * k + 1]) / model.fineEdgeRest[k] - 1);
            if (e > worst || Double.isNaN(e)) {
                worst = e;
            }
        }
        return worst;
    }

    /**
     * @param model the cloth (not null)
     * @param x node positions (not null, unaffected)
     * @return max over the inextensibility constraints of |l/d − 1|
     */
    public static double redStrain(ClothModel model, double[] x) {
        double worst = 0;
        for (int i = 0; i < model.inextRest.length; i++) {
            double l = ClothModel.dist(x, model.inextNodes[2 * i], model.inextNodes[2 * i + 1]);
            double e = Math.abs(l / model.inextRest[i] - 1);
            if (e > worst || Double.isNaN(e)) {
                worst = e;
            }
        }
        return worst;
    }

    /**
     * @param model the cloth (not null)
     * @param v node velocities (not null, unaffected)
     * @return ½ Σ m |v|² in joules
     */
    public static double kineticEnergy(ClothModel model, double[] v) {
        double e = 0;
        for (int p = 0; p < model.nodeCount(); p++) {
            e += model.mass[p] * (v[3 * p] * v[3 * p] + v[3 * p + 1] * v[3 * p + 1] + v[3 * p + 2] * v[3 * p + 2]);
        }
        return 0.5 * e;
    }

    /**
     * @param model the cloth (not null)
     * @param x node positions (not null, unaffected)
     * @param gravity gravity in m/s² (not null, length 3)
     * @return gravitational potential energy −Σ m g·x in joules (zero at the origin)
     */
    public static double gravityEnergy(ClothModel model, double[] x, double[] gravity) {
        double e = 0;
        for (int p = 0; p < model.nodeCount(); p++) {
            e -= model.mass[p] * (gravity[0] * x[3 * p] + gravity[1] * x[3 * p + 1] + gravity[2] * x[3 * p + 2]);
        }
        return e;
    }

    /**
     * @param x positions (not null)
     * @return whether every entry is finite
     */
    public static boolean allFinite(double[] x) {
        for (double d : x) {
            if (!Double.isFinite(d)) {
                return false;
            }
        }
        return true;
    }
}
