package org.isocloth.scene;

import static org.isocloth.scene.SceneMessages.alternatives;
import static org.isocloth.scene.SceneMessages.child;
import static org.isocloth.scene.SceneMessages.describe;
import static org.isocloth.scene.SceneMessages.index;
import static org.isocloth.scene.SceneMessages.label;
import static org.isocloth.scene.SceneMessages.malformed;
import static org.isocloth.scene.SceneMessages.oneLine;
import static org.isocloth.scene.SceneMessages.shown;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.isocloth.InputException;
import org.isocloth.UserFiles;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.Fabric;
import org.isocloth.model.Stretch;

/**
 * Reads scene files (JSON) into {@link SceneSpec}s.
 *
 * <p>The JSON tree is walked field by field so that every problem is reported as an
 * {@link InputException} whose one-line message names the file, the JSON path of the field and
 * the reason, for example {@code hang.json: cloths[0].material.density: must be > 0 (got -1.0)}.
 * Unknown fields, wrong types, missing required fields, non-finite numbers (including the
 * literals {@code NaN} and {@code Infinity}) and out-of-range values are all rejected. Duplicate
 * keys and trailing content after the top-level object are reported as malformed JSON.
 *
 * <p>See the package documentation for the format. This class is thread-safe and stateless.
 */
public final class SceneReader {

    /** Scene files larger than this are refused before parsing. */
    static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

    private static final JsonMapper MAPPER = JsonMapper.builder()
            // parse NaN/Infinity so they can be reported as "must be a finite number"
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private SceneReader() {
    }

    /**
     * Reads and validates a scene file.
     *
     * @param file the scene file, JSON in UTF-8 (UTF-16/32 with a byte order mark are detected)
     * @return the scene
     * @throws InputException if the file cannot be read, is not well-formed JSON or is not a valid
     *     scene; the message names the file, the JSON path of the field and the reason
     */
    public static SceneSpec read(Path file) {
        return read(file, PathScope.SCENE_FOLDER);
    }

    /**
     * {@link #read(Path)} with the files the scene names allowed where {@code scope} says.
     *
     * @param file the scene file
     * @param scope where the meshes, colliders and caches the scene names may lie
     * @return the scene
     * @throws InputException as {@link #read(Path)}, and if a path leads outside {@code scope}
     */
    public static SceneSpec read(Path file, PathScope scope) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(scope, "scope");
        byte[] bytes;
        try {
            long size = UserFiles.requireRegularFile(file, "scene file");
            if (size > MAX_FILE_BYTES) {
                throw new InputException(label(file) + ": cannot read file (" + size + " bytes is more than the "
                        + MAX_FILE_BYTES + " allowed for a scene file)");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InputException(label(file) + ": cannot read file (" + describe(e, file) + ")", e);
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(bytes);
        } catch (IOException e) {
            throw malformed(file, e);
        }
        return new Walker(file, scope).scene(root);
    }

    /**
     * Parses and validates scene JSON held in memory, with the files it names allowed in the
     * folder of {@code file} ({@link PathScope#SCENE_FOLDER}) or where {@code scope} says.
     *
     * @param json the JSON text
     * @param file the path the scene is deemed to come from: used in messages, for the default
     *     scene name and to resolve relative paths; it need not exist
     * @param scope where the meshes, colliders and caches the scene names may lie
     * @return the scene
     * @throws InputException if the text is not well-formed JSON or not a valid scene; the message
     *     names the file, the JSON path of the field and the reason
     */
    public static SceneSpec parse(String json, Path file, PathScope scope) {
        Objects.requireNonNull(json, "json");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(file, "file");
        JsonNode root;
        try {
            // a byte order mark survives decoding when text was read without a JSON-aware decoder
            root = MAPPER.readTree(json.startsWith("\uFEFF") ? json.substring(1) : json);
        } catch (IOException e) {
            throw malformed(file, e);
        }
        return new Walker(file, scope).scene(root);
    }

    /**
     * {@link #parse(String, Path, PathScope)} in the scene's folder.
     *
     * @param json the JSON text
     * @param file the path the scene is deemed to come from
     * @return the scene
     * @throws InputException as {@link #parse(String, Path, PathScope)}
     */
    public static SceneSpec parse(String json, Path file) {
        return parse(json, file, PathScope.SCENE_FOLDER);
    }

