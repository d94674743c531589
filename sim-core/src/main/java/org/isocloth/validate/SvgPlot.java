package org.isocloth.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small x–y chart written as SVG: lines, markers and vertical range bars on linear axes, with
 * ticks, axis labels and a legend. Enough for the validation report's plots (simulation against
 * theory); no dependency.
 */
public final class SvgPlot {
    private static final int W = 640;
    private static final int H = 420;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 40;
    private static final int BOTTOM = 55;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#7f7f7f"};

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final double x0;
    private final double x1;
    private final double y0;
    private final double y1;
    private final List<String> body = new ArrayList<>();
    private final List<String[]> legend = new ArrayList<>();

    /**
     * @param title chart title
     * @param xLabel x axis label
     * @param yLabel y axis label
     * @param x0 x range start
     * @param x1 x range end (&gt; x0)
     * @param y0 y range start
     * @param y1 y range end (&gt; y0)
     */
    public SvgPlot(String title, String xLabel, String yLabel, double x0, double x1, double y0, double y1) {
        if (!(x1 > x0) || !(y1 > y0)) {
            throw new IllegalArgumentException("plot '" + title + "': empty range");
        }
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.x0 = x0;
        this.x1 = x1;
        this.y0 = y0;
        this.y1 = y1;
    }

    private double px(double x) {
        return LEFT + (x - x0) / (x1 - x0) * (W - LEFT - RIGHT);
    }

    private double py(double y) {
        return H - BOTTOM - (y - y0) / (y1 - y0) * (H - TOP - BOTTOM);
    }

    private static String colour(int series) {
        return COLOURS[Math.floorMod(series, COLOURS.length)];
    }

