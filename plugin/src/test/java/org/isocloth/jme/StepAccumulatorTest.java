package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The fixed-step accumulator of ClothAppState. */
class StepAccumulatorTest {
    @Test
    void unevenFramesGiveTheStepsTheirTimeCompletes() {
        // Step h = 1/60 s ≈ 0.016667 s, cap 4. Frames and the time stored after each:
        // 0.010 → 0.010 (0 steps); +0.020 = 0.030 → 1 step, 0.013333 left;
        // +0.005 = 0.018333 → 1 step, 0.001667; +0.040 = 0.041667 → 2 steps, 0.008333;
        // +0.200 = 0.208333 → 12 steps due, capped at 4: 0.141667 s dropped, nothing stored.
        StepAccumulator a = new StepAccumulator(1.0 / 60, 4);
        assertEquals(0, a.advance(0.010));
        assertEquals(1, a.advance(0.020));
        assertEquals(0.0133333, a.stored(), 1e-6);
        assertEquals(1, a.advance(0.005));
        assertEquals(2, a.advance(0.040));
        assertEquals(0.0083333, a.stored(), 1e-6);
        assertEquals(4, a.advance(0.200));
        assertEquals(0.1416667, a.dropped(), 1e-6);
        assertEquals(0, a.stored(), 0);
        // 60 frames of exactly 1/60 s take exactly 60 steps (no step lost to rounding)
        StepAccumulator b = new StepAccumulator(1.0 / 60, 4);
        int total = 0;
        for (int i = 0; i < 60; i++) {
            total += b.advance(1.0 / 60);
        }
        assertEquals(60, total);
        // non-finite or negative frame times take no step and store nothing
        assertEquals(0, b.advance(Double.NaN));
        assertEquals(0, b.advance(-1));
        assertEquals(0, b.advance(Double.POSITIVE_INFINITY));
    }

    @Test
    void absurdSettingsAreRefusedWithTheFieldNamed() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new StepAccumulator(0, 4));
        assertEquals("timeStep: must be in [1.0E-7, 1] s (got 0.0)", e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new StepAccumulator(0.01, 0));
        assertEquals("maxStepsPerFrame: must be in [1, 1000] (got 0)", e.getMessage());
    }
}
