package org.isocloth.collision;

/**
 * Continuous collision detection between linearly moving points over one step, after Bridson,
 * Fedkiw and Anderson, "Robust treatment of collisions, contact and friction for cloth animation"
 * (SIGGRAPH 2002): vertex–face and edge–edge.
 *
 * <p>Every point moves on a straight line from its start position (t = 0) to its end position
 * (t = 1): {@code x(t) = (1 - t) x0 + t x1}. A collision needs the four points to be coplanar, so
 * the candidate times are the roots in [0, 1] of the cubic {@code f(t) = det[x1 - x0, x2 - x0,
 * x3 - x0](t)}. The cubic is split at the roots of its derivative into monotone pieces; each
 * piece whose ends have opposite signs holds one root, found by a bracketing secant (Illinois)
 * iteration with bisection steps, to 10<sup>-13</sup> in t. Piece ends where {@code |f|} is
 * within the proximity tolerance of zero are candidates too: this catches roots at t = 0 or 1 and
 * tangential (double) roots that rounding turns into near misses. At each candidate, in time
 * order, the elements are tested for proximity (point–triangle or segment–segment distance &le;
 * eta plus a rounding allowance of 10<sup>-12</sup> times the coordinate scale) and the first
 * one that passes is the contact.
 *
 * <p>When the cubic vanishes on the whole step to within the tolerance (the four points stay
 * coplanar, for example cloth moving in its own plane, or parallel edges), every time is a
 * coplanarity time. Then the candidates are t = 0, t = 1, the piece ends and the times at which a
 * point crosses the line of an edge of the other element or passes one of its vertices (roots of
 * the components of the quadratic {@code (xb - xa) × (xp - xa)} and of the linear {@code xp - xa});
 * the earliest candidate within eta is then moved earlier by bisection on the distance to a time
 * at which the distance is eta.
 *
 * <p>The methods are static and allocate nothing. Results for non-finite coordinates are
 * unspecified (no exception).
 */
public final class Ccd {
    /**
     * Length of the optional {@code out} array: distance at contact, three weights (vertex–face:
     * barycentric weights {@code wa, wb, wc} of the closest triangle point; edge–edge: {@code s,
     * t, 0}, closest points {@code a + s (b - a)} and {@code c + t (d - c)}), then the unit normal.
     */
    public static final int OUT_LENGTH = 7;
    /** Index in {@code out} of the distance (m) between the elements at contact. */
    public static final int OUT_DISTANCE = 0;
    /** Index in {@code out} of the first of the three weights. */
    public static final int OUT_WEIGHTS = 1;
    /** Index in {@code out} of the first of the three normal components. */
    public static final int OUT_NORMAL = 4;

    private static final double EPS = 0x1p-53;
    /** Bracket width at which root refinement stops. */
    private static final double T_TOL = 1e-13;
    /** Relative rounding allowance of the proximity test. */
    private static final double SLACK = 1e-12;

    private Ccd() {
    }

    /**
     * Vertex–face test with the four points packed in order p, a, b, c.
     *
     * @param x0 start positions, 12 values: p, a, b, c
     * @param x1 end positions, 12 values: p, a, b, c
     * @param eta proximity tolerance (m, &ge; 0)
     * @param out receives the contact (see {@link #OUT_LENGTH}) when one is found; may be null
     * @return the earliest contact time in [0, 1], or -1 if none
     */
    public static double vertexFace(double[] x0, double[] x1, double eta, double[] out) {
        return vertexFace(x0, x1, 0, 1, 2, 3, eta, out);
    }

    /**
     * Vertex–face test: point {@code p} against triangle {@code (a, b, c)}, vertex indices into
     * flat xyz arrays of start and end positions.
     *
     * @param x0 start positions (t = 0), flat xyz
     * @param x1 end positions (t = 1), flat xyz, same layout
     * @param p the moving vertex
     * @param a first triangle vertex
     * @param b second triangle vertex
     * @param c third triangle vertex
     * @param eta proximity tolerance (m, &ge; 0)
     * @param out receives, when a contact is found and out is not null: the distance at contact,
     *     the barycentric weights of the closest triangle point, and the unit triangle normal at
     *     contact oriented toward the side p started on (when p started in the plane: against the
     *     relative velocity of p)
     * @return the earliest contact time in [0, 1], or -1 if none
     */
    public static double vertexFace(double[] x0, double[] x1, int p, int a, int b, int c,
            double eta, double[] out) {
        double t = solve(true, x0, x1, a, b, c, p, eta);
        if (t >= 0 && out != null) {
            fillVertexFace(x0, x1, p, a, b, c, t, out);
        }
        return t;
    }

