package org.isocloth.jme.lemur;

import com.jme3.math.ColorRGBA;
import com.jme3.scene.Spatial;
import com.simsilica.lemur.Button;
import com.simsilica.lemur.Container;
import com.simsilica.lemur.GuiGlobals;
import com.simsilica.lemur.Label;
import com.simsilica.lemur.component.QuadBackgroundComponent;
import com.simsilica.lemur.style.BaseStyles;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The look of the cloth panel: the style it is built in (Lemur's glass style by default, loaded
 * once per GuiGlobals) and, in that style, a dark translucent teal background with near-white
 * labels, so that the figures read on any scene behind the panel (the glass style's grey-teal
 * text on its light translucent background was hard to read over a bright floor).
 */
final class PanelLook {
    private static final Logger LOG = Logger.getLogger(PanelLook.class.getName());
    /** Lemur's glass style. */
    static final String GLASS_STYLE = "glass";
    /** The panel's background in the glass style. */
    static final ColorRGBA BACKGROUND = new ColorRGBA(0.03f, 0.15f, 0.19f, 0.82f);
    /** Label text in the glass style. */
    static final ColorRGBA TEXT = new ColorRGBA(0.92f, 0.96f, 0.97f, 1);

    /** The GuiGlobals instance the glass style was loaded into (loaded once per instance). */
    private static GuiGlobals glassLoadedFor;

    private PanelLook() {
    }

    /**
     * @param requested the style asked for, or null for Lemur's default style
     * @return the style to build with: the glass style once loaded, the default style if it cannot
     *     be loaded (logged), any other style as asked
     */
    static String resolveStyle(String requested) {
        String defaultStyle = GuiGlobals.getInstance().getStyles().getDefaultStyle();
        if (requested == null) {
            return defaultStyle;
        }
        if (!GLASS_STYLE.equals(requested)) {
            return requested;
        }
        synchronized (PanelLook.class) {
            GuiGlobals g = GuiGlobals.getInstance();
            if (glassLoadedFor != g) {
                try {
                    BaseStyles.loadGlassStyle();
                    glassLoadedFor = g;
                } catch (RuntimeException | LinkageError e) {
                    LOG.log(Level.WARNING, "IsoCloth panel: Lemur's glass style could not be loaded ({0});"
                            + " using the default style", e.toString());
                    return defaultStyle;
                }
            }
        }
        return GLASS_STYLE;
    }

    /**
     * Gives the panel its dark background and its labels (not its buttons) light text, also in
     * the given parts that are not attached to it now (a tabbed panel's hidden tabs).
     */
    static void readable(Container panel, Spatial... parts) {
        panel.setBackground(new QuadBackgroundComponent(BACKGROUND.clone()));
        brighten(panel);
        for (Spatial s : parts) {
            brighten(s);
        }
    }

    private static void brighten(Spatial s) {
        if (s instanceof Label label && !(s instanceof Button)) {
            label.setColor(TEXT.clone());
        }
        if (s instanceof com.jme3.scene.Node n) {
            for (Spatial child : n.getChildren()) {
                brighten(child);
            }
        }
    }
}
