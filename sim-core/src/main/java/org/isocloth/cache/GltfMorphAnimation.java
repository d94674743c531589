package org.isocloth.cache;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/**
 * The morph-target animation of a frame range A..B, as {@link GltfExport#writeRange} writes it.
 *
 * <p>Every cloth is one node and one mesh, both named after the cloth. The mesh's primitive holds
 * frame A (POSITION with min/max, unit NORMAL, TEXCOORD_0, indices; see {@link GltfExport}) and one
 * morph target per frame A + j of the range, j = 0..B − A: POSITION, the frame's render-vertex
 * positions minus frame A's, each difference computed in double and rounded to float (with
 * min/max, which glTF requires for a target's POSITION), and NORMAL, the frame's unit normals minus
 * frame A's (a vanishing normal counting as (0, 1, 0) in both). Target 0 is therefore all zeros.
 * {@code mesh.weights} are all zero, so without the animation frame A shows, and
 * {@code mesh.extras.targetNames} are {@code frame_NNNN} (scene frame numbers), which Blender uses
 * as the shape keys' names.
 *
 * <p>The animation {@code bake} has one LINEAR sampler shared by all cloths' channels (target path
 * {@code weights}): 2 keys per frame, frame j's weights one-hot on target j at j/fps and at the
 * float just before (j+1)/fps (for the last frame, at count/fps itself, so the clip lasts
 * count/fps). Frame j thus shows on [j/fps, (j+1)/fps), and the ramp from one frame to the next is
 * one float ulp long: a step, also in importers that only interpolate linearly (jME's
 * GltfLoader). Keys are strictly increasing because 1/fps is at least count/fps / 4096 of the
 * clip ({@link GltfExport#MAX_MORPH_FRAMES}), far above a float's relative spacing of 2^−23. A
 * player's position for frame j is base + 1·target j: the cache's float up to the rounding of the
 * stored difference (half a float ulp of the displacement) and of the player's float sum.
 */
final class GltfMorphAnimation {
    private GltfMorphAnimation() {
    }

    /**
     * Adds the cloths' nodes and meshes and the animation to an export.
     *
     * @param doc the export being built
     * @param cache the cache
     * @param from first frame index
     * @param to last frame index (≥ from)
     * @param layouts the cloths' render layouts
     * @param indexAccessor per cloth, its index accessor
     * @param uvAccessor per cloth, its TEXCOORD_0 accessor or −1
     * @param sceneNodes receives the cloths' node indices
     */
    static void add(GltfDocument doc, CacheReader cache, int from, int to, RenderLayout[] layouts,
            int[] indexAccessor, int[] uvAccessor, ArrayNode sceneNodes) {
        int count = to - from + 1;
        int clothCount = layouts.length;
        float[][] basePositions = new float[clothCount][];
        float[][] baseNormals = new float[clothCount][];
        int[] basePositionAccessor = new int[clothCount];
        int[] baseNormalAccessor = new int[clothCount];
        int[][] targetPosition = new int[clothCount][count];
        int[][] targetNormal = new int[clothCount][count];
        for (int k = from; k <= to; k++) {
            for (int c = 0; c < clothCount; c++) {
                RenderLayout l = layouts[c];
                float[] x = cache.readFrame(k, c);
                float[] p = new float[3 * l.vertexCount()];
                float[] n = new float[3 * l.vertexCount()];
                l.positions(x, p);
                GltfExport.unitNormals(l, x, n);
                if (k == from) {
                    basePositions[c] = p.clone();
                    baseNormals[c] = n.clone();
                    basePositionAccessor[c] = doc.floats(p, "VEC3", GltfExport.ARRAY_BUFFER, true);
                    baseNormalAccessor[c] = doc.floats(n, "VEC3", GltfExport.ARRAY_BUFFER, false);
                }
                for (int i = 0; i < p.length; i++) {
                    p[i] = (float) ((double) p[i] - basePositions[c][i]);
                    n[i] = (float) ((double) n[i] - baseNormals[c][i]);
                }
                targetPosition[c][k - from] = doc.floats(p, "VEC3", GltfExport.ARRAY_BUFFER, true);
                targetNormal[c][k - from] = doc.floats(n, "VEC3", GltfExport.ARRAY_BUFFER, false);
            }
        }
        int[] clothNode = new int[clothCount];
        for (int c = 0; c < clothCount; c++) {
            String name = cache.cloths().get(c).name();
            ObjectNode mesh = doc.meshes.addObject();
            mesh.put("name", name);
            ObjectNode prim = doc.primitive(mesh, basePositionAccessor[c], baseNormalAccessor[c], uvAccessor[c],
                    indexAccessor[c]);
            ArrayNode targets = prim.putArray("targets");
            ArrayNode weights = mesh.putArray("weights");
            ArrayNode names = mesh.putObject("extras").putArray("targetNames");
            for (int j = 0; j < count; j++) {
                ObjectNode t = targets.addObject();
                t.put("POSITION", targetPosition[c][j]);
                t.put("NORMAL", targetNormal[c][j]);
                weights.add(0);
                names.add(String.format(Locale.ROOT, "frame_%04d", cache.firstFrame() + from + j));
            }
            clothNode[c] = doc.nodes.size();
            ObjectNode node = doc.nodes.addObject();
            node.put("name", name);
            node.put("mesh", doc.meshes.size() - 1);
            sceneNodes.add(clothNode[c]);
        }

        float[] times = new float[2 * count];
        for (int j = 0; j < count; j++) {
            times[2 * j] = (float) (j / cache.fps());
            times[2 * j + 1] = j == count - 1 ? (float) (count / cache.fps())
                    : Math.nextDown((float) ((j + 1) / cache.fps()));
        }
        int input = doc.floats(times, "SCALAR", 0, true);
        int start = doc.bin.begin();
        for (int key = 0; key < 2 * count; key++) {
            int shown = key / 2;
            for (int target = 0; target < count; target++) {
                doc.bin.putFloat(target == shown ? 1 : 0);
            }
        }
        int output = doc.accessor(doc.view(start, 0), GltfExport.FLOAT, 2 * count * count, "SCALAR", null, null);
        ObjectNode anim = doc.root.putArray("animations").addObject();
        anim.put("name", "bake");
        ObjectNode sampler = anim.putArray("samplers").addObject();
        sampler.put("input", input);
        sampler.put("output", output);
        sampler.put("interpolation", "LINEAR");
        ArrayNode channels = anim.putArray("channels");
        for (int c = 0; c < clothCount; c++) {
            ObjectNode ch = channels.addObject();
            ch.put("sampler", 0);
            ObjectNode target = ch.putObject("target");
            target.put("node", clothNode[c]);
            target.put("path", "weights");
        }
    }
}
