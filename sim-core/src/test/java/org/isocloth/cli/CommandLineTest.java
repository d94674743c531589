package org.isocloth.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.isocloth.mesh.MeshLoadResult;
import org.isocloth.mesh.ObjReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cloth run}: outputs, and clean failures on bad input. */
class CommandLineTest {
    @TempDir
    Path tmp;

    private static final String SCENE = """
            { "name": "tiny", "fps": 60, "frames": 10, "gravity": [0, -9.81, 0],
              "solver": { "integrator": "BDF2", "maxIterations": 20 },
              "cloths": [ { "mesh": { "grid": { "size": [0.4, 0.3], "cells": [6, 4], "center": [0, 1, 0],
                                                "normal": [0, 0, 1], "uAxis": [1, 0, 0] } },
                            "material": { "density": 0.2, "bendingStiffness": 1e-4 },
                            "pins": [ { "box": { "min": [-1, 1.14, -1], "max": [1, 1.16, 1] } } ] } ] }
            """;

    private int run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        lastErr = err.toString(StandardCharsets.UTF_8);
        lastOut = out.toString(StandardCharsets.UTF_8);
        return status;
    }

    private String lastErr = "";
    private String lastOut = "";

    @Test
    void benchRowsHoldTheStrainToleranceWithAndWithoutSelfCollisionDetection() {
        // `cloth bench` on a 6×6-cell sheet (72 base triangles) for 10 steps: the row reports
        // 72 triangles, at least one Gauss-Newton iteration per step, and a red strain within the
        // 0.001 tolerance. The hanging sheet never comes near itself, so cloth–cloth collision
        // detection finds nothing and must not change the motion: with --no-self-collisions the
        // row is the same except for the time column. The corner table (the smallest size by
        // default) then has the same sheet hung from an edge and from its two corner nodes, both
        // within the tolerance; the edge-hung row repeats the first table's strains.
        String[] rows = new String[2];
        for (int k = 0; k < 2; k++) {
            String[] args = k == 0
                    ? new String[] {"bench", "--cells", "6", "--steps", "10", "--warmup", "0", "--drape-steps", "0",
                        "--no-garments"}
                    : new String[] {"bench", "--cells", "6", "--steps", "10", "--warmup", "0", "--drape-steps", "0",
                        "--no-garments", "--no-self-collisions"};
            assertEquals(0, run(args), lastErr);
            String[] lines = lastOut.split("\\R");
            assertEquals(8, lines.length, lastOut);
            String[] c = lines[2].split("\\|");
            assertEquals("72", c[1].trim());
            assertTrue(Double.parseDouble(c[5].trim()) >= 1, lines[2]);
            assertTrue(Double.parseDouble(c[7].trim()) <= 1e-3, lines[2]);
            String[] edge = lines[6].split("\\|");
            String[] corners = lines[7].split("\\|");
            assertEquals("one edge", edge[2].trim(), lines[6]);
            assertEquals("two corner nodes", corners[2].trim(), lines[7]);
            assertEquals(c[7].trim(), edge[5].trim(), "same sheet, same red strain");
            assertTrue(Double.parseDouble(corners[5].trim()) <= 1e-3, lines[7]);
            c[4] = ""; // the time
            rows[k] = String.join("|", c);
        }
        assertEquals(rows[0], rows[1]);
    }

    /** A scene directory holding only skirt.json and the OBJ it names (garments/skirt.obj). */
    private Path skirtOnlyScenes() throws IOException {
        Path assets = sampleAssets();
        Path scenes = Files.createDirectories(tmp.resolve("scenes"));
        Files.createDirectories(scenes.resolve("garments"));
        Files.copy(assets.resolve("scenes/skirt.json"), scenes.resolve("skirt.json"));
        Files.copy(assets.resolve("scenes/garments/skirt.obj"), scenes.resolve("garments/skirt.obj"));
        return scenes;
    }

    @Test
    void benchGarmentRowReportsTheSkirtAndItsRatioToTheSheet() throws IOException {
        // The garment section on the sample skirt alone: a scene directory holding only skirt.json
        // (and the OBJ it names, garments/skirt.obj), so the walking shirt and the T-shirt are
        // reported missing, one row each naming the file, and the skirt runs 3 steps.
        Path scenes = skirtOnlyScenes();
        assertEquals(0, run("bench", "--cells", "4", "--steps", "2", "--warmup", "0", "--drape-steps", "0",
                "--garments", scenes.toString(), "--garment-steps", "3"), lastErr);
        assertEquals("", lastErr);
        List<String> lines = lastOut.lines().toList();
        for (String missing : List.of("shirt-walk", "tshirt")) {
            assertEquals(1, lines.stream().filter(l -> l.startsWith("| " + missing + " | skipped: scene file not found: ")
                    && l.contains(missing + ".json")).count(), lastOut);
        }
        // the row names the contact method and friction the scene file asks for (skirt.json:
        // springs, exact friction)
        List<String> skirt = lines.stream().filter(l -> l.startsWith("| skirt (contact springs, exact friction) |"))
                .toList();
        assertEquals(1, skirt.size(), lastOut);
        String[] c = skirt.get(0).split("\\|");
        assertEquals(13, c.length, skirt.get(0));
        assertTrue(Integer.parseInt(c[2].trim()) > 0, skirt.get(0));
        double median = Double.parseDouble(c[3].trim());
        assertTrue(Double.parseDouble(c[4].trim()) >= 1, skirt.get(0)); // GN iterations per step
        assertTrue(Double.parseDouble(c[6].trim()) >= 0, skirt.get(0)); // contacts per step
        // Red strain: a step reports converged only if, after its last collision pass, every
        // inextensibility constraint with a free node is within the material's strainTolerance
        // (ClothSolver.stepOnce: converged &= finalStrain <= strainTolerance). The constraints
        // between two pinned nodes keep their rest length: the skirt's waist pins hold their
        // nodes where the OBJ puts them, and the rest lengths are measured on that OBJ. So when
        // no step ended unconverged (column 9), the worst red strain the steps report is at most
        // the scene's strainTolerance, 0.001.
        assertEquals(0, Integer.parseInt(c[9].trim()), skirt.get(0));
        assertTrue(Double.parseDouble(c[7].trim()) <= 1e-3, skirt.get(0));
        // The comparison sheet: m × m cells with 2·m² closest to the skirt's base triangles.
        int triangles = Integer.parseInt(c[2].trim());
        int m = GarmentBench.sheetCells(triangles);
        assertEquals(m + "×" + m + " (" + 2 * m * m + ")", c[10].trim());
        for (int k = m - 2; k <= m + 2; k++) {
            assertTrue(Math.abs(2 * m * m - triangles) <= Math.abs(2 * k * k - triangles), "m = " + m);
        }
        // ratio = garment median / sheet median, both as printed to 0.01 ms (±0.005, bounded here by
        // ±0.05), the ratio to 0.001 (±0.0005, bounded by ±0.005)
        double sheet = Double.parseDouble(c[11].trim());
        double ratio = Double.parseDouble(c[12].trim());
        assertTrue(sheet > 0.05, skirt.get(0));
        assertTrue(ratio >= (median - 0.05) / (sheet + 0.05) - 0.005 && ratio <= (median + 0.05) / (sheet - 0.05) + 0.005,
                skirt.get(0));
        // the same skirt stepped by shape matching: 16 sweeps per step (16 substeps of one sweep,
        // ShapeMatchingStep), no factorization, no step at a cap
        List<String> fast = lines.stream().filter(l -> l.startsWith("| skirt (shape matching) |")).toList();
        assertEquals(1, fast.size(), lastOut);
        String[] f = fast.get(0).split("\\|");
        assertEquals(16.0, Double.parseDouble(f[4].trim()), fast.get(0));
        assertEquals(0.0, Double.parseDouble(f[5].trim()), fast.get(0));
        assertEquals(0, Integer.parseInt(f[9].trim()), fast.get(0));
    }

    @Test
    void benchGarmentRowsSayWhichContactMethodTheyUsed() throws IOException {
        // --contact-planes overrides the scene file's springs (skirt.json) and with them its exact
        // friction, --contact-springs keeps the scene's friction; each row says which method it
        // used, since the figures of the methods are not comparable. The same bound as above holds for the red strain when no step ended
        // unconverged (measured: the skirt's first three steps converge in both modes).
        Path scenes = skirtOnlyScenes();
        assertEquals(0, run("bench", "--cells", "4", "--steps", "2", "--warmup", "0", "--drape-steps", "0",
                "--garments", scenes.toString(), "--garment-steps", "3", "--contact-planes"), lastErr);
        assertEquals(List.of("skirt (contact planes)", "skirt (shape matching)"),
                lastOut.lines().filter(l -> l.startsWith("| skirt"))
                .map(l -> l.split("\\|")[1].trim()).toList(), lastOut);
        assertEquals(0, run("bench", "--cells", "4", "--steps", "2", "--warmup", "0", "--drape-steps", "0",
                "--garments", scenes.toString(), "--garment-steps", "3", "--contact-springs"), lastErr);
        List<String> rows = lastOut.lines().filter(l -> l.startsWith("| skirt")).toList();
        // each garment is also stepped by shape matching, a row of its own
        assertEquals(List.of("skirt (contact springs, exact friction)", "skirt (shape matching)"),
                rows.stream().map(l -> l.split("\\|")[1].trim()).toList(),
                lastOut);
        String[] c = rows.get(0).split("\\|");
        assertTrue(Double.parseDouble(c[4].trim()) >= 1, rows.get(0));
        assertEquals(0, Integer.parseInt(c[9].trim()), rows.get(0));
        assertTrue(Double.parseDouble(c[7].trim()) <= 1e-3, rows.get(0));
    }

    @Test
    void benchWithoutGarmentDirectorySaysSoInOneLine() {
        Path missing = tmp.resolve("no-such-scenes");
        assertEquals(0, run("bench", "--cells", "4", "--steps", "1", "--warmup", "0", "--drape-steps", "0",
                "--corner-cells", "0", "--garments", missing.toString()), lastErr);
        assertEquals("", lastErr);
        List<String> lines = lastOut.strip().lines().toList();
        // the sheet table (header, separator, one row), a blank line, and the one line
        assertEquals(5, lines.size(), lastOut);
        String line = lines.get(4);
        assertTrue(line.startsWith("garments: skipped, no scene directory ") && line.contains("no-such-scenes")
                && line.contains("--no-garments"), line);
        assertFalse(lastOut.contains("Exception") || lastOut.contains("\tat "), lastOut);
    }

    /** The sample-assets resources of this repository (the tests run in sim-core or above it). */
    private static Path sampleAssets() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path p = d.resolve("sample-assets/src/main/resources/isocloth");
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        throw new AssertionError("sample-assets/src/main/resources/isocloth not found above "
                + Path.of("").toAbsolutePath());
    }

    @Test
    void runStepsTheSceneByShapeMatchingWhenAsked() throws IOException {
        // --shape-matching overrides the scene's method: every step takes the method's 16 sweeps
        // (iterations column), the red_strain column stays 0 (shape matching holds no
        // inextensibility constraints; max_strain reports its strain) and the run passes its checks
        Path scene = tmp.resolve("tiny.json");
        Files.writeString(scene, SCENE);
        Path out = tmp.resolve("out");
        assertEquals(0, run("run", scene.toString(), "--out", out.toString(), "--shape-matching"), lastErr);
        List<String> csv = Files.readAllLines(out.resolve("metrics.csv"));
        for (String row : csv.subList(2, csv.size())) {
            String[] c = row.split(",");
            assertEquals("16", c[6], row);
            assertEquals(0.0, Double.parseDouble(c[3]), row);
        }
    }

    @Test
    void runWritesMetricsObjsAndSummary() throws IOException {
        // A 6×4 curtain hanging from its top edge for 10 frames: metrics.csv has a header and rows
        // for frames 0..10; rest.obj and final.obj have the subdivided mesh (v + e nodes, 4t
        // triangles, with UVs); summary.json has the counts of the red/black model.
        Path scene = tmp.resolve("tiny.json");
        Files.writeString(scene, SCENE);
        Path out = tmp.resolve("out");
        assertEquals(0, run("run", scene.toString(), "--out", out.toString(), "--obj-every", "5"), lastErr);
        List<String> csv = Files.readAllLines(out.resolve("metrics.csv"));
        assertEquals(SceneRun.HEADER, csv.get(0));
        assertEquals(12, csv.size());
        for (String row : csv.subList(1, csv.size())) {
            double red = Double.parseDouble(row.split(",")[3]);
            assertTrue(red <= 1e-3, row);
        }
        int v = 7 * 5;
        int t = 2 * 6 * 4;
        int e = v + t - 1;
        MeshLoadResult rest = ObjReader.read(out.resolve("rest.obj"));
        MeshLoadResult fin = ObjReader.read(out.resolve("final.obj"));
        assertEquals(v + e, rest.mesh().vertexCount());
        assertEquals(4 * t, fin.mesh().triangleCount());
        assertTrue(fin.mesh().hasUvs());
        assertTrue(Files.exists(out.resolve("frames/frame_0000.obj")));
        assertTrue(Files.exists(out.resolve("frames/frame_0010.obj")));
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(t, summary.get("cloths").get(0).get("baseTriangles").asInt());
        assertEquals(3 * t, summary.get("cloths").get(0).get("constraints").get("inextensibility").asInt());
        // One membrane spring per black–red edge: every base edge is split into two of them.
        assertEquals(2 * e, summary.get("cloths").get(0).get("membraneSprings").asInt());
        assertFalse(summary.get("hitIterationCap").asBoolean());
        try (Stream<Path> s = Files.list(out)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".staging")));
        }
    }

    @Test
    void badSceneGivesOneLineErrorAndWritesNothing() throws IOException {
        Path scene = tmp.resolve("bad.json");
        Files.writeString(scene, SCENE.replace("\"density\": 0.2", "\"density\": -1"));
        Path out = tmp.resolve("out");
        assertEquals(2, run("run", scene.toString(), "--out", out.toString()));
        assertTrue(lastErr.contains("bad.json") && lastErr.contains("density"), lastErr);
        assertEquals(1, lastErr.strip().lines().count());
        assertFalse(Files.exists(out.resolve("metrics.csv")));
    }

    @Test
    void brokenObjIsReportedWithFileAndLine() throws IOException {
        Path obj = tmp.resolve("torn.obj");
        Files.writeString(obj, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n");
        Path scene = tmp.resolve("objscene.json");
        Files.writeString(scene, "{ \"cloths\": [ { \"mesh\": { \"obj\": \"torn.obj\" } } ] }");
        Path out = tmp.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve("keep.txt"), "earlier result");
        assertEquals(2, run("run", scene.toString(), "--out", out.toString()));
        assertTrue(lastErr.contains("torn.obj") && lastErr.contains("line 4"), lastErr);
        // nothing already written is lost, nothing half-written is left
        assertEquals("earlier result", Files.readString(out.resolve("keep.txt")));
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(1, s.count());
        }
    }

    @Test
    void usageErrorsAreOneLine() {
        assertEquals(2, run("run"));
        assertTrue(lastErr.startsWith("cloth: error: run: missing SCENE.json"), lastErr);
        assertEquals(2, run("frobnicate"));
        assertTrue(lastErr.contains("unknown command"), lastErr);
        assertEquals(2, run("run", "x.json", "--out", tmp.toString(), "--obj-every", "zero"));
        assertTrue(lastErr.contains("--obj-every"), lastErr);
    }
}
