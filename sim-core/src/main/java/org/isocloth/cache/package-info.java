/**
 * Bake caches: recorded cloth animations ({@link org.isocloth.cache.CacheWriter},
 * {@link org.isocloth.cache.CacheReader}; file layout in {@link org.isocloth.cache.CacheFormat}),
 * the render layout shared by exporters and the jME playback control
 * ({@link org.isocloth.cache.RenderLayout}) and OBJ / glTF export
 * ({@link org.isocloth.cache.ObjExport}, {@link org.isocloth.cache.GltfExport}).
 */
package org.isocloth.cache;
