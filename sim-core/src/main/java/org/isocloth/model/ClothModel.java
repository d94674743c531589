package org.isocloth.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * The isometric cloth model of thesis §3.1–3.2.1 built once from a base mesh: node masses, the
 * inextensibility, conforming and boundary constraints, and the Crouzeix-Raviart bending operator.
 *
 * <p>All arrays are flat; positions are 3 doubles per node in the numbering of
 * {@link RedBlackMesh}.
 *
 * <h2>Constraints</h2>
 * <ul>
 *   <li>Inextensibility (eq. 3.1): C = |x_i − x_j| − d_ij for the three red-node pairs of every
 *       base triangle.</li>
 *   <li>Conforming (eq. 3.3): x_k − (1/n) Σ_T (x_a + x_b − x_c) = 0 for every black node k, where
 *       in each of its n incident triangles a and b are the red nodes on the edges at k and c the
 *       red node on the opposite edge. Linear, 3 rows (one per coordinate).</li>
 *   <li>Boundary (eq. 3.4, Fig. 3.2): for a boundary vertex whose two boundary edges belong to
 *       different triangles T₁ ≠ T₂, the extrapolations of k from T₁ and T₂ must match. Linear,
 *       3 rows. A corner vertex with a single triangle (case A) needs none: its conforming
 *       constraint already pins it to the extrapolation.</li>
 * </ul>
 * The linear constraints are stored as sparse combinations Σ c_j x_j = 0 applied to each
 * coordinate.
 *
 * <h2>Bending</h2>
 * The Crouzeix-Raviart stiffness matrix over red nodes, L_ij = −2 cot θ where θ is the angle
 * between base edges i and j (Fig. 3.3), L_ii = −Σ_{j≠i} L_ij, and the (exactly diagonal)
 * Crouzeix-Raviart mass M_ii = Σ_T A_T/3 (m²). Only interior edges carry a bending term: at a
 * boundary edge Lx of a flat sheet is the boundary flux |e|·n, not curvature, so free edges would
 * otherwise make a flat sheet store energy. The energy is
 * B = ½ k Σ_i |(Lx)_i − R_i δ_i|² / M_ii (eq. 3.8) with δ = L x₀ (zero for a flat rest shape).
 */
public final class ClothModel {
    /** Topology of the subdivision. */
    public final RedBlackMesh mesh;
    /**
     * Material the model was built with: the only piece's, or for a model of several pieces of
     * different materials their {@linkplain ClothMaterial#combined combination} (see
     * {@link #pieceMaterial}).
     */
    public final ClothMaterial material;
    /** Material of each piece (one entry for a model of one material). */
    private final ClothMaterial[] pieceMaterials;
    /**
     * Piece of every node ({@link #pieceMaterial}): the pieces are the parts of the base mesh that
     * share no vertex, each simulated with its own material.
     */
    public final int[] nodePiece;
    /** Rest (initial) node positions, 3 per node, metres. */
    public final double[] restPositions;
    /** Lumped node masses, kg. */
    public final double[] mass;
    /** Area represented by each node (a third of its incident fine triangles), m². */
    public final double[] nodeArea;
    /** Total area of the cloth, m². */
    public final double area;

    /** Inextensibility constraint node pairs (red nodes), 2 per constraint. */
    public final int[] inextNodes;
    /** Inextensibility rest lengths d_ij, metres. */
    public final double[] inextRest;

    /** Linear constraints: row pointers into {@link #linNode}/{@link #linCoef}. */
    public final int[] linPtr;
    /** Linear constraints: node of each term. */
    public final int[] linNode;
    /** Linear constraints: coefficient of each term (dimensionless). */
    public final double[] linCoef;
    /** Number of conforming constraints (the first linear constraints); the rest are boundary. */
    public final int conformingCount;

