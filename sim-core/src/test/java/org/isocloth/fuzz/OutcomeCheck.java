package org.isocloth.fuzz;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.isocloth.cli.SceneRun;

/**
 * The checks every fuzz case must pass, given what its run did and its directory before and
 * after:
 * <ul>
 * <li>the run ended within the time limit and returned a status instead of throwing;
 * <li>status 1 or 2: exactly one line on standard error besides progress lines, starting with
 * {@code cloth: error: } or {@code cloth: simulation failed: }, at most 1000 characters, with no
 * stack trace or exception class name and no "internal error";
 * <li>status 0: nothing on standard error but progress lines, and every output written
 * (metrics.csv, rest.obj, final.obj, summary.json) with only finite numbers; a metrics row with
 * converged=false is counted in summary.json's {@code unconvergedFrames}, and a row with
 * penetrations makes the run fail (status 3, a {@code cloth: } line saying how many frames
 * failed) instead of exiting 0;
 * <li>the secret marker of the non-mesh files is not in standard output, standard error or any
 * log record;
 * <li>no log record of level WARNING or above carries an exception;
 * <li>the case's directory is unchanged except for the outputs of a successful run: the
 * prefilled outputs of a failed run are byte-identical and nothing was left beside them
 * (staging directories, {@code .partial}, temporary files). A resumable run's
 * {@code .partial/checkpoint.bin} is allowed where the run was asked to stop early or to write
 * checkpoints and its simulation failed, since {@code --resume} continues from it by design.
 * </ul>
 */
final class OutcomeCheck {
    /** Longest acceptable error line, characters. */
    static final int MAX_LINE = 1000;

    private static final Pattern PROGRESS = Pattern.compile(
            "run .*: \\d+/\\d+ frames \\(\\d+%\\), (done in .+|about .+ left|time left unknown)");
    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\b(java|javax|jdk|sun|com\\.fasterxml|org\\.isocloth)\\.[\\w.$]*[A-Z]\\w*");
    private static final JsonMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    /** One failed check: {@code kind} groups failures of the same cause, {@code detail} shows this one. */
    record Problem(String kind, String detail) {
    }

    private final List<Problem> problems = new ArrayList<>();

    private void fail(String kind, String detail) {
        problems.add(new Problem(kind, detail));
    }

