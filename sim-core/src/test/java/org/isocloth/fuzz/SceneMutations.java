package org.isocloth.fuzz;

import static org.isocloth.fuzz.ObjMutations.pick;
import static org.isocloth.fuzz.ObjMutations.quoted;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Seeded mutations of a scene's JSON tree: dropped fields, values of the wrong type, extreme and
 * non-finite numbers, unknown fields, very long and unprintable strings, arrays of the wrong
 * length, deep nesting, and hostile paths. Values that JSON cannot hold as a tree (bare
 * {@code NaN}, {@code 1e400}, 100 000 nested brackets, invalid UTF-8) are written as placeholders
 * and spliced into the text by {@link #render}.
 */
final class SceneMutations {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /**
     * Fields that are never dropped: without them the scene falls back to defaults that are valid
     * but slow (120 frames, a 20 × 20 grid), which would be a slow run and not a bug.
     */
    private static final Set<String> KEEP = Set.of("frames", "cells", "grid");

    /** Keys whose values are file paths. */
    static final Set<String> PATH_KEYS = Set.of("obj", "gltf", "pattern", "path", "model");

    private final Random r;
    private final List<String> log;
    private final Map<String, byte[]> raw = new LinkedHashMap<>();

    SceneMutations(Random r, List<String> log) {
        this.r = r;
        this.log = log;
    }

    /** A place in the tree: a field of an object or an element of an array. */
    record Loc(JsonNode parent, String field, int index, String path) {
        JsonNode get() {
            return field != null ? parent.get(field) : parent.get(index);
        }

        void set(JsonNode v) {
            if (field != null) {
                ((ObjectNode) parent).set(field, v);
            } else {
                ((ArrayNode) parent).set(index, v);
            }
        }

        String key() {
            return field;
        }
    }

    static List<Loc> locations(JsonNode root) {
        List<Loc> out = new ArrayList<>();
        walk(root, "", out);
        return out;
    }

    private static void walk(JsonNode node, String path, List<Loc> out) {
        if (node.isObject()) {
            for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
                String k = it.next();
                String p = path.isEmpty() ? k : path + "." + k;
                out.add(new Loc(node, k, -1, p));
                walk(node.get(k), p, out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String p = path + "[" + i + "]";
                out.add(new Loc(node, null, i, p));
                walk(node.get(i), p, out);
            }
        }
    }

    /** Splices raw text or bytes in place of a value; see {@link #render}. */
    private JsonNode rawValue(String what, byte[] bytes) {
        String token = "@@RAW" + raw.size() + "@@";
        raw.put("\"" + token + "\"", bytes);
        return F.textNode(token);
    }

    private JsonNode rawValue(String text) {
        return rawValue(text, text.getBytes(StandardCharsets.UTF_8));
    }

    /** One mutation of a randomly chosen kind at a randomly chosen place. */
    void mutate(ObjectNode root, Fixtures fx) {
        List<Loc> all = locations(root);
        int kind = r.nextInt(100);
        if (kind < 12) {
            drop(all);
        } else if (kind < 24) {
            retype(all);
        } else if (kind < 48) {
            number(all);
        } else if (kind < 56) {
            unknownField(all, root);
        } else if (kind < 64) {
            string(all);
        } else if (kind < 72) {
            arrayLength(all);
        } else if (kind < 76) {
            deepNesting(all);
        } else if (kind < 92) {
            path(root, fx);
        } else {
            swapKind(root);
        }
    }

    private Loc pickLoc(List<Loc> all, java.util.function.Predicate<Loc> ok) {
        List<Loc> c = all.stream().filter(ok).toList();
        return c.isEmpty() ? null : c.get(r.nextInt(c.size()));
    }

    private void drop(List<Loc> all) {
        Loc l = pickLoc(all, x -> x.field != null && !KEEP.contains(x.field));
        if (l == null) {
            return;
        }
        ((ObjectNode) l.parent).remove(l.field);
        log.add("drop " + l.path);
    }

    private void retype(List<Loc> all) {
        Loc l = pickLoc(all, x -> true);
        JsonNode v = pick(r, F.textNode("x"), F.booleanNode(true), F.nullNode(), F.objectNode(), F.arrayNode(),
                F.numberNode(1.5), F.numberNode(3), F.textNode(""), F.textNode("1"), F.arrayNode().add(1).add(2).add(3));
        l.set(v);
        log.add(l.path + " := " + v);
    }

    private void number(List<Loc> all) {
        Loc l = pickLoc(all, x -> x.get().isNumber());
        if (l == null) {
            l = pickLoc(all, x -> true);
        }
        int k = r.nextInt(16);
        JsonNode v = switch (k) {
            case 0 -> F.numberNode(0);
            case 1 -> F.numberNode(-1);
            case 2 -> F.numberNode(1e308);
            case 3 -> F.numberNode(-1e308);
            case 4 -> F.numberNode(1e-300);
            case 5 -> F.numberNode(new BigInteger("123456789012345678901234567890"));
            case 6 -> F.numberNode(2147483648L);
            case 7 -> F.numberNode(-2147483649L);
            case 8 -> F.numberNode(new BigInteger("9223372036854775808"));
            case 9 -> F.textNode("NaN");
            case 10 -> F.textNode("Infinity");
            case 11 -> rawValue("NaN");
            case 12 -> rawValue(pick(r, "Infinity", "-Infinity"));
            case 13 -> rawValue(pick(r, "1e400", "-1e400", "1e-400", "-0.0"));
            case 14 -> rawValue(pick(r, "0x10", "01", "1.", ".5", "+1", "1e", "--1"));
            default -> F.numberNode(4.9e-324);
        };
        String shown = v.isTextual() && v.asText().startsWith("@@RAW") ? "raw " + rawText(v) : v.toString();
        l.set(v);
        log.add(l.path + " := " + shown);
    }

    private String rawText(JsonNode v) {
        return new String(raw.get("\"" + v.asText() + "\""), StandardCharsets.UTF_8);
    }

    private void unknownField(List<Loc> all, ObjectNode root) {
        Loc l = pickLoc(all, x -> x.get().isObject());
        ObjectNode target = l == null ? root : (ObjectNode) l.get();
        String name = pick(r, "densty", "__proto__", "", "frames ", "Name", "x".repeat(100_000), "\u0000",
                "cells\u202e", "fps");
        if (target.has(name)) {
            name = name + "2";
        }
        target.put(name, 1);
        log.add("unknown field " + quoted(name) + " in " + (l == null ? "the top level" : l.path));
    }

    private void string(List<Loc> all) {
        Loc l = pickLoc(all, x -> x.get().isTextual() || "name".equals(x.field));
        if (l == null) {
            return;
        }
        String s = switch (r.nextInt(9)) {
            case 0 -> "n".repeat(100_000);
            case 1 -> "\ud800";
            case 2 -> "ab\udc00cd";
            case 3 -> "line\nbreak\r\u0000\u001b[31mred\u0007";
            case 4 -> "\u202egnp.exe\u200f\u200e";
            case 5 -> "\ufeff\u200b";
            case 6 -> " ";
            case 7 -> "%s%n%d%04d%%";
            default -> "😀".repeat(5000);
        };
        if (r.nextInt(4) == 0) {
            // a string that is not UTF-8 at all
            byte[] b = {'"', 'a', (byte) 0xc3, (byte) 0x28, (byte) 0xff, (byte) 0xfe, 'z', '"'};
            l.set(rawValue("invalid UTF-8", b));
            log.add(l.path + " := invalid UTF-8 bytes");
            return;
        }
        l.set(F.textNode(s));
        log.add(l.path + " := " + quoted(s));
    }

    private void arrayLength(List<Loc> all) {
        Loc l = pickLoc(all, x -> x.get().isArray());
        if (l == null) {
            return;
        }
        ArrayNode a = ((ArrayNode) l.get()).deepCopy();
        int k = r.nextInt(4);
        if (k == 0) {
            a.removeAll();
        } else if (k == 1 && a.size() > 0) {
            a.remove(a.size() - 1);
        } else if (k == 2) {
            a.add(a.size() > 0 ? a.get(0).deepCopy() : F.numberNode(1));
        } else {
            for (int i = 0; i < 1000; i++) {
                a.add(0.5);
            }
        }
        l.set(a);
        log.add(l.path + " := array of length " + a.size());
    }

    private void deepNesting(List<Loc> all) {
        Loc l = pickLoc(all, x -> true);
        int depth = pick(r, 100, 1001, 100_000);
        boolean arrays = r.nextBoolean();
        String open = arrays ? "[" : "{\"a\":";
        String close = arrays ? "]" : "}";
        String text = open.repeat(depth) + "1" + close.repeat(depth);
        l.set(rawValue(text));
        log.add(l.path + " := " + depth + " nested " + (arrays ? "arrays" : "objects"));
    }

    /** Points a path field (or a cloth's mesh, turned into an OBJ mesh) at a hostile path. */
    private void path(ObjectNode root, Fixtures fx) {
        List<Loc> paths = locations(root).stream()
                .filter(x -> x.field != null && PATH_KEYS.contains(x.field) && x.get().isTextual()).toList();
        String value = fx.hostilePath(r);
        if (paths.isEmpty() || r.nextInt(3) == 0) {
            JsonNode cloths = root.get("cloths");
            if (cloths == null || !cloths.isArray() || cloths.size() == 0 || !cloths.get(0).isObject()) {
                return;
            }
            ObjectNode mesh = F.objectNode();
            String kind = pick(r, "obj", "gltf");
            mesh.put(kind, value);
            ((ObjectNode) cloths.get(0)).set("mesh", mesh);
            log.add("cloths[0].mesh := { " + kind + ": " + quoted(value) + " }");
            return;
        }
        Loc l = paths.get(r.nextInt(paths.size()));
        l.set(F.textNode(value));
        log.add(l.path + " := " + quoted(value));
    }

    /** Moves a collider's or mesh's fields under another kind key (a sphere given a box's fields). */
    private void swapKind(ObjectNode root) {
        JsonNode cols = root.get("colliders");
        if (cols == null || !cols.isArray() || cols.size() == 0 || !cols.get(0).isObject()) {
            return;
        }
        ObjectNode c = (ObjectNode) cols.get(0);
        String from = null;
        for (String k : List.of("sphere", "capsule", "box", "plane", "obj", "gltf", "objSequence", "cache")) {
            if (c.has(k)) {
                from = k;
            }
        }
        if (from == null) {
            return;
        }
        String to = pick(r, "sphere", "capsule", "box", "plane", "objSequence", "cache");
        JsonNode v = c.remove(from);
        if (r.nextBoolean()) {
            c.set(from, v);
            log.add("colliders[0] has both " + from + " and " + to);
        } else {
            log.add("colliders[0]." + from + " renamed " + to);
        }
        c.set(to, v);
    }

    /**
     * The scene's bytes: the tree written as JSON (non-ASCII escaped as {@code \\uXXXX} or written
     * as UTF-8), with every placeholder replaced by its raw text.
     */
    byte[] render(JsonNode root, boolean escapeNonAscii) {
        String text;
        try {
            ObjectMapper m = new ObjectMapper();
            if (escapeNonAscii) {
                m.getFactory().enable(JsonGenerator.Feature.ESCAPE_NON_ASCII);
            }
            text = m.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (true) {
            int next = -1;
            String token = null;
            for (String t : raw.keySet()) {
                int i = text.indexOf(t, at);
                if (i >= 0 && (next < 0 || i < next)) {
                    next = i;
                    token = t;
                }
            }
            if (next < 0) {
                out.writeBytes(text.substring(at).getBytes(StandardCharsets.UTF_8));
                return out.toByteArray();
            }
            out.writeBytes(text.substring(at, next).getBytes(StandardCharsets.UTF_8));
            out.writeBytes(raw.get(token));
            at = next + token.length();
        }
    }
}
