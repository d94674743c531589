package org.isocloth.collision;

/**
 * Exact first-contact parameters of a straight node path against the analytic shapes' building
 * blocks (a sphere, a capsule around a segment), in the shape's body frame: the queries behind
 * {@code AnalyticCollider.firstHit}. A parameter s ∈ [0, 1] places the hit at p0 + s·(p1 − p0);
 * NaN means no hit.
 */
final class SweptHits {
    private SweptHits() {
    }

    /**
     * First {@code s ∈ [0, 1]} with {@code |p0 + s·d − center| ≤ radius}, or NaN; 0 if {@code p0}
     * is within. Exact quadratic.
     */
    static double sphereHit(double[] p0, double[] p1, double cx, double cy, double cz,
            double radius) {
        double wx = p0[0] - cx;
        double wy = p0[1] - cy;
        double wz = p0[2] - cz;
        double dx = p1[0] - p0[0];
        double dy = p1[1] - p0[1];
        double dz = p1[2] - p0[2];
        double c = wx * wx + wy * wy + wz * wz - radius * radius;
        if (c <= 0) {
            return 0;
        }
        double a = dx * dx + dy * dy + dz * dz;
        double b = wx * dx + wy * dy + wz * dz;
        if (a == 0 || b >= 0) {
            return Double.NaN; // outside and not approaching
        }
        double disc = b * b - a * c;
        if (disc < 0) {
            return Double.NaN;
        }
        // smaller root of a s² + 2 b s + c = 0 in the cancellation-free form (b < 0)
        double s = c / (-b + Math.sqrt(disc));
        return s <= 1 ? s : Double.NaN;
    }

    /**
     * First {@code s ∈ [0, 1]} at which {@code p0 + s·(p1 − p0)} is within {@code radius} of the
     * segment {@code a–b} (a capsule), or NaN; 0 if {@code p0} is within. Exact: the earliest of
     * the hits on the infinite cylinder (kept when the hit projects inside the segment) and on the
     * two end spheres.
     */
    static double capsuleHit(double[] p0, double[] p1, double[] a, double[] b, double radius) {
        if (segmentDistanceSquared(p0[0], p0[1], p0[2], a, b) <= radius * radius) {
            return 0;
        }
        double best = earliest(sphereHit(p0, p1, a[0], a[1], a[2], radius),
                sphereHit(p0, p1, b[0], b[1], b[2], radius));
        double ux = b[0] - a[0];
        double uy = b[1] - a[1];
        double uz = b[2] - a[2];
        double len2 = ux * ux + uy * uy + uz * uz;
        if (len2 > 0) {
            double len = Math.sqrt(len2);
            ux /= len;
            uy /= len;
            uz /= len;
            double wx = p0[0] - a[0];
            double wy = p0[1] - a[1];
            double wz = p0[2] - a[2];
            double dx = p1[0] - p0[0];
            double dy = p1[1] - p0[1];
            double dz = p1[2] - p0[2];
            double wu = wx * ux + wy * uy + wz * uz;
            double du = dx * ux + dy * uy + dz * uz;
            // components perpendicular to the axis
            double px = wx - wu * ux;
            double py = wy - wu * uy;
            double pz = wz - wu * uz;
            double qx = dx - du * ux;
            double qy = dy - du * uy;
            double qz = dz - du * uz;
            double qa = qx * qx + qy * qy + qz * qz;
            double qb = px * qx + py * qy + pz * qz;
            double qc = px * px + py * py + pz * pz - radius * radius;
            double s = Double.NaN;
            if (qc <= 0) {
                s = 0; // starts inside the infinite cylinder (but beyond an end: checked below)
            } else if (qa > 0 && qb < 0) {
                double disc = qb * qb - qa * qc;
                if (disc >= 0) {
                    s = qc / (-qb + Math.sqrt(disc));
                }
            }
            if (s >= 0 && s <= 1) {
                double axial = wu + s * du;
                if (axial >= 0 && axial <= len) {
                    best = earliest(best, s);
                }
            }
        }
        return best;
    }

    /** The smaller of two hit parameters, NaN meaning no hit. */
    static double earliest(double s, double t) {
        if (Double.isNaN(s)) {
            return t;
        }
        return Double.isNaN(t) ? s : Math.min(s, t);
    }

    /** Squared distance of a point to the segment {@code a–b}. */
    static double segmentDistanceSquared(double x, double y, double z, double[] a, double[] b) {
        double ux = b[0] - a[0];
        double uy = b[1] - a[1];
        double uz = b[2] - a[2];
        double wx = x - a[0];
        double wy = y - a[1];
        double wz = z - a[2];
        double len2 = ux * ux + uy * uy + uz * uz;
        double t = len2 > 0 ? (wx * ux + wy * uy + wz * uz) / len2 : 0;
        t = Math.max(0, Math.min(1, t));
        double ex = wx - t * ux;
        double ey = wy - t * uy;
        double ez = wz - t * uz;
        return ex * ex + ey * ey + ez * ez;
    }
}