    /** Interior red nodes that carry a bending term. */
    public final int[] bendNode;
    /** Bending stencils: pointers into {@link #bendCol}/{@link #bendL}. */
    public final int[] bendPtr;
    /** Bending stencils: node index (red) of each entry. */
    public final int[] bendCol;
    /** Bending stencils: Crouzeix-Raviart Laplacian entry L_ij (dimensionless). */
    public final double[] bendL;
    /** Crouzeix-Raviart mass of each bending node, m². */
    public final double[] bendMass;
    /** Rest curvature δ_i = (L x₀)_i per bending node (3 each, metres); zero when flat. */
    public final double[] restCurvature;

    /**
     * Calibration c of the Crouzeix-Raviart energy: the raw xᵀLᵀM⁻¹Lx of a sheet bent to a
     * cylinder exceeds ∫|Δx|² dA by this factor, because CR's Laplacian is exact only on average
     * over a node's neighbours, not pointwise (on a criss-cross grid −(Lu)_i/(M_ii Δu) is 1.5 on
     * two thirds of the edges and 0 on the rest, so the squares average 1.5). It is measured once on
     * the rest mesh, projected onto its best-fit plane, with the quadratic fields u = s² and u = t²
     * along the plane's axes (Δu = 2), and the energy is divided by it so that k is the flexural
     * rigidity: ½k/R² joules per m² on a cylinder of radius R.
     */
    public final double bendingCalibration;

    /** Rest lengths of the subdivided mesh's edges ({@link RedBlackMesh#fineEdges}), metres. */
    public final double[] fineEdgeRest;

    /**
     * Membrane springs: the (black, red) node pairs of the subdivided mesh's black–red edges, two
     * per spring ({@link ClothMaterial#membraneStiffness()}).
     */
    public final int[] springNodes;
    /** Rest length of every spring, metres. */
    public final double[] springRest;
    /**
     * Spring constant of every spring per unit membrane stiffness, A/l₀² (dimensionless), with A a
     * third of the areas of the fine triangles on either side: the spring stores ½·Y·A·ε².
     */
    public final double[] springWeight;

    /**
     * Builds the model.
     *
     * @param basePositions base vertex positions, 3 each, metres (not null, unaffected)
     * @param triangles base triangles, validated manifold and consistently wound (not null,
     *     unaffected)
     * @param material material (not null)
     */
    public ClothModel(double[] basePositions, int[] triangles, ClothMaterial material) {
        this(basePositions, triangles, new ClothMaterial[] {material}, new int[triangles.length / 3]);
    }

