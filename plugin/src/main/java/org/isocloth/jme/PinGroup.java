package org.isocloth.jme;

import com.jme3.export.InputCapsule;
import com.jme3.export.JmeExporter;
import com.jme3.export.JmeImporter;
import com.jme3.export.OutputCapsule;
import com.jme3.export.Savable;
import com.jme3.math.Vector3f;
import com.jme3.scene.Spatial;
import com.jme3.scene.VertexBuffer;
import com.jme3.util.clone.Cloner;
import com.jme3.util.clone.JmeCloneable;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * A set of cloth vertices held kinematically, chosen in the cloth Geometry's mesh (before
 * subdivision) by a box, a vertex list or a painted weight buffer, and optionally attached to a
 * Spatial they follow rigidly (for example a character's shoulder attachment node).
 *
 * <p>Selection rules, all in the mesh's own (model) coordinates:
 * <ul>
 *   <li><b>box</b>: every node of the subdivided mesh (original vertex or edge midpoint) whose rest
 *       position lies in the box, bounds inclusive;</li>
 *   <li><b>vertices</b>: the listed vertices of the original mesh (indices into its vertex
 *       buffers; vertices welded with a listed one are pinned too) and the edge midpoints between
 *       two listed vertices;</li>
 *   <li><b>weights</b>: the vertices whose weight in a vertex buffer (one component of, say, the
 *       Color buffer painted in a modelling tool) is at least the threshold, and the edge midpoints
 *       between two such vertices.</li>
 * </ul>
 * Without a Spatial to follow, pins follow the cloth Geometry's own world transform: moving the
 * cloth's node moves its pins and drags the rest of the cloth.
 */
public final class PinGroup implements Savable, JmeCloneable {
    /** How the vertices are chosen. */
    public enum Kind {
        /** A box in mesh coordinates. */
        BOX,
        /** A list of vertex indices of the original mesh. */
        VERTICES,
        /** A painted weight buffer and a threshold. */
        WEIGHTS
    }

    private Kind kind = Kind.BOX;
    private Vector3f min = new Vector3f();
    private Vector3f max = new Vector3f();
    private int[] vertices = new int[0];
    private VertexBuffer.Type weightBuffer = VertexBuffer.Type.Color;
    private int weightComponent;
    private float threshold = 0.5f;
    private Spatial follow;

    /** For serialization only. */
    public PinGroup() {
    }

    /**
     * Pins every node whose rest position lies in a box of the mesh's coordinates.
     *
     * @param min the box's minimum corner (not null, unaffected)
     * @param max the box's maximum corner (not null, unaffected, ≥ min on each axis)
     * @return a new pin group
     */
    public static PinGroup box(Vector3f min, Vector3f max) {
        Objects.requireNonNull(min, "pin box min");
        Objects.requireNonNull(max, "pin box max");
        if (!(min.x <= max.x && min.y <= max.y && min.z <= max.z) || !Vector3f.isValidVector(min)
                || !Vector3f.isValidVector(max)) {
            throw new IllegalArgumentException("pin box: min " + min + " must be finite and <= max " + max
                    + " on every axis");
        }
        PinGroup p = new PinGroup();
        p.kind = Kind.BOX;
        p.min = min.clone();
        p.max = max.clone();
        return p;
    }

    /**
     * Pins listed vertices of the original mesh.
     *
     * @param indices vertex indices (not null, at least one, each ≥ 0; checked against the mesh
     *     when the cloth is built)
     * @return a new pin group
     */
    public static PinGroup vertices(int... indices) {
        Objects.requireNonNull(indices, "pin vertices");
        if (indices.length == 0) {
            throw new IllegalArgumentException("pin vertices: the list is empty");
        }
        for (int i = 0; i < indices.length; i++) {
            if (indices[i] < 0) {
                throw new IllegalArgumentException("pin vertices[" + i + "]: negative index " + indices[i]);
            }
        }
        PinGroup p = new PinGroup();
        p.kind = Kind.VERTICES;
        p.vertices = indices.clone();
        return p;
    }

    /**
     * Pins the vertices whose painted weight reaches a threshold.
     *
     * @param buffer the vertex buffer holding the weights (for example Color, or TexCoord2)
     * @param component which component of it (0 = first; for Color 0 is red)
     * @param threshold the smallest weight that pins (finite)
     * @return a new pin group
     */
    public static PinGroup weights(VertexBuffer.Type buffer, int component, float threshold) {
        Objects.requireNonNull(buffer, "pin weight buffer");
        if (component < 0 || component > 3) {
            throw new IllegalArgumentException("pin weights: component must be 0..3 (got " + component + ")");
        }
        if (!Float.isFinite(threshold)) {
            throw new IllegalArgumentException("pin weights: threshold must be finite (got " + threshold + ")");
        }
        PinGroup p = new PinGroup();
        p.kind = Kind.WEIGHTS;
        p.weightBuffer = buffer;
        p.weightComponent = component;
        p.threshold = threshold;
        return p;
    }

    /**
     * Attaches the pins to a Spatial: from the moment the cloth is built (or reset) they keep their
     * position relative to it.
     *
     * @param spatial the Spatial to follow, or null to follow the cloth Geometry itself
     * @return this group
     */
    public PinGroup follow(Spatial spatial) {
        this.follow = spatial;
        return this;
    }

    /** @return the selection rule */
    public Kind getKind() {
        return kind;
    }

    /** @return a copy of the box's minimum corner */
    public Vector3f getMin() {
        return min.clone();
    }

    /** @return a copy of the box's maximum corner */
    public Vector3f getMax() {
        return max.clone();
    }

    /** @return a copy of the vertex list */
    public int[] getVertices() {
        return vertices.clone();
    }

    /** @return the weight buffer type */
    public VertexBuffer.Type getWeightBuffer() {
        return weightBuffer;
    }

    /** @return the weight component */
    public int getWeightComponent() {
        return weightComponent;
    }

    /** @return the weight threshold */
    public float getThreshold() {
        return threshold;
    }

    /** @return the Spatial the pins follow, or null for the cloth Geometry */
    public Spatial getFollow() {
        return follow;
    }

    @Override
    public void write(JmeExporter ex) throws IOException {
        OutputCapsule c = ex.getCapsule(this);
        c.write(kind, "kind", Kind.BOX);
        c.write(min, "min", null);
        c.write(max, "max", null);
        c.write(vertices, "vertices", new int[0]);
        c.write(weightBuffer, "weightBuffer", VertexBuffer.Type.Color);
        c.write(weightComponent, "weightComponent", 0);
        c.write(threshold, "threshold", 0.5f);
        c.write(follow, "follow", null);
    }

    @Override
    public void read(JmeImporter im) throws IOException {
        InputCapsule c = im.getCapsule(this);
        kind = c.readEnum("kind", Kind.class, Kind.BOX);
        min = (Vector3f) c.readSavable("min", new Vector3f());
        max = (Vector3f) c.readSavable("max", new Vector3f());
        vertices = c.readIntArray("vertices", new int[0]);
        weightBuffer = c.readEnum("weightBuffer", VertexBuffer.Type.class, VertexBuffer.Type.Color);
        weightComponent = c.readInt("weightComponent", 0);
        threshold = c.readFloat("threshold", 0.5f);
        follow = (Spatial) c.readSavable("follow", null);
    }

    @Override
    public PinGroup jmeClone() {
        try {
            return (PinGroup) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void cloneFields(Cloner cloner, Object original) {
        min = min.clone();
        max = max.clone();
        vertices = vertices.clone();
        follow = cloner.clone(follow);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PinGroup p)) {
            return false;
        }
        return kind == p.kind && min.equals(p.min) && max.equals(p.max) && Arrays.equals(vertices, p.vertices)
                && weightBuffer == p.weightBuffer && weightComponent == p.weightComponent
                && threshold == p.threshold;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, min, max, Arrays.hashCode(vertices), weightBuffer, weightComponent, threshold);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case BOX -> "PinGroup[box " + min + " .. " + max + "]";
            case VERTICES -> "PinGroup[vertices " + Arrays.toString(vertices) + "]";
            case WEIGHTS -> "PinGroup[weights " + weightBuffer + "[" + weightComponent + "] >= " + threshold + "]";
        } + (follow != null ? " following " + follow.getName() : "");
    }
}
