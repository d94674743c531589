package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cloth plot}: real pixels of the PNG, and clean failures that write nothing. */
class PlotTest {
    @TempDir
    Path tmp;

    private String lastErr = "";
    private String lastOut = "";

    private int run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        lastErr = err.toString(StandardCharsets.UTF_8);
        lastOut = out.toString(StandardCharsets.UTF_8);
        return status;
    }

    /** metrics.csv in {@code tmp/dir}: frames 0..10 at 10 fps, max_strain = f(time). */
    private Path metrics(String dir, DoubleUnaryOperator strain) throws IOException {
        StringBuilder sb = new StringBuilder(SceneRun.HEADER).append('\n');
        for (int f = 0; f <= 10; f++) {
            double t = f / 10.0;
            sb.append(String.format(Locale.ROOT, "%d,%.6f,%.6e,1.0e-04,2.0e-03,0.0,3,1.5,true%n", f, t,
                    strain.applyAsDouble(t)));
        }
        Path csv = tmp.resolve(dir).resolve("metrics.csv");
        Files.createDirectories(csv.getParent());
        Files.writeString(csv, sb);
        return csv;
    }

    private static int rgb(int k) {
        return Plot.PALETTE[k].getRGB() & 0xffffff;
    }

    /** Rows of column {@code x} inside the plot area whose colour is exactly {@code rgb}. */
    private static List<Integer> rowsOf(BufferedImage img, int x, int rgb) {
        List<Integer> rows = new ArrayList<>();
        for (int y = Plot.PLOT_TOP - 2; y <= Plot.PLOT_BOTTOM + 2; y++) {
            if ((img.getRGB(x, y) & 0xffffff) == rgb) {
                rows.add(y);
            }
        }
        return rows;
    }

    /** Rows of column {@code x} in the plot area within 40 per channel of {@code rgb}. */
    private static List<Integer> rowsNear(BufferedImage img, int x, int rgb) {
        List<Integer> rows = new ArrayList<>();
        for (int y = Plot.PLOT_TOP - 2; y <= Plot.PLOT_BOTTOM + 2; y++) {
            int c = img.getRGB(x, y);
            boolean near = true;
            for (int shift = 0; shift <= 16; shift += 8) {
                near &= Math.abs(((c >> shift) & 0xff) - ((rgb >> shift) & 0xff)) <= 40;
            }
            if (near) {
                rows.add(y);
            }
        }
        return rows;
    }

    private static boolean inPlotArea(BufferedImage img, int rgb) {
        for (int y = Plot.PLOT_TOP; y < Plot.PLOT_BOTTOM; y++) {
            for (int x = 0; x < Plot.PLOT_RIGHT; x++) {
                if ((img.getRGB(x, y) & 0xffffff) == rgb) {
                    return true;
                }
            }
        }
        return false;
    }

    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.walk(tmp)) {
            return s.filter(Files::isRegularFile).map(p -> tmp.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void twoSeriesWithConstantLineAtTheExpectedRowAndDashedReference() throws IOException {
        Path a = metrics("coupled", t -> 0.25);
        Path b = metrics("staggered", t -> t);
        Path png = tmp.resolve("plots/strain.png"); // plots/ does not exist yet
        assertEquals(0, run("plot", "--out", png.toString(), "--y", "max_strain", "--title", "Max strain",
                "--hline", "0.5:tolerance", a.toString(), b + "=staggered run"), lastErr);
        assertTrue(lastOut.contains("2 series, 22 points"), lastOut);
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(900, img.getWidth());
        assertEquals(500, img.getHeight());
        assertEquals(0xffffff, img.getRGB(2, 2) & 0xffffff, "white background");
        assertTrue(inPlotArea(img, rgb(0)), "first series colour in the plot area");
        assertTrue(inPlotArea(img, rgb(1)), "second series colour in the plot area");

        // y data span [0, 1] (and the reference at 0.5): nice step (1 − 0)/6 → 0.2, axis [0, 1].
        // row(y) = PLOT_TOP + (1 − y)/(1 − 0)·(PLOT_BOTTOM − PLOT_TOP) = 40 + 0.75·400 = 340 for
        // y = 0.25; the 2 px line centred on 340 fully covers pixel rows 339 and 340.
        // Columns 500..700 are at t > 0.5 for any left margin up to 250 px, where the second series
        // (y = t) is above row 240, far from the first.
        int expected = Plot.PLOT_TOP + (int) Math.round((1 - 0.25) / 1.0 * (Plot.PLOT_BOTTOM - Plot.PLOT_TOP));
        assertEquals(340, expected);
        for (int x = 500; x <= 700; x += 25) {
            assertEquals(List.of(expected - 1, expected), rowsOf(img, x, rgb(0)), "column " + x);
            // the sloped line is antialiased: look for pixels close to its colour
            List<Integer> second = rowsNear(img, x, rgb(1));
            assertFalse(second.isEmpty(), "column " + x);
            assertTrue(second.get(second.size() - 1) < 240, "column " + x + ": " + second);
            assertTrue(rowsNear(img, x, rgb(0)).stream().allMatch(r -> r >= 338 && r <= 341), "column " + x);
        }

        // The reference line y = 0.5 is at row 40 + 0.5·400 = 240 (1.5 px: rows 239–240 dark),
        // dashed: dark and light stretches alternate along it (label only at its right end).
        int dark = 0;
        int light = 0;
        for (int x = 300; x <= 600; x++) {
            int c = Math.min(img.getRGB(x, 239) & 0xff, img.getRGB(x, 240) & 0xff);
            if (c < 128) {
                dark++;
            } else if (c > 200) {
                light++;
            }
        }
        assertTrue(dark > 80 && light > 60, "dashed: dark " + dark + ", light " + light);
        assertTrue(files().stream().noneMatch(f -> f.endsWith(".tmp")), files().toString());
    }

    @Test
    void logAxisMapsDecadesToEqualDistances() throws IOException {
        // Three series: 1e-4 and 1e-2 constant, and one spanning 1e-5..1e-1 with a zero and a
        // negative value first (skipped on the log axis, no error).
        Path low = metrics("low", t -> 1e-4);
        Path high = metrics("high", t -> 1e-2);
        Path span = metrics("span", t -> t == 0 ? 0 : t < 0.15 ? -1 : t < 0.25 ? 1e-5 : 1e-1);
        Path png = tmp.resolve("log.png");
        assertEquals(0, run("plot", "--out", png.toString(), "--y", "max_strain", "--log", low.toString(),
                high.toString(), span.toString()), lastErr);
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(900, img.getWidth());
        assertEquals(500, img.getHeight());
        // Decades −5..−1 over 400 px: 100 px per decade. row(y) = 40 + (−1 − log10 y)/4·400:
        // 1e-4 → 340, 1e-2 → 140, two decades = 200 px apart. Columns 500..700 are at t > 0.5
        // where the third series is at 1e-1 (row 40).
        for (int x = 500; x <= 700; x += 50) {
            List<Integer> rLow = rowsOf(img, x, rgb(0));
            List<Integer> rHigh = rowsOf(img, x, rgb(1));
            assertEquals(List.of(339, 340), rLow, "column " + x);
            assertEquals(200, rLow.get(0) - rHigh.get(0), "column " + x + ": " + rHigh);
            assertEquals(rLow.size(), rHigh.size());
            assertTrue(rowsOf(img, x, rgb(2)).stream().allMatch(r -> r <= 41), "column " + x);
        }
    }

    @Test
    void tickLabelsAreRoundNumbers() {
        assertEquals(0.2, Plot.niceStep(1 / 6.0), 1e-15);
        assertEquals(5e-4, Plot.niceStep(3.3e-4), 1e-18);
        assertEquals(1.0, Plot.niceStep(1.0), 0);
        Plot.Axis a = Plot.Axis.linear(0.0012, 0.0031);
        assertEquals(List.of("1e-3", "1.5e-3", "2e-3", "2.5e-3", "3e-3", "3.5e-3"),
                a.ticks().stream().map(Plot.Tick::label).toList());
        Plot.Axis b = Plot.Axis.linear(0, 1);
        assertEquals(List.of("0", "0.2", "0.4", "0.6", "0.8", "1"), b.ticks().stream().map(Plot.Tick::label).toList());
        Plot.Axis c = Plot.Axis.log(3e-5, 0.02);
        assertArrayEquals(new double[] {-5, -1}, new double[] {c.lo(), c.hi()});
        assertEquals(List.of("1e-5", "1e-4", "0.001", "0.01", "0.1"),
                c.ticks().stream().map(Plot.Tick::label).filter(l -> l != null).toList());
    }

    @Test
    void failedRunKeepsThePreviousPng() throws IOException {
        Path a = metrics("coupled", t -> 0.25);
        Path png = tmp.resolve("keep.png");
        assertEquals(0, run("plot", "--out", png.toString(), "--y", "max_strain", a.toString()), lastErr);
        byte[] before = Files.readAllBytes(png);
        Files.writeString(a, Files.readString(a).replace("2.500000e-01", "oops"));
        assertEquals(0, run("plot", "--out", png.toString(), "--y", "bending_energy", "--x", "frame",
                a.toString()), lastErr);
        // the bad cell is in max_strain: only the requested columns are parsed, so this run succeeded
        assertFalse(Arrays.equals(before, Files.readAllBytes(png)));
        before = Files.readAllBytes(png);
        assertEquals(2, run("plot", "--out", png.toString(), "--y", "max_strain", a.toString()));
        assertTrue(lastErr.contains("'oops' is not a number"), lastErr);
        assertArrayEquals(before, Files.readAllBytes(png));
        assertEquals(List.of("coupled/metrics.csv", "keep.png"), files());
    }

    private void assertFails(String expected, String... args) throws IOException {
        List<String> before = files();
        assertEquals(2, run(args), lastOut);
        assertTrue(lastErr.startsWith("cloth: error: ") && lastErr.contains(expected), lastErr);
        assertEquals(1, lastErr.strip().lines().count(), lastErr);
        assertEquals(before, files(), "nothing written");
    }

    @Test
    void errorsNameTheFileAndReasonAndWriteNothing() throws IOException {
        Path good = metrics("good", t -> t);
        String png = tmp.resolve("out.png").toString();
        String missing = tmp.resolve("nope/metrics.csv").toString();
        assertFails(missing + ": no such file", "plot", "--out", png, "--y", "max_strain", good.toString(), missing);

        Path empty = tmp.resolve("empty.csv");
        Files.writeString(empty, "");
        assertFails(empty + ": empty CSV", "plot", "--out", png, "--y", "max_strain", empty.toString());
        Path headerOnly = tmp.resolve("header.csv");
        Files.writeString(headerOnly, SceneRun.HEADER + "\n");
        assertFails(headerOnly + ": empty CSV (header only", "plot", "--out", png, "--y", "max_strain",
                headerOnly.toString());

        assertFails(good + ": no column 'strain' (columns: frame, time, max_strain, red_strain,", "plot", "--out",
                png, "--y", "strain", good.toString());
        assertFails(good + ": no column 'step'", "plot", "--out", png, "--y", "max_strain", "--x", "step",
                good.toString());

        Path bad = tmp.resolve("bad.csv");
        Files.writeString(bad, "frame,time,max_strain\n0,0,0\n1,0.1,1.2e-3x\n");
        assertFails(bad + ": line 3: column 'max_strain': '1.2e-3x' is not a number", "plot", "--out", png, "--y",
                "max_strain", bad.toString());

        assertFails("plot: no CSV given", "plot", "--out", png, "--y", "max_strain");
        assertFails("plot: unknown flag '--colour'", "plot", "--out", png, "--y", "max_strain", "--colour", "red",
                good.toString());
        assertFails("plot: missing --y COLUMN", "plot", "--out", png, good.toString());
        assertFails("plot: missing --out", "plot", "--y", "max_strain", good.toString());
        assertFails("--hline: expected VALUE[:LABEL]", "plot", "--out", png, "--y", "max_strain", "--hline",
                "tol", good.toString());
        assertFails("no positive values of 'max_strain'", "plot", "--out", png, "--y", "max_strain", "--log",
                metrics("zero", t -> 0).toString());
        assertFalse(Files.exists(Path.of(png)));
    }

    @Test
    void usageListsPlotAndExtraColumnsWork() throws IOException {
        assertEquals(0, run("help"));
        assertTrue(lastOut.contains("cloth plot --out FILE.png --y COLUMN"), lastOut);
        // columns appended after 'converged' are found by name
        Path csv = tmp.resolve("run/metrics.csv");
        Files.createDirectories(csv.getParent());
        Files.writeString(csv, "frame,time,max_strain,red_strain,bending_energy,kinetic_energy,iterations,step_ms,"
                + "converged,extra,contacts\n0,0,0,0,0,0,1,1,true,0,3\n1,0.1,0,0,0,0,1,1,false,2,5\n");
        Path png = tmp.resolve("contacts.png");
        assertEquals(0, run("plot", "--out", png.toString(), "--y", "contacts", "--x", "frame", csv.toString()),
                lastErr);
        BufferedImage img = ImageIO.read(png.toFile());
        assertTrue(inPlotArea(img, rgb(0)));
    }
}
