package org.isocloth.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.isocloth.InputException;
import org.junit.jupiter.api.Test;

/** The fabric presets: valid materials, bending lengths, names. */
class FabricTest {
    @Test
    void everyPresetIsAValidMaterialWithATextileBendingLength() {
        // Every preset must pass the material's own range checks, keep the base material's other
        // fields, and have a bending length c = (B/ρg)^⅓ between 5 mm (the limpest silks) and
        // 50 mm (stiff leathers), the span of ASTM D1388 results for apparel fabrics.
        ClothMaterial base = ClothMaterial.DEFAULT.withBendingStiffness(3e-5);
        for (Fabric f : Fabric.values()) {
            ClothMaterial m = f.applyTo(base);
            assertEquals(f.density(), m.density());
            assertEquals(f.bendingStiffness(), m.bendingStiffness());
            assertEquals(f.inPlaneStiffness(), m.membraneStiffness());
            assertEquals(base.strainTolerance(), m.strainTolerance());
            assertEquals(base.restShape(), m.restShape());
            double c = f.bendingLength();
            assertEquals(c, Math.cbrt(m.bendingStiffness() / (m.density() * 9.80665)), 1e-15);
            assertTrue(c > 0.005 && c < 0.05, f + ": c = " + c);
        }
        // denim: B = 8.1e-5 N·m, ρ = 0.324 kg/m² → c = (8.1e-5/3.1774)^⅓ = 29.4 mm
        assertEquals(0.0294, Fabric.DENIM.bendingLength(), 1e-4);
    }

    @Test
    void aMaterialTakesItsBendingStiffnessFromAMeasuredBendingLength() {
        // The cantilever test's bending length c and the flexural rigidity k are tied by
        // k = ρ g c³ (g = 9.80665 m/s²): a shirting of 0.2 kg/m² with c = 2 cm has
        // k = 0.2 · 9.80665 · 8e-6 = 1.569064e-5 N·m, and reads its c back.
        ClothMaterial m = ClothMaterial.DEFAULT.withDensity(0.2).withBendingLength(0.02);
        assertEquals(1.569064e-5, m.bendingStiffness(), 1e-11);
        assertEquals(0.02, m.bendingLength(), 1e-15);
        assertEquals(0, ClothMaterial.DEFAULT.withBendingLength(0).bendingStiffness());
        for (double bad : new double[] {-0.01, 1.5, Double.NaN}) {
            InputException e = assertThrows(InputException.class, () -> ClothMaterial.DEFAULT.withBendingLength(bad));
            assertTrue(e.getMessage().contains("material.bendingLength"), e.getMessage());
        }
    }

    @Test
    void presetsAreFoundByTheirSceneNames() {
        assertSame(Fabric.COTTON_SHIRTING, Fabric.byName("cotton-shirting"));
        assertSame(Fabric.COTTON_JERSEY, Fabric.byName("Cotton_Jersey"));
        for (Fabric f : Fabric.values()) {
            assertSame(f, Fabric.byName(f.jsonName()));
        }
        InputException e = assertThrows(InputException.class, () -> Fabric.byName("tweed"));
        assertTrue(e.getMessage().contains("\"tweed\"") && e.getMessage().contains("silk"), e.getMessage());
        assertThrows(InputException.class, () -> Fabric.byName(null));
    }
}
