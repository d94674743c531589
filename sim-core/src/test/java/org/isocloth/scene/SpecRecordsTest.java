package org.isocloth.scene;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecRecordsTest {

    private static GridSpec grid(double[] normal, double[] uAxis) {
        return new GridSpec(new double[] {1, 1}, new int[] {2, 2}, new double[3], normal, uAxis);
    }

    @Test
    void arraysAreCopiedInAndOut() {
        double[] size = {1, 2};
        int[] cells = {3, 4};
        GridSpec g = new GridSpec(size, cells, new double[3], new double[] {0, 1, 0},
                new double[] {1, 0, 0});
        size[0] = 99;
        cells[0] = 99;
        g.size()[1] = 99;
        g.cells()[1] = 99;
        assertArrayEquals(new double[] {1, 2}, g.size());
        assertArrayEquals(new int[] {3, 4}, g.cells());

        double[] v = {0, 1, 0};
        PinSpec p = new PinSpec(new double[3], new double[] {1, 1, 1}, v, 2);
        v[1] = 5;
        p.velocity()[1] = 7;
        assertArrayEquals(new double[] {0, 1, 0}, p.velocity());
    }

    @Test
    void listsAreUnmodifiableCopies() {
        List<PinSpec> pins = new ArrayList<>();
        ClothSpec c = new ClothSpec("c", GridSpec.defaults(), MaterialSpec.defaults(), pins);
        pins.add(PinSpec.fixed(new double[3], new double[3]));
        assertTrue(c.pins().isEmpty());
        assertThrows(UnsupportedOperationException.class,
                () -> c.pins().add(PinSpec.fixed(new double[3], new double[3])));
    }

    @Test
    void equalityUsesArrayContents() {
        assertEquals(GridSpec.defaults(), GridSpec.defaults());
        assertEquals(GridSpec.defaults().hashCode(), GridSpec.defaults().hashCode());
        assertNotEquals(GridSpec.defaults(), grid(new double[] {0, 2, 0}, new double[] {1, 0, 0}));
        PinSpec a = new PinSpec(new double[3], new double[] {1, 1, 1}, new double[] {0, 1, 0}, 2);
        PinSpec b = new PinSpec(new double[3], new double[] {1, 1, 1}, new double[] {0, 1, 0}, 2);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, new PinSpec(new double[3], new double[] {1, 1, 1}, new double[3], 2));
        assertTrue(a.toString().contains("velocity=[0.0, 1.0, 0.0]"), a.toString());
        SceneSpec s = SceneReader.parse(SceneReaderTest.MINIMAL, Path.of("hang.json"));
        SceneSpec t = SceneReader.parse(SceneReaderTest.MINIMAL, Path.of("hang.json"));
        assertEquals(s, t);
        assertEquals(s.hashCode(), t.hashCode());
        assertNotEquals(s, SceneReader.parse(SceneReaderTest.MINIMAL, Path.of("other", "hang.json")));
        assertTrue(s.toString().contains("gravity=[0.0, -9.81, 0.0]"), s.toString());
    }

    @Test
    void offsetMovesWithVelocityUntilTheEndTime() {
        PinSpec p = new PinSpec(new double[3], new double[] {1, 1, 1}, new double[] {1, -2, 0.5}, 2);
        assertArrayEquals(new double[] {0, 0, 0}, p.offsetAt(0));
        assertArrayEquals(new double[] {1.5, -3, 0.75}, p.offsetAt(1.5));
        assertArrayEquals(new double[] {2, -4, 1}, p.offsetAt(2));
        assertArrayEquals(new double[] {2, -4, 1}, p.offsetAt(100));
        PinSpec forever = new PinSpec(new double[3], new double[] {1, 1, 1},
                new double[] {0, 1, 0}, PinSpec.DEFAULT_UNTIL);
        assertArrayEquals(new double[] {0, 1e6, 0}, forever.offsetAt(1e6));
        PinSpec fixed = PinSpec.fixed(new double[3], new double[] {1, 1, 1});
        assertArrayEquals(new double[] {0, 0, 0}, fixed.offsetAt(50));
    }

    @Test
    void containsIncludesTheFaces() {
        PinSpec p = PinSpec.fixed(new double[] {0, 0, 0}, new double[] {1, 2, 3});
        assertTrue(p.contains(new double[] {0, 0, 0}));
        assertTrue(p.contains(new double[] {1, 2, 3}));
        assertTrue(p.contains(new double[] {0.5, 1, 1}));
        assertFalse(p.contains(new double[] {1.0000001, 1, 1}));
        assertFalse(p.contains(new double[] {0.5, -1e-12, 1}));
    }

    @Test
    void timingHelpers() {
        SceneSpec s = SceneReader.parse("{\"fps\": 50, \"frames\": 100, \"substeps\": 4,"
                + " \"cloths\": [{\"mesh\": {\"grid\": {}}}]}", Path.of("t.json"));
        assertEquals(0.02, s.frameDuration(), 1e-15);
        assertEquals(0.005, s.stepDuration(), 1e-15);
        assertEquals(2.0, s.duration(), 1e-15);
    }

    @Test
    void constructorsRejectInvalidValues() {
        MaterialSpec ok = MaterialSpec.defaults();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new MaterialSpec(-1, ok.bendingStiffness(), ok.restShape(),
                        ok.strainTolerance(), ok.damping(), ok.drag()));
        assertEquals("density: must be >= 0.001 (got -1.0)", e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new MaterialSpec(0.2, Double.NaN, RestShape.FLAT, 0.001, 0, 0));
        assertThrows(NullPointerException.class,
                () -> new MaterialSpec(0.2, 0, null, 0.001, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new SolverSpec(Integrator.BE, 0));
        assertThrows(IllegalArgumentException.class,
                () -> grid(new double[] {0, 1, 0}, new double[] {1, 1, 0}));
        assertThrows(IllegalArgumentException.class,
                () -> grid(new double[] {0, 0, 0}, new double[] {1, 0, 0}));
        assertThrows(IllegalArgumentException.class,
                () -> grid(new double[] {0, 1}, new double[] {1, 0, 0}));
        assertThrows(IllegalArgumentException.class,
                () -> new GridSpec(new double[] {1, 1}, new int[] {0, 2}, new double[3],
                        new double[] {0, 1, 0}, new double[] {1, 0, 0}));
        assertThrows(IllegalArgumentException.class,
                () -> new PinSpec(new double[] {2, 0, 0}, new double[] {1, 1, 1}, new double[3], 1));
        assertThrows(IllegalArgumentException.class,
                () -> new PinSpec(new double[3], new double[] {1, 1, 1}, new double[3], -1));
        assertThrows(IllegalArgumentException.class,
                () -> new PinSpec(new double[3], new double[] {1, 1, Double.NaN}, new double[3], 1));
        assertThrows(IllegalArgumentException.class,
                () -> new ClothSpec(" ", GridSpec.defaults(), ok, List.of()));
        ClothSpec cloth = new ClothSpec("c", GridSpec.defaults(), ok, List.of());
        assertThrows(IllegalArgumentException.class, () -> new SceneSpec("s", Path.of("s.json"),
                60, 1, 1, SceneSpec.defaultGravity(), SolverSpec.defaults(), List.of()));
        assertThrows(IllegalArgumentException.class, () -> new SceneSpec("s", Path.of("s.json"),
                60, 1, 1, new double[] {0, 1001, 0}, SolverSpec.defaults(), List.of(cloth)));
        assertThrows(IllegalArgumentException.class, () -> new SceneSpec("s", Path.of("s.json"),
                0, 1, 1, SceneSpec.defaultGravity(), SolverSpec.defaults(), List.of(cloth)));
        assertThrows(NullPointerException.class, () -> new SceneSpec("s", null,
                60, 1, 1, SceneSpec.defaultGravity(), SolverSpec.defaults(), List.of(cloth)));
    }

    @Test
    void colliderRecordsRejectInvalidValuesNamingTheComponent() {
        MotionSpec still = MotionSpec.still();
        assertEquals("radius: must be > 0 (got -1.0)", assertThrows(IllegalArgumentException.class,
                () -> new SphereSpec("s", new double[3], -1, Double.NaN, still)).getMessage());
        assertEquals("radius: must be a finite number (got Infinity)", assertThrows(
                IllegalArgumentException.class, () -> new CapsuleSpec("c", new double[3],
                        new double[3], Double.POSITIVE_INFINITY, Double.NaN, still)).getMessage());
        assertEquals("friction: must be <= 10 (got 11.0)", assertThrows(
                IllegalArgumentException.class,
                () -> new SphereSpec("s", new double[3], 1, 11, still)).getMessage());
        assertEquals("halfExtents[0]: must be > 0 (got 0.0)", assertThrows(
                IllegalArgumentException.class, () -> new BoxSpec("b", new double[3],
                        new double[] {0, 1, 1}, BoxSpec.noRotation(), Double.NaN, still))
                .getMessage());
        assertEquals("rotation: axis must be non-zero (got [0.0, 0.0, 0.0])", assertThrows(
                IllegalArgumentException.class, () -> new BoxSpec("b", new double[3],
                        new double[] {1, 1, 1}, new double[] {0, 0, 0, 10}, Double.NaN, still))
                .getMessage());
        assertEquals("normal: must be non-zero (got [0.0, 0.0, 0.0])", assertThrows(
                IllegalArgumentException.class,
                () -> new PlaneSpec("p", new double[3], new double[3], Double.NaN, still))
                .getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new ObjSequenceSpec("q", Path.of("a.obj"), 30, Double.NaN));
        assertThrows(IllegalArgumentException.class,
                () -> new ObjSequenceSpec("q", Path.of("a_%04d.obj"), 0, Double.NaN));
        assertThrows(IllegalArgumentException.class,
                () -> new ObjColliderSpec(" ", Path.of("a.obj"), Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new MotionSpec(new double[2],
                new double[3]));
        assertThrows(NullPointerException.class,
                () -> new SphereSpec("s", new double[3], 1, Double.NaN, null));
        assertEquals("thickness: must be <= 0.1 (got 0.5)", assertThrows(
                IllegalArgumentException.class, () -> new MaterialSpec(0.2, 0, RestShape.FLAT,
                        0.001, 0, 0, 0, 0.3, 0.5)).getMessage());
        assertThrows(NullPointerException.class,
                () -> new SolverSpec(Integrator.BE, 20, null));
    }

    @Test
    void colliderRecordsCopyArraysAndCompareContents() {
        double[] center = {1, 2, 3};
        SphereSpec a = new SphereSpec("s", center, 1, Double.NaN, MotionSpec.still());
        center[0] = 9;
        a.center()[1] = 9;
        assertArrayEquals(new double[] {1, 2, 3}, a.center());
        SphereSpec b = new SphereSpec("s", new double[] {1, 2, 3}, 1, Double.NaN,
                MotionSpec.still());
        // NaN friction equals NaN friction
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, new SphereSpec("s", new double[] {1, 2, 3}, 1, 0.3, MotionSpec.still()));
        assertTrue(MotionSpec.still().isStill());
        assertFalse(new MotionSpec(new double[] {-0.0, 0, 0}, new double[3]).isStill());
        assertNotEquals(MotionSpec.still(),
                new MotionSpec(new double[3], new double[] {0, 1, 0}));
        // the sequence's frame files replace the conversion in the file name only
        ObjSequenceSpec q = new ObjSequenceSpec("q", Path.of("d%x", "walk_%04d.obj"), 30,
                Double.NaN);
        assertEquals(Path.of("d%x", "walk_0042.obj"), q.frame(42));
        assertEquals(Path.of("w_%d.obj").resolveSibling("w_5.obj"),
                new ObjSequenceSpec("q", Path.of("w_%d.obj"), 30, Double.NaN).frame(5));
        assertThrows(IllegalArgumentException.class, () -> q.frame(-1));
        assertEquals("sphere", a.kind());
        assertEquals("objSequence", q.kind());
    }

    @Test
    void enumsKnowTheirJsonNames() {
        assertEquals("coupled", CollisionMode.COUPLED.jsonName());
        assertEquals("staggered", CollisionMode.STAGGERED.jsonName());
        assertEquals("BE", Integrator.BE.jsonName());
        assertEquals("BDF2", Integrator.BDF2.jsonName());
        assertEquals("flat", RestShape.FLAT.jsonName());
        assertEquals("initial", RestShape.INITIAL.jsonName());
    }
}
