package org.isocloth.jme.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.app.SimpleApplication;
import com.jme3.material.Material;
import com.jme3.material.RenderState;
import com.jme3.math.ColorRGBA;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.system.AppSettings;
import com.jme3.system.JmeContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.ClothMeshes;
import org.isocloth.jme.ClothStats;
import org.isocloth.jme.PinGroup;
import org.junit.jupiter.api.Test;

/**
 * The quick start of docs/jme.md: its snippet is checked to appear verbatim in {@link QuickStart}
 * below, which runs in a real (headless) jME application loop.
 */
class JmeGuideExampleTest {

    /** The guide's application, with the snippet between the markers. */
    static final class QuickStart extends SimpleApplication {
        final CountDownLatch done = new CountDownLatch(1);
        final AtomicReference<ClothStats> worst = new AtomicReference<>();
        final AtomicReference<Float> lowest = new AtomicReference<>();
        private ClothControl control;
        private double worstRed;

        @Override
        public void simpleInitApp() {
            // --- snippet: quickstart ---
            Geometry sheet = new Geometry("sheet", ClothMeshes.grid(1f, 1f, 12, 12)); // any triangle mesh, metres
            ClothControl cloth = new ClothControl();             // cotton-like defaults
            cloth.setBendingStiffness(1e-5f);                    // N·m
            cloth.addPinGroup(PinGroup.box(                      // pin the top edge (mesh coordinates)
                    new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)));
            sheet.addControl(cloth);
            Material fabric = new Material(assetManager, "Common/MatDefs/Misc/Unshaded.j3md"); // any Material
            fabric.setColor("Color", ColorRGBA.Orange);
            fabric.getAdditionalRenderState().setFaceCullMode(RenderState.FaceCullMode.Off); // both sides
            sheet.setMaterial(fabric);                           // jME renders no Geometry without one
            rootNode.attachChild(sheet);
            stateManager.attach(new ClothAppState());            // simulates every ClothControl below rootNode
            // --- end of snippet ---
            control = cloth;
        }

        @Override
        public void simpleUpdate(float tpf) {
            ClothStats s = control.getStats();
            if (s.steps() > 0) {
                worstRed = Math.max(worstRed, s.redStrain());
            }
            if (s.steps() >= 60 && done.getCount() > 0) {
                worst.set(new ClothStats(s.steps(), s.time(), s.msPerStep(), s.iterationsPerStep(), worstRed,
                        s.maxStrain(), s.contacts(), s.converged(), s.failures()));
                lowest.set(((Geometry) rootNode.getChild("sheet")).getWorldBound().getCenter().y);
                done.countDown();
            }
        }
    }

    @Test
    void quickStartRunsInAHeadlessApplication() throws Exception {
        assertQuickStartIn(Path.of("src/test/java/org/isocloth/jme/docs/JmeGuideExampleTest.java"));

        // Running it: a 1 m sheet, 12×12 cells, hung from its top edge in the sheet's own plane
        // (vertical), so it cannot fall (inextensible) but the app loop, the worker thread and
        // the strain bound are exercised: 60 steps (1 s), every reported frame within the
        // strain tolerance 1e-3, no failure, and the sheet's bound stays centred at y = 0.5.
        QuickStart app = new QuickStart();
        AppSettings settings = new AppSettings(true);
        settings.setFrameRate(120);
        settings.setAudioRenderer(null);
        app.setSettings(settings);
        app.setShowSettings(false);
        app.start(JmeContext.Type.Headless);
        try {
            assertTrue(app.done.await(120, TimeUnit.SECONDS), "60 steps within 2 minutes");
        } finally {
            app.stop(true);
        }
        ClothStats s = app.worst.get();
        assertTrue(s.redStrain() <= 1e-3, s.toString());
        assertEquals(0, s.failures());
        assertEquals(0.5f, app.lowest.get(), 0.01f);
    }

    /**
     * Checks that the guide's quick-start snippet is, whitespace aside, the code between the
     * snippet markers of a test source.
     *
     * @param source the test source
     * @throws java.io.IOException if a file cannot be read
     */
    static void assertQuickStartIn(Path source) throws java.io.IOException {
        String guide = Files.readString(guideFile());
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(
                guide.substring(guide.indexOf("<!-- snippet: quickstart -->")));
        assertTrue(m.find(), "docs/jme.md has the quickstart snippet");
        String code = Files.readString(source);
        String body = code.substring(code.indexOf("// --- snippet: quickstart ---"),
                code.indexOf("// --- end of snippet ---"));
        assertEquals(normalise(m.group(1)), normalise(body.substring(body.indexOf('\n') + 1)), source.toString());
    }

    private static String normalise(String code) {
        return code.replaceAll("\\s+", " ").trim();
    }

    private static Path guideFile() {
        Path p = Path.of("../docs/jme.md");
        return Files.exists(p) ? p : Path.of("docs/jme.md");
    }

}
