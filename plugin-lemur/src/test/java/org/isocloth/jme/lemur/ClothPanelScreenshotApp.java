package org.isocloth.jme.lemur;

import com.jme3.light.AmbientLight;
import com.jme3.light.DirectionalLight;
import com.jme3.material.Material;
import com.jme3.material.RenderState;
import com.jme3.math.ColorRGBA;
import com.jme3.math.FastMath;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.ClothMeshes;
import org.isocloth.jme.ClothStats;
import org.isocloth.jme.PinGroup;
import org.isocloth.jme.render.RenderedTestApp;

/**
 * A real (OpenGL) window with an orange 24×24 cloth pinned along its top edge falling from
 * horizontal, and the {@link ClothPanelState}; after 90 time steps (1.5 s of simulated time) it
 * writes the framebuffer to a PNG and exits. Run by {@link ClothPanelRenderTest} in a child JVM.
 *
 * <p>Arguments: the PNG path; optionally the number of steps (default 90). Exit code 0 when the
 * PNG was written, 2 when the application ended without writing it, 3 on the watchdog's timeout.
 */
public class ClothPanelScreenshotApp extends RenderedTestApp {
    static final int WIDTH = 1280;
    static final int HEIGHT = 720;
    /** The cloth's diffuse colour. */
    static final ColorRGBA CLOTH = new ColorRGBA(1f, 0.42f, 0.04f, 1);
    /** The background colour. */
    static final ColorRGBA BACKGROUND = new ColorRGBA(0.10f, 0.11f, 0.14f, 1);

    private final int steps;
    private ClothAppState clothState;
    private ClothPanelState panel;
    private int frames;

    ClothPanelScreenshotApp(Path output, int steps) {
        super(output);
        this.steps = steps;
    }

    @Override
    public void simpleInitApp() {
        flyCam.setEnabled(false);
        setDisplayStatView(false);
        setDisplayFps(false);
        viewPort.setBackgroundColor(BACKGROUND);
        // from the front right and a little above; the cloth fills the right part of the window
        cam.setLocation(new Vector3f(1.5f, 1.1f, 2.3f));
        cam.lookAt(new Vector3f(-0.45f, 0.35f, 0), Vector3f.UNIT_Y);

        // a 1 m square, laid horizontal at y = 1 (its top edge, local y = 1, at z = −1), pinned
        // along that edge: it swings down like a hinged flap
        Geometry g = new Geometry("flag", ClothMeshes.grid(1, 1, 24, 24));
        g.setLocalRotation(new Quaternion().fromAngleAxis(-FastMath.HALF_PI, Vector3f.UNIT_X));
        g.setLocalTranslation(0, 1, 0.5f);
        Material m = new Material(assetManager, "Common/MatDefs/Light/Lighting.j3md");
        m.setBoolean("UseMaterialColors", true);
        m.setColor("Diffuse", CLOTH);
        m.setColor("Ambient", CLOTH);
        m.setColor("Specular", ColorRGBA.Black);
        m.getAdditionalRenderState().setFaceCullMode(RenderState.FaceCullMode.Off);
        g.setMaterial(m);
        ClothControl cloth = new ClothControl();
        cloth.addPinGroup(PinGroup.box(new Vector3f(-1, 0.99f, -1), new Vector3f(1, 1.01f, 1)));
        g.addControl(cloth);
        rootNode.attachChild(g);
        rootNode.addLight(new AmbientLight(ColorRGBA.White.mult(0.45f)));
        rootNode.addLight(new DirectionalLight(new Vector3f(-0.6f, -0.4f, -0.7f).normalizeLocal(),
                ColorRGBA.White.mult(0.8f)));

        clothState = new ClothAppState();
        panel = new ClothPanelState();
        stateManager.attach(clothState);
        stateManager.attach(panel);
        captureAfterGui();
    }

    @Override
    public void simpleUpdate(float tpf) {
        frames++;
        ClothControl c = panel.getSelectedCloth();
        if (c != null && c.getStats().steps() >= steps && frames > 10 && !capture.isRequested()) {
            System.out.println("screenshot after " + frames + " frames, " + c.getStats().steps() + " steps, "
                    + c.getStats().msPerStep() + " ms/step");
            capture.request();
        }
    }

    /**
     * @param args the PNG path; optionally the number of steps to take first (default 90)
     */
    public static void main(String[] args) {
        Path out = Paths.get(args.length > 0 ? args[0] : "cloth-panel.png");
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 90;
        runAndExit(new ClothPanelScreenshotApp(out, steps), "IsoCloth panel", WIDTH, HEIGHT, 150);
    }
}
