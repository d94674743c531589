package org.isocloth.jme.lemur;

import com.jme3.app.SimpleApplication;
import org.isocloth.jme.ClothAppState;

/**
 * The snippet of docs/panel.md, verbatim, in the context it assumes, so that the compiler checks
 * it (the core module's DocSnippetsTest finds it here).
 */
abstract class LemurDocSnippets extends SimpleApplication {
    void panel() {
        stateManager.attach(new ClothAppState());
        stateManager.attach(new ClothPanelState());   // finds the ClothAppState; glass style
        flyCam.setDragToRotate(true);                  // so that the mouse can reach the panel
    }
}
