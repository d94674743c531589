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
}
