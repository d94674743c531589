package org.isocloth;

/**
 * Jackson's parse messages as user-facing text: the parts that only concern programmers (source
 * descriptions, parser feature names, Java types) taken out. Used by the scene reader and the glTF
 * reader, which each first put the message on one line in their own way.
 */
public final class JacksonMessages {
    private JacksonMessages() {
    }

    /**
     * @param oneLine a Jackson exception's original message, already on one line
     * @return the message without Jackson's source, feature and type details
     */
    public static String readable(String oneLine) {
        if (oneLine.startsWith("Trailing token")) {
            return "unexpected content after the end of the top-level value";
        }
        String m = oneLine.replaceAll("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]",
                "line $1, column $2");
        m = m.replaceAll(
                " ?\\(not recognized as one since Feature '[A-Z_]+' not enabled for parser\\)", "");
        m = m.replaceAll(": enable `[^`]*` to allow", "");
        return m.replaceAll(", from `[^`]*`", "");
    }
}
