package org.isocloth.samples;

import com.jme3.asset.AssetManager;
import com.jme3.material.Material;
import com.jme3.math.ColorRGBA;
import com.jme3.scene.Spatial;

/**
 * The look of the previewer's default scene ({@code isocloth/scenes/showcase.json}: Jaime walking
 * in a cape attached to its back, a flag on a pole in gusty wind, a tablecloth on a table): the
 * cloths' colours, which the rendered test looks for, and the lit material every shape gets.
 */
public final class Showcase {
    /** The cape's colour (the rendered test looks for it). */
    public static final ColorRGBA CAPE = new ColorRGBA(0.80f, 0.05f, 0.08f, 1);
    /** The flag's colour. */
    public static final ColorRGBA FLAG = new ColorRGBA(0.10f, 0.35f, 0.95f, 1);
    /** The tablecloth's colour. */
    public static final ColorRGBA TABLECLOTH = new ColorRGBA(0.95f, 0.85f, 0.30f, 1);

    private Showcase() {
    }

    /** A two-sided lit material of one colour. */
    static Material lit(AssetManager assets, ColorRGBA color) {
        Material m = new Material(assets, "Common/MatDefs/Light/Lighting.j3md");
        m.setBoolean("UseMaterialColors", true);
        m.setColor("Diffuse", color);
        m.setColor("Ambient", color.mult(0.6f));
        m.setColor("Specular", ColorRGBA.White.mult(0.1f));
        m.setFloat("Shininess", 8);
        m.getAdditionalRenderState().setFaceCullMode(com.jme3.material.RenderState.FaceCullMode.Off);
        return m;
    }

    static <T extends com.jme3.scene.control.Control> T find(Spatial s, Class<T> type) {
        Object[] out = new Object[1];
        s.depthFirstTraversal(x -> {
            if (out[0] == null && x.getControl(type) != null) {
                out[0] = x.getControl(type);
            }
        });
        if (out[0] == null) {
            throw new IllegalStateException("no " + type.getSimpleName() + " in " + s.getName());
        }
        return type.cast(out[0]);
    }
}