    /** Walks one scene's JSON tree; knows the file for messages and path resolution. */
    private static final class Walker extends JsonFields {
        private final Path file;

        /** Mesh kinds: the key naming the kind, in message order, and its parser. */
        private final Map<String, KindParser<MeshSpec>> meshKinds = new LinkedHashMap<>();
        /** Collider kinds: the key naming the kind, in message order, and its parser. */
        private final Map<String, ColliderParser> colliderKinds = new LinkedHashMap<>();
        /** The scene's frame rate, the default of an OBJ sequence's. */
        private double sceneFps = SceneSpec.DEFAULT_FPS;

        private final ScenePaths paths;

        Walker(Path file, PathScope scope) {
            super(label(file));
            this.file = file;
            this.paths = new ScenePaths(file, scope);
            // to add a mesh kind: a record implementing MeshSpec, a parser method, one line here
            meshKinds.put("grid", this::grid);
            meshKinds.put("obj", this::obj);
            meshKinds.put("gltf", this::gltf);
            // to add a collider kind: a record implementing ColliderSpec, a parser, one line here
            colliderKinds.put("sphere", this::sphere);
            colliderKinds.put("capsule", this::capsule);
            colliderKinds.put("box", this::box);
            colliderKinds.put("plane", this::plane);
            colliderKinds.put("obj", this::objCollider);
            colliderKinds.put("gltf", this::gltfCollider);
            colliderKinds.put("objSequence", this::objSequence);
            colliderKinds.put("cache", this::cacheCollider);
        }

        // ------------------------------------------------------------------ structure

        SceneSpec scene(JsonNode root) {
            if (root == null || root.isMissingNode()) {
                throw new InputException(
                        label + ": malformed JSON (no content: the file is empty)");
            }
            if (!root.isObject()) {
                throw new InputException(label + ": expected a JSON object at the top level, got "
                        + shown(root));
            }
            checkFields(root, "", SceneFields.SCENE_FIELDS);
            String name = optName(root, "", defaultSceneName());
            double fps = optNumber(root, "", "fps", Check.FPS, SceneSpec.DEFAULT_FPS);
            sceneFps = fps;
            int frames = optInt(root, "", "frames", Check.FRAMES, SceneSpec.DEFAULT_FRAMES);
            int substeps = optInt(root, "", "substeps", Check.SUBSTEPS, SceneSpec.DEFAULT_SUBSTEPS);
            requireOk("fps", Check.timeStep(fps, substeps));
            double[] gravity = optVector(root, "", "gravity", 3, SceneSpec.defaultGravity());
            requireOk("gravity", Check.gravity(gravity));
            double[] wind = optVector(root, "", "wind", 3, new double[3]);
            requireOk("wind", Check.wind(wind));
            GustSpec gust = GustSpec.none();
            if (root.has("gust")) {
                JsonNode g = root.get("gust");
                object(g, "gust");
                checkFields(g, "gust", SceneFields.GUST_FIELDS);
                double amplitude = number(required(g, "gust", "amplitude"), "gust.amplitude");
                double period = optNumber(g, "gust", "period", Check.GUST_PERIOD, GustSpec.DEFAULT_PERIOD);
                requireOk("gust.amplitude", Check.GUST_AMPLITUDE.violation(amplitude));
                gust = new GustSpec(amplitude, period);
            }
            org.isocloth.model.Aerodynamics air = root.has("aerodynamics") ? aerodynamics(root.get("aerodynamics")) : null;
            SolverSpec solver = root.has("solver")
                    ? solver(root.get("solver"), "solver")
                    : SolverSpec.defaults();
            List<ClothSpec> cloths = cloths(required(root, "", "cloths"), "cloths");
            List<ColliderSpec> colliders = root.has("colliders")
                    ? colliders(root.get("colliders"), "colliders")
                    : List.of();
            checkAttachments(cloths, colliders);
            return new SceneSpec(name, file, fps, frames, substeps, gravity, solver, cloths,
                    colliders, wind, gust, air);
        }

