package org.isocloth.jme.lemur;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.app.SimpleApplication;
import com.jme3.material.Material;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.system.AppSettings;
import com.jme3.system.JmeContext;
import com.simsilica.lemur.GuiGlobals;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.isocloth.solver.Integrator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.ClothMeshes;
import org.isocloth.jme.ClothParameter;
import org.isocloth.jme.PinGroup;

/**
 * The panel on a headless application (no renderer): Lemur elements are built, and moving a
 * slider, clicking a button or ticking a box reaches the ClothControl or the ClothAppState.
 */
class ClothPanelStateTest {
    private static SimpleApplication app;
    private static ClothAppState clothState;
    private static ClothPanelState panel;
    private static ClothControl flag;
    private static ClothControl stubborn;
    private static GuiGlobals appGlobals;

    @BeforeAll
    static void start() throws Exception {
        CountDownLatch ready = new CountDownLatch(1);
        app = new SimpleApplication() {
            @Override
            public void simpleInitApp() {
                Material m = new Material(assetManager, "Common/MatDefs/Misc/Unshaded.j3md");
                flag = new ClothControl();
                flag.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)));
                Geometry g = new Geometry("flag", ClothMeshes.grid(1, 1, 8, 8));
                g.setMaterial(m);
                g.addControl(flag);
                rootNode.attachChild(g);
                // a cloth whose friction setter refuses everything: the panel must show the message
                stubborn = new ClothControl() {
                    @Override
                    public void setFriction(float friction) {
                        throw new IllegalArgumentException("cloth 'stubborn'.friction: refused by the test");
                    }
                };
                Geometry g2 = new Geometry("stubborn", ClothMeshes.grid(0.5f, 0.5f, 4, 4));
                g2.setMaterial(m);
                g2.setLocalTranslation(2, 0, 0);
                g2.addControl(stubborn);
                rootNode.attachChild(g2);
                // the application initialises Lemur itself: the panel must keep that instance
                GuiGlobals.initialize(this);
                appGlobals = GuiGlobals.getInstance();
                clothState = new ClothAppState();
                panel = new ClothPanelState();
                panel.setRefreshInterval(0);
                stateManager.attach(clothState);
                stateManager.attach(panel);
                ready.countDown();
            }
        };
        AppSettings s = new AppSettings(true);
        s.setAudioRenderer(null);
        s.setFrameRate(120);
        app.setSettings(s);
        app.setShowSettings(false);
        app.start(JmeContext.Type.Headless);
        assertTrue(ready.await(60, TimeUnit.SECONDS), "the headless application did not start");
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.stop(false);
        }
    }

    private static <T> T onRender(Callable<T> c) throws Exception {
        return app.enqueue(c).get(30, TimeUnit.SECONDS);
    }

    private static void run(Runnable r) throws Exception {
        // jME's AppTask.get with a timeout reports a null result as a timeout: return something
        onRender(() -> {
            r.run();
            return Boolean.TRUE;
        });
    }

    /**
     * Waits until a whole update (every state) has run after the tasks enqueued so far. (Tasks
     * enqueued while the render thread runs the queue run in the same frame, so waiting for a
     * task is not waiting for a frame.)
     */
    private static void nextFrame() throws Exception {
        long f = onRender(clothState::getFrameCount);
        await("two updates", () -> clothState.getFrameCount() >= f + 2);
    }

    private static void await(String what, BooleanSupplier condition) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!onRender(condition::getAsBoolean)) {
            assertTrue(System.nanoTime() < end, "timed out waiting for " + what);
            Thread.sleep(10);
        }
    }

    @Test
    @Timeout(120)
    void panelDrivesTheClothAndTheSimulation() throws Exception {
        await("a selected cloth", () -> panel.getSelectedCloth() != null);
        assertSame(flag, onRender(panel::getSelectedCloth), "the first cloth found is shown first");
        assertSame(appGlobals, GuiGlobals.getInstance(), "the application's GuiGlobals is kept");
        assertEquals(ClothPanelState.GLASS_STYLE, panel.getStyle(), "the glass style loaded");
        assertSame(app.getGuiNode(), onRender(() -> panel.getPanel().getParent()));
        assertEquals("0.2 kg/m^2", onRender(() -> panel.valueText(ClothParameter.DENSITY)));
        assertEquals("1e-5 N m", onRender(() -> panel.valueText(ClothParameter.BENDING_STIFFNESS)));
        // the slider shows the control's value: 1e-5 is 2/6 of the way from 1e-7 to 1e-1
        assertEquals(1000 / 3.0, onRender(() -> panel.slider(ClothParameter.BENDING_STIFFNESS).getModel().getValue()),
                1e-3);

        // moving a slider calls the setter (with the value snapped to 2 significant digits)
        run(() -> panel.slider(ClothParameter.BENDING_STIFFNESS).getModel().setValue(500));
        nextFrame();
        assertEquals(1e-4f, flag.getBendingStiffness());
        assertEquals("1e-4 N m", onRender(() -> panel.valueText(ClothParameter.BENDING_STIFFNESS)));
        run(() -> panel.slider(ClothParameter.MAX_ITERATIONS).getModel().setValue(1000));
        run(() -> panel.slider(ClothParameter.THICKNESS).getModel().setValue(0));
        nextFrame();
        assertEquals(100, flag.getMaxIterations());
        assertEquals(1e-3f, flag.getThickness());
        assertEquals("1 mm", onRender(() -> panel.valueText(ClothParameter.THICKNESS)));

        // a value changed by code shows at the next refresh, slider included
        run(() -> flag.setDamping(0.25f));
        nextFrame();
        assertEquals("0.25 s", onRender(() -> panel.valueText(ClothParameter.DAMPING)));
        assertEquals(250, onRender(() -> panel.slider(ClothParameter.DAMPING).getModel().getValue()), 1e-9);
        assertEquals(0.25f, flag.getDamping(), "syncing the slider does not write back");

        // choices and the checkbox
        run(() -> panel.integratorButton().click());
        nextFrame();
        assertEquals(Integrator.BDF2, flag.getIntegrator());
        assertEquals("BDF2", onRender(() -> panel.integratorButton().getText()));
        // the projection method cycles auto → Newton → fast → auto
        assertEquals("auto", onRender(() -> panel.projectionButton().getText()));
        run(() -> panel.projectionButton().click());
        nextFrame();
        assertEquals(org.isocloth.solver.ProjectionMode.NEWTON, flag.getProjection());
        assertEquals("Newton", onRender(() -> panel.projectionButton().getText()));
        run(() -> panel.projectionButton().click());
        nextFrame();
        assertEquals(org.isocloth.solver.ProjectionMode.FAST, flag.getProjection());
        assertEquals("fast", onRender(() -> panel.projectionButton().getText()));
        // the collider contacts cycle planes → springs → springs with exact friction → planes
        assertEquals("planes", onRender(() -> panel.contactsButton().getText()));
        run(() -> panel.contactsButton().click());
        nextFrame();
        assertEquals(org.isocloth.solver.SolverOptions.ColliderContacts.SPRINGS, flag.getColliderContacts());
        assertEquals("springs", onRender(() -> panel.contactsButton().getText()));
        run(() -> panel.contactsButton().click());
        nextFrame();
        assertEquals(org.isocloth.solver.SolverOptions.Friction.EXACT, flag.getFrictionMode());
        assertEquals("springs, exact friction", onRender(() -> panel.contactsButton().getText()));
        run(() -> panel.contactsButton().click());
        nextFrame();
        assertEquals(org.isocloth.solver.SolverOptions.ColliderContacts.PLANES, flag.getColliderContacts());
        assertEquals(org.isocloth.solver.SolverOptions.Friction.APPROXIMATE, flag.getFrictionMode());
        // the solver switches isometric → shape matching → isometric, live
        assertEquals("isometric", onRender(() -> panel.methodButton().getText()));
        run(() -> panel.methodButton().click());
        nextFrame();
        assertEquals(org.isocloth.solver.SolverOptions.Method.SHAPE_MATCHING, flag.getSolverMethod());
        assertEquals("shape matching", onRender(() -> panel.methodButton().getText()));
        run(() -> panel.methodButton().click());
        nextFrame();
        assertEquals(org.isocloth.solver.SolverOptions.Method.ISOMETRIC, flag.getSolverMethod());
        // a level of detail that the application's camera is beyond shows on the button
        // (the state looks at the camera on frames that find the solver thread idle)
        run(() -> flag.setShapeMatchingDistance(0.01f));
        await("the level of detail", () -> flag.getEffectiveSolverMethod()
                == org.isocloth.solver.SolverOptions.Method.SHAPE_MATCHING);
        await("the far label", () -> "isometric, far: shape matching".equals(panel.methodButton().getText()));
        run(() -> flag.setShapeMatchingDistance(Float.POSITIVE_INFINITY));
        assertEquals(org.isocloth.solver.SolverOptions.Method.ISOMETRIC, flag.getEffectiveSolverMethod());
        await("the near label", () -> "isometric".equals(panel.methodButton().getText()));
        assertTrue(flag.isSelfCollisions());
        run(() -> panel.selfCollisionsBox().setChecked(false));
        nextFrame();
        assertFalse(flag.isSelfCollisions());

        // the fabric button: the flag's edited material is no preset; a click applies the first
        // preset (silk), whose density the control then has, and the next click the second
        assertEquals("custom", onRender(() -> panel.fabricButton().getText()));
        run(() -> panel.fabricButton().click());
        nextFrame();
        assertSame(org.isocloth.model.Fabric.SILK, flag.getFabric());
        assertEquals((float) org.isocloth.model.Fabric.SILK.density(), flag.getDensity());
        assertEquals(0.25f, flag.getDamping(), "a preset keeps the damping");
        assertEquals("silk", onRender(() -> panel.fabricButton().getText()));
        run(() -> panel.fabricButton().click());
        nextFrame();
        assertSame(org.isocloth.model.Fabric.COTTON_SHIRTING, flag.getFabric());

        // the model: an isometric cloth has no Young's modulus ("-"), and moving its slider is
        // refused in the status line; the Model button makes it a membrane whose shear modulus is
        // its membrane stiffness k, E = 2(1 + 0.3)k (snapped like the slider), and back
        assertEquals("isometric", onRender(() -> panel.modelButton().getText()));
        assertEquals("-", onRender(() -> panel.valueText(ClothParameter.YOUNGS_MODULUS)));
        run(() -> panel.slider(ClothParameter.YOUNGS_MODULUS).getModel().setValue(500));
        nextFrame();
        assertTrue(onRender(panel::getStatusText).startsWith("youngsModulus: the cloth is isometric"),
                onRender(panel::getStatusText));
        assertNull(flag.getStretch());
        double e = ClothParameter.YOUNGS_MODULUS.scale().snap(2 * 1.3 * flag.getMembraneStiffness());
        run(() -> panel.modelButton().click());
        nextFrame();
        assertEquals(new org.isocloth.model.Stretch(e, 0.3), flag.getStretch());
        assertEquals("membrane", onRender(() -> panel.modelButton().getText()));
        assertEquals("0.3", onRender(() -> panel.valueText(ClothParameter.POISSON_RATIO)));
        // half way along the linear 0–0.9 slider: ν = 0.45
        run(() -> panel.slider(ClothParameter.POISSON_RATIO).getModel().setValue(500));
        nextFrame();
        assertEquals(new org.isocloth.model.Stretch(e, 0.45), flag.getStretch());
        run(() -> panel.modelButton().click());
        nextFrame();
        assertNull(flag.getStretch());
        assertEquals("-", onRender(() -> panel.valueText(ClothParameter.POISSON_RATIO)));

        // pause, step, speed
        await("the cloth to step", () -> flag.getStats().steps() > 0);
        run(() -> panel.pauseButton().click());
        nextFrame();
        assertTrue(clothState.isPaused());
        assertEquals("Play", onRender(() -> panel.pauseButton().getText()));
        // the steps the worker started before the pause are finished and shown before counting
        run(() -> clothState.awaitSteps());
        long before = onRender(() -> flag.getStats().steps());
        run(() -> panel.stepButton().click());
        nextFrame();
        nextFrame();
        assertEquals(before + 1, flag.getStats().steps(), "Step takes exactly one step");
        String steps = onRender(() -> panel.statsText().get(2));
        assertTrue(steps.contains("steps " + (before + 1)), steps);
        run(() -> panel.speedSlider().getModel().setValue(ClothPanelState.SPEED_SCALE.toPosition(2) * 1000));
        nextFrame();
        assertEquals(2f, clothState.getSpeed());

        // the second cloth: chosen with ">", its rejection is shown in the status line
        run(() -> panel.nextButton().click());
        nextFrame();
        assertSame(stubborn, panel.getSelectedCloth());
        run(() -> panel.slider(ClothParameter.FRICTION).getModel().setValue(800));
        nextFrame();
        String status = onRender(panel::getStatusText);
        assertEquals("cloth 'stubborn'.friction: refused by the test", status);
        assertEquals(0.3f, stubborn.getFriction());
        assertNotNull(onRender(() -> panel.statsText().get(0)));
    }
}
