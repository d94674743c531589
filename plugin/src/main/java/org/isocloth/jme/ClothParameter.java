package org.isocloth.jme;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ToDoubleFunction;
import org.isocloth.model.Stretch;

/**
 * The numeric parameters of a {@link ClothControl} that {@code ClothPanelState} (isocloth-jme-lemur) shows as sliders:
 * each with a label, a unit, the slider's {@link SliderScale} and the control's getter and setter.
 * Every value a slider can produce (any position, {@link SliderScale#snap snapped}) is accepted by
 * the setter.
 */
public enum ClothParameter {
    /** Surface density, kg/m² (logarithmic, 0.01 to 2). */
    DENSITY("Density", "kg/m^2", 1, SliderScale.logarithmic(0.01, 2, 2),
            ClothControl::getDensity, (c, v) -> c.setDensity((float) v)),
    /** Flexural rigidity, N·m (logarithmic, 1e-7 to 0.1). */
    BENDING_STIFFNESS("Bending stiffness", "N m", 1, SliderScale.logarithmic(1e-7, 1e-1, 2),
            ClothControl::getBendingStiffness, (c, v) -> c.setBendingStiffness((float) v)),
    /**
     * Bending length of the cantilever test, shown in cm (logarithmic, 2 mm to 20 cm): the same
     * stiffness as {@link #BENDING_STIFFNESS}, as a textile laboratory measures it.
     */
    BENDING_LENGTH("Bending length", "cm", 100, SliderScale.logarithmic(2e-3, 0.2, 2),
            ClothControl::getBendingLength, (c, v) -> c.setBendingLength((float) v)),
    /** Inextensibility tolerance, shown in % (logarithmic, 0.01 % to 10 %). */
    STRAIN_TOLERANCE("Strain tolerance", "%", 100, SliderScale.logarithmic(1e-4, 1e-1, 2),
            ClothControl::getStrainTolerance, (c, v) -> c.setStrainTolerance((float) v)),
    /** Bending damping time, s (linear, 0 to 1, steps of 0.01). */
    DAMPING("Damping", "s", 1, SliderScale.linear(0, 1, 0.01),
            ClothControl::getDamping, (c, v) -> c.setDamping((float) v)),
    /** Linear air drag, kg/(m²·s) (linear, 0 to 5, steps of 0.05). */
    DRAG("Air drag", "kg/(m^2 s)", 1, SliderScale.linear(0, 5, 0.05),
            ClothControl::getDrag, (c, v) -> c.setDrag((float) v)),
    /** In-plane stiffness of the black-node edges, N/m (logarithmic, 10 to 1e8). */
    MEMBRANE_STIFFNESS("Membrane stiffness", "N/m", 1, SliderScale.logarithmic(10, 1e8, 2),
            ClothControl::getMembraneStiffness, (c, v) -> c.setMembraneStiffness((float) v)),
    /**
     * Young's modulus of a membrane cloth ({@link ClothControl#setStretch}), N/m (logarithmic, 10
     * to 1e6); NaN for an isometric cloth, whose setter refuses it.
     */
    YOUNGS_MODULUS("Young's modulus", "N/m", 1, SliderScale.logarithmic(10, 1e6, 2),
            c -> c.getStretch() == null ? Double.NaN : c.getStretch().youngsModulus(),
            (c, v) -> c.setStretch(new Stretch(v, membrane(c, "youngsModulus").poissonRatio()))),
    /**
     * Poisson's ratio of a membrane cloth (linear, 0 to 0.9, steps of 0.01); NaN for an isometric
     * cloth, whose setter refuses it.
     */
    POISSON_RATIO("Poisson's ratio", "", 1, SliderScale.linear(0, 0.9, 0.01),
            c -> c.getStretch() == null ? Double.NaN : c.getStretch().poissonRatio(),
            (c, v) -> c.setStretch(new Stretch(membrane(c, "poissonRatio").youngsModulus(), v))),
    /** Coulomb friction coefficient (linear, 0 to 2, steps of 0.01). */
    FRICTION("Friction", "", 1, SliderScale.linear(0, 2, 0.01),
            ClothControl::getFriction, (c, v) -> c.setFriction((float) v)),
    /** Collision thickness, shown in mm (logarithmic, 1 mm to 5 cm). */
    THICKNESS("Thickness", "mm", 1000, SliderScale.logarithmic(1e-3, 5e-2, 2),
            ClothControl::getThickness, (c, v) -> c.setThickness((float) v)),
    /** Gauss-Newton iteration cap per step (linear, 1 to 100, whole numbers). */
    MAX_ITERATIONS("Max iterations", "", 1, SliderScale.linear(1, 100, 1),
            ClothControl::getMaxIterations, (c, v) -> c.setMaxIterations((int) Math.round(v)));