    /**
     * Edge–edge test with the four points packed in order a, b (first edge), c, d (second edge).
     *
     * @param x0 start positions, 12 values: a, b, c, d
     * @param x1 end positions, 12 values: a, b, c, d
     * @param eta proximity tolerance (m, &ge; 0)
     * @param out receives the contact (see {@link #OUT_LENGTH}) when one is found; may be null
     * @return the earliest contact time in [0, 1], or -1 if none
     */
    public static double edgeEdge(double[] x0, double[] x1, double eta, double[] out) {
        return edgeEdge(x0, x1, 0, 1, 2, 3, eta, out);
    }

    /**
     * Edge–edge test: edge {@code (a, b)} against edge {@code (c, d)}, vertex indices into flat xyz
     * arrays of start and end positions.
     *
     * @param x0 start positions (t = 0), flat xyz
     * @param x1 end positions (t = 1), flat xyz, same layout
     * @param a first vertex of edge 1
     * @param b second vertex of edge 1
     * @param c first vertex of edge 2
     * @param d second vertex of edge 2
     * @param eta proximity tolerance (m, &ge; 0)
     * @param out receives, when a contact is found and out is not null: the distance at contact,
     *     the parameters s and t of the closest points and 0, and a unit normal at contact (the
     *     edges' common perpendicular, or the direction between the closest points for parallel
     *     edges) oriented from edge 2 toward the side edge 1 started on
     * @return the earliest contact time in [0, 1], or -1 if none
     */
    public static double edgeEdge(double[] x0, double[] x1, int a, int b, int c, int d,
            double eta, double[] out) {
        double t = solve(false, x0, x1, a, b, c, d, eta);
        if (t >= 0 && out != null) {
            fillEdgeEdge(x0, x1, a, b, c, d, t, out);
        }
        return t;
    }

    // ---------------------------------------------------------------------------------------

    private static double at(double[] x0, double[] x1, int i, double t) {
        return (1 - t) * x0[i] + t * x1[i];
    }

    /** det[x_i1 - x_i0, x_i2 - x_i0, x_i3 - x_i0] at time t. */
    private static double coplanarity(double[] x0, double[] x1, int i0, int i1, int i2, int i3,
            double t) {
        int o = 3 * i0, p = 3 * i1, q = 3 * i2, r = 3 * i3;
        double ox = at(x0, x1, o, t), oy = at(x0, x1, o + 1, t), oz = at(x0, x1, o + 2, t);
        double ux = at(x0, x1, p, t) - ox, uy = at(x0, x1, p + 1, t) - oy, uz = at(x0, x1, p + 2, t) - oz;
        double vx = at(x0, x1, q, t) - ox, vy = at(x0, x1, q + 1, t) - oy, vz = at(x0, x1, q + 2, t) - oz;
        double wx = at(x0, x1, r, t) - ox, wy = at(x0, x1, r + 1, t) - oy, wz = at(x0, x1, r + 2, t) - oz;
        return (uy * vz - uz * vy) * wx + (uz * vx - ux * vz) * wy + (ux * vy - uy * vx) * wz;
    }

