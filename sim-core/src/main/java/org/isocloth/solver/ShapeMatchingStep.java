package org.isocloth.solver;

import org.isocloth.collision.Collider;
import org.isocloth.collision.Contact;
import org.isocloth.model.ClothModel;
import org.isocloth.model.RedBlackMesh;

/**
 * The real-time shape-matching step for games ({@link SolverOptions.Method#SHAPE_MATCHING},
 * related work {@code 004_*}): position-based dynamics on the base mesh (the black nodes), the red
 * nodes following as the midpoints of their edges. A step is {@link #SUBSTEPS} substeps of h, each
 * <ol>
 *   <li>a prediction: v ← (v + h(g + c w))/(1 + h c) with c = drag/ρ (the linear drag towards the
 *       wind, implicit), p = x + h v; pinned nodes move along the line to their targets;</li>
 *   <li>{@link #ITERATIONS} Gauss-Seidel sweeps: every base triangle is moved onto its rest shape
 *       rotated into place in its current plane (shape matching: the rotation of the 2×2 polar
 *       decomposition of Σ w r qᵀ, r the current and q the rest positions about the weighted
 *       centroids, w = 1 for a free node and {@link #PINNED_WEIGHT} for a pinned one), then every
 *       pair of nodes opposite an interior edge towards its rest distance with the stiffness
 *       k/(k + {@link #BENDING_SCALE}) (k the bending stiffness: a visual bending, not the
 *       isometric model's energy);</li>
 *   <li>every {@link #COLLIDE_EVERY} substeps and at the last, a collision pass: the nodes' paths
 *       since the last pass against the colliders' motion over the same time
 *       ({@link Collider#contact}); a node that ends within the thickness, or crossed, moves to
 *       the contact; at the last substep, an edge whose midpoint lies within the thickness moves
 *       both its ends out by the midpoint's correction, so that the rendered red node is outside;</li>
 *   <li>v = (p − x)/h, with Coulomb friction at the contacts of a pass (the velocity relative to
 *       the collider's surface loses its part into the surface, and up to μ times the normal push
 *       over h of its tangential part), and x = p.</li>
 * </ol>
 * Small substeps of one sweep converge far better than one step of many sweeps (Macklin et al.
 * 2019); docs/solver.md, "Shape matching for games", has the measurements. Without cloth–cloth
 * collisions, per-triangle air forces or a convergence test: the strain is what the sweeps leave,
 * reported as the step's red strain.
 */
final class ShapeMatchingStep {
    /** Substeps per step: each a prediction, its sweeps and a collision pass. */
    static final int SUBSTEPS = 16;
    /** Substeps between collision passes (the last substep always has one). */
    static final int COLLIDE_EVERY = 1;
    /** Gauss-Seidel sweeps per substep. */
    static final int ITERATIONS = 1;
    /** Weight of a pinned node in a triangle's centroid and rotation (it does not move). */
    static final double PINNED_WEIGHT = 1e6;
    /** Bending stiffness, N·m, at which the bending pairs' stiffness is ½. */
    static final double BENDING_SCALE = 1e-4;

    private final ClothSolver s;
    private final RedBlackMesh mesh;
    private final int verts;
    private final int[] tri;
    /** Rest coordinates of each triangle's corners in a frame of its rest plane, six per triangle. */
    private final double[] rest2;
    private final int[] bendPairs;
    private final double[] bendRest;
    private final double[] p;
    /** The black nodes' positions and velocities at the step's start, and positions at the last collision pass. */
    private final double[] x0;
    private final double[] v0;
    private final double[] xPass;
    private final boolean[] touched;
    private final double[] push;
    private final double[] surfaceVelocity;
    private final double[] normals;
    private final double[] frictionOf;
    private final Contact contact = new Contact();
    /** A collider's swept bounds (min xyz, max xyz). */
    private final double[] bounds = new double[6];
    /** An edge's midpoint. */
    private final double[] mid = new double[3];

