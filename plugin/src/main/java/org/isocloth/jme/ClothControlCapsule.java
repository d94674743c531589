package org.isocloth.jme;

import com.jme3.export.InputCapsule;
import com.jme3.export.OutputCapsule;
import java.io.IOException;
import org.isocloth.InputException;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.RestShape;
import org.isocloth.model.Stretch;
import org.isocloth.solver.CollisionHandling;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.ProjectionMode;
import org.isocloth.solver.SolverOptions;

/**
 * Saves and loads a {@link ClothControl}'s material and solver settings in its capsule (j3o),
 * field by field; a field at its default value is not stored. Loading goes through the control's
 * setters, so a stored value outside its range is refused as it would be in code, with an
 * {@link IOException} naming the field.
 */
final class ClothControlCapsule {
    private ClothControlCapsule() {
    }

    /** Writes the control's material and solver settings. */
    static void write(OutputCapsule c, ClothControl cloth) throws IOException {
        ClothMaterial material = cloth.getClothMaterial();
        ClothMaterial d = ClothMaterial.DEFAULT;
        c.write(material.density(), "density", d.density());
        c.write(material.bendingStiffness(), "bendingStiffness", d.bendingStiffness());
        c.write(material.restShape(), "restShape", RestShape.FLAT);
        c.write(material.strainTolerance(), "strainTolerance", d.strainTolerance());
        c.write(material.damping(), "damping", 0.0);
        c.write(material.drag(), "drag", 0.0);
        c.write(material.membraneStiffness(), "membraneStiffness", ClothMaterial.DEFAULT_MEMBRANE_STIFFNESS);
        c.write(material.friction(), "friction", ClothMaterial.DEFAULT_FRICTION);
        c.write(material.thickness(), "thickness", ClothMaterial.DEFAULT_THICKNESS);
        if (material.stretch() != null) {
            c.write(material.stretch().youngsModulus(), "youngsModulus", 0.0);
            c.write(material.stretch().poissonRatio(), "poissonRatio", 0.0);
        }
        c.write(cloth.getIntegrator(), "integrator", Integrator.BACKWARD_EULER);
        c.write(cloth.getMaxIterations(), "maxIterations", 20);
        c.write(cloth.getCollisionHandling(), "collisionHandling", CollisionHandling.COUPLED);
        c.write(cloth.isSelfCollisions(), "selfCollisions", true);
        c.write(cloth.getProjection(), "projection", ProjectionMode.AUTO);
        c.write(cloth.getColliderContacts(), "colliderContacts", SolverOptions.ColliderContacts.PLANES);
        c.write(cloth.getFrictionMode(), "frictionMode", SolverOptions.Friction.APPROXIMATE);
        c.write(cloth.getSolverMethod(), "solverMethod", SolverOptions.Method.ISOMETRIC);
        c.write(cloth.getShapeMatchingDistance(), "shapeMatchingDistance", Float.POSITIVE_INFINITY);
        c.write(cloth.getClothGroup(), "clothGroup", null);
        c.write(cloth.isAirForces(), "airForces", true);
    }

    /**
     * Reads what {@link #write} stored into the control.
     *
     * @throws IOException naming the field, if a stored value is outside its range
     */
    static void read(InputCapsule c, ClothControl cloth) throws IOException {
        ClothMaterial d = ClothMaterial.DEFAULT;
        try {
            ClothMaterial m = new ClothMaterial(c.readDouble("density", d.density()),
                    c.readDouble("bendingStiffness", d.bendingStiffness()),
                    c.readEnum("restShape", RestShape.class, RestShape.FLAT),
                    c.readDouble("strainTolerance", d.strainTolerance()), c.readDouble("damping", 0),
                    c.readDouble("drag", 0),
                    c.readDouble("membraneStiffness", ClothMaterial.DEFAULT_MEMBRANE_STIFFNESS),
                    c.readDouble("friction", ClothMaterial.DEFAULT_FRICTION),
                    c.readDouble("thickness", ClothMaterial.DEFAULT_THICKNESS));
            double youngs = c.readDouble("youngsModulus", 0);
            cloth.setClothMaterial(youngs != 0 ? m.withStretch(new Stretch(youngs, c.readDouble("poissonRatio", 0))) : m);
            cloth.setIntegrator(c.readEnum("integrator", Integrator.class, Integrator.BACKWARD_EULER));
            cloth.setMaxIterations(c.readInt("maxIterations", 20));
            cloth.setCollisionHandling(c.readEnum("collisionHandling", CollisionHandling.class,
                    CollisionHandling.COUPLED));
            cloth.setSelfCollisions(c.readBoolean("selfCollisions", true));
            cloth.setProjection(c.readEnum("projection", ProjectionMode.class, ProjectionMode.AUTO));
            SolverOptions.ColliderContacts contacts = c.readEnum("colliderContacts",
                    SolverOptions.ColliderContacts.class, SolverOptions.ColliderContacts.PLANES);
            SolverOptions.Friction friction = c.readEnum("frictionMode", SolverOptions.Friction.class,
                    SolverOptions.Friction.APPROXIMATE);
            if (friction == SolverOptions.Friction.EXACT && contacts != SolverOptions.ColliderContacts.SPRINGS) {
                throw new IOException("ClothControl: solver.friction: exact friction needs collider contacts SPRINGS"
                        + " (got " + contacts + ")");
            }
            cloth.setColliderContacts(contacts);
            cloth.setFrictionMode(friction);
            cloth.setSolverMethod(c.readEnum("solverMethod", SolverOptions.Method.class,
                    SolverOptions.Method.ISOMETRIC));
            cloth.setShapeMatchingDistance(c.readFloat("shapeMatchingDistance", Float.POSITIVE_INFINITY));
            cloth.setClothGroup(c.readString("clothGroup", null));
            cloth.setAirForces(c.readBoolean("airForces", true));
        } catch (InputException | IllegalArgumentException e) {
            throw new IOException("ClothControl: " + e.getMessage(), e);
        }
    }
}