        /** The per-triangle air forces: every field optional, defaulting to {@code Aerodynamics.DEFAULT}'s. */
        private org.isocloth.model.Aerodynamics aerodynamics(JsonNode a) {
            String path = "aerodynamics";
            object(a, path);
            checkFields(a, path, SceneFields.AERODYNAMICS_FIELDS);
            org.isocloth.model.Aerodynamics d = org.isocloth.model.Aerodynamics.DEFAULT;
            return new org.isocloth.model.Aerodynamics(
                    optNumber(a, path, "airDensity", org.isocloth.model.Limits.AIR_DENSITY, d.airDensity()),
                    optNumber(a, path, "normalDrag", org.isocloth.model.Limits.AIR_COEFFICIENT, d.normalDrag()),
                    optNumber(a, path, "tangentialDrag", org.isocloth.model.Limits.AIR_COEFFICIENT, d.tangentialDrag()),
                    optNumber(a, path, "lift", org.isocloth.model.Limits.AIR_COEFFICIENT, d.lift()),
                    optNumber(a, path, "turbulence", org.isocloth.model.Limits.TURBULENCE, d.turbulence()),
                    optNumber(a, path, "turbulenceScale", org.isocloth.model.Limits.TURBULENCE_SCALE,
                            d.turbulenceScale()));
        }

        /** Every pin's {@code attach} names exactly one mesh collider. */
        private void checkAttachments(List<ClothSpec> cloths, List<ColliderSpec> colliders) {
            for (int c = 0; c < cloths.size(); c++) {
                List<PinSpec> pins = cloths.get(c).pins();
                for (int k = 0; k < pins.size(); k++) {
                    String name = pins.get(k).attach();
                    if (name == null) {
                        continue;
                    }
                    String path = index(child(index("cloths", c), "pins"), k) + ".attach";
                    List<ColliderSpec> named = colliders.stream().filter(x -> x.name().equals(name)).toList();
                    if (named.isEmpty()) {
                        throw error(path, "no collider is named " + Check.quote(name));
                    }
                    if (named.size() > 1) {
                        throw error(path, named.size() + " colliders are named " + Check.quote(name)
                                + "; give the one to attach to a name of its own");
                    }
                    if (named.get(0) instanceof AnalyticColliderSpec) {
                        throw error(path, "collider " + Check.quote(name) + " is a " + Check.quote(named.get(0).kind())
                                + "; pins attach to mesh colliders (\"obj\", \"gltf\", \"objSequence\", \"cache\")"
                                + " and move with a rigid collider through their own \"motion\"");
                    }
                }
            }
        }

        private String defaultSceneName() {
            Path fileName = file.getFileName();
            String n = fileName == null ? "" : fileName.toString();
            int dot = n.lastIndexOf('.');
            String stem = dot > 0 ? n.substring(0, dot) : n;
            return stem.isBlank() ? "scene" : stem;
        }