    /**
     * Builds a model of several pieces, each with its own material: layered garments of different
     * fabrics simulated by one solver, so that they collide with each other as a cloth collides
     * with itself. A piece's nodes take its density, bending stiffness and damping, rest shape,
     * drag, membrane stiffness, friction and thickness; the strain tolerance of the whole is the
     * smallest of the pieces'.
     *
     * @param basePositions base vertex positions, 3 each, metres (not null, unaffected)
     * @param triangles base triangles, validated manifold and consistently wound (not null,
     *     unaffected)
     * @param materials material of each piece (not null, not empty, no null entry)
     * @param trianglePiece piece of every base triangle, in [0, materials.length); two triangles
     *     that share a vertex must belong to the same piece
     * @throws IllegalArgumentException if a triangle's piece is out of range or two pieces share a
     *     vertex
     */
    public ClothModel(double[] basePositions, int[] triangles, ClothMaterial[] materials, int[] trianglePiece) {
        if (materials.length == 0 || trianglePiece.length != triangles.length / 3) {
            throw new IllegalArgumentException("need one material and a piece for each of the "
                    + triangles.length / 3 + " triangles");
        }
        this.pieceMaterials = materials.clone();
        this.material = ClothMaterial.combined(pieceMaterials);
        this.mesh = new RedBlackMesh(basePositions.length / 3, triangles);
        RedBlackMesh m = mesh;
        int n = m.nodeCount();
        restPositions = m.subdividePositions(basePositions);
        nodePiece = Pieces.ofNodes(m, triangles, trianglePiece, materials.length);

        // Masses: each fine triangle spreads a third of its area to its corners.
        nodeArea = new double[n];
        double total = 0;
        for (int f = 0; f < m.fineTriangles.length / 3; f++) {
            double a = triangleArea(restPositions, m.fineTriangles[3 * f], m.fineTriangles[3 * f + 1],
                    m.fineTriangles[3 * f + 2]);
            total += a;
            for (int i = 0; i < 3; i++) {
                nodeArea[m.fineTriangles[3 * f + i]] += a / 3;
            }
        }
        area = total;
        mass = new double[n];
        for (int i = 0; i < n; i++) {
            mass[i] = pieceMaterials[nodePiece[i]].density() * nodeArea[i];
        }

        // Inextensibility: the three red-red pairs of each base triangle.
        int t = m.triangleCount;
        inextNodes = new int[6 * t];
        inextRest = new double[3 * t];
        for (int f = 0; f < t; f++) {
            for (int i = 0; i < 3; i++) {
                int p = m.redNode(m.triEdge[3 * f + i]);
                int q = m.redNode(m.triEdge[3 * f + (i + 1) % 3]);
                inextNodes[6 * f + 2 * i] = p;
                inextNodes[6 * f + 2 * i + 1] = q;
                inextRest[3 * f + i] = dist(restPositions, p, q);
            }
        }

        fineEdgeRest = new double[m.fineEdges.length / 2];
        for (int k = 0; k < fineEdgeRest.length; k++) {
            fineEdgeRest[k] = dist(restPositions, m.fineEdges[2 * k], m.fineEdges[2 * k + 1]);
        }

        // Membrane springs on the black–red fine edges: the first 2e fine edges, the two halves of
        // every base edge (RedBlackMesh#fineEdges). Each half borders one corner fine triangle per
        // adjacent base triangle, of a quarter of its area; the spring takes a third of that.
        int springs = 2 * m.edgeCount;
        springNodes = new int[2 * springs];
        springRest = new double[springs];
        springWeight = new double[springs];
        for (int s = 0; s < springs; s++) {
            int a = m.fineEdges[2 * s];
            int b = m.fineEdges[2 * s + 1];
            springNodes[2 * s] = Math.min(a, b); // the black node
            springNodes[2 * s + 1] = Math.max(a, b); // the red node
            springRest[s] = fineEdgeRest[s];
        }
        for (int k = 0; k < m.edgeCount; k++) {
            double a = 0;
            for (int side = 0; side < 2; side++) {
                int f = m.edgeTriangles[2 * k + side];
                if (f >= 0) {
                    // black node i is base vertex i, so base triangles index restPositions
                    a += triangleArea(restPositions, triangles[3 * f], triangles[3 * f + 1],
                            triangles[3 * f + 2]) / 12;
                }
            }
            for (int s = 2 * k; s < 2 * k + 2; s++) {
                springWeight[s] = a / (springRest[s] * springRest[s]);
            }
        }

        // Conforming (eq. 3.3) and boundary (eq. 3.4) constraints.
        List<TreeMap<Integer, Double>> rows = new ArrayList<>();
        conformingCount = LinearConstraints.build(m, triangles, rows);
        linPtr = new int[rows.size() + 1];
        for (int r = 0; r < rows.size(); r++) {
            linPtr[r + 1] = linPtr[r] + rows.get(r).size();
        }
        linNode = new int[linPtr[rows.size()]];
        linCoef = new double[linNode.length];
        int q = 0;
        for (TreeMap<Integer, Double> row : rows) {
            for (var en : row.entrySet()) {
                linNode[q] = en.getKey();
                linCoef[q++] = en.getValue();
            }
        }

        // Crouzeix-Raviart Laplacian over edges.
        double[] lDiag = new double[m.edgeCount];
        double[] crMass = new double[m.edgeCount];
        double[] offL = new double[3 * t]; // entry between edges (i+1, i+2) of triangle f: at vertex i
        for (int f = 0; f < t; f++) {
            double af = triangleArea(basePositions, triangles[3 * f], triangles[3 * f + 1],
                    triangles[3 * f + 2]);
            for (int i = 0; i < 3; i++) {
                crMass[m.triEdge[3 * f + i]] += af / 3;
                double cot = cotAngle(basePositions, triangles[3 * f + i], triangles[3 * f + (i + 1) % 3],
                        triangles[3 * f + (i + 2) % 3]);
                // Angle at local vertex i lies between edges opposite i+1 and i+2.
                double lij = -2 * cot;
                offL[3 * f + i] = lij;
                lDiag[m.triEdge[3 * f + (i + 1) % 3]] -= lij;
                lDiag[m.triEdge[3 * f + (i + 2) % 3]] -= lij;
            }
        }
        int interior = 0;
        for (int e = 0; e < m.edgeCount; e++) {
            if (!m.isBoundaryEdge(e)) {
                interior++;
            }
        }
        bendNode = new int[interior];
        bendPtr = new int[interior + 1];
        bendCol = new int[5 * interior];
        bendL = new double[5 * interior];
        bendMass = new double[interior];
        int b = 0;
        int w = 0;
        for (int e = 0; e < m.edgeCount; e++) {
            if (m.isBoundaryEdge(e)) {
                continue;
            }
            bendNode[b] = m.redNode(e);
            bendMass[b] = crMass[e];
            bendCol[w] = m.redNode(e);
            bendL[w++] = lDiag[e];
            for (int side = 0; side < 2; side++) {
                int f = m.edgeTriangles[2 * e + side];
                int i = edgeLocal(f, e);
                // e is opposite local vertex i. Its neighbours: edges opposite i+1 (angle at i+2)
                // and opposite i+2 (angle at i+1).
                int e1 = m.triEdge[3 * f + (i + 1) % 3];
                int e2 = m.triEdge[3 * f + (i + 2) % 3];
                bendCol[w] = m.redNode(e1);
                bendL[w++] = offL[3 * f + (i + 2) % 3];
                bendCol[w] = m.redNode(e2);
                bendL[w++] = offL[3 * f + (i + 1) % 3];
            }
            bendPtr[++b] = w;
        }
        bendingCalibration = BendingCalibration.of(this);
        restCurvature = new double[3 * interior];
        if (hasCurvedRest()) {
            applyLaplacian(restPositions, restCurvature);
            for (int bn = 0; bn < bendNode.length; bn++) {
                if (pieceMaterial(bendNode[bn]).restShape() != RestShape.INITIAL) {
                    Arrays.fill(restCurvature, 3 * bn, 3 * bn + 3, 0.0);
                }
            }
        }
    }

