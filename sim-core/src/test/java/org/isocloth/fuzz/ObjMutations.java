package org.isocloth.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Small OBJ meshes and seeded corruptions of them: broken numbers and indices, degenerate,
 * duplicate and non-manifold triangles, a vertex of high valence, binary garbage, CRLF line ends
 * and very long lines. Each mutation appends a one-line description of what it did to a list, so
 * a failing case can be read without re-running it.
 */
final class ObjMutations {
    private ObjMutations() {
    }

    /**
     * A flat grid of {@code nx × nz} quads (two triangles each) in the plane y = {@code y},
     * centred on the y axis, counter-clockwise seen from +y, with texture coordinates.
     */
    static String grid(int nx, int nz, double size, double y) {
        StringBuilder b = new StringBuilder("# fuzz grid\n");
        for (int j = 0; j <= nz; j++) {
            for (int i = 0; i <= nx; i++) {
                b.append(String.format(Locale.ROOT, "v %.6f %.6f %.6f%n", size * ((double) i / nx - 0.5), y,
                        size * ((double) j / nz - 0.5)));
            }
        }
        for (int j = 0; j <= nz; j++) {
            for (int i = 0; i <= nx; i++) {
                b.append(String.format(Locale.ROOT, "vt %.6f %.6f%n", (double) i / nx, (double) j / nz));
            }
        }
        for (int j = 0; j < nz; j++) {
            for (int i = 0; i < nx; i++) {
                int a = j * (nx + 1) + i + 1;
                int c = a + nx + 1;
                // (a, c, a+1) and (a+1, c, c+1) wind counter-clockwise seen from +y
                b.append(face(a, c, a + 1)).append(face(a + 1, c, c + 1));
            }
        }
        return b.toString();
    }

    private static String face(int a, int b, int c) {
        return "f " + a + "/" + a + " " + b + "/" + b + " " + c + "/" + c + "\n";
    }

    /** A disc of {@code n} triangles around one centre vertex (a valid mesh of valence n). */
    static String fan(int n, double radius, double y) {
        StringBuilder b = new StringBuilder("# fan\nv 0 " + y + " 0\n");
        for (int k = 0; k < n; k++) {
            double a = 2 * Math.PI * k / n;
            b.append(String.format(Locale.ROOT, "v %.9f %.6f %.9f%n", radius * Math.cos(a), y, -radius * Math.sin(a)));
        }
        for (int k = 0; k < n; k++) {
            b.append("f 1 ").append(k + 2).append(' ').append((k + 1) % n + 2).append('\n');
        }
        return b.toString();
    }