    /**
     * Squared distance at time t: vertex–face (point i3, triangle i0 i1 i2) or edge–edge (i0 i1
     * against i2 i3). {@code out} as for the Geometry kernels, may be null.
     */
    private static double dist2(boolean vf, double[] x0, double[] x1, int i0, int i1, int i2,
            int i3, double t, double[] out) {
        int a = 3 * i0, b = 3 * i1, c = 3 * i2, d = 3 * i3;
        if (vf) {
            return Geometry.pointTriangle(at(x0, x1, d, t), at(x0, x1, d + 1, t), at(x0, x1, d + 2, t),
                    at(x0, x1, a, t), at(x0, x1, a + 1, t), at(x0, x1, a + 2, t),
                    at(x0, x1, b, t), at(x0, x1, b + 1, t), at(x0, x1, b + 2, t),
                    at(x0, x1, c, t), at(x0, x1, c + 1, t), at(x0, x1, c + 2, t), out);
        }
        return Geometry.segmentSegment(at(x0, x1, a, t), at(x0, x1, a + 1, t), at(x0, x1, a + 2, t),
                at(x0, x1, b, t), at(x0, x1, b + 1, t), at(x0, x1, b + 2, t),
                at(x0, x1, c, t), at(x0, x1, c + 1, t), at(x0, x1, c + 2, t),
                at(x0, x1, d, t), at(x0, x1, d + 1, t), at(x0, x1, d + 2, t), out);
    }

    /** Length of the difference of points j and i at t = 0 plus the length of its change. */
    private static double spanBound(double[] x0, double[] x1, int i, int j) {
        double s0 = 0, s1 = 0;
        for (int k = 0; k < 3; k++) {
            double u0 = x0[3 * j + k] - x0[3 * i + k];
            double u1 = x1[3 * j + k] - x1[3 * i + k];
            s0 += u0 * u0;
            s1 += (u1 - u0) * (u1 - u0);
        }
        return Math.sqrt(s0) + Math.sqrt(s1);
    }

