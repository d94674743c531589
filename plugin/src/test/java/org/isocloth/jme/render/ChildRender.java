package org.isocloth.jme.render;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a rendering application (a class with a {@code main}) in a child JVM on the test classpath,
 * under {@code xvfb-run} when there is no DISPLAY, and fails the calling test with the child's
 * output when it does not exit with 0 or logs SEVERE (jME reports fatal errors through
 * java.util.logging and may still exit normally). The child's output stays in
 * {@code target/test-artifacts/NAME-child.out} and {@code .err}.
 */
public final class ChildRender {
    /** Where the rendered tests keep their screenshots and logs. */
    public static final Path ARTIFACTS = Paths.get("target", "test-artifacts");

    private ChildRender() {
    }

    /** What a child printed, and how long it ran. */
    public record Result(String stdout, String stderr, double seconds) {
    }

    /**
     * @param name the artifacts' base name
     * @param mainClass the application to run
     * @param timeoutSeconds how long it may take
     * @param args its arguments
     * @return its output
     * @throws IOException if the child cannot be started or its output read
     * @throws InterruptedException if interrupted while waiting
     */
    public static Result run(String name, Class<?> mainClass, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        Files.createDirectories(ARTIFACTS);
        Path out = ARTIFACTS.resolve(name + "-child.out");
        Path err = ARTIFACTS.resolve(name + "-child.err");
        List<String> cmd = new ArrayList<>();
        String display = System.getenv("DISPLAY");
        if (display == null || display.isBlank()) {
            Path xvfbRun = onPath("xvfb-run");
            if (xvfbRun == null) {
                fail("No DISPLAY and xvfb-run is not installed: run"
                        + " `apt-get install -y xvfb libgl1-mesa-dri xauth` (Debian/Ubuntu) to render under Xvfb");
            }
            cmd.addAll(List.of(xvfbRun.toString(), "-a", "-s", "-screen 0 1280x720x24"));
        }
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(testClasspath(mainClass));
        cmd.add("-Xmx2g");
        cmd.add(mainClass.getName());
        cmd.addAll(List.of(args));

        long start = System.currentTimeMillis();
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        boolean finished = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        double seconds = (System.currentTimeMillis() - start) / 1000.0;
        if (!finished) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("the rendering child did not finish in " + timeoutSeconds + " s; its stderr ends with:\n" + tail(err));
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        int severe = stderr.indexOf("SEVERE");
        if (p.exitValue() != 0 || severe >= 0) {
            int end = stderr.indexOf('\n', Math.max(severe, 0));
            fail("the rendering child exited with " + p.exitValue()
                    + " (2: ended without its result, 3: timed out)"
                    + (severe < 0 ? "" : "; it logged: " + stderr.substring(severe, end < 0 ? stderr.length() : end))
                    + "\nits stderr ends with:\n" + tail(err));
        }
        return new Result(stdout, stderr, seconds);
    }

    /** The test classpath (surefire puts it in java.class.path of the forked JVM). */
    private static String testClasspath(Class<?> mainClass) {
        String cp = System.getProperty("java.class.path");
        String own = mainClass.getProtectionDomain().getCodeSource().getLocation().getPath();
        if (!cp.contains("jme3-lwjgl3") || !cp.contains(new File(own).getPath())) {
            String surefire = System.getProperty("surefire.test.class.path");
            if (surefire != null && !surefire.isBlank()) {
                return surefire;
            }
        }
        return cp;
    }

    private static Path onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Paths.get(dir, program);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }
}
