/**
 * Collision detection and response for cloth (thesis §3.3): colliders ({@link
 * org.isocloth.collision.Collider}: analytic sphere, capsule, box and plane with kinematic motion,
 * and static or animated triangle meshes), the bounding-volume hierarchy ({@link
 * org.isocloth.collision.Bvh}), exact geometric kernels ({@link org.isocloth.collision.Geometry}),
 * continuous collision detection for vertex–face and edge–edge pairs ({@link
 * org.isocloth.collision.Ccd}, Bridson, Fedkiw &amp; Anderson 2002), cloth–cloth response with
 * proximity repulsion, friction and rigid impact zones ({@link
 * org.isocloth.collision.SelfCollisions}, Harmon et al. 2008), and the exact self-intersection
 * count used by the {@code self_intersections} metric ({@link
 * org.isocloth.collision.SelfIntersections}).
 *
 * <p>How contacts enter the time step (as constraints of the Gauss-Newton projection) is in
 * {@link org.isocloth.solver.ClothSolver}. All arrays are flat xyz, SI units.
 */
package org.isocloth.collision;
