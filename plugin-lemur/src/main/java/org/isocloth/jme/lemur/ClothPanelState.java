package org.isocloth.jme.lemur;

import com.jme3.app.Application;
import com.jme3.app.SimpleApplication;
import com.jme3.app.state.BaseAppState;
import com.jme3.math.Vector3f;
import com.jme3.scene.Node;
import com.simsilica.lemur.Axis;
import com.simsilica.lemur.Button;
import com.simsilica.lemur.Checkbox;
import com.simsilica.lemur.Container;
import com.simsilica.lemur.DefaultRangedValueModel;
import com.simsilica.lemur.FillMode;
import com.simsilica.lemur.GuiGlobals;
import com.simsilica.lemur.Label;
import com.simsilica.lemur.Panel;
import com.simsilica.lemur.Slider;
import com.simsilica.lemur.TabbedPanel;
import com.simsilica.lemur.component.SpringGridLayout;
import com.simsilica.lemur.core.VersionedReference;
import com.simsilica.lemur.focus.FocusManagerState;
import com.simsilica.lemur.style.BaseStyles;
import com.simsilica.lemur.style.ElementId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.ClothControl;
import org.isocloth.jme.ClothListener;
import org.isocloth.jme.ClothParameter;
import org.isocloth.jme.ClothStats;
import org.isocloth.jme.SliderScale;

/**
 * A Lemur panel, top left of the GUI node, to tune the cloth of a {@link ClothAppState} while it
 * runs and to watch its statistics.
 *
 * <p>The panel shows one cloth at a time (the {@code <} and {@code >} buttons choose it when there
 * are several): a slider per {@link ClothParameter} with its value and unit, buttons for the rest
 * shape, the integrator, the collision handling, the projection method
 * ({@link ClothControl#setProjection}: auto, Newton, fast) and the collider contacts with their
 * friction (planes, springs, springs with exact friction), a checkbox for self-collisions, the statistics
 * of the cloth's last simulated frame (refreshed {@link #setRefreshInterval a few times a second}),
 * play/pause, single step, reset and a speed slider, and a status line showing rejected values and
 * cloth failures. A change calls the {@link ClothControl} setter at once; it takes effect at the next
 * step. Values changed by code elsewhere show at the next refresh.
 *
 * <p>The state initialises {@link GuiGlobals} unless the application already did (an instance left by
 * another application in the same JVM is replaced), and uses Lemur's
 * "glass" style (falling back to the default style if it cannot be loaded). It asks Lemur for a
 * visible cursor while enabled; an application with a fly camera should set
 * {@code flyCam.setDragToRotate(true)} so that the mouse can reach the panel.
 */
public class ClothPanelState extends BaseAppState {
    private static final Logger LOG = Logger.getLogger(ClothPanelState.class.getName());

    /** Lemur's glass style, the default style of the panel. */
    public static final String GLASS_STYLE = PanelLook.GLASS_STYLE;
    /** The speed slider's scale, times real time (logarithmic, 0.1 to 4). */
    public static final SliderScale SPEED_SCALE = SliderScale.logarithmic(0.1, 4, 2);

    /** Slider models run over [0, SLIDER_RANGE]; SliderScale positions are model value / range. */
    static final double SLIDER_RANGE = 1000;
    private static final float SLIDER_WIDTH = 170;
    private static final float VALUE_WIDTH = 110;
    /** Width of the label column, the same in every grid of the panel so that they line up. */
    static final float LABEL_WIDTH = 125;
    private static final float STATS_WIDTH = 420;


    private final String requestedStyle;
    private ClothAppState clothState;
    private boolean listening;
    private String style;
    private Node guiNode;
    private float refreshInterval = 0.25f;
    private float sinceRefresh = Float.MAX_VALUE;
    private float lastCamHeight = -1;