        private SolverSpec solver(JsonNode node, String path) {
            object(node, path);
            checkFields(node, path, SceneFields.SOLVER_FIELDS);
            Integrator integrator = node.has("integrator")
                    ? choice(node.get("integrator"), child(path, "integrator"), SceneChoices.INTEGRATORS)
                    : SolverSpec.DEFAULT_INTEGRATOR;
            int maxIterations = optInt(node, path, "maxIterations", Check.MAX_ITERATIONS,
                    SolverSpec.DEFAULT_MAX_ITERATIONS);
            CollisionMode collisions = node.has("collisions")
                    ? choice(node.get("collisions"), child(path, "collisions"), SceneChoices.COLLISION_MODES)
                    : SolverSpec.DEFAULT_COLLISIONS;
            boolean selfCollisions = optBoolean(node, path, "selfCollisions", SolverSpec.DEFAULT_SELF_COLLISIONS);
            boolean pairs = optBoolean(node, path, "selfContactPairs", SolverSpec.DEFAULT_SELF_CONTACT_PAIRS);
            ProjectionMethod projection = node.has("projection")
                    ? choice(node.get("projection"), child(path, "projection"), SceneChoices.PROJECTIONS)
                    : SolverSpec.DEFAULT_PROJECTION;
            if (node.has("friction") && node.get("friction").isNumber()) {
                throw error(child(path, "friction"), "is the friction mode, \"approximate\" or \"exact\" (got "
                        + node.get("friction") + "); the friction coefficient belongs in a material's or a"
                        + " collider's \"friction\"");
            }
            FrictionMode friction = node.has("friction")
                    ? choice(node.get("friction"), child(path, "friction"), SceneChoices.FRICTION_MODES)
                    : SolverSpec.DEFAULT_FRICTION;
            // exact friction lives in the contact springs' Newton solve: it chooses them unless the
            // scene names another method, which is an error
            ColliderContacts contacts = node.has("colliderContacts")
                    ? choice(node.get("colliderContacts"), child(path, "colliderContacts"), SceneChoices.COLLIDER_CONTACTS)
                    : friction == FrictionMode.EXACT ? ColliderContacts.SPRINGS : SolverSpec.DEFAULT_COLLIDER_CONTACTS;
            if (friction == FrictionMode.EXACT && contacts != ColliderContacts.SPRINGS) {
                throw error(child(path, "friction"), "\"exact\" needs \"colliderContacts\": \"springs\" (got \""
                        + contacts.jsonName() + "\"); leave \"colliderContacts\" out or make it \"springs\"");
            }
            boolean across = optBoolean(node, path, "collideAcrossMaterials",
                    SolverSpec.DEFAULT_COLLIDE_ACROSS_MATERIALS);
            SolverMethod method = node.has("method")
                    ? choice(node.get("method"), child(path, "method"), SceneChoices.METHODS) : SolverSpec.DEFAULT_METHOD;
            return new SolverSpec(integrator, maxIterations, collisions, selfCollisions, pairs, projection, contacts,
                    across, friction, method);
        }

        private List<ClothSpec> cloths(JsonNode node, String path) {
            array(node, path);
            if (node.isEmpty()) {
                throw error(path, "must contain at least one cloth (got an empty array)");
            }
            List<ClothSpec> cloths = new ArrayList<>(node.size());
            for (int i = 0; i < node.size(); i++) {
                cloths.add(cloth(node.get(i), index(path, i), i));
            }
            return cloths;
        }

        private ClothSpec cloth(JsonNode node, String path, int i) {
            object(node, path);
            checkFields(node, path, SceneFields.CLOTH_FIELDS);
            String name = optName(node, path, "cloth" + i);
            MeshSpec mesh = mesh(required(node, path, "mesh"), child(path, "mesh"));
            MaterialSpec material = node.has("material")
                    ? material(node.get("material"), child(path, "material"))
                    : MaterialSpec.defaults();
            List<PinSpec> pins = List.of();
            if (node.has("pins")) {
                JsonNode pinsNode = node.get("pins");
                String pinsPath = child(path, "pins");
                array(pinsNode, pinsPath);
                pins = new ArrayList<>(pinsNode.size());
                for (int k = 0; k < pinsNode.size(); k++) {
                    pins.add(pin(pinsNode.get(k), index(pinsPath, k)));
                }
            }
            Boolean selfCollisions = node.has("selfCollisions")
                    ? optBoolean(node, path, "selfCollisions", false) : null;
            boolean air = optBoolean(node, path, "aerodynamics", true);
            return new ClothSpec(name, mesh, material, pins, selfCollisions, air);
        }

        private MeshSpec mesh(JsonNode node, String path) {
            object(node, path);
            checkFields(node, path, meshKinds.keySet());
            return oneOf(node, path, meshKinds);
        }

