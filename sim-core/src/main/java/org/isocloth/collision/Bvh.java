package org.isocloth.collision;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * An axis-aligned bounding-box tree over a fixed set of primitives, for broad-phase collision
 * culling.
 *
 * <p>Boxes are flat arrays, 6 per primitive: {@code min x, min y, min z, max x, max y, max z}.
 * The topology is built once, from the initial boxes, by recursive median split along the longest
 * axis of the box centres, down to leaves of at most {@value #LEAF_SIZE} primitives; afterwards
 * {@link #refit(double[])} updates the node boxes bottom-up every step while the topology stays,
 * so queries remain exact but become slower when primitives move far from their initial layout
 * (build a new tree then). Nodes live in flat int and double arrays; queries use a preallocated
 * stack and allocate nothing.
 *
 * <p>Boxes overlap when they intersect as closed sets: touching boxes overlap. A box with a NaN
 * coordinate overlaps nothing. The tree reports exactly the pairs whose primitive boxes overlap.
 *
 * <p>Not thread-safe: queries share the tree's traversal stack, so a sink must not start
 * another query on the same tree (querying a different tree from a sink is fine).
 */
public final class Bvh {
    /** Maximum number of primitives in a leaf. */
    public static final int LEAF_SIZE = 4;

    /** Receives pairs of primitive indices. */
    @FunctionalInterface
    public interface PairSink {
        /**
         * Called once per reported pair.
         *
         * @param a primitive index (in this tree for {@link #pairsWith}; the smaller index for
         *     {@link #selfPairs})
         * @param b primitive index (in the other tree for {@link #pairsWith}; the larger index for
         *     {@link #selfPairs})
         */
        void pair(int a, int b);
    }

    private final int n;
    /** Primitive indices in leaf order; leaf {@code k} holds {@code order[first .. first+count)}. */
    private final int[] order;
    /** Primitive boxes in leaf order (6 per slot), copied by {@link #refit}. */
    private final double[] primBox;
    /**
     * Per node, 2 ints: for a leaf {@code (first slot, count > 0)}; for an inner node {@code (left
     * child, 0)}, the right child being {@code left + 1}. Children have larger indices than their
     * parent, so refitting in decreasing index order visits children first.
     */
    private final int[] nodes;
    /** Node boxes, 6 per node. */
    private final double[] nodeBox;
    private final int nodeCount;
    private final int depth;
    private int[] stack;

    /**
     * Builds the tree over {@code boxes.length / 6} primitives and fits it to these boxes.
     *
     * @param boxes primitive boxes, 6 per primitive (not retained); length a multiple of 6
     * @throws NullPointerException if boxes is null
     * @throws IllegalArgumentException if the length is not a multiple of 6
     */
    public Bvh(double[] boxes) {
        Objects.requireNonNull(boxes, "boxes");
        if (boxes.length % 6 != 0) {
            throw new IllegalArgumentException("boxes length " + boxes.length
                    + " is not a multiple of 6");
        }
        n = boxes.length / 6;
        order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        primBox = new double[6 * n];
        int maxNodes = Math.max(0, 2 * n - 1);
        int[] nd = new int[2 * maxNodes];
        int count = 0;
        int maxDepth = 0;
        if (n > 0) {
            double[] key = new double[n];
            // explicit stack of (node, lo, hi, depth)
            int[] work = new int[4 * 64];
            int top = 0;
            count = 1;
            work[top++] = 0;
            work[top++] = 0;
            work[top++] = n;
            work[top++] = 1;
            while (top > 0) {
                int d = work[--top];
                int hi = work[--top];
                int lo = work[--top];
                int node = work[--top];
                maxDepth = Math.max(maxDepth, d);
                if (hi - lo <= LEAF_SIZE) {
                    nd[2 * node] = lo;
                    nd[2 * node + 1] = hi - lo;
                    continue;
                }
                int axis = splitAxis(boxes, lo, hi);
                for (int s = lo; s < hi; s++) {
                    int p = order[s];
                    double c = boxes[6 * p + axis] + boxes[6 * p + 3 + axis];
                    key[p] = c == c ? c : 0;
                }
                int mid = (lo + hi) >>> 1;
                select(order, key, lo, hi, mid);
                int left = count;
                count += 2;
                nd[2 * node] = left;
                nd[2 * node + 1] = 0;
                if (top + 8 > work.length) {
                    work = Arrays.copyOf(work, 2 * work.length);
                }
                work[top++] = left;
                work[top++] = lo;
                work[top++] = mid;
                work[top++] = d + 1;
                work[top++] = left + 1;
                work[top++] = mid;
                work[top++] = hi;
                work[top++] = d + 1;
            }
        }
        nodeCount = count;
        nodes = count == maxNodes ? nd : Arrays.copyOf(nd, 2 * count);
        nodeBox = new double[6 * count];
        depth = maxDepth;
        stack = new int[stackSize(depth, depth)];
        refit(boxes);
    }

    /** Stack capacity for a pair traversal of trees of the given depths. */
    private static int stackSize(int depthA, int depthB) {
        // each pop pushes at most 3 pairs (self) and descends one level in one tree
        return 2 * (3 * (depthA + depthB) + 8);
    }

    /** Longest axis of the box centres of primitives order[lo..hi). */
    private int splitAxis(double[] boxes, int lo, int hi) {
        double minx = Double.POSITIVE_INFINITY, miny = minx, minz = minx;
        double maxx = Double.NEGATIVE_INFINITY, maxy = maxx, maxz = maxx;
        for (int s = lo; s < hi; s++) {
            int b = 6 * order[s];
            double cx = boxes[b] + boxes[b + 3];
            double cy = boxes[b + 1] + boxes[b + 4];
            double cz = boxes[b + 2] + boxes[b + 5];
            minx = Math.min(minx, cx);
            maxx = Math.max(maxx, cx);
            miny = Math.min(miny, cy);
            maxy = Math.max(maxy, cy);
            minz = Math.min(minz, cz);
            maxz = Math.max(maxz, cz);
        }
        double ex = maxx - minx, ey = maxy - miny, ez = maxz - minz;
        if (ex >= ey && ex >= ez) {
            return 0;
        }
        return ey >= ez ? 1 : 2;
    }

    /**
     * Reorders perm[lo..hi) so that perm[k] has the k-th smallest key, smaller-or-equal keys
     * before it and greater-or-equal after (Hoare partition around a median of three).
     */
    private static void select(int[] perm, double[] key, int lo, int hi, int k) {
        int l = lo, r = hi - 1;
        while (r > l) {
            int m = (l + r) >>> 1;
            double a = key[perm[l]], b = key[perm[m]], c = key[perm[r]];
            double pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
            int i = l, j = r;
            while (i <= j) {
                while (key[perm[i]] < pivot) {
                    i++;
                }
                while (key[perm[j]] > pivot) {
                    j--;
                }
                if (i <= j) {
                    int t = perm[i];
                    perm[i] = perm[j];
                    perm[j] = t;
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                r = j;
            } else if (k >= i) {
                l = i;
            } else {
                return;
            }
        }
    }

    /** @return the number of primitives */
    public int size() {
        return n;
    }

    /** @return the number of tree nodes (0 for an empty tree, {@code 2·leaves - 1} otherwise) */
    public int nodeCount() {
        return nodeCount;
    }

    /** @return the number of levels of the tree (0 for an empty tree, 1 for a single leaf) */
    public int depth() {
        return depth;
    }

    /**
     * Copies new primitive boxes and recomputes every node box bottom-up; the topology is kept.
     *
     * @param boxes primitive boxes, 6 per primitive, at least {@code 6·size()} values (not
     *     retained)
     * @throws IllegalArgumentException if boxes is too short
     */
    public void refit(double[] boxes) {
        if (boxes.length < 6 * n) {
            throw new IllegalArgumentException("boxes length " + boxes.length + " < 6 * " + n);
        }
        for (int s = 0; s < n; s++) {
            System.arraycopy(boxes, 6 * order[s], primBox, 6 * s, 6);
        }
        for (int node = nodeCount - 1; node >= 0; node--) {
            int first = nodes[2 * node];
            int count = nodes[2 * node + 1];
            int o = 6 * node;
            if (count > 0) {
                double minx = Double.POSITIVE_INFINITY, miny = minx, minz = minx;
                double maxx = Double.NEGATIVE_INFINITY, maxy = maxx, maxz = maxx;
                for (int s = first; s < first + count; s++) {
                    int b = 6 * s;
                    minx = lower(minx, primBox[b]);
                    miny = lower(miny, primBox[b + 1]);
                    minz = lower(minz, primBox[b + 2]);
                    maxx = upper(maxx, primBox[b + 3]);
                    maxy = upper(maxy, primBox[b + 4]);
                    maxz = upper(maxz, primBox[b + 5]);
                }
                setBox(o, minx, miny, minz, maxx, maxy, maxz);
            } else {
                int l = 6 * first, r = 6 * (first + 1);
                setBox(o, lower(nodeBox[l], nodeBox[r]), lower(nodeBox[l + 1], nodeBox[r + 1]),
                        lower(nodeBox[l + 2], nodeBox[r + 2]), upper(nodeBox[l + 3], nodeBox[r + 3]),
                        upper(nodeBox[l + 4], nodeBox[r + 4]), upper(nodeBox[l + 5], nodeBox[r + 5]));
            }
        }
    }

    /** Minimum of lo and v, ignoring v when it is NaN (lo is never NaN). */
    private static double lower(double lo, double v) {
        return v < lo ? v : lo;
    }

    /** Maximum of hi and v, ignoring v when it is NaN (hi is never NaN). */
    private static double upper(double hi, double v) {
        return v > hi ? v : hi;
    }

    private void setBox(int o, double minx, double miny, double minz, double maxx, double maxy,
            double maxz) {
        nodeBox[o] = minx;
        nodeBox[o + 1] = miny;
        nodeBox[o + 2] = minz;
        nodeBox[o + 3] = maxx;
        nodeBox[o + 4] = maxy;
        nodeBox[o + 5] = maxz;
    }

    /** Closed-box overlap of a[ia..ia+6) and b[ib..ib+6); false when a coordinate is NaN. */
    private static boolean overlap(double[] a, int ia, double[] b, int ib) {
        return a[ia] <= b[ib + 3] && b[ib] <= a[ia + 3]
                && a[ia + 1] <= b[ib + 4] && b[ib + 1] <= a[ia + 4]
                && a[ia + 2] <= b[ib + 5] && b[ib + 2] <= a[ia + 5];
    }

    /**
     * Reports every unordered pair of distinct primitives whose boxes overlap, exactly once, as
     * {@code (i, j)} with {@code i < j}.
     *
     * @param sink receives the pairs (not null)
     */
    public void selfPairs(PairSink sink) {
        Objects.requireNonNull(sink, "sink");
        if (n == 0) {
            return;
        }
        int[] st = stack;
        int top = 0;
        st[top++] = 0;
        st[top++] = 0;
        while (top > 0) {
            int b = st[--top];
            int a = st[--top];
            int ca = nodes[2 * a + 1];
            if (a == b) {
                if (ca > 0) {
                    leafSelfPairs(nodes[2 * a], ca, sink);
                } else {
                    int l = nodes[2 * a];
                    st[top++] = l;
                    st[top++] = l + 1;
                    st[top++] = l + 1;
                    st[top++] = l + 1;
                    st[top++] = l;
                    st[top++] = l;
                }
                continue;
            }
            if (!overlap(nodeBox, 6 * a, nodeBox, 6 * b)) {
                continue;
            }
            int cb = nodes[2 * b + 1];
            if (ca > 0 && cb > 0) {
                leafLeafPairs(this, nodes[2 * a], ca, nodes[2 * b], cb, sink, true);
            } else if (cb > 0 || (ca == 0 && extent(a) >= extent(b))) {
                int l = nodes[2 * a];
                st[top++] = l;
                st[top++] = b;
                st[top++] = l + 1;
                st[top++] = b;
            } else {
                int l = nodes[2 * b];
                st[top++] = a;
                st[top++] = l;
                st[top++] = a;
                st[top++] = l + 1;
            }
        }
    }

    /** The overlapping pairs of distinct primitives within one leaf, slots {@code first ..}. */
    private void leafSelfPairs(int first, int count, PairSink sink) {
        for (int s = first; s < first + count; s++) {
            for (int u = s + 1; u < first + count; u++) {
                if (overlap(primBox, 6 * s, primBox, 6 * u)) {
                    emit(sink, order[s], order[u]);
                }
            }
        }
    }

    /**
     * The overlapping pairs of a leaf of this tree (slots {@code fa ..}) and a leaf of {@code
     * other} (slots {@code fb ..}), in slot order; {@code ordered}: reported as (smaller, larger)
     * index (both leaves in this tree), else as (index in this, index in other).
     */
    private void leafLeafPairs(Bvh other, int fa, int ca, int fb, int cb, PairSink sink,
            boolean ordered) {
        double[] ob = other.primBox;
        int[] oo = other.order;
        for (int s = fa; s < fa + ca; s++) {
            for (int u = fb; u < fb + cb; u++) {
                if (overlap(primBox, 6 * s, ob, 6 * u)) {
                    if (ordered) {
                        emit(sink, order[s], oo[u]);
                    } else {
                        sink.pair(order[s], oo[u]);
                    }
                }
            }
        }
    }

    private static void emit(PairSink sink, int i, int j) {
        if (i < j) {
            sink.pair(i, j);
        } else {
            sink.pair(j, i);
        }
    }

    /** Sum of the side lengths of a node's box: a cheap size measure to choose the node to descend. */
    private double extent(int node) {
        int o = 6 * node;
        return (nodeBox[o + 3] - nodeBox[o]) + (nodeBox[o + 4] - nodeBox[o + 1])
                + (nodeBox[o + 5] - nodeBox[o + 2]);
    }

    /**
     * Reports every pair {@code (i, j)}, i a primitive of this tree and j a primitive of {@code
     * other}, whose boxes overlap, exactly once. With {@code other == this} that includes the
     * pairs {@code (i, i)} and both {@code (i, j)} and {@code (j, i)}.
     *
     * @param other the other tree (not null)
     * @param sink receives {@code (index in this, index in other)} (not null)
     */
    public void pairsWith(Bvh other, PairSink sink) {
        Objects.requireNonNull(other, "other");
        Objects.requireNonNull(sink, "sink");
        if (n == 0 || other.n == 0) {
            return;
        }
        int need = stackSize(depth, other.depth);
        if (stack.length < need) {
            stack = new int[need];
        }
        int[] st = stack;
        int[] on = other.nodes;
        double[] ob = other.nodeBox;
        int top = 0;
        st[top++] = 0;
        st[top++] = 0;
        while (top > 0) {
            int b = st[--top];
            int a = st[--top];
            if (!overlap(nodeBox, 6 * a, ob, 6 * b)) {
                continue;
            }
            int ca = nodes[2 * a + 1];
            int cb = on[2 * b + 1];
            if (ca > 0 && cb > 0) {
                leafLeafPairs(other, nodes[2 * a], ca, on[2 * b], cb, sink, false);
            } else if (cb > 0 || (ca == 0 && extent(a) >= other.extent(b))) {
                int l = nodes[2 * a];
                st[top++] = l;
                st[top++] = b;
                st[top++] = l + 1;
                st[top++] = b;
            } else {
                int l = on[2 * b];
                st[top++] = a;
                st[top++] = l;
                st[top++] = a;
                st[top++] = l + 1;
            }
        }
    }

    /**
     * Reports the same pairs as {@link #selfPairs}, each once as {@code (i, j)} with {@code i < j},
     * in an unspecified order, faster: child pairs are tested before they are pushed, and two inner
     * nodes descend together. For callers to whom the order does not matter.
     *
     * @param sink receives the pairs (not null)
     */
    public void selfPairsUnordered(PairSink sink) {
        Objects.requireNonNull(sink, "sink");
        if (n == 0) {
            return;
        }
        int need = unorderedStackSize(depth, depth);
        if (stack.length < need) {
            stack = new int[need];
        }
        stack[0] = 0;
        stack[1] = 0;
        drainSelf(stack, 2, sink);
    }

    /**
     * Runs the unordered self traversal from the node pairs on the stack {@code st[0 .. top)}.
     * Pairs of distinct nodes on it must overlap.
     */
    private void drainSelf(int[] st, int top, PairSink sink) {
        int[] nd = nodes;
        double[] bx = nodeBox;
        while (top > 0) {
            int b = st[--top];
            int a = st[--top];
            int ca = nd[2 * a + 1];
            if (a == b) {
                int first = nd[2 * a];
                if (ca > 0) {
                    leafSelfPairs(first, ca, sink);
                } else {
                    top = pushSelfChildren(st, top, first);
                }
                continue;
            }
            // a != b: their boxes overlap (tested before the push)
            int cb = nd[2 * b + 1];
            if (ca > 0 && cb > 0) {
                leafLeafPairs(this, nd[2 * a], ca, nd[2 * b], cb, sink, true);
            } else {
                top = pushChildPairs(st, top, a, ca, nd, bx, b, cb, nd, bx);
            }
        }
    }

    /** Pushes the pairs of an inner node's children with themselves and, if they overlap, with each other. */
    private int pushSelfChildren(int[] st, int top, int first) {
        st[top++] = first;
        st[top++] = first;
        st[top++] = first + 1;
        st[top++] = first + 1;
        if (overlap(nodeBox, 6 * first, nodeBox, 6 * first + 6)) {
            st[top++] = first;
            st[top++] = first + 1;
        }
        return top;
    }

    /**
     * Splits {@link #selfPairsUnordered} into independent pieces for parallel traversal: node
     * pairs such that {@link #selfPairsFrom} run on each of them reports, over all of them, every
     * pair of {@link #selfPairsUnordered} exactly once. The traversal is expanded breadth first
     * until at least {@code minPieces} pairs are pending or none can be expanded.
     *
     * @param minPieces the number of pieces wanted (at least 1)
     * @return 2 ints (node a, node b) per piece; empty for an empty tree
     */
    public int[] selfPieces(int minPieces) {
        if (n == 0) {
            return new int[0];
        }
        return expand(new int[] {0, 0}, this, true, minPieces);
    }

    /**
     * Splits {@link #pairsWithUnordered} into independent pieces (see {@link #selfPieces}), for
     * {@link #pairsFrom}.
     *
     * @param other the other tree (not null)
     * @param minPieces the number of pieces wanted (at least 1)
     * @return 2 ints (node of this, node of other) per piece
     */
    public int[] piecesWith(Bvh other, int minPieces) {
        Objects.requireNonNull(other, "other");
        if (n == 0 || other.n == 0 || !overlap(nodeBox, 0, other.nodeBox, 0)) {
            return new int[0];
        }
        return expand(new int[] {0, 0}, other, false, minPieces);
    }

    /** Breadth-first expansion of pending node pairs of the self traversal or of the one with other. */
    private int[] expand(int[] pending, Bvh other, boolean self, int minPieces) {
        int count = pending.length / 2;
        boolean expanded = true;
        while (count < minPieces && expanded) {
            expanded = false;
            int[] next = new int[8 * count + 8];
            int top = 0;
            for (int i = 0; i < count; i++) {
                int a = pending[2 * i];
                int b = pending[2 * i + 1];
                int ca = nodes[2 * a + 1];
                int cb = other.nodes[2 * b + 1];
                if (self && a == b) {
                    if (ca > 0) {
                        next[top++] = a;
                        next[top++] = b;
                    } else {
                        top = pushSelfChildren(next, top, nodes[2 * a]);
                        expanded = true;
                    }
                } else if (ca > 0 && cb > 0) {
                    next[top++] = a;
                    next[top++] = b;
                } else {
                    top = pushChildPairs(next, top, a, ca, nodes, nodeBox, b, cb, other.nodes, other.nodeBox);
                    expanded = true;
                }
            }
            pending = Arrays.copyOf(next, top);
            count = top / 2;
        }
        return pending;
    }

    /**
     * A stack for {@link #selfPairsFrom} and {@link #pairsFrom} with {@code other}: each thread
     * that traverses pieces needs its own.
     *
     * @param other the other tree of the traversal ({@code this} for the self traversal)
     * @return a new stack
     */
    public int[] newStack(Bvh other) {
        return new int[unorderedStackSize(depth, other.depth)];
    }

    /**
     * Reports the pairs of one piece of {@link #selfPieces}; may run concurrently with other
     * pieces on other threads (each with its own stack and a sink that is safe to call so).
     *
     * @param a first node of the piece
     * @param b second node of the piece
     * @param sink receives the pairs (i, j), i &lt; j
     * @param st a stack from {@link #newStack}
     */
    public void selfPairsFrom(int a, int b, PairSink sink, int[] st) {
        st[0] = a;
        st[1] = b;
        drainSelf(st, 2, sink);
    }

    /**
     * Reports the same pairs as {@link #pairsWith}, in an unspecified order, faster (see {@link
     * #selfPairsUnordered}).
     *
     * @param other the other tree (not null)
     * @param sink receives {@code (index in this, index in other)} (not null)
     */
    public void pairsWithUnordered(Bvh other, PairSink sink) {
        Objects.requireNonNull(other, "other");
        Objects.requireNonNull(sink, "sink");
        if (n == 0 || other.n == 0 || !overlap(nodeBox, 0, other.nodeBox, 0)) {
            return;
        }
        int need = unorderedStackSize(depth, other.depth);
        if (stack.length < need) {
            stack = new int[need];
        }
        stack[0] = 0;
        stack[1] = 0;
        drainWith(other, stack, 2, sink);
    }

    /**
     * Reports the pairs of one piece of {@link #piecesWith}; may run concurrently with other
     * pieces (see {@link #selfPairsFrom}).
     *
     * @param other the other tree
     * @param a node of this tree
     * @param b node of the other tree
     * @param sink receives (index in this, index in other)
     * @param st a stack from {@link #newStack}
     */
    public void pairsFrom(Bvh other, int a, int b, PairSink sink, int[] st) {
        st[0] = a;
        st[1] = b;
        drainWith(other, st, 2, sink);
    }

    /** Runs the unordered traversal with another tree from the (overlapping) node pairs on the stack. */
    private void drainWith(Bvh other, int[] st, int top, PairSink sink) {
        int[] na = nodes, nb = other.nodes;
        double[] ba = nodeBox, bb = other.nodeBox;
        while (top > 0) {
            int b = st[--top];
            int a = st[--top];
            int ca = na[2 * a + 1], cb = nb[2 * b + 1];
            if (ca > 0 && cb > 0) {
                leafLeafPairs(other, na[2 * a], ca, nb[2 * b], cb, sink, false);
            } else {
                top = pushChildPairs(st, top, a, ca, na, ba, b, cb, nb, bb);
            }
        }
    }

    /**
     * Pushes the overlapping pairs of children of (a, b), not both leaves: a leaf pairs with the
     * other's children, two inner nodes pair their children four ways. Returns the new top.
     */
    private static int pushChildPairs(int[] st, int top, int a, int ca, int[] na, double[] ba, int b,
            int cb, int[] nb, double[] bb) {
        if (ca > 0) {
            int l = nb[2 * b];
            for (int j = l; j <= l + 1; j++) {
                if (overlap(ba, 6 * a, bb, 6 * j)) {
                    st[top++] = a;
                    st[top++] = j;
                }
            }
        } else if (cb > 0) {
            int l = na[2 * a];
            for (int i = l; i <= l + 1; i++) {
                if (overlap(ba, 6 * i, bb, 6 * b)) {
                    st[top++] = i;
                    st[top++] = b;
                }
            }
        } else {
            int la = na[2 * a], lb = nb[2 * b];
            for (int i = la; i <= la + 1; i++) {
                for (int j = lb; j <= lb + 1; j++) {
                    if (overlap(ba, 6 * i, bb, 6 * j)) {
                        st[top++] = i;
                        st[top++] = j;
                    }
                }
            }
        }
        return top;
    }

    /**
     * Stack capacity of the unordered traversals: a pop descends at least one level and pushes at
     * most four pairs, so at most 3 pairs per level stay behind, plus the four of the last pop.
     */
    private static int unorderedStackSize(int depthA, int depthB) {
        return 2 * (3 * (depthA + depthB) + 8);
    }

    /**
     * Reports every primitive whose box overlaps the given box, exactly once.
     *
     * @param box6 query box: min x, y, z then max x, y, z
     * @param sink receives primitive indices (not null)
     */
    public void query(double[] box6, IntConsumer sink) {
        Objects.requireNonNull(sink, "sink");
        if (n == 0) {
            return;
        }
        int[] st = stack;
        int top = 0;
        st[top++] = 0;
        while (top > 0) {
            int a = st[--top];
            if (!overlap(nodeBox, 6 * a, box6, 0)) {
                continue;
            }
            int first = nodes[2 * a];
            int count = nodes[2 * a + 1];
            if (count > 0) {
                for (int s = first; s < first + count; s++) {
                    if (overlap(primBox, 6 * s, box6, 0)) {
                        sink.accept(order[s]);
                    }
                }
            } else {
                st[top++] = first;
                st[top++] = first + 1;
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // box builders

    /**
     * Fills the boxes of triangles over positions, optionally swept over a step and inflated.
     *
     * @param tris vertex indices, 3 per triangle
     * @param x0 positions (flat xyz), the start of the step
     * @param x1 positions at the end of the step, same layout, or null for static boxes
     * @param margin added on every side (m, &ge; 0)
     * @param out receives 6 values per triangle; length &ge; {@code 2·tris.length}
     */
    public static void triangleBoxes(int[] tris, double[] x0, double[] x1, double margin,
            double[] out) {
        elementBoxes(tris, 3, x0, x1, margin, out);
    }

    /**
     * Fills the boxes of edges over positions, optionally swept over a step and inflated.
     *
     * @param edges vertex indices, 2 per edge
     * @param x0 positions (flat xyz), the start of the step
     * @param x1 positions at the end of the step, same layout, or null for static boxes
     * @param margin added on every side (m, &ge; 0)
     * @param out receives 6 values per edge; length &ge; {@code 3·edges.length}
     */
    public static void edgeBoxes(int[] edges, double[] x0, double[] x1, double margin,
            double[] out) {
        elementBoxes(edges, 2, x0, x1, margin, out);
    }

    /**
     * Fills the boxes of vertices (points), optionally swept over a step and inflated.
     *
     * @param x0 positions (flat xyz), the start of the step
     * @param x1 positions at the end of the step, same layout, or null for static boxes
     * @param margin added on every side (m, &ge; 0)
     * @param out receives 6 values per vertex; length &ge; {@code 2·x0.length}
     */
    public static void pointBoxes(double[] x0, double[] x1, double margin, double[] out) {
        int nv = x0.length / 3;
        for (int v = 0; v < nv; v++) {
            for (int k = 0; k < 3; k++) {
                double lo = x0[3 * v + k], hi = lo;
                if (x1 != null) {
                    lo = Math.min(lo, x1[3 * v + k]);
                    hi = Math.max(hi, x1[3 * v + k]);
                }
                out[6 * v + k] = lo - margin;
                out[6 * v + 3 + k] = hi + margin;
            }
        }
    }

    private static void elementBoxes(int[] elems, int arity, double[] x0, double[] x1,
            double margin, double[] out) {
        int m = elems.length / arity;
        for (int e = 0; e < m; e++) {
            for (int k = 0; k < 3; k++) {
                double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
                for (int j = 0; j < arity; j++) {
                    int v = 3 * elems[arity * e + j] + k;
                    lo = Math.min(lo, x0[v]);
                    hi = Math.max(hi, x0[v]);
                    if (x1 != null) {
                        lo = Math.min(lo, x1[v]);
                        hi = Math.max(hi, x1[v]);
                    }
                }
                out[6 * e + k] = lo - margin;
                out[6 * e + 3 + k] = hi + margin;
            }
        }
    }
}
