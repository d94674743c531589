package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Test helpers: {@code cloth run} on a scene that must run, or be refused as bad input. */
final class CliRuns {
    private CliRuns() {
    }

    /**
     * What one in-process {@code cloth} call did.
     *
     * @param status the exit status
     * @param out standard output
     * @param err standard error
     */
    record Call(int status, String out, String err) {
    }

    /**
     * Runs the command line in this JVM.
     *
     * @param args the arguments
     * @return its status and output
     */
    static Call call(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Call(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Runs {@code cloth run scene --out out} and checks the refusal: exit status 2 and a one-line
     * message on standard error that holds every one of {@code parts} and no exception name.
     *
     * @return the message
     */
    static String assertRefused(Path scene, Path out, String... parts) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"run", scene.toString(), "--out", out.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String msg = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, status, msg);
        for (String p : parts) {
            assertTrue(msg.contains(p), "expected '" + p + "' in: " + msg);
        }
        assertTrue(!msg.contains("Exception"), msg);
        return msg;
    }

    /**
     * Writes each scene text to {@code dir/bad.json} and checks that {@code cloth run} refuses it
     * with a message holding the given parts.
     *
     * @param dir a scratch directory
     * @param cases per case: the scene's JSON, then the parts its message must hold
     */
    static void assertAllRefused(Path dir, String[][] cases) throws IOException {
        for (String[] c : cases) {
            Path scene = dir.resolve("bad.json");
            Files.writeString(scene, c[0]);
            assertRefused(scene, dir.resolve("o"), Arrays.copyOfRange(c, 1, c.length));
        }
    }

    /**
     * Writes a scene and runs {@code cloth run} on it into a new directory beside it, which must
     * succeed (exit status 0).
     *
     * @param file where to write the scene
     * @param sceneText the scene's JSON
     * @return the output directory
     */
    static Path runOk(Path file, String sceneText) throws IOException {
        return runExpecting(file, sceneText, 0);
    }

    /**
     * {@link #runOk} for a run that must end with the given exit status (3: frames failed).
     *
     * @param file where to write the scene
     * @param sceneText the scene's JSON
     * @param expected the exit status
     * @return the output directory
     */
    static Path runExpecting(Path file, String sceneText, int expected) throws IOException {
        Files.writeString(file, sceneText);
        Path out = file.resolveSibling("out" + System.nanoTime());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"run", file.toString(), "--out", out.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(expected, status, err.toString(StandardCharsets.UTF_8));
        return out;
    }
}