        private MeshSpec grid(JsonNode node, String path) {
            object(node, path);
            checkFields(node, path, SceneFields.GRID_FIELDS);
            GridSpec d = GridSpec.defaults();
            double[] size = optVector(node, path, "size", 2, d.size());
            for (int i = 0; i < 2; i++) {
                requireOk(index(child(path, "size"), i), Check.GRID_SIZE.violation(size[i]));
            }
            int[] cells = d.cells();
            if (node.has("cells")) {
                String cellsPath = child(path, "cells");
                JsonNode cellsNode = node.get("cells");
                fixedArray(cellsNode, cellsPath, 2, "integers");
                for (int i = 0; i < 2; i++) {
                    cells[i] = integer(cellsNode.get(i), index(cellsPath, i), Check.GRID_CELLS);
                }
            }
            double[] center = optVector(node, path, "center", 3, d.center());
            double[] normal = optVector(node, path, "normal", 3, d.normal());
            requireOk(child(path, "normal"), Check.nonZero(normal));
            double[] uAxis = optVector(node, path, "uAxis", 3, d.uAxis());
            requireOk(child(path, "uAxis"), Check.nonZero(uAxis));
            requireOk(child(path, "uAxis"), Check.perpendicular(normal, uAxis));
            requireOk(child(path, "cells"), Check.gridCellCount(cells));
            for (int i = 0; i < 2; i++) {
                requireOk(index(child(path, "size"), i), Check.gridCell(size[i], cells[i]));
            }
            return new GridSpec(size, cells, center, normal, uAxis);
        }

        private MeshSpec obj(JsonNode node, String path) {
            return new ObjMeshSpec(resolve(pathText(node, path), path));
        }

        private MeshSpec gltf(JsonNode node, String path) {
            return new GltfMeshSpec(resolve(pathText(node, path), path));
        }

        /** A non-blank string naming a path, as written. */
        private Path pathText(JsonNode node, String path) {
            String text = string(node, path);
            requireOk(path, Check.nonBlank(text));
            requireOk(path, ScenePaths.textViolation(text));
            try {
                return Path.of(text);
            } catch (InvalidPathException e) {
                throw error(path, "invalid path " + Check.quote(text) + " (" + oneLine(e.getReason()) + ")");
            }
        }

        /** {@code p} resolved by {@link ScenePaths#resolve}, refused where the scope forbids it. */
        private Path resolve(Path p, String jsonPath) {
            requireOk(jsonPath, paths.outside(p));
            return paths.resolve(p);
        }

        private MaterialSpec material(JsonNode node, String path) {
            object(node, path);
            checkFields(node, path, SceneFields.MATERIAL_FIELDS);
            // a fabric preset supplies density, bending, membrane stiffness, friction and
            // thickness; fields given beside it override them
            Fabric fabric = node.has("fabric")
                    ? choice(node.get("fabric"), child(path, "fabric"), SceneChoices.FABRICS) : null;
            double density = optNumber(node, path, "density", Check.DENSITY,
                    fabric != null ? fabric.density() : MaterialSpec.DEFAULT_DENSITY);
            double bending = optNumber(node, path, "bendingStiffness", Check.BENDING_STIFFNESS,
                    fabric != null ? fabric.bendingStiffness() : MaterialSpec.DEFAULT_BENDING_STIFFNESS);
            if (node.has("bendingLength")) {
                // the cantilever test's measure: k = ρ g c³ at the material's density
                if (node.has("bendingStiffness")) {
                    throw error(child(path, "bendingLength"), "give either bendingStiffness (N m) or bendingLength (m),"
                            + " not both");
                }
                double c = optNumber(node, path, "bendingLength", Check.BENDING_LENGTH, 0);
                bending = ClothMaterial.bendingStiffnessForLength(density, c);
            }
            RestShape restShape = node.has("restShape")
                    ? choice(node.get("restShape"), child(path, "restShape"), SceneChoices.REST_SHAPES)
                    : MaterialSpec.DEFAULT_REST_SHAPE;
            double strainTolerance = optNumber(node, path, "strainTolerance",
                    Check.STRAIN_TOLERANCE, MaterialSpec.DEFAULT_STRAIN_TOLERANCE);
            double damping = optNumber(node, path, "damping", Check.DAMPING,
                    MaterialSpec.DEFAULT_DAMPING);
            double drag = optNumber(node, path, "drag", Check.DRAG, MaterialSpec.DEFAULT_DRAG);
            double membrane = optNumber(node, path, "membraneStiffness", Check.MEMBRANE_STIFFNESS,
                    fabric != null ? fabric.inPlaneStiffness() : MaterialSpec.DEFAULT_MEMBRANE_STIFFNESS);
            double friction = optNumber(node, path, "friction", Check.FRICTION,
                    fabric != null ? fabric.friction() : MaterialSpec.DEFAULT_FRICTION);
            double thickness = optNumber(node, path, "thickness", Check.THICKNESS,
                    fabric != null ? fabric.thickness() : MaterialSpec.DEFAULT_THICKNESS);
            Stretch stretch = stretch(node, path);
            // a membrane has no springs on its black-node edges: 0, as its saved scene reads back
            return new MaterialSpec(density, bending, restShape, strainTolerance, damping, drag,
                    stretch == null ? membrane : 0, friction, thickness, stretch);
        }

