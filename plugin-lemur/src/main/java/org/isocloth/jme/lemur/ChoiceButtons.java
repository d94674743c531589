package org.isocloth.jme.lemur;

import com.simsilica.lemur.Button;
import com.simsilica.lemur.Container;
import com.simsilica.lemur.Label;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.ClothParameter;
import org.isocloth.model.Fabric;
import org.isocloth.model.RestShape;
import org.isocloth.model.Stretch;
import org.isocloth.solver.CollisionHandling;
import org.isocloth.solver.Integrator;
import org.isocloth.solver.ProjectionMode;
import org.isocloth.solver.SolverOptions;

/**
 * The panel's buttons that each show one choice of the selected cloth and step it to the next
 * value on a click, and the choices themselves: each a way to step the choice and the name the
 * button shows.
 */
final class ChoiceButtons {
    /** A button and the name of its choice's value. */
    private record Choice(Button button, Function<ClothControl, String> name) {
    }

    private final List<Choice> choices = new ArrayList<>();

    /**
     * Adds a row "label | button" to a grid.
     *
     * @param grid the panel's grid
     * @param row the row
     * @param label the label's text
     * @param style the Lemur style
     * @param apply what a click does with its step (the panel applies it to the selected cloth)
     * @param step steps the choice of a cloth to its next value
     * @param name the name of a cloth's value of the choice
     * @return the button
     */
    Button add(Container grid, int row, String label, String style, Consumer<Consumer<ClothControl>> apply,
            Consumer<ClothControl> step, Function<ClothControl, String> name) {
        grid.addChild(ClothPanelState.fixWidth(new Label(label, style), ClothPanelState.LABEL_WIDTH), row, 0);
        Button b = grid.addChild(new Button("-", style), row, 1);
        b.addClickCommands(x -> apply.accept(step));
        choices.add(new Choice(b, name));
        return b;
    }

    /** Shows the values of a cloth's choices ("-" for none). */
    void refresh(ClothControl c) {
        for (Choice ch : choices) {
            ch.button.setText(c == null ? "-" : ch.name.apply(c));
        }
    }

    static void nextFabric(ClothControl c) {
        Fabric[] all = Fabric.values();
        Fabric f = c.getFabric();
        c.setFabric(all[f == null ? 0 : (f.ordinal() + 1) % all.length]);
    }

    static String fabric(ClothControl c) {
        return c.getFabric() == null ? "custom" : c.getFabric().jsonName();
    }

    /**
     * Switches the model: an isometric cloth becomes a membrane whose shear modulus is its
     * membrane stiffness k (Young's modulus E = 2(1 + ν)k with ν = 0.3, kept within the Young's
     * modulus slider's range), a membrane becomes isometric again.
     */
    static void nextModel(ClothControl c) {
        if (c.getStretch() != null) {
            c.setStretch(null);
            return;
        }
        double nu = 0.3;
        double e = ClothParameter.YOUNGS_MODULUS.scale().snap(2 * (1 + nu) * c.getMembraneStiffness());
        c.setStretch(new Stretch(e, nu));
    }

    static String model(ClothControl c) {
        return c.getStretch() == null ? "isometric" : "membrane";
    }

    static void nextRestShape(ClothControl c) {
        c.setRestShape(c.getRestShape() == RestShape.FLAT ? RestShape.INITIAL : RestShape.FLAT);
    }

    static String restShape(ClothControl c) {
        return c.getRestShape() == RestShape.FLAT ? "flat" : "initial shape";
    }

    static void nextIntegrator(ClothControl c) {
        c.setIntegrator(c.getIntegrator() == Integrator.BACKWARD_EULER ? Integrator.BDF2 : Integrator.BACKWARD_EULER);
    }

    static String integrator(ClothControl c) {
        return c.getIntegrator() == Integrator.BDF2 ? "BDF2" : "backward Euler";
    }

    static void nextCollisions(ClothControl c) {
        c.setCollisionHandling(c.getCollisionHandling() == CollisionHandling.COUPLED ? CollisionHandling.STAGGERED
                : CollisionHandling.COUPLED);
    }

    static String collisions(ClothControl c) {
        return c.getCollisionHandling() == CollisionHandling.COUPLED ? "coupled" : "staggered";
    }

    static void nextProjection(ClothControl c) {
        ProjectionMode[] modes = ProjectionMode.values();
        c.setProjection(modes[(c.getProjection().ordinal() + 1) % modes.length]);
    }

    static String projection(ClothControl c) {
        return switch (c.getProjection()) {
            case AUTO -> "auto";
            case NEWTON -> "Newton";
            case FAST -> "fast";
        };
    }

    /**
     * Steps the collider contacts and their friction: contact planes, then springs with the
     * thesis's friction, then springs with exact friction, then planes again.
     */
    static void nextContacts(ClothControl c) {
        if (c.getColliderContacts() == SolverOptions.ColliderContacts.PLANES) {
            c.setColliderContacts(SolverOptions.ColliderContacts.SPRINGS);
        } else if (c.getFrictionMode() == SolverOptions.Friction.APPROXIMATE) {
            c.setFrictionMode(SolverOptions.Friction.EXACT);
        } else {
            c.setColliderContacts(SolverOptions.ColliderContacts.PLANES);
        }
    }

    /** Switches the solver: the isometric one and the real-time shape matching for games. */
    static void nextMethod(ClothControl c) {
        c.setSolverMethod(c.getSolverMethod() == SolverOptions.Method.ISOMETRIC ? SolverOptions.Method.SHAPE_MATCHING
                : SolverOptions.Method.ISOMETRIC);
    }

    /**
     * The cloth's solver method; "isometric, far: shape matching" while its level of detail
     * ({@link ClothControl#setShapeMatchingDistance}) steps it by shape matching.
     */
    static String method(ClothControl c) {
        String own = c.getSolverMethod() == SolverOptions.Method.ISOMETRIC ? "isometric" : "shape matching";
        return c.getEffectiveSolverMethod() != c.getSolverMethod() ? own + ", far: shape matching" : own;
    }

    static String contacts(ClothControl c) {
        return c.getColliderContacts() == SolverOptions.ColliderContacts.PLANES ? "planes"
                : c.getFrictionMode() == SolverOptions.Friction.EXACT ? "springs, exact friction" : "springs";
    }
}