    /**
     * Core solver. Vertex–face: triangle (i0, i1, i2), point i3. Edge–edge: (i0, i1) and (i2, i3).
     */
    private static double solve(boolean vf, double[] x0, double[] x1, int i0, int i1, int i2,
            int i3, double eta) {
        // scales: coordinate magnitude, edge spans (with their motion)
        double xmax = 0;
        for (int k = 0; k < 3; k++) {
            xmax = Math.max(xmax, Math.max(Math.abs(x0[3 * i0 + k]), Math.abs(x1[3 * i0 + k])));
            xmax = Math.max(xmax, Math.max(Math.abs(x0[3 * i1 + k]), Math.abs(x1[3 * i1 + k])));
            xmax = Math.max(xmax, Math.max(Math.abs(x0[3 * i2 + k]), Math.abs(x1[3 * i2 + k])));
            xmax = Math.max(xmax, Math.max(Math.abs(x0[3 * i3 + k]), Math.abs(x1[3 * i3 + k])));
        }
        double lu = spanBound(x0, x1, i0, i1);
        double lv = spanBound(x0, x1, i0, i2);
        double lw = spanBound(x0, x1, i0, i3);
        // bound of the norm of the vector whose product with the separation is f: the triangle
        // normal (vertex-face) or the cross product of the edges (edge-edge)
        double nmax = vf ? lu * lv : lu * spanBound(x0, x1, i2, i3);
        double fTol = eta * nmax + 64 * EPS * (lu * lv * lw + xmax * (lu * lv + lv * lw + lu * lw));
        double reach = eta + SLACK * (xmax + Math.max(lu, Math.max(lv, lw)));
        double reach2 = reach * reach;

        // cubic coefficients f(t) = c0 + c1 t + c2 t^2 + c3 t^3 from u = x1 - x0 etc.
        double c0, c1, c2, c3;
        {
            int o = 3 * i0, p = 3 * i1, q = 3 * i2, r = 3 * i3;
            double ux = x0[p] - x0[o], uy = x0[p + 1] - x0[o + 1], uz = x0[p + 2] - x0[o + 2];
            double vx = x0[q] - x0[o], vy = x0[q + 1] - x0[o + 1], vz = x0[q + 2] - x0[o + 2];
            double wx = x0[r] - x0[o], wy = x0[r + 1] - x0[o + 1], wz = x0[r + 2] - x0[o + 2];
            double dux = x1[p] - x1[o] - ux, duy = x1[p + 1] - x1[o + 1] - uy, duz = x1[p + 2] - x1[o + 2] - uz;
            double dvx = x1[q] - x1[o] - vx, dvy = x1[q + 1] - x1[o + 1] - vy, dvz = x1[q + 2] - x1[o + 2] - vz;
            double dwx = x1[r] - x1[o] - wx, dwy = x1[r + 1] - x1[o + 1] - wy, dwz = x1[r + 2] - x1[o + 2] - wz;
            // u x v, du x v + u x dv, du x dv
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            double mx = (duy * vz - duz * vy) + (uy * dvz - uz * dvy);
            double my = (duz * vx - dux * vz) + (uz * dvx - ux * dvz);
            double mz = (dux * vy - duy * vx) + (ux * dvy - uy * dvx);
            double kx = duy * dvz - duz * dvy, ky = duz * dvx - dux * dvz, kz = dux * dvy - duy * dvx;
            c0 = nx * wx + ny * wy + nz * wz;
            c1 = mx * wx + my * wy + mz * wz + nx * dwx + ny * dwy + nz * dwz;
            c2 = kx * wx + ky * wy + kz * wz + mx * dwx + my * dwy + mz * dwz;
            c3 = kx * dwx + ky * dwy + kz * dwz;
        }
        boolean degenerate = Math.abs(c0) + Math.abs(c1) + Math.abs(c2) + Math.abs(c3) <= fTol;

        // monotone pieces: split at the roots of f' = c1 + 2 c2 t + 3 c3 t^2 (absent roots: 2)
        double r1 = quadRoot(3 * c3, 2 * c2, c1, 0);
        double r2 = quadRoot(3 * c3, 2 * c2, c1, 1);
        if (r2 < r1) {
            double s = r1;
            r1 = r2;
            r2 = s;
        }
        double best = 2;
        double lo = 0;
        double flo = coplanarity(x0, x1, i0, i1, i2, i3, 0);
        for (int piece = 0; piece < 3; piece++) {
            double hi = piece == 0 ? r1 : piece == 1 ? r2 : 1;
            if (hi > 1) {
                hi = 1;
            }
            if (!(hi > lo)) {
                continue;
            }
            double fhi = coplanarity(x0, x1, i0, i1, i2, i3, hi);
            if (Math.abs(flo) <= fTol && dist2(vf, x0, x1, i0, i1, i2, i3, lo, null) <= reach2) {
                best = lo;
                break;
            }
            if ((flo < 0 && fhi > 0) || (flo > 0 && fhi < 0)) {
                double root = refine(x0, x1, i0, i1, i2, i3, lo, hi, flo, fhi);
                if (dist2(vf, x0, x1, i0, i1, i2, i3, root, null) <= reach2) {
                    best = root;
                    break;
                }
            }
            lo = hi;
            flo = fhi;
        }
        if (best > 1 && lo == 1 && Math.abs(flo) <= fTol
                && dist2(vf, x0, x1, i0, i1, i2, i3, 1, null) <= reach2) {
            best = 1;
        }
        if (!degenerate) {
            return best <= 1 ? best : -1;
        }

        // coplanar throughout: every time is a coplanarity time
        best = Math.min(best, candidate(vf, x0, x1, i0, i1, i2, i3, 0, reach2));
        best = Math.min(best, candidate(vf, x0, x1, i0, i1, i2, i3, 1, reach2));
        if (vf) {
            best = pointLine(vf, x0, x1, i0, i1, i2, i3, i3, i0, i1, reach2, best);
            best = pointLine(vf, x0, x1, i0, i1, i2, i3, i3, i1, i2, reach2, best);
            best = pointLine(vf, x0, x1, i0, i1, i2, i3, i3, i2, i0, reach2, best);
        } else {
            best = pointLine(vf, x0, x1, i0, i1, i2, i3, i0, i2, i3, reach2, best);
            best = pointLine(vf, x0, x1, i0, i1, i2, i3, i1, i2, i3, reach2, best);
            best = pointLine(vf, x0, x1, i0, i1, i2, i3, i2, i0, i1, reach2, best);
            best = pointLine(vf, x0, x1, i0, i1, i2, i3, i3, i0, i1, reach2, best);
        }
        if (best > 1) {
            return -1;
        }
        if (best > 0) {
            // move earlier to where the distance reaches eta (distance at 0 exceeds it)
            double a = 0, b = best;
            while (b - a > T_TOL) {
                double m = 0.5 * (a + b);
                if (dist2(vf, x0, x1, i0, i1, i2, i3, m, null) <= reach2) {
                    b = m;
                } else {
                    a = m;
                }
            }
            best = b;
        }
        return best;
    }

