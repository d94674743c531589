package org.isocloth.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.isocloth.InputException;
import org.isocloth.validate.Cantilever;
import org.isocloth.validate.Incline;
import org.isocloth.validate.SpinningSphere;

/**
 * {@code cloth validate}: runs the cantilever bending test ({@link Cantilever}) on strips of several
 * overhangs, resolutions and triangulations and prints, as a Markdown table, the simulated tip
 * chord angle next to the heavy elastica's; then a sheet on an incline ({@link Incline}) at several
 * angles and friction coefficients against rigid-body Coulomb friction, and a sheet on a spinning
 * sphere ({@link SpinningSphere}) carried along by friction only. {@code --quick} runs four strips, the default all of
 * l/c = 1, 1.5, 2, 3 with 3, 5 and 10 cells across, both triangulations; {@code --rate N} sets the
 * steps per second (default 60), {@code --membrane Y} the membrane springs' stiffness in N/m (default
 * that of {@link org.isocloth.model.ClothMaterial#DEFAULT}; 0 gives the thesis's model). The exit status is 0 once the table is printed: the table is the
 * result, with the cases outside 2° marked.
 */
final class Validate {
    /** The acceptance bound on the chord angle, degrees. */
    static final double BOUND = 2.0;
    /** How far a sheet below the friction angle may move and still count as stuck, m. */
    static final double STICK = 0.005;

    private Validate() {
    }

    static int run(String[] args, PrintStream out) {
        boolean quick = false;
        int rate = 60;
        double membrane = org.isocloth.model.ClothMaterial.DEFAULT_MEMBRANE_STIFFNESS;
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--quick")) {
                quick = true;
            } else if (args[i].equals("--rate") && i + 1 < args.length) {
                String v = args[++i];
                try {
                    rate = Integer.parseInt(v);
                } catch (NumberFormatException e) {
                    throw new InputException("--rate: expected an integer, got \"" + v + "\"");
                }
                if (rate < 30 || rate > 4000) {
                    throw new InputException("--rate: must be in [30, 4000] (got " + rate + ")");
                }
            } else if (args[i].equals("--membrane") && i + 1 < args.length) {
                String v = args[++i];
                try {
                    membrane = Double.parseDouble(v);
                } catch (NumberFormatException e) {
                    throw new InputException("--membrane: expected a number in N/m, got \"" + v + "\"");
                }
                if (!(membrane >= 0 && membrane <= 1e9)) {
                    throw new InputException("--membrane: must be in [0, 1e9] N/m (got " + v + ")");
                }
            } else {
                throw new InputException("validate: unknown option '" + args[i]
                        + "' (expected --quick, --rate N or --membrane Y)");
            }
        }
        List<Cantilever> cases = new ArrayList<>();
        double[] overhangs = quick ? new double[] {1, 2} : new double[] {1, 1.5, 2, 3};
        int[] across = quick ? new int[] {5} : new int[] {3, 5, 10};
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
            double diff = o.angle() - o.elastica();
            boolean bad = !(Math.abs(diff) <= BOUND) || !(o.spread() <= BOUND);
            if (bad) {
                outside++;
            }
            out.printf(Locale.ROOT, "| %s | %d | %d | %.2f | %.2f | %.2f | %+.2f%s | %.2f | %d |%n",
                    c.pattern().name().toLowerCase(Locale.ROOT).replace('_', '-'), c.cellsAcross(), o.cellsAlong(),
                    o.overhang(), o.elastica(), o.angle(), diff, bad ? " ✗" : "", o.spread(), o.unconverged());
            out.flush();
        }
        out.printf(Locale.ROOT, "%n%d of %d cases within %.0f° of the elastica and at rest.%n%n",
                cases.size() - outside, cases.size(), BOUND);
        friction(quick, rate, out);
        return 0;
    }

    /** The incline table: stick within {@link #STICK} m below the friction angle, slide within 10 % above. */
    private static void friction(boolean quick, int rate, PrintStream out) {
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
                Incline c = new Incline(deg, mu, rate);
                Incline.Outcome o = c.run();
                boolean ok = o.expected() == 0 ? Math.abs(o.slide()) <= STICK
                        : Math.abs(o.slide() - o.expected()) <= 0.1 * o.expected();
                total++;
                good += ok ? 1 : 0;
                out.printf(Locale.ROOT, "| %.0f | %.1f | %.4f | %.4f | %s |%n", deg, mu, o.expected(), o.slide(),
                        o.expected() == 0 ? (ok ? "sticks (≤ 5 mm)" : "✗ should stick") : (ok ? "10 %" : "✗ not within 10 %"));
                out.flush();
            }
        }
        out.printf(Locale.ROOT, "%n%d of %d cases within their bound.%n%n", good, total);
        spin(quick, rate, out);
    }

    /** The spinning-sphere table: turned more than half of ω t with friction, under 0.02 rad without. */
    private static void spin(boolean quick, int rate, PrintStream out) {
        double[] mus = quick ? new double[] {0, 1} : new double[] {0, 0.3, 1};
        out.printf(Locale.ROOT, "Spinning sphere: 0.2 m sheet on a 1 m sphere turning at %.0f rad/s for 1 s, %d steps/s%n%n",
                SpinningSphere.OMEGA, rate);
        out.println("| μ | turned (rad) | expected | within |");
        out.println("|---|---|---|---|");
        for (double mu : mus) {
            double turned = new SpinningSphere(mu, rate).run();
            boolean ok = mu == 0 ? Math.abs(turned) < 0.02 : turned > 0.5 * SpinningSphere.OMEGA
                    && turned < 1.025 * SpinningSphere.OMEGA;
            out.printf(Locale.ROOT, "| %.1f | %.3f | %s | %s |%n", mu, turned,
                    mu == 0 ? "0 (no tangential force)" : "close to ω t = 2", ok ? "yes" : "✗");
            out.flush();
        }
    }
}
