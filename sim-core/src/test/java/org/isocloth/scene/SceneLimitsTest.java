package org.isocloth.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.isocloth.InputException;
import org.isocloth.model.Limits;
import org.junit.jupiter.api.Test;

/**
 * The scene reader and the records check the shared {@link Limits}: the density's lower bound and
 * the time step {@code 1 / (fps · substeps)}. JSON here is written with {@code '} for {@code "}.
 */
class SceneLimitsTest {

    private static final Path FILE = Path.of("hang.json");

    private static SceneSpec parse(String json) {
        return SceneReader.parse(json.replace('\'', '"'), FILE);
    }

    private static String error(String json) {
        return assertThrows(InputException.class, () -> parse(json)).getMessage();
    }

    private static String withDensity(String density) {
        return "{'cloths': [{'mesh': {'grid': {}}, 'material': {'density': " + density + "}}]}";
    }

    private static String withRate(String fps, String substeps) {
        return "{'fps': " + fps + ", 'substeps': " + substeps + ", 'cloths': [{'mesh': {'grid': {}}}]}";
    }

    @Test
    void densityHasAPositiveLowerBound() {
        // 1.4e-45 (Float.MIN_VALUE, which the plugin's float setter can pass) is > 0 but below the
        // 0.001 kg/m² the solver is known to handle: refused with the bound in the message. The
        // bound itself and the upper bound 1000 are read back as written.
        assertEquals("hang.json: cloths[0].material.density: must be >= 0.001 (got 1.4E-45)",
                error(withDensity("1.4e-45")));
        assertEquals("hang.json: cloths[0].material.density: must be >= 0.001 (got 9.99E-4)",
                error(withDensity("0.000999")));
        assertEquals(0.001, parse(withDensity("0.001")).cloths().get(0).material().density());
        assertEquals(1000, parse(withDensity("1000")).cloths().get(0).material().density());
    }

    @Test
    void theTimeStepIsAtMostOneSecond() {
        // step = 1 / (fps · substeps). fps 0.5 with 1 substep is a 2 s step: refused, naming fps
        // (the substeps are in range on their own); 0.5 × 2 is exactly 1 s and 10000 × 1000 is
        // 1e-7 s, the two ends of Limits.TIME_STEP: both read.
        assertEquals("hang.json: fps: the time step 1/(fps*substeps) must be in [1.0E-7, 1] s (got 2.0 s"
                + " with 1 substep)", error(withRate("0.5", "1")));
        assertEquals(1.0, parse(withRate("0.5", "2")).stepDuration());
        assertEquals(1e-7, parse(withRate("10000", "1000")).stepDuration());
    }

    @Test
    void theRecordsCheckTheSameLimits() {
        // The records refuse what the reader refuses, naming the component.
        SceneSpec ok = parse(withRate("60", "1"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SceneSpec("s", FILE, 0.5, 10, 1, new double[] {0, -9.81, 0}, ok.solver(),
                        List.copyOf(ok.cloths())));
        assertEquals("fps: the time step 1/(fps*substeps) must be in [1.0E-7, 1] s (got 2.0 s with 1 substep)",
                e.getMessage());
        MaterialSpec m = MaterialSpec.defaults();
        assertEquals("density: must be >= 0.001 (got 1.4E-45)", assertThrows(IllegalArgumentException.class,
                () -> new MaterialSpec(1.4e-45, m.bendingStiffness(), m.restShape(), m.strainTolerance(),
                        m.damping(), m.drag())).getMessage());
    }
}
