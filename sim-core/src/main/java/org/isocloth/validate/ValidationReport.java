package org.isocloth.validate;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.Fabric;
import org.isocloth.model.RestShape;
import org.isocloth.solver.CollisionHandling;
import org.isocloth.solver.Integrator;

/**
 * The validation suite as a report: each section runs its cases, prints a Markdown table of
 * simulation against theory and keeps what its plot needs; {@link #writePlots} writes the plots as
 * SVG files. {@code cloth validate} drives it.
 */
public final class ValidationReport {
    /** The acceptance bound on the cantilever's chord angle, degrees. */
    public static final double ANGLE_BOUND = 2.0;
    /** How far a sheet below the friction angle may move and still count as stuck, m. */
    public static final double STICK = 0.005;
    /** Largest slide (m) of a sheet one degree below the friction angle. */
    public static final double STICK_NEAR = 0.001;
    /** Bending lengths closer than this ratio are not required to order their drape coefficients. */
    public static final double ORDER_RATIO = 1.1;

    /**
     * Drape coefficients reported for a fabric class (30 cm specimen on an 18 cm disc).
     *
     * @param fabric the preset
     * @param low lowest reported coefficient
     * @param high highest reported coefficient
     * @param source where the range comes from (docs/fabrics.md has the full references)
     */
    public record DrapeRange(Fabric fabric, double low, double high, String source) {
    }

    /** The reported ranges the presets' simulated drape is compared with (docs/fabrics.md). */
    public static final List<DrapeRange> DRAPE_RANGES = List.of(
            new DrapeRange(Fabric.SILK, 0.20, 0.45, "typical"),
            new DrapeRange(Fabric.COTTON_SHIRTING, 0.50, 0.75, "typical"),
            new DrapeRange(Fabric.COTTON_JERSEY, 0.20, 0.45, "typical"),
            new DrapeRange(Fabric.WOOL, 0.35, 0.60, "typical"),
            new DrapeRange(Fabric.DENIM, 0.60, 0.90, "typical"),
            new DrapeRange(Fabric.POLYESTER, 0.30, 0.65, "typical"),
            new DrapeRange(Fabric.LEATHER, 0.47, 0.70, "Memon et al. 2021"));

    private final boolean quick;
    private final int rate;
    private final PrintStream out;
    private final List<Cantilever> cantileverCases = new ArrayList<>();
    private final List<Cantilever.Outcome> cantileverOutcomes = new ArrayList<>();
    private final List<double[]> drapePresets = new ArrayList<>();
    private final List<double[]> drapeSweep = new ArrayList<>();
    private Fall.Outcome fallOutcome;
    private Fall fallCase;
    private int failures;

    /**
     * @param quick the short profile (a few cases per section, coarse meshes) for CI
     * @param rate steps per second of every case
     * @param out where the tables go
     */
    public ValidationReport(boolean quick, int rate, PrintStream out) {
        this.quick = quick;
        this.rate = rate;
        this.out = out;
    }

    /** @return cases outside their bound so far */
    public int failures() {
        return failures;
    }

    /**
     * The cantilever table (ASTM D1388) against the heavy elastica.
     *
     * @param membrane the membrane springs' stiffness, N/m
     */
    public void cantilever(double membrane) {
        double[] overhangs = quick ? new double[] {1, 2} : new double[] {1, 1.5, 2, 3};
        int[] across = quick ? new int[] {5} : new int[] {3, 5, 10};
        // the first table run is the one plotted
        boolean plotted = cantileverCases.isEmpty();
        List<Cantilever> cases = new ArrayList<>();
        for (Cantilever.Pattern p : Cantilever.Pattern.values()) {
            for (int n : across) {
                for (double l : overhangs) {
                    cases.add(new Cantilever(l, n, p, rate, membrane));
                }
            }
        }
        out.printf(Locale.ROOT, "Cantilever (ASTM D1388): strip %.0f mm wide, c = %.0f mm, %d steps/s, backward Euler,"
                + " membrane springs Y = %s N/m%n%n", 1000 * Cantilever.WIDTH, 1000 * Cantilever.BENDING_LENGTH, rate,
                membrane == 0 ? "0" : String.format(Locale.ROOT, "%.3g", membrane));
        out.println("| triangulation | cells across | cells along | l/c | elastica (°) | simulated (°) | difference (°) "
                + "| spread over the last second (°) | unconverged steps |");
        out.println("|---|---|---|---|---|---|---|---|---|");
        int outside = 0;
        for (Cantilever c : cases) {
            Cantilever.Outcome o = c.run();
            if (plotted) {
                cantileverCases.add(c);
                cantileverOutcomes.add(o);
            }
            double diff = o.angle() - o.elastica();
            boolean bad = !(Math.abs(diff) <= ANGLE_BOUND) || !(o.spread() <= ANGLE_BOUND);
            outside += bad ? 1 : 0;
            out.printf(Locale.ROOT, "| %s | %d | %d | %.2f | %.2f | %.2f | %+.2f%s | %.2f | %d |%n",
                    c.pattern().name().toLowerCase(Locale.ROOT).replace('_', '-'), c.cellsAcross(), o.cellsAlong(),
                    o.overhang(), o.elastica(), o.angle(), diff, bad ? " ✗" : "", o.spread(), o.unconverged());
            out.flush();
        }
        failures += outside;
        out.printf(Locale.ROOT, "%n%d of %d cases within %.0f° of the elastica and at rest.%n%n",
                cases.size() - outside, cases.size(), ANGLE_BOUND);
    }

