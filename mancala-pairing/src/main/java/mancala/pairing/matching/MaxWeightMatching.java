package mancala.pairing.matching;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A maximum-weight matching in a general graph (Edmonds' blossom algorithm with dual variables, O(n³)), over exact
 * integer weights of any width. Pairing criteria are encoded lexicographically into weights wider than 64 bits, so
 * neither {@code double} nor {@code long} can hold them.
 *
 * <p>Vertices are {@code 0..n-1}. A weight of zero (the default) means "no edge". The matching maximises the sum of
 * the weights of its edges; it need not be of maximum cardinality (encode cardinality in the high bits when wanted).
 * The algorithm keeps its dual variables doubled, so integer weights give integer arithmetic throughout. It is the
 * primal-dual method as Galil ("Efficient algorithms for finding maximum matching in graphs", 1986) describes it,
 * with the bookkeeping of blossoms, labels and least-slack edges of the well-known public-domain formulation.
 */
public final class MaxWeightMatching {
    private final int n;
    private final BigInteger[][] weight;

    /** @param n the number of vertices (at least 0) */
    public MaxWeightMatching(int n) {
        this.n = n;
        this.weight = new BigInteger[n][n];
        for (BigInteger[] row : weight) {
            Arrays.fill(row, BigInteger.ZERO);
        }
    }

    /** @return the number of vertices */
    public int size() {
        return n;
    }

    /**
     * Sets the weight of the edge {i, j} (symmetric).
     *
     * @param w the weight, at least 0; 0 removes the edge
     * @throws IllegalArgumentException if i == j or w is negative
     */
    public void setWeight(int i, int j, BigInteger w) {
        if (i == j || w.signum() < 0) {
            throw new IllegalArgumentException("edge " + i + "-" + j + " weight " + w);
        }
        weight[i][j] = w;
        weight[j][i] = w;
    }

    /** @return the weight of the edge {i, j} (0: none) */
    public BigInteger weight(int i, int j) {
        return weight[i][j];
    }

    /**
     * Computes a maximum-weight matching of the current graph.
     *
     * @return for each vertex its partner, or the vertex itself when it stays unmatched
     */
    public int[] compute() {
        List<int[]> edgeList = new ArrayList<>();
        List<BigInteger> wl = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (weight[i][j].signum() > 0) {
                    edgeList.add(new int[] {i, j});
                    wl.add(weight[i][j]);
                }
            }
        }
        int[] mate = new Solver(n, edgeList, wl).solve();
        int[] result = new int[n];
        for (int v = 0; v < n; v++) {
            result[v] = mate[v] < 0 ? v : mate[v];
        }
        return result;
    }

    /** One run of the primal-dual blossom algorithm. */
    private static final class Solver {
        private final int nv;
        private final int ne;
        private final int[] eu;
        private final int[] ev;
        private final BigInteger[] ew;
        private final BigInteger[] ew2;
        private final int[] endpoint;
        private final int[][] neighbend;
        private final int[] mate;
        private final int[] label;
        private final int[] labelend;
        private final int[] inblossom;
        private final int[] blossomparent;
        private final int[][] blossomchilds;
        private final int[] blossombase;
        private final int[][] blossomendps;
        private final int[] bestedge;
        private final int[][] blossombestedges;
        private final ArrayDeque<Integer> unusedblossoms = new ArrayDeque<>();
        private final BigInteger[] dualvar;
        private final boolean[] allowedge;
        private final ArrayDeque<Integer> queue = new ArrayDeque<>();

        Solver(int nv, List<int[]> edges, List<BigInteger> weights) {
            this.nv = nv;
            this.ne = edges.size();
            eu = new int[ne];
            ev = new int[ne];
            ew = new BigInteger[ne];
            ew2 = new BigInteger[ne];
            BigInteger maxw = BigInteger.ZERO;
            for (int k = 0; k < ne; k++) {
                eu[k] = edges.get(k)[0];
                ev[k] = edges.get(k)[1];
                ew[k] = weights.get(k);
                ew2[k] = ew[k].shiftLeft(1);
                maxw = maxw.max(ew[k]);
            }
            endpoint = new int[2 * ne];
            int[] deg = new int[nv];
            for (int k = 0; k < ne; k++) {
                endpoint[2 * k] = eu[k];
                endpoint[2 * k + 1] = ev[k];
                deg[eu[k]]++;
                deg[ev[k]]++;
            }
            neighbend = new int[nv][];
            for (int v = 0; v < nv; v++) {
                neighbend[v] = new int[deg[v]];
            }
            int[] fill = new int[nv];
            for (int k = 0; k < ne; k++) {
                neighbend[eu[k]][fill[eu[k]]++] = 2 * k + 1;
                neighbend[ev[k]][fill[ev[k]]++] = 2 * k;
            }
            mate = new int[nv];
            Arrays.fill(mate, -1);
            label = new int[2 * nv];
            labelend = new int[2 * nv];
            Arrays.fill(labelend, -1);
            inblossom = new int[nv];
            for (int v = 0; v < nv; v++) {
                inblossom[v] = v;
            }
            blossomparent = new int[2 * nv];
            Arrays.fill(blossomparent, -1);
            blossomchilds = new int[2 * nv][];
            blossombase = new int[2 * nv];
            for (int v = 0; v < nv; v++) {
                blossombase[v] = v;
            }
            for (int b = nv; b < 2 * nv; b++) {
                blossombase[b] = -1;
                unusedblossoms.add(b);
            }
            blossomendps = new int[2 * nv][];
            bestedge = new int[2 * nv];
            Arrays.fill(bestedge, -1);
            blossombestedges = new int[2 * nv][];
            dualvar = new BigInteger[2 * nv];
            for (int v = 0; v < nv; v++) {
                dualvar[v] = maxw;
            }
            for (int b = nv; b < 2 * nv; b++) {
                dualvar[b] = BigInteger.ZERO;
            }
            allowedge = new boolean[ne];
        }

        private BigInteger slack(int k) {
            return dualvar[eu[k]].add(dualvar[ev[k]]).subtract(ew2[k]);
        }

        private void leaves(int b, List<Integer> out) {
            if (b < nv) {
                out.add(b);
            } else {
                for (int t : blossomchilds[b]) {
                    leaves(t, out);
                }
            }
        }

        private List<Integer> leaves(int b) {
            List<Integer> out = new ArrayList<>();
            leaves(b, out);
            return out;
        }

        private void assignLabel(int w, int t, int p) {
            int b = inblossom[w];
            label[w] = t;
            label[b] = t;
            labelend[w] = p;
            labelend[b] = p;
            bestedge[w] = -1;
            bestedge[b] = -1;
            if (t == 1) {
                queue.addAll(leaves(b));
            } else if (t == 2) {
                int base = blossombase[b];
                assignLabel(endpoint[mate[base]], 1, mate[base] ^ 1);
            }
        }

        private int scanBlossom(int v, int w) {
            List<Integer> path = new ArrayList<>();
            int base = -1;
            while (v != -1 || w != -1) {
                int b = inblossom[v];
                if ((label[b] & 4) != 0) {
                    base = blossombase[b];
                    break;
                }
                path.add(b);
                label[b] = 5;
                if (labelend[b] == -1) {
                    v = -1;
                } else {
                    v = endpoint[labelend[b]];
                    b = inblossom[v];
                    v = endpoint[labelend[b]];
                }
                if (w != -1) {
                    int t = v;
                    v = w;
                    w = t;
                }
            }
            for (int b : path) {
                label[b] = 1;
            }
            return base;
        }

        private void addBlossom(int base, int k) {
            int v = eu[k];
            int w = ev[k];
            int bb = inblossom[base];
            int bv = inblossom[v];
            int bw = inblossom[w];
            int b = unusedblossoms.pop();
            blossombase[b] = base;
            blossomparent[b] = -1;
            blossomparent[bb] = b;
            List<Integer> path = new ArrayList<>();
            List<Integer> endps = new ArrayList<>();
            while (bv != bb) {
                blossomparent[bv] = b;
                path.add(bv);
                endps.add(labelend[bv]);
                v = endpoint[labelend[bv]];
                bv = inblossom[v];
            }
            path.add(bb);
            java.util.Collections.reverse(path);
            java.util.Collections.reverse(endps);
            endps.add(2 * k);
            while (bw != bb) {
                blossomparent[bw] = b;
                path.add(bw);
                endps.add(labelend[bw] ^ 1);
                w = endpoint[labelend[bw]];
                bw = inblossom[w];
            }
            blossomchilds[b] = path.stream().mapToInt(Integer::intValue).toArray();
            blossomendps[b] = endps.stream().mapToInt(Integer::intValue).toArray();
            label[b] = 1;
            labelend[b] = labelend[bb];
            dualvar[b] = BigInteger.ZERO;
            for (int x : leaves(b)) {
                if (label[inblossom[x]] == 2) {
                    queue.add(x);
                }
                inblossom[x] = b;
            }
            int[] bestedgeto = new int[2 * nv];
            Arrays.fill(bestedgeto, -1);
            for (int sub : path) {
                List<int[]> nblists = new ArrayList<>();
                if (blossombestedges[sub] == null) {
                    for (int x : leaves(sub)) {
                        int[] list = new int[neighbend[x].length];
                        for (int i = 0; i < list.length; i++) {
                            list[i] = neighbend[x][i] / 2;
                        }
                        nblists.add(list);
                    }
                } else {
                    nblists.add(blossombestedges[sub]);
                }
                for (int[] nblist : nblists) {
                    for (int kk : nblist) {
                        int i = eu[kk];
                        int j = ev[kk];
                        if (inblossom[j] == b) {
                            int t = i;
                            i = j;
                            j = t;
                        }
                        int bj = inblossom[j];
                        if (bj != b && label[bj] == 1
                                && (bestedgeto[bj] == -1 || slack(kk).compareTo(slack(bestedgeto[bj])) < 0)) {
                            bestedgeto[bj] = kk;
                        }
                    }
                }
                blossombestedges[sub] = null;
                bestedge[sub] = -1;
            }
            List<Integer> be = new ArrayList<>();
            for (int kk : bestedgeto) {
                if (kk != -1) {
                    be.add(kk);
                }
            }
            blossombestedges[b] = be.stream().mapToInt(Integer::intValue).toArray();
            bestedge[b] = -1;
            for (int kk : blossombestedges[b]) {
                if (bestedge[b] == -1 || slack(kk).compareTo(slack(bestedge[b])) < 0) {
                    bestedge[b] = kk;
                }
            }
        }

        private void expandBlossom(int b, boolean endstage) {
            for (int s : blossomchilds[b]) {
                blossomparent[s] = -1;
                if (s < nv) {
                    inblossom[s] = s;
                } else if (endstage && dualvar[s].signum() == 0) {
                    expandBlossom(s, endstage);
                } else {
                    for (int v : leaves(s)) {
                        inblossom[v] = s;
                    }
                }
            }
            if (!endstage && label[b] == 2) {
                int entrychild = inblossom[endpoint[labelend[b] ^ 1]];
                int[] childs = blossomchilds[b];
                int[] endps = blossomendps[b];
                int len = childs.length;
                int j = indexOf(childs, entrychild);
                int jstep;
                int endptrick;
                if ((j & 1) != 0) {
                    j -= len;
                    jstep = 1;
                    endptrick = 0;
                } else {
                    jstep = -1;
                    endptrick = 1;
                }
                int p = labelend[b];
                while (j != 0) {
                    label[endpoint[p ^ 1]] = 0;
                    label[endpoint[endps[mod(j - endptrick, len)] ^ endptrick ^ 1]] = 0;
                    assignLabel(endpoint[p ^ 1], 2, p);
                    allowedge[endps[mod(j - endptrick, len)] / 2] = true;
                    j += jstep;
                    p = endps[mod(j - endptrick, len)] ^ endptrick;
                    allowedge[p / 2] = true;
                    j += jstep;
                }
                int bv = childs[mod(j, len)];
                label[endpoint[p ^ 1]] = 2;
                label[bv] = 2;
                labelend[endpoint[p ^ 1]] = p;
                labelend[bv] = p;
                bestedge[bv] = -1;
                j += jstep;
                while (childs[mod(j, len)] != entrychild) {
                    bv = childs[mod(j, len)];
                    if (label[bv] == 1) {
                        j += jstep;
                        continue;
                    }
                    int found = -1;
                    for (int v : leaves(bv)) {
                        if (label[v] != 0) {
                            found = v;
                            break;
                        }
                    }
                    if (found != -1) {
                        label[found] = 0;
                        label[endpoint[mate[blossombase[bv]]]] = 0;
                        assignLabel(found, 2, labelend[found]);
                    }
                    j += jstep;
                }
            }
            label[b] = -1;
            labelend[b] = -1;
            blossomchilds[b] = null;
            blossomendps[b] = null;
            blossombase[b] = -1;
            blossombestedges[b] = null;
            bestedge[b] = -1;
            unusedblossoms.add(b);
        }

        private static int mod(int a, int m) {
            int r = a % m;
            return r < 0 ? r + m : r;
        }

        private static int indexOf(int[] a, int x) {
            for (int i = 0; i < a.length; i++) {
                if (a[i] == x) {
                    return i;
                }
            }
            throw new IllegalStateException("child not found");
        }

        private void augmentBlossom(int b, int v) {
            int t = v;
            while (blossomparent[t] != b) {
                t = blossomparent[t];
            }
            if (t >= nv) {
                augmentBlossom(t, v);
            }
            int[] childs = blossomchilds[b];
            int[] endps = blossomendps[b];
            int len = childs.length;
            int i = indexOf(childs, t);
            int j = i;
            int jstep;
            int endptrick;
            if ((i & 1) != 0) {
                j -= len;
                jstep = 1;
                endptrick = 0;
            } else {
                jstep = -1;
                endptrick = 1;
            }
            while (j != 0) {
                j += jstep;
                t = childs[mod(j, len)];
                int p = endps[mod(j - endptrick, len)] ^ endptrick;
                if (t >= nv) {
                    augmentBlossom(t, endpoint[p]);
                }
                j += jstep;
                t = childs[mod(j, len)];
                if (t >= nv) {
                    augmentBlossom(t, endpoint[p ^ 1]);
                }
                mate[endpoint[p]] = p ^ 1;
                mate[endpoint[p ^ 1]] = p;
            }
            int[] nc = new int[len];
            int[] nep = new int[len];
            for (int x = 0; x < len; x++) {
                nc[x] = childs[(i + x) % len];
                nep[x] = endps[(i + x) % len];
            }
            blossomchilds[b] = nc;
            blossomendps[b] = nep;
            blossombase[b] = blossombase[blossomchilds[b][0]];
        }

        private void augmentMatching(int k) {
            int[][] starts = {{eu[k], 2 * k + 1}, {ev[k], 2 * k}};
            for (int[] sp : starts) {
                int s = sp[0];
                int p = sp[1];
                while (true) {
                    int bs = inblossom[s];
                    if (bs >= nv) {
                        augmentBlossom(bs, s);
                    }
                    mate[s] = p;
                    if (labelend[bs] == -1) {
                        break;
                    }
                    int t = endpoint[labelend[bs]];
                    int bt = inblossom[t];
                    s = endpoint[labelend[bt]];
                    int j = endpoint[labelend[bt] ^ 1];
                    if (bt >= nv) {
                        augmentBlossom(bt, j);
                    }
                    mate[j] = labelend[bt];
                    p = labelend[bt] ^ 1;
                }
            }
        }

        int[] solve() {
            for (int stage = 0; stage < nv; stage++) {
                Arrays.fill(label, 0);
                Arrays.fill(bestedge, -1);
                for (int b = nv; b < 2 * nv; b++) {
                    blossombestedges[b] = null;
                }
                Arrays.fill(allowedge, false);
                queue.clear();
                for (int v = 0; v < nv; v++) {
                    if (mate[v] == -1 && label[inblossom[v]] == 0) {
                        assignLabel(v, 1, -1);
                    }
                }
                boolean augmented = false;
                while (true) {
                    while (!queue.isEmpty() && !augmented) {
                        int v = queue.pop();
                        for (int p : neighbend[v]) {
                            int k = p / 2;
                            int w = endpoint[p];
                            if (inblossom[v] == inblossom[w]) {
                                continue;
                            }
                            BigInteger kslack = null;
                            if (!allowedge[k]) {
                                kslack = slack(k);
                                if (kslack.signum() <= 0) {
                                    allowedge[k] = true;
                                }
                            }
                            if (allowedge[k]) {
                                if (label[inblossom[w]] == 0) {
                                    assignLabel(w, 2, p ^ 1);
                                } else if (label[inblossom[w]] == 1) {
                                    int base = scanBlossom(v, w);
                                    if (base >= 0) {
                                        addBlossom(base, k);
                                    } else {
                                        augmentMatching(k);
                                        augmented = true;
                                        break;
                                    }
                                } else if (label[w] == 0) {
                                    label[w] = 2;
                                    labelend[w] = p ^ 1;
                                }
                            } else if (label[inblossom[w]] == 1) {
                                int b = inblossom[v];
                                if (bestedge[b] == -1 || kslack.compareTo(slack(bestedge[b])) < 0) {
                                    bestedge[b] = k;
                                }
                            } else if (label[w] == 0) {
                                if (bestedge[w] == -1 || kslack.compareTo(slack(bestedge[w])) < 0) {
                                    bestedge[w] = k;
                                }
                            }
                        }
                    }
                    if (augmented) {
                        break;
                    }
                    int deltatype = -1;
                    BigInteger delta = null;
                    int deltaedge = -1;
                    int deltablossom = -1;
                    // delta1: the smallest vertex dual (no maximum-cardinality requirement)
                    deltatype = 1;
                    for (int v = 0; v < nv; v++) {
                        if (delta == null || dualvar[v].compareTo(delta) < 0) {
                            delta = dualvar[v];
                        }
                    }
                    if (delta == null) {
                        delta = BigInteger.ZERO;
                    }
                    for (int v = 0; v < nv; v++) {
                        if (label[inblossom[v]] == 0 && bestedge[v] != -1) {
                            BigInteger d = slack(bestedge[v]);
                            if (d.compareTo(delta) < 0) {
                                delta = d;
                                deltatype = 2;
                                deltaedge = bestedge[v];
                            }
                        }
                    }
                    for (int b = 0; b < 2 * nv; b++) {
                        if (blossomparent[b] == -1 && label[b] == 1 && bestedge[b] != -1) {
                            BigInteger d = slack(bestedge[b]).shiftRight(1);
                            if (d.compareTo(delta) < 0) {
                                delta = d;
                                deltatype = 3;
                                deltaedge = bestedge[b];
                            }
                        }
                    }
                    for (int b = nv; b < 2 * nv; b++) {
                        if (blossombase[b] >= 0 && blossomparent[b] == -1 && label[b] == 2
                                && dualvar[b].compareTo(delta) < 0) {
                            delta = dualvar[b];
                            deltatype = 4;
                            deltablossom = b;
                        }
                    }
                    for (int v = 0; v < nv; v++) {
                        int l = label[inblossom[v]];
                        if (l == 1) {
                            dualvar[v] = dualvar[v].subtract(delta);
                        } else if (l == 2) {
                            dualvar[v] = dualvar[v].add(delta);
                        }
                    }
                    for (int b = nv; b < 2 * nv; b++) {
                        if (blossombase[b] >= 0 && blossomparent[b] == -1) {
                            if (label[b] == 1) {
                                dualvar[b] = dualvar[b].add(delta);
                            } else if (label[b] == 2) {
                                dualvar[b] = dualvar[b].subtract(delta);
                            }
                        }
                    }
                    if (deltatype == 1) {
                        break;
                    } else if (deltatype == 2) {
                        allowedge[deltaedge] = true;
                        int i = eu[deltaedge];
                        int j = ev[deltaedge];
                        if (label[inblossom[i]] == 0) {
                            int t = i;
                            i = j;
                            j = t;
                        }
                        queue.add(i);
                    } else if (deltatype == 3) {
                        allowedge[deltaedge] = true;
                        queue.add(eu[deltaedge]);
                    } else {
                        expandBlossom(deltablossom, false);
                    }
                }
                if (!augmented) {
                    break;
                }
                for (int b = nv; b < 2 * nv; b++) {
                    if (blossomparent[b] == -1 && blossombase[b] >= 0 && label[b] == 1
                            && dualvar[b].signum() == 0) {
                        expandBlossom(b, true);
                    }
                }
            }
            int[] partner = new int[nv];
            for (int v = 0; v < nv; v++) {
                partner[v] = mate[v] >= 0 ? endpoint[mate[v]] : -1;
            }
            return partner;
        }
    }
}
