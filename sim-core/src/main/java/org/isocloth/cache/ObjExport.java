package org.isocloth.cache;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.isocloth.InputException;
import org.isocloth.UserFiles;
import org.isocloth.mesh.ObjWriter;

/**
 * Writes one frame of a bake cache as an OBJ file with the layout of {@code cloth run}'s
 * {@code rest.obj} and {@code frames/frame_NNNN.obj}: every cloth's nodes in cloth order (the
 * vertices), then, when every cloth has texture coordinates, their UV entries ({@code vt}), then the
 * fine triangles ({@code f v/vt}), each cloth's indices offset by the earlier cloths' counts.
 * Positions are the cache's float32 values written as doubles; the file is written atomically
 * ({@link AtomicFiles#write}). Every position read is finite ({@link CacheReader#readFrame}
 * refuses a frame that is not), so the OBJ always reads back.
 */
public final class ObjExport {
    /** Most elements of one Java array. */
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    private ObjExport() {
    }

    /**
     * Exports one frame.
     *
     * @param cache the cache (not null)
     * @param frame frame index in [0, frameCount)
     * @param out the OBJ file (replaced atomically)
     * @throws IOException if the file cannot be written (message names it and the reason)
     * @throws InputException if the frame is out of range, corrupt or holds a coordinate that is
     *     not finite, or the cloths together have too many nodes, triangles or UVs for one OBJ
     */
    public static void write(CacheReader cache, int frame, Path out) throws IOException {
        cache.checkFrame(frame);
        long nodes = 0;
        long tris = 0;
        long uvCount = 0;
        boolean allUv = true;
        for (CacheCloth c : cache.cloths()) {
            nodes += c.nodeCount();
            tris += c.triangleCount();
            allUv &= c.hasUvs();
            uvCount += c.uvCount();
        }
        long largest = Math.max(3 * nodes, Math.max(3 * tris, allUv ? 2 * uvCount : 0));
        if (largest > MAX_ARRAY) {
            throw new InputException(UserFiles.shown(cache.source()) + ": " + cache.clothCount() + " cloths with "
                    + nodes + " nodes and " + tris + " triangles together are too large for one OBJ file");
        }
        double[] pos = new double[(int) (3 * nodes)];
        int[] tri = new int[(int) (3 * tris)];
        double[] uvs = allUv ? new double[(int) (2 * uvCount)] : null;
        int[] triUv = allUv ? new int[(int) (3 * tris)] : null;
        int nodeOff = 0;
        int triOff = 0;
        int uvOff = 0;
        for (int ci = 0; ci < cache.clothCount(); ci++) {
            CacheCloth c = cache.cloths().get(ci);
            float[] x = cache.readFrame(frame, ci);
            for (int i = 0; i < x.length; i++) {
                pos[3 * nodeOff + i] = x[i];
            }
            int[] ft = c.triangles();
            for (int i = 0; i < ft.length; i++) {
                tri[3 * triOff + i] = ft[i] + nodeOff;
            }
            if (allUv) {
                System.arraycopy(c.uvs(), 0, uvs, 2 * uvOff, c.uvs().length);
                int[] tu = c.triangleUvs();
                for (int i = 0; i < tu.length; i++) {
                    triUv[3 * triOff + i] = tu[i] + uvOff;
                }
                uvOff += c.uvCount();
            }
            nodeOff += c.nodeCount();
            triOff += c.triangleCount();
        }
        AtomicFiles.write(out, stream -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
            ObjWriter.write(w, pos, tri, uvs, triUv);
            w.flush();
        });
    }
}
