package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two sheets dropped on each other onto the floor, through {@code cloth run}. */
class ClothLayersTest {
    @TempDir
    Path tmp;

    /**
     * A 0.4 m sheet (8×8 cells) 2 cm above a floor plane, and a 0.24 m sheet (6×6 cells, turned
     * 0.3 rad about y, wholly over the first) 6 cm above it; both free, 1 s at 60 steps/s. The
     * second sheet's material is given as MATERIAL, a solver block as SOLVER.
     */
    private static final String SCENE = """
        { "name": "layers", "fps": 60, "frames": 60,SOLVER
          "colliders": [ { "name": "floor", "plane": { "point": [0, 0, 0], "normal": [0, 1, 0] } } ],
          "cloths": [
            { "name": "under", "mesh": { "grid": { "size": [0.4, 0.4], "cells": [8, 8], "center": [0, 0.02, 0],
                                                  "normal": [0, 1, 0], "uAxis": [1, 0, 0] } } },
            { "name": "over", "mesh": { "grid": { "size": [0.24, 0.24], "cells": [6, 6], "center": [0.02, 0.08, 0.01],
                                                 "normal": [0, 1, 0], "uAxis": [0.955, 0, 0.296] } }MATERIAL } ] }
        """;

    private Path run(String material, int status) throws Exception {
        return run("", material, status);
    }

    private Path run(String solver, String material, int status) throws Exception {
        return CliRuns.runExpecting(tmp.resolve("layers.json"),
                SCENE.replace("SOLVER", solver).replace("MATERIAL", material), status);
    }

    private static int column(List<String> rows, int row, String name) {
        List<String> header = List.of(rows.get(0).split(","));
        return Integer.parseInt(rows.get(row).split(",")[header.indexOf(name)]);
    }

    @Test
    void sheetsOfOneMaterialLandOnEachOtherWithoutCrossing() throws Exception {
        // Same (default) material, thickness 5 mm: the lower sheet rests on the floor at the
        // thickness, the upper on the lower one cloth–cloth proximity higher: min(thickness
        // 5 mm, a quarter of the shortest fine edge, the upper sheet's 0.24 m / 6 / 2 = 2 cm)
        // = 5 mm; asserted with 1 mm to spare.
        landsWithoutCrossing(run("", 0));
    }

    @Test
    void sheetsOfDifferentMaterialsLandOnEachOtherWhenTheSceneSaysSo() throws Exception {
        // With solver.collideAcrossMaterials a denim-like upper sheet (denser, stiffer, soft
        // membrane springs, 3 mm thick, more friction) is simulated together with the default
        // lower one, each with its own material, and they collide as a cloth collides with
        // itself. Between the two the proximity is the larger thickness (5 mm), so the bounds of
        // the one-material case hold.
        landsWithoutCrossing(run(" \"solver\": { \"collideAcrossMaterials\": true },",
                ", \"material\": { \"density\": 0.32, \"bendingStiffness\": 8e-5, \"membraneStiffness\": 300,"
                        + " \"friction\": 0.6, \"thickness\": 0.003 }", 0));
    }

    /**
     * Every frame: no triangle pair crossing (within or between the sheets), no node inside the
     * floor; one solver for both; at the end the lower sheet rests on the floor (mean height
     * below 1 cm) and the upper one at least 4 mm above it.
     */
    private static void landsWithoutCrossing(Path out) throws Exception {
        List<String> rows = Files.readAllLines(out.resolve("metrics.csv"));
        for (int r = 1; r < rows.size(); r++) {
            assertEquals(0, column(rows, r, "self_intersections"), rows.get(r));
            assertEquals(0, column(rows, r, "penetrations"), rows.get(r));
        }
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(1, summary.get("cloths").size(), summary.toString());
        assertEquals("under+over", summary.get("cloths").get(0).get("name").asText());
        // final.obj holds each sheet's subdivided mesh, the lower first: an n×n grid has (n+1)²
        // vertices and 3n² + 2n edges (rows, columns, one diagonal per cell), one node each:
        // 81 + 208 = 289 nodes for the lower sheet (n = 8), then 49 + 120 = 169 for the upper
        double[] y = finalHeights(out);
        assertEquals(289 + 169, y.length);
        double lower = 0;
        for (int v = 0; v < 289; v++) {
            lower += y[v] / 289;
        }
        double upper = 0;
        for (int v = 289; v < 289 + 169; v++) {
            upper += y[v] / 169;
        }
        assertTrue(lower < 0.01, "the lower sheet's mean height: " + lower);
        assertTrue(upper > lower + 0.004, "the upper sheet's mean height: " + upper + " (lower " + lower + ")");
    }

    @Test
    void sheetsOfDifferentMaterialsPassThroughEachOtherAndTheMetricSaysSo() throws Exception {
        // Without solver.collideAcrossMaterials a denser upper sheet is a separate cloth: it
        // falls through the lower one onto the floor, and the crossings show in self_intersections; the run ends with status 3 and
        // summary.json's outcome "failed".
        Path out = run(", \"material\": { \"density\": 0.3 }", Main.FAILED_FRAMES);
        List<String> rows = Files.readAllLines(out.resolve("metrics.csv"));
        int worst = 0;
        for (int r = 1; r < rows.size(); r++) {
            worst = Math.max(worst, column(rows, r, "self_intersections"));
        }
        assertTrue(worst > 0, "no crossing counted");
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(2, summary.get("cloths").size(), summary.toString());
        assertEquals("failed", summary.get("outcome").asText());
        assertTrue(summary.get("framesWithIntersections").asInt() > 0, summary.toString());
    }

    /** The y coordinates of the vertices of final.obj, in order. */
    private static double[] finalHeights(Path out) throws Exception {
        return Files.readAllLines(out.resolve("final.obj")).stream().filter(l -> l.startsWith("v "))
                .mapToDouble(l -> Double.parseDouble(l.trim().split("\\s+")[2])).toArray();
    }
}
