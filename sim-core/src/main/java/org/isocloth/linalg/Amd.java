package org.isocloth.linalg;

import java.util.Arrays;

/**
 * Approximate minimum degree ordering on a quotient graph (the algorithm of Amestoy, Davis and
 * Duff, "An approximate minimum degree ordering algorithm", SIAM J. Matrix Anal. Appl. 1996),
 * with element absorption, aggressive absorption, mass elimination, supervariable detection by
 * hashing and approximate external degrees. Very dense rows are removed up front and ordered last.
 *
 * <p>Package-private; used by {@link SparseCholesky} and {@link NestedDissection}.
 */
final class Amd {
    private static final int EMPTY = -1;

    private Amd() {
    }

    private static int flip(int i) {
        return -i - 2;
    }

    /**
     * Orders a graph given as a symmetric adjacency structure without self loops.
     *
     * @param n number of vertices
     * @param xadj adjacency pointers, length n + 1
     * @param adj adjacency lists
     * @return perm with perm[k] = vertex eliminated k-th
     */
    static int[] order(int n, int[] xadj, int[] adj) {
        return order(n, xadj, adj, null);
    }

    /**
     * Constrained variant (in the spirit of CAMD): {@code cmember[v]} in {@code [0, nsets)} gives
     * the constraint set of every vertex; all vertices of set c are eliminated before any vertex of
     * set c + 1, each set being ordered by approximate minimum degree on the quotient graph of the
     * whole matrix. {@code cmember == null} means no constraint.
     */
    static int[] order(int n, int[] xadj, int[] adj, int[] cmember) {
        int[] perm = new int[n];
        if (n == 0) {
            return perm;
        }
        // dense rows: ordered last, removed from the graph
        int denseThreshold = Math.max(16, (int) (10.0 * Math.sqrt(n)));
        boolean[] dense = null;
        int ndense = 0;
        for (int i = 0; i < n; i++) {
            if (xadj[i + 1] - xadj[i] > denseThreshold) {
                if (dense == null) {
                    dense = new boolean[n];
                }
                dense[i] = true;
                ndense++;
            }
        }
        if (ndense == 0) {
            orderCore(n, xadj, adj, cmember, perm);
            return perm;
        }
        int nsparse = n - ndense;
        int[] toSparse = new int[n];
        int[] fromSparse = new int[nsparse];
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (dense[i]) {
                toSparse[i] = -1;
            } else {
                toSparse[i] = c;
                fromSparse[c++] = i;
            }
        }
        int[] sx = new int[nsparse + 1];
        int cnt = 0;
        for (int k = 0; k < nsparse; k++) {
            int i = fromSparse[k];
            for (int p = xadj[i]; p < xadj[i + 1]; p++) {
                if (!dense[adj[p]]) {
                    cnt++;
                }
            }
            sx[k + 1] = cnt;
        }
        int[] sa = new int[cnt];
        cnt = 0;
        for (int k = 0; k < nsparse; k++) {
            int i = fromSparse[k];
            for (int p = xadj[i]; p < xadj[i + 1]; p++) {
                int j = adj[p];
                if (!dense[j]) {
                    sa[cnt++] = toSparse[j];
                }
            }
        }
        int[] sp = new int[nsparse];
        int[] scm = null;
        if (cmember != null) {
            scm = new int[nsparse];
            for (int q = 0; q < nsparse; q++) {
                scm[q] = cmember[fromSparse[q]];
            }
        }
        orderCore(nsparse, sx, sa, scm, sp);
        for (int k = 0; k < nsparse; k++) {
            perm[k] = fromSparse[sp[k]];
        }
        int k = nsparse;
        for (int i = 0; i < n; i++) {
            if (dense[i]) {
                perm[k++] = i;
            }
        }
        return perm;
    }

    private static int clearFlag(int wflg, int wbig, int[] w, int n) {
        if (wflg < 2 || wflg >= wbig) {
            for (int x = 0; x < n; x++) {
                if (w[x] != 0) {
                    w[x] = 1;
                }
            }
            wflg = 2;
        }
        return wflg;
    }

    /** AMD on a graph with no dense rows. */
    private static void orderCore(int n, int[] xadj, int[] adj, int[] cmemberIn, int[] perm) {
        if (n == 0) {
            return;
        }
        // constraint sets (all zero when unconstrained), compacted to 0..nsets-1 in order
        int[] cm = new int[n];
        int nsets = 1;
        if (cmemberIn != null) {
            int maxSet = 0;
            for (int i = 0; i < n; i++) {
                maxSet = Math.max(maxSet, cmemberIn[i]);
            }
            int[] used = new int[maxSet + 2];
            for (int i = 0; i < n; i++) {
                used[cmemberIn[i] + 1] = 1;
            }
            for (int c = 0; c <= maxSet; c++) {
                used[c + 1] += used[c];
            }
            for (int i = 0; i < n; i++) {
                cm[i] = used[cmemberIn[i]];
            }
            nsets = used[maxSet + 1];
        }
        int[] setPtr = new int[nsets + 1];
        for (int i = 0; i < n; i++) {
            setPtr[cm[i] + 1]++;
        }
        for (int c = 0; c < nsets; c++) {
            setPtr[c + 1] += setPtr[c];
        }
        int[] setRemaining = new int[nsets];
        for (int c = 0; c < nsets; c++) {
            setRemaining[c] = setPtr[c + 1] - setPtr[c];
        }
        int[] setList = new int[n];
        {
            int[] fillp = Arrays.copyOf(setPtr, nsets);
            for (int i = 0; i < n; i++) {
                setList[fillp[cm[i]]++] = i;
            }
        }
        int curSet = 0;
        int nz = xadj[n];
        long want = (long) nz + nz / 5 + 2L * n + 64;
        int iwlen = (int) Math.min(Integer.MAX_VALUE - 16, want);
        int[] iw = new int[iwlen];
        int[] pe = new int[n];
        int[] len = new int[n];
        int[] elen = new int[n];
        int[] nv = new int[n];
        int[] degree = new int[n];
        int[] w = new int[n];
        int[] head = new int[n];
        int[] next = new int[n];
        int[] last = new int[n];

        System.arraycopy(adj, 0, iw, 0, nz);
        for (int i = 0; i < n; i++) {
            pe[i] = xadj[i];
            len[i] = xadj[i + 1] - xadj[i];
        }
        int pfree = nz;
        Arrays.fill(nv, 1);
        Arrays.fill(w, 1);
        Arrays.fill(head, EMPTY);
        Arrays.fill(next, EMPTY);
        Arrays.fill(last, EMPTY);
        int wbig = Integer.MAX_VALUE - n - 1;
        int wflg = clearFlag(0, wbig, w, n);
        int nel = 0;
        int mindeg = 0;
        int lemax = 0;

        for (int i = 0; i < n; i++) {
            degree[i] = len[i];
            if (len[i] == 0) {
                // isolated vertex: eliminate immediately as an empty element
                elen[i] = flip(1);
                nel++;
                setRemaining[cm[i]]--;
                pe[i] = EMPTY;
                w[i] = 0;
            } else if (cm[i] == 0) {
                int deg = degree[i];
                int inext = head[deg];
                if (inext != EMPTY) {
                    last[inext] = i;
                }
                next[i] = inext;
                head[deg] = i;
            }
        }

        while (nel < n) {
            // ---- advance to the next constraint set when the current one is exhausted
            if (setRemaining[curSet] == 0) {
                while (curSet < nsets - 1 && setRemaining[curSet] == 0) {
                    curSet++;
                }
                mindeg = n;
                for (int q = setPtr[curSet]; q < setPtr[curSet + 1]; q++) {
                    int i = setList[q];
                    if (nv[i] > 0 && elen[i] >= 0) {
                        int d = degree[i];
                        int in = head[d];
                        if (in != EMPTY) {
                            last[in] = i;
                        }
                        next[i] = in;
                        last[i] = EMPTY;
                        head[d] = i;
                        mindeg = Math.min(mindeg, d);
                    }
                }
            }
            // ---- select pivot of minimum approximate degree
            int deg;
            int me = EMPTY;
            for (deg = mindeg; deg < n; deg++) {
                me = head[deg];
                if (me != EMPTY) {
                    break;
                }
            }
            mindeg = deg;
            int inext = next[me];
            if (inext != EMPTY) {
                last[inext] = EMPTY;
            }
            head[deg] = inext;

            int elenme = elen[me];
            int nvpiv = nv[me];
            nel += nvpiv;

            // ---- construct the new element Lme
            nv[me] = -nvpiv;
            int degme = 0;
            int pme1;
            int pme2;
            if (elenme == 0) {
                // construct in place: me has only variable neighbours
                pme1 = pe[me];
                pme2 = pme1 - 1;
                int pend = pme1 + len[me];
                for (int p = pme1; p < pend; p++) {
                    int i = iw[p];
                    int nvi = nv[i];
                    if (nvi > 0) {
                        degme += nvi;
                        nv[i] = -nvi;
                        iw[++pme2] = i;
                        if (cm[i] == curSet) {
                            removeFromDegreeList(i, head, next, last, degree);
                        }
                    }
                }
            } else {
                int p = pe[me];
                pme1 = pfree;
                int slenme = len[me] - elenme;
                for (int knt1 = 1; knt1 <= elenme + 1; knt1++) {
                    int e;
                    int pj;
                    int ln;
                    if (knt1 > elenme) {
                        e = me;
                        pj = p;
                        ln = slenme;
                    } else {
                        e = iw[p++];
                        pj = pe[e];
                        ln = len[e];
                    }
                    for (int knt2 = 1; knt2 <= ln; knt2++) {
                        int i = iw[pj++];
                        int nvi = nv[i];
                        if (nvi > 0) {
                            if (pfree >= iwlen) {
                                // ---- garbage collection of iw
                                pe[me] = p;
                                len[me] -= knt1;
                                if (len[me] == 0) {
                                    pe[me] = EMPTY;
                                }
                                pe[e] = pj;
                                len[e] = ln - knt2;
                                if (len[e] == 0) {
                                    pe[e] = EMPTY;
                                }
                                for (int j = 0; j < n; j++) {
                                    int pn = pe[j];
                                    if (pn >= 0) {
                                        pe[j] = iw[pn];
                                        iw[pn] = flip(j);
                                    }
                                }
                                int psrc = 0;
                                int pdst = 0;
                                int pend = pme1 - 1;
                                while (psrc <= pend) {
                                    int j = flip(iw[psrc++]);
                                    if (j >= 0) {
                                        iw[pdst] = pe[j];
                                        pe[j] = pdst++;
                                        int lenj = len[j];
                                        for (int knt3 = 0; knt3 <= lenj - 2; knt3++) {
                                            iw[pdst++] = iw[psrc++];
                                        }
                                    }
                                }
                                int p1 = pdst;
                                for (psrc = pme1; psrc <= pfree - 1; psrc++) {
                                    iw[pdst++] = iw[psrc];
                                }
                                pme1 = p1;
                                pfree = pdst;
                                pj = pe[e];
                                p = pe[me];
                                if (pfree >= iwlen) {
                                    throw new IllegalStateException("AMD workspace exhausted");
                                }
                            }
                            degme += nvi;
                            nv[i] = -nvi;
                            iw[pfree++] = i;
                            if (cm[i] == curSet) {
                                removeFromDegreeList(i, head, next, last, degree);
                            }
                        }
                    }
                    if (e != me) {
                        // absorb element e into me
                        pe[e] = flip(me);
                        w[e] = 0;
                    }
                }
                pme2 = pfree - 1;
            }
            degree[me] = degme;
            pe[me] = pme1;
            len[me] = pme2 - pme1 + 1;
            elen[me] = flip(nvpiv + degme);

            wflg = clearFlag(wflg, wbig, w, n);

            // ---- compute |Le \ Lme| for all elements e adjacent to Lme
            for (int pme = pme1; pme <= pme2; pme++) {
                int i = iw[pme];
                int eln = elen[i];
                if (eln > 0) {
                    int nvi = -nv[i];
                    int wnvi = wflg - nvi;
                    int pstart = pe[i];
                    int pend = pstart + eln;
                    for (int p = pstart; p < pend; p++) {
                        int e = iw[p];
                        int we = w[e];
                        if (we >= wflg) {
                            we -= nvi;
                        } else if (we != 0) {
                            we = degree[e] + wnvi;
                        }
                        w[e] = we;
                    }
                }
            }

            // ---- degree update and element absorption
            for (int pme = pme1; pme <= pme2; pme++) {
                int i = iw[pme];
                int p1 = pe[i];
                int p2 = p1 + elen[i] - 1;
                int pn = p1;
                long hash = 0;
                int d = 0;
                for (int p = p1; p <= p2; p++) {
                    int e = iw[p];
                    int we = w[e];
                    if (we != 0) {
                        int dext = we - wflg;
                        if (dext > 0) {
                            d += dext;
                            iw[pn++] = e;
                            hash += e;
                        } else {
                            // aggressive absorption: Le is a subset of Lme
                            pe[e] = flip(me);
                            w[e] = 0;
                        }
                    }
                }
                elen[i] = pn - p1 + 1;
                int p3 = pn;
                int p4 = p1 + len[i];
                for (int p = p2 + 1; p < p4; p++) {
                    int j = iw[p];
                    int nvj = nv[j];
                    if (nvj > 0) {
                        d += nvj;
                        iw[pn++] = j;
                        hash += j;
                    }
                }
                if (elen[i] == 1 && p3 == pn && cm[i] == curSet) {
                    // mass elimination: i is adjacent only to me
                    pe[i] = flip(me);
                    int nvi = -nv[i];
                    degme -= nvi;
                    nvpiv += nvi;
                    nel += nvi;
                    nv[i] = 0;
                    elen[i] = EMPTY;
                } else {
                    degree[i] = Math.min(degree[i], d);
                    // move me to the front of the element list
                    iw[pn] = iw[p3];
                    iw[p3] = iw[p1];
                    iw[p1] = me;
                    len[i] = pn - p1 + 1;
                    int h = (int) ((hash + 31L * cm[i]) % n);
                    int j = head[h];
                    if (j <= EMPTY) {
                        // degree list h is empty: hash bucket head stored flipped in head[h]
                        next[i] = flip(j);
                        head[h] = flip(i);
                    } else {
                        // degree list h nonempty: bucket head stored in last[first of list]
                        next[i] = last[j];
                        last[j] = i;
                    }
                    last[i] = h;
                }
            }
            degree[me] = degme;
            lemax = Math.max(lemax, degme);
            wflg += lemax;
            wflg = clearFlag(wflg, wbig, w, n);

            // ---- supervariable detection
            for (int pme = pme1; pme <= pme2; pme++) {
                int i = iw[pme];
                if (nv[i] < 0) {
                    int h = last[i];
                    int j = head[h];
                    if (j == EMPTY) {
                        continue;
                    }
                    if (j < EMPTY) {
                        i = flip(j);
                        head[h] = EMPTY;
                    } else {
                        i = last[j];
                        last[j] = EMPTY;
                    }
                    while (i != EMPTY && next[i] != EMPTY) {
                        int ln = len[i];
                        int eln = elen[i];
                        int pend = pe[i] + ln;
                        for (int p = pe[i] + 1; p < pend; p++) {
                            w[iw[p]] = wflg;
                        }
                        int jlast = i;
                        j = next[i];
                        while (j != EMPTY) {
                            boolean ok = len[j] == ln && elen[j] == eln && cm[j] == cm[i];
                            int pj = pe[j] + 1;
                            int pjend = pe[j] + ln;
                            for (int p = pj; ok && p < pjend; p++) {
                                if (w[iw[p]] != wflg) {
                                    ok = false;
                                }
                            }
                            if (ok) {
                                // j is indistinguishable from i: absorb it
                                pe[j] = flip(i);
                                nv[i] += nv[j];
                                nv[j] = 0;
                                elen[j] = EMPTY;
                                j = next[j];
                                next[jlast] = j;
                            } else {
                                jlast = j;
                                j = next[j];
                            }
                        }
                        wflg++;
                        i = next[i];
                    }
                }
            }

            // ---- restore degree lists, remove nonprincipal variables from Lme
            int p = pme1;
            int nleft = n - nel;
            for (int pme = pme1; pme <= pme2; pme++) {
                int i = iw[pme];
                int nvi = -nv[i];
                if (nvi > 0) {
                    nv[i] = nvi;
                    int d = Math.min(degree[i] + degme - nvi, nleft - nvi);
                    if (cm[i] == curSet) {
                        int in = head[d];
                        if (in != EMPTY) {
                            last[in] = i;
                        }
                        next[i] = in;
                        last[i] = EMPTY;
                        head[d] = i;
                        mindeg = Math.min(mindeg, d);
                    } else {
                        next[i] = EMPTY;
                        last[i] = EMPTY;
                    }
                    degree[i] = d;
                    iw[p++] = i;
                }
            }
            nv[me] = nvpiv;
            setRemaining[curSet] -= nvpiv;
            len[me] = p - pme1;
            if (len[me] == 0) {
                pe[me] = EMPTY;
                w[me] = 0;
            }
            if (elenme != 0) {
                pfree = p;
            }
        }

        // ---- postorder the assembly tree and number the variables
        // parent of element e (nv[e] > 0): pe[e] flipped, or EMPTY for a root.
        // nonprincipal variable i (nv[i] == 0): pe[i] flipped points towards its owner.
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = pe[i] <= flip(0) ? flip(pe[i]) : EMPTY;
        }
        // owner element of each nonprincipal variable (path compression)
        int[] owner = new int[n];
        for (int i = 0; i < n; i++) {
            if (nv[i] > 0) {
                owner[i] = i;
            } else {
                int j = i;
                while (j != EMPTY && nv[j] == 0) {
                    j = parent[j];
                }
                if (j == EMPTY) {
                    throw new IllegalStateException("AMD: variable " + i + " has no owning element");
                }
                owner[i] = j;
                int k = i;
                while (k != j && nv[k] == 0) {
                    int nk = parent[k];
                    parent[k] = j;
                    k = nk;
                }
            }
        }
        // children lists of elements (reuse head/next)
        Arrays.fill(head, EMPTY);
        for (int e = n - 1; e >= 0; e--) {
            if (nv[e] > 0 && parent[e] != EMPTY) {
                int pa = parent[e];
                next[e] = head[pa];
                head[pa] = e;
            }
        }
        // members of each element: principal first, then the nonprincipal variables it owns
        int[] memHead = w; // reuse
        Arrays.fill(memHead, EMPTY);
        int[] memNext = last;
        Arrays.fill(memNext, EMPTY);
        for (int i = n - 1; i >= 0; i--) {
            if (nv[i] == 0) {
                int e = owner[i];
                memNext[i] = memHead[e];
                memHead[e] = i;
            }
        }
        int[] stack = degree; // reuse
        int k = 0;
        for (int root = 0; root < n; root++) {
            if (nv[root] <= 0 || parent[root] != EMPTY) {
                continue;
            }
            // iterative postorder
            int top = 0;
            stack[0] = root;
            while (top >= 0) {
                int e = stack[top];
                int child = head[e];
                if (child == EMPTY) {
                    top--;
                    perm[k++] = e;
                    for (int v = memHead[e]; v != EMPTY; v = memNext[v]) {
                        perm[k++] = v;
                    }
                } else {
                    head[e] = next[child];
                    stack[++top] = child;
                }
            }
        }
        if (k != n) {
            throw new IllegalStateException("AMD produced " + k + " of " + n + " pivots");
        }
    }

    private static void removeFromDegreeList(int i, int[] head, int[] next, int[] last, int[] degree) {
        int ilast = last[i];
        int inext = next[i];
        if (inext != EMPTY) {
            last[inext] = ilast;
        }
        if (ilast != EMPTY) {
            next[ilast] = inext;
        } else {
            head[degree[i]] = inext;
        }
    }
}