    /** t if it is in [0, 1] and the elements are within reach at t, else 2. */
    private static double candidate(boolean vf, double[] x0, double[] x1, int i0, int i1, int i2,
            int i3, double t, double reach2) {
        if (t >= 0 && t <= 1 && dist2(vf, x0, x1, i0, i1, i2, i3, t, null) <= reach2) {
            return t;
        }
        return 2;
    }

    /**
     * Candidates of point p against the line through (a, b): roots in [0, 1] of each component of
     * (xb - xa) × (xp - xa) and of xp - xa and xp - xb; returns the smaller of best and the
     * earliest candidate within reach.
     */
    private static double pointLine(boolean vf, double[] x0, double[] x1, int i0, int i1, int i2,
            int i3, int p, int a, int b, double reach2, double best) {
        double ex0 = x0[3 * b] - x0[3 * a], ey0 = x0[3 * b + 1] - x0[3 * a + 1], ez0 = x0[3 * b + 2] - x0[3 * a + 2];
        double ex1 = x1[3 * b] - x1[3 * a], ey1 = x1[3 * b + 1] - x1[3 * a + 1], ez1 = x1[3 * b + 2] - x1[3 * a + 2];
        double rx0 = x0[3 * p] - x0[3 * a], ry0 = x0[3 * p + 1] - x0[3 * a + 1], rz0 = x0[3 * p + 2] - x0[3 * a + 2];
        double rx1 = x1[3 * p] - x1[3 * a], ry1 = x1[3 * p + 1] - x1[3 * a + 1], rz1 = x1[3 * p + 2] - x1[3 * a + 2];
        double dex = ex1 - ex0, dey = ey1 - ey0, dez = ez1 - ez0;
        double drx = rx1 - rx0, dry = ry1 - ry0, drz = rz1 - rz0;
        // q(t) = (e0 + t de) x (r0 + t dr) = q0 + t q1 + t^2 q2, per component
        for (int k = 0; k < 3; k++) {
            double q0, q1, q2;
            if (k == 0) {
                q0 = ey0 * rz0 - ez0 * ry0;
                q1 = dey * rz0 - dez * ry0 + ey0 * drz - ez0 * dry;
                q2 = dey * drz - dez * dry;
            } else if (k == 1) {
                q0 = ez0 * rx0 - ex0 * rz0;
                q1 = dez * rx0 - dex * rz0 + ez0 * drx - ex0 * drz;
                q2 = dez * drx - dex * drz;
            } else {
                q0 = ex0 * ry0 - ey0 * rx0;
                q1 = dex * ry0 - dey * rx0 + ex0 * dry - ey0 * drx;
                q2 = dex * dry - dey * drx;
            }
            for (int j = 0; j < 2; j++) {
                double t = quadRoot(q2, q1, q0, j);
                if (t < best) {
                    best = Math.min(best, candidate(vf, x0, x1, i0, i1, i2, i3, t, reach2));
                }
            }
            // passing vertex a (xp - xa = 0) or b (xp - xb = 0): linear in t per component
            double ra = k == 0 ? rx0 : k == 1 ? ry0 : rz0;
            double dra = k == 0 ? drx : k == 1 ? dry : drz;
            double rb = ra - (k == 0 ? ex0 : k == 1 ? ey0 : ez0);
            double drb = dra - (k == 0 ? dex : k == 1 ? dey : dez);
            if (dra != 0 && -ra / dra < best) {
                best = Math.min(best, candidate(vf, x0, x1, i0, i1, i2, i3, -ra / dra, reach2));
            }
            if (drb != 0 && -rb / drb < best) {
                best = Math.min(best, candidate(vf, x0, x1, i0, i1, i2, i3, -rb / drb, reach2));
            }
        }
        return best;
    }

