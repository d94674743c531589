package org.isocloth.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SymmetricCscTest {

    @Test
    void constructorRejectsInvalidStructure() {
        double[] v = new double[4];
        // row above the diagonal
        assertThrows(IllegalArgumentException.class,
                () -> new SymmetricCsc(2, new int[] {0, 1, 2}, new int[] {1, 0}, v));
        // rows not ascending
        assertThrows(IllegalArgumentException.class,
                () -> new SymmetricCsc(3, new int[] {0, 2, 2, 2}, new int[] {2, 1}, v));
        // duplicate row
        assertThrows(IllegalArgumentException.class,
                () -> new SymmetricCsc(3, new int[] {0, 2, 2, 2}, new int[] {1, 1}, v));
        // row index out of range
        assertThrows(IllegalArgumentException.class,
                () -> new SymmetricCsc(2, new int[] {0, 1, 2}, new int[] {0, 2}, v));
        // colPtr of the wrong length / not starting at 0 / decreasing
        assertThrows(IllegalArgumentException.class, () -> new SymmetricCsc(2, new int[] {0, 1}, new int[] {0}, v));
        assertThrows(IllegalArgumentException.class,
                () -> new SymmetricCsc(2, new int[] {1, 1, 2}, new int[] {0, 1}, v));
        assertThrows(IllegalArgumentException.class,
                () -> new SymmetricCsc(2, new int[] {0, 2, 1}, new int[] {0, 1}, v));
        // a valid one
        SymmetricCsc ok = new SymmetricCsc(2, new int[] {0, 2, 3}, new int[] {0, 1, 1}, new double[] {2, -1, 2});
        assertEquals(3, ok.nonZeros());
        assertEquals(4, ok.fullNonZeros());
    }

    @Test
    void fromTripletsSumsDuplicatesAndMirrorsUpperEntries() {
        int[] r = {0, 1, 0, 2, 2, 1, 1};
        int[] c = {0, 0, 1, 2, 0, 1, 1};
        double[] v = {4, 1, 2, 5, 3, 6, 1};
        SymmetricCsc a = SymmetricCsc.fromTriplets(3, r, c, v);
        assertArrayEquals(new int[] {0, 3, 4, 5}, a.colPtr);
        assertArrayEquals(new int[] {0, 1, 2, 1, 2}, a.rowIdx);
        // (1,0) and (0,1) are summed: 1 + 2; (1,1) is 6 + 1; exact small integers, so exact equality
        assertArrayEquals(new double[] {4, 3, 3, 7, 5}, a.values, 0.0);
        assertThrows(IllegalArgumentException.class,
                () -> SymmetricCsc.fromTriplets(2, new int[] {2}, new int[] {0}, new double[] {1}));
    }

    @Test
    void multiplyMatchesDenseProduct() {
        Random rnd = new Random(345);
        int n = 57;
        SymmetricCsc a = TestMatrices.randomSpd(rnd, n, 0.1);
        double[][] d = TestMatrices.toDense(a);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = rnd.nextDouble() - 0.5;
        }
        double[] y = new double[n];
        a.multiply(x, y);
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += d[i][j] * x[j];
            }
            // the sparse and the dense product add the same terms in a different order: the
            // difference is a few ulps of the row's absolute sum (entries are O(1) to O(n))
            assertEquals(s, y[i], 1e-12 * (1 + Math.abs(s)) * n);
        }
    }

    @Test
    void matrixMarketRoundTripIsExact(@TempDir Path dir) throws IOException {
        Random rnd = new Random(345);
        SymmetricCsc a = TestMatrices.randomSpd(rnd, 123, 0.05);
        // values with awkward binary expansions and magnitudes
        for (int p = 0; p < a.nonZeros(); p++) {
            a.values[p] *= Math.pow(10, rnd.nextInt(40) - 20) / 3.0;
        }
        Path f = dir.resolve("a.mtx");
        a.writeMatrixMarket(f);
        SymmetricCsc b = SymmetricCsc.readMatrixMarket(f);
        assertEquals(a.n, b.n);
        assertArrayEquals(a.colPtr, b.colPtr);
        assertArrayEquals(a.rowIdx, b.rowIdx);
        // Double.toString is round-trip exact, so the values must come back bit for bit
        assertArrayEquals(a.values, b.values, 0.0);
    }

    @Test
    void readsUpperTriangleGeneralAndPatternFiles(@TempDir Path dir) throws IOException {
        Path sym = dir.resolve("upper.mtx");
        Files.writeString(sym, "%%MatrixMarket matrix coordinate real symmetric\n"
                + "% a comment\n\n3 3 4\n1 1 2.5\n1 3 -1\n2 2 3\n3 3 4e0\n", StandardCharsets.US_ASCII);
        SymmetricCsc a = SymmetricCsc.readMatrixMarket(sym);
        assertArrayEquals(new int[] {0, 2, 3, 4}, a.colPtr);
        assertArrayEquals(new int[] {0, 2, 1, 2}, a.rowIdx);
        // decimal literals parsed by Double.parseDouble: exact
        assertArrayEquals(new double[] {2.5, -1, 3, 4}, a.values, 0.0);

        Path gen = dir.resolve("general.mtx");
        Files.writeString(gen, "%%MatrixMarket matrix coordinate integer general\n"
                + "2 2 4\n1 1 2\n1 2 -1\n2 1 -1\n2 2 2\n", StandardCharsets.US_ASCII);
        SymmetricCsc g = SymmetricCsc.readMatrixMarket(gen);
        assertArrayEquals(new int[] {0, 2, 3}, g.colPtr);
        assertArrayEquals(new double[] {2, -1, 2}, g.values, 0.0);

        Path pat = dir.resolve("pattern.mtx");
        Files.writeString(pat, "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 2\n1 1\n2 1\n",
                StandardCharsets.US_ASCII);
        SymmetricCsc p = SymmetricCsc.readMatrixMarket(pat);
        assertArrayEquals(new double[] {1, 1}, p.values, 0.0);

        Path bad = dir.resolve("bad.mtx");
        Files.writeString(bad, "%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n3 1 1.0\n",
                StandardCharsets.US_ASCII);
        assertThrows(IOException.class, () -> SymmetricCsc.readMatrixMarket(bad));
    }
}
