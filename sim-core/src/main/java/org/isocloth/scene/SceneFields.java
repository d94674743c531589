package org.isocloth.scene;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The field names a scene file may use at each level, in the order {@link SceneWriter} writes them. */
final class SceneFields {
    static final Set<String> SCENE_FIELDS = orderedSet(
            "name", "fps", "frames", "substeps", "gravity", "wind", "gust", "aerodynamics", "solver", "cloths",
            "colliders");
    static final Set<String> AERODYNAMICS_FIELDS = orderedSet("airDensity", "normalDrag", "tangentialDrag", "lift",
            "turbulence", "turbulenceScale");
    static final Set<String> SOLVER_FIELDS = orderedSet("integrator", "maxIterations",
            "collisions", "selfCollisions", "selfContactPairs", "projection", "colliderContacts",
            "collideAcrossMaterials", "friction", "method");
    static final Set<String> CLOTH_FIELDS = orderedSet("name", "mesh", "material", "pins", "selfCollisions",
            "aerodynamics");
    static final Set<String> GUST_FIELDS = orderedSet("amplitude", "period");
    static final Set<String> GRID_FIELDS = orderedSet("size", "cells", "center", "normal", "uAxis");
    static final Set<String> MATERIAL_FIELDS = orderedSet("fabric", "density", "bendingStiffness", "bendingLength",
            "restShape", "strainTolerance", "damping", "drag", "membraneStiffness", "friction",
            "thickness", "model", "youngsModulus", "poissonRatio");
    static final Set<String> PIN_FIELDS = orderedSet("box", "motion", "attach");
    static final Set<String> BOX_FIELDS = orderedSet("min", "max");
    static final Set<String> MOTION_FIELDS = orderedSet("velocity", "until");
    static final Set<String> COLLIDER_FIELDS = orderedSet("name", "sphere", "capsule", "box",
            "plane", "obj", "gltf", "objSequence", "cache", "friction", "motion");
    static final Set<String> SPHERE_FIELDS = orderedSet("center", "radius");
    static final Set<String> CAPSULE_FIELDS = orderedSet("a", "b", "radius");
    static final Set<String> BOX_COLLIDER_FIELDS = orderedSet("center", "halfExtents", "rotation");
    static final Set<String> PLANE_FIELDS = orderedSet("point", "normal");
    static final Set<String> SEQUENCE_FIELDS = orderedSet("pattern", "fps");
    static final Set<String> CACHE_FIELDS = orderedSet("path", "loop", "loopFrom", "model", "clip");
    static final Set<String> RIGID_MOTION_FIELDS = orderedSet("velocity", "angularVelocity");

    private SceneFields() {
    }

    private static Set<String> orderedSet(String... names) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(List.of(names)));
    }
}