        /**
         * {@code "model"}: {@code "isometric"} (the default) or {@code "membrane"}, which needs
         * {@code youngsModulus} and takes {@code poissonRatio} (default 0.3); neither belongs to an
         * isometric material, and a membrane has no use for {@code membraneStiffness}.
         */
        private Stretch stretch(JsonNode node, String path) {
            boolean membrane = node.has("model")
                    && choice(node.get("model"), child(path, "model"), SceneChoices.CLOTH_MODELS);
            if (!membrane) {
                for (String field : new String[] {"youngsModulus", "poissonRatio"}) {
                    if (node.has(field)) {
                        throw error(child(path, field), "belongs to a stretchable cloth: add \"model\": \"membrane\""
                                + " (the isometric model does not stretch)");
                    }
                }
                return null;
            }
            if (node.has("membraneStiffness")) {
                throw error(child(path, "membraneStiffness"), "the membrane model has no membrane springs; its"
                        + " in-plane stiffness is youngsModulus");
            }
            if (!node.has("youngsModulus")) {
                throw error(child(path, "youngsModulus"), "required with \"model\": \"membrane\": the membrane's"
                        + " Young's modulus in N/m (" + Check.YOUNGS_MODULUS + "; Young's modulus in Pa times the"
                        + " thickness in m)");
            }
            double e = optNumber(node, path, "youngsModulus", Check.YOUNGS_MODULUS, 0);
            double nu = optNumber(node, path, "poissonRatio", Check.POISSON_RATIO, MaterialSpec.DEFAULT_POISSON_RATIO);
            return new Stretch(e, nu);
        }

        private PinSpec pin(JsonNode node, String path) {
            object(node, path);
            checkFields(node, path, SceneFields.PIN_FIELDS);
            String boxPath = child(path, "box");
            JsonNode box = required(node, path, "box");
            object(box, boxPath);
            checkFields(box, boxPath, SceneFields.BOX_FIELDS);
            double[] min = vector(required(box, boxPath, "min"), child(boxPath, "min"), 3);
            double[] max = vector(required(box, boxPath, "max"), child(boxPath, "max"), 3);
            requireOk(boxPath, Check.box(min, max));
            double[] velocity = new double[3];
            double until = PinSpec.DEFAULT_UNTIL;
            if (node.has("motion")) {
                String motionPath = child(path, "motion");
                JsonNode motion = node.get("motion");
                object(motion, motionPath);
                checkFields(motion, motionPath, SceneFields.MOTION_FIELDS);
                velocity = optVector(motion, motionPath, "velocity", 3, velocity);
                until = optNumber(motion, motionPath, "until", Check.UNTIL, until);
            }
            String attach = null;
            if (node.has("attach")) {
                String attachPath = child(path, "attach");
                if (node.has("motion")) {
                    throw error(attachPath, "cannot be combined with \"motion\" (an attached pin moves with its collider)");
                }
                attach = string(node.get("attach"), attachPath);
                requireOk(attachPath, Check.nonBlank(attach));
            }
            return new PinSpec(min, max, velocity, until, attach);
        }

        private List<ColliderSpec> colliders(JsonNode node, String path) {
            array(node, path);
            List<ColliderSpec> colliders = new ArrayList<>(node.size());
            for (int i = 0; i < node.size(); i++) {
                colliders.add(collider(node.get(i), index(path, i), i));
            }
            return colliders;
        }

