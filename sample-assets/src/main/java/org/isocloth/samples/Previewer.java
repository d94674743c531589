package org.isocloth.samples;

import com.jme3.app.SimpleApplication;
import com.jme3.app.state.ScreenshotAppState;
import com.jme3.input.KeyInput;
import com.jme3.input.controls.ActionListener;
import com.jme3.input.controls.KeyTrigger;
import com.jme3.light.AmbientLight;
import com.jme3.light.DirectionalLight;
import com.jme3.math.ColorRGBA;
import com.jme3.math.Vector3f;
import com.jme3.renderer.queue.RenderQueue;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import com.jme3.system.AppSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.jme.ClothAppState;
import org.isocloth.jme.lemur.ClothPanelState;

/**
 * The IsoCloth previewer ({@code ./cloth preview}): a jME window with an orbit camera (drag with
 * the left mouse button, wheel to zoom), the cloth panel, and a scene file ({@link ScenePreview}):
 * by default {@code isocloth/scenes/showcase.json}, Jaime walking in a cape, a flag in gusty wind,
 * a tablecloth on a table.
 *
 * <p>Keys: C cycles the character's animation clips, Space pauses, N steps once, R starts the
 * scene over, S saves it ({@link #save()}), H hides and shows the panels, F frames the cloth the
 * panel has selected, Home puts the camera back, F12 (or PrtSc) saves a screenshot in the working
 * directory. A right click on a cloth
 * pins the node under the cursor where it is (a second click releases it); a right-button drag
 * pins every node seen inside the rectangle.
 *
 * <p>Options: {@code --click X,Y} right-clicks at a pixel (y up) once the cloth is built;
 * {@code --box X0,Y0,X1,Y1} right-drags over that rectangle; {@code --clip NAME} starts the
 * character on that clip (the clip list at the top right, or C, changes it);
 * {@code --select NAME} selects that cloth in the panel and frames it; {@code --hide-panel} starts
 * with the panels hidden; {@code --screenshot FILE --frames N} renders N frames, writes the last
 * one to FILE (PNG) with the selected cloth's silhouette beside it ({@link FrameCapture}) and
 * exits; {@code --record DIR} writes every frame to DIR and {@code --gif FILE} an animated GIF of
 * them (both with {@code --frames N}); {@code --size WxH}. With any of these the frame time is a
 * fixed 1/60 s and the solver runs on the render thread, so a run gives the same pictures.
 */
public class Previewer extends SimpleApplication {
    private static final Logger LOG = Logger.getLogger(Previewer.class.getName());

    private final FrameCapture.Outputs outputs;
    /** The scene shown (the showcase, {@link #defaultScene()}, unless a file is given). */
    org.isocloth.scene.SceneSpec sceneSpec;
    /** Where S saves ({@code NAME-edited.json}); the working directory by default. */
    Path saveDirectory = Path.of("");
    /** Files of the scene that live in a temporary directory (the showcase unpacked from the jar). */
    private final java.util.Set<Path> temporary = new java.util.HashSet<>();
    private ScenePreview preview;
    private Node shown;
    private ClothAppState cloth;
    /** The clip list (showcase only), and the clip asked for with {@code --clip}. */
    private ClipPanelState clipPanel;
    private ClothPanelState panel;
    private PreviewCamera camera;
    String startClip;
    /** The cloth to select and frame once built ({@code --select}), or null. */
    String selectName;
    /** Whether the panels start hidden ({@code --hide-panel}). */
    boolean hidePanel;
    private int frames;

    /**
     * @param screenshot where to write a PNG and exit after {@code frames} frames, or null to run
     *     interactively
     * @param frames frames to render before the screenshot
     */
    public Previewer(Path screenshot, int frames) {
        this(new FrameCapture.Outputs(screenshot, null, null, frames));
    }

    /** @param outputs what to write of the rendered frames (all paths null: run interactively) */
    Previewer(FrameCapture.Outputs outputs) {
        this.outputs = outputs;
    }

