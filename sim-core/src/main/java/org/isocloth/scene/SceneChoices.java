package org.isocloth.scene;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.isocloth.model.Fabric;

/** The names a scene file gives the values of its choice fields, for {@link SceneReader}. */
final class SceneChoices {
    static final Map<String, Integrator> INTEGRATORS = enumNames(Integrator.values(),
            Integrator::jsonName, Map.of("backwardEuler", Integrator.BE));
    /** {@code material.model}: whether the cloth is a stretchable membrane. */
    static final Map<String, Boolean> CLOTH_MODELS = clothModels();
    static final Map<String, Fabric> FABRICS = enumNames(Fabric.values(), Fabric::jsonName, Map.of());
    static final Map<String, RestShape> REST_SHAPES = enumNames(RestShape.values(),
            RestShape::jsonName, Map.of());
    static final Map<String, CollisionMode> COLLISION_MODES = enumNames(
            CollisionMode.values(), CollisionMode::jsonName, Map.of());
    static final Map<String, ProjectionMethod> PROJECTIONS = enumNames(
            ProjectionMethod.values(), ProjectionMethod::jsonName, Map.of());
    static final Map<String, ColliderContacts> COLLIDER_CONTACTS = enumNames(
            ColliderContacts.values(), ColliderContacts::jsonName, Map.of());
    static final Map<String, FrictionMode> FRICTION_MODES = enumNames(
            FrictionMode.values(), FrictionMode::jsonName, Map.of());
    static final Map<String, SolverMethod> METHODS = enumNames(
            SolverMethod.values(), SolverMethod::jsonName, Map.of());

    private SceneChoices() {
    }

    private static Map<String, Boolean> clothModels() {
        Map<String, Boolean> m = new LinkedHashMap<>();
        m.put("isometric", false);
        m.put("membrane", true);
        return Collections.unmodifiableMap(m);
    }

    /** Each value under its JSON name, then the aliases, in that order (the order messages list). */
    private static <E> Map<String, E> enumNames(E[] values, Function<E, String> name, Map<String, E> aliases) {
        Map<String, E> m = new LinkedHashMap<>();
        for (E e : values) {
            m.put(name.apply(e), e);
        }
        m.putAll(aliases);
        return Collections.unmodifiableMap(m);
    }
}
