package org.isocloth.jme.render;

import com.jme3.material.Material;
import com.jme3.material.RenderState;
import com.jme3.math.ColorRGBA;
import com.jme3.math.FastMath;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.shape.Sphere;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Locale;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.ClothColliderControl;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.ClothMeshes;
import org.isocloth.jme.ClothStats;
import org.isocloth.jme.PinGroup;

/**
 * A 1 m sheet of 24×24 cells pinned along one edge, swinging down from horizontal past a ball,
 * in a real (OpenGL) window with jME's real timer and no frame-rate cap, so that a cloth step
 * (tens of milliseconds) takes many frames (a few milliseconds each). The {@link ClothAppState}'s update is timed on the render thread every frame. After
 * {@code STEPS} cloth steps it prints one line
 * {@code RESULT frames=… under1ms=… p95Ms=… medianFrameMs=… msPerStep=… steps=… busy=… red=… failures=…}
 * and writes a screenshot. Run by {@link RealTimerRenderTest} in a child JVM.
 */
public class RealTimerApp extends RenderedTestApp {
    static final int STEPS = 90;
    private static final int MAX_FRAMES = 200_000;

    private final long[] updateNanos = new long[MAX_FRAMES];
    private final float[] frameSeconds = new float[MAX_FRAMES];
    private int frames;
    private ClothControl control;
    private TimedState state;
    private double worstRed;
    private long lastSteps;

    /** The plugin's app state with its update timed. */
    private final class TimedState extends ClothAppState {
        @Override
        public void update(float tpf) {
            long t0 = System.nanoTime();
            super.update(tpf);
            if (frames < MAX_FRAMES) {
                updateNanos[frames] = System.nanoTime() - t0;
                frameSeconds[frames] = tpf;
                frames++;
            }
        }
    }

    RealTimerApp(Path output) {
        super(output);
    }

    @Override
    public void simpleInitApp() {
        flyCam.setEnabled(false);
        setDisplayStatView(false);
        setDisplayFps(false);
        cam.setLocation(new Vector3f(0, 1.2f, 2.2f));
        cam.lookAt(new Vector3f(0, 0.1f, 0), Vector3f.UNIT_Y);

        Material orange = new Material(assetManager, "Common/MatDefs/Misc/ShowNormals.j3md");
        orange.getAdditionalRenderState().setFaceCullMode(RenderState.FaceCullMode.Off);
        // a 1 m sheet laid horizontal at y = 0.6, pinned along its edge at z = -0.5 (the grid's
        // top edge), above a ball of radius 0.3 m at the origin that the swinging sheet brushes
        Geometry sheet = new Geometry("sheet", ClothMeshes.grid(1f, 1f, 24, 24));
        sheet.setLocalRotation(new Quaternion().fromAngleAxis(-FastMath.HALF_PI, Vector3f.UNIT_X));
        sheet.setLocalTranslation(0, 0.6f, 0.5f);
        sheet.setMaterial(orange);
        control = new ClothControl();
        control.setBendingStiffness(1e-4f);
        control.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)));
        sheet.addControl(control);
        rootNode.attachChild(sheet);

        Geometry ball = new Geometry("ball", new Sphere(24, 24, 0.29f));
        Material grey = new Material(assetManager, "Common/MatDefs/Misc/Unshaded.j3md");
        grey.setColor("Color", ColorRGBA.Gray);
        ball.setMaterial(grey);
        ball.addControl(ClothColliderControl.sphere(0.3f));
        rootNode.attachChild(ball);

        state = new TimedState();
        stateManager.attach(state);
        captureAfterGui();
    }

    @Override
    public void simpleUpdate(float tpf) {
        ClothStats s = control.getStats();
        if (s.steps() > lastSteps) {
            lastSteps = s.steps();
            worstRed = Math.max(worstRed, s.redStrain());
        }
        if ((s.steps() >= STEPS || frames >= MAX_FRAMES) && !capture.isRequested()) {
            int n = frames;
            long[] t = Arrays.copyOf(updateNanos, n);
            float[] f = Arrays.copyOf(frameSeconds, n);
            int under = 0;
            for (long x : t) {
                if (x < 1_000_000) {
                    under++;
                }
            }
            Arrays.sort(t);
            Arrays.sort(f);
            System.out.println(String.format(Locale.ROOT,
                    "RESULT frames=%d under1ms=%d p95Ms=%.4f medianFrameMs=%.3f msPerStep=%.2f steps=%d busy=%d"
                            + " red=%.6g failures=%d contacts=%d",
                    n, under, t[(int) (0.95 * (n - 1))] / 1e6, 1000 * f[n / 2], s.msPerStep(), s.steps(),
                    state.getBusyFrameCount(), worstRed, s.failures(), s.contacts()));
            capture.request();
        }
    }

    /**
     * @param args the PNG path
     */
    public static void main(String[] args) {
        runAndExit(new RealTimerApp(Paths.get(args[0])), "IsoCloth real timer", 640, 480, 170);
    }
}
