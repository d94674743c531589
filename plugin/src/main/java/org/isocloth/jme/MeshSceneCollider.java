package org.isocloth.jme;

import org.isocloth.collision.Collider;
import org.isocloth.collision.MeshCollider;

/**
 * A {@link SceneCollider} for a triangle mesh whose vertices move freely (an animated character's
 * skin, a deforming or moving prop): subclasses read the world positions of its vertices; between
 * two captures every vertex moves on a straight line, linearly in time, and each simulation step
 * sees the matching stretch of that motion (per-vertex velocities over the step).
 */
public abstract class MeshSceneCollider extends SceneCollider {
    private final MeshCollider mesh;
    private double[] positions;
    private double[] previous;
    private final double[] lerp;
    private int captures;
    private double time0;
    private double time1;
    private boolean teleported;

    /**
     * @param name name used in messages (not null)
     * @param triangles vertex indices, 3 per triangle (see {@link MeshCollider})
     * @param worldPositions the initial world positions, flat xyz, m
     */
    protected MeshSceneCollider(String name, int[] triangles, double[] worldPositions) {
        super(name);
        this.mesh = new MeshCollider(name, triangles, worldPositions);
        this.positions = worldPositions.clone();
        this.previous = worldPositions.clone();
        this.lerp = new double[worldPositions.length];
    }

    @Override
    public final Collider collider() {
        return mesh;
    }

    /** @return the sim-core mesh collider */
    public final MeshCollider mesh() {
        return mesh;
    }

    /**
     * Reads the current world positions of the vertices (render thread).
     *
     * @param out receives {@code 3·vertexCount} values, m
     * @return false when the source is gone
     */
    protected abstract boolean readPositions(double[] out);

    @Override
    public final boolean capture() {
        double[] swap = previous;
        previous = positions;
        positions = swap;
        if (!readPositions(positions)) {
            return false;
        }
        for (double p : positions) {
            if (!Double.isFinite(p)) {
                throw new IllegalStateException(getName() + ": a vertex position is not finite");
            }
        }
        captures++;
        return true;
    }

    /** @return the last captured world positions (live array: read only) */
    public final double[] capturedPositions() {
        return positions;
    }

    @Override
    public final void beginInterval(double t0, double t1, double skipped) {
        time0 = t0;
        time1 = t1;
        double limit = getTeleportDistance() * getTeleportDistance();
        teleported = captures < 2 || !(t1 > t0);
        for (int i = 0; i < positions.length && !teleported; i += 3) {
            double dx = positions[i] - previous[i];
            double dy = positions[i + 1] - previous[i + 1];
            double dz = positions[i + 2] - previous[i + 2];
            if (!(dx * dx + dy * dy + dz * dz <= limit)) {
                teleported = true;
            }
        }
        if (teleported) {
            // two pushes: the next step starts and ends at the new pose (no sweep)
            mesh.setPositions(positions);
            mesh.setPositions(positions);
        } else if (skipped > 0) {
            // the dropped part of the motion is not swept: start at rest that far along it
            double f = Math.min(skipped, 1);
            for (int i = 0; i < lerp.length; i++) {
                previous[i] += f * (positions[i] - previous[i]);
            }
            mesh.setPositions(previous);
            mesh.setPositions(previous);
        }
    }

    @Override
    public final void beforeStep(double s0, double s1) {
        if (teleported) {
            mesh.setPositions(positions);
            return;
        }
        double f = (s1 - time0) / (time1 - time0);
        f = Math.max(0, Math.min(1, f));
        for (int i = 0; i < lerp.length; i++) {
            lerp[i] = previous[i] + f * (positions[i] - previous[i]);
        }
        mesh.setPositions(lerp);
    }
}