    /** @param solver the solver whose cloth this steps */
    ShapeMatchingStep(ClothSolver solver) {
        s = solver;
        ClothModel m = solver.model;
        mesh = m.mesh;
        verts = mesh.vertexCount;
        tri = mesh.baseTriangles;
        int t = tri.length / 3;
        rest2 = new double[6 * t];
        double[] x = m.restPositions;
        for (int f = 0; f < t; f++) {
            int a = tri[3 * f];
            int b = tri[3 * f + 1];
            int c = tri[3 * f + 2];
            double[] corners = MembraneRows.planeCorners(x, a, b, c);
            rest2[6 * f + 2] = corners[0];
            rest2[6 * f + 4] = corners[1];
            rest2[6 * f + 5] = corners[2];
        }
        int interior = 0;
        for (int e = 0; e < mesh.edgeCount; e++) {
            interior += mesh.edgeTriangles[2 * e + 1] >= 0 ? 1 : 0;
        }
        bendPairs = new int[2 * interior];
        bendRest = new double[interior];
        int q = 0;
        for (int e = 0; e < mesh.edgeCount; e++) {
            int t2 = mesh.edgeTriangles[2 * e + 1];
            if (t2 < 0) {
                continue;
            }
            bendPairs[2 * q] = opposite(mesh.edgeTriangles[2 * e], e);
            bendPairs[2 * q + 1] = opposite(t2, e);
            bendRest[q] = ClothModel.dist(x, bendPairs[2 * q], bendPairs[2 * q + 1]);
            q++;
        }
        int n3 = 3 * m.nodeCount();
        p = new double[n3];
        x0 = new double[3 * verts];
        v0 = new double[3 * verts];
        xPass = new double[3 * verts];
        touched = new boolean[verts];
        push = new double[verts];
        surfaceVelocity = new double[3 * verts];
        normals = new double[3 * verts];
        frictionOf = new double[verts];
    }

    /** The vertex of triangle f not on base edge e. */
    private int opposite(int f, int e) {
        int a = mesh.edgeVertices[2 * e];
        int b = mesh.edgeVertices[2 * e + 1];
        for (int i = 0; i < 3; i++) {
            int v = tri[3 * f + i];
            if (v != a && v != b) {
                return v;
            }
        }
        throw new IllegalStateException("triangle " + f + " has no vertex opposite edge " + e);
    }

    /**
     * Takes one step of dt.
     *
     * @param dt the step, s
     * @return what it did: its sweeps ({@link #SUBSTEPS} · {@link #ITERATIONS}) as iterations, no
     *     factorization, the red strain after it
     * @throws SimulationException if a position became non-finite (the state before the step is kept)
     */
    StepResult step(double dt) {
        double[] x = s.x;
        double[] v = s.v;
        ClothModel m = s.model;
        double[] g = s.gravity;
        System.arraycopy(x, 0, x0, 0, 3 * verts);
        System.arraycopy(v, 0, v0, 0, 3 * verts);
        System.arraycopy(x, 0, xPass, 0, 3 * verts);
        double h = dt / SUBSTEPS;
        double bendK = s.material.bendingStiffness() / (s.material.bendingStiffness() + BENDING_SCALE);
        int contacts = 0;
        int passStart = 0;
        for (int k = 0; k < SUBSTEPS; k++) {
            double along = (k + 1.0) / SUBSTEPS;
            for (int i = 0; i < verts; i++) {
                touched[i] = false;
                if (s.pinned[i]) {
                    for (int c = 0; c < 3; c++) {
                        p[3 * i + c] = x0[3 * i + c] + along * (s.pinTarget[3 * i + c] - x0[3 * i + c]);
                    }
                    continue;
                }
                var mat = s.materials[m.nodePiece[i]];
                double drag = mat.drag() / mat.density();
                for (int c = 0; c < 3; c++) {
                    double vi = (v[3 * i + c] + h * (g[c] + drag * s.wind[c])) / (1 + h * drag);
                    p[3 * i + c] = x[3 * i + c] + h * vi;
                }
            }
            for (int it = 0; it < ITERATIONS; it++) {
                matchTriangles();
                bend(bendK);
            }
            boolean pass = (k + 1) % COLLIDE_EVERY == 0 || k == SUBSTEPS - 1;
            if (pass) {
                // the colliders' motion over the substeps since the last pass, against the nodes'
                // paths over the same time (a mesh collider refits its tree for every interval)
                for (Collider c : s.colliders) {
                    c.setInterval(s.time + passStart * h, s.time + (k + 1) * h);
                }
                contacts = collide(xPass);
                if (k == SUBSTEPS - 1) {
                    collideMidpoints();
                }
            }
            for (int i = 0; i < 3 * verts; i++) {
                if (!Double.isFinite(p[i])) {
                    System.arraycopy(x0, 0, x, 0, 3 * verts);
                    System.arraycopy(v0, 0, v, 0, 3 * verts);
                    throw new SimulationException(s.name + ": non-finite position at node " + i / 3
                            + " in a shape-matching step at t=" + s.time + " s; the state before the step is kept");
                }
            }
            for (int i = 0; i < verts; i++) {
                for (int c = 0; c < 3; c++) {
                    v[3 * i + c] = (p[3 * i + c] - x[3 * i + c]) / h;
                }
                if (touched[i]) {
                    friction(i, h);
                }
                System.arraycopy(p, 3 * i, x, 3 * i, 3);
            }
            if (pass) {
                passStart = k + 1;
                System.arraycopy(x, 0, xPass, 0, 3 * verts);
            }
        }
        // red nodes: the midpoints of their edges
        for (int e = 0; e < mesh.edgeCount; e++) {
            int r = mesh.redNode(e);
            int a = mesh.edgeVertices[2 * e];
            int b = mesh.edgeVertices[2 * e + 1];
            for (int c = 0; c < 3; c++) {
                x[3 * r + c] = s.pinned[r] ? s.pinTarget[3 * r + c] : 0.5 * (x[3 * a + c] + x[3 * b + c]);
                v[3 * r + c] = 0.5 * (v[3 * a + c] + v[3 * b + c]);
            }
        }
        s.hasHistory = false; // a later isometric BDF2 step restarts from backward Euler
        s.tensionH = 0;
        s.time += dt;
        return new StepResult(SUBSTEPS * ITERATIONS, true, ClothMetrics.redStrain(m, x), 0, contacts);
    }

