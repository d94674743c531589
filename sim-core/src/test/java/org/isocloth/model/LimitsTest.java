package org.isocloth.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.DoubleFunction;
import org.isocloth.InputException;
import org.isocloth.collision.SphereCollider;
import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.solver.ClothMetrics;
import org.isocloth.solver.ClothSolver;
import org.isocloth.solver.SolverSettings;
import org.isocloth.solver.StepResult;
import org.junit.jupiter.api.Test;

/** The shared parameter ranges, their messages, and ClothMaterial checked against them. */
class LimitsTest {

    @Test
    void decimalIsTheValueTheFloatPrintsAs() {
        // 0.1f is 0.100000001490116119384765625 exactly; widening keeps that, the decimal it
        // prints as ("0.1") is the double 0.1. Float.MIN_VALUE prints as 1.4E-45. Non-finite
        // values print as "NaN" / "Infinity" and parse back to themselves.
        assertNotEquals(0.1, (double) 0.1f);
        assertEquals(0.1, Limits.decimal(0.1f));
        assertEquals(1.4e-45, Limits.decimal(Float.MIN_VALUE));
        assertEquals(1000.0, Limits.decimal(1000f));
        assertTrue(Double.isNaN(Limits.decimal(Float.NaN)));
        assertEquals(Double.NEGATIVE_INFINITY, Limits.decimal(Float.NEGATIVE_INFINITY));
    }

    @Test
    void rangesSayWhyAValueIsOutside() {
        // A closed end reads ">=" / "<=", an open one ">" / "<"; bounds print without a fraction
        // when integral; NaN is outside every range.
        assertEquals("(0, 0.1]", Limits.THICKNESS.toString());
        assertEquals("[0.001, 1000]", Limits.DENSITY.toString());
        assertEquals("must be > 0 (got 0.0)", Limits.THICKNESS.violation(0.0));
        assertEquals("must be <= 0.1 (got 0.2)", Limits.THICKNESS.violation(0.2));
        assertEquals("must be >= 0.001 (got 1.4E-45)", Limits.DENSITY.violation(1.4e-45));
        assertEquals("must be >= 1 (got 0)", Limits.MAX_ITERATIONS.violation(0L));
        assertEquals("must be a number (got NaN)", Limits.FRICTION.violation(Double.NaN));
        assertNull(Limits.THICKNESS.violation(0.1));
        assertThrows(IllegalArgumentException.class, () -> Range.closed(1, 0));
    }

    @Test
    void gravityAndWindAreBoundedByMagnitude() {
        // (600, 800, 0) has magnitude exactly 1000 (a 3-4-5 triangle): allowed gravity; 1e30 in
        // one component is far beyond it, and squaring it in a naive length would not overflow
        // here, but 1e200 would: the magnitude must still come out as 1e200, not Infinity.
        assertNull(Limits.gravityViolation(new double[] {600, 800, 0}));
        assertEquals("magnitude must be <= 1000 m/s^2 (got 1.0E30)",
                Limits.gravityViolation(new double[] {0, -1e30, 0}));
        assertEquals(1e200, Limits.magnitude(1e200, 0, 0));
        assertNull(Limits.windViolation(new double[] {60, 0, 80}));
        assertEquals("speed must be <= 100 m/s (got 100.5)", Limits.windViolation(new double[] {100.5, 0, 0}));
    }

    @Test
    void timeStepOfAScene() {
        // step = 1 / (fps · substeps): 60 × 1 gives 1/60 s; 0.5 × 2 gives exactly 1 s, the upper
        // bound; 0.5 × 1 gives 2 s, refused; 10000 × 1000 gives 1e-7 s, the lower bound, which
        // no allowed fps and substeps can go below.
        assertNull(Limits.timeStepViolation(60, 1));
        assertNull(Limits.timeStepViolation(0.5, 2));
        assertNull(Limits.timeStepViolation(10_000, 1000));
        assertEquals("the time step 1/(fps*substeps) must be in [1.0E-7, 1] s (got 2.0 s with 1 substep)",
                Limits.timeStepViolation(0.5, 1));
        assertEquals(Limits.TIME_STEP.min(), 1 / (Limits.FPS.max() * Limits.SUBSTEPS.max()));
    }

