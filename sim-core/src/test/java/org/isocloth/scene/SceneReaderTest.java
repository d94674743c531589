package org.isocloth.scene;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.isocloth.InputException;
import org.isocloth.collision.AnalyticCollider;
import org.isocloth.collision.BoxCollider;
import org.isocloth.collision.SphereCollider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SceneReaderTest {

    private static final Path HANG = Path.of("scenes", "hang.json");

    /** A minimal valid scene: one default grid cloth. */
    static final String MINIMAL = "{\"cloths\": [{\"mesh\": {\"grid\": {}}}]}";

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(SceneReaderTest.class.getResource("/scenes/" + name).toURI());
    }

    @Test
    void readsAFullFileWithEveryField() throws Exception {
        Path file = resource("full.json");
        SceneSpec s = SceneReader.read(file);

        assertEquals("two sheets", s.name());
        assertEquals(file, s.file());
        assertEquals(30.0, s.fps());
        assertEquals(90, s.frames());
        assertEquals(4, s.substeps());
        assertArrayEquals(new double[] {0.5, -9.8, 0}, s.gravity());
        assertEquals(new SolverSpec(Integrator.BDF2, 50, CollisionMode.STAGGERED), s.solver());
        assertEquals(2, s.cloths().size());

        ClothSpec sheet = s.cloths().get(0);
        assertEquals("sheet", sheet.name());
        GridSpec g = assertInstanceOf(GridSpec.class, sheet.mesh());
        assertArrayEquals(new double[] {2.0, 1.5}, g.size());
        assertArrayEquals(new int[] {40, 30}, g.cells());
        assertArrayEquals(new double[] {0, 1, 0}, g.center());
        assertArrayEquals(new double[] {0, 0, 1}, g.normal());
        assertArrayEquals(new double[] {1, 0, 0}, g.uAxis());
        // membrane stiffness omitted: default 1e5
        assertEquals(new MaterialSpec(0.15, 2e-5, RestShape.INITIAL, 0.002, 0.01, 0.3, 1e5, 0.6,
                0.004), sheet.material());
        assertEquals(2, sheet.pins().size());
        PinSpec moving = sheet.pins().get(0);
        assertArrayEquals(new double[] {-1.1, 1.7, -0.1}, moving.boxMin());
        assertArrayEquals(new double[] {-0.9, 1.8, 0.1}, moving.boxMax());
        assertArrayEquals(new double[] {0.25, 0, 0}, moving.velocity());
        assertEquals(1.5, moving.until());
        assertEquals(PinSpec.fixed(new double[] {0.9, 1.7, -0.1}, new double[] {1.1, 1.8, 0.1}),
                sheet.pins().get(1));

        ClothSpec flag = s.cloths().get(1);
        assertEquals("cloth1", flag.name());
        ObjMeshSpec obj = assertInstanceOf(ObjMeshSpec.class, flag.mesh());
        assertEquals(file.getParent().resolve("meshes").resolve("flag.obj"), obj.path());
        assertEquals(MaterialSpec.defaults(), flag.material());
        PinSpec forever = flag.pins().get(0);
        assertArrayEquals(new double[] {0, 1, 0}, forever.velocity());
        assertEquals(Double.POSITIVE_INFINITY, forever.until());

        // colliders: every kind once; names default to "collider<i>", friction to NaN
        Path dir = file.getParent();
        assertEquals(List.of(
                new SphereSpec("ball", new double[] {0, 0.5, 0.2}, 0.25, 0.1,
                        new MotionSpec(new double[] {0, 0, -0.5}, new double[] {0, 2, 0})),
                new CapsuleSpec("collider1", new double[] {-0.5, 0.2, 0},
                        new double[] {0.5, 0.2, 0}, 0.05, Double.NaN,
                        new MotionSpec(new double[] {0, 1, 0}, new double[3])),
                new BoxSpec("table", new double[] {0, -0.1, 0}, new double[] {1, 0.1, 0.5},
                        new double[] {0, 1, 0, 30}, Double.NaN, MotionSpec.still()),
                new PlaneSpec("collider3", new double[] {0, -1, 0}, new double[] {0, 1, 0}, 0,
                        MotionSpec.still()),
                new ObjColliderSpec("body", dir.resolve("colliders").resolve("body.obj"), 0.8),
                new ObjSequenceSpec("collider5", dir.resolve("colliders").resolve("walk_%04d.obj"),
                        24, Double.NaN)),
                s.colliders());
    }

    @Test
    void everyColliderKindParsesToItsValues(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("frames"));
        Files.writeString(dir.resolve("body.obj"), "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        Files.writeString(dir.resolve("frames").resolve("body_0000.obj"), "");
        Files.writeString(dir.resolve("frames").resolve("body_0.obj"), "");
        Path file = dir.resolve("scene.json");
        String json = ("{'fps': 50, 'cloths': [{'mesh': {'grid': {}}}], 'colliders': ["
                + "{'sphere': {'center': [1, 2, 3], 'radius': 0.5}},"
                + "{'name': 'arm', 'capsule': {'a': [0, 0, 0], 'b': [0, 2, 0], 'radius': 0.1},"
                + " 'friction': 0.25, 'motion': {'angularVelocity': [0, 0, 3]}},"
                + "{'box': {'center': [0, 1, 0], 'halfExtents': [1, 2, 3]},"
                + " 'motion': {'velocity': [1, 0, 0]}},"
                + "{'box': {'center': [0, 0, 0], 'halfExtents': [1, 1, 1],"
                + " 'rotation': [0, 0, 2, 90]}},"
                + "{'plane': {'point': [0, -1, 0], 'normal': [0, 3, 0]}, 'friction': 10},"
                + "{'obj': 'body.obj'},"
                + "{'objSequence': {'pattern': 'frames/body_%04d.obj'}},"
                + "{'objSequence': {'pattern': 'frames/../frames/body_%d.obj', 'fps': 12.5}}"
                + "]}").replace('\'', '"');
        List<ColliderSpec> c = SceneReader.parse(json, file).colliders();
        assertEquals(8, c.size());

        SphereSpec sphere = assertInstanceOf(SphereSpec.class, c.get(0));
        assertEquals("collider0", sphere.name());
        assertArrayEquals(new double[] {1, 2, 3}, sphere.center());
        assertEquals(0.5, sphere.radius());
        assertTrue(Double.isNaN(sphere.friction()));
        assertEquals(MotionSpec.still(), sphere.motion());

        CapsuleSpec capsule = assertInstanceOf(CapsuleSpec.class, c.get(1));
        assertEquals("arm", capsule.name());
        assertArrayEquals(new double[] {0, 2, 0}, capsule.b());
        assertEquals(0.25, capsule.friction());
        // an omitted velocity defaults to zero
        assertEquals(new MotionSpec(new double[3], new double[] {0, 0, 3}), capsule.motion());

        BoxSpec box = assertInstanceOf(BoxSpec.class, c.get(2));
        assertArrayEquals(new double[] {1, 2, 3}, box.halfExtents());
        assertArrayEquals(new double[] {0, 0, 1, 0}, box.rotation()); // default: none
        assertArrayEquals(new double[] {1, 0, 0}, box.motion().velocity());
        assertArrayEquals(new double[] {0, 0, 2, 90}, ((BoxSpec) c.get(3)).rotation());

        PlaneSpec plane = assertInstanceOf(PlaneSpec.class, c.get(4));
        assertArrayEquals(new double[] {0, 3, 0}, plane.normal()); // kept as written
        assertEquals(10.0, plane.friction());

        ObjColliderSpec obj = assertInstanceOf(ObjColliderSpec.class, c.get(5));
        assertEquals(dir.resolve("body.obj"), obj.path());
        assertTrue(Double.isNaN(obj.friction()));

        ObjSequenceSpec seq = assertInstanceOf(ObjSequenceSpec.class, c.get(6));
        assertEquals(dir.resolve("frames").resolve("body_%04d.obj"), seq.pattern());
        assertEquals(50.0, seq.fps()); // default: the scene's fps
        assertEquals(dir.resolve("frames").resolve("body_0000.obj"), seq.frame(0));
        assertEquals(dir.resolve("frames").resolve("body_0123.obj"), seq.frame(123));
        ObjSequenceSpec plain = assertInstanceOf(ObjSequenceSpec.class, c.get(7));
        assertEquals(12.5, plain.fps());
        // the pattern is normalized; %d has no padding (its first frame is body_0.obj)
        assertEquals(dir.resolve("frames").resolve("body_%d.obj"), plain.pattern());
        assertEquals(dir.resolve("frames").resolve("body_7.obj"), plain.frame(7));
    }

    @Test
    void analyticCollidersBuildConfiguredColliders() {
        // A box turned 90° about z with half extents (1, 2, 3): its world x extent is the body
        // y half extent 2 (bounds at rest: x in [-2, 2]). Friction 0.4, velocity (1, 0, 0):
        // at t1 = 2 the centre is at (2, 0, 0).
        String json = ("{'cloths': [{'mesh': {'grid': {}}}], 'colliders': ["
                + "{'name': 'crate', 'box': {'center': [0, 0, 0], 'halfExtents': [1, 2, 3],"
                + " 'rotation': [0, 0, 1, 90]}, 'friction': 0.4,"
                + " 'motion': {'velocity': [1, 0, 0]}},"
                + "{'sphere': {'center': [0, 0, 0], 'radius': 2}}]}").replace('\'', '"');
        List<ColliderSpec> c = SceneReader.parse(json, HANG).colliders();
        AnalyticCollider crate = ((AnalyticColliderSpec) c.get(0)).build();
        assertInstanceOf(BoxCollider.class, crate);
        assertEquals("crate", crate.name());
        assertEquals(0.4, crate.friction());
        assertArrayEquals(new double[] {1, 0, 0}, crate.velocity());
        double[] bounds = new double[6];
        crate.sweptBounds(bounds);
        assertArrayEquals(new double[] {-2, -1, -3, 2, 1, 3}, bounds, 1e-12);
        crate.setInterval(0, 2);
        assertTrue(crate.contains(3.9, 0, 0));
        assertFalse(crate.contains(4.1, 0, 0));
        AnalyticCollider ball = ((AnalyticColliderSpec) c.get(1)).build();
        assertInstanceOf(SphereCollider.class, ball);
        assertTrue(Double.isNaN(ball.friction()));
        assertTrue(ball.contains(0, 1.99, 0));
    }

    @Test
    void aFabricPresetSetsItsFieldsAndTheOthersOverrideIt() {
        String json = "{\"cloths\": [{\"mesh\": {\"grid\": {}}, \"material\": {\"fabric\": \"denim\"}}]}";
        MaterialSpec m = SceneReader.parse(json, HANG).cloths().get(0).material();
        org.isocloth.model.Fabric denim = org.isocloth.model.Fabric.DENIM;
        assertEquals(denim.density(), m.density());
        assertEquals(denim.bendingStiffness(), m.bendingStiffness());
        assertEquals(denim.inPlaneStiffness(), m.membraneStiffness());
        assertEquals(denim.friction(), m.friction());
        assertEquals(denim.thickness(), m.thickness());
        assertEquals(MaterialSpec.DEFAULT_DAMPING, m.damping(), "fields a preset does not set keep their defaults");
        // a field beside the preset wins, and the written scene carries the resolved numbers
        SceneSpec s = SceneReader.parse(json.replace("\"denim\"", "\"denim\", \"thickness\": 0.003"), HANG);
        assertEquals(0.003, s.cloths().get(0).material().thickness());
        assertEquals(denim.density(), s.cloths().get(0).material().density());
        assertEquals(s.cloths().get(0).material(),
                SceneReader.parse(SceneWriter.toJson(s), HANG).cloths().get(0).material());
        InputException e = assertThrows(InputException.class,
                () -> SceneReader.parse(json.replace("denim", "tweed"), HANG));
        assertTrue(e.getMessage().contains("cloths[0].material.fabric") && e.getMessage().contains("\"tweed\"")
                && e.getMessage().contains("denim"), e.getMessage());
    }

    @Test
    void aBendingLengthGivesTheBendingStiffnessAtTheMaterialsDensity() {
        // k = ρ g c³: denim's 0.324 kg/m² with c = 3 cm gives 0.324 · 9.80665 · 2.7e-5 = 8.57886e-5 N·m;
        // the default density 0.2 kg/m² with c = 2 cm gives 1.569064e-5 N·m
        String json = "{\"cloths\": [{\"mesh\": {\"grid\": {}}, \"material\": {\"fabric\": \"denim\","
                + " \"bendingLength\": 0.03}}]}";
        SceneSpec s = SceneReader.parse(json, HANG);
        assertEquals(8.57886e-5, s.cloths().get(0).material().bendingStiffness(), 1e-10);
        assertEquals(s.cloths().get(0).material(),
                SceneReader.parse(SceneWriter.toJson(s), HANG).cloths().get(0).material(), "saved as its stiffness");
        String plain = "{\"cloths\": [{\"mesh\": {\"grid\": {}}, \"material\": {\"density\": 0.2,"
                + " \"bendingLength\": 0.02}}]}";
        assertEquals(1.569064e-5, SceneReader.parse(plain, HANG).cloths().get(0).material().bendingStiffness(), 1e-11);
        InputException both = assertThrows(InputException.class, () -> SceneReader.parse(
                plain.replace("0.2,", "0.2, \"bendingStiffness\": 1e-5,"), HANG));
        assertTrue(both.getMessage().contains("cloths[0].material.bendingLength")
                && both.getMessage().contains("not both"), both.getMessage());
        InputException range = assertThrows(InputException.class,
                () -> SceneReader.parse(plain.replace("0.02", "2"), HANG));
        assertTrue(range.getMessage().contains("material.bendingLength"), range.getMessage());
    }

    @Test
    void theSolverMethodParsesAndIsWrittenWhenNotTheDefault() {
        String json = "{\"solver\": {\"method\": \"shape-matching\"}, \"cloths\": [{\"mesh\": {\"grid\": {}}}]}";
        SceneSpec s = SceneReader.parse(json, HANG);
        assertEquals(SolverMethod.SHAPE_MATCHING, s.solver().method());
        assertTrue(SceneWriter.toJson(s).contains("\"shape-matching\""), SceneWriter.toJson(s));
        assertEquals(s.solver(), SceneReader.parse(SceneWriter.toJson(s), HANG).solver());
        SceneSpec plain = SceneReader.parse(json.replace("\"method\": \"shape-matching\"", ""), HANG);
        assertEquals(SolverMethod.ISOMETRIC, plain.solver().method());
        assertFalse(SceneWriter.toJson(plain).contains("\"method\""));
        InputException e = assertThrows(InputException.class,
                () -> SceneReader.parse(json.replace("shape-matching", "pbd"), HANG));
        assertTrue(e.getMessage().contains("solver.method") && e.getMessage().contains("shape-matching"), e.getMessage());
    }

    @Test
    void theMembraneModelTakesItsModulusAndPoissonsRatio() {
        String json = "{\"cloths\": [{\"mesh\": {\"grid\": {}}, \"material\": {\"fabric\": \"cotton-jersey\","
                + " \"model\": \"membrane\", \"youngsModulus\": 150}}]}";
        SceneSpec s = SceneReader.parse(json, HANG);
        MaterialSpec m = s.cloths().get(0).material();
        assertEquals(new org.isocloth.model.Stretch(150, MaterialSpec.DEFAULT_POISSON_RATIO), m.stretch());
        assertEquals(org.isocloth.model.Fabric.COTTON_JERSEY.density(), m.density(), "the preset still applies");
        assertEquals(0, m.membraneStiffness(), "a membrane has no membrane springs");
        assertEquals(m, SceneReader.parse(SceneWriter.toJson(s), HANG).cloths().get(0).material(), "round trip");
        assertEquals(null, SceneReader.parse(json.replace("\"membrane\"", "\"isometric\"")
                .replace(", \"youngsModulus\": 150", ""), HANG).cloths().get(0).material().stretch());
        String[][] bad = {
            {"\"membrane\", \"youngsModulus\": 150", "\"membrane\"", "material.youngsModulus", "required"},
            {"\"membrane\", \"youngsModulus\": 150", "\"isometric\", \"youngsModulus\": 150", "material.youngsModulus",
                "membrane"},
            {"\"youngsModulus\": 150", "\"youngsModulus\": 0", "material.youngsModulus", "must be >= 1"},
            {"\"youngsModulus\": 150", "\"youngsModulus\": 150, \"poissonRatio\": 1", "material.poissonRatio", "must be <= 0.9"},
            {"\"youngsModulus\": 150", "\"youngsModulus\": 150, \"membraneStiffness\": 5", "material.membraneStiffness",
                "youngsModulus"},
            {"\"membrane\"", "\"rubber\"", "material.model", "membrane"},
        };
        for (String[] b : bad) {
            InputException e = assertThrows(InputException.class, () -> SceneReader.parse(json.replace(b[0], b[1]), HANG),
                    b[1]);
            assertTrue(e.getMessage().contains("cloths[0]." + b[2]) && e.getMessage().contains(b[3]), e.getMessage());
        }
    }

    @Test
    void collisionModesAndMaterialContactFieldsParse() {
        String json = ("{'solver': {'collisions': 'staggered'}, 'cloths': [{'mesh': {'grid': {}},"
                + " 'material': {'friction': 0, 'thickness': 0.1}}]}").replace('\'', '"');
        SceneSpec s = SceneReader.parse(json, HANG);
        assertEquals(CollisionMode.STAGGERED, s.solver().collisions());
        assertEquals(0.0, s.cloths().get(0).material().friction());
        assertEquals(0.1, s.cloths().get(0).material().thickness());
        assertTrue(s.solver().selfCollisions(), "cloth-cloth collisions are on by default");
        json = json.replace("staggered", "coupled");
        assertEquals(CollisionMode.COUPLED, SceneReader.parse(json, HANG).solver().collisions());
        json = json.replace("'coupled'".replace('\'', '"'), "\"coupled\", \"selfCollisions\": false");
        assertFalse(SceneReader.parse(json, HANG).solver().selfCollisions());
        // cloth–cloth contacts as pair rows: on by default, off when asked, and written back
        assertTrue(SceneReader.parse(json, HANG).solver().selfContactPairs());
        json = json.replace("\"selfCollisions\": false", "\"selfContactPairs\": false");
        SceneSpec planes = SceneReader.parse(json, HANG);
        assertFalse(planes.solver().selfContactPairs());
        assertTrue(planes.solver().selfCollisions());
        assertFalse(SceneReader.parse(SceneWriter.toJson(planes), HANG).solver().selfContactPairs());
        // the projection method: automatic by default, Newton or fast projection when asked, and
        // written back only when it is not the default (a default scene keeps its checkpoint
        // fingerprint)
        assertEquals(ProjectionMethod.AUTO, planes.solver().projection());
        assertEquals(ProjectionMethod.NEWTON, SceneReader.parse(json.replace("\"selfContactPairs\": false",
                "\"projection\": \"newton\""), HANG).solver().projection());
        assertFalse(SceneWriter.toJson(planes).contains("projection"));
        SceneSpec fast = SceneReader.parse(json.replace("\"selfContactPairs\": false", "\"projection\": \"fast\""), HANG);
        assertEquals(ProjectionMethod.FAST, fast.solver().projection());
        assertEquals(ProjectionMethod.FAST, SceneReader.parse(SceneWriter.toJson(fast), HANG).solver().projection());
        // every scene method maps to the solver mode of the same name and back
        for (ProjectionMethod m : ProjectionMethod.values()) {
            assertEquals(m.name(), m.mode().name());
            assertEquals(m, ProjectionMethod.of(m.mode()));
        }
        // collider contacts: planes by default, springs when asked, written back only when they
        // are not the default, and a misspelt method named with its field and the choices
        assertEquals(ColliderContacts.PLANES, planes.solver().colliderContacts());
        assertFalse(SceneWriter.toJson(planes).contains("colliderContacts"));
        SceneSpec springs = SceneReader.parse(json.replace("\"selfContactPairs\": false",
                "\"colliderContacts\": \"springs\""), HANG);
        assertEquals(ColliderContacts.SPRINGS, springs.solver().colliderContacts());
        assertEquals(ColliderContacts.SPRINGS,
                SceneReader.parse(SceneWriter.toJson(springs), HANG).solver().colliderContacts());
        for (ColliderContacts c : ColliderContacts.values()) {
            assertEquals(c.name(), c.option().name());
            assertEquals(c, ColliderContacts.of(c.option()));
        }
        String misspelt = json.replace("\"selfContactPairs\": false", "\"colliderContacts\": \"spring\"");
        InputException e = assertThrows(InputException.class, () -> SceneReader.parse(misspelt, HANG));
        assertTrue(e.getMessage().contains("solver.colliderContacts") && e.getMessage().contains("springs"),
                e.getMessage());
        // friction: approximate by default and then not written; exact chooses contact springs
        // when the scene names no method, is written back, and refuses contact planes naming both
        // fields
        assertEquals(FrictionMode.APPROXIMATE, planes.solver().friction());
        assertFalse(SceneWriter.toJson(planes).contains("\"friction\": \"approximate\""));
        SceneSpec exact = SceneReader.parse(json.replace("\"selfContactPairs\": false",
                "\"friction\": \"exact\""), HANG);
        assertEquals(FrictionMode.EXACT, exact.solver().friction());
        assertEquals(ColliderContacts.SPRINGS, exact.solver().colliderContacts());
        SceneSpec again = SceneReader.parse(SceneWriter.toJson(exact), HANG);
        assertEquals(FrictionMode.EXACT, again.solver().friction());
        assertEquals(ColliderContacts.SPRINGS, again.solver().colliderContacts());
        SceneCloth exactCloth = new org.isocloth.cli.SceneRun(exact).cloths().get(0);
        assertTrue(exactCloth.solver.exactFriction() && exactCloth.solver.contactSprings());
        String withPlanes = json.replace("\"selfContactPairs\": false",
                "\"friction\": \"exact\", \"colliderContacts\": \"planes\"");
        e = assertThrows(InputException.class, () -> SceneReader.parse(withPlanes, HANG));
        assertTrue(e.getMessage().contains("solver.friction") && e.getMessage().contains("colliderContacts")
                && e.getMessage().contains("springs"), e.getMessage());
        String badMode = json.replace("\"selfContactPairs\": false", "\"friction\": 0.5");
        e = assertThrows(InputException.class, () -> SceneReader.parse(badMode, HANG));
        assertTrue(e.getMessage().contains("solver.friction") && e.getMessage().contains("exact"), e.getMessage());
        // cloths of different materials together: off by default and then not written, read and
        // written back when on, and anything but a boolean refused naming the field
        assertFalse(planes.solver().collideAcrossMaterials());
        assertFalse(SceneWriter.toJson(planes).contains("collideAcrossMaterials"));
        SceneSpec across = SceneReader.parse(json.replace("\"selfContactPairs\": false",
                "\"collideAcrossMaterials\": true"), HANG);
        assertTrue(across.solver().collideAcrossMaterials());
        assertTrue(SceneReader.parse(SceneWriter.toJson(across), HANG).solver().collideAcrossMaterials());
        String yes = json.replace("\"selfContactPairs\": false", "\"collideAcrossMaterials\": \"yes\"");
        InputException notBoolean = assertThrows(InputException.class, () -> SceneReader.parse(yes, HANG));
        assertTrue(notBoolean.getMessage().contains("solver.collideAcrossMaterials"), notBoolean.getMessage());
    }

    @Test
    void aerodynamicsAreOffByDefaultAndRoundTrip() {
        // no "aerodynamics": none (the wind acts through the linear drag only) and nothing written;
        // an object: every field optional, defaulting to Aerodynamics.DEFAULT's, written back whole
        SceneSpec plain = SceneReader.parse("{\"cloths\": [{\"mesh\": {\"grid\": {}}}]}", HANG);
        assertEquals(null, plain.aerodynamics());
        assertFalse(SceneWriter.toJson(plain).contains("aerodynamics"));
        SceneSpec air = SceneReader.parse("{\"aerodynamics\": {\"lift\": 0.4, \"turbulence\": 0},"
                + " \"cloths\": [{\"mesh\": {\"grid\": {}}}]}", HANG);
        org.isocloth.model.Aerodynamics d = org.isocloth.model.Aerodynamics.DEFAULT;
        assertEquals(new org.isocloth.model.Aerodynamics(d.airDensity(), d.normalDrag(), d.tangentialDrag(), 0.4, 0,
                d.turbulenceScale()), air.aerodynamics());
        assertEquals(air.aerodynamics(), SceneReader.parse(SceneWriter.toJson(air), HANG).aerodynamics());
        InputException e = assertThrows(InputException.class, () -> SceneReader.parse(
                "{\"aerodynamics\": {\"normalDrag\": -1}, \"cloths\": [{\"mesh\": {\"grid\": {}}}]}", HANG));
        assertTrue(e.getMessage().contains("aerodynamics.normalDrag"), e.getMessage());
        // a cloth's own "aerodynamics": true by default and not written; false shelters it and is
        // written back; anything else names the field
        SceneSpec sheltered = SceneReader.parse("{\"aerodynamics\": {}, \"cloths\": [{\"mesh\": {\"grid\": {}}},"
                + " {\"name\": \"in\", \"mesh\": {\"grid\": {}}, \"aerodynamics\": false}]}", HANG);
        assertTrue(sheltered.cloths().get(0).aerodynamics());
        assertFalse(sheltered.cloths().get(1).aerodynamics());
        SceneSpec back = SceneReader.parse(SceneWriter.toJson(sheltered), HANG);
        assertEquals(sheltered.cloths(), back.cloths());
        InputException notBoolean = assertThrows(InputException.class, () -> SceneReader.parse(
                "{\"cloths\": [{\"mesh\": {\"grid\": {}}, \"aerodynamics\": \"no\"}]}", HANG));
        assertTrue(notBoolean.getMessage().contains("cloths[0].aerodynamics"), notBoolean.getMessage());
    }

    @Test
    void parseAndReadAgree() throws Exception {
        Path file = resource("full.json");
        String json = Files.readString(file);
        assertEquals(SceneReader.read(file), SceneReader.parse(json, file));
    }

    @Test
    void omittedFieldsTakeTheirDefaults() {
        SceneSpec s = SceneReader.parse(MINIMAL, HANG);

        assertEquals("hang", s.name());
        assertEquals(HANG, s.file());
        assertEquals(60.0, s.fps());
        assertEquals(120, s.frames());
        assertEquals(1, s.substeps());
        assertArrayEquals(new double[] {0, -9.81, 0}, s.gravity());
        assertEquals(Integrator.BE, s.solver().integrator());
        assertEquals(20, s.solver().maxIterations());
        assertEquals(CollisionMode.COUPLED, s.solver().collisions());
        assertEquals(List.of(), s.colliders());

        ClothSpec c = s.cloths().get(0);
        assertEquals("cloth0", c.name());
        GridSpec g = assertInstanceOf(GridSpec.class, c.mesh());
        assertArrayEquals(new double[] {1, 1}, g.size());
        assertArrayEquals(new int[] {20, 20}, g.cells());
        assertArrayEquals(new double[] {0, 0, 0}, g.center());
        assertArrayEquals(new double[] {0, 1, 0}, g.normal());
        assertArrayEquals(new double[] {1, 0, 0}, g.uAxis());
        assertEquals(GridSpec.defaults(), g);

        MaterialSpec m = c.material();
        assertEquals(0.2, m.density());
        assertEquals(1e-5, m.bendingStiffness());
        assertEquals(RestShape.FLAT, m.restShape());
        assertEquals(0.001, m.strainTolerance());
        assertEquals(0.0, m.damping());
        assertEquals(0.0, m.drag());
        assertEquals(1e5, m.membraneStiffness());
        assertEquals(0.3, m.friction());
        assertEquals(0.005, m.thickness());
        assertEquals(List.of(), c.pins());
    }

    @Test
    void emptyObjectsTakeTheirDefaults() {
        String json = "{\"solver\": {}, \"colliders\": [], \"cloths\": [{\"mesh\": {\"grid\": {}},"
                + " \"material\": {}, \"pins\": [{\"box\": {\"min\": [0,0,0], \"max\": [1,1,1]},"
                + " \"motion\": {}}]}]}";
        SceneSpec s = SceneReader.parse(json, HANG);
        assertEquals(SolverSpec.defaults(), s.solver());
        assertEquals(MaterialSpec.defaults(), s.cloths().get(0).material());
        assertEquals(PinSpec.fixed(new double[] {0, 0, 0}, new double[] {1, 1, 1}),
                s.cloths().get(0).pins().get(0));
    }

    @Test
    void defaultNameStripsOnlyTheLastExtension() {
        assertEquals("scene.v2", SceneReader.parse(MINIMAL, Path.of("scene.v2.json")).name());
        assertEquals("noext", SceneReader.parse(MINIMAL, Path.of("dir", "noext")).name());
    }

    @Test
    void clothNamesDefaultToTheirIndex() {
        String json = "{\"cloths\": [{\"name\": \"a\", \"mesh\": {\"grid\": {}}},"
                + " {\"mesh\": {\"grid\": {}}}, {\"mesh\": {\"grid\": {}}}]}";
        List<ClothSpec> cloths = SceneReader.parse(json, HANG).cloths();
        assertEquals(List.of("a", "cloth1", "cloth2"), cloths.stream().map(ClothSpec::name).toList());
    }

    @Test
    void objPathsAreResolvedAgainstTheSceneDirectory() {
        Path abs = Path.of("/data/models/shirt.obj").toAbsolutePath();
        assertEquals(Path.of("scenes", "meshes", "shirt.obj"), objPath("meshes/shirt.obj", HANG));
        assertEquals(Path.of("meshes", "shirt.obj"), objPath("../meshes/shirt.obj", HANG));
        assertEquals(Path.of("shirt.obj"), objPath("./shirt.obj", Path.of("hang.json")));
        assertEquals(Path.of("/work/scenes/a.obj").toAbsolutePath(),
                objPath("a.obj", Path.of("/work/scenes/hang.json").toAbsolutePath()));
        // absolute paths are kept as written, whatever the scene directory
        assertEquals(abs, objPath(abs.toString(), HANG));
        // existence is not checked
        assertEquals(Path.of("scenes", "missing.obj"), objPath("missing.obj", HANG));
    }

    private static Path objPath(String obj, Path sceneFile) {
        String json = "{\"cloths\": [{\"mesh\": {\"obj\": " + quoted(obj) + "}}]}";
        // the resolution is checked for any path; PathScope.SCENE_FOLDER is HostileSceneTest's
        MeshSpec mesh = SceneReader.parse(json, sceneFile, PathScope.ANYWHERE).cloths().get(0).mesh();
        return assertInstanceOf(ObjMeshSpec.class, mesh).path();
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Test
    void backwardEulerIsAnAliasForBe() {
        String json = "{\"solver\": {\"integrator\": \"backwardEuler\"}, "
                + "\"cloths\": [{\"mesh\": {\"grid\": {}}}]}";
        assertEquals(Integrator.BE, SceneReader.parse(json, HANG).solver().integrator());
    }

    @Test
    void integralFloatingPointValuesAreAcceptedAsIntegers() {
        String json = "{\"frames\": 30.0, \"substeps\": 2e0, \"solver\": {\"maxIterations\": 5.0},"
                + " \"cloths\": [{\"mesh\": {\"grid\": {\"cells\": [4.0, 8]}}}]}";
        SceneSpec s = SceneReader.parse(json, HANG);
        assertEquals(30, s.frames());
        assertEquals(2, s.substeps());
        assertEquals(5, s.solver().maxIterations());
        assertArrayEquals(new int[] {4, 8}, ((GridSpec) s.cloths().get(0).mesh()).cells());
    }

    @Test
    void boundaryValuesAreAccepted() {
        String json = "{\"fps\": 10000, \"frames\": 0, \"substeps\": 1000,"
                + " \"gravity\": [0, -1000, 0], \"solver\": {\"maxIterations\": 1000},"
                + " \"cloths\": [{\"mesh\": {\"grid\": {\"size\": [1000, 1e-4], \"cells\": [4000, 1],"
                + " \"normal\": [0, 0, 3], \"uAxis\": [2, 0, 1e-6]}},"
                + " \"material\": {\"density\": 1000, \"bendingStiffness\": 0, \"strainTolerance\": 0.5,"
                + " \"damping\": 100, \"drag\": 1000},"
                + " \"pins\": [{\"box\": {\"min\": [1, 1, 1], \"max\": [1, 1, 1]},"
                + " \"motion\": {\"until\": 0}}]}]}";
        SceneSpec s = SceneReader.parse(json, HANG);
        assertEquals(10000.0, s.fps());
        assertEquals(0.0, s.cloths().get(0).pins().get(0).until());
        assertEquals(1000.0, s.cloths().get(0).material().density());
    }

    @Test
    void aUtf8ByteOrderMarkIsAccepted(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bom.json");
        byte[] body = MINIMAL.getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[body.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(body, 0, bytes, 3, body.length);
        Files.write(file, bytes);
        assertEquals("bom", SceneReader.read(file).name());
    }

    @Test
    void aByteOrderMarkAtTheStartOfAStringIsIgnored() {
        assertEquals("hang", SceneReader.parse("\uFEFF" + MINIMAL, HANG).name());
    }

    @Test
    void missingFileIsReportedAsMissing(@TempDir Path dir) {
        Path file = dir.resolve("hang.json");
        InputException e = assertThrows(InputException.class, () -> SceneReader.read(file));
        assertEquals(file + ": no such file (scene file)", e.getMessage());
    }

    @Test
    void directoryIsReportedAsUnreadable(@TempDir Path dir) throws Exception {
        Path file = Files.createDirectory(dir.resolve("hang.json"));
        InputException e = assertThrows(InputException.class, () -> SceneReader.read(file));
        assertEquals(file + ": the scene file is a directory, not a regular file", e.getMessage());
        assertEquals(-1, e.getMessage().indexOf('\n'));
    }

    @Test
    void invalidUtf8IsMalformedJsonWithALocation(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("hang.json");
        Files.write(file, new byte[] {'{', '\n', '"', 'n', 'a', 'm', 'e', '"', ':', ' ', '"',
                (byte) 0xC3, (byte) 0x28, '"', '}'});
        InputException e = assertThrows(InputException.class, () -> SceneReader.read(file));
        assertTrue(e.getMessage().startsWith(file + ": line 2, column "), e.getMessage());
        assertTrue(e.getMessage().contains(": malformed JSON ("), e.getMessage());
    }

    @Test
    void readValidatesLikeParse(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("hang.json");
        Files.writeString(file, "{\"cloths\": [{\"mesh\": {\"grid\": {}},"
                + " \"material\": {\"density\": -1}}]}");
        InputException e = assertThrows(InputException.class, () -> SceneReader.read(file));
        assertEquals(file + ": cloths[0].material.density: must be >= 0.001 (got -1.0)", e.getMessage());
    }

    @Test
    void oversizedFilesAreRefusedBeforeReading(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("huge.json");
        try (var ch = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            ch.position(SceneReader.MAX_FILE_BYTES);
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {' '}));
        }
        InputException e = assertThrows(InputException.class, () -> SceneReader.read(file));
        assertTrue(e.getMessage().startsWith(file + ": cannot read file ("), e.getMessage());
        assertTrue(e.getMessage().contains("allowed for a scene file"), e.getMessage());
    }
}
