package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cloths of a scene against each other: cloths that share a material are simulated together and
 * collide; cloths of different materials do not, and {@code cloth run}'s intersection metric
 * counts where they cross as well as where a cloth crosses itself.
 */
class ClothIntersectionsTest {
    @TempDir
    Path tmp;

    /**
     * Two 0.4 m sheets, wholly pinned, in crossing vertical planes; b is denser than a, so the
     * two are separate cloths.
     */
    private static String scene(double secondX) {
        return """
            { "name": "two", "fps": 60, "frames": 1, "gravity": [0, 0, 0],
              "cloths": [
                { "name": "a", "mesh": { "grid": { "size": [0.4, 0.4], "cells": [4, 4], "center": [0, 1, 0],
                                                   "normal": [0, 0, 1], "uAxis": [1, 0, 0] } },
                  "pins": [ { "box": { "min": [-1, 0.8, -1], "max": [1, 1.3, 1] } } ] },
                { "name": "b", "mesh": { "grid": { "size": [0.4, 0.4], "cells": [4, 4], "center": [X, 1, 0],
                                                   "normal": [1, 0, 0], "uAxis": [0, 0, 1] } },
                  "material": { "density": 0.3 },
                  "pins": [ { "box": { "min": [-1, 0.8, -1], "max": [1, 1.3, 1] } } ] } ] }
            """.replace("X", Double.toString(secondX));
    }

    private int selfIntersectionsOfFrame1(String scene, int status) throws Exception {
        Path out = CliRuns.runExpecting(tmp.resolve("two.json"), scene, status);
        List<String> rows = Files.readAllLines(out.resolve("metrics.csv"));
        List<String> header = List.of(rows.get(0).split(","));
        return Integer.parseInt(rows.get(rows.size() - 1).split(",")[header.indexOf("self_intersections")]);
    }

    @Test
    void twoSheetsThatCrossAreCounted() throws Exception {
        // Sheet a lies in the plane z = 0 (x in [-0.2, 0.2], y in [0.8, 1.2]), sheet b in the
        // plane x = 0.1 (z in [-0.2, 0.2]): wholly pinned and without gravity they stay put, and
        // b cuts through a along the vertical segment x = 0.1, z = 0, y in [0.8, 1.2]. Every fine
        // triangle of a that the segment crosses intersects the fine triangles of b along it
        // (at least one pair per fine row of a: 8 rows), and neither sheet intersects itself.
        // Crossing cloths fail the run: exit status 3.
        int crossing = selfIntersectionsOfFrame1(scene(0.1), Main.FAILED_FRAMES);
        assertTrue(crossing >= 8, "pairs counted: " + crossing);
        // moved to x = 0.5, b no longer reaches a: nothing is counted
        assertEquals(0, selfIntersectionsOfFrame1(scene(0.5), 0));
    }
}
