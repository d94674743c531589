package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The slider-position ↔ value mappings of the panel. */
class SliderScaleTest {
    private static final SliderScale LOG = SliderScale.logarithmic(1e-7, 1e-1, 2);
    private static final SliderScale LIN = SliderScale.linear(0, 5, 0.05);

    @Test
    void endpointsMapExactly() {
        for (SliderScale s : new SliderScale[] {LOG, LIN, SliderScale.linear(1, 100, 1)}) {
            assertEquals(s.min(), s.toValue(0));
            assertEquals(s.max(), s.toValue(1));
            assertEquals(0, s.toPosition(s.min()));
            assertEquals(1, s.toPosition(s.max()));
            assertEquals(s.min(), s.snappedValue(0));
            assertEquals(s.max(), s.snappedValue(1));
        }
    }

    @Test
    void logarithmicMiddleIsTheGeometricMean() {
        // 1e-7 .. 1e-1 spans 6 decades: the middle is 1e-4, a quarter is 10^-5.5
        assertEquals(1e-4, LOG.toValue(0.5), 1e-16);
        assertEquals(Math.pow(10, -5.5), LOG.toValue(0.25), 1e-18);
        assertEquals(0.5, LOG.toPosition(1e-4), 1e-12);
        // equal slider distances are equal ratios
        assertEquals(10, LOG.toValue(2 / 6.0) / LOG.toValue(1 / 6.0), 1e-9);
    }

    @Test
    void roundTripsPositionValuePosition() {
        for (SliderScale s : new SliderScale[] {LOG, LIN, SliderScale.logarithmic(0.01, 2, 2)}) {
            for (int i = 0; i <= 1000; i++) {
                double p = i / 1000.0;
                assertEquals(p, s.toPosition(s.toValue(p)), 1e-12, s + " at " + p);
            }
        }
        for (double v : new double[] {1e-7, 3.3e-6, 1e-5, 0.0042, 0.1}) {
            assertEquals(v, LOG.toValue(LOG.toPosition(v)), v * 1e-12);
        }
    }

    @Test
    void isStrictlyMonotonic() {
        for (SliderScale s : new SliderScale[] {LOG, LIN}) {
            double previous = Double.NEGATIVE_INFINITY;
            for (int i = 0; i <= 1000; i++) {
                double v = s.toValue(i / 1000.0);
                assertTrue(v > previous, s + " not increasing at " + i);
                previous = v;
            }
            // snapped values never decrease
            previous = Double.NEGATIVE_INFINITY;
            for (int i = 0; i <= 1000; i++) {
                double v = s.snappedValue(i / 1000.0);
                assertTrue(v >= previous, s + " snapped decreases at " + i);
                previous = v;
            }
        }
    }

    @Test
    void snapsToNiceNumbersInsideTheRange() {
        assertEquals(1.2e-5, LOG.snap(1.23456e-5));
        assertEquals(9.9e-6, LOG.snap(0.994e-5));
        assertEquals(1e-5, LOG.snap(0.996e-5), "rounds up across a decade");
        assertEquals(0.1, LOG.snap(0.1049), "rounded 0.10 stays inside [min, max]");
        assertEquals(0.1, LOG.snap(1e9), "clamped");
        assertEquals(1e-7, LOG.snap(0), "clamped");
        assertEquals(0.3, LIN.snap(0.31));
        assertEquals(0.35, LIN.snap(0.33));
        assertEquals(5, LIN.snap(5.02));
        assertEquals(20, SliderScale.linear(1, 100, 1).snap(19.6));
        for (int i = 0; i <= 1000; i++) {
            double v = LOG.snappedValue(i / 1000.0);
            assertTrue(v >= LOG.min() && v <= LOG.max());
            // two significant digits: v * 10^k is a whole number below 100 for some k
            double m = v / Math.pow(10, Math.floor(Math.log10(v)) - 1);
            assertEquals(Math.round(m), m, 1e-6, "2 digits: " + v);
        }
    }

    @Test
    void outOfRangeInputIsClamped() {
        assertEquals(0, LOG.toPosition(-1));
        assertEquals(1, LOG.toPosition(1e9));
        assertEquals(0, LOG.toPosition(Double.NaN));
        assertEquals(LOG.min(), LOG.toValue(-0.5));
        assertEquals(LOG.max(), LOG.toValue(7));
        assertEquals(LOG.min(), LOG.toValue(Double.NaN));
    }

    @Test
    void rejectsBadRanges() {
        assertThrows(IllegalArgumentException.class, () -> SliderScale.logarithmic(0, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> SliderScale.linear(1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> SliderScale.linear(0, Double.POSITIVE_INFINITY, 0));
    }
}