    /** A default material with one field replaced. */
    private static final List<Field> FIELDS = List.of(
            new Field("density", Limits.DENSITY, " kg/m²", v -> new ClothMaterial(v, 1e-5, RestShape.FLAT,
                    1e-3, 0, 0)),
            new Field("bendingStiffness", Limits.BENDING_STIFFNESS, " N·m",
                    v -> ClothMaterial.DEFAULT.withBendingStiffness(v)),
            new Field("strainTolerance", Limits.STRAIN_TOLERANCE, "", v -> new ClothMaterial(0.2, 1e-5,
                    RestShape.FLAT, v, 0, 0)),
            new Field("damping", Limits.DAMPING, " s", v -> new ClothMaterial(0.2, 1e-5, RestShape.FLAT, 1e-3,
                    v, 0)),
            new Field("drag", Limits.DRAG, " kg/(m²·s)", v -> new ClothMaterial(0.2, 1e-5, RestShape.FLAT, 1e-3,
                    0, v)),
            new Field("membraneStiffness", Limits.MEMBRANE_STIFFNESS, " N/m",
                    v -> ClothMaterial.DEFAULT.withMembraneStiffness(v)),
            new Field("friction", Limits.FRICTION, "", v -> ClothMaterial.DEFAULT.withFriction(v)),
            new Field("thickness", Limits.THICKNESS, " m", v -> ClothMaterial.DEFAULT.withThickness(v)));

    private record Field(String name, Range range, String unit, DoubleFunction<ClothMaterial> make) {
    }

    @Test
    void clothMaterialAcceptsExactlyItsRange() {
        // For every field: a closed bound is accepted and the next double beyond it refused; an
        // open lower bound (0) is itself refused; NaN and the infinities are refused. The message
        // names the field, the interval and the unit.
        for (Field f : FIELDS) {
            Range r = f.range();
            double below = r.isMinIncluded() ? Math.nextDown(r.min()) : r.min();
            if (r.isMinIncluded()) {
                assertDoesNotThrow(() -> f.make().apply(r.min()), f.name());
            }
            assertDoesNotThrow(() -> f.make().apply(r.max()), f.name());
            for (double bad : new double[] {below, Math.nextUp(r.max()), Double.NaN, Double.POSITIVE_INFINITY}) {
                InputException e = assertThrows(InputException.class, () -> f.make().apply(bad), f.name() + " " + bad);
                assertEquals("material." + f.name() + ": must be in " + r + f.unit() + " (got " + bad + ")",
                        e.getMessage());
            }
        }
        assertEquals("material.density: must be in [0.001, 1000] kg/m² (got 1.4E-45)",
                assertThrows(InputException.class, () -> FIELDS.get(0).make().apply(1.4e-45)).getMessage());
    }

    @Test
    void theLightestAllowedClothDrapesOverASphere() {
        // The lower density bound must be a cloth the solver can simulate: a 1 m sheet of
        // 1 g/m² (10 × 10 cells), pinned along one edge, falls for one second (60 steps of
        // 1/60 s) onto a sphere 0.5 m below. Every step must succeed (a failed step throws)
        // with finite positions and the red triangles held to the strain tolerance. (Far
        // lighter sheets fail here: at 1e-12 kg/m² the projection diverges.)
        TriMesh g = GridMesh.build(1, 1, 10, 10, new double[3], new double[] {0, 1, 0}, new double[] {1, 0, 0});
        ClothMaterial light = new ClothMaterial(Limits.DENSITY.min(), 1e-5, RestShape.FLAT, 1e-3, 0, 0);
        ClothModel m = new ClothModel(g.positions, g.triangles, light);
        ClothSolver s = new ClothSolver("light", m, SolverSettings.DEFAULT);
        for (int p = 0; p < m.nodeCount(); p++) {
            if (Math.abs(m.restPositions[3 * p + 2] + 0.5) < 1e-9) {
                s.setPinned(p, true);
            }
        }
        s.setColliders(List.of(new SphereCollider("ball", new double[] {0, -0.5, 0}, 0.3)));
        for (int i = 0; i < 60; i++) {
            StepResult r = s.step(1.0 / 60);
            assertTrue(r.redStrain() <= 1e-3 * 1.01, "step " + i + ": red strain " + r.redStrain());
        }
        for (double x : s.positions()) {
            assertTrue(Double.isFinite(x));
        }
        assertTrue(ClothMetrics.redStrain(m, s.positions()) <= 1e-3 * 1.01);
    }
}
