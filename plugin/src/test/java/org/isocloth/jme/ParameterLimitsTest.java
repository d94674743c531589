package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.math.Vector3f;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.isocloth.InputException;
import org.isocloth.model.Limits;
import org.isocloth.model.Range;
import org.isocloth.scene.SceneReader;
import org.junit.jupiter.api.Test;

/**
 * The plugin's setters accept exactly what a scene file may hold: the ranges of {@link Limits},
 * with a float argument taken as the decimal it prints as.
 */
class ParameterLimitsTest {

    /** A material setter, its scene field and its range. */
    private record Field(String json, Range range, FloatSetter set) {
    }

    private interface FloatSetter {
        void set(ClothControl c, float v);
    }

    private static final List<Field> MATERIAL = List.of(
            new Field("density", Limits.DENSITY, ClothControl::setDensity),
            new Field("bendingStiffness", Limits.BENDING_STIFFNESS, ClothControl::setBendingStiffness),
            new Field("strainTolerance", Limits.STRAIN_TOLERANCE, ClothControl::setStrainTolerance),
            new Field("damping", Limits.DAMPING, ClothControl::setDamping),
            new Field("drag", Limits.DRAG, ClothControl::setDrag),
            new Field("membraneStiffness", Limits.MEMBRANE_STIFFNESS, ClothControl::setMembraneStiffness),
            new Field("friction", Limits.FRICTION, ClothControl::setFriction),
            new Field("thickness", Limits.THICKNESS, ClothControl::setThickness));