    /** The incline table: stick within {@link #STICK} m below the friction angle, slide within 10 % above. */
    public void friction() {
        double[] angles = quick ? new double[] {20, 35} : new double[] {10, 20, 30, 40, 50};
        double[] mus = quick ? new double[] {0.5} : new double[] {0.2, 0.5, 0.8};
        out.printf(Locale.ROOT, "Coulomb friction: 0.3 m sheet on an incline for %.0f s, %d steps/s, backward Euler%n%n",
                Incline.SECONDS, rate);
        out.println("| angle (°) | μ | expected slide (m) | simulated slide (m) | within |");
        out.println("|---|---|---|---|---|");
        int total = 0;
        int good = 0;
        for (double mu : mus) {
            for (double deg : angles) {
                Incline.Outcome o = new Incline(deg, mu, rate).run();
                boolean ok = o.expected() == 0 ? Math.abs(o.slide()) <= STICK
                        : Math.abs(o.slide() - o.expected()) <= 0.1 * o.expected();
                total++;
                good += ok ? 1 : 0;
                out.printf(Locale.ROOT, "| %.0f | %.1f | %.4f | %.4f | %s |%n", deg, mu, o.expected(), o.slide(),
                        o.expected() == 0 ? (ok ? "sticks (≤ 5 mm)" : "✗ should stick") : (ok ? "10 %" : "✗ not within 10 %"));
                out.flush();
            }
        }
        failures += total - good;
        out.printf(Locale.ROOT, "%n%d of %d cases within their bound.%n%n", good, total);
        nearFrictionAngle(mus);
        capstan();
        double[] spinMus = quick ? new double[] {0, 1} : new double[] {0, 0.3, 1};
        out.printf(Locale.ROOT, "Spinning sphere: 0.2 m sheet on a 1 m sphere turning at %.0f rad/s for 1 s, %d steps/s%n%n",
                SpinningSphere.OMEGA, rate);
        out.println("| μ | contacts | turned (rad) | expected | within |");
        out.println("|---|---|---|---|---|");
        for (double mu : spinMus) {
            for (ContactMethod method : ContactMethod.values()) {
                double turned = new SpinningSphere(mu, rate).run(method);
                boolean ok = mu == 0 ? Math.abs(turned) < 0.02 : turned > 0.5 * SpinningSphere.OMEGA
                        && turned < 1.025 * SpinningSphere.OMEGA;
                failures += ok ? 0 : 1;
                out.printf(Locale.ROOT, "| %.1f | %s | %.3f | %s | %s |%n", mu, method.label(), turned,
                        mu == 0 ? "0 (no tangential force)" : "close to ω t = 2", ok ? "yes" : "✗");
                out.flush();
            }
        }
        out.println();
    }