        /**
         * One collider: exactly one kind key, plus {@code name}, {@code friction} and (analytic
         * kinds only) {@code motion}.
         */
        private ColliderSpec collider(JsonNode node, String path, int i) {
            object(node, path);
            checkFields(node, path, SceneFields.COLLIDER_FIELDS);
            String kind = kindOf(node, path, colliderKinds.keySet());
            if (node.has("motion") && (kind.equals("obj") || kind.equals("gltf") || kind.equals("objSequence")
                    || kind.equals("cache"))) {
                throw error(child(path, "motion"), "not allowed for an " + Check.quote(kind)
                        + " collider (only \"sphere\", \"capsule\", \"box\" and \"plane\""
                        + " colliders have a rigid motion; "
                        + (kind.equals("obj") ? "animate a mesh with \"objSequence\")"
                                : "the sequence's frames give its motion)"));
            }
            String name = optName(node, path, "collider" + i);
            double friction = optNumber(node, path, "friction", Check.FRICTION, Double.NaN);
            MotionSpec motion = MotionSpec.still();
            if (node.has("motion")) {
                String motionPath = child(path, "motion");
                JsonNode m = node.get("motion");
                object(m, motionPath);
                checkFields(m, motionPath, SceneFields.RIGID_MOTION_FIELDS);
                motion = new MotionSpec(optVector(m, motionPath, "velocity", 3, new double[3]),
                        optVector(m, motionPath, "angularVelocity", 3, new double[3]));
            }
            Common common = new Common(name, friction, motion);
            return colliderKinds.get(kind).parse(node.get(kind), child(path, kind), common);
        }

        private ColliderSpec sphere(JsonNode node, String path, Common c) {
            object(node, path);
            checkFields(node, path, SceneFields.SPHERE_FIELDS);
            double[] center = vector(required(node, path, "center"), child(path, "center"), 3);
            double radius = positive(node, path, "radius");
            return new SphereSpec(c.name, center, radius, c.friction, c.motion);
        }

        private ColliderSpec capsule(JsonNode node, String path, Common c) {
            object(node, path);
            checkFields(node, path, SceneFields.CAPSULE_FIELDS);
            double[] a = vector(required(node, path, "a"), child(path, "a"), 3);
            double[] b = vector(required(node, path, "b"), child(path, "b"), 3);
            double radius = positive(node, path, "radius");
            return new CapsuleSpec(c.name, a, b, radius, c.friction, c.motion);
        }

        private ColliderSpec box(JsonNode node, String path, Common c) {
            object(node, path);
            checkFields(node, path, SceneFields.BOX_COLLIDER_FIELDS);
            double[] center = vector(required(node, path, "center"), child(path, "center"), 3);
            String halfPath = child(path, "halfExtents");
            double[] half = vector(required(node, path, "halfExtents"), halfPath, 3);
            for (int i = 0; i < 3; i++) {
                requireOk(index(halfPath, i), Check.POSITIVE.violation(half[i]));
            }
            double[] rotation = optVector(node, path, "rotation", 4, BoxSpec.noRotation());
            requireOk(child(path, "rotation"), Check.rotationAxis(rotation));
            return new BoxSpec(c.name, center, half, rotation, c.friction, c.motion);
        }

        private ColliderSpec plane(JsonNode node, String path, Common c) {
            object(node, path);
            checkFields(node, path, SceneFields.PLANE_FIELDS);
            double[] point = vector(required(node, path, "point"), child(path, "point"), 3);
            double[] normal = vector(required(node, path, "normal"), child(path, "normal"), 3);
            requireOk(child(path, "normal"), Check.nonZero(normal));
            return new PlaneSpec(c.name, point, normal, c.friction, c.motion);
        }

        private ColliderSpec objCollider(JsonNode node, String path, Common c) {
            Path p = resolve(pathText(node, path), path);
            requireOk(path, ScenePaths.fileViolation(p, ""));
            return new ObjColliderSpec(c.name, p, c.friction);
        }

        private ColliderSpec gltfCollider(JsonNode node, String path, Common c) {
            Path p = resolve(pathText(node, path), path);
            requireOk(path, ScenePaths.fileViolation(p, ""));
            return new GltfColliderSpec(c.name, p, c.friction);
        }

