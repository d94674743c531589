package org.isocloth.mesh;

import java.util.Locale;

/** Number formatting for one-line messages (package-private helper). */
final class Fmt {
    private Fmt() {
    }

    /**
     * Formats a double with up to 6 significant digits and without trailing zeros, for example
     * {@code 0.7 -> "0.7"}, {@code 1e-20 -> "1e-20"}, {@code 12.5 -> "12.5"}.
     */
    static String num(double x) {
        if (!Double.isFinite(x)) {
            return Double.toString(x);
        }
        if (x == 0) {
            return "0";
        }
        String s = String.format(Locale.ROOT, "%.6g", x);
        int e = s.indexOf('e');
        String mantissa = e < 0 ? s : s.substring(0, e);
        String exponent = e < 0 ? "" : s.substring(e);
        if (mantissa.indexOf('.') >= 0) {
            int end = mantissa.length();
            while (mantissa.charAt(end - 1) == '0') {
                end--;
            }
            if (mantissa.charAt(end - 1) == '.') {
                end--;
            }
            mantissa = mantissa.substring(0, end);
        }
        if (!exponent.isEmpty()) {
            // "e-05" -> "e-5", "e+20" -> "e20"
            char sign = exponent.charAt(1);
            String digits = exponent.substring(2).replaceFirst("^0+(?=.)", "");
            exponent = "e" + (sign == '-' ? "-" : "") + digits;
        }
        return mantissa + exponent;
    }

    /** "1 vertex" / "3 vertices" style count. */
    static String count(int n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }

    /** Collapses line breaks so that a message stays on one line. */
    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("[\\r\\n]+", " ").trim();
    }
}
