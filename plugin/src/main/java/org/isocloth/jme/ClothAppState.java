package org.isocloth.jme;

import com.jme3.app.Application;
import com.jme3.app.SimpleApplication;
import com.jme3.app.state.BaseAppState;
import com.jme3.math.Vector3f;
import com.jme3.renderer.Camera;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import com.jme3.scene.control.Control;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.model.Limits;
import org.isocloth.model.Range;

/**
 * Simulates every {@link ClothControl} below its root nodes, with the colliders found there
 * ({@link ColliderProvider} controls such as {@link ClothColliderControl}) and those registered
 * with {@link #addColliderProvider} (a Minie physics space, for example).
 *
 * <h2>Time</h2>
 * A fixed time step ({@link #setTimeStep}, default 1/60 s) is taken as many times as the time
 * the scene moved (times {@link #setSpeed speed}) allows, at most {@link #setMaxStepsPerFrame}
 * times per frame (default 4). App states update before the scene, so an update reads the poses
 * the previous frame left and steps over that frame's time ({@link FrameClock}). Time beyond the
 * cap is dropped, and the part of the scene's motion the cloth does not simulate (dropped time, a
 * speed below 1, a pause) is skipped rather than swept through the cloth: colliders start the
 * frame's steps at rest that far along their motion, and the cloth is first carried rigidly with
 * the Spatial most of its pins follow ({@link ClothPins#teleport}).
 *
 * <h2>Threads</h2>
 * With {@link #setThreaded threaded} on (the default), the steps of a frame run on a worker
 * thread while the render thread draws; their result is shown at the first update after they
 * finish, so cloth is at least one frame behind the scene (the pins and colliders it saw are
 * those of the frame that started the job). An update never waits for the solver: while a job
 * is still running it shows the newest finished state, and the frame's steps wait for the next
 * job (at most {@link #setMaxStepsPerFrame} of them; {@link #getBusyFrameCount} counts such
 * frames and {@link #getDroppedTime} the time dropped). A solver slower than the frame rate
 * therefore gives cloth in slow motion against a game running at full speed; each job's
 * colliders and pins move from the pose of the frame that started the previous job to that of
 * the frame that starts it. The render thread reads colliders, pins and parameters, and writes
 * meshes; the worker touches only the solvers and sim-core colliders. With threading off, each
 * update steps and shows its result at once.
 *
 * <h2>Failures</h2>
 * A cloth whose mesh is invalid is not simulated: the error is logged (SEVERE) and reported to the
 * {@link ClothListener}s once, and the cloth is suspended until its {@link ClothControl#reset()}.
 * So is a cloth whose frame cannot be prepared (a pin group that does not fit its mesh). A step
 * that fails (diverged solve, non-finite state or input) restores the cloth's last good state, is
 * logged (WARNING) and reported; after {@link #setMaxConsecutiveFailures} failures in a row the
 * cloth is suspended until its reset. The listeners are told {@link ClothControl#isSuspended()}.
 * The game keeps running in every case.
 *
 * <h2>Parameters</h2>
 * The setters check their values against the ranges a scene file's fields are checked against
 * ({@link Limits}), taking a float argument as the decimal it prints as.
 */
public class ClothAppState extends BaseAppState {
    private static final Logger LOG = Logger.getLogger(ClothAppState.class.getName());
    /** Allowed simulation speeds relative to real time. */
    private static final Range SPEED = Range.closed(0, 100);

    private final List<Spatial> roots = new ArrayList<>();
    private final List<ColliderProvider> providers = new CopyOnWriteArrayList<>();
    private final List<ClothListener> listeners = new CopyOnWriteArrayList<>();
    private final FrameClock clock = new FrameClock(1.0 / 60, 4);
    private final StepAccumulator accumulator = clock.accumulator();
    private final Vector3f gravity = new Vector3f(0, -9.81f, 0);
    private final Vector3f wind = new Vector3f();
    private volatile org.isocloth.model.Aerodynamics aerodynamics;
    private float gust;
    private float gustPeriod = 2f;
    private float speed = 1;
    private boolean paused;
    private int singleSteps;
    private boolean threaded = true;
    private int maxConsecutiveFailures = 3;
    private java.util.function.DoubleConsumer animator;

    private final ClothRoster roster = new ClothRoster(this, listeners);
    private final FrameColliders frameColliders = new FrameColliders();
    private double simTime;
    private ExecutorService worker;
    private Future<?> job;
    private List<ClothSimulation> jobCloths = List.of();
    private long frames;

    /** Simulates the cloth below the application's root node (a SimpleApplication's). */
    public ClothAppState() {
    }

