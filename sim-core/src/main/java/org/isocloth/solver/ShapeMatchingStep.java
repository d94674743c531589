package org.isocloth.solver;

import org.isocloth.collision.Collider;
import org.isocloth.collision.MeshCandidates;
import org.isocloth.collision.MeshCollider;
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
 *       rotated into place in its current plane (shape matching: the polar factor of the 3 × 2
 *       matrix Σ w r sᵀ, r the current and s the rest positions about the weighted centroids,
 *       w = 1 for a free node and {@link #PINNED_WEIGHT} for a pinned one), then every
 *       pair of nodes opposite an interior edge towards its rest distance with the stiffness
 *       k/(k + {@link #BENDING_SCALE}) (k the bending stiffness: a visual bending, not the
 *       isometric model's energy);</li>
 *   <li>every {@link #COLLIDE_EVERY} substeps and at the last, a collision pass: the nodes' paths
 *       since the last pass against the colliders' motion over the same time
 *       ({@link Collider#contact}); a node that ends within the thickness, or crossed, moves to
 *       the contact; at the last substep, an edge whose midpoint lies within the thickness moves
 *       both its ends out by the midpoint's correction, so that the rendered red node is outside,
 *       and each end so moved is tested along its path from where it was (a correction off the
 *       arm must not push an end into the torso); a red node whose midpoint still ends inside
 *       goes onto the surface. Each of the last pass's moves that leaves a point inside a collider,
 *       in a crease narrower than the thickness, is followed by static contacts from there.
 *       A mesh collider is set to the whole step once (one refit of its tree) and narrowed to
 *       each pass's part of it ({@link MeshCollider#narrowInterval}); the triangles near each
 *       node over the step are gathered once ({@link MeshCandidates}) and each pass tests those
 *       ({@link ShapeMatchingContacts});</li>
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
    /**
     * How far out of the surface, in thicknesses, a red node goes when its edge's midpoint ends
     * inside a collider ({@link ShapeMatchingContacts#placeRedNodes}): just outside, so that the
     * rendered edges move as little as possible (at a whole thickness the worst edge strain per
     * frame rose by a fifth on average, docs/solver.md).
     */
    static final double RED_LIFT = 0.1;
    /** Bending stiffness, N·m, at which the bending pairs' stiffness is ½. */
    static final double BENDING_SCALE = 1e-4;

    private final ClothSolver s;
    private final RedBlackMesh mesh;
    private final int verts;
    private final int[] tri;
    /**
     * The base triangles in the sweep's order: runs in which no two triangles share a node, so
     * that the processor overlaps consecutive triangles instead of waiting for each to finish.
     */
    private final int[] sweepTri;
    /** Rest coordinates of each triangle's corners in a frame of its rest plane, six per triangle. */
    private final double[] rest2;
    private final int[] bendPairs;
    private final double[] bendRest;
    /** The bending pairs' node weights for the current step (see {@link #pairWeights}). */
    private final double[] bendW;
    /** Each black node's linear drag over its density, 1/s, for the current step. */
    private final double[] dragOf;
    private final double[] p;
    /** The collision passes. */
    private final ShapeMatchingContacts contacts;
    /** The black nodes' positions and velocities at the step's start, and positions at the last collision pass. */
    private final double[] x0;
    private final double[] v0;
    private final double[] xPass;

    /** @param solver the solver whose cloth this steps */
    ShapeMatchingStep(ClothSolver solver) {
        s = solver;
        ClothModel m = solver.model;
        mesh = m.mesh;
        verts = mesh.vertexCount;
        tri = mesh.baseTriangles;
        sweepTri = independentOrder(tri, verts);
        int t = tri.length / 3;
        rest2 = new double[6 * t];
        double[] x = m.restPositions;
        for (int f = 0; f < t; f++) {
            int a = sweepTri[3 * f];
            int b = sweepTri[3 * f + 1];
            int c = sweepTri[3 * f + 2];
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
        bendW = new double[2 * interior];
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
        double[] halfEdge = new double[verts];
        for (int e = 0; e < mesh.edgeCount; e++) {
            int a = mesh.edgeVertices[2 * e];
            int b = mesh.edgeVertices[2 * e + 1];
            double l = 0.5 * ClothModel.dist(x, a, b);
            halfEdge[a] = Math.max(halfEdge[a], l);
            halfEdge[b] = Math.max(halfEdge[b], l);
        }
        int n3 = 3 * m.nodeCount();
        p = new double[n3];
        x0 = new double[3 * verts];
        v0 = new double[3 * verts];
        xPass = new double[3 * verts];
        dragOf = new double[verts];
        contacts = new ShapeMatchingContacts(solver, p, halfEdge);
    }

    /**
     * The triangles reordered into runs of triangles that share no node: each run takes, in mesh
     * order, every triangle left whose nodes the run has not used yet (a greedy colouring).
     *
     * @param tris vertex indices, 3 per triangle
     * @param nodes the number of vertices
     * @return the same triangles, reordered
     */
    static int[] independentOrder(int[] tris, int nodes) {
        int t = tris.length / 3;
        int[] out = new int[tris.length];
        boolean[] done = new boolean[t];
        int[] usedIn = new int[nodes];
        int q = 0;
        for (int run = 1; q < tris.length; run++) {
            for (int f = 0; f < t; f++) {
                int a = tris[3 * f];
                int b = tris[3 * f + 1];
                int c = tris[3 * f + 2];
                if (done[f] || usedIn[a] == run || usedIn[b] == run || usedIn[c] == run) {
                    continue;
                }
                usedIn[a] = run;
                usedIn[b] = run;
                usedIn[c] = run;
                done[f] = true;
                System.arraycopy(tris, 3 * f, out, q, 3);
                q += 3;
            }
        }
        return out;
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
        int inContact = 0;
        int passStart = 0;
        contacts.gather(dt);
        for (int i = 0; i < verts; i++) {
            var mat = s.materials[m.nodePiece[i]];
            dragOf[i] = mat.drag() / mat.density();
        }
        pairWeights();
        double invH = 1 / h;
        for (int k = 0; k < SUBSTEPS; k++) {
            double along = (k + 1.0) / SUBSTEPS;
            contacts.startSubstep();
            for (int i = 0; i < verts; i++) {
                if (s.pinned[i]) {
                    for (int c = 0; c < 3; c++) {
                        p[3 * i + c] = x0[3 * i + c] + along * (s.pinTarget[3 * i + c] - x0[3 * i + c]);
                    }
                    continue;
                }
                double drag = dragOf[i];
                double keep = 1 / (1 + h * drag);
                for (int c = 0; c < 3; c++) {
                    double vi = (v[3 * i + c] + h * (g[c] + drag * s.wind[c])) * keep;
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
                // paths over the same time (a mesh collider narrows the step it was set to)
                for (Collider c : s.colliders) {
                    double t0 = s.time + passStart * h;
                    double t1 = k == SUBSTEPS - 1 ? s.time + dt : s.time + (k + 1) * h;
                    if (c instanceof MeshCollider mc) {
                        mc.narrowInterval(t0, t1);
                    } else {
                        c.setInterval(t0, t1);
                    }
                }
                inContact = contacts.collide(xPass, k == SUBSTEPS - 1);
                if (k == SUBSTEPS - 1) {
                    contacts.collideMidpoints();
                }
            }
            for (int i = 0; i < verts; i++) {
                for (int c = 0; c < 3; c++) {
                    double pc = p[3 * i + c];
                    if (!Double.isFinite(pc)) {
                        System.arraycopy(x0, 0, x, 0, 3 * verts);
                        System.arraycopy(v0, 0, v, 0, 3 * verts);
                        throw new SimulationException(s.name + ": non-finite position at node " + i
                                + " in a shape-matching step at t=" + s.time + " s; the state before the step is kept");
                    }
                    v[3 * i + c] = (pc - x[3 * i + c]) * invH;
                    x[3 * i + c] = pc;
                }
                if (contacts.touched(i)) {
                    contacts.friction(i, h);
                }
            }
            if (pass) {
                passStart = k + 1;
                System.arraycopy(x, 0, xPass, 0, 3 * verts);
            }
        }
        contacts.placeRedNodes();
        for (Collider c : s.colliders) {
            c.setInterval(s.time, s.time + dt); // the step's motion, as the isometric step leaves it
        }
        s.hasHistory = false; // a later isometric BDF2 step restarts from backward Euler
        s.tensionH = 0;
        s.time += dt;
        return new StepResult(SUBSTEPS * ITERATIONS, true, ClothMetrics.redStrain(m, x), 0, inContact);
    }

    /**
     * One Gauss-Seidel sweep of triangle shape matching over the black nodes in p. With c and q̄
     * the weighted centroids of a triangle's current corners p and rest corners q (2D, in its
     * rest plane), r = p − c and s = q − q̄, the best-fitting rotation of the rest plane into
     * space is the polar factor R = A (AᵀA)^(−1/2) of the 3 × 2 matrix A = Σ w r sᵀ (its columns
     * orthonormal, in the current plane); every free corner moves to its goal c + R s. For the
     * 2 × 2 SPD matrix M = AᵀA with d = √det M, √M = (M + d I)/√(tr M + 2d), so
     * M^(−1/2) = adj(M + d I)/(d √(tr M + 2d)). A collapsed triangle (det M ≈ 0) is left to its
     * neighbours' sweeps, which pull it open.
     */
    private void matchTriangles() {
        double[] pt = p;
        boolean[] pinned = s.pinned;
        double[] q = rest2;
        int[] tri = sweepTri;
        for (int f = 0, t = tri.length / 3; f < t; f++) {
            int a = 3 * tri[3 * f];
            int b = 3 * tri[3 * f + 1];
            int c = 3 * tri[3 * f + 2];
            boolean pa = pinned[a / 3];
            boolean pb = pinned[b / 3];
            boolean pc = pinned[c / 3];
            double wa = pa ? PINNED_WEIGHT : 1;
            double wb = pb ? PINNED_WEIGHT : 1;
            double wc = pc ? PINNED_WEIGHT : 1;
            double iw = 1 / (wa + wb + wc);
            double ax = pt[a], ay = pt[a + 1], az = pt[a + 2];
            double bx = pt[b], by = pt[b + 1], bz = pt[b + 2];
            double cx = pt[c], cy = pt[c + 1], cz = pt[c + 2];
            double gx = (wa * ax + wb * bx + wc * cx) * iw;
            double gy = (wa * ay + wb * by + wc * cy) * iw;
            double gz = (wa * az + wb * bz + wc * cz) * iw;
            ax -= gx;
            ay -= gy;
            az -= gz;
            bx -= gx;
            by -= gy;
            bz -= gz;
            cx -= gx;
            cy -= gy;
            cz -= gz;
            // rest corners (0, 0), (qb, 0), (qc, qd) about their weighted centroid
            int o = 6 * f;
            double qb = q[o + 2];
            double qc = q[o + 4];
            double qd = q[o + 5];
            double mx = (wb * qb + wc * qc) * iw;
            double my = wc * qd * iw;
            double s0 = -mx, t0 = -my, s1 = qb - mx, t1 = -my, s2 = qc - mx, t2 = qd - my;
            // A = Σ w r sᵀ
            double a00 = wa * ax * s0 + wb * bx * s1 + wc * cx * s2;
            double a01 = wa * ax * t0 + wb * bx * t1 + wc * cx * t2;
            double a10 = wa * ay * s0 + wb * by * s1 + wc * cy * s2;
            double a11 = wa * ay * t0 + wb * by * t1 + wc * cy * t2;
            double a20 = wa * az * s0 + wb * bz * s1 + wc * cz * s2;
            double a21 = wa * az * t0 + wb * bz * t1 + wc * cz * t2;
            double m00 = a00 * a00 + a10 * a10 + a20 * a20;
            double m01 = a00 * a01 + a10 * a11 + a20 * a21;
            double m11 = a01 * a01 + a11 * a11 + a21 * a21;
            double tr = m00 + m11;
            double det = m00 * m11 - m01 * m01;
            if (!(det > 1e-24 * tr * tr)) {
                continue; // collapsed, or not finite
            }
            double d = Math.sqrt(det);
            double k = 1 / (d * Math.sqrt(tr + 2 * d));
            double n00 = (m11 + d) * k;
            double n01 = -m01 * k;
            double n11 = (m00 + d) * k;
            // R = A M^(−1/2)
            double r00 = a00 * n00 + a01 * n01, r01 = a00 * n01 + a01 * n11;
            double r10 = a10 * n00 + a11 * n01, r11 = a10 * n01 + a11 * n11;
            double r20 = a20 * n00 + a21 * n01, r21 = a20 * n01 + a21 * n11;
            if (!pa) {
                pt[a] = gx + r00 * s0 + r01 * t0;
                pt[a + 1] = gy + r10 * s0 + r11 * t0;
                pt[a + 2] = gz + r20 * s0 + r21 * t0;
            }
            if (!pb) {
                pt[b] = gx + r00 * s1 + r01 * t1;
                pt[b + 1] = gy + r10 * s1 + r11 * t1;
                pt[b + 2] = gz + r20 * s1 + r21 * t1;
            }
            if (!pc) {
                pt[c] = gx + r00 * s2 + r01 * t2;
                pt[c + 1] = gy + r10 * s2 + r11 * t2;
                pt[c + 2] = gz + r20 * s2 + r21 * t2;
            }
        }
    }

    /** Each bending pair's weights (1 for a free node, 0 for a pinned one), for this step's pins. */
    private void pairWeights() {
        for (int q = 0; q < bendRest.length; q++) {
            bendW[2 * q] = s.pinned[bendPairs[2 * q]] ? 0 : 1;
            bendW[2 * q + 1] = s.pinned[bendPairs[2 * q + 1]] ? 0 : 1;
        }
    }

    /** One sweep of the bending pairs towards their rest distance, stiffness k. */
    private void bend(double k) {
        if (!(k > 0)) {
            return;
        }
        double[] pt = p;
        for (int q = 0; q < bendRest.length; q++) {
            double wa = bendW[2 * q];
            double wb = bendW[2 * q + 1];
            if (wa + wb == 0) {
                continue;
            }
            int a = 3 * bendPairs[2 * q];
            int b = 3 * bendPairs[2 * q + 1];
            double dx = pt[b] - pt[a];
            double dy = pt[b + 1] - pt[a + 1];
            double dz = pt[b + 2] - pt[a + 2];
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (!(d > 0)) {
                continue;
            }
            double f = k * (d - bendRest[q]) / (d * (wa + wb));
            double fa = wa * f;
            double fb = wb * f;
            pt[a] += fa * dx;
            pt[a + 1] += fa * dy;
            pt[a + 2] += fa * dz;
            pt[b] -= fb * dx;
            pt[b + 1] -= fb * dy;
            pt[b + 2] -= fb * dz;
        }
    }

}