        private ColliderSpec cacheCollider(JsonNode node, String path, Common c) {
            object(node, path);
            checkFields(node, path, SceneFields.CACHE_FIELDS);
            String filePath = child(path, "path");
            Path p = resolve(pathText(required(node, path, "path"), filePath), filePath);
            requireOk(filePath, ScenePaths.fileViolation(p, ""));
            boolean loop = optBoolean(node, path, "loop", false);
            double loopFrom = 0;
            if (node.has("loopFrom")) {
                String at = child(path, "loopFrom");
                loopFrom = number(node.get("loopFrom"), at);
                if (!(loopFrom >= 0) || !Double.isFinite(loopFrom)) {
                    throw error(at, "must be a finite number of seconds >= 0 (got " + loopFrom + ")");
                }
                if (loopFrom > 0 && !loop) {
                    throw error(at, "needs \"loop\": true (the frames from loopFrom on repeat)");
                }
            }
            String model = null;
            if (node.has("model")) {
                model = string(node.get("model"), child(path, "model"));
                requireOk(child(path, "model"), Check.nonBlank(model));
            }
            String clip = null;
            if (node.has("clip")) {
                clip = string(node.get("clip"), child(path, "clip"));
                requireOk(child(path, "clip"), Check.nonBlank(clip));
                if (model == null) {
                    throw error(child(path, "clip"), "needs a \"model\" to play the clip on");
                }
            }
            if (loopFrom > 0 && model != null) {
                throw error(child(path, "loopFrom"), "not with \"model\" (the previewer plays the model's clip as one"
                        + " cycle from t = 0)");
            }
            return new CacheColliderSpec(c.name, p, loop, loopFrom, c.friction, model, clip);
        }

        private ColliderSpec objSequence(JsonNode node, String path, Common c) {
            object(node, path);
            checkFields(node, path, SceneFields.SEQUENCE_FIELDS);
            String patternPath = child(path, "pattern");
            Path written = pathText(required(node, path, "pattern"), patternPath);
            requireOk(patternPath, ObjSequenceSpec.patternViolation(written));
            double fps = optNumber(node, path, "fps", Check.FPS, sceneFps);
            ObjSequenceSpec spec = new ObjSequenceSpec(c.name, resolve(written, patternPath), fps, c.friction);
            requireOk(patternPath, ScenePaths.fileViolation(spec.frame(ObjSequenceSpec.FIRST_FRAME),
                    " (the first frame, number " + ObjSequenceSpec.FIRST_FRAME + ")"));
            return spec;
        }

        /**
         * Dispatches on which one of several mutually exclusive keys an object has (e.g.
         * {@code "grid"} or {@code "obj"} in a mesh) and parses that key's value.
         */
        private <T> T oneOf(JsonNode node, String path, Map<String, KindParser<T>> kinds) {
            String kind = kindOf(node, path, kinds.keySet());
            return kinds.get(kind).parse(node.get(kind), child(path, kind));
        }

        /** The one key of {@code kinds} that {@code node} has; an error unless exactly one. */
        private String kindOf(JsonNode node, String path, Set<String> kinds) {
            List<String> present = new ArrayList<>();
            for (String kind : kinds) {
                if (node.has(kind)) {
                    present.add(kind);
                }
            }
            if (present.size() != 1) {
                String found = present.isEmpty()
                        ? "none"
                        : present.stream().map(Check::quote).collect(Collectors.joining(" and "));
                throw error(path, "must have exactly one of " + alternatives(kinds)
                        + " (found " + found + ")");
            }
            return present.get(0);
        }

    }

    // ---------------------------------------------------------------------- helpers

    /** Parses the value of one kind key (e.g. {@code "grid"}) found at {@code path}. */
    @FunctionalInterface
    private interface KindParser<T> {
        T parse(JsonNode value, String path);
    }

    /** The fields every collider kind may have, parsed before its kind key. */
    private record Common(String name, double friction, MotionSpec motion) {
    }

    /** Parses the value of one collider kind key found at {@code path}. */
    @FunctionalInterface
    private interface ColliderParser {
        ColliderSpec parse(JsonNode value, String path, Common common);
    }
}
