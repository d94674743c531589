/**
 * Scene files: the JSON description of a simulation, its reader and its writer.
 *
 * <p>{@link org.isocloth.scene.SceneReader#read(java.nio.file.Path)} turns a scene file into an
 * immutable {@link org.isocloth.scene.SceneSpec}; {@link org.isocloth.scene.SceneWriter#toJson}
 * turns a spec back into JSON that reads back to an equal spec. Every problem with a file is an
 * {@link org.isocloth.InputException} whose one-line message names the file, the JSON path of the
 * field and the reason, e.g. {@code hang.json: cloths[0].material.density: must be > 0 (got -1.0)}.
 *
 * <h2>Format</h2>
 *
 * All quantities are SI. Every field except {@code cloths} and a cloth's {@code mesh} (and a pin's
 * {@code box} with its {@code min} and {@code max}, and a collider's kind key with its fields other
 * than a box's {@code rotation} and a sequence's {@code fps}) may be omitted, and then takes the
 * default shown. Unknown fields, wrong types, {@code null}, non-finite numbers and out-of-range values are
 * errors; integers may be written {@code 20} or {@code 20.0} but not {@code 20.5}.
 *
 * <pre>{@code
 * {
 *   "name": "hang",              // default: the file name without its extension
 *   "fps": 60,                   // frames per second, (0, 10000]
 *   "frames": 120,               // number of frames, [0, 10000000]
 *   "substeps": 1,               // solver steps per frame, [1, 1000]
 *   "gravity": [0, -9.81, 0],    // m/s^2, magnitude <= 1000
 *   "solver": {
 *     "integrator": "BE",        // "BE" (alias "backwardEuler") or "BDF2"
 *     "maxIterations": 20,       // [1, 1000]
 *     "collisions": "coupled"    // "coupled" or "staggered"
 *   },
 *   "cloths": [ {                // required, at least one
 *     "name": "sheet",           // default "cloth<i>", i = index in "cloths"
 *     "mesh": {                  // required, exactly one of "grid" or "obj"
 *       "grid": {
 *         "size": [1.0, 1.0],    // m, each in (0, 1000]
 *         "cells": [20, 20],     // integers, each in [1, 4000]
 *         "center": [0, 0, 0],   // m
 *         "normal": [0, 1, 0],   // non-zero
 *         "uAxis": [1, 0, 0]     // non-zero, perpendicular to normal (|cos| <= 1e-6)
 *       }
 *       // or "obj": "path.obj"  // relative to the scene file's directory
 *     },
 *     "material": {
 *       "fabric": "denim",       // optional preset (silk, cotton-shirting, cotton-jersey, wool,
 *                                // denim, polyester, leather): density, bendingStiffness,
 *                                // membraneStiffness, friction and thickness of that fabric;
 *                                // the fields below, when given, override it
 *       "density": 0.2,          // kg/m^2, (0, 1000]
 *       "bendingStiffness": 1e-5, // N m, [0, 1e6]
 *       // or "bendingLength": 0.02, // m, [0, 1]: the cantilever test's c; k = density g c^3
 *       "restShape": "flat",     // "flat" or "initial"
 *       "strainTolerance": 0.001, // (0, 0.5]
 *       "damping": 0.0,          // s, [0, 100]
 *       "drag": 0.0,             // kg/(m^2 s), [0, 1000]
 *       "membraneStiffness": 1e5, // N/m, [0, 1e9]
 *       "friction": 0.3,         // Coulomb coefficient, [0, 10]
 *       "thickness": 0.005       // m, (0, 0.1]
 *     },
 *     "pins": [ {                // default []
 *       "box": { "min": [-0.6, 0.9, -0.6], "max": [0.6, 1.1, -0.4] },  // required, min <= max
 *       "motion": { "velocity": [0, 0, 0],  // m/s, default [0, 0, 0]
 *                   "until": 1.0 }          // s, >= 0; default: moves for ever
 *     } ]
 *   } ],
 *   "colliders": [ {             // default []; exactly one kind key per collider:
 *     "name": "ball",            // default "collider<i>", i = index in "colliders"
 *     "sphere": { "center": [0, 0.5, 0], "radius": 0.2 },       // m, radius > 0
 *     // or "capsule": { "a": [..], "b": [..], "radius": 0.05 }
 *     // or "box": { "center": [..], "halfExtents": [..],       // each > 0
 *     //             "rotation": [0, 1, 0, 30] }                 // axis, degrees; default none
 *     // or "plane": { "point": [..], "normal": [0, 1, 0] }     // solid below; normal non-zero
 *     // or "obj": "body.obj"                                    // static mesh; file must exist
 *     // or "objSequence": { "pattern": "frames/body_%04d.obj", // frames numbered from 0
 *     //                     "fps": 30 }                         // default: the scene's fps
 *     "friction": 0.5,           // [0, 10]; default: the cloth material's
 *     "motion": { "velocity": [0, 0, 0],         // m/s, analytic kinds only
 *                 "angularVelocity": [0, 0, 0] } // rad/s about the centre
 *   } ]
 * }
 * }</pre>
 *
 * (JSON has no comments; they are shown here for explanation only.) Duplicate keys are rejected.
 *
 * <p>Colliders are {@link org.isocloth.scene.ColliderSpec}s; the analytic kinds
 * ({@link org.isocloth.scene.AnalyticColliderSpec}) build their
 * {@link org.isocloth.collision.Collider}. Relative OBJ paths and sequence patterns are resolved
 * against the scene file's directory; an {@code "obj"} collider's file and the first frame of an
 * {@code "objSequence"} (frame 0) must exist. A sequence pattern's file name holds exactly one
 * {@code %d} or {@code %0Nd} conversion and no other {@code %}. {@code "motion"} is an error on
 * mesh colliders.
 */
package org.isocloth.scene;
