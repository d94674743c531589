package org.isocloth.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.isocloth.cli.SceneRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link OutcomeCheck} on made-up run results: each kind of bad outcome the fuzz suite looks for
 * is reported, and a clean refusal and a clean success are not.
 */
class OutcomeCheckTest {
    @TempDir
    Path dir;

    private static final FuzzCase CASE = new FuzzCase(7, "hang", Map.of(), List.of("run", "{scene}", "--out", "{out}"),
            List.of());

    /** A case directory whose out/ holds the four outputs of a good two-frame run. */
    private Map<String, byte[]> prefilled(String metricsRows) throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.writeString(out.resolve("metrics.csv"), SceneRun.HEADER + "\n" + metricsRows);
        Files.writeString(out.resolve("rest.obj"), "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        Files.writeString(out.resolve("final.obj"), "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        Files.writeString(out.resolve("summary.json"), "{ \"frames\": 1, \"worstPenetrations\": 0 }\n");
        return OutcomeCheck.snapshot(dir);
    }

    private static final String GOOD_ROWS = "0,0.000000,0,0,0,0,0,0.000,true,0,0,0\n"
            + "1,0.016667,1e-4,1e-4,0,1e-3,3,1.000,true,0,0,0\n";

    private List<OutcomeCheck.Problem> check(int status, String err, Map<String, byte[]> before,
            Consumer<Path> change) throws IOException {
        change.accept(dir);
        CaseRunner.Result r = new CaseRunner.Result();
        r.status = status;
        r.err = err;
        return OutcomeCheck.check(CASE, r, dir, before);
    }

    private static void assertKind(List<OutcomeCheck.Problem> problems, String part) {
        assertTrue(problems.stream().anyMatch(p -> p.kind().contains(part)), part + " not in " + problems);
    }

    @Test
    void cleanRefusalAndCleanSuccessPass() throws IOException {
        Map<String, byte[]> before = prefilled(GOOD_ROWS);
        assertEquals(List.of(), check(2, "cloth: error: scene.json: fps: must be > 0 (got -1.0)\n", before, d -> { }));
        assertEquals(List.of(), check(0, "run hang: 1/1 frames (100%), done in 0.1 s\n", before, d -> { }));
    }

    @Test
    void stackTracesSecretsAndLongLinesAreReported() throws IOException {
        Map<String, byte[]> before = prefilled(GOOD_ROWS);
        assertKind(check(1, "cloth: internal error: java.lang.IllegalStateException: x\n", before, d -> { }),
                "exception text");
        assertKind(check(2, "cloth: error: a\n\tat org.isocloth.X.y(X.java:1)\n", before, d -> { }), "2 lines");
        assertKind(check(2, "cloth: error: " + "x".repeat(1200) + "\n", before, d -> { }), "more than 1000");
        assertKind(check(2, "cloth: error: line 1: '" + Fixtures.SECRET + "'\n", before, d -> { }), "secret");
        assertKind(check(2, "oops\n", before, d -> { }), "without the expected prefix");
    }

    @Test
    void aDamagedOrLitteredOutputDirectoryIsReported() throws IOException {
        Map<String, byte[]> before = prefilled(GOOD_ROWS);
        assertKind(check(2, "cloth: error: x\n", before, d -> write(d.resolve("out/metrics.csv"), "half")),
                "files changed");
        Map<String, byte[]> again = prefilled(GOOD_ROWS);
        assertKind(check(1, "cloth: simulation failed: x\n", again,
                d -> write(d.resolve("out/.staging-123/rest.obj"), "v")), "left behind: .staging-*");
    }

    @Test
    void nonFiniteNumbersAndUnreportedBadFramesAreReported() throws IOException {
        // an empty case directory, then a successful run's outputs
        Map<String, byte[]> empty = OutcomeCheck.snapshot(dir);
        prefilled("0,0.000000,NaN,0,0,0,0,0.000,true,0,0,0\n1,0.016667,0,0,0,0,3,1.000,true,0,0,0\n");
        assertKind(check(0, "", empty, d -> { }), "non-finite");
        prefilled("0,0.000000,0,0,0,0,0,0.000,true,0,0,0\n1,0.016667,0,0,0,0,20,1.000,false,4,0,0\n");
        List<OutcomeCheck.Problem> p = check(0, "", empty, d -> { });
        assertKind(p, "unconvergedFrames");
        assertKind(p, "penetrations");
    }

    private static void write(Path p, String text) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