    /**
     * The incline one degree either side of the friction angle, with both ways of holding collider
     * contacts: stick within {@link #STICK_NEAR} m below, slide within 5 % of ½ g (sin θ − μ cos θ) t²
     * above. This close to the angle the slide is a small difference of two large forces (at μ = 0.5,
     * 11 % of g sin θ), which shows errors of a few tenths of a per cent in the normal force that
     * bounds friction.
     */
    private void nearFrictionAngle(double[] mus) {
        out.printf(Locale.ROOT, "Near the friction angle (θ_f = atan μ), every way of holding collider contacts%n%n");
        out.println("| μ | angle (°) | contacts | expected slide (m) | simulated slide (m) | within |");
        out.println("|---|---|---|---|---|---|");
        int total = 0;
        int good = 0;
        for (double mu : mus) {
            double friction = Math.toDegrees(Math.atan(mu));
            for (double offset : new double[] {-1, 1}) {
                for (ContactMethod method : ContactMethod.values()) {
                    Incline.Outcome o = new Incline(friction + offset, mu, rate).run(CollisionHandling.COUPLED, method);
                    boolean ok = o.expected() == 0 ? Math.abs(o.slide()) <= STICK_NEAR
                            : Math.abs(o.slide() - o.expected()) <= 0.05 * o.expected();
                    total++;
                    good += ok ? 1 : 0;
                    out.printf(Locale.ROOT, "| %.1f | θ_f %+.0f = %.2f | %s | %.4f | %.4f | %s |%n", mu, offset,
                            friction + offset, method.label(), o.expected(), o.slide(),
                            o.expected() == 0 ? (ok ? "sticks (≤ 1 mm)" : "✗ should stick")
                                    : (ok ? "5 %" : "✗ not within 5 %"));
                    out.flush();
                }
            }
        }
        failures += total - good;
        out.printf(Locale.ROOT, "%n%d of %d cases within their bound.%n%n", good, total);
    }

    /**
     * The capstan table ({@link Capstan}): a strip over a bar holds while the hanging lengths
     * satisfy L_long/L_short ≤ e^{μπ} (its long end moves at most {@link #STICK} m in 1 s) and
     * slides otherwise (at least 10 {@link #STICK} m), with both ways of holding collider contacts.
     */
    private void capstan() {
        double[][] cases = quick ? new double[][] {{0.3, 0.08, 0.16}, {0.3, 0.06, 0.24}}
                : new double[][] {{0.3, 0.10, 0.15}, {0.3, 0.08, 0.16}, {0.3, 0.06, 0.24}, {0.5, 0.08, 0.16},
                    {1.0, 0.08, 0.16}};
        out.printf(Locale.ROOT, "Capstan: a 2 cm strip over a bar of radius %.0f mm, ends hanging, 1 s, %d steps/s%n%n",
                1000 * Capstan.RADIUS, rate);
        out.println("| μ | hanging ends (m) | ratio | e^{μπ} | capstan equation | contacts | long end moved (m) | within |");
        out.println("|---|---|---|---|---|---|---|---|");
        int total = 0;
        int good = 0;
        for (double[] c : cases) {
            Capstan cap = new Capstan(c[0], c[1], c[2], rate);
            for (ContactMethod method : ContactMethod.values()) {
                double moved = cap.run(1.0, method);
                boolean ok = cap.holds() ? Math.abs(moved) <= STICK : moved >= 10 * STICK;
                total++;
                good += ok ? 1 : 0;
                out.printf(Locale.ROOT, "| %.1f | %.2f, %.2f | %.2f | %.2f | %s | %s | %.4f | %s |%n", c[0], c[1], c[2],
                        c[2] / c[1], Math.exp(c[0] * Math.PI), cap.holds() ? "holds" : "slides",
                        method.label(), moved,
                        ok ? "yes" : cap.holds() ? "✗ should hold (≤ 5 mm)" : "✗ should slide (≥ 5 cm)");
                out.flush();
            }
        }
        failures += total - good;
        out.printf(Locale.ROOT, "%n%d of %d cases within their bound.%n%n", good, total);
    }

