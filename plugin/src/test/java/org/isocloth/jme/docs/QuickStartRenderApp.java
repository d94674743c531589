package org.isocloth.jme.docs;

import com.jme3.material.Material;
import com.jme3.material.RenderState;
import com.jme3.math.ColorRGBA;
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
 * The quick start of docs/jme.md in a real (OpenGL) window with jME's own timer: the snippet
 * between the markers is the guide's, verbatim (checked by {@link QuickStartRenderTest}); the
 * rest places the camera and writes a screenshot after 60 time steps. Run in a child JVM.
 *
 * <p>Arguments: the PNG path. Prints {@code RESULT steps=… red=… failures=…}; exit code 0 when
 * the PNG was written, 2 otherwise, 3 on the watchdog's timeout.
 */
public class QuickStartRenderApp extends RenderedTestApp {
    static final int WIDTH = 640;
    static final int HEIGHT = 480;

    private ClothControl control;
    private double worstRed;

    QuickStartRenderApp(Path output) {
        super(output);
    }

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
        flyCam.setEnabled(false);
        setDisplayStatView(false);
        setDisplayFps(false);
        viewPort.setBackgroundColor(ColorRGBA.Black);
        // the 1 m sheet spans x in [-0.5, 0.5], y in [0, 1]: seen from 2 m in front it fills the
        // middle of the window (vertical field of view 45°: about 0.83 m at that distance)
        cam.setLocation(new Vector3f(0, 0.5f, 2.0f));
        cam.lookAt(new Vector3f(0, 0.5f, 0), Vector3f.UNIT_Y);
        captureAfterGui();
    }

    @Override
    public void simpleUpdate(float tpf) {
        ClothStats s = control.getStats();
        if (s.steps() > 0) {
            worstRed = Math.max(worstRed, s.redStrain());
        }
        if (s.steps() >= 60 && !capture.isRequested()) {
            System.out.println("RESULT steps=" + s.steps() + " red=" + worstRed + " failures=" + s.failures());
            capture.request();
        }
    }

    /**
     * @param args the PNG path
     */
    public static void main(String[] args) {
        RenderedTestApp.runAndExit(new QuickStartRenderApp(Paths.get(args[0])), "IsoCloth quick start", WIDTH,
                HEIGHT, 120);
    }
}