    /**
     * Every file under {@code dir} (relative path with '/' → content; directories map to null).
     */
    static Map<String, byte[]> snapshot(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (p.equals(dir)) {
                    continue;
                }
                String rel = dir.relativize(p).toString().replace('\\', '/');
                m.put(rel, Files.isRegularFile(p) ? Files.readAllBytes(p) : null);
            }
        }
        return m;
    }

    static List<Problem> check(FuzzCase c, CaseRunner.Result r, Path dir, Map<String, byte[]> before)
            throws IOException {
        OutcomeCheck k = new OutcomeCheck();
        k.run(c, r, dir, before);
        return k.problems;
    }

    private void run(FuzzCase c, CaseRunner.Result r, Path dir, Map<String, byte[]> before) throws IOException {
        checkLogs(r);
        checkSecret("standard output", r.out);
        checkSecret("standard error", r.err);
        if (r.hung) {
            fail("hang: no exit within the time limit", "still running after " + r.millis + " ms; stderr so far: "
                    + ObjMutations.quoted(r.err, 400));
            return;
        }
        if (r.thrown != null) {
            fail("uncaught " + r.thrown.getClass().getName() + where(r.thrown), trace(r.thrown));
            checkDirectory(c, dir, before, false, false);
            return;
        }
        List<String> lines = new ArrayList<>();
        for (String l : r.err.split("\\R")) {
            if (!l.isEmpty() && !PROGRESS.matcher(l).matches()) {
                lines.add(l);
            }
        }
        int status = r.status;
        boolean stopped = status == 0 && r.out.contains(": stopped after frame ");
        if (status == 1 || status == 2) {
            checkErrorLine(lines, r, "cloth: error: ", "cloth: simulation failed: ");
            checkDirectory(c, dir, before, false, false);
        } else if (status == 0) {
            // the one line a finished run may print: frames that ended a step at the iteration cap
            // within the failure bound ("unconverged"), which summary.json must count
            boolean warned = lines.size() == 1 && lines.get(0).startsWith("cloth: warning: ")
                    && lines.get(0).contains("ended a step at the iteration cap");
            if (!lines.isEmpty() && !warned) {
                fail("status 0 with text on standard error", ObjMutations.quoted(String.join("\n", lines), 600));
            }
            if (stopped) {
                checkDirectory(c, dir, before, false, true);
            } else {
                checkDirectory(c, dir, before, true, false);
                checkOutputs(c, dir.resolve("out"), true);
            }
        } else if (status == 3) {
            checkErrorLine(lines, r, "cloth: ");
            if (lines.size() == 1 && !lines.get(0).matches(".*\\d.*")) {
                fail("status 3 line does not say how many frames failed", lines.get(0));
            }
            boolean complete = Files.isRegularFile(dir.resolve("out/summary.json"))
                    && !Arrays.equals(Files.readAllBytes(dir.resolve("out/summary.json")), before.get("out/summary.json"));
            checkDirectory(c, dir, before, complete, false);
            if (complete) {
                checkOutputs(c, dir.resolve("out"), false);
            }
        } else {
            fail("unexpected exit status " + status, ObjMutations.quoted(r.err, 600));
        }
    }

    private void checkErrorLine(List<String> lines, CaseRunner.Result r, String... prefixes) {
        if (lines.size() != 1) {
            fail("status " + r.status + " with " + lines.size() + " lines on standard error instead of one",
                    ObjMutations.quoted(String.join("\n", lines), 800));
            if (lines.isEmpty()) {
                return;
            }
        }
        String line = lines.get(0);
        String shape = shape(line);
        String joined = String.join("\n", lines);
        if (joined.contains("internal error") || joined.contains("\tat ") || joined.contains("Exception")
                || CLASS_NAME.matcher(joined).find()) {
            Throwable cause = internalErrorCause(r);
            fail("status " + r.status + ": exception text on standard error: "
                    + (cause == null ? exceptionShape(joined) : cause.getClass().getName() + where(cause)),
                    ObjMutations.quoted(joined, 800) + (cause == null ? "" : "\n" + trace(cause)));
        } else {
            boolean prefixed = false;
            for (String p : prefixes) {
                prefixed |= line.startsWith(p);
            }
            if (!prefixed) {
                fail("status " + r.status + ": error line without the expected prefix: " + shape,
                        ObjMutations.quoted(line, 600));
            }
        }
        if (line.length() > MAX_LINE) {
            fail("status " + r.status + ": error line of more than " + MAX_LINE + " characters: " + shape,
                    line.length() + " characters: " + ObjMutations.quoted(line, 300));
        }
    }

    /** The exception Main logged at FINE with its "internal error" line, if any. */
    private static Throwable internalErrorCause(CaseRunner.Result r) {
        for (LogRecord rec : r.records) {
            if (rec.getThrown() != null && "internal error".equals(rec.getMessage())) {
                return rec.getThrown();
            }
        }
        return null;
    }

    private static final Pattern EXCEPTION_WORD = Pattern.compile("(?<![\\w.$])[\\w.$]{0,200}(?:Exception|Error)\\b");

    /**
     * For grouping lines that show an exception: its class's simple name and the last part of
     * the line (the reason, e.g. "Is a directory"), without paths and numbers.
     */
    static String exceptionShape(String line) {
        java.util.regex.Matcher m = EXCEPTION_WORD.matcher(line);
        String name = m.find() ? m.group().substring(m.group().lastIndexOf('.') + 1) : "internal error";
        String tail = line.substring(line.lastIndexOf(": ") + 1).trim();
        String reason = shape(tail);
        return name + " … " + (reason.length() > 40 ? reason.substring(0, 40) + "…" : reason);
    }

    /**
     * A message reduced to its form, for grouping: quoted text, paths and numbers replaced, and
     * cut to 90 characters.
     */
    static String shape(String line) {
        StringBuilder b = new StringBuilder();
        line.codePoints().limit(400).forEach(c -> b.appendCodePoint(c < 0x20 || c > 0xffff || Character.isSurrogate((char) c)
                ? '?' : c));
        String s = b.toString().replaceAll("(.)\\1{4,}", "$1…").replaceAll("'[^']*'", "'…'")
                .replaceAll("\"[^\"]*\"", "\"…\"").replaceAll("(?:/[^\\s:/]*+)++/?", "PATH")
                .replaceAll("\\d+(\\.\\d+)?([eE][-+]?\\d+)?", "#");
        return s.length() > 90 ? s.substring(0, 90) + "…" : s;
    }

    private void checkSecret(String where, String text) {
        if (text.contains(Fixtures.SECRET)) {
            int i = text.indexOf(Fixtures.SECRET);
            fail("secret marker of a non-mesh file shown on " + where,
                    ObjMutations.quoted(text.substring(Math.max(0, i - 300), Math.min(text.length(), i + 200)), 600));
        }
    }

    private void checkLogs(CaseRunner.Result r) {
        SimpleFormatter f = new SimpleFormatter();
        for (LogRecord rec : r.records) {
            StringBuilder all = new StringBuilder(f.formatMessage(rec));
            for (Throwable t = rec.getThrown(); t != null; t = t.getCause()) {
                all.append('\n').append(t);
            }
            if (all.indexOf(Fixtures.SECRET) >= 0) {
                fail("secret marker of a non-mesh file in a log record (" + rec.getLevel() + ")",
                        ObjMutations.quoted(all.toString(), 600));
            }
            if (rec.getThrown() != null && rec.getLevel().intValue() >= Level.WARNING.intValue()) {
                fail("log record at " + rec.getLevel() + " with an exception: " + rec.getThrown().getClass().getName(),
                        f.formatMessage(rec) + "\n" + trace(rec.getThrown()));
            }
        }
    }

    /**
     * The case directory after the run against before it.
     *
     * @param published a successful run replaced the outputs in out/
     * @param stopped a run stopped early (--stop-after) and kept its checkpoint
     */
    private void checkDirectory(FuzzCase c, Path dir, Map<String, byte[]> before, boolean published, boolean stopped)
            throws IOException {
        Map<String, byte[]> after = snapshot(dir);
        List<String> changed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : before.entrySet()) {
            String k = e.getKey();
            if (published && (k.startsWith("out/") && Fixtures.OUTPUTS.contains(k.substring(4)))) {
                if (!after.containsKey(k)) {
                    fail("successful run without " + k.substring(4), "missing from the output directory");
                }
                continue;
            }
            if (!after.containsKey(k)) {
                changed.add(k + " (deleted)");
            } else if (e.getValue() == null ? after.get(k) != null : !Arrays.equals(e.getValue(), after.get(k))) {
                changed.add(k);
            }
        }
        boolean checkpointKept = after.containsKey("out/.partial/checkpoint.bin");
        boolean resumable = c.has("--checkpoint-every") || c.has("--stop-after");
        for (String k : after.keySet()) {
            if (before.containsKey(k)) {
                continue;
            }
            if (published && (k.equals("out/frames") || k.matches("out/frames/frame_\\d{4,}\\.obj"))) {
                continue;
            }
            if ((stopped || resumable && !published) && checkpointKept
                    && (k.equals("out/.partial") || k.startsWith("out/.partial/"))) {
                continue;
            }
            added.add(k);
        }
        if (!changed.isEmpty()) {
            fail("files changed by a run that did not publish them: " + kinds(changed), changed.toString());
        }
        if (!added.isEmpty()) {
            fail("files left behind: " + kinds(added), added.toString());
        }
    }

    /** Groups names for the failure kind: .staging-*, .partial, *.tmp, outputs, other. */
    private static String kinds(List<String> names) {
        TreeMap<String, Integer> k = new TreeMap<>();
        for (String n : names) {
            String base = n.contains("/") ? n.substring(n.lastIndexOf('/') + 1) : n;
            String kind = n.contains(".staging-") ? ".staging-*" : n.contains(".partial") ? ".partial"
                    : base.contains(".tmp") || base.endsWith("~") ? "*.tmp"
                    : n.startsWith("out/") ? "out/" + base.replaceAll("\\d+", "#") : base;
            k.merge(kind, 1, Integer::sum);
        }
        return String.join(", ", k.keySet());
    }

    /** A complete output directory with finite numbers; check 4 on the metrics rows. */
    private void checkOutputs(FuzzCase c, Path out, boolean exitedZero) throws IOException {
        for (String name : Fixtures.OUTPUTS) {
            if (!Files.isRegularFile(out.resolve(name))) {
                fail("successful run without " + name, out.toString());
                return;
            }
        }
        List<String> rows = Files.readAllLines(out.resolve("metrics.csv"), StandardCharsets.UTF_8);
        if (rows.isEmpty() || !rows.get(0).equals(SceneRun.HEADER)) {
            fail("metrics.csv without its header", rows.isEmpty() ? "empty" : rows.get(0));
            return;
        }
        int unconverged = 0;
        int penetrating = 0;
        for (int i = 1; i < rows.size(); i++) {
            String[] f = rows.get(i).split(",", -1);
            if (f.length != 12) {
                fail("metrics.csv row of " + f.length + " columns", rows.get(i));
                return;
            }
            if (!f[0].equals(Integer.toString(i - 1))) {
                fail("metrics.csv frames not numbered 0, 1, 2, ...", "row " + i + ": " + rows.get(i));
                return;
            }
            for (int k = 1; k < 12; k++) {
                if (k == 8) {
                    if (!f[k].equals("true") && !f[k].equals("false")) {
                        fail("metrics.csv converged column not true/false", rows.get(i));
                    }
                    continue;
                }
                if (!finite(f[k])) {
                    fail("non-finite or unreadable number in metrics.csv (" + SceneRun.HEADER.split(",")[k] + ")",
                            "row " + i + ": " + rows.get(i));
                    break;
                }
            }
            if (f[8].equals("false")) {
                unconverged++;
            }
            if (finite(f[9]) && Double.parseDouble(f[9]) > 0) {
                penetrating++;
            }
        }
        for (String obj : List.of("rest.obj", "final.obj")) {
            checkObj(out.resolve(obj), obj);
        }
        Path frames = out.resolve("frames");
        if (Files.isDirectory(frames)) {
            try (Stream<Path> s = Files.list(frames)) {
                for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                    checkObj(p, "frames/" + p.getFileName());
                }
            }
        }
        JsonNode summary;
        try {
            summary = LENIENT.readTree(Files.readAllBytes(out.resolve("summary.json")));
        } catch (IOException e) {
            fail("summary.json is not JSON", String.valueOf(e.getMessage()));
            return;
        }
        List<String> bad = new ArrayList<>();
        nonFinite(summary, "", bad);
        if (!bad.isEmpty()) {
            fail("non-finite number in summary.json", bad.toString());
        }
        if (summary.path("frames").asInt(-1) != rows.size() - 2) {
            fail("metrics.csv rows do not match summary.json frames",
                    (rows.size() - 1) + " rows, frames " + summary.path("frames"));
        }
        if (unconverged > 0) {
            JsonNode u = summary.get("unconvergedFrames");
            if (u == null || !u.isNumber() || u.asDouble() <= 0) {
                fail("metrics.csv has converged=false rows but summary.json's unconvergedFrames does not count them",
                        unconverged + " unconverged rows; unconvergedFrames = " + u);
            }
        }
        if (exitedZero && penetrating > 0) {
            fail("exit status 0 although metrics.csv has frames with penetrations (expected status 3)",
                    penetrating + " rows with penetrations > 0; summary worstPenetrations = "
                            + summary.path("worstPenetrations"));
        }
    }

    private void checkObj(Path file, String name) throws IOException {
        int v = 0;
        int f = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("v ")) {
                v++;
                String[] t = line.trim().split("\\s+");
                if (t.length != 4 || !finite(t[1]) || !finite(t[2]) || !finite(t[3])) {
                    fail("non-finite or unreadable vertex in " + name.replaceAll("\\d+", "#"), line);
                    return;
                }
            } else if (line.startsWith("f ")) {
                f++;
            }
        }
        if (v == 0 || f == 0) {
            fail(name + " without vertices or faces", v + " vertices, " + f + " faces");
        }
    }

    private static void nonFinite(JsonNode n, String path, List<String> bad) {
        if (n.isNumber() && !Double.isFinite(n.asDouble())) {
            bad.add(path + " = " + n.asText());
        } else if (n.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                nonFinite(e.getValue(), path + "." + e.getKey(), bad);
            }
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                nonFinite(n.get(i), path + "[" + i + "]", bad);
            }
        }
    }

    private static boolean finite(String s) {
        try {
            return Double.isFinite(Double.parseDouble(s));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** " at Class.method" of the first org.isocloth frame of a stack trace. */
    static String where(Throwable t) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().startsWith("org.isocloth.")) {
                return " at " + e.getClassName() + "." + e.getMethodName();
            }
        }
        return "";
    }

    /** The stack trace, cut to its first 25 lines. */
    static String trace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        String[] lines = w.toString().split("\\R");
        return String.join("\n", Arrays.copyOf(lines, Math.min(lines.length, 25)))
                + (lines.length > 25 ? "\n\t... " + (lines.length - 25) + " more lines" : "");
    }
}
