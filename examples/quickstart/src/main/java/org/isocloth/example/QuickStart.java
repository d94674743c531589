package org.isocloth.example;

import com.jme3.app.SimpleApplication;
import com.jme3.material.Material;
import com.jme3.material.RenderState;
import com.jme3.math.ColorRGBA;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.system.AppSettings;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.ClothMeshes;
import org.isocloth.jme.PinGroup;

/** The quick start of IsoCloth's docs/jme.md as a whole application: a sheet hung from its top edge. */
public class QuickStart extends SimpleApplication {

    public static void main(String[] args) {
        QuickStart app = new QuickStart();
        AppSettings settings = new AppSettings(true);
        settings.setTitle("IsoCloth quick start");
        settings.setAudioRenderer(null); // no sound, so it also runs where there is no sound device
        app.setSettings(settings);
        app.setShowSettings(false);
        app.start();
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
        cam.setLocation(new Vector3f(0, 0.5f, 2f));
        cam.lookAt(new Vector3f(0, 0.5f, 0), Vector3f.UNIT_Y);
    }
}