    /**
     * Root {@code which} (0 or 1) of {@code a t^2 + b t + c} in [0, 1], or 2 when there is none.
     * A negative discriminant yields the vertex {@code -b / 2a} (as root 0) so that near-double
     * roots lost to rounding remain candidates; a linear equation has one root (root 0).
     */
    static double quadRoot(double a, double b, double c, int which) {
        double t;
        if (a == 0) {
            if (which != 0 || b == 0) {
                return 2;
            }
            t = -c / b;
        } else {
            double disc = b * b - 4 * a * c;
            if (disc < 0) {
                if (which != 0) {
                    return 2;
                }
                t = -b / (2 * a);
            } else {
                double q = -0.5 * (b + Math.copySign(Math.sqrt(disc), b));
                if (q == 0) {
                    // b = 0 and a c = 0 with a != 0: double root at 0
                    t = which == 0 ? 0 : 2;
                } else {
                    t = which == 0 ? q / a : c / q;
                }
            }
        }
        return t >= 0 && t <= 1 ? t : 2;
    }

    /**
     * Root of the coplanarity function in (lo, hi), where it changes sign, by the Illinois
     * variant of regula falsi with a bisection step every fourth iteration; returns the left end
     * of the final bracket (at most {@link #T_TOL} before the root).
     */
    private static double refine(double[] x0, double[] x1, int i0, int i1, int i2, int i3,
            double lo, double hi, double flo, double fhi) {
        int side = 0;
        for (int it = 0; it < 400 && hi - lo > T_TOL; it++) {
            double m;
            if (it % 4 == 3) {
                m = 0.5 * (lo + hi);
            } else {
                m = (lo * fhi - hi * flo) / (fhi - flo);
                if (!(m > lo && m < hi)) {
                    m = 0.5 * (lo + hi);
                }
            }
            double fm = coplanarity(x0, x1, i0, i1, i2, i3, m);
            if (fm == 0) {
                return m;
            }
            if ((fm > 0) == (flo > 0)) {
                lo = m;
                flo = fm;
                if (side == -1) {
                    fhi *= 0.5;
                }
                side = -1;
            } else {
                hi = m;
                fhi = fm;
                if (side == 1) {
                    flo *= 0.5;
                }
                side = 1;
            }
        }
        return lo;
    }

    // ---------------------------------------------------------------------------------------
    // contact output

    private static void fillVertexFace(double[] x0, double[] x1, int p, int a, int b, int c,
            double t, double[] out) {
        double d2 = dist2(true, x0, x1, a, b, c, p, t, out);
        out[OUT_DISTANCE] = Math.sqrt(d2);
        double wa = out[1], wb = out[2], wc = out[3];
        int ia = 3 * a, ib = 3 * b, ic = 3 * c, ip = 3 * p;
        double nx, ny, nz;
        {
            double ux = at(x0, x1, ib, t) - at(x0, x1, ia, t);
            double uy = at(x0, x1, ib + 1, t) - at(x0, x1, ia + 1, t);
            double uz = at(x0, x1, ib + 2, t) - at(x0, x1, ia + 2, t);
            double vx = at(x0, x1, ic, t) - at(x0, x1, ia, t);
            double vy = at(x0, x1, ic + 1, t) - at(x0, x1, ia + 1, t);
            double vz = at(x0, x1, ic + 2, t) - at(x0, x1, ia + 2, t);
            nx = uy * vz - uz * vy;
            ny = uz * vx - ux * vz;
            nz = ux * vy - uy * vx;
            if (!(nx * nx + ny * ny + nz * nz
                    > 1e-14 * (ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz))) {
                nx = 0;
                ny = 0;
                nz = 0;
            }
        }
        // separation p - q at t, at 0, and relative velocity, q the weighted triangle point
        double sx = 0, sy = 0, sz = 0, zx = 0, zy = 0, zz = 0, wx = 0, wy = 0, wz = 0;
        for (int k = 0; k < 3; k++) {
            double q0 = wa * x0[ia + k] + wb * x0[ib + k] + wc * x0[ic + k];
            double q1 = wa * x1[ia + k] + wb * x1[ib + k] + wc * x1[ic + k];
            double sep = at(x0, x1, ip + k, t) - ((1 - t) * q0 + t * q1);
            double sep0 = x0[ip + k] - q0;
            double vel = (x1[ip + k] - x0[ip + k]) - (q1 - q0);
            if (k == 0) {
                sx = sep;
                zx = sep0;
                wx = vel;
            } else if (k == 1) {
                sy = sep;
                zy = sep0;
                wy = vel;
            } else {
                sz = sep;
                zz = sep0;
                wz = vel;
            }
        }
        normal(nx, ny, nz, sx, sy, sz, zx, zy, zz, wx, wy, wz, out);
    }

