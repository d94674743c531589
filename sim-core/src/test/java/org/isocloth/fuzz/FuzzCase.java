package org.isocloth.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One generated case: the files to write into the case's directory (the scene is
 * {@code scene.json}), the {@code cloth} arguments and a description of every mutation.
 *
 * <p>Arguments may hold the placeholders {@code {scene}} (the scene file), {@code {out}} (the
 * case's output directory, prefilled with a good run's outputs), {@code {dir}} (the case's
 * directory) and {@code {file}} (an existing plain file in it, {@code existing.txt}).
 *
 * @param number the case number (with the seed, it reproduces the case); negative for the fixed
 *     cases that are not generated (the base scenes, the 1100 × 1100 grid)
 * @param base the base scene's name
 * @param files file name (relative to the case directory) → content
 * @param args the command line
 * @param mutations what was changed, in order
 */
record FuzzCase(int number, String base, Map<String, byte[]> files, List<String> args, List<String> mutations) {
    /** Name of the plain file every case directory holds, for {@code --out} pointed at a file. */
    static final String EXISTING = "existing.txt";

    /** @return the arguments with the placeholders replaced */
    String[] resolvedArgs(String scene, String out, String dir, String file) {
        List<String> a = new ArrayList<>();
        for (String s : args) {
            a.add(s.replace("{scene}", scene).replace("{out}", out).replace("{dir}", dir).replace("{file}", file));
        }
        return a.toArray(new String[0]);
    }

    /** @return whether the arguments name {@code flag} */
    boolean has(String flag) {
        return args.contains(flag);
    }

    /** A description for a failure message: mutations, arguments and the start of the scene. */
    String describe(long seed) {
        StringBuilder b = new StringBuilder();
        b.append("seed ").append(seed).append(", case ").append(number).append(" (base '").append(base).append('\'');
        if (number >= 0) {
            b.append("; rerun alone with -Disocloth.fuzz.seed=").append(seed).append(" -Disocloth.fuzz.case=")
                    .append(number);
        }
        b.append(")\n");
        b.append("  mutations: ").append(mutations.isEmpty() ? "none" : String.join("; ", mutations)).append('\n');
        b.append("  args: ");
        for (String s : args) {
            b.append(ObjMutations.quoted(s)).append(' ');
        }
        b.append('\n');
        byte[] scene = files.get("scene.json");
        if (scene != null) {
            String flat = new String(scene, StandardCharsets.UTF_8).replaceAll("\\s+", " ");
            b.append("  scene.json (").append(scene.length).append(" bytes): ")
                    .append(ObjMutations.quoted(flat, 1500)).append('\n');
        }
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            if (!e.getKey().equals("scene.json") && mutations.stream().anyMatch(m -> m.contains(e.getKey()))) {
                b.append("  ").append(e.getKey()).append(" (").append(e.getValue().length).append(" bytes): ")
                        .append(ObjMutations.quoted(new String(e.getValue(), StandardCharsets.UTF_8), 160))
                        .append('\n');
            }
        }
        return b.toString();
    }
}
