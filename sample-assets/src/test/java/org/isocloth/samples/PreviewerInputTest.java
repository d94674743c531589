package org.isocloth.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The previewer refuses a scene with a broken mesh in one line, before opening a window. */
class PreviewerInputTest {
    @Test
    void aBrokenObjIsOneLineAndANonZeroExit(@TempDir Path dir) throws Exception {
        // An OBJ whose face names a vertex that does not exist: `cloth run` rejects it naming the
        // file and the line; the previewer must do the same (exit status 2, no stack trace, no
        // screenshot), without needing a display because it fails before jME starts.
        Path obj = dir.resolve("broken.obj");
        Files.writeString(obj, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n", StandardCharsets.UTF_8);
        assertRefused(dir, "{\"cloths\": [{\"mesh\": {\"obj\": \"broken.obj\"}}]}", "broken.obj");
        // the same file as a collider's mesh, beside a valid cloth
        assertRefused(dir, "{\"cloths\": [{\"mesh\": {\"grid\": {\"size\": [1, 1], \"cells\": [2, 2]}}}],"
                + " \"colliders\": [{\"name\": \"rock\", \"obj\": \"broken.obj\"}]}", "broken.obj");
    }

    private static void assertRefused(Path dir, String sceneText, String file) throws Exception {
        Path scene = dir.resolve("broken.json");
        Files.writeString(scene, sceneText, StandardCharsets.UTF_8);
        Path shot = dir.resolve("shot.png");
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "-cp", classpath(), Previewer.class.getName(),
                scene.toString(), "--screenshot", shot.toString(), "--frames", "2"));
        pb.environment().remove("DISPLAY");
        Path err = dir.resolve("err.txt");
        Process p = pb.redirectErrorStream(true).redirectOutput(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the previewer did not exit");
        String out = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.startsWith("cloth preview: ") && out.contains(file), out);
        assertEquals(1, out.strip().lines().count(), "one line: " + out);
        assertFalse(out.contains("Exception") || out.contains("\tat "), out);
        assertFalse(Files.exists(shot));
    }

    /** The test's class path (surefire may run the tests from a manifest-only jar). */
    private static String classpath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }
}