    /** @return the number of pieces (materials) */
    public int pieceCount() {
        return pieceMaterials.length;
    }

    /**
     * @param node a node
     * @return the material the model was built with for that node's piece
     */
    public ClothMaterial pieceMaterial(int node) {
        return pieceMaterials[nodePiece[node]];
    }

    /** @return a copy of the pieces' materials, in piece order */
    public ClothMaterial[] pieceMaterials() {
        return pieceMaterials.clone();
    }

    /** @return whether some piece keeps its initial shape as its rest shape */
    public boolean hasCurvedRest() {
        for (ClothMaterial pm : pieceMaterials) {
            if (pm.restShape() == RestShape.INITIAL) {
                return true;
            }
        }
        return false;
    }

    /** @return the bending stiffness used by the discrete energy, k / {@link #bendingCalibration} */
    public double effectiveBendingStiffness() {
        return material.bendingStiffness() / bendingCalibration;
    }

    private int edgeLocal(int f, int edge) {
        for (int i = 0; i < 3; i++) {
            if (mesh.triEdge[3 * f + i] == edge) {
                return i;
            }
        }
        throw new IllegalStateException("edge " + edge + " not in triangle " + f);
    }

    /** @return number of nodes */
    public int nodeCount() {
        return mesh.nodeCount();
    }

    /** @return number of linear (conforming + boundary) constraints, each 3 scalar rows */
    public int linearCount() {
        return linPtr.length - 1;
    }

    /** @return number of scalar constraint rows (inextensibility + 3 × linear) */
    public int constraintRowCount() {
        return inextRest.length + 3 * linearCount();
    }

