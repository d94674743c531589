package org.isocloth.solver;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import org.isocloth.collision.Collider;
import org.isocloth.collision.Contact;
import org.isocloth.collision.MeshCandidates;
import org.isocloth.collision.MeshCollider;
import org.isocloth.model.RedBlackMesh;

/**
 * The collision passes of the shape-matching step ({@link ShapeMatchingStep}): the black nodes
 * against the colliders after a substep's sweeps, the edges' midpoints at the step's last pass,
 * Coulomb friction at the contacts, and the red nodes placed on their edges at the end. A mesh
 * collider is set to the whole step once (one refit of its tree) and narrowed to each pass's
 * part of it by the step; the triangles near each black node over the step are gathered once
 * ({@link MeshCandidates}) and each pass tests those.
 */
final class ShapeMatchingContacts {
    /**
     * Static contacts a point may take at each of the {@link #SETTLE_LIFTS} after a collision move
     * left it inside a collider ({@link #settle}).
     */
    static final int SETTLE_TRIES = 3;
    /** How far out of the surface, in thicknesses, {@link #settle} puts a point, in turn. */
    private static final double[] SETTLE_LIFTS = {1, 0.1, 0.01};
    private final ClothSolver s;
    private final RedBlackMesh mesh;
    private final int verts;
    /** The black nodes' positions during the step (the step's array). */
    private final double[] p;
    /** Half the longest rest length of the base edges at each black node, m. */
    private final double[] halfEdge;
    /** The black nodes' positions before the midpoint pass, and which nodes it moved. */
    private final double[] beforeMid;
    private final boolean[] movedByMid;
    /** The base edges whose midpoint the midpoint pass found in contact. */
    private final boolean[] midHit;
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
    /** The triangles near each black node over the step, per mesh collider. */
    private final Map<Collider, MeshCandidates> near = new IdentityHashMap<>();

    /**
     * @param solver the solver whose cloth the step moves
     * @param p the step's black-node positions, flat xyz (read and moved by the passes)
     * @param halfEdge half the longest rest length of the base edges at each black node, m
     */
    ShapeMatchingContacts(ClothSolver solver, double[] p, double[] halfEdge) {
        s = solver;
        mesh = solver.model.mesh;
        verts = mesh.vertexCount;
        this.p = p;
        this.halfEdge = halfEdge;
        beforeMid = new double[3 * verts];
        movedByMid = new boolean[verts];
        midHit = new boolean[mesh.edgeCount];
        touched = new boolean[verts];
        push = new double[verts];
        surfaceVelocity = new double[3 * verts];
        normals = new double[3 * verts];
        frictionOf = new double[verts];
    }

    /** Forgets the contacts of the last substep (before its prediction). */
    void startSubstep() {
        Arrays.fill(touched, false);
    }

    /** @return whether black node i was in contact in the current substep's pass */
    boolean touched(int i) {
        return touched[i];
    }

    /**
     * Sets every mesh collider's interval to the step (one refit of its tree) and gathers the
     * triangles near each black node over it ({@link MeshCandidates}); the substeps' collision
     * passes then narrow the interval and test those triangles only.
     */
    void gather(double dt) {
        near.keySet().retainAll(s.colliders);
        for (Collider c : s.colliders) {
            if (c instanceof MeshCollider mc) {
                mc.setInterval(s.time, s.time + dt);
                near.computeIfAbsent(c, k -> new MeshCandidates(mc, verts, halfEdge))
                        .gather(s.x, s.v, s.gravity, dt, s.material.thickness(), s.pinned);
            }
        }
    }

