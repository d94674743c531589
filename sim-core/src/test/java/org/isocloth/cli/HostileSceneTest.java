package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.isocloth.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scene files written to do harm or by mistake: they name files outside their folder, pipes, names
 * that cannot be written, grids too fine or too large, paths of any length. Each is refused
 * before anything is simulated or written, with one line naming the file and the field.
 */
class HostileSceneTest {
    @TempDir
    Path tmp;

    private String lastErr = "";

    private int cli(String... args) {
        CliRuns.Call c = CliRuns.call(args);
        lastErr = c.err();
        return c.status();
    }

    /** Runs the scene text from {@code dir/scene.json}; returns the exit status. */
    private int run(Path dir, String json, String... extra) throws IOException {
        Files.createDirectories(dir);
        Path scene = dir.resolve("scene.json");
        Files.writeString(scene, json);
        String[] args = new String[4 + extra.length];
        args[0] = "run";
        args[1] = scene.toString();
        args[2] = "--out";
        args[3] = dir.resolve("out").toString();
        System.arraycopy(extra, 0, args, 4, extra.length);
        return cli(args);
    }

    private void assertOneLine(String... parts) {
        assertEquals(1, lastErr.lines().count(), lastErr);
        assertTrue(lastErr.startsWith("cloth: error: "), lastErr);
        for (String p : parts) {
            assertTrue(lastErr.contains(p), "expected '" + p + "' in: " + lastErr);
        }
        assertFalse(lastErr.contains("Exception") || lastErr.contains("\tat "), lastErr);
    }

    private static String objScene(String path) {
        return "{ \"name\": \"s\", \"frames\": 2, \"cloths\": [ { \"mesh\": { \"obj\": \"" + path + "\" } } ] }";
    }

    @Test
    void filesOutsideTheScenesFolderAreNotRead() throws IOException {
        // A "mesh" beside the scene's folder holding a secret: reached by "..", by an absolute
        // path and by a link inside the folder, it is refused each time without being opened
        // (its text never appears), naming the field; --allow-outside-paths lets the run read it,
        // and the mesh reader then refuses it as a mesh.
        Path secret = tmp.resolve("secret.txt");
        Files.writeString(secret, "root:SECRET-MARKER:20228:0:99999:7:::\n");
        Path dir = tmp.resolve("scenes");
        Files.createDirectories(dir);
        Files.createSymbolicLink(dir.resolve("link.obj"), secret);
        for (String p : new String[] {"../secret.txt", secret.toString(), "link.obj", "sub/../../secret.txt"}) {
            assertEquals(2, run(dir, objScene(p)), lastErr);
            assertOneLine("scene.json", "cloths[0].mesh.obj", "lies outside the scene's folder",
                    "--allow-outside-paths");
            assertFalse(lastErr.contains("SECRET-MARKER"), lastErr);
            assertFalse(Files.exists(dir.resolve("out")), "nothing is written");
        }
        assertEquals(2, run(dir, objScene("../secret.txt"), "--allow-outside-paths"), lastErr);
        assertFalse(lastErr.contains("lies outside"), lastErr);
        assertFalse(lastErr.contains("SECRET-MARKER"), lastErr);
    }

    @Test
    void aPipeAsTheSceneIsRefusedWithoutBlocking() throws Exception {
        Path fifo = tmp.resolve("scene.json");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        // reading a pipe nobody writes to would block for ever: refused from its file type
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertEquals(2,
                cli("run", fifo.toString(), "--out", tmp.resolve("out").toString())));
        assertOneLine("scene.json", "pipe", "not a regular file");
    }

    @Test
    void namesThatCannotBeWrittenAreRefusedBeforeTheRun() throws IOException {
        // "\ud800" is an unpaired UTF-16 surrogate: no UTF-8 encoder can write it, so the OBJ
        // and summary.json of this run could not be written after the whole simulation
        String grid = "\"mesh\": { \"grid\": { \"cells\": [2, 2] } }";
        String[][] cases = {
            {"{ \"name\": \"a\\ud800b\", \"frames\": 1, \"cloths\": [ { " + grid + " } ] }", "name",
                "unpaired UTF-16 surrogate at character 2"},
            {"{ \"frames\": 1, \"cloths\": [ { \"name\": \"x\\u0007\", " + grid + " } ] }", "cloths[0].name",
                "control or line-break character at character 2"},
            {"{ \"frames\": 1, \"cloths\": [ { \"name\": \"" + "n".repeat(201) + "\", " + grid + " } ] }",
                "cloths[0].name", "longer than 200 characters"},
        };
        for (String[] c : cases) {
            assertEquals(2, run(tmp, c[0]), lastErr);
            assertOneLine("scene.json", c[1], c[2]);
            assertFalse(Files.exists(tmp.resolve("out")));
        }
    }

    @Test
    void gridsTooFineOrTooLargeAreRefusedNamingTheField() throws IOException {
        // 1e-300 m over 4 cells: cells of 2.5e-301 m, whose vertices all weld into one point.
        assertEquals(2, run(tmp, "{ \"frames\": 1, \"cloths\": [ { \"mesh\": { \"grid\": "
                + "{ \"size\": [1e-300, 0.5], \"cells\": [4, 4] } } } ] }"), lastErr);
        assertOneLine("scene.json", "cloths[0].mesh.grid.size[0]", "cells of 2.50e-301 m", "1e-04 m smallest cell");
        // 1100 × 1100 = 1,210,000 cells: above the 1,000,000 a grid may have
        assertEquals(2, run(tmp, "{ \"frames\": 1, \"cloths\": [ { \"mesh\": { \"grid\": "
                + "{ \"size\": [1, 1], \"cells\": [1100, 1100] } } } ] }"), lastErr);
        assertOneLine("scene.json", "cloths[0].mesh.grid.cells", "1100 × 1100 cells is more than the 1,000,000");
    }

    @Test
    void messagesStayShortWhateverTheInput() throws IOException {
        // a 100,000-character path: the file system refuses the name, and the message keeps
        // only its start and end (at most InputException.MAX_LENGTH characters after "cloth: error: ")
        String longName = "d".repeat(100_000) + ".json";
        assertEquals(2, cli("run", tmp.resolve(longName).toString(), "--out", tmp.resolve("o").toString()));
        assertOneLine("characters)");
        assertTrue(lastErr.strip().length() <= "cloth: error: ".length() + InputException.MAX_LENGTH, lastErr);
        // a NUL character cannot be in a path
        assertEquals(2, cli("run", "a\u0000b.json", "--out", tmp.resolve("o").toString()));
        assertOneLine("SCENE: not a valid path");
    }
}
