package org.isocloth.scene;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Writes a {@link SceneSpec} as scene-file JSON that {@link SceneReader} reads back to an equal
 * spec (given the same scene file path).
 *
 * <p>Every field is written explicitly, defaults included, except: in pins, {@code until} is
 * omitted when it is +Infinity (the pin moves for ever; JSON cannot express it and it is the
 * default), and {@code motion} is omitted altogether for a pin that never moves; in colliders,
 * {@code friction} is omitted when it is NaN (absent: the cloth's applies) and {@code motion} when
 * it is {@linkplain MotionSpec#isStill() still}. OBJ paths (cloth meshes, OBJ colliders and OBJ
 * sequence patterns) are written relative to the scene file's directory, with {@code /}
 * separators, when that reads back to the same path; otherwise absolute. Numbers are written so that they read
 * back exactly. Output is indented with two spaces and ends with a newline.
 */
public final class SceneWriter {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter(
            Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"));

    private SceneWriter() {
    }

    /**
     * @param scene the scene (not null)
     * @return the scene as JSON text
     */
    public static String toJson(SceneSpec scene) {
        Objects.requireNonNull(scene, "scene");
        ObjectNode root = MAPPER.createObjectNode();
        root.put("name", scene.name());
        root.put("fps", scene.fps());
        root.put("frames", scene.frames());
        root.put("substeps", scene.substeps());
        putVector(root, "gravity", scene.gravity());
        double[] wind = scene.wind();
        if (wind[0] != 0 || wind[1] != 0 || wind[2] != 0) {
            putVector(root, "wind", wind);
        }
        if (!scene.gust().isSteady()) {
            ObjectNode gust = root.putObject("gust");
            gust.put("amplitude", scene.gust().amplitude());
            gust.put("period", scene.gust().period());
        }
        if (scene.aerodynamics() != null) {
            // written only when set: checkpoints of scenes without it keep their fingerprint
            org.isocloth.model.Aerodynamics a = scene.aerodynamics();
            ObjectNode air = root.putObject("aerodynamics");
            air.put("airDensity", a.airDensity());
            air.put("normalDrag", a.normalDrag());
            air.put("tangentialDrag", a.tangentialDrag());
            air.put("lift", a.lift());
            air.put("turbulence", a.turbulence());
            air.put("turbulenceScale", a.turbulenceScale());
        }
        ObjectNode solver = root.putObject("solver");
        solver.put("integrator", scene.solver().integrator().jsonName());
        solver.put("maxIterations", scene.solver().maxIterations());
        solver.put("collisions", scene.solver().collisions().jsonName());
        solver.put("selfCollisions", scene.solver().selfCollisions());
        if (scene.solver().selfContactPairs() != SolverSpec.DEFAULT_SELF_CONTACT_PAIRS) {
            solver.put("selfContactPairs", scene.solver().selfContactPairs());
        }
        if (scene.solver().projection() != SolverSpec.DEFAULT_PROJECTION) {
            // written only when not the default: checkpoints of scenes without it keep their fingerprint
            solver.put("projection", scene.solver().projection().jsonName());
        }
        if (scene.solver().colliderContacts() != SolverSpec.DEFAULT_COLLIDER_CONTACTS) {
            // written only when not the default, as above
            solver.put("colliderContacts", scene.solver().colliderContacts().jsonName());
        }
        if (scene.solver().friction() != SolverSpec.DEFAULT_FRICTION) {
            // written only when not the default, as above
            solver.put("friction", scene.solver().friction().jsonName());
        }
        if (scene.solver().method() != SolverSpec.DEFAULT_METHOD) {
            solver.put("method", scene.solver().method().jsonName());
        }
        if (scene.solver().collideAcrossMaterials() != SolverSpec.DEFAULT_COLLIDE_ACROSS_MATERIALS) {
            // written only when not the default, as above
            solver.put("collideAcrossMaterials", scene.solver().collideAcrossMaterials());
        }
        ArrayNode cloths = root.putArray("cloths");
        for (ClothSpec cloth : scene.cloths()) {
            writeCloth(cloths.addObject(), cloth, scene.file());
        }
        ArrayNode colliders = root.putArray("colliders");
        for (ColliderSpec collider : scene.colliders()) {
            writeCollider(colliders.addObject(), collider, scene.file());
        }
        try {
            return MAPPER.writer(PRINTER).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            // cannot happen: writing a tree of plain nodes to a String
            throw new UncheckedIOException(e);
        }
    }

    private static void writeCloth(ObjectNode out, ClothSpec cloth, Path sceneFile) {
        out.put("name", cloth.name());
        ObjectNode mesh = out.putObject("mesh");
        MeshSpec spec = cloth.mesh();
        if (spec instanceof GridSpec g) {
            ObjectNode grid = mesh.putObject("grid");
            putVector(grid, "size", g.size());
            ArrayNode cells = grid.putArray("cells");
            for (int c : g.cells()) {
                cells.add(c);
            }
            putVector(grid, "center", g.center());
            putVector(grid, "normal", g.normal());
            putVector(grid, "uAxis", g.uAxis());
        } else if (spec instanceof ObjMeshSpec o) {
            mesh.put("obj", pathText(o.path(), sceneFile));
        } else if (spec instanceof GltfMeshSpec o) {
            mesh.put("gltf", pathText(o.path(), sceneFile));
        } else {
            throw new IllegalStateException("unknown mesh kind " + spec.getClass().getName());
        }
        MaterialSpec m = cloth.material();
        ObjectNode material = out.putObject("material");
        material.put("density", m.density());
        material.put("bendingStiffness", m.bendingStiffness());
        material.put("restShape", m.restShape().jsonName());
        material.put("strainTolerance", m.strainTolerance());
        material.put("damping", m.damping());
        material.put("drag", m.drag());
        if (m.stretch() == null) {
            material.put("membraneStiffness", m.membraneStiffness());
        }
        material.put("friction", m.friction());
        material.put("thickness", m.thickness());
        if (m.stretch() != null) {
            material.put("model", "membrane");
            material.put("youngsModulus", m.stretch().youngsModulus());
            material.put("poissonRatio", m.stretch().poissonRatio());
        }
        ArrayNode pins = out.putArray("pins");
        for (PinSpec p : cloth.pins()) {
            ObjectNode pin = pins.addObject();
            ObjectNode box = pin.putObject("box");
            putVector(box, "min", p.boxMin());
            putVector(box, "max", p.boxMax());
            boolean still = Arrays.equals(p.velocity(), new double[3]); // +0.0 only, bitwise
            if (!still || p.until() != Double.POSITIVE_INFINITY) {
                ObjectNode motion = pin.putObject("motion");
                putVector(motion, "velocity", p.velocity());
                if (p.until() != Double.POSITIVE_INFINITY) {
                    motion.put("until", p.until());
                }
            }
            if (p.attach() != null) {
                pin.put("attach", p.attach());
            }
        }
        if (cloth.selfCollisions() != null) {
            out.put("selfCollisions", cloth.selfCollisions().booleanValue());
        }
        if (!cloth.aerodynamics()) {
            out.put("aerodynamics", false);
        }
    }

    private static void writeCollider(ObjectNode out, ColliderSpec collider, Path sceneFile) {
        out.put("name", collider.name());
        if (collider instanceof SphereSpec s) {
            ObjectNode k = out.putObject(s.kind());
            putVector(k, "center", s.center());
            k.put("radius", s.radius());
        } else if (collider instanceof CapsuleSpec c) {
            ObjectNode k = out.putObject(c.kind());
            putVector(k, "a", c.a());
            putVector(k, "b", c.b());
            k.put("radius", c.radius());
        } else if (collider instanceof BoxSpec b) {
            ObjectNode k = out.putObject(b.kind());
            putVector(k, "center", b.center());
            putVector(k, "halfExtents", b.halfExtents());
            putVector(k, "rotation", b.rotation());
        } else if (collider instanceof PlaneSpec p) {
            ObjectNode k = out.putObject(p.kind());
            putVector(k, "point", p.point());
            putVector(k, "normal", p.normal());
        } else if (collider instanceof ObjColliderSpec o) {
            out.put(o.kind(), pathText(o.path(), sceneFile));
        } else if (collider instanceof GltfColliderSpec o) {
            out.put(o.kind(), pathText(o.path(), sceneFile));
        } else if (collider instanceof CacheColliderSpec q) {
            ObjectNode k = out.putObject(q.kind());
            k.put("path", pathText(q.path(), sceneFile));
            if (q.loop()) {
                k.put("loop", true);
            }
            if (q.loopFrom() > 0) {
                k.put("loopFrom", q.loopFrom());
            }
            if (q.model() != null) {
                k.put("model", q.model());
            }
            if (q.clip() != null) {
                k.put("clip", q.clip());
            }
        } else if (collider instanceof ObjSequenceSpec q) {
            ObjectNode k = out.putObject(q.kind());
            k.put("pattern", pathText(q.pattern(), sceneFile));
            k.put("fps", q.fps());
        } else {
            throw new IllegalStateException("unknown collider kind " + collider.getClass().getName());
        }
        if (!Double.isNaN(collider.friction())) {
            out.put("friction", collider.friction());
        }
        if (collider instanceof AnalyticColliderSpec a && !a.motion().isStill()) {
            ObjectNode motion = out.putObject("motion");
            putVector(motion, "velocity", a.motion().velocity());
            putVector(motion, "angularVelocity", a.motion().angularVelocity());
        }
    }

    private static void putVector(ObjectNode parent, String key, double[] v) {
        ArrayNode a = parent.putArray(key);
        for (double x : v) {
            a.add(x);
        }
    }

    /**
     * The text for an OBJ path: relative to the scene file's directory when that resolves back to
     * exactly {@code obj} (as {@link SceneReader} resolves it), otherwise absolute.
     */
    static String pathText(Path obj, Path sceneFile) {
        Path dir = sceneFile.getParent();
        Path base = dir == null ? Path.of("") : dir.normalize();
        List<Path> candidates = new ArrayList<>(2);
        if (obj.isAbsolute() == base.isAbsolute()
                && Objects.equals(obj.getRoot(), base.getRoot())) {
            try {
                candidates.add(base.relativize(obj.normalize()));
            } catch (IllegalArgumentException e) {
                // cannot be relativized lexically; try via absolute paths below
            }
        }
        try {
            candidates.add(base.toAbsolutePath().normalize()
                    .relativize(obj.toAbsolutePath().normalize()));
        } catch (IllegalArgumentException e) {
            // different roots (e.g. drives): no relative form
        }
        for (Path rel : candidates) {
            Path back = (dir == null ? rel : dir.resolve(rel)).normalize();
            if (!rel.isAbsolute() && !rel.toString().isEmpty() && back.equals(obj)) {
                StringBuilder b = new StringBuilder();
                for (Path part : rel) {
                    if (b.length() > 0) {
                        b.append('/');
                    }
                    b.append(part);
                }
                return b.toString();
            }
        }
        return obj.isAbsolute() ? obj.toString() : obj.toAbsolutePath().normalize().toString();
    }
}