    private static void fillEdgeEdge(double[] x0, double[] x1, int a, int b, int c, int d,
            double t, double[] out) {
        double d2 = dist2(false, x0, x1, a, b, c, d, t, out);
        double s1 = out[1], s2 = out[2];
        out[OUT_DISTANCE] = Math.sqrt(d2);
        out[3] = 0;
        int ia = 3 * a, ib = 3 * b, ic = 3 * c, id = 3 * d;
        double ux = at(x0, x1, ib, t) - at(x0, x1, ia, t);
        double uy = at(x0, x1, ib + 1, t) - at(x0, x1, ia + 1, t);
        double uz = at(x0, x1, ib + 2, t) - at(x0, x1, ia + 2, t);
        double vx = at(x0, x1, id, t) - at(x0, x1, ic, t);
        double vy = at(x0, x1, id + 1, t) - at(x0, x1, ic + 1, t);
        double vz = at(x0, x1, id + 2, t) - at(x0, x1, ic + 2, t);
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double n2 = nx * nx + ny * ny + nz * nz;
        if (!(n2 > 1e-14 * (ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz))) {
            nx = 0;
            ny = 0;
            nz = 0;
        }
        double sx = 0, sy = 0, sz = 0, zx = 0, zy = 0, zz = 0, wx = 0, wy = 0, wz = 0;
        for (int k = 0; k < 3; k++) {
            double p0 = (1 - s1) * x0[ia + k] + s1 * x0[ib + k];
            double p1 = (1 - s1) * x1[ia + k] + s1 * x1[ib + k];
            double q0 = (1 - s2) * x0[ic + k] + s2 * x0[id + k];
            double q1 = (1 - s2) * x1[ic + k] + s2 * x1[id + k];
            double sep = ((1 - t) * p0 + t * p1) - ((1 - t) * q0 + t * q1);
            double sep0 = p0 - q0;
            double vel = (p1 - p0) - (q1 - q0);
            if (k == 0) {
                sx = sep;
                zx = sep0;
                wx = vel;
            } else if (k == 1) {
                sy = sep;
                zy = sep0;
                wy = vel;
            } else {
                sz = sep;
                zz = sep0;
                wz = vel;
            }
        }
        normal(nx, ny, nz, sx, sy, sz, zx, zy, zz, wx, wy, wz, out);
    }

    /**
     * Writes a unit normal into out[4..6]: the candidate n (or, when it is zero, the separation s
     * at contact, else the separation z at the start, else the relative velocity w, else +z),
     * oriented so that z is on its positive side, or when z is perpendicular to it, so that w
     * points against it.
     */
    private static void normal(double nx, double ny, double nz, double sx, double sy, double sz,
            double zx, double zy, double zz, double wx, double wy, double wz, double[] out) {
        if (nx == 0 && ny == 0 && nz == 0) {
            nx = sx;
            ny = sy;
            nz = sz;
        }
        if (nx == 0 && ny == 0 && nz == 0) {
            nx = zx;
            ny = zy;
            nz = zz;
        }
        if (nx == 0 && ny == 0 && nz == 0) {
            nx = -wx;
            ny = -wy;
            nz = -wz;
        }
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0)) {
            nx = 0;
            ny = 0;
            nz = 1;
            len = 1;
        }
        nx /= len;
        ny /= len;
        nz /= len;
        double side = nx * zx + ny * zy + nz * zz;
        if (side == 0) {
            side = -(nx * wx + ny * wy + nz * wz);
        }
        if (side < 0) {
            nx = -nx;
            ny = -ny;
            nz = -nz;
        }
        out[OUT_NORMAL] = nx;
        out[OUT_NORMAL + 1] = ny;
        out[OUT_NORMAL + 2] = nz;
    }
}
