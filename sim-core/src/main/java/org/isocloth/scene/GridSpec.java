package org.isocloth.scene;

import java.util.Arrays;
import java.util.Objects;

/**
 * A flat rectangular cloth meshed as a regular grid (JSON {@code "mesh": {"grid": {...}}}).
 *
 * <p>The rectangle lies in the plane through {@code center} with normal {@code normal}; its first
 * side (length {@code size[0]}, {@code cells[0]} cells) runs along {@code uAxis}, its second side
 * along {@code normal × uAxis}. Direction vectors need not be unit length.
 *
 * <p>Arrays are copied on construction and on access, so instances are immutable; {@code equals},
 * {@code hashCode} and {@code toString} use the array contents.
 *
 * @param size side lengths, m: 2 values, each in (0, 1000]; default [1, 1]
 * @param cells number of cells along each side: 2 integers, each in [1, 4000]; default [20, 20]
 * @param center centre of the rectangle, m: 3 finite values; default [0, 0, 0]
 * @param normal plane normal: 3 finite values, non-zero; default [0, 1, 0]
 * @param uAxis direction of the first side: 3 finite values, non-zero and perpendicular to
 *     {@code normal} (|cos angle| &le; 1e-6); default [1, 0, 0]
 */
public record GridSpec(double[] size, int[] cells, double[] center, double[] normal, double[] uAxis)
        implements MeshSpec {
    /**
     * Smallest cell side, m (0.1 mm). Below it a mesh's vertices lie closer than its welding
     * tolerance and its triangles are degenerate; no textile is modelled at that scale.
     */
    public static final double MIN_CELL = 1e-4;
    /**
     * Most cells of a grid (two base triangles each): a million cells make 8 million subdivided
     * triangles, whose system needs several GB of memory and minutes per step.
     */
    public static final long MAX_CELLS = 1_000_000;

    /** Default side lengths: [1, 1] m. */
    private static final double[] DEFAULT_SIZE = {1, 1};
    /** Default cell counts: [20, 20]. */
    private static final int[] DEFAULT_CELLS = {20, 20};
    /** Default centre: the origin. */
    private static final double[] DEFAULT_CENTER = {0, 0, 0};
    /** Default normal: +y. */
    private static final double[] DEFAULT_NORMAL = {0, 1, 0};
    /** Default u axis: +x. */
    private static final double[] DEFAULT_U_AXIS = {1, 0, 0};

    /**
     * Checks and copies the components.
     *
     * @param size see the record description
     * @param cells see the record description
     * @param center see the record description
     * @param normal see the record description
     * @param uAxis see the record description
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if an array has the wrong length or a value is outside
     *     its range
     */
    public GridSpec {
        size = Check.vector("size", size, 2);
        for (int i = 0; i < 2; i++) {
            Check.require("size[" + i + "]", Check.GRID_SIZE.violation(size[i]));
        }
        Objects.requireNonNull(cells, "cells");
        if (cells.length != 2) {
            throw new IllegalArgumentException(
                    "cells: must have 2 components (got " + cells.length + ")");
        }
        cells = cells.clone();
        for (int i = 0; i < 2; i++) {
            Check.require("cells[" + i + "]", Check.GRID_CELLS.violation((long) cells[i]));
        }
        Check.require("cells", Check.gridCellCount(cells));
        for (int i = 0; i < 2; i++) {
            Check.require("size[" + i + "]", Check.gridCell(size[i], cells[i]));
        }
        center = Check.vector("center", center, 3);
        normal = Check.vector("normal", normal, 3);
        Check.require("normal", Check.nonZero(normal));
        uAxis = Check.vector("uAxis", uAxis, 3);
        Check.require("uAxis", Check.nonZero(uAxis));
        Check.require("uAxis", Check.perpendicular(normal, uAxis));
    }

    /**
     * @return a 1 m × 1 m grid of 20 × 20 cells centred at the origin, normal +y, u axis +x
     */
    public static GridSpec defaults() {
        return new GridSpec(DEFAULT_SIZE, DEFAULT_CELLS, DEFAULT_CENTER, DEFAULT_NORMAL,
                DEFAULT_U_AXIS);
    }

    /** @return a copy of the side lengths, m */
    @Override
    public double[] size() {
        return size.clone();
    }

    /** @return a copy of the cell counts */
    @Override
    public int[] cells() {
        return cells.clone();
    }

    /** @return a copy of the centre, m */
    @Override
    public double[] center() {
        return center.clone();
    }

    /** @return a copy of the normal */
    @Override
    public double[] normal() {
        return normal.clone();
    }

    /** @return a copy of the u axis */
    @Override
    public double[] uAxis() {
        return uAxis.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GridSpec g
                && Arrays.equals(size, g.size)
                && Arrays.equals(cells, g.cells)
                && Arrays.equals(center, g.center)
                && Arrays.equals(normal, g.normal)
                && Arrays.equals(uAxis, g.uAxis);
    }

    @Override
    public int hashCode() {
        int h = Arrays.hashCode(size);
        h = 31 * h + Arrays.hashCode(cells);
        h = 31 * h + Arrays.hashCode(center);
        h = 31 * h + Arrays.hashCode(normal);
        return 31 * h + Arrays.hashCode(uAxis);
    }

    @Override
    public String toString() {
        return "GridSpec[size=" + Arrays.toString(size) + ", cells=" + Arrays.toString(cells)
                + ", center=" + Arrays.toString(center) + ", normal=" + Arrays.toString(normal)
                + ", uAxis=" + Arrays.toString(uAxis) + "]";
    }
}
