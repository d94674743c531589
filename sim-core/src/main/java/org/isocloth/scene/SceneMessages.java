package org.isocloth.scene;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.isocloth.InputException;
import org.isocloth.JacksonMessages;

/**
 * How the scene reader names things in its messages: files, JSON paths ({@code cloths[0].mesh}),
 * values after "got", lists of choices, and parser messages on one printable line.
 */
final class SceneMessages {
    private SceneMessages() {
    }

    static InputException malformed(Path file, IOException e) {
        String detail;
        String where = "";
        if (e instanceof JsonProcessingException jpe) {
            detail = jpe.getOriginalMessage();
            JsonLocation loc = jpe.getLocation();
            if (loc != null && loc.getLineNr() > 0) {
                where = "line " + loc.getLineNr()
                        + (loc.getColumnNr() > 0 ? ", column " + loc.getColumnNr() : "") + ": ";
            }
        } else {
            detail = describe(e, file);
        }
        return new InputException(
                label(file) + ": " + where + "malformed JSON (" + jsonDetail(detail) + ")", e);
    }

    /** Jackson's parse message on one line, without the parts that only concern programmers. */
    static String jsonDetail(String message) {
        return JacksonMessages.readable(oneLine(message));
    }

    /** The file as named in messages: as given, made safe to print on one line. */
    static String label(Path file) {
        String name = file.toString();
        StringBuilder b = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            appendPrintable(b, name.charAt(i));
        }
        return b.toString();
    }

    /** Appends {@code c}, or a backslash-u escape if it is a control or separator character. */
    static void appendPrintable(StringBuilder b, char c) {
        int type = Character.getType(c);
        if (Character.isISOControl(c) || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || c == '\uFEFF') {
            b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
        } else {
            b.append(c);
        }
    }

    /** The exception's simple class name, plus its message when that says more than the path. */
    static String describe(Exception e, Path file) {
        String name = e.getClass().getSimpleName();
        String message = e.getMessage();
        if (message == null || message.isBlank() || message.equals(file.toString())) {
            return name;
        }
        return name + ": " + oneLine(message);
    }

    /**
     * {@code s} on one line: runs of whitespace become one space, other control and line or
     * paragraph separator characters become backslash-u escapes.
     */
    static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b) {
                space = true;
                continue;
            }
            if (space && b.length() > 0) {
                b.append(' ');
            }
            space = false;
            appendPrintable(b, c);
        }
        return b.toString();
    }


    /** {@code "a" or "b"}, {@code "a", "b" or "c"}. */
    static String alternatives(Set<String> names) {
        List<String> q = names.stream().map(Check::quote).collect(Collectors.toList());
        if (q.size() == 1) {
            return q.get(0);
        }
        return String.join(", ", q.subList(0, q.size() - 1)) + " or " + q.get(q.size() - 1);
    }

    /** A JSON value as shown after "got" in messages: strings quoted, containers by kind. */
    static String shown(JsonNode node) {
        if (node.isTextual()) {
            return Check.quote(node.textValue());
        }
        if (node.isArray()) {
            return "an array";
        }
        if (node.isObject()) {
            return "an object";
        }
        if (node.isNull()) {
            return "null";
        }
        String text = node.asText();
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }

    /** A path to a child field: {@code a.b}, or {@code a["odd key"]} when not an identifier. */
    static String child(String parent, String key) {
        if (isIdentifier(key)) {
            return parent.isEmpty() ? key : parent + "." + key;
        }
        return parent + "[" + Check.quote(key) + "]";
    }

    static String index(String parent, int i) {
        return parent + "[" + i + "]";
    }

    static boolean isIdentifier(String key) {
        if (key.isEmpty()) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            boolean letter =
                    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
            if (!letter && !(i > 0 && c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }
}