    private Container panel;
    private Label title;
    private Label clothLabel;
    private Button previousButton;
    private Button nextButton;
    private final Map<ClothParameter, Row> rows = new EnumMap<>(ClothParameter.class);
    private Button restShapeButton;
    private Button modelButton;
    private Button fabricButton;
    private Button integratorButton;
    private Button collisionsButton;
    private Button projectionButton;
    private Button contactsButton;
    private Button methodButton;
    private final ChoiceButtons choices = new ChoiceButtons();
    private Checkbox selfCollisionsBox;
    private VersionedReference<Boolean> selfCollisionsRef;
    private Slider speedSlider;
    private VersionedReference<Double> speedRef;
    private Label speedValue;
    private float shownSpeed = Float.NaN;
    private final Label[] statsLabels = new Label[5];
    private Button pauseButton;
    private Button stepButton;
    private Button resetButton;
    private Label statusLabel;

    private List<ClothControl> cloths = List.of();
    private ClothControl selected;
    private String message = "";

    private final ClothListener listener = (cloth, text, suspended) -> {
        message = text + (suspended ? " (suspended until reset)" : "");
    };

    /** A slider row: the slider, its change detector and the value label. */
    private static final class Row {
        final Slider slider;
        final VersionedReference<Double> ref;
        final Label value;
        /** The control value the row shows (NaN: unknown, sync at the next refresh). */
        double shown = Double.NaN;

        Row(Slider slider, Label value) {
            this.slider = slider;
            this.ref = slider.getModel().createReference();
            this.value = value;
        }
    }

    private boolean resetStartsOver;

    /** A panel for the application's {@link ClothAppState}, in the glass style. */
    public ClothPanelState() {
        this(null, GLASS_STYLE);
    }

    /**
     * A panel for the given cloth state, in the glass style.
     *
     * @param clothState the state whose cloth to show (null: the application's, found when attached)
     */
    public ClothPanelState(ClothAppState clothState) {
        this(clothState, GLASS_STYLE);
    }

    /**
     * A panel for the given cloth state in the given Lemur style.
     *
     * @param clothState the state whose cloth to show (null: the application's, found when attached)
     * @param style a Lemur style name ({@link #GLASS_STYLE} is loaded if needed; null: Lemur's default style)
     */
    public ClothPanelState(ClothAppState clothState, String style) {
        this.clothState = clothState;
        this.requestedStyle = style;
    }

    // ------------------------------------------------------------------ public API

    /** @return the panel (null before the state is initialised) */
    public Container getPanel() {
        return panel;
    }

    /** @return the Lemur style the panel uses (null before the state is initialised) */
    public String getStyle() {
        return style;
    }

    /** @return the cloth state the panel controls (null until one is found) */
    public ClothAppState getClothState() {
        return clothState;
    }

    /** @return the cloth the panel shows, or null when there is none */
    public ClothControl getSelectedCloth() {
        return selected;
    }

    /**
     * Shows a cloth in the panel.
     *
     * @param cloth a cloth of the cloth state (or null to show none until the next refresh picks one)
     */
    public void selectCloth(ClothControl cloth) {
        selected = cloth;
        for (Row r : rows.values()) {
            r.shown = Double.NaN;
        }
        sinceRefresh = Float.MAX_VALUE;
    }

    /** @return the status line (the last rejected value or cloth failure; empty when all is well) */
    public String getStatusText() {
        return statusLabel == null ? "" : statusLabel.getText();
    }

    /** @return seconds between refreshes of the statistics and of values changed elsewhere */
    public float getRefreshInterval() {
        return refreshInterval;
    }

    /**
     * Makes the Reset button start the simulation over ({@link ClothAppState#restart}: simulated
     * time back to 0, scripted motions from their start) instead of only putting the cloth back at
     * rest ({@link ClothAppState#resetAll}, the default).
     *
     * @param startsOver whether Reset restarts
     */
    public void setResetStartsOver(boolean startsOver) {
        this.resetStartsOver = startsOver;
    }

