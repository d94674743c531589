package org.isocloth.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SceneWriterTest {

    private static SceneSpec roundTrip(SceneSpec spec) {
        // the writer's path forms are checked from any location, inside the scene's folder or not
        return SceneReader.parse(SceneWriter.toJson(spec), spec.file(), PathScope.ANYWHERE);
    }

    @Test
    void fullFileRoundTrips() throws Exception {
        Path file = Path.of(SceneWriterTest.class.getResource("/scenes/full.json").toURI());
        SceneSpec spec = SceneReader.read(file);
        assertEquals(spec, roundTrip(spec));
        assertTrue(SceneWriter.toJson(spec).contains("\"obj\": \"meshes/flag.obj\""),
                SceneWriter.toJson(spec));
    }

    @Test
    void defaultsRoundTrip() {
        SceneSpec spec = SceneReader.parse(SceneReaderTest.MINIMAL, Path.of("hang.json"));
        assertEquals(spec, roundTrip(spec));
    }

    @Test
    void awkwardNumbersRoundTripExactly() {
        SceneSpec spec = new SceneSpec("odd \"name\" \\ \u00e9 \u202e", Path.of("a", "b.json"), 1.0 / 3,
                10_000_000, 1000, new double[] {-0.0, -9.80665, 1e-300}, new SolverSpec(Integrator.BDF2, 1000),
                List.of(new ClothSpec("c", new GridSpec(new double[] {Math.PI, 1e-4}, new int[] {4000, 1},
                                new double[] {0.1, 0.2, 0.30000000000000004}, new double[] {0, 0, -2},
                                new double[] {0, 5, 0}),
                        new MaterialSpec(1000, 1e6, RestShape.INITIAL, 0.5, 100, 1000),
                        List.of(new PinSpec(new double[] {-1, -1, -1}, new double[] {1, 1, 1},
                                new double[] {1e-17, 2, 3}, 0.0)))));
        assertEquals(spec, roundTrip(spec));
    }

    @Test
    void awkwardCollidersRoundTripExactly() {
        // -0.0 in a motion makes it "not still", so the motion is written and must come back
        // bitwise; NaN friction (absent) is omitted and reads back as NaN
        MotionSpec spin = new MotionSpec(new double[] {-0.0, 0, 0}, new double[] {0, 1.0 / 3, 0});
        SceneSpec spec = new SceneSpec("s", Path.of("a", "s.json"), 24, 10, 2,
                SceneSpec.defaultGravity(),
                new SolverSpec(Integrator.BE, 7, CollisionMode.STAGGERED),
                List.of(new ClothSpec("c", GridSpec.defaults(),
                        new MaterialSpec(0.2, 0, RestShape.FLAT, 0.01, 0, 0, 0, 10, 0.1),
                        List.of())),
                List.of(new SphereSpec("odd \"ball\" \\", new double[] {1e-300, -0.0, Math.PI},
                                Math.ulp(1.0), Double.NaN, spin),
                        new CapsuleSpec("cap", new double[3], new double[3], 1e9, 0,
                                MotionSpec.still()),
                        new BoxSpec("box", new double[] {0.1, 0.2, 0.30000000000000004},
                                new double[] {1, 2, 3}, new double[] {-1e-7, 0, 0, -720.5},
                                Double.MIN_VALUE, spin),
                        new PlaneSpec("floor", new double[3], new double[] {0, -1e-200, 0}, 10,
                                new MotionSpec(new double[] {0, 0, 1}, new double[3]))),
                new double[] {0.1, -0.0, 1.0 / 3});
        assertEquals(spec, roundTrip(spec));
        assertTrue(SceneWriter.toJson(spec).contains("\"wind\""));
    }

    @Test
    void collidersOmitAbsentFrictionAndStillMotion() {
        SceneSpec spec = new SceneSpec("s", Path.of("s.json"), 60, 1, 1,
                SceneSpec.defaultGravity(), SolverSpec.defaults(), List.of(new ClothSpec("c",
                        GridSpec.defaults(), MaterialSpec.defaults(), List.of())),
                List.of(new PlaneSpec("floor", new double[3], new double[] {0, 1, 0}, Double.NaN,
                        MotionSpec.still())));
        String json = SceneWriter.toJson(spec);
        assertFalse(json.contains("\"friction\": NaN"), json);
        assertFalse(json.contains("NaN"), json);
        assertFalse(json.contains("angularVelocity"), json);
        // the material's friction is written; the collider's is not
        assertEquals(1, json.split("\"friction\"", -1).length - 1, json);
        assertTrue(json.contains("\"collisions\": \"coupled\""), json);
        assertTrue(json.contains("\"thickness\": 0.005"), json);
        assertEquals(spec, roundTrip(spec));
    }

    @Test
    void meshCollidersRoundTripFromAnySceneLocation(@TempDir Path dir) throws Exception {
        // the reader checks that the OBJ file and the first frame exist: create them
        Path meshes = Files.createDirectories(dir.resolve("m"));
        Files.writeString(meshes.resolve("body.obj"), "");
        Files.writeString(meshes.resolve("walk_000.obj"), "");
        Path[] scenes = {dir.resolve("hang.json"), dir.resolve("s").resolve("hang.json"),
            meshes.resolve("hang.json")};
        for (Path scene : scenes) {
            SceneSpec spec = new SceneSpec("s", scene, 60, 1, 1, SceneSpec.defaultGravity(),
                    SolverSpec.defaults(), List.of(new ClothSpec("c", GridSpec.defaults(),
                            MaterialSpec.defaults(), List.of())),
                    List.of(new ObjColliderSpec("body", meshes.resolve("body.obj"), 0.5),
                            new ObjSequenceSpec("walk", meshes.resolve("walk_%03d.obj"), 29.97,
                                    Double.NaN)));
            assertEquals(spec, roundTrip(spec), scene.toString());
        }
        // relative to the scene file when possible
        SceneSpec spec = SceneReader.parse("{\"cloths\": [{\"mesh\": {\"grid\": {}}}],"
                + " \"colliders\": [{\"objSequence\": {\"pattern\": \"m/walk_%03d.obj\"}}]}",
                dir.resolve("hang.json"));
        assertTrue(SceneWriter.toJson(spec).contains("\"pattern\": \"m/walk_%03d.obj\""),
                SceneWriter.toJson(spec));
    }

    @Test
    void pinsThatMoveForEverOmitUntil() {
        SceneSpec spec = new SceneSpec("s", Path.of("s.json"), 60, 1, 1, SceneSpec.defaultGravity(),
                SolverSpec.defaults(), List.of(new ClothSpec("c", GridSpec.defaults(),
                        MaterialSpec.defaults(), List.of(new PinSpec(new double[3],
                                new double[] {1, 1, 1}, new double[] {0, 1, 0},
                                Double.POSITIVE_INFINITY)))));
        String json = SceneWriter.toJson(spec);
        assertFalse(json.contains("until"), json);
        assertFalse(json.contains("Infinity"), json);
        assertEquals(spec, roundTrip(spec));
    }

    @Test
    void pinsThatNeverMoveOmitMotion() {
        SceneSpec spec = new SceneSpec("s", Path.of("s.json"), 60, 1, 1, SceneSpec.defaultGravity(),
                SolverSpec.defaults(), List.of(new ClothSpec("c", GridSpec.defaults(),
                        MaterialSpec.defaults(), List.of(PinSpec.fixed(new double[3],
                                new double[] {1, 1, 1})))));
        String json = SceneWriter.toJson(spec);
        assertFalse(json.contains("motion"), json);
        assertEquals(spec, roundTrip(spec));
    }

    @Test
    void objPathsAreWrittenRelativeToTheSceneWhenPossible() {
        Path rel = Path.of("scenes", "hang.json");
        assertEquals("meshes/a.obj", SceneWriter.pathText(Path.of("scenes", "meshes", "a.obj"), rel));
        assertEquals("../meshes/a.obj", SceneWriter.pathText(Path.of("meshes", "a.obj"), rel));
        assertEquals("a.obj", SceneWriter.pathText(Path.of("a.obj"), Path.of("hang.json")));
        Path absScene = Path.of("/x/scenes/hang.json").toAbsolutePath();
        assertEquals("m/a.obj",
                SceneWriter.pathText(absScene.getParent().resolve("m").resolve("a.obj"), absScene));
        assertEquals("../a.obj",
                SceneWriter.pathText(absScene.getParent().getParent().resolve("a.obj"), absScene));
        // an absolute mesh path next to a relative scene file stays absolute
        Path absObj = Path.of("/y/a.obj").toAbsolutePath();
        assertEquals(absObj.toString(), SceneWriter.pathText(absObj, rel));
    }

    @Test
    void objPathsReadFromAnySceneLocationRoundTrip(@TempDir Path dir) {
        Path[] scenes = {Path.of("scenes", "hang.json"), Path.of("hang.json"),
            dir.resolve("scenes").resolve("hang.json"), Path.of("..", "up", "hang.json"),
            Path.of("a", "..", "b", "hang.json")};
        String[] objs = {"a.obj", "m/a.obj", "./m/../a.obj", "../a.obj", "../../a.obj",
            "../../../x/y.obj", dir.resolve("z.obj").toString(), dir + "/q/../z.obj"};
        for (Path scene : scenes) {
            for (String obj : objs) {
                SceneSpec spec = SceneReader.parse(
                        "{\"cloths\": [{\"mesh\": {\"obj\": \"" + obj + "\"}}]}", scene, PathScope.ANYWHERE);
                assertEquals(spec, roundTrip(spec), scene + " / " + obj);
            }
        }
    }

    @Test
    void anyObjPathIsWrittenSoThatItNamesTheSameFile(@TempDir Path dir) {
        Path[] scenes = {Path.of("scenes", "hang.json"), Path.of("hang.json"),
            dir.resolve("scenes").resolve("hang.json"), Path.of("..", "up", "hang.json")};
        Path[] objs = {Path.of("scenes", "a.obj"), Path.of("a.obj"), Path.of("..", "a.obj"),
            Path.of("x", "..", "a.obj"), dir.resolve("a.obj"), Path.of("..", "up", "a.obj")};
        for (Path scene : scenes) {
            for (Path obj : objs) {
                SceneSpec spec = new SceneSpec("s", scene, 60, 1, 1, SceneSpec.defaultGravity(),
                        SolverSpec.defaults(), List.of(new ClothSpec("c", new ObjMeshSpec(obj),
                                MaterialSpec.defaults(), List.of())));
                Path got = ((ObjMeshSpec) roundTrip(spec).cloths().get(0).mesh()).path();
                assertEquals(obj.toAbsolutePath().normalize(), got.toAbsolutePath().normalize(),
                        scene + " / " + obj);
            }
        }
    }

    @Test
    void writesAFileThatReadReadsBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("hang.json");
        SceneSpec spec = SceneReader.parse("{\"cloths\": [{\"mesh\": {\"obj\": \"m/a.obj\"}}]}", file);
        Files.writeString(file, SceneWriter.toJson(spec));
        assertEquals(spec, SceneReader.read(file));
    }

    @Test
    void outputIsStableAndIndented() {
        SceneSpec spec = SceneReader.parse(SceneReaderTest.MINIMAL, Path.of("hang.json"));
        String json = SceneWriter.toJson(spec);
        assertTrue(json.startsWith("{\n  \"name\": \"hang\",\n  \"fps\": 60.0,\n"), json);
        assertTrue(json.endsWith("}\n"), json);
        assertFalse(json.contains("\r"), json);
        assertEquals(json, SceneWriter.toJson(roundTrip(spec)));
    }
}