    private boolean capturing() {
        return outputs.screenshot() != null || outputs.recordDirectory() != null || outputs.gif() != null;
    }

    /**
     * Starts the previewer.
     *
     * @param args see the class description
     */
    public static void main(String[] args) {
        Path shot = null;
        Path record = null;
        Path gif = null;
        String select = null;
        boolean hide = false;
        Path scene = null;
        java.util.List<com.jme3.math.Vector2f> clicks = new java.util.ArrayList<>();
        java.util.List<com.jme3.math.Vector2f[]> boxes = new java.util.ArrayList<>();
        String clipName = null;
        int frames = 120;
        int width = 1280;
        int height = 720;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--screenshot" -> shot = Path.of(value(args, ++i, "--screenshot"));
                case "--record" -> record = Path.of(value(args, ++i, "--record"));
                case "--gif" -> gif = Path.of(value(args, ++i, "--gif"));
                case "--select" -> select = value(args, ++i, "--select");
                case "--hide-panel" -> hide = true;
                case "--frames" -> frames = parsePositive(value(args, ++i, "--frames"), "--frames");
                case "--clip" -> clipName = value(args, ++i, "--clip");
                case "--box" -> {
                    String[] q = value(args, ++i, "--box").split(",");
                    if (q.length != 4) {
                        fail("--box: expected X0,Y0,X1,Y1 in pixels, got " + args[i]);
                    }
                    boxes.add(new com.jme3.math.Vector2f[] {
                        new com.jme3.math.Vector2f(parsePositive(q[0], "--box x0"), parsePositive(q[1], "--box y0")),
                        new com.jme3.math.Vector2f(parsePositive(q[2], "--box x1"), parsePositive(q[3], "--box y1"))});
                }
                case "--click" -> {
                    String[] xy = value(args, ++i, "--click").split(",");
                    if (xy.length != 2) {
                        fail("--click: expected X,Y in pixels, got " + args[i]);
                    }
                    clicks.add(new com.jme3.math.Vector2f(parsePositive(xy[0], "--click x"),
                            parsePositive(xy[1], "--click y")));
                }
                case "--size" -> {
                    String[] wh = value(args, ++i, "--size").split("x");
                    if (wh.length != 2) {
                        fail("--size: expected WIDTHxHEIGHT, got " + args[i]);
                    }
                    width = parsePositive(wh[0], "--size width");
                    height = parsePositive(wh[1], "--size height");
                }
                default -> {
                    if (args[i].startsWith("--") || scene != null) {
                        fail("unknown option " + args[i]
                                + " (usage: cloth preview [SCENE.json] [--screenshot FILE] [--record DIR] [--gif FILE]"
                                + " [--frames N] [--size WxH] [--select CLOTH] [--hide-panel] [--click X,Y]"
                                + " [--box X0,Y0,X1,Y1] [--clip NAME])");
                    }
                    scene = Path.of(args[i]);
                }
            }
        }
        Previewer app = new Previewer(new FrameCapture.Outputs(shot, record, gif, frames));
        app.selectName = select;
        app.hidePanel = hide;
        try {
            app.sceneSpec = org.isocloth.scene.SceneReader.read(scene != null ? scene : app.defaultScene());
            // the cloth and collider meshes are read here, as `cloth run` reads them, so that a
            // broken file is one clear line before the window opens (jME reports errors of
            // simpleInitApp with a stack trace and exits 0)
            for (org.isocloth.scene.ClothSpec c : app.sceneSpec.cloths()) {
                org.isocloth.scene.SceneCloth.loadMesh(c.mesh());
            }
            for (org.isocloth.scene.ColliderSpec c : app.sceneSpec.colliders()) {
                org.isocloth.cli.SceneRun.buildCollider(c);
            }
            String wanted = select;
            if (wanted != null && app.sceneSpec.cloths().stream().noneMatch(c -> c.name().equals(wanted))) {
                fail("--select: the scene has no cloth '" + wanted + "' (it has "
                        + String.join(", ", app.sceneSpec.cloths().stream().map(c -> c.name()).toList()) + ")");
            }
        } catch (org.isocloth.InputException e) {
            fail(e.getMessage());
        } catch (IOException e) {
            fail("cannot unpack the showcase scene: " + e.getMessage());
        }
        app.pendingClicks.addAll(clicks);
        app.pendingBoxes.addAll(boxes);
        app.startClip = clipName;
        boolean capture = app.capturing();
        if (capture) {
            app.setTimer(new FixedTimer());
        }
        AppSettings settings = new AppSettings(true);
        settings.setTitle("IsoCloth previewer");
        settings.setResolution(width, height);
        settings.setSamples(capture ? 0 : 4);
        settings.setVSync(!capture);
        settings.setRenderer(AppSettings.LWJGL_OPENGL32);
        settings.setAudioRenderer(null);
        app.setSettings(settings);
        app.setShowSettings(false);
        app.setPauseOnLostFocus(false);
        app.start();
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            fail(option + ": missing value");
        }
        return args[i];
    }

    private static int parsePositive(String s, String option) {
        try {
            int v = Integer.parseInt(s);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        fail(option + ": expected a positive integer, got " + s);
        return 0;
    }

    private static void fail(String message) {
        System.err.println("cloth preview: " + message);
        System.exit(2);
    }

    @Override
    public void simpleInitApp() {
        viewPort.setBackgroundColor(new ColorRGBA(0.33f, 0.42f, 0.55f, 1));
        DirectionalLight sun = new DirectionalLight(new Vector3f(-0.4f, -1f, -0.6f).normalizeLocal(),
                ColorRGBA.White.mult(0.9f));
        rootNode.addLight(sun);
        rootNode.addLight(new AmbientLight(ColorRGBA.White.mult(0.45f)));

        cloth = new ClothAppState();
        if (sceneSpec == null) {
            try {
                sceneSpec = org.isocloth.scene.SceneReader.read(defaultScene());
            } catch (IOException e) {
                throw new IllegalStateException("cannot unpack the showcase scene: " + e.getMessage(), e);
            }
        }
        preview = new ScenePreview(sceneSpec, assetManager);
        shown = preview.root();
        preview.configure(cloth);
        cloth.setAnimator(preview::animate);
        shown.setShadowMode(com.jme3.renderer.queue.RenderQueue.ShadowMode.CastAndReceive);
        rootNode.attachChild(shown);
        com.jme3.shadow.DirectionalLightShadowRenderer shadows =
                new com.jme3.shadow.DirectionalLightShadowRenderer(assetManager, 2048, 2);
        shadows.setLight(sun);
        shadows.setShadowIntensity(0.45f);
        shadows.setEdgeFilteringMode(com.jme3.shadow.EdgeFilteringMode.PCF4);
        viewPort.addProcessor(shadows);
        stateManager.attach(cloth);
        panel = new ClothPanelState(cloth);
        panel.setResetStartsOver(true); // the character and the pins attached to it start over too
        if (capturing()) {
            panel.setRefreshInterval(0); // every captured frame shows its own statistics
        }
        stateManager.attach(panel);
        List<String> clips = preview.characterClips();
        if (!clips.isEmpty()) {
            // a clip change re-bakes the character's cache and starts the simulation over
            clipPanel = new ClipPanelState(clips, startClip != null ? startClip : preview.characterClip(), name -> {
                boolean changed = !name.equals(preview.characterClip());
                boolean ok = preview.setCharacterClip(name);
                if (ok && changed) {
                    cloth.restart();
                }
                return ok;
            });
            stateManager.attach(clipPanel);
        }

        flyCam.setEnabled(false);
        camera = new PreviewCamera(cam, rootNode, inputManager);

        ScreenshotAppState shots = new ScreenshotAppState("", "isocloth-preview");
        stateManager.attach(shots);
        inputManager.addMapping("screenshot-f12", new KeyTrigger(KeyInput.KEY_F12));
        inputManager.addMapping("clip", new KeyTrigger(KeyInput.KEY_C));
        inputManager.addMapping("pause", new KeyTrigger(KeyInput.KEY_SPACE));
        inputManager.addMapping("step", new KeyTrigger(KeyInput.KEY_N));
        inputManager.addMapping("reset", new KeyTrigger(KeyInput.KEY_R));
        inputManager.addMapping("save", new KeyTrigger(KeyInput.KEY_S));
        inputManager.addMapping("panels", new KeyTrigger(KeyInput.KEY_H));
        inputManager.addMapping("frame", new KeyTrigger(KeyInput.KEY_F));
        inputManager.addMapping("home", new KeyTrigger(KeyInput.KEY_HOME));
        inputManager.addMapping("method", new KeyTrigger(KeyInput.KEY_M));
        inputManager.addMapping("pin", new com.jme3.input.controls.MouseButtonTrigger(
                com.jme3.input.MouseInput.BUTTON_RIGHT));
        ActionListener keys = (name, pressed, tpf) -> {
            if (!pressed) {
                return;
            }
            switch (name) {
                case "screenshot-f12" -> shots.takeScreenshot();
                case "save" -> save();
                case "clip" -> {
                    if (clipPanel != null) {
                        clipPanel.next();
                    }
                }
                case "pause" -> cloth.setPaused(!cloth.isPaused());
                case "step" -> cloth.singleStep();
                case "reset" -> cloth.restart();
                case "panels" -> showPanels(!panel.isEnabled());
                case "frame" -> frameSelected();
                case "home" -> camera.reset();
                case "method" -> toggleMethod();
                default -> {
                }
            }
        };
        inputManager.addListener(keys, "screenshot-f12", "clip", "pause", "step", "reset", "save", "panels", "frame",
                "home", "method");
        ActionListener pins = (name, pressed, tpf) -> {
            com.jme3.math.Vector2f at = inputManager.getCursorPosition().clone();
            if (pressed) {
                pinPress = at;
                return;
            }
            if (pinPress != null && pinPress.distance(at) > 6) {
                boxPin(pinPress, at);
            } else if (pinPress != null) {
                togglePin(at);
            }
            pinPress = null;
        };
        inputManager.addListener(pins, "pin");
        setDisplayStatView(false);
        setDisplayFps(!capturing());

        if (capturing()) {
            // deterministic frames: a fixed frame time, threading off
            cloth.setThreaded(false);
            // the GUI viewport renders last: capture there so the panel is in the picture
            guiViewPort.addProcessor(new FrameCapture(outputs, cam, this::selectedGeometry, this::stop));
        }
        if (hidePanel) {
            showPanels(false);
        }
    }

    /** Shows or hides the cloth panel and the clip list (H). */
    void showPanels(boolean show) {
        panel.setEnabled(show);
        if (clipPanel != null) {
            clipPanel.setEnabled(show);
        }
    }

    /** Points the camera at the cloth the panel has selected (F). */
    private void frameSelected() {
        com.jme3.scene.Geometry g = selectedGeometry();
        if (g != null) {
            camera.frame(g);
        }
    }

    /**
     * Switches the selected cloth between the isometric solver and the real-time shape matching
     * for games (M); it continues from where it is.
     */
    void toggleMethod() {
        org.isocloth.jme.ClothControl c = panel.getSelectedCloth();
        if (c != null) {
            c.setSolverMethod(c.getSolverMethod() == org.isocloth.solver.SolverOptions.Method.ISOMETRIC
                    ? org.isocloth.solver.SolverOptions.Method.SHAPE_MATCHING
                    : org.isocloth.solver.SolverOptions.Method.ISOMETRIC);
            LOG.info(c.getGeometry().getName() + ": solver " + c.getSolverMethod());
        }
    }

    private com.jme3.scene.Geometry selectedGeometry() {
        org.isocloth.jme.ClothControl c = panel.getSelectedCloth();
        return c == null ? null : c.getGeometry();
    }

    /** Right clicks to make (pixel positions, y up) once the cloth is built: {@code --click X,Y}. */
    final java.util.List<com.jme3.math.Vector2f> pendingClicks = new java.util.ArrayList<>();
    /** Right-button drags to make (corner pairs, y up) once the cloth is built: {@code --box X0,Y0,X1,Y1}. */
    final java.util.List<com.jme3.math.Vector2f[]> pendingBoxes = new java.util.ArrayList<>();
    private com.jme3.math.Vector2f pinPress;

    @Override
    public void simpleUpdate(float tpf) {
        frames++;
        if (frames == 2) {
            if (selectName != null) {
                for (org.isocloth.jme.ClothControl c : preview.cloths()) {
                    if (c.getGeometry().getName().equals(selectName)) {
                        panel.selectCloth(c);
                        camera.frame(c.getGeometry());
                    }
                }
            }
            for (com.jme3.math.Vector2f c : pendingClicks) {
                togglePin(c);
            }
            for (com.jme3.math.Vector2f[] b : pendingBoxes) {
                boxPin(b[0], b[1]);
            }
        }
    }

    /** A timer that reports exactly 1/60 s per frame (deterministic screenshot runs). */
    static final class FixedTimer extends com.jme3.system.Timer {
        private long ticks;

        @Override
        public long getTime() {
            return ticks;
        }

        @Override
        public long getResolution() {
            return 60;
        }

        @Override
        public float getFrameRate() {
            return 60;
        }

        @Override
        public float getTimePerFrame() {
            return 1f / 60;
        }

        @Override
        public void update() {
            ticks++;
        }

        @Override
        public void reset() {
            ticks = 0;
        }
    }

    /** Pins added by clicking, per cloth and node. */
    private final java.util.Map<String, org.isocloth.jme.PinGroup> clickPins = new java.util.HashMap<>();

    /**
     * Pins (or, when pinned by an earlier click, releases) the cloth node nearest the point under
     * the cursor. The pin holds the node where it is, relative to its Geometry.
     *
     * @param cursor cursor position, pixels
     * @return a one-line description of what happened
     */
    public String togglePin(com.jme3.math.Vector2f cursor) {
        Vector3f origin = cam.getWorldCoordinates(cursor, 0);
        Vector3f direction = cam.getWorldCoordinates(cursor, 1).subtractLocal(origin).normalizeLocal();
        com.jme3.collision.CollisionResults hits = new com.jme3.collision.CollisionResults();
        shown.depthFirstTraversal(sp -> {
            if (sp instanceof com.jme3.scene.Geometry g && g.getControl(org.isocloth.jme.ClothControl.class) != null) {
                g.getMesh().clearCollisionData(); // the streamed positions moved since the last pick
            }
        });
        shown.collideWith(new com.jme3.math.Ray(origin, direction), hits);
        for (com.jme3.collision.CollisionResult hit : hits) {
            com.jme3.scene.Geometry g = hit.getGeometry();
            org.isocloth.jme.ClothControl c = g.getControl(org.isocloth.jme.ClothControl.class);
            if (c == null || !c.isBuilt()) {
                continue;
            }
            Vector3f p = hit.getContactPoint();
            double[] x = c.getNodePositions();
            int best = -1;
            double bestD = Double.MAX_VALUE;
            for (int i : c.getNodes()) {
                double dx = x[3 * i] - p.x;
                double dy = x[3 * i + 1] - p.y;
                double dz = x[3 * i + 2] - p.z;
                double d = dx * dx + dy * dy + dz * dz;
                if (d < bestD) {
                    bestD = d;
                    best = i;
                }
            }
            String key = g.getName() + "#" + best;
            org.isocloth.jme.PinGroup old = clickPins.remove(key);
            String what;
            if (old != null) {
                c.removePinGroup(old);
                what = "released node " + best + " of " + g.getName();
            } else {
                pinNode(g, c, best);
                what = "pinned node " + best + " of " + g.getName();
            }
            LOG.info(what);
            return what;
        }
        return "no cloth under the cursor";
    }

    /** Pins one node where it is (a tiny box around its rest position, in the Geometry's frame). */
    private void pinNode(com.jme3.scene.Geometry g, org.isocloth.jme.ClothControl c, int node) {
        clickPins.put(g.getName() + "#" + node, pinNode(g, c, node, true));
    }

    /**
     * Adds the pin group a click makes: a box of ±0.1 mm around the node's rest position in the
     * Geometry's frame, which holds that node alone (a scene file saves it as such a box).
     *
     * @param g the cloth's Geometry
     * @param c its ClothControl (built)
     * @param node node index in the control's model
     * @param add whether to add it to the control
     * @return the pin group
     */
    static org.isocloth.jme.PinGroup pinNode(com.jme3.scene.Geometry g, org.isocloth.jme.ClothControl c, int node,
            boolean add) {
        double[] rest = c.getModel().restPositions;
        Vector3f local = g.worldToLocal(new Vector3f((float) rest[3 * node], (float) rest[3 * node + 1],
                (float) rest[3 * node + 2]), null);
        Vector3f e = new Vector3f(1e-4f, 1e-4f, 1e-4f);
        org.isocloth.jme.PinGroup pin = org.isocloth.jme.PinGroup.box(local.subtract(e), local.add(e));
        if (add) {
            c.addPinGroup(pin);
        }
        return pin;
    }

    /**
     * Pins every cloth node whose current position is seen inside a screen rectangle (a right-
     * button drag), hidden ones included; nodes already pinned by a click stay as they are.
     *
     * @param a one corner, pixels (y up)
     * @param b the opposite corner, pixels
     * @return a one-line description of what happened
     */
    public String boxPin(com.jme3.math.Vector2f a, com.jme3.math.Vector2f b) {
        float x0 = Math.min(a.x, b.x);
        float x1 = Math.max(a.x, b.x);
        float y0 = Math.min(a.y, b.y);
        float y1 = Math.max(a.y, b.y);
        StringBuilder what = new StringBuilder();
        shown.depthFirstTraversal(sp -> {
            if (!(sp instanceof com.jme3.scene.Geometry g)) {
                return;
            }
            org.isocloth.jme.ClothControl c = g.getControl(org.isocloth.jme.ClothControl.class);
            if (c == null || !c.isBuilt()) {
                return;
            }
            double[] x = c.getNodePositions();
            int count = 0;
            Vector3f w = new Vector3f();
            for (int i : c.getNodes()) {
                w.set((float) x[3 * i], (float) x[3 * i + 1], (float) x[3 * i + 2]);
                Vector3f s = cam.getScreenCoordinates(w);
                boolean inFront = s.z > 0 && s.z < 1;
                if (inFront && s.x >= x0 && s.x <= x1 && s.y >= y0 && s.y <= y1
                        && !clickPins.containsKey(g.getName() + "#" + i)) {
                    pinNode(g, c, i);
                    count++;
                }
            }
            if (count > 0) {
                what.append(what.length() > 0 ? "; " : "").append("box-pinned ").append(count).append(" nodes of ")
                        .append(g.getName());
            }
        });
        String result = what.length() > 0 ? what.toString() : "no cloth node in the box";
        LOG.info(result);
        return result;
    }

    /**
     * The previewer's default scene, {@code isocloth/scenes/showcase.json}: the file itself when
     * the classes run from a directory, else (from a jar) unpacked with the character cache it
     * plays into a temporary directory.
     *
     * @return the scene file
     * @throws IOException if it cannot be unpacked
     */
    Path defaultScene() throws IOException {
        String scene = "isocloth/scenes/showcase.json";
        java.net.URL url = Previewer.class.getResource("/" + scene);
        if (url == null) {
            throw new IOException(scene + " is not on the class path");
        }
        if ("file".equals(url.getProtocol())) {
            try {
                return Path.of(url.toURI());
            } catch (java.net.URISyntaxException e) {
                throw new IOException(e);
            }
        }
        Path dir = Files.createTempDirectory("isocloth-showcase");
        // deleted at exit in the reverse order of registration: directories first, files last
        for (String sub : new String[] {"", "isocloth", "isocloth/scenes", "isocloth/scenes/characters"}) {
            Files.createDirectories(dir.resolve(sub));
            dir.resolve(sub).toFile().deleteOnExit();
        }
        for (String name : new String[] {scene, "isocloth/scenes/characters/jaime-walk.isocache"}) {
            Path out = dir.resolve(name);
            try (java.io.InputStream in = Previewer.class.getResourceAsStream("/" + name)) {
                if (in == null) {
                    throw new IOException(name + " is not on the class path");
                }
                Files.copy(in, out);
            }
            out.toFile().deleteOnExit();
            temporary.add(out.toAbsolutePath().normalize());
        }
        return dir.resolve(scene);
    }

    /**
     * Saves the scene shown, with the materials and solver settings as tuned, the pins added by
     * clicks and box drags, and the character's clip, as {@code NAME-edited.json} in the save
     * directory (the working directory): a scene {@code cloth run} accepts. Caches that exist only
     * in temporary files (a character switched to another clip, the showcase unpacked from the
     * jar) are copied next to it as {@code NAME-edited-COLLIDER.isocache}. The files appear
     * complete or not at all.
     *
     * @return the file written, or null if it could not be written (logged)
     */
    public Path save() {
        return save(preview, saveDirectory, temporary);
    }

    /**
     * Saves what a scene preview shows (see {@link #save()}).
     *
     * @param preview the preview
     * @param directory where to write
     * @param temporary scene files in temporary places, to be copied next to the saved scene
     * @return the file written, or null if it could not be written (logged)
     */
    static Path save(ScenePreview preview, Path directory, java.util.Set<Path> temporary) {
        org.isocloth.scene.SceneSpec edited = preview.edited();
        Path dir = directory.toAbsolutePath().normalize();
        Path out = dir.resolve(edited.name() + "-edited.json");
        try {
            java.util.Set<Path> copy = new java.util.HashSet<>(temporary);
            for (Path p : preview.bakedCaches()) {
                copy.add(p.toAbsolutePath().normalize());
            }
            List<org.isocloth.scene.ColliderSpec> colliders = new ArrayList<>();
            for (org.isocloth.scene.ColliderSpec c : edited.colliders()) {
                if (c instanceof org.isocloth.scene.CacheColliderSpec q && copy.contains(q.path().toAbsolutePath().normalize())) {
                    Path target = dir.resolve(edited.name() + "-edited-" + q.name().replaceAll("[^A-Za-z0-9_.-]", "_")
                            + ".isocache");
                    Path tmp = Files.createTempFile(dir, "cache", ".isocache.tmp");
                    Files.copy(q.path(), tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                            java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                    c = new org.isocloth.scene.CacheColliderSpec(q.name(), target, q.loop(), q.loopFrom(), q.friction(),
                            q.model(), q.clip());
                }
                colliders.add(c);
            }
            org.isocloth.scene.SceneSpec placed = new org.isocloth.scene.SceneSpec(edited.name(), out, edited.fps(),
                    edited.frames(), edited.substeps(), edited.gravity(), edited.solver(), edited.cloths(), colliders,
                    edited.wind(), edited.gust(), edited.aerodynamics());
            Path tmp = Files.createTempFile(dir, "scene", ".json.tmp");
            Files.writeString(tmp, org.isocloth.scene.SceneWriter.toJson(placed));
            Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            LOG.log(Level.INFO, "saved {0}", out);
            return out;
        } catch (IOException e) {
            LOG.log(Level.SEVERE, "could not save " + out + ": " + e.getMessage(), e);
            return null;
        }
    }

    /** @return the current animation clip ("" without a character) */
    public String currentClip() {
        return clipPanel != null ? clipPanel.current() : "";
    }
}
