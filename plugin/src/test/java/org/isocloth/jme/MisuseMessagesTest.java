package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** Misuse that would otherwise fail silently says what is wrong, once. */
class MisuseMessagesTest {

    @Test
    void aClothWithoutAnAppStateSaysSoOnce() {
        // A ClothControl in a scene that no ClothAppState scans: its third scene update logs one
        // WARNING naming the Geometry and the fix; ten more updates log nothing more. A cloth
        // that a state simulates logs nothing.
        List<String> warnings = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel() == Level.WARNING) {
                    warnings.add(java.text.MessageFormat.format(r.getMessage(), r.getParameters()));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger(ClothControl.class.getName());
        log.addHandler(h);
        try {
            Node alone = new Node("alone");
            Geometry g = new Geometry("forgotten", ClothMeshes.grid(1, 1, 2, 2));
            g.addControl(new ClothControl());
            alone.attachChild(g);
            for (int i = 0; i < 13; i++) {
                alone.updateLogicalState(1 / 60f);
            }
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains("'forgotten'") && warnings.get(0).contains("no ClothAppState"),
                    warnings.get(0));

            Node scanned = new Node("scanned");
            Geometry s = new Geometry("simulated", ClothMeshes.grid(1, 1, 2, 2));
            s.addControl(new ClothControl());
            scanned.attachChild(s);
            ClothAppState state = new ClothAppState(scanned);
            state.setThreaded(false);
            for (int i = 0; i < 13; i++) {
                state.update(1 / 60f);
                scanned.updateLogicalState(1 / 60f);
            }
            assertEquals(1, warnings.size(), warnings.toString());
        } finally {
            log.removeHandler(h);
        }
    }
}