    /**
     * The Cusick drape table: every fabric preset against the drape coefficients reported for its
     * class, then a sweep of the bending stiffness at fixed density, which must lower the drape
     * coefficient as it lowers the bending length.
     */
    public void drape() {
        int rings = quick ? 10 : 15;
        out.printf(Locale.ROOT, "Drape (Cusick): %.0f cm specimen on a %.0f cm disc, %d rings (%.0f mm cells), %d steps/s,"
                + " backward Euler%n%n", 200 * Drape.SPECIMEN_RADIUS, 200 * Drape.DISC_RADIUS, rings,
                1000 * Drape.SPECIMEN_RADIUS / rings, rate);
        out.println("| fabric | ρ (kg/m²) | B (N·m) | bending length (mm) | drape coefficient | reported range | folds "
                + "| unconverged steps | within |");
        out.println("|---|---|---|---|---|---|---|---|---|");
        List<DrapeRange> ranges = quick ? List.of(DRAPE_RANGES.get(2), DRAPE_RANGES.get(1), DRAPE_RANGES.get(4))
                : DRAPE_RANGES;
        int inRange = 0;
        for (DrapeRange r : ranges) {
            Fabric f = r.fabric();
            Drape.Outcome o = new Drape(f.material(), rings, rate).run();
            boolean ok = o.coefficient() >= r.low() && o.coefficient() <= r.high();
            inRange += ok ? 1 : 0;
            drapePresets.add(new double[] {f.bendingLength(), o.coefficient(), r.low(), r.high(), f.ordinal()});
            out.printf(Locale.ROOT, "| %s | %.3f | %.2e | %.1f | %.3f | %.2f–%.2f (%s) | %d | %d | %s |%n", f.jsonName(),
                    f.density(), f.bendingStiffness(), 1000 * f.bendingLength(), o.coefficient(), r.low(), r.high(),
                    r.source(), o.nodes(), o.unconverged(), ok ? "yes" : "✗");
            out.flush();
        }
        int misordered = misordered(drapePresets);
        failures += ranges.size() - inRange + misordered;
        out.printf(Locale.ROOT, "%n%d of %d presets within the reported range; %d pairs whose bending lengths differ by more"
                + " than %.0f %% out of order.%n%n", inRange, ranges.size(), misordered, 100 * (ORDER_RATIO - 1));
        double[] bending = quick ? new double[] {1e-6, 1e-5, 1e-4} : new double[] {1e-6, 3e-6, 1e-5, 3e-5, 1e-4};
        double rho = 0.15;
        double y = 50;
        out.printf(Locale.ROOT, "Bending sweep: ρ = %.2f kg/m², membrane stiffness %.0f N/m%n%n", rho, y);
        out.println("| B (N·m) | bending length (mm) | drape coefficient | folds |");
        out.println("|---|---|---|---|");
        for (double b : bending) {
            ClothMaterial m = new ClothMaterial(rho, b, RestShape.FLAT, 1e-3, 0, 0).withMembraneStiffness(y);
            Drape.Outcome o = new Drape(m, rings, rate).run();
            double c = Math.cbrt(b / (rho * 9.80665));
            drapeSweep.add(new double[] {c, o.coefficient()});
            out.printf(Locale.ROOT, "| %.0e | %.1f | %.3f | %d |%n", b, 1000 * c, o.coefficient(), o.nodes());
            out.flush();
        }
        int falls = 0;
        for (int i = 1; i < drapeSweep.size(); i++) {
            falls += drapeSweep.get(i)[1] > drapeSweep.get(i - 1)[1] ? 1 : 0;
        }
        failures += drapeSweep.size() - 1 - falls;
        out.printf(Locale.ROOT, "%nThe coefficient rises with the bending length in %d of %d steps of the sweep.%n%n",
                falls, drapeSweep.size() - 1);
    }