    /** @param seconds seconds between refreshes of the statistics (in [0, 10]; default 0.25) */
    public void setRefreshInterval(float seconds) {
        if (!(seconds >= 0 && seconds <= 10)) {
            throw new IllegalArgumentException("ClothPanelState.refreshInterval: must be in [0, 10] (got "
                    + seconds + ")");
        }
        refreshInterval = seconds;
    }

    // ------------------------------------------------------------------ lifecycle

    @Override
    protected void initialize(Application app) {
        // Lemur is a singleton: keep the application's own GuiGlobals, but not one left over from
        // another application in this JVM (recognised by its focus manager, attached to its app)
        GuiGlobals g = GuiGlobals.getInstance();
        if (g == null || app.getStateManager().getState(FocusManagerState.class) != g.getFocusManagerState()) {
            GuiGlobals.initialize(app);
        }
        style = PanelLook.resolveStyle(requestedStyle);
        if (app instanceof SimpleApplication simple) {
            guiNode = simple.getGuiNode();
        } else if (!app.getGuiViewPort().getScenes().isEmpty()
                && app.getGuiViewPort().getScenes().get(0) instanceof Node n) {
            guiNode = n;
        } else {
            throw new IllegalStateException("ClothPanelState: the application has no GUI node");
        }
        if (clothState == null) {
            clothState = getState(ClothAppState.class);
        }
        build();
    }

    @Override
    protected void cleanup(Application app) {
        if (clothState != null && listening) {
            clothState.removeClothListener(listener);
            listening = false;
        }
    }

    @Override
    protected void onEnable() {
        guiNode.attachChild(panel);
        lastCamHeight = -1;
        GuiGlobals.getInstance().requestCursorEnabled(this);
    }

    @Override
    protected void onDisable() {
        panel.removeFromParent();
        GuiGlobals.getInstance().releaseCursorEnabled(this);
    }

    @Override
    public void update(float tpf) {
        if (clothState == null) {
            clothState = getState(ClothAppState.class);
        }
        if (clothState != null && !listening) {
            clothState.addClothListener(listener);
            listening = true;
        }
        float h = getApplication().getCamera().getHeight();
        if (h != lastCamHeight) {
            lastCamHeight = h;
            panel.setLocalTranslation(10, h - 10, 0);
        }
        applyChanges();
        sinceRefresh += tpf;
        if (sinceRefresh >= refreshInterval) {
            sinceRefresh = 0;
            refresh();
        }
    }

    // ------------------------------------------------------------------ building

    private Container horizontal(FillMode fill) {
        Container c = new Container(new SpringGridLayout(Axis.X, Axis.Y, fill, FillMode.Even), style);
        c.setBackground(null);
        return c;
    }

    static <T extends Panel> T fixWidth(T p, float width) {
        Vector3f s = p.getPreferredSize().clone();
        s.x = width;
        p.setPreferredSize(s);
        return p;
    }

    private Slider slider(double position) {
        Slider s = new Slider(new DefaultRangedValueModel(0, SLIDER_RANGE, position * SLIDER_RANGE), Axis.X, style);
        s.setDelta(SLIDER_RANGE / 100);
        return fixWidth(s, SLIDER_WIDTH);
    }

    /** A transparent grid for label, control and value columns. */
    private Container grid() {
        Container grid = new Container(style);
        grid.setBackground(null);
        return grid;
    }

    /** Adds a parameter's row "label | slider | value" to a grid. */
    private void addSlider(Container grid, int row, ClothParameter p) {
        grid.addChild(fixWidth(new Label(p.label(), style), LABEL_WIDTH), row, 0);
        Slider s = grid.addChild(slider(p.scale().toPosition(p.scale().min())), row, 1);
        Label v = grid.addChild(fixWidth(new Label("-", style), VALUE_WIDTH), row, 2);
        rows.put(p, new Row(s, v));
    }

