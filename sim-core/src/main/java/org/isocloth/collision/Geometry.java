package org.isocloth.collision;

import java.math.BigDecimal;

/**
 * Static geometric kernels for collision detection: closest points between a point and a
 * triangle and between two segments, and an exact triangle–triangle intersection test.
 *
 * <p>Points are read from flat xyz arrays: vertex {@code v} of an array {@code x} is {@code
 * (x[3v], x[3v+1], x[3v+2])}. The distance kernels also come in a scalar form (12 coordinates)
 * used by {@link Ccd}. No kernel allocates except the exact fallback of the orientation
 * predicates, which runs only when the floating-point filter cannot decide a sign.
 *
 * <p>Results for coordinates that are NaN or infinite are unspecified (no exception is thrown).
 */
public final class Geometry {
    /** Length of the {@code out} array of {@link #pointTriangle}: squared distance, 3 weights. */
    public static final int POINT_TRIANGLE_OUT = 4;
    /** Length of the {@code out} array of {@link #segmentSegment}: squared distance, s, t. */
    public static final int SEGMENT_SEGMENT_OUT = 3;

    /** Unit roundoff of double arithmetic, 2<sup>-53</sup>. */
    private static final double EPS = 0x1p-53;
    /** Shewchuk's first-stage error bound coefficient for orient3d. */
    private static final double O3D_BOUND = (7 + 56 * EPS) * EPS;
    /** Shewchuk's first-stage error bound coefficient for orient2d. */
    private static final double O2D_BOUND = (3 + 16 * EPS) * EPS;
    /**
     * Below this permanent the filter's products may underflow; the exact path decides instead.
     */
    private static final double TINY = 0x1p-900;
    /**
     * Bound on the relative rounding error of a 3-term dot product (gamma_3 = 3u / (1 - 3u),
     * rounded up), doubled for the subtraction d - e and addition d + e of the interval ends.
     */
    private static final double DOT_BOUND = 8 * EPS;
    /** Squared sine of the angle below which two segments are treated as parallel. */
    private static final double PARALLEL_SIN2 = 1e-14;
    /**
     * Squared sine of the angle at a triangle's first vertex below which the triangle is treated
     * as the union of its edges by the distance kernel.
     */
    private static final double DEGENERATE_SIN2 = 1e-14;

    private Geometry() {
    }

    // ---------------------------------------------------------------------------------------
    // point - triangle

    /**
     * Closest point of triangle {@code (a, b, c)} to point {@code p}, all vertices of one array.
     *
     * @param x positions, flat xyz
     * @param p vertex index of the point
     * @param a first triangle vertex index
     * @param b second triangle vertex index
     * @param c third triangle vertex index
     * @param out receives, when not null and of length &ge; {@value #POINT_TRIANGLE_OUT}: the
     *     squared distance, then the barycentric weights {@code (wa, wb, wc)} (non-negative, sum 1)
     *     of the closest point {@code wa·a + wb·b + wc·c}
     * @return the squared distance
     */
    public static double pointTriangle(double[] x, int p, int a, int b, int c, double[] out) {
        return pointTriangle(x, p, x, a, b, c, out);
    }

    /**
     * Closest point of triangle {@code (a, b, c)} of array {@code xt} to point {@code p} of array
     * {@code xp}.
     *
     * @param xp positions holding the point, flat xyz
     * @param p vertex index of the point in {@code xp}
     * @param xt positions holding the triangle, flat xyz
     * @param a first triangle vertex index in {@code xt}
     * @param b second triangle vertex index in {@code xt}
     * @param c third triangle vertex index in {@code xt}
     * @param out as for {@link #pointTriangle(double[], int, int, int, int, double[])}; may be null
     * @return the squared distance
     */
    public static double pointTriangle(double[] xp, int p, double[] xt, int a, int b, int c,
            double[] out) {
        return pointTriangle(xp[3 * p], xp[3 * p + 1], xp[3 * p + 2],
                xt[3 * a], xt[3 * a + 1], xt[3 * a + 2],
                xt[3 * b], xt[3 * b + 1], xt[3 * b + 2],
                xt[3 * c], xt[3 * c + 1], xt[3 * c + 2], out);
    }

