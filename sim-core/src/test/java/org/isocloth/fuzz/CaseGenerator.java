package org.isocloth.fuzz;

import static org.isocloth.fuzz.ObjMutations.pick;
import static org.isocloth.fuzz.ObjMutations.quoted;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Makes fuzz case number n for a seed: a base scene, its files, and one to three mutations of
 * the scene, its meshes, its GLB or cache, or the command line. The case depends only on the
 * seed and n (each case has its own {@link Random}), so any case can be rebuilt alone.
 *
 * <p>The first {@link #FIXED} cases are fixed: a FIFO named as the scene, as a cloth's OBJ and as
 * a glTF collider (reading a FIFO with no writer blocks), and {@code --out ""}.
 */
final class CaseGenerator {
    /** Number of fixed cases before the random ones. */
    static final int FIXED = 4;
    /** Case number of {@code --out ""}. */
    static final int EMPTY_OUT = 3;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final long seed;
    private final Fixtures fx;

    CaseGenerator(long seed, Fixtures fx) {
        this.seed = seed;
        this.fx = fx;
    }

    /** The Random of case n: the seed and n mixed (SplitMix64), so neighbouring cases differ. */
    static Random random(long seed, int n) {
        long z = seed + 0x9E3779B97F4A7C15L * (n + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return new Random(z ^ (z >>> 31));
    }

    FuzzCase make(int n) {
        Random r = random(seed, n);
        List<String> log = new ArrayList<>();
        List<String> args = new ArrayList<>(List.of("run", "{scene}", "--out", "{out}"));
        if (n < FIXED) {
            return fixed(n, log, args);
        }
        BaseScenes.Base base = BaseScenes.ALL.get(r.nextInt(BaseScenes.ALL.size()));
        Map<String, byte[]> files = baseFiles(base);
        ObjectNode scene = parse(base.json());
        SceneMutations sm = new SceneMutations(r, log);
        List<Runnable> textMutations = new ArrayList<>();
        byte[][] rendered = new byte[1][];
        int count = 1 + (r.nextInt(3) == 0 ? 1 : 0) + (r.nextInt(6) == 0 ? 1 : 0);
        for (int k = 0; k < count; k++) {
            int what = r.nextInt(100);
            if (what < 44) {
                sm.mutate(scene, fx);
            } else if (what < 58) {
                List<String> objs = files.keySet().stream().filter(f -> f.endsWith(".obj")).toList();
                if (objs.isEmpty()) {
                    useObjMesh(scene, files, log);
                    objs = List.of("cloth.obj");
                }
                String f = objs.get(r.nextInt(objs.size()));
                List<String> l = new ArrayList<>();
                files.put(f, ObjMutations.mutate(files.get(f), r, l));
                l.forEach(s -> log.add(f + ": " + s));
            } else if (what < 66) {
                if (!files.containsKey("cloth.glb")) {
                    useGlbMesh(scene, files, log, r);
                }
                files.put("cloth.glb", corruptBinary(files.get("cloth.glb"), r, log, "cloth.glb", true));
            } else if (what < 69) {
                if (!files.containsKey("anim.isocache")) {
                    useCache(scene, files, log);
                }
                files.put("anim.isocache", corruptBinary(files.get("anim.isocache"), r, log, "anim.isocache", false));
            } else if (what < 76) {
                int op = r.nextInt(9);
                textMutations.add(() -> rendered[0] = sceneText(rendered[0], op, r, log));
            } else if (what < 93) {
                commandLine(args, r, log);
            } else {
                stress(scene, r, log);
            }
        }
        rendered[0] = sm.render(scene, r.nextBoolean());
        for (Runnable t : textMutations) {
            t.run();
        }
        files.put("scene.json", rendered[0]);
        return new FuzzCase(n, base.name(), files, args, log);
    }

    private FuzzCase fixed(int n, List<String> log, List<String> args) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        ObjectNode scene = parse(BaseScenes.HANG);
        String fifo = fx.fifoOrDirectory().toString();
        switch (n) {
            case 0 -> {
                args.set(1, fifo);
                log.add("scene argument := a FIFO (" + fifo + ")");
            }
            case 1 -> {
                useObjMesh(scene, files, log);
                ((ObjectNode) scene.get("cloths").get(0).get("mesh")).put("obj", fifo);
                log.add("cloths[0].mesh.obj := a FIFO");
            }
            case 2 -> {
                scene.putArray("colliders").addObject().put("gltf", fifo);
                log.add("colliders := [ { gltf: a FIFO } ]");
            }
            default -> {
                args.set(3, "");
                log.add("--out ''");
            }
        }
        files.put("scene.json", render(scene));
        return new FuzzCase(n, "hang", files, args, log);
    }

    private Map<String, byte[]> baseFiles(BaseScenes.Base base) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String f : base.files()) {
            files.put(f, switch (f) {
                case "cloth.obj" -> fx.clothObj;
                case "collider.obj" -> fx.colliderObj;
                case "cloth.glb" -> fx.glb;
                case "anim.isocache" -> fx.cache;
                case "body_0000.obj" -> ObjMutations.grid(2, 2, 0.3, 0.10).getBytes(StandardCharsets.UTF_8);
                case "body_0001.obj" -> ObjMutations.grid(2, 2, 0.3, 0.12).getBytes(StandardCharsets.UTF_8);
                default -> throw new IllegalArgumentException(f);
            });
        }
        return files;
    }

    private static ObjectNode parse(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] render(JsonNode scene) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(scene);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Gives the first cloth the valid 4 × 4 OBJ grid as its mesh (so a mesh mutation has a target). */
    private void useObjMesh(ObjectNode scene, Map<String, byte[]> files, List<String> log) {
        files.put("cloth.obj", fx.clothObj);
        JsonNode cloths = scene.get("cloths");
        if (cloths != null && cloths.isArray() && cloths.size() > 0 && cloths.get(0).isObject()) {
            ObjectNode c = (ObjectNode) cloths.get(0);
            c.putObject("mesh").put("obj", "cloth.obj");
            c.remove("pins");
            log.add("cloths[0].mesh := { obj: cloth.obj } (pins removed)");
        }
    }

    /** Makes the exported GLB the first cloth's mesh, or a glTF collider. */
    private void useGlbMesh(ObjectNode scene, Map<String, byte[]> files, List<String> log, Random r) {
        files.put("cloth.glb", fx.glb);
        JsonNode cloths = scene.get("cloths");
        if (r.nextBoolean() && cloths != null && cloths.isArray() && cloths.size() > 0 && cloths.get(0).isObject()) {
            ObjectNode c = (ObjectNode) cloths.get(0);
            c.putObject("mesh").put("gltf", "cloth.glb");
            c.remove("pins");
            log.add("cloths[0].mesh := { gltf: cloth.glb } (pins removed)");
        } else {
            colliders(scene).addObject().put("name", "glb").put("gltf", "cloth.glb");
            log.add("collider { gltf: cloth.glb } added");
        }
    }

    private void useCache(ObjectNode scene, Map<String, byte[]> files, List<String> log) {
        files.put("anim.isocache", fx.cache);
        colliders(scene).addObject().putObject("cache").put("path", "anim.isocache");
        log.add("collider { cache: { path: anim.isocache } } added");
    }

    private static ArrayNode colliders(ObjectNode scene) {
        JsonNode c = scene.get("colliders");
        return c != null && c.isArray() ? (ArrayNode) c : scene.putArray("colliders");
    }

    /**
     * Flips bytes, truncates, or patches the header or (for a GLB) the numbers of the JSON chunk.
     */
    static byte[] corruptBinary(byte[] in, Random r, List<String> log, String name, boolean glb) {
        byte[] b = in.clone();
        int op = r.nextInt(glb ? 7 : 4);
        switch (op) {
            case 0 -> {
                int flips = 1 + r.nextInt(8);
                StringBuilder at = new StringBuilder();
                for (int k = 0; k < flips; k++) {
                    int i = r.nextInt(b.length);
                    b[i] ^= (byte) (1 + r.nextInt(255));
                    at.append(i).append(' ');
                }
                log.add(name + ": bytes flipped at " + at.toString().trim());
                return b;
            }
            case 1 -> {
                int cut = r.nextInt(b.length);
                log.add(name + ": truncated to " + cut + " of " + b.length + " bytes");
                return Arrays.copyOf(b, cut);
            }
            case 2 -> {
                int at = 4 * r.nextInt(Math.min(b.length, 64) / 4);
                int v = pick(r, 0, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 1 << 30, 7);
                ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(at, v);
                log.add(name + ": 32-bit word at offset " + at + " := " + v);
                return b;
            }
            case 3 -> {
                byte[] g = new byte[1 + r.nextInt(100)];
                r.nextBytes(g);
                byte[] out = Arrays.copyOf(b, b.length + g.length);
                System.arraycopy(g, 0, out, b.length, g.length);
                log.add(name + ": " + g.length + " random bytes appended");
                return out;
            }
            default -> {
                // GLB: change numbers inside the JSON chunk (counts, offsets, indices), keeping
                // its length, so the header stays consistent and the reader trusts the JSON
                int jsonLen = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
                List<Integer> digits = new ArrayList<>();
                for (int i = 20; i < 20 + jsonLen && i < b.length; i++) {
                    if (b[i] >= '0' && b[i] <= '9') {
                        digits.add(i);
                    }
                }
                int changes = 1 + r.nextInt(4);
                StringBuilder what = new StringBuilder();
                for (int k = 0; k < changes && !digits.isEmpty(); k++) {
                    int i = digits.get(r.nextInt(digits.size()));
                    byte d = (byte) "0951".charAt(r.nextInt(4));
                    b[i] = d;
                    what.append(i).append("→").append((char) d).append(' ');
                }
                log.add(name + ": JSON chunk digits changed at " + what.toString().trim());
                return b;
            }
        }
    }

    /** Byte-level changes of the written scene: cut, encodings, byte order marks, trailing data. */
    private static byte[] sceneText(byte[] s, int op, Random r, List<String> log) {
        switch (op) {
            case 0: {
                int cut = r.nextInt(s.length);
                log.add("scene.json truncated to " + cut + " bytes");
                return Arrays.copyOf(s, cut);
            }
            case 1:
                log.add("scene.json empty");
                return new byte[0];
            case 2:
                log.add("scene.json with a UTF-8 byte order mark");
                return concat(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, s);
            case 3:
                log.add("scene.json in UTF-16LE without a byte order mark");
                return new String(s, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_16LE);
            case 4: {
                String tail = pick(r, " {}", "\n// comment", ",", "\u0000", " garbage", "]");
                log.add("scene.json followed by " + quoted(tail));
                return concat(s, tail.getBytes(StandardCharsets.UTF_8));
            }
            case 5: {
                byte[] g = new byte[1 + r.nextInt(64)];
                r.nextBytes(g);
                int at = r.nextInt(s.length + 1);
                log.add("scene.json: " + g.length + " random bytes inserted at " + at);
                return concat(concat(Arrays.copyOf(s, at), g), Arrays.copyOfRange(s, at, s.length));
            }
            case 6: {
                // a duplicate key at the top level
                String t = new String(s, StandardCharsets.UTF_8);
                int brace = t.indexOf('{');
                log.add("scene.json: duplicate \"frames\" key at the top level");
                return brace < 0 ? s
                        : (t.substring(0, brace + 1) + " \"frames\": 2, " + t.substring(brace + 1))
                                .getBytes(StandardCharsets.UTF_8);
            }
            case 7:
                log.add("scene.json replaced by 17 MB of spaces");
                return " ".repeat(17 * 1024 * 1024).getBytes(StandardCharsets.UTF_8);
            default: {
                String repl = pick(r, "null", "[]", "\"scene\"", "1e999", "{\"cloths\": []}", "{\"cloths\": {}}",
                        "{\"cloths\": [{}]}");
                log.add("scene.json := " + quoted(repl));
                return repl.getBytes(StandardCharsets.UTF_8);
            }
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Changes the {@code cloth run} command line. */
    private void commandLine(List<String> args, Random r, List<String> log) {
        int op = r.nextInt(8);
        switch (op) {
            case 0 -> {
                int at = args.indexOf("--out");
                if (at >= 0 && at + 1 < args.size()) {
                    String v = pick(r, "{file}", "{file}/sub", "{scene}", "{out}/metrics.csv");
                    args.set(at + 1, v);
                    log.add("--out := " + v);
                }
            }
            case 1 -> {
                String flag = pick(r, "--frobnicate", "-o", "--OUT", "--out={out}", "--", "-", "--obj-every=2",
                        "--resume", "--contact-springs", "--contact-planes", "--help", "--stop-after=1", "\u0000");
                args.add(1 + r.nextInt(args.size()), flag);
                log.add("argument inserted: " + quoted(flag));
            }
            case 2, 3, 4 -> {
                String flag = pick(r, "--obj-every", "--stop-after", "--checkpoint-every");
                String v = pick(r, "-1", "0", "1", "2", "2147483647", "2147483648", "-2147483648",
                        "99999999999999999999", "abc", "", "1e3", " 3", "3 ", "+2", "0x10", "１");
                if (r.nextInt(8) == 0) {
                    args.add(flag);
                    log.add(flag + " without a value");
                } else {
                    int at = 1 + r.nextInt(args.size());
                    args.add(at, v);
                    args.add(at, flag);
                    log.add(flag + " " + quoted(v));
                }
            }
            case 5 -> {
                int k = r.nextInt(6);
                int at = args.indexOf("{scene}");
                if (at < 0) {
                    return; // already replaced by an earlier mutation
                }
                switch (k) {
                    case 0 -> args.remove(at);
                    case 1 -> args.add("{scene}");
                    case 2 -> args.set(at, "{dir}/nope.json");
                    case 3 -> args.set(at, "{dir}");
                    case 4 -> args.set(at, "");
                    default -> args.set(at, fx.secretFiles.get(r.nextInt(fx.secretFiles.size())).toString());
                }
                log.add("scene argument: " + List.of("dropped", "given twice", "missing file", "a directory",
                        "empty", "a secret non-scene file").get(k));
            }
            case 6 -> {
                String cmd = pick(r, "RUN", "runn", "", "run\u0000", "--run");
                args.set(0, cmd);
                log.add("command := " + quoted(cmd));
            }
            default -> {
                int at = args.indexOf("--out");
                if (at >= 0) {
                    args.remove(at + 1 < args.size() ? at + 1 : at);
                    args.remove(at);
                    log.add("--out dropped");
                }
            }
        }
    }

    /**
     * Valid changes that make frames hard: one Gauss-Newton iteration, a tight strain tolerance,
     * fast pins, a ball that moves through the cloth, a thick cloth. They give metrics rows with
     * converged=false or penetrations, which the run must report.
     */
    private static void stress(ObjectNode scene, Random r, List<String> log) {
        int op = r.nextInt(5);
        JsonNode cloth0 = scene.path("cloths").path(0);
        switch (op) {
            case 0 -> {
                JsonNode s = scene.get("solver");
                ObjectNode solver = s instanceof ObjectNode o ? o : scene.putObject("solver");
                solver.put("maxIterations", 1);
                log.add("solver.maxIterations := 1");
            }
            case 1 -> {
                if (cloth0.path("material") instanceof ObjectNode m) {
                    m.put("strainTolerance", 1e-9);
                    log.add("cloths[0].material.strainTolerance := 1e-9");
                }
            }
            case 2 -> {
                if (cloth0 instanceof ObjectNode c) {
                    ArrayNode pins = c.putArray("pins");
                    ObjectNode pin = pins.addObject();
                    pin.putObject("box").set("min", JSON.valueToTree(new double[] {-10, -10, -10}));
                    ((ObjectNode) pin.get("box")).set("max", JSON.valueToTree(new double[] {0, 10, 10}));
                    pin.putObject("motion").set("velocity", JSON.valueToTree(new double[] {0, -40, 0}));
                    log.add("cloths[0].pins := half the cloth pinned, moving down at 40 m/s");
                }
            }
            case 3 -> {
                ObjectNode ball = colliders(scene).addObject();
                ball.put("name", "bullet");
                ball.putObject("sphere").put("radius", 0.05)
                        .set("center", JSON.valueToTree(new double[] {0, 3, 0}));
                ball.putObject("motion").set("velocity", JSON.valueToTree(new double[] {0, -150, 0}));
                log.add("collider 'bullet': a 5 cm ball falling through at 150 m/s");
            }
            default -> {
                if (cloth0.path("material") instanceof ObjectNode m) {
                    m.put("thickness", 0.1);
                    log.add("cloths[0].material.thickness := 0.1");
                }
            }
        }
    }
}
