package org.isocloth.jme;

import java.util.Objects;
import org.isocloth.collision.AnalyticCollider;
import org.isocloth.collision.Collider;

/**
 * A {@link SceneCollider} for an analytic shape (sphere, capsule, box, plane) that moves as a rigid
 * body: subclasses read the world pose of its centre; between two captures the shape moves with
 * the constant linear and angular velocity that takes it from one pose to the next (the screw
 * motion the cloth's continuous collision detection and friction see).
 */
public abstract class AnalyticSceneCollider extends SceneCollider {
    private final AnalyticCollider shape;
    private final double[] center = new double[3];
    private final double[] rotation = new double[9];
    private final double[] previousCenter = new double[3];
    private final double[] previousRotation = new double[9];
    private final double[] velocity = new double[3];
    private final double[] omega = new double[3];
    private final double[] relative = new double[9];
    private int captures;

    /**
     * @param name name used in messages (not null)
     * @param shape the sim-core collider, with its shape defined about its centre (not null)
     */
    protected AnalyticSceneCollider(String name, AnalyticCollider shape) {
        super(name);
        this.shape = Objects.requireNonNull(shape, "shape");
    }

    @Override
    public final Collider collider() {
        return shape;
    }

    /** @return the sim-core shape */
    public final AnalyticCollider shape() {
        return shape;
    }

    /**
     * Reads the shape's current world pose (render thread).
     *
     * @param centerOut receives the world position of the shape's centre, m
     * @param rotationOut receives the orientation, row-major 3×3, body to world (orthonormal)
     * @return false when the source is gone
     */
    protected abstract boolean readPose(double[] centerOut, double[] rotationOut);

    @Override
    public final boolean capture() {
        System.arraycopy(center, 0, previousCenter, 0, 3);
        System.arraycopy(rotation, 0, previousRotation, 0, 9);
        if (!readPose(center, rotation)) {
            return false;
        }
        captures++;
        return true;
    }

    /** @return a copy of the last captured centre, m */
    public final double[] capturedCenter() {
        return center.clone();
    }

    /** @return a copy of the last captured orientation, row-major 3×3 */
    public final double[] capturedRotation() {
        return rotation.clone();
    }

    @Override
    public final void beginInterval(double t0, double t1, double skipped) {
        double dx = center[0] - previousCenter[0];
        double dy = center[1] - previousCenter[1];
        double dz = center[2] - previousCenter[2];
        boolean teleport = captures < 2 || !(Math.sqrt(dx * dx + dy * dy + dz * dz) <= getTeleportDistance())
                || !(t1 > t0);
        if (teleport) {
            shape.setMotion(new double[3], new double[3]);
            shape.setPose(t0, center, rotation);
            return;
        }
        double h = t1 - t0;
        velocity[0] = dx / h;
        velocity[1] = dy / h;
        velocity[2] = dz / h;
        // relative rotation Q = R1 · R0ᵀ, so that R1 = Q · R0; ω = log(Q) / h
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double s = 0;
                for (int k = 0; k < 3; k++) {
                    s += rotation[3 * i + k] * previousRotation[3 * j + k];
                }
                relative[3 * i + j] = s;
            }
        }
        rotationVector(relative, omega);
        if (skipped > 0) {
            // the dropped part of the motion is not swept: the pose function starts that far
            // along it at t0 and moves at the scene's speed through the rest
            double f = Math.min(skipped, 1);
            double[] turn = new double[9];
            rotationMatrix(new double[] {f * omega[0], f * omega[1], f * omega[2]}, turn);
            double[] start = new double[9];
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    start[3 * i + j] = turn[3 * i] * previousRotation[j] + turn[3 * i + 1] * previousRotation[3 + j]
                            + turn[3 * i + 2] * previousRotation[6 + j];
                }
                previousCenter[i] += f * (center[i] - previousCenter[i]);
                velocity[i] *= 1 - f;
                omega[i] *= 1 - f;
            }
            System.arraycopy(start, 0, previousRotation, 0, 9);
        }
        omega[0] /= h;
        omega[1] /= h;
        omega[2] /= h;
        shape.setMotion(velocity, omega);
        shape.setPose(t0, previousCenter, previousRotation);
    }

    /**
     * The rotation matrix of a rotation vector (Rodrigues' formula).
     *
     * @param w axis × angle, rad
     * @param out receives the row-major 3×3 matrix
     */
    static void rotationMatrix(double[] w, double[] out) {
        double angle = Math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
        double c = Math.cos(angle);
        double s = angle < 1e-12 ? 1 : Math.sin(angle) / angle;
        double k = angle < 1e-6 ? 0.5 : (1 - c) / (angle * angle);
        out[0] = c + k * w[0] * w[0];
        out[1] = k * w[0] * w[1] - s * w[2];
        out[2] = k * w[0] * w[2] + s * w[1];
        out[3] = k * w[1] * w[0] + s * w[2];
        out[4] = c + k * w[1] * w[1];
        out[5] = k * w[1] * w[2] - s * w[0];
        out[6] = k * w[2] * w[0] - s * w[1];
        out[7] = k * w[2] * w[1] + s * w[0];
        out[8] = c + k * w[2] * w[2];
    }

    /**
     * The rotation vector (axis × angle, angle in [0, π]) of a rotation matrix, through its unit
     * quaternion (Shepperd's method: stable at every angle).
     *
     * @param r row-major 3×3 rotation
     * @param out receives the rotation vector, rad
     */
    static void rotationVector(double[] r, double[] out) {
        double trace = r[0] + r[4] + r[8];
        double w;
        double x;
        double y;
        double z;
        if (trace > r[0] && trace > r[4] && trace > r[8]) {
            double s = 2 * Math.sqrt(1 + trace);
            w = s / 4;
            x = (r[7] - r[5]) / s;
            y = (r[2] - r[6]) / s;
            z = (r[3] - r[1]) / s;
        } else if (r[0] > r[4] && r[0] > r[8]) {
            double s = 2 * Math.sqrt(1 + r[0] - r[4] - r[8]);
            w = (r[7] - r[5]) / s;
            x = s / 4;
            y = (r[1] + r[3]) / s;
            z = (r[2] + r[6]) / s;
        } else if (r[4] > r[8]) {
            double s = 2 * Math.sqrt(1 + r[4] - r[0] - r[8]);
            w = (r[2] - r[6]) / s;
            x = (r[1] + r[3]) / s;
            y = s / 4;
            z = (r[5] + r[7]) / s;
        } else {
            double s = 2 * Math.sqrt(1 + r[8] - r[0] - r[4]);
            w = (r[3] - r[1]) / s;
            x = (r[2] + r[6]) / s;
            y = (r[5] + r[7]) / s;
            z = s / 4;
        }
        if (w < 0) {
            w = -w;
            x = -x;
            y = -y;
            z = -z;
        }
        double sin = Math.sqrt(x * x + y * y + z * z);
        if (sin < 1e-300) {
            out[0] = 0;
            out[1] = 0;
            out[2] = 0;
            return;
        }
        double angle = 2 * Math.atan2(sin, w);
        out[0] = x / sin * angle;
        out[1] = y / sin * angle;
        out[2] = z / sin * angle;
    }
}