    /** Applies one randomly chosen corruption to an OBJ file's bytes. */
    static byte[] mutate(byte[] obj, Random r, List<String> log) {
        String text = new String(obj, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        int op = r.nextInt(17);
        switch (op) {
            case 0: {
                int cut = r.nextInt(Math.max(1, obj.length));
                log.add("OBJ truncated to " + cut + " of " + obj.length + " bytes");
                return Arrays.copyOf(obj, cut);
            }
            case 1: {
                String bad = pick(r, "0", "-1", "-999999", "2147483648", "-2147483649", "99999999999999999999", "x",
                        "1//", "1/2/3/4", "", "+3", "1e2", "0x10");
                int line = randomLine(lines, "f ", r);
                if (line < 0) {
                    break;
                }
                String[] t = lines.get(line).split(" ");
                int k = 1 + r.nextInt(t.length - 1);
                t[k] = bad;
                lines.set(line, String.join(" ", t));
                log.add("OBJ face index " + k + " of line " + (line + 1) + " := '" + bad + "'");
                return join(lines);
            }
            case 2: {
                String bad = pick(r, "NaN", "Infinity", "-Infinity", "1e308", "-1e308", "1e400", "4.9e-324", "0x1p3",
                        "1,5", "nan", "--1", "1e", "");
                int line = randomLine(lines, "v ", r);
                if (line < 0) {
                    break;
                }
                String[] t = lines.get(line).split(" ");
                int k = 1 + r.nextInt(t.length - 1);
                t[k] = bad;
                lines.set(line, String.join(" ", t));
                log.add("OBJ coordinate " + k + " of line " + (line + 1) + " := '" + bad + "'");
                return join(lines);
            }
            case 3: {
                int line = randomLine(lines, "f ", r);
                if (line < 0) {
                    break;
                }
                String[] t = lines.get(line).split(" ");
                t[2] = t[1];
                lines.set(line, String.join(" ", t));
                log.add("OBJ degenerate face (repeated corner) at line " + (line + 1));
                return join(lines);
            }
            case 4: {
                // three collinear new vertices and a zero-area face on them
                int v = count(lines, "v ");
                lines.add("v 0 2 0");
                lines.add("v 0.5 2 0");
                lines.add("v 1 2 0");
                lines.add("f " + (v + 1) + " " + (v + 2) + " " + (v + 3));
                log.add("OBJ zero-area face on collinear vertices appended");
                return join(lines);
            }
            case 5: {
                int line = randomLine(lines, "f ", r);
                if (line < 0) {
                    break;
                }
                boolean reversed = r.nextBoolean();
                String[] t = lines.get(line).split(" ");
                String copy = reversed ? "f " + t[3] + " " + t[2] + " " + t[1] : lines.get(line);
                lines.add(copy);
                log.add("OBJ duplicate face of line " + (line + 1) + (reversed ? " (reversed)" : ""));
                return join(lines);
            }
            case 6: {
                log.add("OBJ replaced by a 40-triangle fan around one vertex");
                return fan(40, 0.2, 0.5).getBytes(StandardCharsets.UTF_8);
            }
            case 7: {
                // a third triangle on the edge of an existing face: a non-manifold edge
                int line = randomLine(lines, "f ", r);
                if (line < 0) {
                    break;
                }
                String[] t = lines.get(line).split(" ");
                int v = count(lines, "v ");
                lines.add("v 0.01 0.9 0.02");
                lines.add("f " + t[1].split("/")[0] + " " + t[2].split("/")[0] + " " + (v + 1));
                log.add("OBJ non-manifold edge: a third face on the first edge of line " + (line + 1));
                return join(lines);
            }
            case 8: {
                byte[] g = new byte[1 + r.nextInt(4096)];
                r.nextBytes(g);
                if (r.nextBoolean()) {
                    log.add("OBJ replaced by " + g.length + " random bytes");
                    return g;
                }
                int at = r.nextInt(obj.length + 1);
                byte[] out = new byte[obj.length + g.length];
                System.arraycopy(obj, 0, out, 0, at);
                System.arraycopy(g, 0, out, at, g.length);
                System.arraycopy(obj, at, out, at + g.length, obj.length - at);
                log.add("OBJ " + g.length + " random bytes inserted at offset " + at);
                return out;
            }
            case 9: {
                log.add("OBJ with CRLF line ends");
                return text.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
            }
            case 10: {
                int kind = r.nextInt(4);
                String line = switch (kind) {
                    case 0 -> "# " + "x".repeat(1_000_000);
                    case 1 -> "v 1" + "0".repeat(100_000) + " 0 0";
                    case 2 -> "v 0." + "1".repeat(100_000) + " 0 0";
                    default -> {
                        StringBuilder f = new StringBuilder("f");
                        int v = Math.max(1, count(lines, "v "));
                        for (int k = 0; k < 5000; k++) {
                            f.append(' ').append(1 + k % v);
                        }
                        yield f.toString();
                    }
                };
                lines.add(r.nextInt(lines.size() + 1), line);
                log.add("OBJ very long line (" + line.length() + " characters, kind " + kind + ")");
                return join(lines);
            }
            case 11: {
                String repl = pick(r, "", "# nothing\n", "v 0 0 0\nv 1 0 0\nv 0 1 0\n", "f 1 2 3\n", "\u0000\u0000");
                log.add("OBJ replaced by " + quoted(repl));
                return repl.getBytes(StandardCharsets.UTF_8);
            }
            case 12: {
                String extra = pick(r, "usemtl cloth", "o piece", "s 1", "g group", "l 1 2", "p 1", "vn 0 1 0",
                        "mtllib ../../private/notes.txt", "vp 0.5", "curv 0 1 1 2", "f", "v", "vt", "v 1 2",
                        "v 1 2 3 4 5", "\t v 0 0 0", "\u00a0");
                lines.add(r.nextInt(lines.size() + 1), extra);
                log.add("OBJ line inserted: " + quoted(extra));
                return join(lines);
            }
            case 13: {
                int line = randomLine(lines, "f ", r);
                if (line < 0) {
                    break;
                }
                String[] t = lines.get(line).split(" ");
                lines.set(line, "f " + t[1] + " " + t[3] + " " + t[2]);
                log.add("OBJ face of line " + (line + 1) + " wound the other way");
                return join(lines);
            }
            case 14: {
                StringBuilder b = new StringBuilder(text);
                int n = 10_000 + r.nextInt(20_000);
                for (int k = 0; k < n; k++) {
                    b.append("v ").append(k % 97).append(" 5 ").append(k / 97).append('\n');
                }
                log.add("OBJ " + n + " unreferenced vertices appended");
                return b.toString().getBytes(StandardCharsets.UTF_8);
            }
            case 15: {
                // every vertex at the same point: all faces zero-area
                for (int i = 0; i < lines.size(); i++) {
                    if (lines.get(i).startsWith("v ")) {
                        lines.set(i, "v 0.25 0.5 0.25");
                    }
                }
                log.add("OBJ every vertex moved to one point");
                return join(lines);
            }
            default: {
                // faces that reference the vertex before it is defined, by a negative (relative) index
                int line = randomLine(lines, "f ", r);
                if (line < 0) {
                    break;
                }
                String moved = lines.remove(line);
                lines.add(0, moved.replace("/", "/-"));
                log.add("OBJ face of line " + (line + 1) + " moved before the vertices, with negative UV indices");
                return join(lines);
            }
        }
        log.add("OBJ has no line to mutate; truncated to nothing");
        return new byte[0];
    }

    private static int randomLine(List<String> lines, String prefix, Random r) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix) && lines.get(i).split(" ").length >= 4) {
                idx.add(i);
            }
        }
        return idx.isEmpty() ? -1 : idx.get(r.nextInt(idx.size()));
    }

    private static int count(List<String> lines, String prefix) {
        int n = 0;
        for (String l : lines) {
            if (l.startsWith(prefix)) {
                n++;
            }
        }
        return n;
    }

    private static byte[] join(List<String> lines) {
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    @SafeVarargs
    static <T> T pick(Random r, T... options) {
        return options[r.nextInt(options.length)];
    }

    /** A short printable form of a text for case descriptions. */
    static String quoted(String s) {
        return quoted(s, 80);
    }

    /** {@link #quoted(String)} keeping at most {@code max} characters. */
    static String quoted(String s, int max) {
        StringBuilder b = new StringBuilder("'");
        int n = Math.min(s.length(), max);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) || c >= 0x200e && c <= 0x202e) {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        if (s.length() > n) {
            b.append("…(").append(s.length()).append(" chars)");
        }
        return b.append('\'').toString();
    }
}