    /**
     * A polyline through the points (NaN points are skipped).
     *
     * @param name legend entry
     * @param series colour index
     * @param dashed whether the line is dashed
     * @param x abscissae
     * @param y ordinates
     * @return this
     */
    public SvgPlot line(String name, int series, boolean dashed, double[] x, double[] y) {
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                d.append(d.length() == 0 ? "M" : " L").append(f(px(x[i]))).append(',').append(f(py(y[i])));
            }
        }
        body.add("<path d=\"" + d + "\" fill=\"none\" stroke=\"" + colour(series) + "\" stroke-width=\"2\""
                + (dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>");
        legend.add(new String[] {name, colour(series), dashed ? "dash" : "line"});
        return this;
    }

    /**
     * Round markers at the points.
     *
     * @param name legend entry
     * @param series colour index
     * @param x abscissae
     * @param y ordinates
     * @return this
     */
    public SvgPlot points(String name, int series, double[] x, double[] y) {
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                body.add("<circle cx=\"" + f(px(x[i])) + "\" cy=\"" + f(py(y[i])) + "\" r=\"4\" fill=\""
                        + colour(series) + "\"/>");
            }
        }
        legend.add(new String[] {name, colour(series), "point"});
        return this;
    }

    /**
     * Vertical bars from lo to hi at each x (a published range, say), with a label beside each.
     *
     * @param name legend entry
     * @param series colour index
     * @param x abscissae
     * @param lo lower ends
     * @param hi upper ends
     * @param labels text beside each bar (may be null)
     * @return this
     */
    public SvgPlot ranges(String name, int series, double[] x, double[] lo, double[] hi, String[] labels) {
        for (int i = 0; i < x.length; i++) {
            double cx = px(x[i]);
            body.add("<line x1=\"" + f(cx) + "\" y1=\"" + f(py(lo[i])) + "\" x2=\"" + f(cx) + "\" y2=\"" + f(py(hi[i]))
                    + "\" stroke=\"" + colour(series) + "\" stroke-width=\"6\" stroke-opacity=\"0.35\"/>");
            if (labels != null && labels[i] != null) {
                body.add(text(cx + 6, py(hi[i]) + 4, 11, "start", labels[i], 0));
            }
        }
        legend.add(new String[] {name, colour(series), "range"});
        return this;
    }

    /** @return the SVG document */
    public String svg() {
        StringBuilder s = new StringBuilder();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(W).append("\" height=\"").append(H)
                .append("\" viewBox=\"0 0 ").append(W).append(' ').append(H).append("\" font-family=\"sans-serif\">\n");
        s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        s.append(text(W / 2.0, 24, 15, "middle", title, 0)).append('\n');
        for (double t : ticks(x0, x1)) {
            s.append("<line x1=\"").append(f(px(t))).append("\" y1=\"").append(TOP).append("\" x2=\"").append(f(px(t)))
                    .append("\" y2=\"").append(H - BOTTOM).append("\" stroke=\"#e0e0e0\"/>\n");
            s.append(text(px(t), H - BOTTOM + 16, 11, "middle", tick(t), 0)).append('\n');
        }
        for (double t : ticks(y0, y1)) {
            s.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(f(py(t))).append("\" x2=\"").append(W - RIGHT)
                    .append("\" y2=\"").append(f(py(t))).append("\" stroke=\"#e0e0e0\"/>\n");
            s.append(text(LEFT - 6, py(t) + 4, 11, "end", tick(t), 0)).append('\n');
        }
        s.append("<rect x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"").append(W - LEFT - RIGHT)
                .append("\" height=\"").append(H - TOP - BOTTOM).append("\" fill=\"none\" stroke=\"#333\"/>\n");
        s.append(text((LEFT + W - RIGHT) / 2.0, H - 14, 13, "middle", xLabel, 0)).append('\n');
        s.append(text(18, (TOP + H - BOTTOM) / 2.0, 13, "middle", yLabel, -90)).append('\n');
        s.append("<g clip-path=\"url(#area)\">\n<clipPath id=\"area\"><rect x=\"").append(LEFT).append("\" y=\"")
                .append(TOP).append("\" width=\"").append(W - LEFT - RIGHT).append("\" height=\"").append(H - TOP - BOTTOM)
                .append("\"/></clipPath>\n");
        for (String b : body) {
            s.append(b).append('\n');
        }
        s.append("</g>\n");
        double ly = TOP + 16;
        for (String[] e : legend) {
            double lx = LEFT + 12;
            switch (e[2]) {
                case "point" -> s.append("<circle cx=\"").append(f(lx + 10)).append("\" cy=\"").append(f(ly - 4))
                        .append("\" r=\"4\" fill=\"").append(e[1]).append("\"/>");
                case "range" -> s.append("<line x1=\"").append(f(lx + 10)).append("\" y1=\"").append(f(ly - 11))
                        .append("\" x2=\"").append(f(lx + 10)).append("\" y2=\"").append(f(ly + 3)).append("\" stroke=\"")
                        .append(e[1]).append("\" stroke-width=\"6\" stroke-opacity=\"0.35\"/>");
                default -> s.append("<line x1=\"").append(f(lx)).append("\" y1=\"").append(f(ly - 4)).append("\" x2=\"")
                        .append(f(lx + 20)).append("\" y2=\"").append(f(ly - 4)).append("\" stroke=\"").append(e[1])
                        .append("\" stroke-width=\"2\"").append(e[2].equals("dash") ? " stroke-dasharray=\"6 4\"" : "")
                        .append("/>");
            }
            s.append(text(lx + 28, ly, 12, "start", e[0], 0)).append('\n');
            ly += 17;
        }
        s.append("</svg>\n");
        return s.toString();
    }

    private static String text(double x, double y, int size, String anchor, String t, int rotate) {
        String r = rotate == 0 ? "" : " transform=\"rotate(" + rotate + " " + f(x) + " " + f(y) + ")\"";
        return "<text x=\"" + f(x) + "\" y=\"" + f(y) + "\" font-size=\"" + size + "\" text-anchor=\"" + anchor + "\""
                + r + ">" + escape(t) + "</text>";
    }

    private static String escape(String t) {
        return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** Round tick values: steps of 1, 2 or 5 times a power of ten, about six per axis. */
    static double[] ticks(double lo, double hi) {
        double raw = (hi - lo) / 6;
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = raw / p < 1.5 ? p : raw / p < 3.5 ? 2 * p : raw / p < 7.5 ? 5 * p : 10 * p;
        List<Double> out = new ArrayList<>();
        for (double t = Math.ceil(lo / step - 1e-9) * step; t <= hi + 1e-9 * step; t += step) {
            out.add(Math.abs(t) < 1e-12 * step ? 0 : t);
        }
        double[] r = new double[out.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = out.get(i);
        }
        return r;
    }

    private static String tick(double t) {
        String s = String.format(Locale.ROOT, "%.4g", t);
        if (s.contains(".") && !s.contains("e")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }
}
