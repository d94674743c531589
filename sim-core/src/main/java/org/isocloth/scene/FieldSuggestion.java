package org.isocloth.scene;

import java.util.Locale;
import java.util.Set;

/** The hint after "unknown field": the nearest allowed field by edit distance, or the list. */
final class FieldSuggestion {
    private FieldSuggestion() {
    }

    /**
     * @param key the unknown field
     * @param allowed the fields allowed there
     * @return " (did you mean "x"?)" for a near miss, else the list of allowed fields
     */
    static String of(String key, Set<String> allowed) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : allowed) {
            int d = editDistance(key.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        if (best != null && bestDistance <= Math.max(1, Math.min(3, best.length() / 3))) {
            return " (did you mean " + Check.quote(best) + "?)";
        }
        return " (allowed: " + String.join(", ", allowed) + ")";
    }

    /** Optimal-string-alignment distance: edits, with a swap of neighbours counting as one. */
    private static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int v = Math.min(d[i - 1][j - 1] + cost,
                        Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1));
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2)
                        && a.charAt(i - 2) == b.charAt(j - 1)) {
                    v = Math.min(v, d[i - 2][j - 2] + 1);
                }
                d[i][j] = v;
            }
        }
        return d[a.length()][b.length()];
    }
}
