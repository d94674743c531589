package org.isocloth.cli;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javax.imageio.ImageIO;
import org.isocloth.InputException;

/**
 * {@code cloth plot}: line charts of metrics.csv columns as PNG, one line per CSV.
 *
 * <p>{@link #read} takes two columns of a CSV (looked up by header name), {@link #write} draws any
 * number of such series on a 900×500 antialiased chart with "nice" linear ticks or decades on a
 * log10 y axis, a legend and optional dashed reference lines. The PNG is written to a temporary
 * file in the target directory and then moved into place, so a failure leaves no partial file.
 * Rendering uses headless AWT ({@code java.awt.headless} is set to true unless already set).
 */
public final class Plot {
    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /** Image width in pixels. */
    public static final int WIDTH = 900;
    /** Image height in pixels. */
    public static final int HEIGHT = 500;
    /** Pixel row (y coordinate) of the top edge of the plot area: the top of the y range. */
    static final int PLOT_TOP = 40;
    /** Pixel row (y coordinate) of the bottom edge of the plot area: the bottom of the y range. */
    static final int PLOT_BOTTOM = 440;
    /** x coordinate of the right edge of the plot area; the legend is to its right. */
    static final int PLOT_RIGHT = 710;
    /** Line colours, in series order (cycled with a dashed stroke beyond ten series). */
    static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
        new Color(0xbcbd22), new Color(0x17becf),
    };

    private static final String USAGE = "cloth plot --out FILE.png --y COLUMN [--x COLUMN] [--log] [--title TEXT]"
            + " [--hline VALUE[:LABEL]] CSV[=LABEL] ...";
    private static final Color GRID = new Color(0xe4e4e4);
    private static final Color TEXT = new Color(0x222222);
    private static final Color REF = new Color(0x333333);
    private static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font AXIS_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 15);

    private Plot() {
    }

    /**
     * One line of the chart.
     *
     * @param label legend text
     * @param x abscissae
     * @param y ordinates, same length as {@code x}; non-finite values (and non-positive ones on a
     *     log axis) leave a gap in the line
     */
    public record Series(String label, double[] x, double[] y) {
        /** Checks the arguments. */
        public Series {
            Objects.requireNonNull(label, "label");
            if (x.length != y.length) {
                throw new IllegalArgumentException("x has " + x.length + " values, y has " + y.length);
            }
        }
    }

    /**
     * A dashed horizontal reference line, e.g. the strain tolerance.
     *
     * @param value its ordinate
     * @param label text drawn above its right end (may be null or empty)
     */
    public record RefLine(double value, String label) {
    }

    /**
     * {@code cloth plot ...}: reads the CSVs, writes the PNG and prints one line.
     *
     * @param args arguments, {@code args[0] == "plot"}
     * @param out standard output
     * @return 0
     * @throws IOException if the PNG cannot be written
     * @throws InputException on bad arguments or CSVs (nothing is written then)
     */
    static int run(String[] args, PrintStream out) throws IOException {
        Path png = null;
        String x = "time";
        String y = null;
        boolean log = false;
        String title = null;
        List<RefLine> refs = new ArrayList<>();
        List<String> csvs = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--out" -> png = Path.of(value(args, ++i, a));
                case "--x" -> x = value(args, ++i, a);
                case "--y" -> y = value(args, ++i, a);
                case "--log" -> log = true;
                case "--title" -> title = value(args, ++i, a);
                case "--hline" -> refs.add(refLine(value(args, ++i, a)));
                default -> {
                    if (a.startsWith("--")) {
                        throw new InputException("plot: unknown flag '" + a + "' (usage: " + USAGE + ")");
                    }
                    csvs.add(a);
                }
            }
        }
        if (png == null) {
            throw new InputException("plot: missing --out FILE.png (usage: " + USAGE + ")");
        }
        if (y == null) {
            throw new InputException("plot: missing --y COLUMN, e.g. --y max_strain (usage: " + USAGE + ")");
        }
        if (csvs.isEmpty()) {
            throw new InputException("plot: no CSV given (usage: " + USAGE + ")");
        }
        for (RefLine r : refs) {
            if (log && r.value <= 0) {
                throw new InputException("--hline: " + r.value + " cannot be drawn on a log axis (--log)");
            }
        }
        if (Files.isDirectory(png)) {
            throw new InputException(png + ": --out must be a PNG file name, but a directory of that name exists");
        }
        List<Series> series = new ArrayList<>();
        int points = 0;
        for (String arg : csvs) {
            String file = arg;
            String label = null;
            int eq = arg.indexOf('=');
            if (eq > 0 && !Files.isRegularFile(Path.of(arg))) {
                file = arg.substring(0, eq);
                label = arg.substring(eq + 1);
            }
            Path csv = Path.of(file);
            Series s = read(csv, x, y, label == null ? defaultLabel(csv) : label);
            series.add(s);
            int drawable = drawable(s, log);
            points += drawable;
            if (drawable == 0) {
                out.println("plot: note: " + csv + ": no " + (log ? "positive" : "finite") + " values of '" + y
                        + "', nothing drawn for it");
            }
        }
        write(png, x, y, log, title, series, refs);
        out.printf(Locale.ROOT, "plot: %d series, %d points -> %s%n", series.size(), points, png);
        return 0;
    }

    /**
     * Reads two columns of a CSV with a header line (columns looked up by name; other columns are
     * ignored). Cells {@code true}/{@code false} read as 1/0; {@code NaN} leaves a gap.
     *
     * @param csv the file
     * @param xColumn header name of the abscissa
     * @param yColumn header name of the ordinate
     * @param label legend text
     * @return the series, one point per data line
     * @throws InputException if the file is missing or empty, a column is missing or a cell is not
     *     a number; the message names the file (and line and column)
     */
    public static Series read(Path csv, String xColumn, String yColumn, String label) {
        if (!Files.exists(csv)) {
            throw new InputException(csv + ": no such file");
        }
        if (!Files.isRegularFile(csv)) {
            throw new InputException(csv + ": not a regular file");
        }
        List<String> lines;
        try (BufferedReader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            lines = r.lines().toList();
        } catch (IOException | UncheckedIOException e) {
            Throwable c = e instanceof UncheckedIOException u ? u.getCause() : e;
            String why = c instanceof MalformedInputException ? "not UTF-8 text" : c.toString();
            throw new InputException(csv + ": cannot read: " + why, e);
        }
        int first = 0;
        while (first < lines.size() && lines.get(first).isBlank()) {
            first++;
        }
        if (first == lines.size()) {
            throw new InputException(csv + ": empty CSV (no header line)");
        }
        String[] header = lines.get(first).split(",", -1);
        for (int c = 0; c < header.length; c++) {
            header[c] = header[c].strip();
        }
        header[0] = header[0].replace("\uFEFF", "");
        int xi = column(csv, header, xColumn);
        int yi = column(csv, header, yColumn);
        double[] xs = new double[lines.size()];
        double[] ys = new double[lines.size()];
        int n = 0;
        for (int l = first + 1; l < lines.size(); l++) {
            String line = lines.get(l);
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split(",", -1);
            xs[n] = cell(csv, l + 1, cells, xi, xColumn);
            ys[n] = cell(csv, l + 1, cells, yi, yColumn);
            n++;
        }
        if (n == 0) {
            throw new InputException(csv + ": empty CSV (header only, no data rows)");
        }
        return new Series(label, Arrays.copyOf(xs, n), Arrays.copyOf(ys, n));
    }

    /**
     * Draws the series and writes the PNG atomically (temporary file in the same directory, then
     * moved over {@code png}; the parent directory is created if missing).
     *
     * @param png output file
     * @param xColumn x axis title
     * @param yColumn y axis title
     * @param log log10 y axis with decade ticks (non-positive values are skipped)
     * @param title chart title (null or empty: none)
     * @param series the lines, in legend order (at least one)
     * @param refLines dashed horizontal reference lines (may be empty)
     * @throws IOException if the file cannot be written (no partial file is left)
     * @throws InputException if no series has a point that can be drawn
     */
    public static void write(Path png, String xColumn, String yColumn, boolean log, String title,
            List<Series> series, List<RefLine> refLines) throws IOException {
        BufferedImage img = render(xColumn, yColumn, log, title, series, refLines);
        Path abs = png.toAbsolutePath();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
        try {
            if (!ImageIO.write(img, "png", tmp.toFile())) {
                throw new IOException("no PNG writer available");
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Draws the chart (see {@link #write}). */
    static BufferedImage render(String xColumn, String yColumn, boolean log, String title, List<Series> series,
            List<RefLine> refLines) {
        if (series.isEmpty()) {
            throw new IllegalArgumentException("no series");
        }
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (int i = 0; i < s.x.length; i++) {
                if (ok(s.x[i], s.y[i], log)) {
                    xMin = Math.min(xMin, s.x[i]);
                    xMax = Math.max(xMax, s.x[i]);
                    yMin = Math.min(yMin, s.y[i]);
                    yMax = Math.max(yMax, s.y[i]);
                }
            }
        }
        if (xMin > xMax) {
            String where = series.size() == 1 ? series.get(0).label + ": " : "";
            throw new InputException(where + "nothing to plot: no " + (log ? "positive" : "finite") + " values of '"
                    + yColumn + "'" + (log ? " for the log axis" : ""));
        }
        List<RefLine> refs = new ArrayList<>();
        for (RefLine r : refLines) {
            if (Double.isFinite(r.value) && (!log || r.value > 0)) {
                refs.add(r);
                yMin = Math.min(yMin, r.value);
                yMax = Math.max(yMax, r.value);
            }
        }
        Axis xa = Axis.linear(xMin, xMax);
        Axis ya = log ? Axis.log(yMin, yMax) : Axis.linear(yMin, yMax);

        BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, HEIGHT);
            g.setFont(FONT);
            FontMetrics fm = g.getFontMetrics();
            int labelWidth = 0;
            for (Tick t : ya.ticks) {
                if (t.label != null) {
                    labelWidth = Math.max(labelWidth, fm.stringWidth(t.label));
                }
            }
            // room for the rotated y title (about 20 px), the tick labels and the tick marks
            double left = Math.min(Math.max(70, 36 + labelWidth), 250);
            double top = PLOT_TOP;
            double bottom = PLOT_BOTTOM;
            double right = PLOT_RIGHT;
            Mapping m = new Mapping(xa, ya, left, right, top, bottom);

            // grid and ticks
            g.setStroke(new BasicStroke(1f));
            for (Tick t : ya.ticks) {
                double py = m.row(t.value);
                g.setColor(t.label == null ? GRID.brighter() : GRID);
                g.draw(new Line2D.Double(left, py, right, py));
                g.setColor(TEXT);
                g.draw(new Line2D.Double(left - (t.label == null ? 3 : 5), py, left, py));
                if (t.label != null) {
                    g.drawString(t.label, (float) (left - 8 - fm.stringWidth(t.label)),
                            (float) (py + fm.getAscent() / 2.0 - 1));
                }
            }
            for (Tick t : xa.ticks) {
                double px = m.col(t.value);
                g.setColor(GRID);
                g.draw(new Line2D.Double(px, top, px, bottom));
                g.setColor(TEXT);
                g.draw(new Line2D.Double(px, bottom, px, bottom + 5));
                g.drawString(t.label, (float) (px - fm.stringWidth(t.label) / 2.0),
                        (float) (bottom + 8 + fm.getAscent()));
            }
            g.setColor(TEXT);
            g.draw(new Rectangle2D.Double(left, top, right - left, bottom - top));

            // axis titles and chart title
            g.setFont(AXIS_FONT);
            FontMetrics am = g.getFontMetrics();
            String xTitle = xColumn;
            g.drawString(xTitle, (float) ((left + right) / 2 - am.stringWidth(xTitle) / 2.0),
                    (float) (bottom + 8 + fm.getHeight() + 6 + am.getAscent()));
            String yTitle = log ? yColumn + " (log scale)" : yColumn;
            AffineTransform saved = g.getTransform();
            g.translate(6 + am.getAscent(), (top + bottom) / 2 + am.stringWidth(yTitle) / 2.0);
            g.rotate(-Math.PI / 2);
            g.drawString(yTitle, 0f, 0f);
            g.setTransform(saved);
            if (title != null && !title.isEmpty()) {
                g.setFont(TITLE_FONT);
                FontMetrics tm = g.getFontMetrics();
                String t = fit(title, tm, WIDTH - 20);
                g.drawString(t, (float) (WIDTH / 2.0 - tm.stringWidth(t) / 2.0), (float) (top - 14));
            }

            // reference lines, then the series, clipped to the plot area (plus the line width)
            Shape clip = g.getClip();
            g.clip(new Rectangle2D.Double(left - 2, top - 2, right - left + 4, bottom - top + 4));
            g.setFont(FONT);
            for (RefLine r : refs) {
                double py = m.row(r.value);
                g.setColor(REF);
                g.setStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                        new float[] {7f, 5f}, 0f));
                g.draw(new Line2D.Double(left, py, right, py));
                if (r.label != null && !r.label.isEmpty()) {
                    String t = fit(r.label, fm, (int) (right - left) - 12);
                    boolean above = py - top > fm.getHeight() + 4;
                    g.drawString(t, (float) (right - 6 - fm.stringWidth(t)),
                            (float) (above ? py - 4 : py + 4 + fm.getAscent()));
                }
            }
            for (int k = 0; k < series.size(); k++) {
                Series s = series.get(k);
                g.setColor(PALETTE[k % PALETTE.length]);
                g.setStroke(stroke(k));
                Path2D.Double path = new Path2D.Double();
                int run = 0;
                double lastX = 0;
                double lastY = 0;
                for (int i = 0; i <= s.x.length; i++) {
                    boolean draw = i < s.x.length && ok(s.x[i], s.y[i], log);
                    if (draw) {
                        double px = m.col(s.x[i]);
                        double py = m.row(s.y[i]);
                        if (run == 0) {
                            path.moveTo(px, py);
                        } else {
                            path.lineTo(px, py);
                        }
                        lastX = px;
                        lastY = py;
                        run++;
                    } else {
                        if (run == 1) {
                            // an isolated point: a dot, since a zero-length line is invisible
                            g.fill(new Ellipse2D.Double(lastX - 2.5, lastY - 2.5, 5, 5));
                        }
                        run = 0;
                    }
                }
                g.draw(path);
            }
            g.setClip(clip);

            // legend, right of the plot area
            double lx = right + 16;
            double ly = top + 6;
            int textMax = WIDTH - (int) lx - 34;
            for (int k = 0; k < series.size(); k++) {
                if (ly + fm.getHeight() > HEIGHT - 10) {
                    g.setColor(TEXT);
                    g.drawString("+" + (series.size() - k) + " more", (float) lx, (float) (ly + fm.getAscent()));
                    break;
                }
                double mid = ly + fm.getHeight() / 2.0;
                g.setColor(PALETTE[k % PALETTE.length]);
                g.setStroke(stroke(k));
                g.draw(new Line2D.Double(lx, mid, lx + 22, mid));
                g.setColor(TEXT);
                g.drawString(fit(series.get(k).label, fm, textMax), (float) (lx + 28),
                        (float) (mid + fm.getAscent() / 2.0 - 1));
                ly += fm.getHeight() + 6;
            }
        } finally {
            g.dispose();
        }
        return img;
    }

    /** Maps data coordinates to pixel coordinates (pixel (i, j) covers [i, i+1) × [j, j+1)). */
    record Mapping(Axis xa, Axis ya, double left, double right, double top, double bottom) {
        double col(double x) {
            return left + (x - xa.lo) / (xa.hi - xa.lo) * (right - left);
        }

        /** top + (hi − v)/(hi − lo)·(bottom − top), with v = log10(y) on a log axis. */
        double row(double y) {
            double v = ya.log ? Math.log10(y) : y;
            return top + (ya.hi - v) / (ya.hi - ya.lo) * (bottom - top);
        }
    }

    record Tick(double value, String label) {
    }

    /**
     * An axis range and its ticks. On a log axis, lo and hi are decade exponents and tick values
     * are data values (powers of ten, unlabelled minor ticks at 2..9 × 10^d).
     */
    record Axis(double lo, double hi, boolean log, List<Tick> ticks) {
        static Axis linear(double min, double max) {
            if (!(max > min)) {
                double pad = min == 0 ? 1 : Math.abs(min) * 0.1;
                min -= pad;
                max += pad;
            }
            double step = niceStep((max - min) / 6);
            long a = (long) Math.floor(min / step + 1e-9);
            long b = (long) Math.ceil(max / step - 1e-9);
            // one style per axis: 0.0005, 0.001 ... or 5e-4, 1e-3 ...
            boolean sci = step < 1e-3 || Math.max(Math.abs(a), Math.abs(b)) * step >= 1e6;
            List<Tick> ticks = new ArrayList<>();
            for (long i = a; i <= b; i++) {
                ticks.add(new Tick(i * step, label(i, step, sci)));
            }
            return new Axis(a * step, b * step, false, ticks);
        }

        static Axis log(double min, double max) {
            int lo = (int) Math.floor(Math.log10(min) + 1e-9);
            int hi = (int) Math.ceil(Math.log10(max) - 1e-9);
            if (hi <= lo) {
                lo -= 1;
                hi += 1;
            }
            int every = (hi - lo + 7) / 8;
            List<Tick> ticks = new ArrayList<>();
            for (int d = lo; d <= hi; d++) {
                ticks.add(new Tick(Math.pow(10, d), Math.floorMod(d - lo, every) == 0 ? decade(d) : null));
                if (d < hi && hi - lo <= 6) {
                    for (int k = 2; k <= 9; k++) {
                        ticks.add(new Tick(k * Math.pow(10, d), null));
                    }
                }
            }
            return new Axis(lo, hi, true, ticks);
        }
    }

    /** 1, 2 or 5 times a power of ten, the smallest such at least {@code raw}. */
    static double niceStep(double raw) {
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double norm = raw / mag;
        double m = norm <= 1 + 1e-9 ? 1 : norm <= 2 + 1e-9 ? 2 : norm <= 5 + 1e-9 ? 5 : 10;
        return m * mag;
    }

    /** Label of tick {@code i·step}: plain decimals ({@code 0.25}) or, if {@code sci}, {@code 2.5e-4}. */
    static String label(long i, double step, boolean sci) {
        if (i == 0) {
            return "0";
        }
        int e = (int) Math.floor(Math.log10(step) + 1e-9);
        BigDecimal v = BigDecimal.valueOf(i).multiply(BigDecimal.valueOf(step))
                .setScale(Math.max(0, -e), RoundingMode.HALF_EVEN).stripTrailingZeros();
        if (!sci) {
            return v.toPlainString();
        }
        int exp = v.precision() - v.scale() - 1;
        return v.movePointLeft(exp).stripTrailingZeros().toPlainString() + "e" + exp;
    }

    private static String decade(int d) {
        return d >= -3 && d <= 3 ? BigDecimal.ONE.scaleByPowerOfTen(d).toPlainString() : "1e" + d;
    }

    private static BasicStroke stroke(int k) {
        if (k < PALETTE.length) {
            return new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
        }
        return new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {10f, 4f}, 0f);
    }

    private static String fit(String s, FontMetrics fm, int width) {
        if (fm.stringWidth(s) <= width) {
            return s;
        }
        String t = s;
        while (!t.isEmpty() && fm.stringWidth(t + "…") > width) {
            t = t.substring(0, t.length() - 1);
        }
        return t + "…";
    }

    private static boolean ok(double x, double y, boolean log) {
        return Double.isFinite(x) && Double.isFinite(y) && (!log || y > 0);
    }

    private static int drawable(Series s, boolean log) {
        int n = 0;
        for (int i = 0; i < s.x.length; i++) {
            if (ok(s.x[i], s.y[i], log)) {
                n++;
            }
        }
        return n;
    }

    private static int column(Path csv, String[] header, String name) {
        for (int c = 0; c < header.length; c++) {
            if (header[c].equals(name)) {
                return c;
            }
        }
        throw new InputException(csv + ": no column '" + name + "' (columns: " + String.join(", ", header) + ")");
    }

    private static double cell(Path csv, int line, String[] cells, int c, String name) {
        if (c >= cells.length) {
            throw new InputException(csv + ": line " + line + ": column '" + name + "' missing (the row has "
                    + cells.length + " cells)");
        }
        String v = cells[c].strip();
        if (v.equals("true")) {
            return 1;
        }
        if (v.equals("false")) {
            return 0;
        }
        // Double.parseDouble also takes "1d", "0x1p3" and surrounding junk-free Infinity: accept
        // only decimal notation plus NaN/Infinity.
        if (!v.matches("[+-]?(NaN|Infinity|(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?)")) {
            throw new InputException(csv + ": line " + line + ": column '" + name + "': '" + v + "' is not a number");
        }
        return Double.parseDouble(v);
    }

    private static RefLine refLine(String spec) {
        int colon = spec.indexOf(':');
        String num = (colon < 0 ? spec : spec.substring(0, colon)).strip();
        String label = colon < 0 ? null : spec.substring(colon + 1);
        try {
            double v = Double.parseDouble(num);
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return new RefLine(v, label);
        } catch (NumberFormatException e) {
            throw new InputException("--hline: expected VALUE[:LABEL] with a finite number, got '" + spec + "'");
        }
    }

    private static String defaultLabel(Path csv) {
        Path parent = csv.toAbsolutePath().normalize().getParent();
        return parent == null || parent.getFileName() == null ? csv.getFileName().toString()
                : parent.getFileName().toString();
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new InputException("plot: " + flag + ": missing value");
        }
        return args[i];
    }
}