    /** One Gauss-Seidel sweep of triangle shape matching over the black nodes in p. */
    private void matchTriangles() {
        double[] pt = p;
        boolean[] pinned = s.pinned;
        double[] q = rest2;
        for (int f = 0, t = tri.length / 3; f < t; f++) {
            int a = tri[3 * f];
            int b = tri[3 * f + 1];
            int c = tri[3 * f + 2];
            boolean pa = pinned[a];
            boolean pb = pinned[b];
            boolean pc = pinned[c];
            double wa = pa ? PINNED_WEIGHT : 1;
            double wb = pb ? PINNED_WEIGHT : 1;
            double wc = pc ? PINNED_WEIGHT : 1;
            double w = wa + wb + wc;
            // current frame: ex along a→b, ey in the plane towards c
            double ox = pt[3 * a];
            double oy = pt[3 * a + 1];
            double oz = pt[3 * a + 2];
            double e1x = pt[3 * b] - ox;
            double e1y = pt[3 * b + 1] - oy;
            double e1z = pt[3 * b + 2] - oz;
            double e2x = pt[3 * c] - ox;
            double e2y = pt[3 * c + 1] - oy;
            double e2z = pt[3 * c + 2] - oz;
            double l1 = Math.sqrt(e1x * e1x + e1y * e1y + e1z * e1z);
            double nx = e1y * e2z - e1z * e2y;
            double ny = e1z * e2x - e1x * e2z;
            double nz = e1x * e2y - e1y * e2x;
            double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(l1 > 1e-12) || !(nl > 1e-12 * l1 * l1)) {
                continue; // collapsed: the neighbours' sweeps pull it open
            }
            double il = 1 / l1;
            double exx = e1x * il;
            double exy = e1y * il;
            double exz = e1z * il;
            double in = 1 / nl;
            nx *= in;
            ny *= in;
            nz *= in;
            double eyx = ny * exz - nz * exy;
            double eyy = nz * exx - nx * exz;
            double eyz = nx * exy - ny * exx;
            // current 2D corners relative to a: a = (0, 0), b = (l1, 0), c = (e2·ex, e2·ey)
            double cx = e2x * exx + e2y * exy + e2z * exz;
            double cy = e2x * eyx + e2y * eyy + e2z * eyz;
            double iw = 1 / w;
            double rx = (wb * l1 + wc * cx) * iw; // weighted centroids, current and rest
            double ry = wc * cy * iw;
            int o = 6 * f;
            double bx = q[o + 2];
            double dx = q[o + 4];
            double dy = q[o + 5];
            double qx = (wb * bx + wc * dx) * iw;
            double qy = wc * dy * iw;
            // A = Σ w r qᵀ about the centroids (corners a, b, c); its rotation θ has
            // tan θ = (A10 − A01)/(A00 + A11)
            double ua = -rx;
            double va = -ry;
            double ub = l1 - rx;
            double vb = -ry;
            double uc = cx - rx;
            double vc = cy - ry;
            double sa = -qx;
            double ta = -qy;
            double sb = bx - qx;
            double tb = -qy;
            double sc = dx - qx;
            double tc = dy - qy;
            double rc = wa * (ua * sa + va * ta) + wb * (ub * sb + vb * tb) + wc * (uc * sc + vc * tc);
            double rs = wa * (va * sa - ua * ta) + wb * (vb * sb - ub * tb) + wc * (vc * sc - uc * tc);
            double norm = Math.sqrt(rc * rc + rs * rs);
            double cos = norm > 0 ? rc / norm : 1;
            double sin = norm > 0 ? rs / norm : 0;
            if (!pa) {
                place(a, rx + cos * sa - sin * ta, ry + sin * sa + cos * ta, ox, oy, oz, exx, exy, exz, eyx, eyy, eyz);
            }
            if (!pb) {
                place(b, rx + cos * sb - sin * tb, ry + sin * sb + cos * tb, ox, oy, oz, exx, exy, exz, eyx, eyy, eyz);
            }
            if (!pc) {
                place(c, rx + cos * sc - sin * tc, ry + sin * sc + cos * tc, ox, oy, oz, exx, exy, exz, eyx, eyy, eyz);
            }
        }
    }

    /** Puts node i at (gx, gy) of the frame with origin o and axes ex, ey. */
    private void place(int i, double gx, double gy, double ox, double oy, double oz, double exx, double exy,
            double exz, double eyx, double eyy, double eyz) {
        p[3 * i] = ox + gx * exx + gy * eyx;
        p[3 * i + 1] = oy + gx * exy + gy * eyy;
        p[3 * i + 2] = oz + gx * exz + gy * eyz;
    }

    /** One sweep of the bending pairs towards their rest distance, stiffness k. */
    private void bend(double k) {
        if (!(k > 0)) {
            return;
        }
        for (int q = 0; q < bendRest.length; q++) {
            int a = bendPairs[2 * q];
            int b = bendPairs[2 * q + 1];
            double wa = s.pinned[a] ? 0 : 1;
            double wb = s.pinned[b] ? 0 : 1;
            if (wa + wb == 0) {
                continue;
            }
            double dx = p[3 * b] - p[3 * a];
            double dy = p[3 * b + 1] - p[3 * a + 1];
            double dz = p[3 * b + 2] - p[3 * a + 2];
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (!(d > 0)) {
                continue;
            }
            double f = k * (d - bendRest[q]) / (d * (wa + wb));
            p[3 * a] += wa * f * dx;
            p[3 * a + 1] += wa * f * dy;
            p[3 * a + 2] += wa * f * dz;
            p[3 * b] -= wb * f * dx;
            p[3 * b + 1] -= wb * f * dy;
            p[3 * b + 2] -= wb * f * dz;
        }
    }

    /**
     * Moves every free black node that ends within the thickness of a collider (or whose path
     * from {@code start} crossed it) to the contact's position; records the push, the normal and
     * the surface's velocity for friction.
     *
     * @param start where the paths start (the positions at the last pass)
     * @return the number of nodes in contact
     */
    private int collide(double[] start) {
        int count = 0;
        double thickness = s.material.thickness();
        for (Collider col : s.colliders) {
            double mu = col.friction();
            col.sweptBounds(bounds);
            for (int i = 0; i < verts; i++) {
                if (s.pinned[i] || outside(i, thickness, start) || !col.contact(start, p, i, thickness, contact)) {
                    continue;
                }
                double dx = contact.point[0] - p[3 * i];
                double dy = contact.point[1] - p[3 * i + 1];
                double dz = contact.point[2] - p[3 * i + 2];
                System.arraycopy(contact.point, 0, p, 3 * i, 3);
                if (!touched[i]) {
                    count++;
                    push[i] = 0;
                }
                touched[i] = true;
                push[i] += Math.sqrt(dx * dx + dy * dy + dz * dz);
                System.arraycopy(contact.surfaceVelocity, 0, surfaceVelocity, 3 * i, 3);
                System.arraycopy(contact.normal, 0, normals, 3 * i, 3);
                frictionOf[i] = Double.isNaN(mu) ? s.materials[s.model.nodePiece[i]].friction() : mu;
            }
        }
        return count;
    }

    /**
     * The rendered mesh's red nodes are the midpoints of the base edges, and on a curved collider a
     * midpoint sags inside while both ends are outside: every edge whose midpoint lies within the
     * thickness of a collider moves both its free ends by the midpoint's correction (proximity
     * only, at the end of the step's last substep), so that the red node it becomes is outside.
     */
    private void collideMidpoints() {
        double thickness = s.material.thickness();
        for (Collider col : s.colliders) {
            col.sweptBounds(bounds);
            for (int e = 0; e < mesh.edgeCount; e++) {
                int a = mesh.edgeVertices[2 * e];
                int b = mesh.edgeVertices[2 * e + 1];
                if (s.pinned[a] && s.pinned[b]) {
                    continue;
                }
                for (int c = 0; c < 3; c++) {
                    mid[c] = 0.5 * (p[3 * a + c] + p[3 * b + c]);
                }
                if (!inBounds(mid, thickness) || !col.contact(mid, mid, 0, thickness, contact)) {
                    continue;
                }
                for (int c = 0; c < 3; c++) {
                    double d = contact.point[c] - mid[c];
                    if (!s.pinned[a]) {
                        p[3 * a + c] += d;
                    }
                    if (!s.pinned[b]) {
                        p[3 * b + c] += d;
                    }
                }
            }
        }
    }

    /** Whether a point, grown by the thickness, meets the collider's swept bounds. */
    private boolean inBounds(double[] q, double thickness) {
        for (int c = 0; c < 3; c++) {
            if (q[c] - thickness > bounds[3 + c] || q[c] + thickness < bounds[c]) {
                return false;
            }
        }
        return true;
    }

    /** Whether node i's path start → p, grown by the thickness, misses the collider's swept bounds. */
    private boolean outside(int i, double thickness, double[] start) {
        for (int c = 0; c < 3; c++) {
            double lo = Math.min(start[3 * i + c], p[3 * i + c]) - thickness;
            double hi = Math.max(start[3 * i + c], p[3 * i + c]) + thickness;
            if (lo > bounds[3 + c] || hi < bounds[c]) {
                return true;
            }
        }
        return false;
    }

    /**
     * Coulomb friction on a node in contact: of its velocity relative to the collider's surface,
     * the part into the surface is removed and the tangential part loses up to μ times the normal
     * push over h (all of it when sticking).
     */
    private void friction(int i, double dt) {
        double[] v = s.v;
        double rx = v[3 * i] - surfaceVelocity[3 * i];
        double ry = v[3 * i + 1] - surfaceVelocity[3 * i + 1];
        double rz = v[3 * i + 2] - surfaceVelocity[3 * i + 2];
        double nx = normals[3 * i];
        double ny = normals[3 * i + 1];
        double nz = normals[3 * i + 2];
        double vn = rx * nx + ry * ny + rz * nz;
        double tx = rx - vn * nx;
        double ty = ry - vn * ny;
        double tz = rz - vn * nz;
        double vt = Math.sqrt(tx * tx + ty * ty + tz * tz);
        double keep = vt > 0 ? Math.max(0, 1 - frictionOf[i] * push[i] / (dt * vt)) : 0;
        double out = Math.max(vn, 0);
        v[3 * i] = surfaceVelocity[3 * i] + out * nx + keep * tx;
        v[3 * i + 1] = surfaceVelocity[3 * i + 1] + out * ny + keep * ty;
        v[3 * i + 2] = surfaceVelocity[3 * i + 2] + out * nz + keep * tz;
    }
}