    /**
     * Applies the bending Laplacian: out_i = (L x)_i for every bending node (3 per node).
     *
     * @param x node positions, 3 per node (not null, unaffected)
     * @param out receives 3 per bending node (not null, length 3·bendNode.length)
     */
    public void applyLaplacian(double[] x, double[] out) {
        for (int b = 0; b < bendNode.length; b++) {
            double sx = 0;
            double sy = 0;
            double sz = 0;
            for (int s = bendPtr[b]; s < bendPtr[b + 1]; s++) {
                int j = bendCol[s];
                double l = bendL[s];
                sx += l * x[3 * j];
                sy += l * x[3 * j + 1];
                sz += l * x[3 * j + 2];
            }
            out[3 * b] = sx;
            out[3 * b + 1] = sy;
            out[3 * b + 2] = sz;
        }
    }

    /**
     * Bending energy B(x) = ½ k Σ_i |(Lx)_i − R_i δ_i|² / M_ii in joules (thesis eq. 3.8), with the
     * rotations R_i estimated at x itself (see {@link RestRotations}).
     *
     * @param x node positions (not null, unaffected)
     * @return the energy in joules
     */
    public double bendingEnergy(double[] x) {
        double[] lx = new double[3 * bendNode.length];
        applyLaplacian(x, lx);
        double[] target = new double[3 * bendNode.length];
        if (hasCurvedRest()) {
            RestRotations.rotateRestCurvature(this, restPositions, x, restCurvature, target);
        }
        double e = 0;
        for (int b = 0; b < bendNode.length; b++) {
            double dx = lx[3 * b] - target[3 * b];
            double dy = lx[3 * b + 1] - target[3 * b + 1];
            double dz = lx[3 * b + 2] - target[3 * b + 2];
            double k = pieceMaterial(bendNode[b]).bendingStiffness() / bendingCalibration;
            e += k * (dx * dx + dy * dy + dz * dz) / bendMass[b];
        }
        return 0.5 * e;
    }

    /**
     * @param x positions (not null)
     * @param i node
     * @param j node
     * @return the distance between nodes i and j
     */
    public static double dist(double[] x, int i, int j) {
        double dx = x[3 * i] - x[3 * j];
        double dy = x[3 * i + 1] - x[3 * j + 1];
        double dz = x[3 * i + 2] - x[3 * j + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * Unnormalised face normal (b − a) × (c − a); its length is twice the triangle's area.
     *
     * @param x positions, 3 per node (not null, unaffected)
     * @param a vertex
     * @param b vertex
     * @param c vertex
     * @param out receives the normal (length ≥ 3)
     */
    public static void faceNormal(double[] x, int a, int b, int c, double[] out) {
        double ux = x[3 * b] - x[3 * a];
        double uy = x[3 * b + 1] - x[3 * a + 1];
        double uz = x[3 * b + 2] - x[3 * a + 2];
        double vx = x[3 * c] - x[3 * a];
        double vy = x[3 * c + 1] - x[3 * a + 1];
        double vz = x[3 * c + 2] - x[3 * a + 2];
        out[0] = uy * vz - uz * vy;
        out[1] = uz * vx - ux * vz;
        out[2] = ux * vy - uy * vx;
    }

    /**
     * @param x positions (not null)
     * @param a vertex
     * @param b vertex
     * @param c vertex
     * @return the area of triangle abc
     */
    public static double triangleArea(double[] x, int a, int b, int c) {
        double[] n = new double[3];
        faceNormal(x, a, b, c, n);
        return 0.5 * Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    }

    /** Cotangent of the angle at vertex a of triangle (a, b, c). */
    private static double cotAngle(double[] x, int a, int b, int c) {
        double dot = (x[3 * b] - x[3 * a]) * (x[3 * c] - x[3 * a])
                + (x[3 * b + 1] - x[3 * a + 1]) * (x[3 * c + 1] - x[3 * a + 1])
                + (x[3 * b + 2] - x[3 * a + 2]) * (x[3 * c + 2] - x[3 * a + 2]);
        return dot / (2 * triangleArea(x, a, b, c));
    }
}