    private static boolean accepts(Runnable r) {
        try {
            r.run();
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean sceneAccepts(String json) {
        try {
            SceneReader.parse(json, Path.of("limits.json"));
            return true;
        } catch (InputException e) {
            return false;
        }
    }

    /**
     * The float nearest to each bound, its neighbours, and hostile values. The float nearest to a
     * decimal bound prints as that decimal (Float.toString gives the shortest decimal that
     * identifies the float), so it stands exactly for the bound; its neighbours print as other
     * decimals, one inside and one outside.
     */
    private static List<Float> probes(Range r) {
        List<Float> v = new ArrayList<>();
        for (float b : new float[] {(float) r.min(), (float) r.max()}) {
            v.add(b);
            v.add(Math.nextDown(b));
            v.add(Math.nextUp(b));
        }
        v.addAll(List.of(Float.MIN_VALUE, -Float.MIN_VALUE, 0f, -1f, 1e30f, Float.NaN,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY));
        return v;
    }

    @Test
    void materialSettersAcceptExactlyWhatTheSceneReaderAccepts() {
        // For every probe of every material field, the setter and the scene reader (given the
        // value as the decimal the float prints as) agree; at the bounds: a closed bound is
        // accepted, an open one refused, and the next float beyond either bound refused.
        for (Field f : MATERIAL) {
            for (float v : probes(f.range())) {
                ClothControl c = new ClothControl();
                boolean plugin = accepts(() -> f.set().set(c, v));
                boolean scene = sceneAccepts("{\"cloths\": [{\"mesh\": {\"grid\": {}}, \"material\": {\""
                        + f.json() + "\": " + v + "}}]}");
                assertEquals(scene, plugin, f.json() + " = " + v);
            }
            Range r = f.range();
            ClothControl c = new ClothControl();
            assertEquals(r.isMinIncluded(), accepts(() -> f.set().set(c, (float) r.min())), f.json() + " min");
            assertTrue(accepts(() -> f.set().set(c, (float) r.max())), f.json() + " max");
            assertTrue(!accepts(() -> f.set().set(c, Math.nextDown((float) r.min()))), f.json() + " below");
            assertTrue(!accepts(() -> f.set().set(c, Math.nextUp((float) r.max()))), f.json() + " above");
        }
    }

    @Test
    void theDocumentedMaximumThicknessIsAccepted() {
        // 0.1f is 0.10000000149 as a double, above the 0.1 m maximum; taken as the decimal it
        // prints as it is 0.1 m exactly. The next float, 0.10000001f, is refused.
        ClothControl c = new ClothControl();
        c.setThickness(0.1f);
        assertEquals(0.1, c.getClothMaterial().thickness());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> c.setThickness(Math.nextUp(0.1f)));
        assertEquals("cloth.material.thickness: must be in (0, 0.1] m (got 0.10000001)", e.getMessage());
    }

    @Test
    void theSmallestFloatDensityIsRefused() {
        // Float.MIN_VALUE (1.4e-45 kg/m²) is > 0 but far below the 0.001 kg/m² lower bound the
        // solver is known to handle (Limits.DENSITY); a scene file's density is refused alike.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ClothControl().setDensity(Float.MIN_VALUE));
        assertEquals("cloth.material.density: must be in [0.001, 1000] kg/m² (got 1.4E-45)", e.getMessage());
    }

    @Test
    void maxIterationsIsTheScenesRange() {
        // [1, 1000] as a scene's solver.maxIterations: both ends accepted, one beyond refused.
        ClothControl c = new ClothControl();
        c.setMaxIterations(1);
        c.setMaxIterations(1000);
        assertEquals(1000, c.getMaxIterations());
        assertEquals("cloth.solver.maxIterations: must be in [1, 1000] (got 1001)",
                assertThrows(IllegalArgumentException.class, () -> c.setMaxIterations(1001)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.setMaxIterations(0));
    }

    /** Asserts that {@code set} accepts {@code ok} and refuses every value of {@code bad}. */
    private static void bounds(Consumer<Float> set, float[] ok, float[] bad) {
        for (float v : ok) {
            set.accept(v);
        }
        for (float v : bad) {
            assertThrows(IllegalArgumentException.class, () -> set.accept(v), "value " + v);
        }
    }

    @Test
    void appStateSettersCheckTheScenesRanges() {
        // Time step [1e-7, 1] s: the shortest step a scene's fps ≤ 10000 and substeps ≤ 1000
        // make, up to 1 s. Gust amplitude [0, 1], period [0.1, 100] s; speed [0, 100] (no scene
        // field). Each: both documented ends as floats accepted, the next float beyond and the
        // hostile values refused.
        ClothAppState s = new ClothAppState(new com.jme3.scene.Node("root"));
        float[] hostile = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        bounds(s::setTimeStep, new float[] {1e-7f, 1f, 1f / 60},
                cat(hostile, Float.MIN_VALUE, Math.nextDown(1e-7f), Math.nextUp(1f), 0f));
        assertEquals(1f / 60, s.getTimeStep());
        assertEquals("ClothAppState.timeStep: must be in [1.0E-7, 1] s (got 1.4E-45)",
                assertThrows(IllegalArgumentException.class, () -> s.setTimeStep(Float.MIN_VALUE)).getMessage());
        bounds(a -> s.setGust(a, 2), new float[] {0, 1}, cat(hostile, -Float.MIN_VALUE, Math.nextUp(1f)));
        bounds(p -> s.setGust(0.5f, p), new float[] {0.1f, 100},
                cat(hostile, Math.nextDown(0.1f), Math.nextUp(100f)));
        assertEquals("ClothAppState.gust.period: must be in [0.1, 100] s (got 0.099999994)",
                assertThrows(IllegalArgumentException.class, () -> s.setGust(0.5f, Math.nextDown(0.1f))).getMessage());
        bounds(s::setSpeed, new float[] {0, 100}, cat(hostile, -Float.MIN_VALUE, Math.nextUp(100f)));
    }

    @Test
    void aFloatTimeStepPacesFramesOfTheSameFloat() {
        // setTimeStep(1f/60) with frames of tpf 1f/60: one step per frame, so 31 updates take 30
        // steps (each update steps over the frame before it; the first has none). With 1f/120,
        // exactly half of 1f/60 as floats, two steps per frame: 60. Were the step the decimal of
        // 1f/60 (0.016666668, longer than the tpf 0.0166666675), frames would take no step.
        for (float step : new float[] {1f / 60, 1f / 120}) {
            com.jme3.scene.Node root = new com.jme3.scene.Node("root");
            com.jme3.scene.Geometry g = TestMeshes.sheetGeometry("paced", 2, 2, false);
            ClothControl cloth = new ClothControl();
            g.addControl(cloth);
            root.attachChild(g);
            ClothAppState s = new ClothAppState(root);
            s.setThreaded(false);
            s.setTimeStep(step);
            for (int i = 0; i < 31; i++) {
                s.update(1f / 60);
            }
            assertEquals(step == 1f / 60 ? 30 : 60, cloth.getStats().steps(), "step " + step);
        }
    }

    @Test
    void gravityAndWindAreBoundedAsInAScene() {
        // Gravity: magnitude ≤ 1000 m/s²; (0, −1000, 0) and (600, 0, 800) (a 3-4-5 triangle,
        // magnitude exactly 1000) are accepted; (0, −1e30, 0), once accepted, and the next float
        // above 1000 are refused, as are non-finite vectors. Wind: speed ≤ 100 m/s likewise.
        ClothAppState s = new ClothAppState(new com.jme3.scene.Node("root"));
        s.setGravity(new Vector3f(0, -1000, 0));
        s.setGravity(new Vector3f(600, 0, 800));
        assertEquals("ClothAppState.gravity: magnitude must be <= 1000 m/s^2 (got 1.0E30)",
                assertThrows(IllegalArgumentException.class, () -> s.setGravity(new Vector3f(0, -1e30f, 0)))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> s.setGravity(new Vector3f(0, -Math.nextUp(1000f), 0)));
        assertEquals("ClothAppState.gravity: must be a finite vector (got (NaN, 0.0, 0.0))",
                assertThrows(IllegalArgumentException.class, () -> s.setGravity(new Vector3f(Float.NaN, 0, 0)))
                        .getMessage());
        assertEquals(new Vector3f(600, 0, 800), s.getGravity());
        s.setWind(new Vector3f(60, 80, 0));
        assertThrows(IllegalArgumentException.class, () -> s.setWind(new Vector3f(Math.nextUp(100f), 0, 0)));
        assertThrows(IllegalArgumentException.class, () -> s.setWind(new Vector3f(0, Float.POSITIVE_INFINITY, 0)));
        assertThrows(IllegalArgumentException.class, () -> s.setWind(null));
        // the scene reader draws the same line for gravity
        assertTrue(sceneAccepts("{\"gravity\": [0, -1000, 0], \"cloths\": [{\"mesh\": {\"grid\": {}}}]}"));
        assertTrue(!sceneAccepts("{\"gravity\": [0, " + -Math.nextUp(1000f) + ", 0], \"cloths\": [{\"mesh\": "
                + "{\"grid\": {}}}]}"));
    }

    @Test
    void colliderFrictionIsTheScenesRangeOrNaN() {
        // [0, 10] as a scene collider's friction, NaN meaning "the cloth's".
        ClothColliderControl shape = ClothColliderControl.sphere(1);
        SkinnedColliderControl skin = new SkinnedColliderControl();
        for (Consumer<Float> set : List.<Consumer<Float>>of(shape::setFriction, skin::setFriction)) {
            bounds(set, new float[] {0, 10, Float.NaN},
                    new float[] {-Float.MIN_VALUE, Math.nextUp(10f), Float.POSITIVE_INFINITY});
        }
    }

    private static float[] cat(float[] a, float... b) {
        float[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
