package org.isocloth.mesh;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
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

    /**
     * Formats x as {@link #num}, but a finite value beyond ±limit with as many digits as it takes
     * not to read as within it (10000.000000000002 rather than 10000).
     */
    static String numAgainst(double x, double limit) {
        String s = num(x);
        if (Double.isFinite(x) && Math.abs(x) > limit && Math.abs(Double.parseDouble(s)) <= limit) {
            return Double.toString(x);
        }
        return s;
    }

    /** "1 vertex" / "3 vertices" style count. */
    static String count(int n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }

    /** Collapses line breaks so that a message stays on one line. */
    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("[\\r\\n]+", " ").trim();
    }

    /**
     * Text safe to put in a one-line message: at most {@code max} characters (then "..."), control
     * and line-separator characters replaced by '?'.
     */
    static String printable(String text, int max) {
        String s = text.length() > max ? text.substring(0, max) + "..." : text;
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(Character.isISOControl(c) || c == '\u2028' || c == '\u2029' ? '?' : c);
        }
        return b.toString();
    }

    /** Why reading a mesh file failed, for a one-line message ("file not found", ...). */
    static String ioFailure(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "file not found";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        String message = oneLine(e.getMessage());
        return message.isEmpty() ? e.getClass().getSimpleName()
                : e.getClass().getSimpleName() + ": " + printable(message, 200);
    }
}
