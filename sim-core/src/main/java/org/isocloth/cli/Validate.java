package org.isocloth.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.isocloth.InputException;
import org.isocloth.validate.Cantilever;

/**
 * {@code cloth validate}: runs the cantilever bending test ({@link Cantilever}) on strips of several
 * overhangs, resolutions and triangulations and prints, as a Markdown table, the simulated tip
 * chord angle next to the heavy elastica's. {@code --quick} runs four strips, the default all of
 * l/c = 1, 1.5, 2, 3 with 3, 5 and 10 cells across, both triangulations; {@code --rate N} sets the
 * steps per second (default 60), {@code --membrane Y} the membrane springs' stiffness in N/m (default
 * that of {@link org.isocloth.model.ClothMaterial#DEFAULT}; 0 gives the thesis's model). The exit status is 0 once the table is printed: the table is the
 * result, with the cases outside 2° marked.
 */
final class Validate {
    /** The acceptance bound on the chord angle, degrees. */
    static final double BOUND = 2.0;

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
        out.printf(Locale.ROOT, "%n%d of %d cases within %.0f° of the elastica and at rest.%n",
                cases.size() - outside, cases.size(), BOUND);
        return 0;
    }
}
