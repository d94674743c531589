package org.isocloth.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.mesh.GridMesh;
import org.isocloth.mesh.TriMesh;
import org.isocloth.model.ClothMaterial;
import org.isocloth.model.ClothModel;
import org.junit.jupiter.api.Test;

/** The options record that selects how a solver takes its steps. */
class SolverOptionsTest {

    private static ClothModel sheet() {
        TriMesh grid = GridMesh.build(0.3, 0.3, 3, 3, new double[] {0, 0, 0}, new double[] {0, 1, 0},
                new double[] {1, 0, 0});
        return new ClothModel(grid.positions, grid.triangles, ClothMaterial.DEFAULT);
    }

    @Test
    void settersAndOptionsAgree() {
        ClothSolver s = new ClothSolver("opts", sheet(), SolverSettings.DEFAULT);
        assertEquals(SolverOptions.DEFAULTS, s.options());
        assertFalse(s.contactSprings());
        assertTrue(s.selfContactPairs());
        s.setContactSprings(true);
        s.setSelfContactPairs(false);
        s.setProjection(ProjectionMode.FAST);
        assertEquals(new SolverOptions(ProjectionMode.FAST, SolverOptions.ColliderContacts.SPRINGS,
                SolverOptions.SelfContacts.PLANES, SolverOptions.LinearSystem.PRIMAL), s.options());
        assertTrue(s.contactSprings());
        assertFalse(s.selfContactPairs());
        assertEquals(ProjectionMode.FAST, s.projection());
    }

    @Test
    void theLinearSystemIsFixedAtConstruction() {
        ClothSolver s = new ClothSolver("opts", sheet(), SolverSettings.DEFAULT);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> s.setOptions(SolverOptions.DEFAULTS.withLinearSystem(SolverOptions.LinearSystem.ROW_SPACE)));
        assertTrue(e.getMessage().contains("opts") && e.getMessage().contains("ROW_SPACE"), e.getMessage());
        assertEquals(SolverOptions.DEFAULTS, s.options());
        // the row-space form is a different system of the same equations: 3 rows per node
        // against one per row of G (bending, distance and linear rows)
        ClothSolver rowSpace = new ClothSolver("rows", sheet(), SolverSettings.DEFAULT,
                SolverOptions.DEFAULTS.withLinearSystem(SolverOptions.LinearSystem.ROW_SPACE));
        assertEquals(3 * s.model().nodeCount(), s.systemRows());
        assertTrue(rowSpace.systemRows() > s.systemRows(), rowSpace.systemRows() + " rows");
    }

    @Test
    void everyChoiceIsRequired() {
        assertThrows(NullPointerException.class, () -> SolverOptions.DEFAULTS.withProjection(null));
        assertThrows(NullPointerException.class, () -> SolverOptions.DEFAULTS.withColliderContacts(null));
        assertThrows(NullPointerException.class, () -> SolverOptions.DEFAULTS.withSelfContacts(null));
        assertThrows(NullPointerException.class, () -> SolverOptions.DEFAULTS.withLinearSystem(null));
        ClothSolver s = new ClothSolver("opts", sheet(), SolverSettings.DEFAULT);
        assertThrows(NullPointerException.class, () -> s.setOptions(null));
        assertThrows(NullPointerException.class, () -> SolverOptions.DEFAULTS.withFriction(null));
    }

    @Test
    void exactFrictionNeedsContactSprings() {
        // exact friction lives in the springs' Newton solve: choosing it chooses them, and
        // contact planes with it are refused; turning the springs off returns to the thesis's friction
        SolverOptions exact = SolverOptions.DEFAULTS.withFriction(SolverOptions.Friction.EXACT);
        assertEquals(SolverOptions.ColliderContacts.SPRINGS, exact.colliderContacts());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> exact.withColliderContacts(SolverOptions.ColliderContacts.PLANES));
        assertTrue(e.getMessage().contains("exact friction") && e.getMessage().contains("springs"), e.getMessage());
        ClothSolver s = new ClothSolver("opts", sheet(), SolverSettings.DEFAULT);
        assertFalse(s.exactFriction());
        s.setExactFriction(true);
        assertTrue(s.exactFriction() && s.contactSprings());
        s.setContactSprings(false);
        assertFalse(s.exactFriction() || s.contactSprings());
    }
}
