package org.isocloth.scene;

import static org.isocloth.scene.SceneMessages.alternatives;
import static org.isocloth.scene.SceneMessages.child;
import static org.isocloth.scene.SceneMessages.index;
import static org.isocloth.scene.SceneMessages.shown;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.isocloth.InputException;

/**
 * Reads the values of a scene file's JSON tree, each with a message that names the file and the
 * path of the field and says what is wrong with it ({@link SceneReader} walks the tree with these).
 */
class JsonFields {
    /** The file as messages name it. */
    final String label;

    /** @param label the file as messages name it */
    JsonFields(String label) {
        this.label = label;
    }

    /** A required finite number {@code > 0}. */
    double positive(JsonNode parent, String parentPath, String key) {
        String path = child(parentPath, key);
        double v = number(required(parent, parentPath, key), path);
        requireOk(path, Check.POSITIVE.violation(v));
        return v;
    }

    // ------------------------------------------------------------------ values

    /** An optional {@code true}/{@code false} field. */
    boolean optBoolean(JsonNode parent, String parentPath, String key, boolean def) {
        if (!parent.has(key)) {
            return def;
        }
        JsonNode b = parent.get(key);
        if (!b.isBoolean()) {
            throw error(child(parentPath, key), "expected true or false, got " + shown(b));
        }
        return b.booleanValue();
    }

    String optName(JsonNode parent, String parentPath, String def) {
        if (!parent.has("name")) {
            return def;
        }
        String path = child(parentPath, "name");
        String name = string(parent.get("name"), path);
        requireOk(path, Check.nonBlank(name));
        requireOk(path, Check.name(name));
        return name;
    }


    double optNumber(JsonNode parent, String parentPath, String key, org.isocloth.model.Range range,
            double def) {
        if (!parent.has(key)) {
            return def;
        }
        String path = child(parentPath, key);
        double v = number(parent.get(key), path);
        requireOk(path, range.violation(v));
        return v;
    }

    double number(JsonNode node, String path) {
        if (!node.isNumber()) {
            throw error(path, "expected a number, got " + shown(node));
        }
        double v = node.doubleValue();
        requireOk(path, Check.finite(v));
        return v;
    }

    int optInt(JsonNode parent, String parentPath, String key, org.isocloth.model.Range range,
            int def) {
        return parent.has(key) ? integer(parent.get(key), child(parentPath, key), range) : def;
    }

    /**
     * An integer in {@code range}. Integral floating-point values ({@code 20.0}) are accepted;
     * fractions ({@code 1.5}) and non-finite values are not.
     */
    int integer(JsonNode node, String path, org.isocloth.model.Range range) {
        if (!node.isNumber()) {
            throw error(path, "expected an integer, got " + shown(node));
        }
        BigInteger value;
        if (node.isIntegralNumber()) {
            value = node.bigIntegerValue();
        } else {
            double d = node.doubleValue();
            if (!Double.isFinite(d) || d != Math.rint(d)) {
                throw error(path, "expected an integer, got " + shown(node));
            }
            value = new BigDecimal(d).toBigIntegerExact();
        }
        if (value.bitLength() > 62) {
            throw error(path, range.outside(value.signum() < 0, shown(node)));
        }
        long v = value.longValue();
        requireOk(path, range.violation(v));
        return (int) v;
    }

    String string(JsonNode node, String path) {
        if (!node.isTextual()) {
            throw error(path, "expected a string, got " + shown(node));
        }
        return node.textValue();
    }

    <E> E choice(JsonNode node, String path, Map<String, E> choices) {
        String s = string(node, path);
        E e = choices.get(s);
        if (e == null) {
            throw error(path, "expected one of " + alternatives(choices.keySet()) + ", got "
                    + Check.quote(s));
        }
        return e;
    }

    double[] optVector(JsonNode parent, String parentPath, String key, int n,
            double[] def) {
        return parent.has(key) ? vector(parent.get(key), child(parentPath, key), n) : def;
    }

    double[] vector(JsonNode node, String path, int n) {
        fixedArray(node, path, n, "numbers");
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = number(node.get(i), index(path, i));
        }
        return v;
    }

    void fixedArray(JsonNode node, String path, int n, String what) {
        String expected = "expected an array of " + n + " " + what + ", got ";
        if (!node.isArray()) {
            throw error(path, expected + shown(node));
        }
        if (node.size() != n) {
            throw error(path, expected + node.size()
                    + (node.size() == 1 ? " element" : " elements"));
        }
    }

    void object(JsonNode node, String path) {
        if (!node.isObject()) {
            throw error(path, "expected an object, got " + shown(node));
        }
    }

    void array(JsonNode node, String path) {
        if (!node.isArray()) {
            throw error(path, "expected an array, got " + shown(node));
        }
    }

    JsonNode required(JsonNode parent, String parentPath, String key) {
        JsonNode node = parent.get(key);
        if (node == null) {
            throw error(child(parentPath, key), "missing required field");
        }
        return node;
    }

    void checkFields(JsonNode node, String path, Set<String> allowed) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!allowed.contains(key)) {
                throw error(child(path, key), "unknown field" + FieldSuggestion.of(key, allowed));
            }
        }
    }

    // ------------------------------------------------------------------ messages

    void requireOk(String path, String violation) {
        if (violation != null) {
            throw error(path, violation);
        }
    }

    InputException error(String path, String reason) {
        return new InputException(label + ": " + (path.isEmpty() ? "" : path + ": ") + reason);
    }
}
