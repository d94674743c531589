package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The parameters the panel's sliders set, and how their values are shown. */
class ClothParameterTest {
    @Test
    void everySliderPositionGivesAValueTheControlAccepts() {
        // "out of range is impossible from the sliders": the setter takes every snapped value
        for (ClothParameter p : ClothParameter.values()) {
            ClothControl c = new ClothControl();
            if (p.membraneOnly()) {
                c.setStretch(new org.isocloth.model.Stretch(150, 0.3));
            }
            for (int i = 0; i <= 1000; i++) {
                double v = p.scale().snappedValue(i / 1000.0);
                assertDoesNotThrow(() -> p.set(c, v), p + " = " + v);
                assertEquals(v, p.get(c), Math.abs(v) * 1e-6 + (p == ClothParameter.MAX_ITERATIONS ? 0.5 : 0),
                        p.name());
            }
        }
    }

    @Test
    void defaultsLieInsideTheSliderRanges() {
        ClothControl c = new ClothControl();
        ClothControl membrane = new ClothControl();
        membrane.setStretch(new org.isocloth.model.Stretch(150, 0.3));
        for (ClothParameter p : ClothParameter.values()) {
            double v = p.get(p.membraneOnly() ? membrane : c);
            double pos = p.scale().toPosition(v);
            assertEquals(v, p.scale().toValue(pos), Math.abs(v) * 1e-9 + 1e-12,
                    p + " default " + v + " outside " + p.scale());
        }
    }

    @Test
    void anIsometricClothHasNoMembraneParameters() {
        // the default cloth is isometric: its Young's modulus and Poisson's ratio are NaN, shown
        // as "-", and setting one is refused with the field named and the cloth left isometric
        ClothControl c = new ClothControl();
        for (ClothParameter p : new ClothParameter[] {ClothParameter.YOUNGS_MODULUS, ClothParameter.POISSON_RATIO}) {
            assertEquals(true, Double.isNaN(p.get(c)), p.name());
            assertEquals("-", p.format(p.get(c)));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.set(c, 0.4));
            assertEquals(true, e.getMessage().startsWith(p == ClothParameter.YOUNGS_MODULUS ? "youngsModulus: "
                    : "poissonRatio: "), e.getMessage());
            assertEquals(null, c.getStretch());
        }
        c.setStretch(new org.isocloth.model.Stretch(150, 0.3));
        ClothParameter.POISSON_RATIO.set(c, 0.45);
        ClothParameter.YOUNGS_MODULUS.set(c, 300);
        assertEquals(new org.isocloth.model.Stretch(300, 0.45), c.getStretch());
        assertEquals("300 N/m", ClothParameter.YOUNGS_MODULUS.format(300));
    }

    @Test
    void theBendingLengthSliderSetsTheStiffnessTheCantileverTestMeasures() {
        // c = 2 cm at the default 0.2 kg/m² gives k = ρ g c³ = 0.2 · 9.80665 · 8e-6 = 1.569e-5 N·m;
        // doubling the density at the same k shortens c by 2^(1/3): 2 cm / 1.26 = 1.587 cm
        ClothControl c = new ClothControl();
        c.setDensity(0.2f);
        ClothParameter.BENDING_LENGTH.set(c, 0.02);
        assertEquals(1.569064e-5, c.getBendingStiffness(), 1e-10);
        assertEquals(0.02, ClothParameter.BENDING_LENGTH.get(c), 1e-7);
        assertEquals("2 cm", ClothParameter.BENDING_LENGTH.format(ClothParameter.BENDING_LENGTH.get(c)));
        c.setDensity(0.4f);
        assertEquals(0.02 / Math.cbrt(2), ClothParameter.BENDING_LENGTH.get(c), 1e-7);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.setBendingLength(2f));
        assertEquals(true, e.getMessage().contains("bendingLength"), e.getMessage());
    }

    @Test
    void controlRejectionsNameTheField() {
        ClothControl c = new ClothControl();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClothParameter.THICKNESS.set(c, 0.5));
        assertEquals(true, e.getMessage().contains("thickness"), e.getMessage());
    }

    @Test
    void formatsWithUnits() {
        assertEquals("0.2 kg/m^2", ClothParameter.DENSITY.format(0.2));
        assertEquals("1e-5 N m", ClothParameter.BENDING_STIFFNESS.format(1e-5));
        assertEquals("1.2e-5 N m", ClothParameter.BENDING_STIFFNESS.format(1.2e-5));
        assertEquals("0.1 %", ClothParameter.STRAIN_TOLERANCE.format(1e-3));
        assertEquals("5 mm", ClothParameter.THICKNESS.format(0.005));
        assertEquals("1e5 N/m", ClothParameter.MEMBRANE_STIFFNESS.format(1e5));
        assertEquals("0.3", ClothParameter.FRICTION.format(0.3));
        assertEquals("20", ClothParameter.MAX_ITERATIONS.format(20));
        assertEquals("0.05 kg/(m^2 s)", ClothParameter.DRAG.format(0.05));
        assertEquals("12.3", ClothParameter.formatNumber(12.34));
        assertEquals("0", ClothParameter.formatNumber(0));
        assertEquals("1.23e4", ClothParameter.formatNumber(12345));
        assertEquals("NaN", ClothParameter.formatNumber(Double.NaN));
    }
}