    private final String label;
    private final String unit;
    private final double displayFactor;
    private final SliderScale scale;
    private final ToDoubleFunction<ClothControl> getter;
    private final ObjDoubleConsumer<ClothControl> setter;

    ClothParameter(String label, String unit, double displayFactor, SliderScale scale,
            ToDoubleFunction<ClothControl> getter, ObjDoubleConsumer<ClothControl> setter) {
        this.label = label;
        this.unit = unit;
        this.displayFactor = displayFactor;
        this.scale = scale;
        this.getter = getter;
        this.setter = setter;
    }

    /** The cloth's membrane elasticity; refuses an isometric cloth, naming the field. */
    private static Stretch membrane(ClothControl c, String field) {
        Stretch s = c.getStretch();
        if (s == null) {
            throw new IllegalArgumentException(field + ": the cloth is isometric; make it a membrane first"
                    + " (ClothControl.setStretch, the panel's Model button)");
        }
        return s;
    }

    /** @return whether only a membrane cloth has the parameter (an isometric one shows NaN) */
    public boolean membraneOnly() {
        return this == YOUNGS_MODULUS || this == POISSON_RATIO;
    }

    /** @return the row label */
    public String label() {
        return label;
    }

    /** @return the unit of the displayed value (ASCII; empty for dimensionless values) */
    public String unit() {
        return unit;
    }

    /** @return the slider's scale, in SI units (the control's) */
    public SliderScale scale() {
        return scale;
    }

    /**
     * @param control a cloth (not null)
     * @return the parameter's value, SI
     */
    public double get(ClothControl control) {
        return getter.applyAsDouble(control);
    }

    /**
     * Sets the parameter on a cloth (it takes effect at the next step).
     *
     * @param control a cloth (not null)
     * @param value the value, SI
     * @throws IllegalArgumentException if the control rejects the value (the message names the field)
     */
    public void set(ClothControl control, double value) {
        setter.accept(control, value);
    }

    /**
     * @param value a value, SI
     * @return the value in display units with its unit, e.g. "1.2e-5 N m", "0.1 %", "5 mm"; "-"
     *     for NaN
     */
    public String format(double value) {
        if (Double.isNaN(value)) {
            return "-"; // a parameter the cloth does not have (a membrane's, on an isometric cloth)
        }
        String n = formatNumber(value * displayFactor);
        return unit.isEmpty() ? n : n + " " + unit;
    }

    /**
     * Formats a number with 3 significant digits, without trailing zeros: plain between 0.01 and
     * 10000 ("0.25", "12.3", "20"), otherwise in scientific notation ("1.2e-5", "1e5").
     *
     * @param x a number
     * @return its text (ASCII)
     */
    public static String formatNumber(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return Double.toString(x);
        }
        if (x == 0) {
            return "0";
        }
        BigDecimal d = new BigDecimal(x).round(new MathContext(3));
        double a = Math.abs(d.doubleValue());
        if (a >= 0.01 && a < 10000) {
            return d.stripTrailingZeros().toPlainString();
        }
        String[] me = String.format(Locale.ROOT, "%.2e", x).split("e");
        String mantissa = new BigDecimal(me[0]).stripTrailingZeros().toPlainString();
        return mantissa + "e" + Integer.parseInt(me[1]);
    }
}
