package org.isocloth.jme;

import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;

/**
 * Conversions of jME (float) poses to the double row-major matrices of the sim-core colliders;
 * public for the collider providers of the Minie module.
 */
public final class Poses {
    private Poses() {
    }

    /**
     * The rotation matrix of a quaternion, normalized in double precision so that the result is
     * orthonormal to rounding (jME quaternions are floats and often slightly off unit length).
     *
     * @param q the rotation (non-zero)
     * @param out receives the row-major 3×3 matrix
     * @return {@code out}
     */
    public static double[] rotation(Quaternion q, double[] out) {
        double x = q.getX();
        double y = q.getY();
        double z = q.getZ();
        double w = q.getW();
        double len = Math.sqrt(x * x + y * y + z * z + w * w);
        if (!(len > 0) || !Double.isFinite(len)) {
            throw new IllegalArgumentException("rotation: not a usable quaternion (" + q + ")");
        }
        x /= len;
        y /= len;
        z /= len;
        w /= len;
        out[0] = 1 - 2 * (y * y + z * z);
        out[1] = 2 * (x * y - z * w);
        out[2] = 2 * (x * z + y * w);
        out[3] = 2 * (x * y + z * w);
        out[4] = 1 - 2 * (x * x + z * z);
        out[5] = 2 * (y * z - x * w);
        out[6] = 2 * (x * z - y * w);
        out[7] = 2 * (y * z + x * w);
        out[8] = 1 - 2 * (x * x + y * y);
        return out;
    }

    /** {@code out = a · b} for row-major 3×3 matrices ({@code out} distinct from both). */
    public static void multiply(double[] a, double[] b, double[] out) {
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                out[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
            }
        }
    }

    /**
     * {@code out = t + R·v}.
     *
     * @param r row-major 3×3
     * @param t translation, or null for none
     * @param vx x of v
     * @param vy y of v
     * @param vz z of v
     * @param out receives the result at {@code [k, k+3)}
     * @param k offset into {@code out}
     */
    public static void transform(double[] r, double[] t, double vx, double vy, double vz, double[] out, int k) {
        double x = r[0] * vx + r[1] * vy + r[2] * vz;
        double y = r[3] * vx + r[4] * vy + r[5] * vz;
        double z = r[6] * vx + r[7] * vy + r[8] * vz;
        if (t != null) {
            x += t[0];
            y += t[1];
            z += t[2];
        }
        out[k] = x;
        out[k + 1] = y;
        out[k + 2] = z;
    }

    /**
     * The uniform scale that stands for a possibly non-uniform one: the largest absolute component.
     *
     * @param scale a scale vector
     * @return max(|x|, |y|, |z|)
     */
    public static double uniform(Vector3f scale) {
        return Math.max(Math.abs(scale.x), Math.max(Math.abs(scale.y), Math.abs(scale.z)));
    }
}
