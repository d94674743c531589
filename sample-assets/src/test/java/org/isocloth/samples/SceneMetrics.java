package org.isocloth.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.isocloth.cli.SceneRun;
import org.isocloth.scene.SceneSpec;

/** Runs a scene in full for a test and reads back its metrics.csv. */
final class SceneMetrics {
    private SceneMetrics() {
    }

    /**
     * Runs a scene into {@code out} and returns its metrics rows, frame 0 first, after checking the
     * header and that every frame has its row.
     */
    static List<String[]> run(SceneSpec spec, Path out) throws IOException {
        new SceneRun(spec).run(out, 0);
        List<String> lines = Files.readAllLines(out.resolve("metrics.csv"));
        assertEquals(SceneRun.HEADER, lines.get(0));
        assertEquals(spec.frames() + 2, lines.size());
        return lines.subList(1, lines.size()).stream().map(l -> l.split(",")).toList();
    }

    /** @return the index of a metrics.csv column */
    static int col(String name) {
        return List.of(SceneRun.HEADER.split(",")).indexOf(name);
    }
}
