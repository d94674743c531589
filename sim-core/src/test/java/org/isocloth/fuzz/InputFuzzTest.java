package org.isocloth.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzzes {@code cloth run} with seeded mutations of valid scenes ({@link BaseScenes}): scene JSON
 * ({@link SceneMutations}), OBJ meshes ({@link ObjMutations}), the GLB and bake cache written by
 * the project's own {@code cloth export} and {@code cloth bake}, and the command line
 * ({@link CaseGenerator}). Every case runs {@code Main.run} on a thread of its own with a time
 * limit, with {@code --out} naming a directory that already holds a good run's outputs, and must
 * pass {@link OutcomeCheck}: it ends; it fails with one clean {@code cloth: } line (no stack
 * trace, at most 1000 characters) or succeeds with complete outputs of finite numbers; a failure
 * leaves the output directory byte-identical with nothing added; frames that did not converge
 * or that left nodes inside colliders are reported; text of the non-mesh files that the
 * mutations name never appears in the output or the {@code org.isocloth} log records, and no
 * log record of level WARNING or above carries an exception.
 *
 * <p>The cases are deterministic for a seed. System properties: {@code isocloth.fuzz.seed},
 * {@code isocloth.fuzz.cases} (number of cases), {@code isocloth.fuzz.case} (run only that
 * case, to reproduce a failure) and {@code isocloth.fuzz.limitMillis} (time limit per case).
 * A failure lists each kind of problem once, with its number of cases and the first case's
 * seed, case number, mutations, arguments and stack trace or output.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class InputFuzzTest {
    private static final long SEED = Long.getLong("isocloth.fuzz.seed", 20_240_611L);
    private static final int CASES = Integer.getInteger("isocloth.fuzz.cases", 1000);
    private static final Integer ONLY = Integer.getInteger("isocloth.fuzz.case");
    private static final long LIMIT_MS = Long.getLong("isocloth.fuzz.limitMillis", 10_000L);
    /** After this many runs that did not end, the remaining cases are not run. */
    private static final int MAX_HANGS = 5;
    /** Where the failures are also written (appended to by each test of a run). */
    private static final Path REPORT = Path.of("target", "input-fuzz-report.txt");

    @TempDir
    static Path tmp;

    private static CaseRunner runner;
    private static Fixtures fx;

    @BeforeAll
    static void setUp() throws IOException, InterruptedException {
        runner = new CaseRunner();
        fx = Fixtures.create(tmp);
        Files.deleteIfExists(REPORT);
    }

    @AfterAll
    static void tearDown() {
        if (runner != null) {
            runner.close();
        }
    }

    /** What went wrong in how many cases, with the first case it went wrong in. */
    private static final class Finding {
        int cases;
        String firstCase;
        String detail;
        String stderr;
    }

    private final Map<String, Finding> findings = new LinkedHashMap<>();
    /** How the cases ended: "status N", "hang" or "threw" → count. */
    private final Map<String, Integer> endings = new java.util.TreeMap<>();

    @Test
    @Order(1)
    void everyBaseSceneRunsCleanly() throws IOException, InterruptedException {
        // The unmutated scenes must pass every check with status 0, or the mutations would start
        // from scenes that are already broken.
        int n = 0;
        List<String> notZero = new ArrayList<>();
        for (BaseScenes.Base b : BaseScenes.ALL) {
            Map<String, byte[]> files = new LinkedHashMap<>();
            for (String f : b.files()) {
                files.put(f, baseFile(f));
            }
            files.put("scene.json", b.json().getBytes(StandardCharsets.UTF_8));
            FuzzCase c = new FuzzCase(-1 - n++, b.name(), files, List.of("run", "{scene}", "--out", "{out}"),
                    List.of());
            CaseRunner.Result r = runCase(c);
            if (r.status == null || r.status != 0) {
                notZero.add(b.name() + ": status " + r.status + ", " + r.err);
            }
        }
        report(BaseScenes.ALL.size());
        assertEquals(List.of(), notZero);
    }

    private static byte[] baseFile(String f) {
        return switch (f) {
            case "cloth.obj" -> fx.clothObj;
            case "collider.obj" -> fx.colliderObj;
            case "cloth.glb" -> fx.glb;
            case "anim.isocache" -> fx.cache;
            case "body_0000.obj" -> ObjMutations.grid(2, 2, 0.3, 0.10).getBytes(StandardCharsets.UTF_8);
            case "body_0001.obj" -> ObjMutations.grid(2, 2, 0.3, 0.12).getBytes(StandardCharsets.UTF_8);
            default -> throw new IllegalArgumentException(f);
        };
    }

    @Test
    @Order(2)
    void mutatedInputsEndCleanly() throws IOException, InterruptedException {
        CaseGenerator gen = new CaseGenerator(SEED, fx);
        Map<String, byte[]> privateBefore = OutcomeCheck.snapshot(fx.privateDir);
        int hangs = 0;
        int run = 0;
        int first = ONLY != null ? ONLY : 0;
        int end = ONLY != null ? ONLY + 1 : CASES;
        for (int n = first; n < end; n++) {
            FuzzCase c = gen.make(n);
            CaseRunner.Result r = runCase(c);
            run++;
            if (r.hung) {
                hangs++;
                if (n < CaseGenerator.EMPTY_OUT && fx.fifo != null) {
                    releaseFifo();
                }
                if (hangs >= MAX_HANGS) {
                    record("fuzzing stopped early: " + MAX_HANGS + " runs did not end", c,
                            "cases " + (n + 1) + " to " + (end - 1) + " were not run", "");
                    break;
                }
            }
        }
        assertTrue(run > 0, "no case ran");
        Map<String, byte[]> privateAfter = OutcomeCheck.snapshot(fx.privateDir);
        if (!privateAfter.keySet().equals(privateBefore.keySet())) {
            record("the directory of non-mesh files was changed", null, privateAfter.keySet().toString(), "");
        }
        report(run);
    }

    @Test
    @Order(3)
    void aGridOf1100By1100CellsEndsCleanlyOrInTime() throws IOException, InterruptedException {
        // 1.21 million cells (2.42 million triangles): a valid grid size (cells up to 4000 each
        // way), which must either be refused or run with a clean error, or finish in the limit.
        // Last, so that a run that goes on past its limit does not slow the other cases.
        ObjectNode scene = (ObjectNode) new ObjectMapper().readTree(BaseScenes.HANG);
        ObjectNode grid = (ObjectNode) scene.get("cloths").get(0).get("mesh").get("grid");
        grid.putArray("cells").add(1100).add(1100);
        scene.put("frames", 2);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("scene.json", new ObjectMapper().writeValueAsBytes(scene));
        FuzzCase c = new FuzzCase(-100, "hang", files, List.of("run", "{scene}", "--out", "{out}"),
                List.of("cloths[0].mesh.grid.cells := [1100, 1100]", "frames := 2"));
        runCase(c, 2 * LIMIT_MS);
        report(1);
    }

    private CaseRunner.Result runCase(FuzzCase c) throws IOException, InterruptedException {
        return runCase(c, LIMIT_MS);
    }

    /** Writes the case's directory, runs it, checks it, records its problems and deletes it. */
    private CaseRunner.Result runCase(FuzzCase c, long limit) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(tmp.resolve("cases").resolve("c" + c.number()));
        for (Map.Entry<String, byte[]> e : c.files().entrySet()) {
            Files.write(dir.resolve(e.getKey()), e.getValue());
        }
        Files.writeString(dir.resolve(FuzzCase.EXISTING), "a plain file\n");
        Path out = Files.createDirectories(dir.resolve("out"));
        for (Map.Entry<String, byte[]> e : fx.golden.entrySet()) {
            Files.write(out.resolve(e.getKey()), e.getValue());
        }
        Map<String, byte[]> before = OutcomeCheck.snapshot(dir);
        Path cwd = Path.of("").toAbsolutePath();
        Set<String> cwdBefore = c.args().contains("") ? list(cwd) : null;
        String[] args = c.resolvedArgs(dir.resolve("scene.json").toString(), out.toString(), dir.toString(),
                dir.resolve(FuzzCase.EXISTING).toString());
        CaseRunner.Result r = runner.run(args, limit, "fuzz-case-" + c.number());
        endings.merge(r.hung ? "hang" : r.thrown != null ? "threw" : "status " + r.status, 1, Integer::sum);
        List<OutcomeCheck.Problem> problems = new ArrayList<>(OutcomeCheck.check(c, r, dir, before));
        if (cwdBefore != null) {
            // an empty path names the working directory: a run must not write its outputs there
            Set<String> added = list(cwd);
            added.removeAll(cwdBefore);
            if (!added.isEmpty()) {
                problems.add(new OutcomeCheck.Problem("files written into the working directory (empty path argument)",
                        added + " appeared in " + cwd + " (removed again by the test)"));
                for (String name : added) {
                    deleteTree(cwd.resolve(name));
                }
            }
        }
        for (OutcomeCheck.Problem p : problems) {
            record(p.kind(), c, p.detail(), r.err);
        }
        if (!r.hung) {
            deleteTree(dir);
        }
        return r;
    }

    private static Set<String> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** Opens the FIFO for writing and closes it, so that a reader blocked on it sees its end. */
    private static void releaseFifo() {
        Thread t = new Thread(() -> {
            try (FileOutputStream o = new FileOutputStream(fx.fifo.toFile())) {
                o.flush();
            } catch (IOException e) {
                // nothing to release
            }
        }, "fuzz-fifo-release");
        t.setDaemon(true);
        t.start();
    }

    private void record(String kind, FuzzCase c, String detail, String stderr) {
        Finding f = findings.computeIfAbsent(kind, k -> new Finding());
        f.cases++;
        if (f.firstCase == null) {
            f.firstCase = c == null ? "(suite)" : c.describe(SEED);
            f.detail = detail;
            f.stderr = stderr;
        }
    }

    /** Fails with every kind of problem found, each with its first case, and writes the list to a file. */
    private void report(int cases) throws IOException {
        System.out.println("InputFuzzTest: " + cases + " cases, seed " + SEED + ", ended: " + endings);
        if (findings.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder();
        b.append(findings.size()).append(" kinds of problems in ").append(cases).append(" cases (seed ").append(SEED)
                .append("; ended: ").append(endings).append(")\n");
        int k = 1;
        for (Map.Entry<String, Finding> e : findings.entrySet()) {
            Finding f = e.getValue();
            b.append("\n").append(k++).append(". ").append(e.getKey()).append(" — ").append(f.cases)
                    .append(f.cases == 1 ? " case" : " cases").append("\n  first: ").append(f.firstCase)
                    .append("  detail: ").append(f.detail.replace("\n", "\n    ")).append('\n');
            if (!f.stderr.isEmpty() && !f.detail.contains(f.stderr.trim())) {
                b.append("  stderr: ").append(ObjMutations.quoted(f.stderr, 800)).append('\n');
            }
        }
        if (Files.isDirectory(REPORT.getParent())) {
            Files.writeString(REPORT, b, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        }
        fail(b.toString());
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(q -> {
                try {
                    Files.delete(q);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