    private void build() {
        panel = new Container(style);
        panel.setName("IsoCloth panel");
        title = panel.addChild(new Label("IsoCloth", new ElementId("title"), style));

        Container chooser = panel.addChild(horizontal(FillMode.None));
        previousButton = chooser.addChild(new Button("<", style));
        clothLabel = chooser.addChild(new Label("no cloth", style));
        nextButton = chooser.addChild(new Button(">", style));
        previousButton.addClickCommands(b -> cycleCloth(-1));
        nextButton.addClickCommands(b -> cycleCloth(1));

        // two tabs: what the cloth is made of, and how it is solved
        TabbedPanel tabs = panel.addChild(new TabbedPanel(style));
        Container material = tabs.addTab("Material", grid());
        Container solver = tabs.addTab("Solver", grid());
        java.util.function.Consumer<java.util.function.Consumer<ClothControl>> onSelected =
                step -> apply(() -> step.accept(selected));
        int row = 0;
        fabricButton = choices.add(material, row++, "Fabric", style, onSelected, ChoiceButtons::nextFabric,
                ChoiceButtons::fabric);
        modelButton = choices.add(material, row++, "Model", style, onSelected, ChoiceButtons::nextModel,
                ChoiceButtons::model);
        for (ClothParameter p : ClothParameter.values()) {
            if (p != ClothParameter.MAX_ITERATIONS) {
                addSlider(material, row++, p);
            }
        }
        restShapeButton = choices.add(material, row, "Rest shape", style, onSelected,
                ChoiceButtons::nextRestShape, ChoiceButtons::restShape);
        row = 0;
        methodButton = choices.add(solver, row++, "Solver", style, onSelected, ChoiceButtons::nextMethod,
                ChoiceButtons::method);
        addSlider(solver, row++, ClothParameter.MAX_ITERATIONS);
        integratorButton = choices.add(solver, row++, "Integrator", style, onSelected, ChoiceButtons::nextIntegrator,
                ChoiceButtons::integrator);
        collisionsButton = choices.add(solver, row++, "Collisions", style, onSelected, ChoiceButtons::nextCollisions,
                ChoiceButtons::collisions);
        projectionButton = choices.add(solver, row++, "Projection", style, onSelected, ChoiceButtons::nextProjection,
                ChoiceButtons::projection);
        contactsButton = choices.add(solver, row++, "Contacts", style, onSelected, ChoiceButtons::nextContacts,
                ChoiceButtons::contacts);
        solver.addChild(fixWidth(new Label("Self-collisions", style), LABEL_WIDTH), row, 0);
        selfCollisionsBox = solver.addChild(new Checkbox("on", style), row, 1);
        selfCollisionsRef = selfCollisionsBox.getModel().createReference();

        Container grid = panel.addChild(grid());
        grid.addChild(fixWidth(new Label("Speed", style), LABEL_WIDTH), 0, 0);
        speedSlider = grid.addChild(slider(SPEED_SCALE.toPosition(1)), 0, 1);
        speedRef = speedSlider.getModel().createReference();
        speedValue = grid.addChild(fixWidth(new Label("x1", style), VALUE_WIDTH), 0, 2);

        Container buttons = panel.addChild(horizontal(FillMode.Even));
        pauseButton = buttons.addChild(new Button("Pause", style));
        stepButton = buttons.addChild(new Button("Step", style));
        resetButton = buttons.addChild(new Button("Reset", style));
        pauseButton.addClickCommands(b -> {
            if (clothState != null) {
                clothState.setPaused(!clothState.isPaused());
                sinceRefresh = Float.MAX_VALUE;
            }
        });
        stepButton.addClickCommands(b -> {
            if (clothState != null) {
                clothState.setPaused(true);
                clothState.singleStep();
                sinceRefresh = Float.MAX_VALUE;
            }
        });
        resetButton.addClickCommands(b -> {
            if (clothState != null) {
                if (resetStartsOver) {
                    clothState.restart();
                } else {
                    clothState.resetAll();
                }
                message = "";
                sinceRefresh = Float.MAX_VALUE;
            }
        });

        Container stats = panel.addChild(new Container(style));
        stats.setBackground(null);
        for (int i = 0; i < statsLabels.length; i++) {
            statsLabels[i] = stats.addChild(fixWidth(new Label("-", style), STATS_WIDTH));
        }
        statusLabel = panel.addChild(fixWidth(new Label("", style), STATS_WIDTH));
        statusLabel.setMaxWidth(STATS_WIDTH);
        if (PanelLook.GLASS_STYLE.equals(style)) {
            PanelLook.readable(panel, material, solver);
        }
        refresh();
    }

