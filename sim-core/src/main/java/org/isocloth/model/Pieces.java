package org.isocloth.model;

import java.util.Arrays;

/** The pieces of a model of several materials ({@link ClothModel#nodePiece}). */
final class Pieces {
    private Pieces() {
    }

    /**
     * The piece of every node of the subdivision: a black node (base vertex) and a red node (base
     * edge) take the piece of a triangle they belong to.
     */
    static int[] ofNodes(RedBlackMesh m, int[] triangles, int[] trianglePiece, int pieces) {
        int n = m.nodeCount();
        int[] piece = new int[n];
        Arrays.fill(piece, -1);
        for (int f = 0; f < trianglePiece.length; f++) {
            int k = trianglePiece[f];
            if (k < 0 || k >= pieces) {
                throw new IllegalArgumentException("triangle " + f + ": piece " + k + " is not in [0, " + pieces + ")");
            }
            for (int i = 0; i < 3; i++) {
                int v = triangles[3 * f + i];
                if (piece[v] >= 0 && piece[v] != k) {
                    throw new IllegalArgumentException("vertex " + v + " belongs to pieces " + piece[v] + " and " + k
                            + "; pieces of different materials must not share vertices");
                }
                piece[v] = k;
                piece[m.redNode(m.triEdge[3 * f + i])] = k;
            }
        }
        for (int i = 0; i < n; i++) {
            if (piece[i] < 0) {
                piece[i] = 0; // a vertex no triangle uses (validated meshes have none)
            }
        }
        return piece;
    }
}