    /** Pairs (i, j) with c_i &gt; {@link #ORDER_RATIO}·c_j but DC_i &lt; DC_j. */
    static int misordered(List<double[]> rows) {
        int n = 0;
        for (double[] a : rows) {
            for (double[] b : rows) {
                if (a[0] > ORDER_RATIO * b[0] && a[1] < b[1]) {
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * The stretchable membrane ({@link StretchedStrip}): strips under a hanging weight against the
     * elongation of the Saint Venant–Kirchhoff membrane in uniaxial tension (within 5 %) and, with
     * ν &gt; 0, their width at mid height against the free lateral contraction (within 10 % of the
     * contraction).
     */
    public void stretch() {
        double[][] cases = quick ? new double[][] {{100, 0, 0.5}, {100, 0.3, 0.5}}
                : new double[][] {{100, 0, 0.5}, {100, 0.3, 0.5}, {100, 0.5, 0.5}, {30, 0.3, 0.2}, {1000, 0.3, 2},
                    {300, 0.3, 0}};
        double seconds = 3;
        out.printf(Locale.ROOT, "Stretchable strip: 0.05 m × 0.5 m, ρ = %.1f kg/m², clamped at the top, a weight on the"
                + " bottom edge, %d steps/s, %.0f s%n%n", StretchedStrip.DENSITY, rate, seconds);
        out.println("| E (N/m) | ν | weight (N) | elongation, closed form (mm) | simulated (mm) | difference | "
                + "width at mid height, closed form (mm) | simulated (mm) | iterations per step | within |");
        out.println("|---|---|---|---|---|---|---|---|---|---|");
        int good = 0;
        for (double[] c : cases) {
            StretchedStrip strip = new StretchedStrip(c[0], c[1], c[2], 0.05, 0.5, 2, rate);
            StretchedStrip.Outcome o = strip.run(seconds);
            double rel = o.elongation() / o.expected() - 1;
            double contraction = 0.05 - o.expectedWidth();
            boolean ok = Math.abs(rel) <= 0.05 && (c[1] == 0
                    || Math.abs(o.widthAtMid() - o.expectedWidth()) <= 0.1 * contraction);
            good += ok ? 1 : 0;
            out.printf(Locale.ROOT, "| %.0f | %.1f | %.1f | %.2f | %.2f | %+.2f %% | %.3f | %.3f | %.2f | %s |%n", c[0],
                    c[1], c[2], 1000 * o.expected(), 1000 * o.elongation(), 100 * rel, 1000 * o.expectedWidth(),
                    1000 * o.widthAtMid(), o.iterationsPerStep(), ok ? "yes" : "✗");
            out.flush();
        }
        failures += cases.length - good;
        out.printf(Locale.ROOT, "%n%d of %d cases within their bound.%n%n", good, cases.length);
    }

    /**
     * Air drag and the integrators' energy: a sheet falling flat against the point-mass solution
     * (terminal speed ρg/d; free fall), and a stiff plate swinging as a pendulum against each
     * integrator's linear analysis.
     */
    public void air() {
        double seconds = 2;
        out.printf(Locale.ROOT, "Falling sheet: 0.2 m, ρ = %.1f kg/m², %d steps/s, %.0f s%n%n",
                ClothMaterial.DEFAULT.density(), rate, seconds);
        out.println("| drag d (kg/(m²·s)) | integrator | speed (m/s) | backward Euler's point mass | continuous | "
                + "terminal ρg/d | drop (m) | continuous drop | within |");
        out.println("|---|---|---|---|---|---|---|---|---|");
        double[] drags = quick ? new double[] {0, 1} : new double[] {0, 0.25, 1, 4};
        for (double d : drags) {
            for (Integrator in : Integrator.values()) {
                Fall f = new Fall(d, in, rate, seconds);
                Fall.Outcome o = f.run();
                int n = (int) Math.round(seconds * rate);
                double[] be = f.backwardEuler(n);
                // backward Euler must reproduce its own point-mass recurrence; BDF2 (second order)
                // must be at least as close to the continuous solution as backward Euler
                boolean ok = in == Integrator.BACKWARD_EULER
                        ? Math.abs(o.finalSpeed() - be[0]) <= 1e-6 * Math.max(1, be[0])
                                && Math.abs(o.finalDrop() - be[1]) <= 1e-6 * Math.max(1, be[1])
                        : Math.abs(o.finalDrop() - f.exactDrop(seconds)) <= Math.abs(be[1] - f.exactDrop(seconds)) + 1e-9;
                failures += ok ? 0 : 1;
                if (d == 1 && in == Integrator.BACKWARD_EULER) {
                    fallCase = f;
                    fallOutcome = o;
                }
                out.printf(Locale.ROOT, "| %.2f | %s | %.5f | %.5f | %.5f | %s | %.5f | %.5f | %s |%n", d, name(in),
                        o.finalSpeed(), be[0], f.exactSpeed(seconds),
                        d == 0 ? "–" : String.format(Locale.ROOT, "%.5f", f.terminalSpeed()), o.finalDrop(),
                        f.exactDrop(seconds), ok ? "yes" : "✗");
                out.flush();
            }
        }
        out.println();
        out.printf(Locale.ROOT, "Swinging plate: 0.2 m, B = %.1f N·m, released at %.0f°, %.0f s, no drag%n%n",
                Pendulum.BENDING, Pendulum.START_DEGREES, Pendulum.SECONDS);
        out.println("| integrator | steps/s | ω (rad/s) | amplitude left | predicted | energy left | predicted | period (s) "
                + "| predicted | within |");
        out.println("|---|---|---|---|---|---|---|---|---|---|");
        int[] rates = quick ? new int[] {rate} : new int[] {rate, 4 * rate};
        for (int r : rates) {
            for (Integrator in : Integrator.values()) {
                Pendulum.Outcome o = new Pendulum(in, r).run();
                boolean ok = Math.abs(o.amplitudeRatio() - o.predictedRatio()) <= 0.02
                        && Math.abs(o.period() / o.predictedPeriod() - 1) <= 0.01;
                failures += ok ? 0 : 1;
                out.printf(Locale.ROOT, "| %s | %d | %.3f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %s |%n",
                        name(in), r, o.omega(), o.amplitudeRatio(), o.predictedRatio(),
                        o.amplitudeRatio() * o.amplitudeRatio(), o.predictedRatio() * o.predictedRatio(), o.period(),
                        o.predictedPeriod(), ok ? "yes" : "✗");
                out.flush();
            }
        }
        out.println();
    }

    /**
     * Writes the plots of the sections that ran: {@code cantilever.svg}, {@code drape.svg},
     * {@code fall.svg}.
     *
     * @param dir existing directory
     * @return the files written
     * @throws IOException when a file cannot be written
     */
    public List<Path> writePlots(Path dir) throws IOException {
        List<Path> written = new ArrayList<>();
        if (!cantileverOutcomes.isEmpty()) {
            SvgPlot p = new SvgPlot(String.format(Locale.ROOT, "Cantilever: tip chord angle against the heavy elastica"
                    + " (Y = %.3g N/m)", cantileverCases.get(0).membraneStiffness()), "overhang l/c",
                    "chord angle (°)", 0.5, 3.5, 0, 80);
            int samples = 61;
            double[] lx = new double[samples];
            double[] ly = new double[samples];
            for (int i = 0; i < samples; i++) {
                lx[i] = 0.5 + 3.0 * i / (samples - 1);
                ly[i] = Elastica.tipChordAngle(lx[i]);
            }
            p.line("elastica", 0, false, lx, ly);
            int series = 1;
            for (Cantilever.Pattern pattern : Cantilever.Pattern.values()) {
                List<double[]> pts = new ArrayList<>();
                for (int i = 0; i < cantileverCases.size(); i++) {
                    if (cantileverCases.get(i).pattern() == pattern) {
                        pts.add(new double[] {cantileverOutcomes.get(i).overhang(), cantileverOutcomes.get(i).angle()});
                    }
                }
                p.points("simulated, " + pattern.name().toLowerCase(Locale.ROOT).replace('_', '-'), series++,
                        column(pts, 0), column(pts, 1));
            }
            written.add(write(dir.resolve("cantilever.svg"), p.svg()));
        }
        if (!drapePresets.isEmpty()) {
            SvgPlot p = new SvgPlot("Cusick drape coefficient against bending length", "bending length c (mm)",
                    "drape coefficient", 5, 35, 0, 1);
            String[] names = new String[drapePresets.size()];
            for (int i = 0; i < names.length; i++) {
                names[i] = Fabric.values()[(int) drapePresets.get(i)[4]].jsonName();
            }
            double[] c = scaled(column(drapePresets, 0), 1000);
            p.ranges("reported range", 0, c, column(drapePresets, 2), column(drapePresets, 3), names);
            p.points("simulated preset", 1, c, column(drapePresets, 1));
            if (!drapeSweep.isEmpty()) {
                p.line("simulated, bending sweep (ρ = 0.15 kg/m²)", 2, true, scaled(column(drapeSweep, 0), 1000),
                        column(drapeSweep, 1));
            }
            written.add(write(dir.resolve("drape.svg"), p.svg()));
        }
        if (fallOutcome != null) {
            double[] t = fallOutcome.time();
            double[] exact = new double[t.length];
            for (int i = 0; i < t.length; i++) {
                exact[i] = fallCase.exactSpeed(t[i]);
            }
            SvgPlot p = new SvgPlot("Falling sheet with drag d = 1 kg/(m²·s)", "time (s)", "downward speed (m/s)", 0,
                    t[t.length - 1], 0, 2.5);
            p.line("continuous, v_t (1 − e^(−t/τ))", 0, false, t, exact);
            p.line("simulated, backward Euler, " + rate + " steps/s", 1, true, t, fallOutcome.speed());
            p.line("terminal speed ρg/d", 2, true, new double[] {t[0], t[t.length - 1]},
                    new double[] {fallCase.terminalSpeed(), fallCase.terminalSpeed()});
            written.add(write(dir.resolve("fall.svg"), p.svg()));
        }
        return written;
    }

    private static String name(Integrator in) {
        return in == Integrator.BDF2 ? "BDF2" : "BE";
    }

    private static Path write(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return file;
    }

    private static double[] column(List<double[]> rows, int k) {
        double[] c = new double[rows.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = rows.get(i)[k];
        }
        return c;
    }

    private static double[] scaled(double[] v, double s) {
        double[] r = v.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= s;
        }
        return r;
    }
}