    // ------------------------------------------------------------------ changes

    /** Runs a setter on the selected cloth, showing a rejected value in the status line. */
    private void apply(Runnable change) {
        if (selected == null) {
            return;
        }
        try {
            change.run();
            message = "";
        } catch (IllegalArgumentException e) {
            message = e.getMessage();
            LOG.log(Level.FINE, "IsoCloth panel: rejected value", e);
        }
        sinceRefresh = Float.MAX_VALUE;
    }

    /** Applies the sliders and the checkbox the user moved since the last update. */
    private void applyChanges() {
        for (Map.Entry<ClothParameter, Row> e : rows.entrySet()) {
            ClothParameter p = e.getKey();
            Row r = e.getValue();
            if (r.ref.update() && selected != null) {
                double value = p.scale().snappedValue(r.slider.getModel().getValue() / SLIDER_RANGE);
                apply(() -> p.set(selected, value));
                r.shown = p.get(selected);
                r.value.setText(p.format(r.shown));
            }
        }
        if (selfCollisionsRef.update() && selected != null) {
            boolean on = selfCollisionsBox.isChecked();
            apply(() -> selected.setSelfCollisions(on));
        }
        if (speedRef.update() && clothState != null) {
            double speed = SPEED_SCALE.snappedValue(speedSlider.getModel().getValue() / SLIDER_RANGE);
            try {
                clothState.setSpeed((float) speed);
            } catch (IllegalArgumentException ex) {
                message = ex.getMessage();
            }
            shownSpeed = clothState.getSpeed();
            speedValue.setText("x" + ClothParameter.formatNumber(shownSpeed));
        }
    }

    private void cycleCloth(int direction) {
        if (cloths.isEmpty()) {
            return;
        }
        int i = cloths.indexOf(selected);
        int n = cloths.size();
        selectCloth(cloths.get(((i < 0 ? 0 : i + direction) % n + n) % n));
    }

    // ------------------------------------------------------------------ refresh

    /** Reads the cloth list, the selected cloth's values and statistics into the panel. */
    private void refresh() {
        cloths = clothState == null ? List.of() : clothState.getCloths();
        if (selected != null && !cloths.contains(selected)) {
            selectCloth(null);
        }
        if (selected == null && !cloths.isEmpty()) {
            selectCloth(cloths.get(0));
            sinceRefresh = 0;
        }
        ClothControl c = selected;
        String name = c == null ? "no cloth" : c.getGeometry() == null ? "cloth" : c.getGeometry().getName();
        title.setText("IsoCloth: " + name);
        clothLabel.setText(c == null ? "no cloth" : name + "  (" + (cloths.indexOf(c) + 1) + "/" + cloths.size() + ")");
        previousButton.setEnabled(cloths.size() > 1);
        nextButton.setEnabled(cloths.size() > 1);

        for (Map.Entry<ClothParameter, Row> e : rows.entrySet()) {
            ClothParameter p = e.getKey();
            Row r = e.getValue();
            if (c == null) {
                r.value.setText("-");
                r.shown = Double.NaN;
                continue;
            }
            double v = p.get(c);
            if (Double.isNaN(v)) {
                // a parameter this cloth does not have: the slider stays, the value reads "-"
                r.shown = v;
                r.value.setText(p.format(v));
            } else if (Double.compare(v, r.shown) != 0) {
                r.shown = v;
                r.slider.getModel().setValue(p.scale().toPosition(v) * SLIDER_RANGE);
                r.ref.update();
                r.value.setText(p.format(v));
            }
        }
        choices.refresh(c);
        if (c != null && selfCollisionsBox.isChecked() != c.isSelfCollisions()) {
            selfCollisionsBox.setChecked(c.isSelfCollisions());
        }
        selfCollisionsRef.update();

        if (clothState != null) {
            float speed = clothState.getSpeed();
            if (speed != shownSpeed) {
                shownSpeed = speed;
                speedSlider.getModel().setValue(SPEED_SCALE.toPosition(speed) * SLIDER_RANGE);
                speedValue.setText("x" + ClothParameter.formatNumber(speed));
            }
            speedRef.update();
            pauseButton.setText(clothState.isPaused() ? "Play" : "Pause");
        }

        List<String> lines = statsLines(c == null ? ClothStats.NONE : c.getStats(), c != null && c.isSuspended(),
                clothState == null ? 0 : clothState.getDroppedTime(),
                clothState == null ? 0 : clothState.getBusyFrameCount());
        for (int i = 0; i < statsLabels.length; i++) {
            statsLabels[i].setText(lines.get(i));
        }
        String status;
        if (clothState == null) {
            status = "No ClothAppState attached";
        } else if (c == null) {
            status = "No cloth in the scene yet";
        } else {
            status = message;
        }
        statusLabel.setText(status == null ? "" : status);
    }