    /**
     * Simulates the cloth below the given nodes.
     *
     * @param scanRoots the nodes to search for cloth and collider controls (not null)
     */
    public ClothAppState(Spatial... scanRoots) {
        for (Spatial s : scanRoots) {
            if (s == null) {
                throw new IllegalArgumentException("ClothAppState: a root is null");
            }
            roots.add(s);
        }
    }

    // ------------------------------------------------------------------ settings

    /** @return the fixed time step, s */
    public float getTimeStep() {
        return (float) accumulator.step();
    }

    /**
     * @param step the fixed time step, s (in [1e-7, 1], {@link Limits#TIME_STEP}: a scene's
     *     {@code 1 / (fps · substeps)}; default 1/60)
     */
    public void setTimeStep(float step) {
        ParameterCheck.inRange("ClothAppState.timeStep", step, Limits.TIME_STEP, " s");
        // The step is the float itself, not its decimal, so that a step of 1f/60 takes exactly one
        // step per frame of tpf 1f/60 (its decimal, 0.016666668, is longer than that tpf). A float
        // whose decimal is in [1e-7, 1] is itself in it: 1e-7 and 1 round to floats inside.
        accumulator.setStep(step);
    }

    /** @return the most steps one frame may take */
    public int getMaxStepsPerFrame() {
        return accumulator.maxSteps();
    }

    /** @param max the most steps one frame may take (in [1, 1000]; default 4) */
    public void setMaxStepsPerFrame(int max) {
        accumulator.setMaxSteps(max);
    }

    /** @return simulation speed relative to real time */
    public float getSpeed() {
        return speed;
    }

    /** @param speed simulation speed relative to real time (in [0, 100]; 1 = real time) */
    public void setSpeed(float speed) {
        ParameterCheck.inRange("ClothAppState.speed", speed, SPEED, "");
        this.speed = speed;
    }

    /** @return whether the simulation is paused */
    public boolean isPaused() {
        return paused;
    }

    /** @param paused whether to pause the simulation (cloth stays where it is) */
    public void setPaused(boolean paused) {
        if (paused == this.paused) {
            return;
        }
        this.paused = paused;
        clock.clear();
    }

    /** Takes one time step at the next update, even when paused. */
    public void singleStep() {
        singleSteps++;
    }

    /**
     * Starts the simulation over: every cloth back to its original mesh at rest and the simulated
     * time back to 0, so that motions scripted on the simulated time (the {@link #setAnimator}
     * hook, the wind's gusts) start over with it. The animator is called for time 0 at once and
     * the pins are re-applied there. Finishes a step job under way first.
     */
    public void restart() {
        finishJob();
        simTime = 0;
        clock.clear();
        if (animator != null) {
            // pins follow their Spatials from where those are at time 0
            animator.accept(0);
            for (Spatial r : roots) {
                r.updateGeometricState();
            }
        }
        for (ClothSimulation s : roster.simulations()) {
            try {
                s.restartNow();
            } catch (RuntimeException ex) {
                prepareFailed(s, ex);
            }
        }
        for (ClothControl c : roster.brokenControls()) {
            c.reset();
        }
    }

    /** Resets every cloth to its original mesh, at rest, at the next update. */
    public void resetAll() {
        for (ClothControl c : roster.controls()) {
            c.reset();
        }
        for (ClothControl c : roster.brokenControls()) {
            c.reset();
        }
    }

    /** @return whether steps run on a worker thread */
    public boolean isThreaded() {
        return threaded;
    }

    /** @param threaded whether steps run on a worker thread overlapped with rendering (default true) */
    public void setThreaded(boolean threaded) {
        finishJob();
        this.threaded = threaded;
    }

    /** @return gravity, m/s² (a copy) */
    public Vector3f getGravity() {
        return gravity.clone();
    }

    /**
     * @param g gravity, m/s² (finite, magnitude at most 1000 m/s², {@link Limits#MAX_GRAVITY}, as
     *     in a scene file; not null; default (0, −9.81, 0))
     */
    public void setGravity(Vector3f g) {
        String why = Limits.gravityViolation(ParameterCheck.finiteVector("ClothAppState.gravity", g));
        if (why != null) {
            throw new IllegalArgumentException("ClothAppState.gravity: " + why);
        }
        gravity.set(g);
    }

    /** @return the mean wind velocity, m/s (a copy) */
    public Vector3f getWind() {
        return wind.clone();
    }

