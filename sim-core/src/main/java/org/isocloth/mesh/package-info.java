/**
 * Triangle-mesh input and output: the {@link org.isocloth.mesh.TriMesh} data holder, the
 * Wavefront OBJ {@link org.isocloth.mesh.ObjReader reader} and {@link org.isocloth.mesh.ObjWriter
 * writer}, the {@link org.isocloth.mesh.GridMesh rectangular grid builder} and the {@link
 * org.isocloth.mesh.MeshValidator validator} that every loaded or built mesh passes.
 *
 * <p>Conventions: positions are in metres; vertex, triangle and UV indices are 0-based in the
 * API (OBJ files use 1-based indices, translated on reading and writing); triangles are
 * counter-clockwise seen from the front, so {@code (p1 - p0) × (p2 - p0)} is the front normal; a
 * valid mesh is an oriented 2-manifold, possibly with boundary, without degenerate triangles.
 *
 * <p>Bad input raises {@link org.isocloth.InputException} with a one-line message of the form
 * {@code "<file or grid>: <element>: <reason>"}, where the element is a line number, vertex,
 * triangle, edge (as a vertex pair) or parameter. Repairs (removing unreferenced vertices,
 * welding duplicates, skipping unsupported OBJ statements) are returned as one-line warnings in
 * {@link org.isocloth.mesh.MeshLoadResult} and logged through {@code java.util.logging}; nothing
 * in this package prints. Misuse of the API by code (inconsistent array lengths passed to
 * {@link org.isocloth.mesh.TriMesh} or {@link org.isocloth.mesh.ObjWriter}) raises
 * {@link java.lang.IllegalArgumentException} or {@link java.lang.NullPointerException} instead.
 */
package org.isocloth.mesh;