    /**
     * The statistics lines of the panel.
     *
     * @param s a cloth's statistics (not null)
     * @param suspended whether the cloth is suspended
     * @param dropped the simulated time the app state dropped so far, s
     * @param busyFrames the frames that found the solver still busy
     * @return five lines: time per step and iterations, strains, contacts/steps/time, failures,
     *     and how far the cloth fell behind the game
     */
    static List<String> statsLines(ClothStats s, boolean suspended, double dropped, long busyFrames) {
        List<String> lines = new ArrayList<>(5);
        String ms = Double.isNaN(s.msPerStep()) ? "-" : ClothParameter.formatNumber(s.msPerStep());
        lines.add("Step: " + ms + " ms, " + ClothParameter.formatNumber(s.iterationsPerStep()) + " iterations");
        lines.add("Strain: red " + ClothParameter.formatNumber(100 * s.redStrain()) + " %, max "
                + ClothParameter.formatNumber(100 * s.maxStrain()) + " %");
        lines.add("Contacts " + s.contacts() + ", steps " + s.steps() + ", t = "
                + ClothParameter.formatNumber(s.time()) + " s");
        String state = suspended ? "SUSPENDED - press Reset" : s.converged() ? "converged" : "not converged";
        lines.add("Failures " + s.failures() + ", " + state);
        lines.add("Behind: dropped " + ClothParameter.formatNumber(dropped) + " s, " + busyFrames + " busy frames");
        return lines;
    }

    // ------------------------------------------------------------------ for tests

    Slider slider(ClothParameter p) {
        return rows.get(p).slider;
    }

    String valueText(ClothParameter p) {
        return rows.get(p).value.getText();
    }

    Slider speedSlider() {
        return speedSlider;
    }

    Button integratorButton() {
        return integratorButton;
    }

    Button projectionButton() {
        return projectionButton;
    }

    Button collisionsButton() {
        return collisionsButton;
    }

    Button methodButton() {
        return methodButton;
    }

    Button contactsButton() {
        return contactsButton;
    }

    Button restShapeButton() {
        return restShapeButton;
    }

    Button fabricButton() {
        return fabricButton;
    }

    Button modelButton() {
        return modelButton;
    }

    Checkbox selfCollisionsBox() {
        return selfCollisionsBox;
    }

    Button nextButton() {
        return nextButton;
    }

    Button pauseButton() {
        return pauseButton;
    }

    Button stepButton() {
        return stepButton;
    }

    Button resetButton() {
        return resetButton;
    }

    List<String> statsText() {
        List<String> out = new ArrayList<>();
        for (Label l : statsLabels) {
            out.add(l.getText());
        }
        return out;
    }
}