    /**
     * Moves every free black node that ends within the thickness of a collider (or whose path
     * from {@code start} crossed it) to the contact's position; records the push, the normal and
     * the surface's velocity for friction.
     *
     * @param start where the paths start (the positions at the last pass)
     * @param last whether this is the step's last pass: its moves are {@linkplain #settle settled}
     *     (an earlier pass's node left inside is found by the next pass's deep-inside test)
     * @return the number of nodes in contact
     */
    int collide(double[] start, boolean last) {
        int count = 0;
        double thickness = s.material.thickness();
        for (Collider col : s.colliders) {
            double mu = col.friction();
            col.sweptBounds(bounds);
            MeshCandidates list = near.get(col);
            for (int i = 0; i < verts; i++) {
                if (s.pinned[i] || outside(i, thickness, start) || !(list != null
                        ? list.contactTracked(start, p, i, thickness, contact)
                        : col.contact(start, p, i, thickness, contact))) {
                    continue;
                }
                double dx = contact.point[0] - p[3 * i];
                double dy = contact.point[1] - p[3 * i + 1];
                double dz = contact.point[2] - p[3 * i + 2];
                System.arraycopy(contact.point, 0, p, 3 * i, 3);
                if (last) {
                    settle(p, i, thickness);
                }
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
     * A midpoint that a straight segment from an end known to be outside reaches without meeting
     * any triangle's box needs no query ({@link MeshCandidates#clearFrom}): most of a garment's
     * midpoints lie within a character's bounds, where the query would cost a ray test.
     */
    void collideMidpoints() {
        double thickness = s.material.thickness();
        System.arraycopy(p, 0, beforeMid, 0, 3 * verts);
        Arrays.fill(movedByMid, false);
        Arrays.fill(midHit, false);
        for (Collider col : s.colliders) {
            col.sweptBounds(bounds);
            MeshCandidates list = near.get(col);
            for (int e = 0; e < mesh.edgeCount; e++) {
                int a = mesh.edgeVertices[2 * e];
                int b = mesh.edgeVertices[2 * e + 1];
                if (s.pinned[a] && s.pinned[b]) {
                    continue;
                }
                for (int c = 0; c < 3; c++) {
                    mid[c] = 0.5 * (p[3 * a + c] + p[3 * b + c]);
                }
                if (!inBounds(mid, thickness) || list != null && (!movedByMid[a] && list.clearFrom(p, a, mid, thickness)
                        || !movedByMid[b] && list.clearFrom(p, b, mid, thickness))
                        || !(list != null ? list.contactNear(mid, 0, a, b, thickness, contact)
                        : col.contact(mid, mid, 0, thickness, contact))) {
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
                midHit[e] = true;
                movedByMid[a] |= !s.pinned[a];
                movedByMid[b] |= !s.pinned[b];
            }
        }
        // a correction that lifts a midpoint off one surface can push an end into another (an
        // arm against the torso): each moved end's path from where it was, outside, is tested
        for (Collider col : s.colliders) {
            MeshCandidates list = near.get(col);
            for (int i = 0; i < verts; i++) {
                if (movedByMid[i] && (list != null ? list.contact(beforeMid, p, i, thickness, contact)
                        : col.contact(beforeMid, p, i, thickness, contact))) {
                    System.arraycopy(contact.point, 0, p, 3 * i, 3);
                    settle(p, i, thickness);
                }
            }
        }
    }

    /**
     * Puts each red node at the midpoint of its base edge, with the midpoint's velocity. Where the
     * midpoint pass found the edge's midpoint in contact, or moved one of its ends, and the
     * midpoint still lies inside a collider, the red node goes onto the surface instead,
     * {@link ShapeMatchingStep#RED_LIFT} thicknesses out: an edge that bridges a crease (an arm
     * against the torso) cannot lift its midpoint by moving its ends without pushing one of them
     * into the other surface. One inside test for each such edge.
     */
    void placeRedNodes() {
        double[] x = s.x;
        double[] v = s.v;
        double thickness = s.material.thickness();
        double sink = (1 - ShapeMatchingStep.RED_LIFT) * thickness;
        for (int e = 0; e < mesh.edgeCount; e++) {
            int r = mesh.redNode(e);
            int a = mesh.edgeVertices[2 * e];
            int b = mesh.edgeVertices[2 * e + 1];
            for (int c = 0; c < 3; c++) {
                x[3 * r + c] = s.pinned[r] ? s.pinTarget[3 * r + c] : 0.5 * (x[3 * a + c] + x[3 * b + c]);
                v[3 * r + c] = 0.5 * (v[3 * a + c] + v[3 * b + c]);
            }
            if (s.pinned[r] || !(midHit[e] || movedByMid[a] || movedByMid[b])) {
                continue;
            }
            for (Collider col : s.colliders) {
                MeshCandidates list = near.get(col);
                if (col.contains(x[3 * r], x[3 * r + 1], x[3 * r + 2]) && (list != null
                        ? list.contactNear(x, r, a, b, thickness, contact) : col.contact(x, x, r, thickness, contact))) {
                    for (int c = 0; c < 3; c++) {
                        x[3 * r + c] = contact.point[c] - sink * contact.normal[c];
                    }
                    settle(x, r, thickness);
                }
            }
        }
    }

    /**
     * Moves point i of q out of every collider that still contains it after a collision move. A
     * contact puts a point a thickness out along the nearest surface's normal, and in a crease
     * narrower than that (under the tail's root, an arm against the torso) the new point can lie
     * inside the facing surface. The point takes up to {@link #SETTLE_TRIES} static contacts from
     * where it lies, each out of the surface now nearest, at each of the {@link #SETTLE_LIFTS}
     * in turn: a lift of 1/100 of the thickness fits a crease 100 times narrower. One inside test
     * per collider for a point already outside; a point still inside after all of them is left
     * where the last contact put it.
     */
    private void settle(double[] q, int i, double thickness) {
        for (Collider col : s.colliders) {
            for (int t = 0; t < SETTLE_TRIES * SETTLE_LIFTS.length
                    && col.contains(q[3 * i], q[3 * i + 1], q[3 * i + 2]); t++) {
                if (!col.contact(q, q, i, thickness, contact)) {
                    break;
                }
                double sink = (1 - SETTLE_LIFTS[t / SETTLE_TRIES]) * thickness;
                for (int c = 0; c < 3; c++) {
                    q[3 * i + c] = contact.point[c] - sink * contact.normal[c];
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
    void friction(int i, double dt) {
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
