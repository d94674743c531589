package org.isocloth.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import org.isocloth.InputException;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.Fabric;
import org.isocloth.validate.ValidationReport;

/**
 * {@code cloth validate}: runs the validation suite ({@link ValidationReport}) and prints its
 * tables as Markdown: the cantilever bending test against the heavy elastica, Coulomb friction on an
 * incline and on a spinning sphere, the Cusick drape test of the fabric presets, and air drag and
 * the integrators' energy. {@code --quick} runs a few cases of each (the CI profile);
 * {@code --rate N} sets the steps per second (default 60); {@code --membrane Y} the cantilever's
 * membrane stiffness in N/m (default: the cotton-shirting preset's in-plane stiffness, then, in
 * the full profile, that of {@link ClothMaterial#DEFAULT}; 0 gives the thesis's model); {@code --only S} runs one section (cantilever, friction, drape, air, stretch); {@code --plots DIR}
 * writes the plots there as SVG. The exit status is 0 once the tables are printed, 1 when a case
 * is outside its bound (the tables mark it).
 */
final class Validate {
    private static final Set<String> SECTIONS = Set.of("cantilever", "friction", "drape", "air", "stretch");

    private Validate() {
    }

    static int run(String[] args, PrintStream out) {
        boolean quick = false;
        int rate = 60;
        double membrane = -1;
        String only = null;
        Path plots = null;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--quick")) {
                quick = true;
            } else if (a.equals("--rate") && i + 1 < args.length) {
                rate = (int) number(a, args[++i], 30, 4000, true);
            } else if (a.equals("--membrane") && i + 1 < args.length) {
                membrane = number(a, args[++i], 0, 1e9, false);
            } else if (a.equals("--only") && i + 1 < args.length) {
                only = args[++i];
                if (!SECTIONS.contains(only)) {
                    throw new InputException("--only: expected cantilever, friction, drape, air or stretch, got \""
                            + clip(only) + "\"");
                }
            } else if (a.equals("--plots") && i + 1 < args.length) {
                plots = directory(args[++i]);
            } else {
                throw new InputException("validate: unknown option '" + clip(a)
                        + "' (expected --quick, --rate N, --membrane Y, --only SECTION or --plots DIR)");
            }
        }
        ValidationReport report = new ValidationReport(quick, rate, out);
        if (only == null || only.equals("cantilever")) {
            if (membrane >= 0) {
                report.cantilever(membrane);
            } else {
                // a shirting-like strip as a fabric preset gives it, then the default material
                report.cantilever(Fabric.COTTON_SHIRTING.inPlaneStiffness());
                if (!quick) {
                    report.cantilever(ClothMaterial.DEFAULT_MEMBRANE_STIFFNESS);
                }
            }
        }
        if (only == null || only.equals("friction")) {
            report.friction();
        }
        if (only == null || only.equals("drape")) {
            report.drape();
        }
        if (only == null || only.equals("air")) {
            report.air();
        }
        if (only == null || only.equals("stretch")) {
            report.stretch();
        }
        if (plots != null) {
            try {
                for (Path p : report.writePlots(plots)) {
                    out.println("wrote " + p);
                }
            } catch (IOException e) {
                throw new InputException("--plots: cannot write into " + plots + " (" + e.getMessage() + ")");
            }
        }
        out.printf(Locale.ROOT, "%s%n", report.failures() == 0 ? "Every case within its bound."
                : report.failures() + " cases outside their bound (marked ✗).");
        return report.failures() == 0 ? 0 : 1;
    }

    private static double number(String option, String v, double lo, double hi, boolean integer) {
        double d;
        try {
            d = integer ? Integer.parseInt(v) : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new InputException(option + ": expected " + (integer ? "an integer" : "a number") + ", got \""
                    + clip(v) + "\"");
        }
        if (!(d >= lo && d <= hi)) {
            throw new InputException(String.format(Locale.ROOT, "%s: must be in [%s, %s] (got %s)", option,
                    integer ? String.valueOf((int) lo) : String.valueOf(lo), integer ? String.valueOf((int) hi)
                            : String.format(Locale.ROOT, "%.0e", hi), clip(v)));
        }
        return d;
    }

    /** The value as shown in a message: at most 60 characters. */
    private static String clip(String v) {
        return v.length() <= 60 ? v : v.substring(0, 60) + "…";
    }

    private static Path directory(String v) {
        Path p;
        try {
            p = Path.of(v);
        } catch (InvalidPathException e) {
            throw new InputException("--plots: not a valid path: \"" + clip(v) + "\"");
        }
        if (v.isEmpty() || !Files.isDirectory(p)) {
            throw new InputException("--plots: \"" + clip(v) + "\" is not an existing directory");
        }
        return p;
    }
}