    /**
     * Sets the wind, the air's velocity: each cloth feels −drag·A·(v − wind) through its
     * {@link ClothControl#setDrag drag} (no drag, no wind).
     *
     * @param w mean wind velocity, m/s (finite, speed at most 100 m/s, {@link Limits#MAX_WIND}, as
     *     in a scene file; not null)
     */
    public void setWind(Vector3f w) {
        String why = Limits.windViolation(ParameterCheck.finiteVector("ClothAppState.wind", w));
        if (why != null) {
            throw new IllegalArgumentException("ClothAppState.wind: " + why);
        }
        wind.set(w);
    }

    /**
     * Sets the per-triangle air forces on every cloth ({@link org.isocloth.model.Aerodynamics}:
     * pressure drag, skin friction, lift and turbulence from the wind relative to every triangle),
     * the same as a scene file's {@code "aerodynamics"}; on top of each cloth's linear drag.
     *
     * @param air the coefficients, or null for none (the default)
     */
    public void setAerodynamics(org.isocloth.model.Aerodynamics air) {
        aerodynamics = air;
    }

    /** @return the per-triangle air forces' coefficients, or null when there are none */
    public org.isocloth.model.Aerodynamics getAerodynamics() {
        return aerodynamics;
    }

    /** @return gust amplitude relative to the mean wind */
    public float getGust() {
        return gust;
    }

    /**
     * Makes the wind gust: its speed varies as wind·(1 + amplitude·s(t)) with s a smooth
     * pseudo-random signal of the given period (a sum of three sines), the same for all cloth and
     * the same as a scene file's {@code "gust"} ({@link org.isocloth.model.Gust}).
     *
     * @param amplitude relative gust amplitude (in [0, 1], {@link Limits#GUST_AMPLITUDE}; 0 = steady)
     * @param period main gust period, s (in [0.1, 100], {@link Limits#GUST_PERIOD})
     */
    public void setGust(float amplitude, float period) {
        ParameterCheck.inRange("ClothAppState.gust.amplitude", amplitude, Limits.GUST_AMPLITUDE, "");
        ParameterCheck.inRange("ClothAppState.gust.period", period, Limits.GUST_PERIOD, " s");
        gust = amplitude;
        gustPeriod = period;
    }

    /**
     * The wind at a simulated time.
     *
     * @param t simulated time, s
     * @return the wind velocity then, m/s (a new vector)
     */
    public Vector3f windAt(double t) {
        return wind.mult((float) org.isocloth.model.Gust.factor(t, gust, gustPeriod));
    }

    /** @return failures in a row that suspend a cloth */
    public int getMaxConsecutiveFailures() {
        return maxConsecutiveFailures;
    }

