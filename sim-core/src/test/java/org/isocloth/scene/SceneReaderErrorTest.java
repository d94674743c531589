package org.isocloth.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.isocloth.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of scene error: the message must be one line naming the file, the JSON path of the
 * field and the reason. JSON in the cases is written with {@code '} for {@code "}.
 */
class SceneReaderErrorTest {

    private static final Path FILE = Path.of("scenes", "hang.json");
    private static final String LABEL = FILE.toString();

    /** Parses {@code json} (with ' for ") and returns the error message. */
    private static String error(String json) {
        InputException e = assertThrows(InputException.class,
                () -> SceneReader.parse(json.replace('\'', '"'), FILE));
        String m = e.getMessage();
        assertTrue(m.contains("hang.json"), m);
        assertEquals(-1, m.indexOf('\n'), m);
        assertEquals(-1, m.indexOf('\r'), m);
        return m;
    }

    private static void assertError(String json, String path, String reason) {
        String m = error(json);
        String expected = LABEL + ": " + (path.isEmpty() ? "" : path + ": ") + reason;
        assertTrue(m.startsWith(expected), () -> "expected [" + expected + "...] but was [" + m + "]");
    }

    // ---- builders: a valid scene with one field changed ----

    private static final String CLOTH = "{'mesh': {'grid': {}}}";

    private static String scene(String fields) {
        return "{" + fields + ", 'cloths': [" + CLOTH + "]}";
    }

    private static String cloth(String fields) {
        return "{'cloths': [{'mesh': {'grid': {}}, " + fields + "}]}";
    }

    private static String mesh(String body) {
        return "{'cloths': [{'mesh': " + body + "}]}";
    }

    private static String grid(String fields) {
        return mesh("{'grid': {" + fields + "}}");
    }

    private static String material(String fields) {
        return cloth("'material': {" + fields + "}");
    }

    private static String pin(String pin) {
        return cloth("'pins': [" + pin + "]");
    }

    private static final String BOX = "'box': {'min': [0, 0, 0], 'max': [1, 1, 1]}";

    private static String motion(String fields) {
        return pin("{" + BOX + ", 'motion': {" + fields + "}}");
    }

    private static Arguments c(String json, String path, String reason) {
        return Arguments.of(json, path, reason);
    }

    static Stream<Arguments> unknownFields() {
        return Stream.of(
                c(scene("'fsp': 60"), "fsp", "unknown field (did you mean \"fps\"?)"),
                c(scene("'zzz': 1"), "zzz", "unknown field (allowed: name, fps, frames, substeps,"),
                c(scene("'a b': 1"), "[\"a b\"]", "unknown field"),
                c(scene("'solver': {'maxIteration': 3}"), "solver.maxIteration",
                        "unknown field (did you mean \"maxIterations\"?)"),
                c(cloth("'nmae': 'x'"), "cloths[0].nmae", "unknown field (did you mean \"name\"?)"),
                c(mesh("{'grid': {}, 'sphere': {}}"), "cloths[0].mesh.sphere", "unknown field"),
                c(grid("'sizes': [1, 1]"), "cloths[0].mesh.grid.sizes",
                        "unknown field (did you mean \"size\"?)"),
                c(material("'densty': 1"), "cloths[0].material.densty",
                        "unknown field (did you mean \"density\"?)"),
                c(pin("{" + BOX + ", 'moton': {}}"), "cloths[0].pins[0].moton", "unknown field"),
                c(pin("{'box': {'min': [0, 0, 0], 'max': [1, 1, 1], 'mid': [0, 0, 0]}}"),
                        "cloths[0].pins[0].box.mid", "unknown field"),
                c(motion("'velocty': [0, 0, 0]"), "cloths[0].pins[0].motion.velocty",
                        "unknown field (did you mean \"velocity\"?)"));
    }

    static Stream<Arguments> wrongTypes() {
        return Stream.of(
                c(scene("'solver': {'maxIterations': 'ten'}"), "solver.maxIterations",
                        "expected an integer, got \"ten\""),
                c(scene("'frames': 1.5"), "frames", "expected an integer, got 1.5"),
                c(scene("'substeps': true"), "substeps", "expected an integer, got true"),
                c(scene("'fps': '60'"), "fps", "expected a number, got \"60\""),
                c(scene("'fps': null"), "fps", "expected a number, got null"),
                c(scene("'fps': [60]"), "fps", "expected a number, got an array"),
                c(scene("'name': 5"), "name", "expected a string, got 5"),
                c(scene("'name': {}"), "name", "expected a string, got an object"),
                c(scene("'solver': []"), "solver", "expected an object, got an array"),
                c(scene("'solver': {'integrator': 1}"), "solver.integrator",
                        "expected a string, got 1"),
                c(scene("'solver': {'integrator': 'be'}"), "solver.integrator",
                        "expected one of \"BE\", \"BDF2\" or \"backwardEuler\", got \"be\""),
                c("{'cloths': {}}", "cloths", "expected an array, got an object"),
                c("{'cloths': [5]}", "cloths[0]", "expected an object, got 5"),
                c(cloth("'name': false"), "cloths[0].name", "expected a string, got false"),
                c(cloth("'material': 'silk'"), "cloths[0].material",
                        "expected an object, got \"silk\""),
                c(cloth("'pins': {}"), "cloths[0].pins", "expected an array, got an object"),
                c(pin("null"), "cloths[0].pins[0]", "expected an object, got null"),
                c(mesh("'grid'"), "cloths[0].mesh", "expected an object, got \"grid\""),
                c(mesh("{'grid': [1, 1]}"), "cloths[0].mesh.grid", "expected an object, got an array"),
                c(material("'restShape': 'Flat'"), "cloths[0].material.restShape",
                        "expected one of \"flat\" or \"initial\", got \"Flat\""),
                c(material("'density': '0.2'"), "cloths[0].material.density",
                        "expected a number, got \"0.2\""),
                c(pin("{'box': [0, 0, 0]}"), "cloths[0].pins[0].box",
                        "expected an object, got an array"),
                c(pin("{" + BOX + ", 'motion': 1}"), "cloths[0].pins[0].motion",
                        "expected an object, got 1"),
                c(motion("'until': 'never'"), "cloths[0].pins[0].motion.until",
                        "expected a number, got \"never\""),
                c(scene("'name': 'line break', 'fps': 'a\\nb'"), "fps",
                        "expected a number, got \"a\\nb\""));
    }

    static Stream<Arguments> vectors() {
        return Stream.of(
                c(scene("'gravity': [0, -9.81]"), "gravity",
                        "expected an array of 3 numbers, got 2 elements"),
                c(scene("'gravity': [0, -9.81, 0, 0]"), "gravity",
                        "expected an array of 3 numbers, got 4 elements"),
                c(scene("'gravity': 9.81"), "gravity", "expected an array of 3 numbers, got 9.81"),
                c(scene("'wind': [0, 200, 0]"), "wind", "speed must be <= 100 m/s (got 200.0)"),
                c(scene("'wind': [0, 'x', 0]"), "wind[1]", "expected a number, got \"x\""),
                c(scene("'gravity': [0, 'x', 0]"), "gravity[1]", "expected a number, got \"x\""),
                c(scene("'gravity': [0, null, 0]"), "gravity[1]", "expected a number, got null"),
                c(grid("'size': [1, 1, 1]"), "cloths[0].mesh.grid.size",
                        "expected an array of 2 numbers, got 3 elements"),
                c(grid("'cells': [10]"), "cloths[0].mesh.grid.cells",
                        "expected an array of 2 integers, got 1 element"),
                c(grid("'cells': 10"), "cloths[0].mesh.grid.cells",
                        "expected an array of 2 integers, got 10"),
                c(grid("'cells': [10, 1.5]"), "cloths[0].mesh.grid.cells[1]",
                        "expected an integer, got 1.5"),
                c(grid("'center': [0, 0]"), "cloths[0].mesh.grid.center",
                        "expected an array of 3 numbers, got 2 elements"),
                c(grid("'normal': {}"), "cloths[0].mesh.grid.normal",
                        "expected an array of 3 numbers, got an object"),
                c(grid("'uAxis': [1, 0, '0']"), "cloths[0].mesh.grid.uAxis[2]",
                        "expected a number, got \"0\""),
                c(pin("{'box': {'min': [0, 0], 'max': [1, 1, 1]}}"), "cloths[0].pins[0].box.min",
                        "expected an array of 3 numbers, got 2 elements"),
                c(pin("{'box': {'min': [0, 0, 0], 'max': [1, true, 1]}}"),
                        "cloths[0].pins[0].box.max[1]", "expected a number, got true"),
                c(motion("'velocity': [1, 2]"), "cloths[0].pins[0].motion.velocity",
                        "expected an array of 3 numbers, got 2 elements"));
    }

    static Stream<Arguments> nonFinite() {
        return Stream.of(
                c(scene("'fps': NaN"), "fps", "must be a finite number (got NaN)"),
                c(scene("'gravity': [Infinity, 0, 0]"), "gravity[0]",
                        "must be a finite number (got Infinity)"),
                c(material("'density': -Infinity"), "cloths[0].material.density",
                        "must be a finite number (got -Infinity)"),
                c(material("'drag': 1e400"), "cloths[0].material.drag",
                        "must be a finite number (got Infinity)"),
                c(grid("'center': [0, 0, NaN]"), "cloths[0].mesh.grid.center[2]",
                        "must be a finite number (got NaN)"),
                c(motion("'until': Infinity"), "cloths[0].pins[0].motion.until",
                        "must be a finite number (got Infinity)"),
                c(scene("'frames': NaN"), "frames", "expected an integer, got NaN"),
                c(grid("'cells': [Infinity, 2]"), "cloths[0].mesh.grid.cells[0]",
                        "expected an integer, got Infinity"));
    }

    static Stream<Arguments> ranges() {
        return Stream.of(
                c(scene("'fps': 0"), "fps", "must be > 0 (got 0.0)"),
                c(scene("'fps': -30"), "fps", "must be > 0 (got -30.0)"),
                c(scene("'fps': 10001"), "fps", "must be <= 10000 (got 10001.0)"),
                c(scene("'frames': -1"), "frames", "must be >= 0 (got -1)"),
                c(scene("'frames': 10000001"), "frames", "must be <= 10000000 (got 10000001)"),
                c(scene("'frames': 99999999999999999999999"), "frames",
                        "must be <= 10000000 (got 99999999999999999999999)"),
                c(scene("'frames': -1e30"), "frames", "must be >= 0 (got -1.0E30)"),
                c(scene("'substeps': 0"), "substeps", "must be >= 1 (got 0)"),
                c(scene("'substeps': 1001"), "substeps", "must be <= 1000 (got 1001)"),
                c(scene("'solver': {'maxIterations': 0}"), "solver.maxIterations",
                        "must be >= 1 (got 0)"),
                c(scene("'solver': {'maxIterations': 1001}"), "solver.maxIterations",
                        "must be <= 1000 (got 1001)"),
                c(scene("'gravity': [0, -2000, 0]"), "gravity",
                        "magnitude must be <= 1000 m/s^2 (got 2000.0)"),
                c(scene("'gravity': [600, -600, 600]"), "gravity", "magnitude must be <= 1000"),
                c(grid("'size': [0, 1]"), "cloths[0].mesh.grid.size[0]", "must be > 0 (got 0.0)"),
                c(grid("'size': [1, -1]"), "cloths[0].mesh.grid.size[1]", "must be > 0 (got -1.0)"),
                c(grid("'size': [1, 1001]"), "cloths[0].mesh.grid.size[1]",
                        "must be <= 1000 (got 1001.0)"),
                c(grid("'cells': [0, 10]"), "cloths[0].mesh.grid.cells[0]", "must be >= 1 (got 0)"),
                c(grid("'cells': [10, 4001]"), "cloths[0].mesh.grid.cells[1]",
                        "must be <= 4000 (got 4001)"),
                c(grid("'normal': [0, 0, 0]"), "cloths[0].mesh.grid.normal",
                        "must be non-zero (got [0.0, 0.0, 0.0])"),
                c(grid("'uAxis': [0, 0, 0]"), "cloths[0].mesh.grid.uAxis",
                        "must be non-zero (got [0.0, 0.0, 0.0])"),
                c(grid("'uAxis': [1, 1, 0]"), "cloths[0].mesh.grid.uAxis",
                        "must be perpendicular to normal [0.0, 1.0, 0.0] (got [1.0, 1.0, 0.0]"),
                c(grid("'normal': [0, 0, 1], 'uAxis': [1, 0, 1e-5]"), "cloths[0].mesh.grid.uAxis",
                        "must be perpendicular to normal"),
                c(material("'density': -1"), "cloths[0].material.density", "must be >= 0.001 (got -1.0)"),
                c(material("'density': 0"), "cloths[0].material.density", "must be >= 0.001 (got 0.0)"),
                c(material("'density': 1001"), "cloths[0].material.density",
                        "must be <= 1000 (got 1001.0)"),
                c(material("'bendingStiffness': -1e-9"), "cloths[0].material.bendingStiffness",
                        "must be >= 0 (got -1.0E-9)"),
                c(material("'bendingStiffness': 2e6"), "cloths[0].material.bendingStiffness",
                        "must be <= 1000000 (got 2000000.0)"),
                c(material("'strainTolerance': 0"), "cloths[0].material.strainTolerance",
                        "must be > 0 (got 0.0)"),
                c(material("'strainTolerance': 0.6"), "cloths[0].material.strainTolerance",
                        "must be <= 0.5 (got 0.6)"),
                c(material("'damping': -0.1"), "cloths[0].material.damping",
                        "must be >= 0 (got -0.1)"),
                c(material("'damping': 101"), "cloths[0].material.damping",
                        "must be <= 100 (got 101.0)"),
                c(material("'drag': -1"), "cloths[0].material.drag", "must be >= 0 (got -1.0)"),
                c(material("'drag': 1001"), "cloths[0].material.drag", "must be <= 1000 (got 1001.0)"),
                c(material("'membraneStiffness': -5"), "cloths[0].material.membraneStiffness",
                        "must be >= 0 (got -5.0)"),
                c(material("'membraneStiffness': 2e9"), "cloths[0].material.membraneStiffness",
                        "must be <= 1000000000 (got 2.0E9)"),
                c(pin("{'box': {'min': [0, 2, 0], 'max': [1, 1, 1]}}"), "cloths[0].pins[0].box",
                        "min must be <= max componentwise (min[1] = 2.0 > max[1] = 1.0)"),
                c(motion("'until': -1"), "cloths[0].pins[0].motion.until",
                        "must be >= 0 (got -1.0)"),
                c("{'cloths': [" + CLOTH + ", {'mesh': {'grid': {}}, 'material': {'density': 0}}]}",
                        "cloths[1].material.density", "must be >= 0.001 (got 0.0)"));
    }

    static Stream<Arguments> requiredAndStructure() {
        return Stream.of(
                c("{}", "cloths", "missing required field"),
                c("{'name': 'x'}", "cloths", "missing required field"),
                c("{'cloths': []}", "cloths", "must contain at least one cloth"),
                c("{'cloths': [{}]}", "cloths[0].mesh", "missing required field"),
                c(mesh("{}"), "cloths[0].mesh",
                        "must have exactly one of \"grid\", \"obj\" or \"gltf\" (found none)"),
                c(mesh("{'grid': {}, 'obj': 'a.obj'}"), "cloths[0].mesh",
                        "must have exactly one of \"grid\", \"obj\" or \"gltf\" (found \"grid\" and \"obj\")"),
                c(mesh("{'obj': 3}"), "cloths[0].mesh.obj", "expected a string, got 3"),
                c(mesh("{'obj': ''}"), "cloths[0].mesh.obj", "must be a non-empty string (got \"\")"),
                c(mesh("{'obj': '  '}"), "cloths[0].mesh.obj",
                        "must be a non-empty string (got \"  \")"),
                c(mesh("{'obj': 'a\\u0000b.obj'}"), "cloths[0].mesh.obj",
                        "the path \"a\\u0000b.obj\" holds a control character"),
                c(pin("{}"), "cloths[0].pins[0].box", "missing required field"),
                c(pin("{'motion': {}}"), "cloths[0].pins[0].box", "missing required field"),
                c(pin("{'box': {'min': [0, 0, 0]}}"), "cloths[0].pins[0].box.max",
                        "missing required field"),
                c(pin("{'box': {}}"), "cloths[0].pins[0].box.min", "missing required field"),
                c(scene("'name': ''"), "name", "must be a non-empty string (got \"\")"),
                c(cloth("'name': ' '"), "cloths[0].name", "must be a non-empty string (got \" \")"),
                c(scene("'colliders': [1, 2]"), "colliders[0]", "expected an object, got 1"),
                c(scene("'colliders': {}"), "colliders", "expected an array, got an object"),
                c(scene("'colliders': null"), "colliders", "expected an array, got null"),
                c("[]", "", "expected a JSON object at the top level, got an array"),
                c("42", "", "expected a JSON object at the top level, got 42"),
                c("null", "", "expected a JSON object at the top level, got null"));
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                c("{\n  'fps': 60,\n  'frames': ,\n}", "line 3, column 13",
                        "malformed JSON (Unexpected character (',' (code 44))"),
                c("{'cloths': [" + CLOTH + "]", "line 1, column 36",
                        "malformed JSON (Unexpected end-of-input: expected close marker for Object"
                                + " (start marker at line 1, column 1))"),
                c(scene("'fps': 60") + " {}", "line 1, column 49",
                        "malformed JSON (unexpected content after the end of the top-level value)"),
                c(scene("'fps': 60, 'fps': 30"), "line 1, column 18",
                        "malformed JSON (Duplicate field 'fps')"),
                c("{'fps': 60 // comment\n}", "line 1, column 12",
                        "malformed JSON (Unexpected character ('/' (code 47)): maybe a (non-standard)"
                                + " comment?)"),
                c("{'name': 'unterminated}", "line 1, column 24",
                        "malformed JSON (Unexpected end-of-input: was expecting closing quote"),
                c("{'fps': +1}", "line 1, column 10", "malformed JSON (Unexpected character ('+'"),
                c("{'fps': 60,}", "line 1, column 12", "malformed JSON (Unexpected character ('}'"),
                c("[".repeat(1001) + "]".repeat(1001), "",
                        "malformed JSON (Document nesting depth (1001) exceeds the maximum allowed"
                                + " (1000))"),
                c("", "", "malformed JSON (no content: the file is empty)"),
                c("   \n  ", "", "malformed JSON (no content: the file is empty)"));
    }

    // ---- colliders and contact settings ----

    private static final String SPHERE = "'sphere': {'center': [0, 0, 0], 'radius': 1}";
    private static final String KINDS =
            "must have exactly one of \"sphere\", \"capsule\", \"box\", \"plane\", \"obj\", \"gltf\", \"objSequence\""
                    + " or \"cache\"";
    private static final String PATTERN_RULE = "the file name must contain exactly one"
            + " frame-number conversion, %d or %0Nd such as %04d, and no other '%' (got ";

    /** A scene whose colliders array holds {@code entries}. */
    private static String colliders(String entries) {
        return scene("'colliders': [" + entries + "]");
    }

    static Stream<Arguments> colliderErrors() {
        return Stream.of(
                // kinds
                c(colliders("{'cylinder': {}}"), "colliders[0].cylinder",
                        "unknown field (allowed: name, sphere, capsule, box, plane, obj,"
                                + " gltf, objSequence, cache, friction, motion)"),
                c(colliders("{'spehre': {}}"), "colliders[0].spehre",
                        "unknown field (did you mean \"sphere\"?)"),
                c(colliders("{'name': 'x'}"), "colliders[0]", KINDS + " (found none)"),
                c(colliders("{" + SPHERE + ", 'box': {}}"), "colliders[0]",
                        KINDS + " (found \"sphere\" and \"box\")"),
                c(colliders("5"), "colliders[0]", "expected an object, got 5"),
                c(colliders("{'sphere': 1}"), "colliders[0].sphere", "expected an object, got 1"),
                // sphere
                c(colliders("{'sphere': {'center': [0, 0, 0]}}"), "colliders[0].sphere.radius",
                        "missing required field"),
                c(colliders("{'sphere': {'radius': 1}}"), "colliders[0].sphere.center",
                        "missing required field"),
                c(colliders("{" + SPHERE + "}, {'sphere': {'center': [0, 0, 0], 'radius': -1}}"),
                        "colliders[1].sphere.radius", "must be > 0 (got -1.0)"),
                c(colliders("{'sphere': {'center': [0, 0, 0], 'radius': NaN}}"),
                        "colliders[0].sphere.radius", "must be a finite number (got NaN)"),
                c(colliders("{'sphere': {'center': [0, NaN, 0], 'radius': 1}}"),
                        "colliders[0].sphere.center[1]", "must be a finite number (got NaN)"),
                c(colliders("{'sphere': {'center': [0, 0, 0], 'radius': 1, 'radiu': 2}}"),
                        "colliders[0].sphere.radiu", "unknown field (did you mean \"radius\"?)"),
                // capsule
                c(colliders("{'capsule': {'a': [0, 0, 0], 'b': [0, 1, 0], 'radius': 0}}"),
                        "colliders[0].capsule.radius", "must be > 0 (got 0.0)"),
                c(colliders("{'capsule': {'a': [0, 0, 0], 'radius': 1}}"),
                        "colliders[0].capsule.b", "missing required field"),
                c(colliders("{'capsule': {'a': [0, 0], 'b': [0, 1, 0], 'radius': 1}}"),
                        "colliders[0].capsule.a", "expected an array of 3 numbers, got 2 elements"),
                // box
                c(colliders("{'box': {'center': [0, 0, 0], 'halfExtents': [1, 1, 0]}}"),
                        "colliders[0].box.halfExtents[2]", "must be > 0 (got 0.0)"),
                c(colliders("{'box': {'center': [0, 0, 0]}}"), "colliders[0].box.halfExtents",
                        "missing required field"),
                c(colliders("{'box': {'center': [0, 0, 0], 'halfExtents': [1, 1, 1],"
                        + " 'rotation': [0, 1, 0]}}"), "colliders[0].box.rotation",
                        "expected an array of 4 numbers, got 3 elements"),
                c(colliders("{'box': {'center': [0, 0, 0], 'halfExtents': [1, 1, 1],"
                        + " 'rotation': [0, 0, 0, 45]}}"), "colliders[0].box.rotation",
                        "axis must be non-zero (got [0.0, 0.0, 0.0])"),
                c(colliders("{'box': {'center': [0, 0, 0], 'halfExtents': [1, 1, 1],"
                        + " 'rotation': [0, 1, 0, Infinity]}}"), "colliders[0].box.rotation[3]",
                        "must be a finite number (got Infinity)"),
                // plane
                c(colliders("{'plane': {'point': [0, 0, 0], 'normal': [0, 0, 0]}}"),
                        "colliders[0].plane.normal", "must be non-zero (got [0.0, 0.0, 0.0])"),
                c(colliders("{'plane': {'normal': [0, 1, 0]}}"), "colliders[0].plane.point",
                        "missing required field"),
                // meshes
                c(colliders("{'obj': 'missing.obj'}"), "colliders[0].obj",
                        "no such file: " + Path.of("scenes", "missing.obj")),
                c(colliders("{'obj': 7}"), "colliders[0].obj", "expected a string, got 7"),
                c(colliders("{'obj': ''}"), "colliders[0].obj",
                        "must be a non-empty string (got \"\")"),
                c(colliders("{'objSequence': {'pattern': 'frames/body.obj'}}"),
                        "colliders[0].objSequence.pattern", PATTERN_RULE + "\"frames/body.obj\")"),
                c(colliders("{'objSequence': {'pattern': 'frames/body_%04d_%04d.obj'}}"),
                        "colliders[0].objSequence.pattern", PATTERN_RULE),
                c(colliders("{'objSequence': {'pattern': 'frames/body_%s.obj'}}"),
                        "colliders[0].objSequence.pattern", PATTERN_RULE),
                c(colliders("{'objSequence': {'pattern': 'frames/100%_%04d.obj'}}"),
                        "colliders[0].objSequence.pattern", PATTERN_RULE),
                c(colliders("{'objSequence': {'pattern': 'frames_%04d/body.obj'}}"),
                        "colliders[0].objSequence.pattern", PATTERN_RULE),
                c(colliders("{'objSequence': {'pattern': 'frames/body_%04d.obj'}}"),
                        "colliders[0].objSequence.pattern", "no such file: "
                                + Path.of("scenes", "frames", "body_0000.obj")
                                + " (the first frame, number 0)"),
                c(colliders("{'objSequence': {'fps': 30}}"), "colliders[0].objSequence.pattern",
                        "missing required field"),
                c(colliders("{'objSequence': {'pattern': 'b_%04d.obj', 'fps': 0}}"),
                        "colliders[0].objSequence.fps", "must be > 0 (got 0.0)"),
                c(colliders("{'obj': 'missing.obj', 'motion': {}}"), "colliders[0].motion",
                        "not allowed for an \"obj\" collider (only \"sphere\", \"capsule\","
                                + " \"box\" and \"plane\" colliders have a rigid motion;"
                                + " animate a mesh with \"objSequence\")"),
                c(colliders("{'objSequence': {'pattern': 'b_%04d.obj'}, 'motion': {}}"),
                        "colliders[0].motion", "not allowed for an \"objSequence\" collider"),
                // common fields
                c(colliders("{" + SPHERE + ", 'friction': 11}"), "colliders[0].friction",
                        "must be <= 10 (got 11.0)"),
                c(colliders("{" + SPHERE + ", 'friction': -0.5}"), "colliders[0].friction",
                        "must be >= 0 (got -0.5)"),
                c(colliders("{" + SPHERE + ", 'friction': 'high'}"), "colliders[0].friction",
                        "expected a number, got \"high\""),
                c(colliders("{" + SPHERE + ", 'name': ' '}"), "colliders[0].name",
                        "must be a non-empty string (got \" \")"),
                c(colliders("{" + SPHERE + ", 'motion': {'angularVelocty': [0, 1, 0]}}"),
                        "colliders[0].motion.angularVelocty",
                        "unknown field (did you mean \"angularVelocity\"?)"),
                c(colliders("{" + SPHERE + ", 'motion': {'until': 1}}"),
                        "colliders[0].motion.until",
                        "unknown field (allowed: velocity, angularVelocity)"),
                c(colliders("{" + SPHERE + ", 'motion': {'velocity': [1, 2]}}"),
                        "colliders[0].motion.velocity",
                        "expected an array of 3 numbers, got 2 elements"),
                c(colliders("{" + SPHERE + ", 'motion': {'angularVelocity': [0, NaN, 0]}}"),
                        "colliders[0].motion.angularVelocity[1]",
                        "must be a finite number (got NaN)"),
                c(colliders("{" + SPHERE + ", 'motion': []}"), "colliders[0].motion",
                        "expected an object, got an array"),
                // material and solver
                c(material("'friction': 10.5"), "cloths[0].material.friction",
                        "must be <= 10 (got 10.5)"),
                c(material("'friction': -1"), "cloths[0].material.friction",
                        "must be >= 0 (got -1.0)"),
                c(material("'thickness': 0"), "cloths[0].material.thickness",
                        "must be > 0 (got 0.0)"),
                c(material("'thickness': 0.2"), "cloths[0].material.thickness",
                        "must be <= 0.1 (got 0.2)"),
                c(material("'thicknes': 0.01"), "cloths[0].material.thicknes",
                        "unknown field (did you mean \"thickness\"?)"),
                c(scene("'solver': {'collisions': 'Coupled'}"), "solver.collisions",
                        "expected one of \"coupled\" or \"staggered\", got \"Coupled\""),
                c(scene("'solver': {'collision': 'coupled'}"), "solver.collision",
                        "unknown field (did you mean \"collisions\"?)"),
                c(scene("'solver': {'selfCollisions': 'yes'}"), "solver.selfCollisions",
                        "expected true or false, got \"yes\""),
                c(scene("'solver': {'selfCollisions': 1}"), "solver.selfCollisions",
                        "expected true or false, got 1"),
                c(scene("'solver': {'selfContactPairs': 'pairs'}"), "solver.selfContactPairs",
                        "expected true or false, got \"pairs\""),
                c(scene("'solver': {'projection': 'gauss-newton'}"), "solver.projection",
                        "expected one of \"auto\", \"newton\" or \"fast\", got \"gauss-newton\""));
    }

    @ParameterizedTest(name = "{1}: {2}")
    @MethodSource({"unknownFields", "wrongTypes", "vectors", "nonFinite", "ranges",
            "requiredAndStructure", "malformed", "colliderErrors"})
    void errorNamesFileFieldAndReason(String json, String path, String reason) {
        assertError(json, path, reason);
    }

    @Test
    void densityExampleFromTheSpecification() {
        assertEquals("hang.json: cloths[0].material.density: must be >= 0.001 (got -1.0)",
                messageFor(Path.of("hang.json"), material("'density': -1.0")));
        assertEquals("hang.json: solver.maxIterations: expected an integer, got \"ten\"",
                messageFor(Path.of("hang.json"), scene("'solver': {'maxIterations': 'ten'}")));
        assertEquals("scene.json: colliders[1].sphere.radius: must be > 0 (got -1.0)",
                messageFor(Path.of("scene.json"), colliders("{" + SPHERE + "},"
                        + " {'sphere': {'center': [0, 0, 0], 'radius': -1}}")));
    }

    private static String messageFor(Path file, String json) {
        return assertThrows(InputException.class,
                () -> SceneReader.parse(json.replace('\'', '"'), file)).getMessage();
    }

    @Test
    void controlCharactersInFileNamesAndKeysAreEscaped() {
        String m = messageFor(Path.of("odd\nname.json"), scene("'a\\u2028b': 1"));
        assertEquals("odd\\u000aname.json: [\"a\\u2028b\"]: unknown field (allowed: name, fps,"
                + " frames, substeps, gravity, wind, gust, aerodynamics, solver, cloths, colliders)", m);
    }

    @Test
    void longStringValuesAreCutInMessages() {
        String m = error(scene("'fps': '" + "x".repeat(500) + "'"));
        assertTrue(m.endsWith("\"" + "x".repeat(40) + "\"..."), m);
    }

    @Test
    void unknownFieldIsReportedBeforeOtherProblems() {
        // the typo is the likely cause of the missing field: report it
        assertError("{'cloths': [{'mseh': {'grid': {}}}]}", "cloths[0].mseh",
                "unknown field (did you mean \"mesh\"?)");
    }
}
