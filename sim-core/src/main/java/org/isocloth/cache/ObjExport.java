package org.isocloth.cache;

import java.io.IOException;
import java.nio.file.Path;
import org.isocloth.mesh.ObjWriter;

/**
 * Writes one frame of a bake cache as an OBJ file with the layout of {@code cloth run}'s
 * {@code rest.obj} and {@code frames/frame_NNNN.obj}: every cloth's nodes in cloth order (the
 * vertices), then, when every cloth has texture coordinates, their UV entries ({@code vt}), then the
 * fine triangles ({@code f v/vt}), each cloth's indices offset by the earlier cloths' counts.
 * Positions are the cache's float32 values written as doubles; the file is written atomically.
 */
public final class ObjExport {
    private ObjExport() {
    }

    /**
     * Exports one frame.
     *
     * @param cache the cache (not null)
     * @param frame frame index in [0, frameCount)
     * @param out the OBJ file (replaced atomically)
     * @throws IOException if the file cannot be written (message names it and the reason)
     * @throws org.isocloth.InputException if the frame is out of range or corrupt
     */
    public static void write(CacheReader cache, int frame, Path out) throws IOException {
        cache.checkFrame(frame);
        int nodes = 0;
        int tris = 0;
        int uvCount = 0;
        boolean allUv = true;
        for (CacheCloth c : cache.cloths()) {
            nodes += c.nodeCount();
            tris += c.triangleCount();
            allUv &= c.hasUvs();
            uvCount += c.uvCount();
        }
        double[] pos = new double[3 * nodes];
        int[] tri = new int[3 * tris];
        double[] uvs = allUv ? new double[2 * uvCount] : null;
        int[] triUv = allUv ? new int[3 * tris] : null;
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
        try {
            ObjWriter.write(out, pos, tri, uvs, triUv);
        } catch (IOException e) {
            throw new IOException(out + ": cannot write: " + AtomicFiles.reason(e), e);
        }
    }
}