    /** @param max failures in a row that suspend a cloth (≥ 1; default 3) */
    public void setMaxConsecutiveFailures(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("ClothAppState.maxConsecutiveFailures: must be >= 1 (got " + max + ")");
        }
        maxConsecutiveFailures = max;
    }

    /**
     * Sets a hook that poses the scene for a simulated time: called on the render thread in every
     * update that steps, just before pins and colliders are read, with the simulated time the
     * coming steps end at (so scripted motions can be evaluated exactly at that time).
     *
     * @param hook the hook, or null for none
     */
    public void setAnimator(java.util.function.DoubleConsumer hook) {
        this.animator = hook;
    }

    /** @param provider a collider source outside the scene graph, e.g. a Minie physics space */
    public void addColliderProvider(ColliderProvider provider) {
        providers.add(java.util.Objects.requireNonNull(provider, "provider"));
    }

    /** @param provider a provider added before */
    public void removeColliderProvider(ColliderProvider provider) {
        providers.remove(provider);
    }

    /** @param listener told about cloth failures (render thread) */
    public void addClothListener(ClothListener listener) {
        listeners.add(java.util.Objects.requireNonNull(listener, "listener"));
    }

    /** @param listener a listener added before */
    public void removeClothListener(ClothListener listener) {
        listeners.remove(listener);
    }

    /** @return the cloths being simulated, in the order they were found (a copy) */
    public List<ClothControl> getCloths() {
        return roster.controls();
    }

    /** @return the colliders of the last simulated frame (a copy) */
    public List<SceneCollider> getColliders() {
        return new ArrayList<>(frameColliders.scene());
    }

    /** @return simulated time, s */
    public double getTime() {
        return simTime;
    }

    /**
     * @return the simulated time dropped so far, s: by the step cap of a frame, and by frames that
     *     found the solver still busy while more than a frame's cap of steps was owed (the cloth
     *     then runs in slow motion rather than falling ever further behind)
     */
    public double getDroppedTime() {
        return clock.dropped();
    }

    /**
     * @return how many updates found the solver still working on an earlier frame's steps; those
     *     frames showed the newest finished state without waiting
     */
    public long getBusyFrameCount() {
        return clock.busyFrames();
    }

    /**
     * Waits until the steps started by the last update have finished and shows them, as the next
     * update would (render thread). For tools and tests that need every update's steps shown;
     * a game never needs it.
     */
    public void awaitSteps() {
        finishJob();
    }

    // ------------------------------------------------------------------ lifecycle

    @Override
    protected void initialize(Application app) {
        if (roots.isEmpty()) {
            if (app instanceof SimpleApplication simple) {
                roots.add(simple.getRootNode());
            } else {
                throw new IllegalStateException("ClothAppState: the application is not a SimpleApplication;"
                        + " pass the root nodes to scan to the constructor");
            }
        }
        worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "IsoCloth solver");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    protected void cleanup(Application app) {
        finishJob();
        if (worker != null) {
            worker.shutdownNow();
            worker = null;
        }
        roster.clear();
    }

    /** Whether this state is simulating the cloth now (attached, and the cloth in its scene). */
    boolean simulates(ClothControl c) {
        return roster.simulates(c);
    }

    @Override
    protected void onEnable() {
        clock.clear();
    }

    @Override
    protected void onDisable() {
        finishJob();
    }

    /**
     * Advances the simulation by one frame (see the class description). Public so that a test or
     * a tool can drive the state without an application loop.
     */
    @Override
    public void update(float tpf) {
        frames++;
        int steps = clock.frame(tpf, animator != null, paused, speed);
        if (singleSteps > 0) {
            steps = Math.max(steps, 1);
        }
        if (job != null && !job.isDone()) {
            // the solver is still on an earlier frame's steps: the frame shows the newest finished
            // state and never waits; its steps are kept for the next job
            clock.busy(steps);
            return;
        }
        clock.taken();
        if (singleSteps > 0) {
            singleSteps--;
        }
        finishJob();
        scan();
        roster.reportOverlaps();
        Camera camera = lodCamera != null ? lodCamera : getApplication() != null ? getApplication().getCamera() : null;
        if (camera != null) {
            for (ClothSimulation s : roster.simulations()) {
                for (ClothControl c : s.controls()) {
                    c.observeCamera(camera.getLocation());
                }
            }
        }
        if (steps == 0) {
            // Nothing moves. Colliders and pins are captured only on frames that step, so that
            // each capture pairs with the simulated time it belongs to; resets show at once.
            for (ClothSimulation s : roster.simulations()) {
                if (s.renderResetIfRequested()) {
                    s.renderApply();
                }
            }
            return;
        }
        double dt = accumulator.step();
        double t0 = simTime;
        double t1 = simTime + steps * dt;
        if (animator != null) {
            animator.accept(t1);
            for (Spatial r : roots) {
                r.updateGeometricState();
            }
        }
        // The scene moved for the game time since the last capture; the cloth simulates the part
        // of it that was owed and not dropped (less with a speed below 1, nothing while paused).
        // The rest of that motion is skipped, not swept through the cloth at an inflated speed.
        final double skipped = clock.skippedFraction(animator != null);
        frameColliders.capture();
        List<ClothSimulation> active = new ArrayList<>();
        Vector3f w = windAt(0.5 * (t0 + t1));
        for (ClothSimulation s : roster.simulations()) {
            try {
                s.renderPrepare(gravity, frameColliders.sim(), skipped);
                s.solver().setWind(new double[] {w.x, w.y, w.z});
                s.solver().setAerodynamics(s.controls().get(0).isAirForces() ? aerodynamics : null);
            } catch (RuntimeException ex) {
                // renderPrepare first carries out a requested reset, which lifts a suspension; a
                // cloth still suspended was reported when it was suspended
                if (!s.isSuspended()) {
                    prepareFailed(s, ex);
                }
                continue;
            }
            if (!s.isSuspended()) {
                active.add(s);
            }
        }
        simTime = t1;
        final int n = steps;
        final List<SceneCollider> capturedColliders = new ArrayList<>(frameColliders.scene());
        Runnable work = () -> {
            for (SceneCollider c : capturedColliders) {
                try {
                    c.beginInterval(t0, t1, skipped);
                } catch (RuntimeException e) {
                    FrameColliders.failed(c, e);
                }
            }
            for (ClothSimulation s : active) {
                s.beginJob();
            }
            for (int i = 0; i < n; i++) {
                double s0 = t0 + i * dt;
                double s1 = s0 + dt;
                for (SceneCollider c : capturedColliders) {
                    try {
                        c.beforeStep(s0, s1);
                    } catch (RuntimeException e) {
                        FrameColliders.failed(c, e);
                    }
                }
                for (ClothSimulation s : active) {
                    s.step(dt, (i + 1.0) / n);
                }
            }
            for (ClothSimulation s : active) {
                s.endJob();
            }
        };
        jobCloths = active;
        if (threaded && worker != null) {
            job = worker.submit(work);
        } else {
            work.run();
            publish();
        }
    }

    /**
     * A cloth whose frame cannot be prepared (a pin group that does not fit its mesh, parameters
     * its model cannot be rebuilt with) is suspended until its reset, with the cloths simulated
     * together with it; logged and reported for each.
     */
    private void prepareFailed(ClothSimulation s, RuntimeException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        if (!message.startsWith("cloth '") && !message.startsWith("cloths '")) {
            message = s.controls().size() == 1 ? "cloth '" + s.controls().get(0).getGeometry().getName() + "': " + message
                    : s + ": " + message;
        }
        s.suspend();
        LOG.log(Level.SEVERE, "{0}; suspended until reset", message);
        tell(s, message);
    }

    /** Reports a failure to the listeners, once for each cloth of the simulation. */
    private void tell(ClothSimulation s, String message) {
        for (ClothControl c : s.controls()) {
            for (ClothListener l : listeners) {
                l.clothFailed(c, message, c.isSuspended());
            }
        }
    }

    /** Waits for the running job, if any, and shows its results (render thread). */
    private void finishJob() {
        Future<?> j = job;
        if (j == null) {
            return;
        }
        job = null;
        try {
            j.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.log(Level.WARNING, "IsoCloth: interrupted while waiting for the solver thread");
            return;
        } catch (ExecutionException e) {
            // ClothSimulation.step catches its own failures; this is a collider or a bug
            LOG.log(Level.SEVERE, "IsoCloth: the solver thread failed: " + e.getCause(), e.getCause());
        }
        publish();
    }

    private void publish() {
        for (ClothSimulation s : jobCloths) {
            boolean wasSuspended = s.isSuspended();
            String failure = s.renderFinishJob(maxConsecutiveFailures);
            if (failure != null) {
                boolean suspended = s.isSuspended() && !wasSuspended;
                LOG.log(suspended ? Level.SEVERE : Level.WARNING, "{0}; restored the last good state{1}",
                        new Object[] {failure, suspended ? "; suspended until reset" : ""});
                tell(s, failure);
            }
        }
        jobCloths = List.of();
    }

    /** Finds cloth controls and collider providers below the roots; builds new cloths. */
    private void scan() {
        List<ClothControl> found = new ArrayList<>();
        List<ColliderProvider> sceneProviders = new ArrayList<>();
        for (Spatial root : roots) {
            root.depthFirstTraversal(s -> {
                for (int i = 0; i < s.getNumControls(); i++) {
                    Control c = s.getControl(i);
                    if (c instanceof ClothControl cloth && cloth.isEnabled()) {
                        found.add(cloth);
                    }
                    if (c instanceof ColliderProvider p) {
                        sceneProviders.add(p);
                    }
                }
            });
        }
        roster.sync(found, gravity);
        frameColliders.setProviders(sceneProviders, providers);
    }

    /**
     * @return the camera whose distance decides which cloths are stepped by shape matching
     *     ({@link ClothControl#setShapeMatchingDistance}), or null for the application's camera
     */
    public Camera getLodCamera() {
        return lodCamera;
    }

    /**
     * @param camera the camera whose distance decides which cloths are stepped by shape matching
     *     ({@link ClothControl#setShapeMatchingDistance}); null (the default) takes the
     *     application's camera
     */
    public void setLodCamera(Camera camera) {
        lodCamera = camera;
    }

    private Camera lodCamera;

    /** @return the number of updates so far */
    public long getFrameCount() {
        return frames;
    }

    /**
     * Finds the ClothControl of a Spatial or its descendants.
     *
     * @param spatial where to look (not null)
     * @return the first ClothControl found depth-first, or null
     */
    public static ClothControl findCloth(Spatial spatial) {
        ClothControl[] out = new ClothControl[1];
        spatial.depthFirstTraversal(s -> {
            if (out[0] == null && s.getControl(ClothControl.class) != null) {
                out[0] = s.getControl(ClothControl.class);
            }
        });
        return out[0];
    }

    /** @return the scan roots (a copy) */
    public List<Spatial> getRoots() {
        return new ArrayList<>(roots);
    }

    /** @param node an extra node to scan for cloth and colliders */
    public void addRoot(Node node) {
        roots.add(java.util.Objects.requireNonNull(node, "node"));
    }
}
