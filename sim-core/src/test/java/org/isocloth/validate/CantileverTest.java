package org.isocloth.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The cantilever bending test in the simulator, where it holds today (docs/validation.md). */
class CantileverTest {
    @Test
    void shortStripsRestAtTheElasticaAngle() {
        // A 25 mm strip, 5 cells across, overhanging one bending length (l/c = 1: 4 cells of 5 mm
        // with c = 20 mm) and stepped at 600 steps/s, must come to rest (chord angle steady within
        // 0.02° over a second) within 2° of the elastica's 7.10°. The bending stiffness enters the
        // angle through l/c = l (ρg/B)^⅓: half the stiffness would give l/c = 1.26 and 13.9°,
        // twice the stiffness l/c = 0.79 and 3.5°. Near l/c = 1 the angle grows about like
        // (l/c)³ ∝ 1/B, so ±2° holds the effective B within about −20 % and +40 % (measured:
        // 6.68° with alternating diagonals, 6.89° with regular ones).
        for (Cantilever.Pattern p : Cantilever.Pattern.values()) {
            Cantilever.Outcome o = new Cantilever(1.0, 5, p, 600).run();
            assertEquals(7.10, o.elastica(), 0.01, p.name());
            assertTrue(o.spread() < 0.02, p + " at rest: " + o);
            assertEquals(o.elastica(), o.angle(), 2.0, p.name() + ": " + o);
            assertEquals(0, o.unconverged(), p.name());
        }
    }

    @Test
    void withoutMembraneSpringsTheStripFollowsTheElasticaIntoLargeDeflection() {
        // The thesis's model (membrane stiffness 0: hard boundary constraints, no springs on the
        // black–red edges), the standard's own case l/c = 2 (elastica 41.49°, where the strip's
        // tip drops by more than a third of its length), 5 cells across, 600 steps/s: at rest
        // within 2° (measured 41.71° with alternating diagonals, 40.01° with regular ones). With
        // the default springs the same strips end 10° too stiff and do not come to rest
        // (docs/validation.md), so this case isolates the bending operator from the springs.
        for (Cantilever.Pattern p : Cantilever.Pattern.values()) {
            Cantilever.Outcome o = new Cantilever(2.0, 5, p, 600, 0).run();
            assertEquals(41.49, o.elastica(), 0.01, p.name());
            assertTrue(o.spread() < 0.02, p + " at rest: " + o);
            assertEquals(o.elastica(), o.angle(), 2.0, p.name() + ": " + o);
        }
    }

    @Test
    void stiffStripsComeToRestAtGameRate() {
        // The same thesis-model strips at 60 steps/s, where the bending rows outweigh the node
        // masses several hundred times (GaussNewton.FORCE_BALANCE_DOMINANCE): every step is nearly
        // static, so the projection must balance the forces, not only the strain. Measured with
        // that rule: 43.09° (alternating diagonals) and 40.76° (regular) at l/c = 2 on 5 cells
        // (elastica 41.49°), 5.28° on the 3-cell regular strip at l/c = 0.83 (elastica 4.13°, and
        // 5.25° at 600 steps/s). Stopping on the strain alone, the 3-cell strip flapped at 66° ±
        // 3° and the criss-cross one rested at 46.9°.
        Cantilever.Outcome a = new Cantilever(2.0, 5, Cantilever.Pattern.CRISS_CROSS, 60, 0).run();
        Cantilever.Outcome b = new Cantilever(2.0, 5, Cantilever.Pattern.REGULAR, 60, 0).run();
        Cantilever.Outcome c = new Cantilever(0.83, 3, Cantilever.Pattern.REGULAR, 60, 0).run();
        for (Cantilever.Outcome o : new Cantilever.Outcome[] {a, b, c}) {
            assertTrue(o.spread() < 0.02, "at rest: " + o);
            assertEquals(o.elastica(), o.angle(), 2.0, o.toString());
        }
    }

    @Test
    void aFabricsSoftMembraneDoesNotSoftenTheStrip() {
        // The fabric presets set the membrane springs to a fabric's in-plane stiffness (20–560
        // N/m). Springs that soft cannot hold the boundary triangles, so the boundary constraints
        // stay hard rows below ClothSolver.SOFT_MEMBRANE and the strip bends as the thesis's model:
        // l/c = 2 on 5 cells at 60 steps/s, Y = 100 N/m, within 2° of the elastica's 41.49°
        // (measured 42.55° and 40.56°). With the boundary rows inert, as for stiff springs, the
        // criss-cross strip drooped to 48.8° (docs/validation.md).
        for (Cantilever.Pattern p : Cantilever.Pattern.values()) {
            Cantilever.Outcome o = new Cantilever(2.0, 5, p, 60, 100).run();
            assertTrue(o.spread() < 0.02, p + " at rest: " + o);
            assertEquals(o.elastica(), o.angle(), 2.0, p.name() + ": " + o);
        }
    }
}