    /**
     * Closest point of triangle {@code (a, b, c)} to point {@code p}, on coordinates. Uses the
     * Voronoi-region method (vertex, edge or face region of the triangle). A triangle whose angle
     * at {@code a} has a squared sine below 10<sup>-14</sup> (zero area, or nearly) is treated as
     * the union of its three edges.
     *
     * @param px point x
     * @param py point y
     * @param pz point z
     * @param ax vertex a x
     * @param ay vertex a y
     * @param az vertex a z
     * @param bx vertex b x
     * @param by vertex b y
     * @param bz vertex b z
     * @param cx vertex c x
     * @param cy vertex c y
     * @param cz vertex c z
     * @param out receives, when not null: the squared distance, then the barycentric weights
     *     {@code (wa, wb, wc)} of the closest point; length &ge; {@value #POINT_TRIANGLE_OUT}
     * @return the squared distance
     */
    public static double pointTriangle(double px, double py, double pz,
            double ax, double ay, double az, double bx, double by, double bz,
            double cx, double cy, double cz, double[] out) {
        double abx = bx - ax, aby = by - ay, abz = bz - az;
        double acx = cx - ax, acy = cy - ay, acz = cz - az;
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double ab2 = abx * abx + aby * aby + abz * abz;
        double ac2 = acx * acx + acy * acy + acz * acz;
        double n2 = nx * nx + ny * ny + nz * nz;
        if (!(n2 > DEGENERATE_SIN2 * ab2 * ac2)) {
            return degenerateTriangle(px, py, pz, ax, ay, az, bx, by, bz, cx, cy, cz, out);
        }
        double apx = px - ax, apy = py - ay, apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz;
        double d2 = acx * apx + acy * apy + acz * apz;
        double wa, wb, wc;
        if (d1 <= 0 && d2 <= 0) {
            wa = 1;
            wb = 0;
            wc = 0;
        } else {
            double bpx = px - bx, bpy = py - by, bpz = pz - bz;
            double d3 = abx * bpx + aby * bpy + abz * bpz;
            double d4 = acx * bpx + acy * bpy + acz * bpz;
            double cpx = px - cx, cpy = py - cy, cpz = pz - cz;
            double d5 = abx * cpx + aby * cpy + abz * cpz;
            double d6 = acx * cpx + acy * cpy + acz * cpz;
            double vc = d1 * d4 - d3 * d2;
            double vb = d5 * d2 - d1 * d6;
            double va = d3 * d6 - d5 * d4;
            if (d3 >= 0 && d4 <= d3) {
                wa = 0;
                wb = 1;
                wc = 0;
            } else if (d6 >= 0 && d5 <= d6) {
                wa = 0;
                wb = 0;
                wc = 1;
            } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
                // edge ab; d1 - d3 = |ab|^2 > 0
                double v = d1 / (d1 - d3);
                wa = 1 - v;
                wb = v;
                wc = 0;
            } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
                // edge ac; d2 - d6 = |ac|^2 > 0
                double w = d2 / (d2 - d6);
                wa = 1 - w;
                wb = 0;
                wc = w;
            } else if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
                // edge bc; the denominator is |bc|^2 > 0
                double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
                wa = 0;
                wb = 1 - w;
                wc = w;
            } else {
                // face: va + vb + vc = |ab x ac|^2 (> 0 here) in exact arithmetic; weights
                // clamped against rounding so that the point stays on the triangle
                wb = Math.max(0, vb / n2);
                wc = Math.max(0, vc / n2);
                double sum = wb + wc;
                if (sum > 1) {
                    wb /= sum;
                    wc /= sum;
                }
                wa = 1 - wb - wc;
            }
        }
        double qx = wa * ax + wb * bx + wc * cx - px;
        double qy = wa * ay + wb * by + wc * cy - py;
        double qz = wa * az + wb * bz + wc * cz - pz;
        double d = qx * qx + qy * qy + qz * qz;
        if (out != null) {
            out[0] = d;
            out[1] = wa;
            out[2] = wb;
            out[3] = wc;
        }
        return d;
    }

    /** Closest point on a zero-area triangle: the nearest of its three edges. */
    private static double degenerateTriangle(double px, double py, double pz,
            double ax, double ay, double az, double bx, double by, double bz,
            double cx, double cy, double cz, double[] out) {
        double tab = segmentParam(px, py, pz, ax, ay, az, bx, by, bz);
        double tbc = segmentParam(px, py, pz, bx, by, bz, cx, cy, cz);
        double tca = segmentParam(px, py, pz, cx, cy, cz, ax, ay, az);
        double dab = dist2(px, py, pz, ax + tab * (bx - ax), ay + tab * (by - ay), az + tab * (bz - az));
        double dbc = dist2(px, py, pz, bx + tbc * (cx - bx), by + tbc * (cy - by), bz + tbc * (cz - bz));
        double dca = dist2(px, py, pz, cx + tca * (ax - cx), cy + tca * (ay - cy), cz + tca * (az - cz));
        double wa, wb, wc, d;
        if (dab <= dbc && dab <= dca) {
            d = dab;
            wa = 1 - tab;
            wb = tab;
            wc = 0;
        } else if (dbc <= dca) {
            d = dbc;
            wa = 0;
            wb = 1 - tbc;
            wc = tbc;
        } else {
            d = dca;
            wa = tca;
            wb = 0;
            wc = 1 - tca;
        }
        if (out != null) {
            out[0] = d;
            out[1] = wa;
            out[2] = wb;
            out[3] = wc;
        }
        return d;
    }

    /** Parameter in [0, 1] of the point of segment (a, b) closest to p. */
    private static double segmentParam(double px, double py, double pz,
            double ax, double ay, double az, double bx, double by, double bz) {
        double ex = bx - ax, ey = by - ay, ez = bz - az;
        double e2 = ex * ex + ey * ey + ez * ez;
        if (!(e2 > 0)) {
            return 0;
        }
        return clamp01(((px - ax) * ex + (py - ay) * ey + (pz - az) * ez) / e2);
    }

    private static double dist2(double ax, double ay, double az, double bx, double by, double bz) {
        double dx = ax - bx, dy = ay - by, dz = az - bz;
        return dx * dx + dy * dy + dz * dz;
    }

    private static double clamp01(double v) {
        return v < 0 ? 0 : v > 1 ? 1 : v;
    }

    // ---------------------------------------------------------------------------------------
    // segment - segment

    /**
     * Closest points of segments {@code (p0, p1)} and {@code (q0, q1)}, all vertices of one array.
     *
     * @param x positions, flat xyz
     * @param p0 first endpoint of segment 1
     * @param p1 second endpoint of segment 1
     * @param q0 first endpoint of segment 2
     * @param q1 second endpoint of segment 2
     * @param out receives, when not null and of length &ge; {@value #SEGMENT_SEGMENT_OUT}: the
     *     squared distance, then the parameters {@code s} and {@code t} in [0, 1] of the closest
     *     points {@code p0 + s (p1 - p0)} and {@code q0 + t (q1 - q0)}
     * @return the squared distance
     */
    public static double segmentSegment(double[] x, int p0, int p1, int q0, int q1, double[] out) {
        return segmentSegment(x, p0, p1, x, q0, q1, out);
    }

    /**
     * Closest points of segment {@code (p0, p1)} of array {@code xp} and segment {@code (q0, q1)}
     * of array {@code xq}.
     *
     * @param xp positions holding segment 1, flat xyz
     * @param p0 first endpoint of segment 1
     * @param p1 second endpoint of segment 1
     * @param xq positions holding segment 2, flat xyz
     * @param q0 first endpoint of segment 2
     * @param q1 second endpoint of segment 2
     * @param out as for {@link #segmentSegment(double[], int, int, int, int, double[])}; may be
     *     null
     * @return the squared distance
     */
    public static double segmentSegment(double[] xp, int p0, int p1, double[] xq, int q0, int q1,
            double[] out) {
        return segmentSegment(xp[3 * p0], xp[3 * p0 + 1], xp[3 * p0 + 2],
                xp[3 * p1], xp[3 * p1 + 1], xp[3 * p1 + 2],
                xq[3 * q0], xq[3 * q0 + 1], xq[3 * q0 + 2],
                xq[3 * q1], xq[3 * q1 + 1], xq[3 * q1 + 2], out);
    }

    /**
     * Closest points of segments {@code (p0, p1)} and {@code (q0, q1)}, on coordinates. Segments
     * of zero length are points. For parallel segments (squared sine of the angle below
     * 10<sup>-14</sup>) the closest points are not unique; the one returned lies at the middle of
     * the overlap of the segments' projections, or at the nearest endpoints when they do not
     * overlap.
     *
     * @param p0x segment 1 start x
     * @param p0y segment 1 start y
     * @param p0z segment 1 start z
     * @param p1x segment 1 end x
     * @param p1y segment 1 end y
     * @param p1z segment 1 end z
     * @param q0x segment 2 start x
     * @param q0y segment 2 start y
     * @param q0z segment 2 start z
     * @param q1x segment 2 end x
     * @param q1y segment 2 end y
     * @param q1z segment 2 end z
     * @param out receives, when not null: the squared distance, s and t (see the indexed form);
     *     length &ge; {@value #SEGMENT_SEGMENT_OUT}
     * @return the squared distance
     */
    public static double segmentSegment(double p0x, double p0y, double p0z,
            double p1x, double p1y, double p1z, double q0x, double q0y, double q0z,
            double q1x, double q1y, double q1z, double[] out) {
        double ux = p1x - p0x, uy = p1y - p0y, uz = p1z - p0z;
        double vx = q1x - q0x, vy = q1y - q0y, vz = q1z - q0z;
        double rx = p0x - q0x, ry = p0y - q0y, rz = p0z - q0z;
        double a = ux * ux + uy * uy + uz * uz;
        double e = vx * vx + vy * vy + vz * vz;
        double f = vx * rx + vy * ry + vz * rz;
        double s;
        double t;
        if (!(a > 0) && !(e > 0)) {
            s = 0;
            t = 0;
        } else if (!(a > 0)) {
            s = 0;
            t = clamp01(f / e);
        } else {
            double c = ux * rx + uy * ry + uz * rz;
            if (!(e > 0)) {
                t = 0;
                s = clamp01(-c / a);
            } else {
                double b = ux * vx + uy * vy + uz * vz;
                double denom = a * e - b * b;
                if (denom > PARALLEL_SIN2 * a * e) {
                    s = clamp01((b * f - c * e) / denom);
                } else {
                    // parallel: middle of the overlap of q0, q1 projected on segment 1
                    double s0 = -c / a;
                    double s1 = (b - c) / a;
                    double lo = Math.max(0, Math.min(s0, s1));
                    double hi = Math.min(1, Math.max(s0, s1));
                    s = lo <= hi ? 0.5 * (lo + hi) : clamp01(0.5 * (s0 + s1));
                }
                t = (b * s + f) / e;
                if (t < 0) {
                    t = 0;
                    s = clamp01(-c / a);
                } else if (t > 1) {
                    t = 1;
                    s = clamp01((b - c) / a);
                }
            }
        }
        double dx = p0x + s * ux - q0x - t * vx;
        double dy = p0y + s * uy - q0y - t * vy;
        double dz = p0z + s * uz - q0z - t * vz;
        double d = dx * dx + dy * dy + dz * dz;
        if (out != null) {
            out[0] = d;
            out[1] = s;
            out[2] = t;
        }
        return d;
    }

    // ---------------------------------------------------------------------------------------
    // exact predicates

    /**
     * Sign of the orientation of four points: the sign of {@code det[a - d, b - d, c - d]}, which
     * is positive when {@code d} lies below the plane through {@code a, b, c} (the side opposite to
     * {@code (b - a) × (c - a)}). Exact: a floating-point filter (Shewchuk's error bound) with an
     * exact rational fallback.
     *
     * @param xa array holding a, flat xyz
     * @param a vertex index of a
     * @param xb array holding b
     * @param b vertex index of b
     * @param xc array holding c
     * @param c vertex index of c
     * @param xd array holding d
     * @param d vertex index of d
     * @return -1, 0 or 1
     */
    public static int orient3d(double[] xa, int a, double[] xb, int b, double[] xc, int c,
            double[] xd, int d) {
        int ia = 3 * a, ib = 3 * b, ic = 3 * c, id = 3 * d;
        double adx = xa[ia] - xd[id], ady = xa[ia + 1] - xd[id + 1], adz = xa[ia + 2] - xd[id + 2];
        double bdx = xb[ib] - xd[id], bdy = xb[ib + 1] - xd[id + 1], bdz = xb[ib + 2] - xd[id + 2];
        double cdx = xc[ic] - xd[id], cdy = xc[ic + 1] - xd[id + 1], cdz = xc[ic + 2] - xd[id + 2];
        double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
        double cdxady = cdx * ady, adxcdy = adx * cdy;
        double adxbdy = adx * bdy, bdxady = bdx * ady;
        double det = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) + cdz * (adxbdy - bdxady);
        double permanent = (Math.abs(bdxcdy) + Math.abs(cdxbdy)) * Math.abs(adz)
                + (Math.abs(cdxady) + Math.abs(adxcdy)) * Math.abs(bdz)
                + (Math.abs(adxbdy) + Math.abs(bdxady)) * Math.abs(cdz);
        double bound = O3D_BOUND * permanent;
        if (det > bound && permanent > TINY) {
            return 1;
        }
        if (-det > bound && permanent > TINY) {
            return -1;
        }
        if (permanent == 0) {
            return 0;
        }
        return orient3dExact(xa, ia, xb, ib, xc, ic, xd, id);
    }

    private static int orient3dExact(double[] xa, int ia, double[] xb, int ib, double[] xc, int ic,
            double[] xd, int id) {
        for (int k = 0; k < 3; k++) {
            if (!Double.isFinite(xa[ia + k]) || !Double.isFinite(xb[ib + k])
                    || !Double.isFinite(xc[ic + k]) || !Double.isFinite(xd[id + k])) {
                return 0;
            }
        }
        BigDecimal adx = sub(xa[ia], xd[id]), ady = sub(xa[ia + 1], xd[id + 1]);
        BigDecimal adz = sub(xa[ia + 2], xd[id + 2]);
        BigDecimal bdx = sub(xb[ib], xd[id]), bdy = sub(xb[ib + 1], xd[id + 1]);
        BigDecimal bdz = sub(xb[ib + 2], xd[id + 2]);
        BigDecimal cdx = sub(xc[ic], xd[id]), cdy = sub(xc[ic + 1], xd[id + 1]);
        BigDecimal cdz = sub(xc[ic + 2], xd[id + 2]);
        BigDecimal det = adz.multiply(bdx.multiply(cdy).subtract(cdx.multiply(bdy)))
                .add(bdz.multiply(cdx.multiply(ady).subtract(adx.multiply(cdy))))
                .add(cdz.multiply(adx.multiply(bdy).subtract(bdx.multiply(ady))));
        return det.signum();
    }

    private static BigDecimal sub(double u, double v) {
        return new BigDecimal(u).subtract(new BigDecimal(v));
    }

    /**
     * Exact sign of the 2D orientation of three points projected along coordinate axis {@code k}
     * (coordinate k dropped, the others taken in cyclic order {@code k+1, k+2}).
     */
    static int orient2d(double[] xa, int a, double[] xb, int b, double[] xc, int c, int k) {
        int u = k == 2 ? 0 : k + 1;
        int v = k == 0 ? 2 : k - 1;
        double aux = xa[3 * a + u], auy = xa[3 * a + v];
        double bux = xb[3 * b + u], buy = xb[3 * b + v];
        double cux = xc[3 * c + u], cuy = xc[3 * c + v];
        double left = (aux - cux) * (buy - cuy);
        double right = (auy - cuy) * (bux - cux);
        double det = left - right;
        double sum = Math.abs(left) + Math.abs(right);
        double bound = O2D_BOUND * sum;
        if (det > bound && sum > TINY) {
            return 1;
        }
        if (-det > bound && sum > TINY) {
            return -1;
        }
        if (sum == 0) {
            return 0;
        }
        if (!Double.isFinite(aux) || !Double.isFinite(auy) || !Double.isFinite(bux)
                || !Double.isFinite(buy) || !Double.isFinite(cux) || !Double.isFinite(cuy)) {
            return 0;
        }
        BigDecimal l = sub(aux, cux).multiply(sub(buy, cuy));
        BigDecimal r = sub(auy, cuy).multiply(sub(bux, cux));
        return l.compareTo(r);
    }

    // ---------------------------------------------------------------------------------------
    // triangle - triangle

    /**
     * Whether triangles {@code (a0, a1, a2)} and {@code (b0, b1, b2)} of one array intersect.
     *
     * @param x positions, flat xyz
     * @param a0 first vertex of triangle A
     * @param a1 second vertex of triangle A
     * @param a2 third vertex of triangle A
     * @param b0 first vertex of triangle B
     * @param b1 second vertex of triangle B
     * @param b2 third vertex of triangle B
     * @return true if the closed triangles share at least one point
     * @see #trianglesIntersect(double[], int, int, int, double[], int, int, int)
     */
    public static boolean trianglesIntersect(double[] x, int a0, int a1, int a2, int b0, int b1,
            int b2) {
        return trianglesIntersect(x, a0, a1, a2, x, b0, b1, b2);
    }

    /**
     * Whether triangle {@code (a0, a1, a2)} of array {@code xa} and triangle {@code (b0, b1, b2)}
     * of array {@code xb} intersect, as closed point sets: touching (a shared point on a boundary)
     * counts. Exact for finite coordinates: the answer depends only on signs of orientation
     * determinants, which are evaluated exactly.
     *
     * <p>Method: two closed triangles intersect iff an edge of one meets the other (the
     * intersection is a convex set whose extreme points lie on the boundary of one of the
     * triangles). Each edge–triangle test uses the signs of the endpoints against the triangle's
     * plane and, for a crossing, the three orientations of the edge's line against the triangle's
     * edges; an edge lying in the triangle's plane is tested in 2D after dropping a coordinate
     * along which the triangle does not collapse. Zero-area triangles are the union of their
     * edges; when both are, segment pairs are tested directly. Triangles that share a vertex
     * always intersect; callers counting crossings skip such pairs.
     *
     * @param xa positions holding triangle A, flat xyz
     * @param a0 first vertex of triangle A
     * @param a1 second vertex of triangle A
     * @param a2 third vertex of triangle A
     * @param xb positions holding triangle B, flat xyz
     * @param b0 first vertex of triangle B
     * @param b1 second vertex of triangle B
     * @param b2 third vertex of triangle B
     * @return true if the closed triangles share at least one point
     */
    public static boolean trianglesIntersect(double[] xa, int a0, int a1, int a2,
            double[] xb, int b0, int b1, int b2) {
        // bounding boxes (exact comparisons)
        for (int k = 0; k < 3; k++) {
            double pa = xa[3 * a0 + k], qa = xa[3 * a1 + k], ra = xa[3 * a2 + k];
            double pb = xb[3 * b0 + k], qb = xb[3 * b1 + k], rb = xb[3 * b2 + k];
            if (Math.max(pa, Math.max(qa, ra)) < Math.min(pb, Math.min(qb, rb))
                    || Math.max(pb, Math.max(qb, rb)) < Math.min(pa, Math.min(qa, ra))) {
                return false;
            }
        }
        if (separatedFloat(xa, a0, a1, a2, xb, b0, b1, b2)) {
            return false;
        }
        int ka = projectionAxis(xa, a0, a1, a2);
        int kb = projectionAxis(xb, b0, b1, b2);
        if (ka < 0 && kb < 0) {
            return segmentsIntersect(xa, a0, a1, xb, b0, b1) || segmentsIntersect(xa, a0, a1, xb, b1, b2)
                    || segmentsIntersect(xa, a0, a1, xb, b2, b0)
                    || segmentsIntersect(xa, a1, a2, xb, b0, b1) || segmentsIntersect(xa, a1, a2, xb, b1, b2)
                    || segmentsIntersect(xa, a1, a2, xb, b2, b0)
                    || segmentsIntersect(xa, a2, a0, xb, b0, b1) || segmentsIntersect(xa, a2, a0, xb, b1, b2)
                    || segmentsIntersect(xa, a2, a0, xb, b2, b0);
        }
        int sa0 = 0, sa1 = 0, sa2 = 0, sb0 = 0, sb1 = 0, sb2 = 0;
        if (kb >= 0) {
            sa0 = orient3d(xb, b0, xb, b1, xb, b2, xa, a0);
            sa1 = orient3d(xb, b0, xb, b1, xb, b2, xa, a1);
            sa2 = orient3d(xb, b0, xb, b1, xb, b2, xa, a2);
            if (sa0 == sa1 && sa1 == sa2 && sa0 != 0) {
                return false;
            }
        }
        if (ka >= 0) {
            sb0 = orient3d(xa, a0, xa, a1, xa, a2, xb, b0);
            sb1 = orient3d(xa, a0, xa, a1, xa, a2, xb, b1);
            sb2 = orient3d(xa, a0, xa, a1, xa, a2, xb, b2);
            if (sb0 == sb1 && sb1 == sb2 && sb0 != 0) {
                return false;
            }
        }
        if (kb >= 0 && (segmentTriangle(xa, a0, a1, sa0, sa1, xb, b0, b1, b2, kb)
                || segmentTriangle(xa, a1, a2, sa1, sa2, xb, b0, b1, b2, kb)
                || segmentTriangle(xa, a2, a0, sa2, sa0, xb, b0, b1, b2, kb))) {
            return true;
        }
        return ka >= 0 && (segmentTriangle(xb, b0, b1, sb0, sb1, xa, a0, a1, a2, ka)
                || segmentTriangle(xb, b1, b2, sb1, sb2, xa, a0, a1, a2, ka)
                || segmentTriangle(xb, b2, b0, sb2, sb0, xa, a0, a1, a2, ka));
    }

    /**
     * Conservative floating-point filter: true only if some axis (the two normals, or the
     * in-plane normals {@code n × e} of the six edges, as computed) strictly separates the
     * projections of the two triangles with a gap larger than a rigorous bound on the rounding
     * of the projections. The axis need not be exact: separation along any vector proves the
     * triangles disjoint. Cheap, and decides most nearly coplanar, separated pairs (neighbours
     * in a flat sheet) that would otherwise need exact arithmetic.
     */
    private static boolean separatedFloat(double[] xa, int a0, int a1, int a2,
            double[] xb, int b0, int b1, int b2) {
        int pa = 3 * a0, qa = 3 * a1, ra = 3 * a2, pb = 3 * b0, qb = 3 * b1, rb = 3 * b2;
        for (int side = 0; side < 2; side++) {
            double[] x = side == 0 ? xa : xb;
            int p = side == 0 ? pa : pb, q = side == 0 ? qa : qb, r = side == 0 ? ra : rb;
            double ux = x[q] - x[p], uy = x[q + 1] - x[p + 1], uz = x[q + 2] - x[p + 2];
            double vx = x[r] - x[q], vy = x[r + 1] - x[q + 1], vz = x[r + 2] - x[q + 2];
            double wx = x[p] - x[r], wy = x[p + 1] - x[r + 1], wz = x[p + 2] - x[r + 2];
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            if (separates(nx, ny, nz, xa, pa, qa, ra, xb, pb, qb, rb)
                    || separates(ny * uz - nz * uy, nz * ux - nx * uz, nx * uy - ny * ux,
                            xa, pa, qa, ra, xb, pb, qb, rb)
                    || separates(ny * vz - nz * vy, nz * vx - nx * vz, nx * vy - ny * vx,
                            xa, pa, qa, ra, xb, pb, qb, rb)
                    || separates(ny * wz - nz * wy, nz * wx - nx * wz, nx * wy - ny * wx,
                            xa, pa, qa, ra, xb, pb, qb, rb)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether axis (ax, ay, az) strictly separates the two triangles (vertex offsets given),
     * allowing 4 ulp-scale relative error per projected coordinate sum.
     */
    private static boolean separates(double ax, double ay, double az, double[] xa, int pa, int qa,
            int ra, double[] xb, int pb, int qb, int rb) {
        double bax = Math.abs(ax), bay = Math.abs(ay), baz = Math.abs(az);
        double aLo = Double.POSITIVE_INFINITY, aHi = Double.NEGATIVE_INFINITY;
        double bLo = Double.POSITIVE_INFINITY, bHi = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < 3; k++) {
            int o = k == 0 ? pa : k == 1 ? qa : ra;
            double d = xa[o] * ax + xa[o + 1] * ay + xa[o + 2] * az;
            double e = DOT_BOUND * (Math.abs(xa[o]) * bax + Math.abs(xa[o + 1]) * bay
                    + Math.abs(xa[o + 2]) * baz) + Double.MIN_NORMAL;
            aLo = Math.min(aLo, d - e);
            aHi = Math.max(aHi, d + e);
            o = k == 0 ? pb : k == 1 ? qb : rb;
            d = xb[o] * ax + xb[o + 1] * ay + xb[o + 2] * az;
            e = DOT_BOUND * (Math.abs(xb[o]) * bax + Math.abs(xb[o + 1]) * bay
                    + Math.abs(xb[o + 2]) * baz) + Double.MIN_NORMAL;
            bLo = Math.min(bLo, d - e);
            bHi = Math.max(bHi, d + e);
        }
        return aHi < bLo || bHi < aLo;
    }

    /**
     * A coordinate axis along which triangle (a, b, c) projects to a triangle of non-zero area
     * (the one where its normal is largest, when exact), or -1 if the triangle has zero area.
     */
    static int projectionAxis(double[] x, int a, int b, int c) {
        double ux = x[3 * b] - x[3 * a], uy = x[3 * b + 1] - x[3 * a + 1], uz = x[3 * b + 2] - x[3 * a + 2];
        double vx = x[3 * c] - x[3 * a], vy = x[3 * c + 1] - x[3 * a + 1], vz = x[3 * c + 2] - x[3 * a + 2];
        double nx = Math.abs(uy * vz - uz * vy);
        double ny = Math.abs(uz * vx - ux * vz);
        double nz = Math.abs(ux * vy - uy * vx);
        int first = nx >= ny ? (nx >= nz ? 0 : 2) : (ny >= nz ? 1 : 2);
        if (orient2d(x, a, x, b, x, c, first) != 0) {
            return first;
        }
        for (int k = 0; k < 3; k++) {
            if (k != first && orient2d(x, a, x, b, x, c, k) != 0) {
                return k;
            }
        }
        return -1;
    }

    /**
     * Whether closed segment (p, q) meets closed triangle (a, b, c) of non-zero area, given the
     * orientations {@code sp}, {@code sq} of p and q against the triangle and an axis {@code k}
     * along which the triangle projects without collapsing.
     */
    private static boolean segmentTriangle(double[] xs, int p, int q, int sp, int sq,
            double[] xt, int a, int b, int c, int k) {
        if (sp * sq > 0) {
            return false;
        }
        if (sp == 0 && sq == 0) {
            return pointInTriangle2d(xs, p, xt, a, b, c, k) || pointInTriangle2d(xs, q, xt, a, b, c, k)
                    || segments2d(xs, p, q, xt, a, b, k) || segments2d(xs, p, q, xt, b, c, k)
                    || segments2d(xs, p, q, xt, c, a, k);
        }
        // the segment meets the plane in one point; it is in the triangle iff the line pq passes
        // on the same side of (or through) each of the three edges
        int o1 = orient3d(xs, p, xs, q, xt, a, xt, b);
        int o2 = orient3d(xs, p, xs, q, xt, b, xt, c);
        int o3 = orient3d(xs, p, xs, q, xt, c, xt, a);
        return (o1 >= 0 && o2 >= 0 && o3 >= 0) || (o1 <= 0 && o2 <= 0 && o3 <= 0);
    }

    /** Closed point-in-triangle test after dropping axis k; the projected triangle is proper. */
    private static boolean pointInTriangle2d(double[] xp, int p, double[] xt, int a, int b, int c,
            int k) {
        int o1 = orient2d(xt, a, xt, b, xp, p, k);
        int o2 = orient2d(xt, b, xt, c, xp, p, k);
        int o3 = orient2d(xt, c, xt, a, xp, p, k);
        return (o1 >= 0 && o2 >= 0 && o3 >= 0) || (o1 <= 0 && o2 <= 0 && o3 <= 0);
    }

    /** Closed 2D segment intersection (p, q) vs (r, s) after dropping axis k; exact. */
    private static boolean segments2d(double[] x1, int p, int q, double[] x2, int r, int s, int k) {
        int o1 = orient2d(x1, p, x1, q, x2, r, k);
        int o2 = orient2d(x1, p, x1, q, x2, s, k);
        int o3 = orient2d(x2, r, x2, s, x1, p, k);
        int o4 = orient2d(x2, r, x2, s, x1, q, k);
        if (o1 * o2 < 0 && o3 * o4 < 0) {
            return true;
        }
        return (o1 == 0 && onSegment2d(x1, p, q, x2, r, k))
                || (o2 == 0 && onSegment2d(x1, p, q, x2, s, k))
                || (o3 == 0 && onSegment2d(x2, r, s, x1, p, k))
                || (o4 == 0 && onSegment2d(x2, r, s, x1, q, k));
    }

    /** For r collinear with (p, q) in the projection dropping k: whether r lies within (p, q). */
    private static boolean onSegment2d(double[] xs, int p, int q, double[] xr, int r, int k) {
        for (int j = 0; j < 3; j++) {
            if (j == k) {
                continue;
            }
            double a = xs[3 * p + j], b = xs[3 * q + j], v = xr[3 * r + j];
            if (v < Math.min(a, b) || v > Math.max(a, b)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Exact closed intersection of two segments in 3D: they must be coplanar, and then they meet
     * iff their projections along every coordinate axis meet (a projection can only add
     * intersections, and at least one axis projects their common plane, or line, injectively).
     */
    private static boolean segmentsIntersect(double[] x1, int p, int q, double[] x2, int r, int s) {
        if (orient3d(x1, p, x1, q, x2, r, x2, s) != 0) {
            return false;
        }
        return segments2d(x1, p, q, x2, r, s, 0) && segments2d(x1, p, q, x2, r, s, 1)
                && segments2d(x1, p, q, x2, r, s, 2);
    }
}
