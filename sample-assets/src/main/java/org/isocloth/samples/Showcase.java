package org.isocloth.samples;

import com.jme3.asset.AssetManager;
import com.jme3.material.Material;
import com.jme3.math.ColorRGBA;
import com.jme3.scene.Spatial;
import com.jme3.texture.Texture;
import com.jme3.texture.Texture2D;

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

    /**
     * A two-sided lit fabric: the colour modulated by a woven texture over the cloth's texture
     * coordinates (a plain weave of 128 threads, with 8 darker stripes so that motion and folds
     * show).
     */
    static Material fabric(AssetManager assets, ColorRGBA color) {
        Material m = lit(assets, color);
        m.setTexture("DiffuseMap", weave());
        return m;
    }

    /** The floor: a grey checkerboard of 0.5 m squares on a 6 m plane (12 × 12 repeats of 2 × 2). */
    static Material floor(AssetManager assets) {
        Material m = lit(assets, new ColorRGBA(0.62f, 0.62f, 0.65f, 1));
        Texture2D t = texture(64, (x, y) -> ((x / 32 + y / 32) % 2 == 0) ? 235 : 190);
        m.setTexture("DiffuseMap", t);
        return m;
    }

    private static Texture2D weave() {
        return texture(256, (x, y) -> {
            boolean warp = ((x / 2 + y / 2) % 2) == 0;
            int v = warp ? 240 : 210;
            return (y % 32) < 4 ? v - 80 : v;
        });
    }

    private interface Shade {
        int at(int x, int y);
    }

    /** A repeating greyscale texture of size × size pixels. */
    private static Texture2D texture(int size, Shade shade) {
        java.nio.ByteBuffer data = com.jme3.util.BufferUtils.createByteBuffer(size * size * 3);
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                byte v = (byte) Math.max(0, Math.min(255, shade.at(x, y)));
                data.put(v).put(v).put(v);
            }
        }
        data.flip();
        Texture2D t = new Texture2D(new com.jme3.texture.Image(com.jme3.texture.Image.Format.RGB8, size, size, data,
                com.jme3.texture.image.ColorSpace.sRGB));
        t.setWrap(Texture.WrapMode.Repeat);
        t.setMagFilter(Texture.MagFilter.Bilinear);
        t.setMinFilter(Texture.MinFilter.Trilinear);
        return t;
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
