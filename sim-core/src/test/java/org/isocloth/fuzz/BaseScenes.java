package org.isocloth.fuzz;

import java.util.List;

/**
 * The valid scenes the fuzz cases start from, each small enough to run in well under a second
 * (grids of at most 5 × 5 cells, 2 or 3 frames) and together covering every mesh and collider
 * kind. The frame and cell counts are small here, in the scenes themselves, so that mutations
 * are free to change them to invalid values without making valid runs slow.
 */
final class BaseScenes {
    private BaseScenes() {
    }

    /**
     * A base scene and the mesh files it names (written beside it in the case's directory).
     *
     * @param name short name for case descriptions
     * @param json the scene
     * @param files names of the files it needs: cloth.obj, collider.obj, cloth.glb,
     *     body_0000.obj / body_0001.obj, anim.isocache
     */
    record Base(String name, String json, List<String> files) {
    }

    /** A 4 × 3 sheet hung by its top edge, BDF2; its run gives the prefilled outputs. */
    static final String HANG = """
            { "name": "hang", "fps": 60, "frames": 3, "gravity": [0, -9.81, 0],
              "solver": { "integrator": "BDF2", "maxIterations": 20 },
              "cloths": [ { "name": "sheet",
                            "mesh": { "grid": { "size": [0.4, 0.3], "cells": [4, 3], "center": [0, 1, 0],
                                                "normal": [0, 0, 1], "uAxis": [1, 0, 0] } },
                            "material": { "density": 0.2, "bendingStiffness": 1e-4 },
                            "pins": [ { "box": { "min": [-1, 1.14, -1], "max": [1, 1.16, 1] },
                                        "motion": { "velocity": [0.5, 0, 0], "until": 0.02 } } ] } ] }
            """;

    /** A 5 × 5 sheet dropped onto a spinning ball above a floor, coupled contacts. */
    static final String DROP = """
            { "name": "drop", "fps": 100, "frames": 3, "substeps": 2,
              "solver": { "integrator": "BE", "maxIterations": 20, "collisions": "coupled", "selfCollisions": true },
              "cloths": [ { "mesh": { "grid": { "size": [0.6, 0.6], "cells": [5, 5], "center": [0, 0.31, 0],
                                                "normal": [0, 1, 0], "uAxis": [1, 0, 0] } },
                            "material": { "density": 0.2, "friction": 0.5, "thickness": 0.004,
                                          "restShape": "flat", "strainTolerance": 0.001 } } ],
              "colliders": [ { "name": "ball", "sphere": { "center": [0, 0, 0], "radius": 0.3 },
                               "motion": { "angularVelocity": [0, 1.5, 0] } },
                             { "name": "floor", "plane": { "point": [0, -0.5, 0], "normal": [0, 1, 0] },
                               "friction": 0.2 } ] }
            """;

    /** An OBJ cloth over a turned box, contact springs. */
    static final String OBJ_CLOTH = """
            { "name": "objcloth", "fps": 60, "frames": 2,
              "solver": { "colliderContacts": "springs", "selfContactPairs": false },
              "cloths": [ { "name": "square", "mesh": { "obj": "cloth.obj" },
                            "material": { "fabric": "cotton-jersey", "thickness": 0.003 } } ],
              "colliders": [ { "name": "block", "box": { "center": [0, 0.3, 0], "halfExtents": [0.1, 0.1, 0.1],
                                                         "rotation": [0, 1, 0, 30] } } ] }
            """;

    /** A grid over an OBJ collider and a capsule, gusty wind, Newton projection. */
    static final String MESH_COLLIDER = """
            { "name": "meshcollider", "fps": 50, "frames": 2, "wind": [1, 0, 0],
              "gust": { "amplitude": 0.5, "period": 1 },
              "solver": { "projection": "newton", "collisions": "staggered" },
              "cloths": [ { "mesh": { "grid": { "size": [0.4, 0.4], "cells": [4, 4], "center": [0, 0.6, 0] } },
                            "material": { "drag": 0.5, "damping": 0.01, "membraneStiffness": 1e4 },
                            "selfCollisions": false } ],
              "colliders": [ { "name": "plate", "obj": "collider.obj", "friction": 0.4 },
                             { "capsule": { "a": [-0.2, 0.2, 0], "b": [0.2, 0.2, 0], "radius": 0.05 },
                               "motion": { "velocity": [0, 0.1, 0] } } ] }
            """;

    /** The GLB that {@code cloth export} wrote of the hanging sheet, as the cloth's mesh. */
    static final String GLTF_CLOTH = """
            { "name": "gltfcloth", "fps": 60, "frames": 2,
              "cloths": [ { "mesh": { "gltf": "cloth.glb" }, "material": { "density": 0.3 },
                            "pins": [ { "box": { "min": [-1, 1.14, -1], "max": [1, 1.16, 1] } } ] } ] }
            """;

    /** Two cloths of different materials, one a fabric preset, BE, staggered, over a floor. */
    static final String TWO_CLOTHS = """
            { "name": "two", "fps": 60, "frames": 2, "gravity": [0, -9.81, 0],
              "solver": { "integrator": "BE", "collisions": "staggered", "maxIterations": 10 },
              "cloths": [ { "name": "a", "mesh": { "grid": { "size": [0.3, 0.3], "cells": [3, 3],
                                                            "center": [0, 0.5, 0] } },
                            "material": { "fabric": "silk" } },
                          { "name": "b", "mesh": { "grid": { "size": [0.3, 0.3], "cells": [2, 3],
                                                            "center": [0, 0.6, 0] } },
                            "material": { "fabric": "denim", "thickness": 0.003 } } ],
              "colliders": [ { "plane": { "point": [0, 0, 0], "normal": [0, 1, 0] }, "friction": 0 } ] }
            """;

    /** A sheet pinned to an OBJ sequence and over the exported GLB as a collider. */
    static final String SEQUENCE = """
            { "name": "sequence", "fps": 30, "frames": 2,
              "cloths": [ { "mesh": { "grid": { "size": [0.3, 0.3], "cells": [3, 3], "center": [0, 0.3, 0] } },
                            "pins": [ { "box": { "min": [-0.16, 0.29, -0.16], "max": [-0.14, 0.31, 0.16] },
                                        "attach": "walk" } ] } ],
              "colliders": [ { "name": "walk", "objSequence": { "pattern": "body_%04d.obj", "fps": 30 } },
                             { "name": "statue", "gltf": "cloth.glb" } ] }
            """;

    /** A sheet over the baked hanging sheet played back as a looping cache collider. */
    static final String CACHE = """
            { "name": "cache", "fps": 60, "frames": 2,
              "cloths": [ { "mesh": { "grid": { "size": [0.3, 0.3], "cells": [3, 2], "center": [0, 1.2, 0] } } } ],
              "colliders": [ { "name": "baked", "cache": { "path": "anim.isocache", "loop": true } } ] }
            """;

    static final List<Base> ALL = List.of(
            new Base("hang", HANG, List.of()),
            new Base("drop", DROP, List.of()),
            new Base("objcloth", OBJ_CLOTH, List.of("cloth.obj")),
            new Base("meshcollider", MESH_COLLIDER, List.of("collider.obj")),
            new Base("gltfcloth", GLTF_CLOTH, List.of("cloth.glb")),
            new Base("two", TWO_CLOTHS, List.of()),
            new Base("sequence", SEQUENCE, List.of("body_0000.obj", "body_0001.obj", "cloth.glb")),
            new Base("cache", CACHE, List.of("anim.isocache")));
}
