package org.isocloth.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.jme3.math.Vector3f;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import java.util.Random;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * The walking cape of {@link JaimeCapeTest} under a game's real timer: frames of random length,
 * and stalls (a level loading, a debugger stop) after which one frame carries seconds. The cloth
 * takes at most 4 steps of 1/60 s per frame, so it drops time in every frame longer than 67 ms
 * and almost all of each stall, while the scene moves by the whole frame.
 */
class JitteryTimerTest {
    private static final Logger LOG = Logger.getLogger(JitteryTimerTest.class.getName());

    /** Frame times: 5–100 ms (uniform, seeded), and 2 s once past 8 s and once past 20 s. */
    private static final class JitteryTimer {
        private final Random random = new Random(21);
        private double time;
        private boolean stalled8;
        private boolean stalled20;

        float next() {
            float tpf = 0.005f + 0.095f * random.nextFloat();
            if (!stalled8 && time > 8) {
                tpf = 2;
                stalled8 = true;
            } else if (!stalled20 && time > 20) {
                tpf = 2;
                stalled20 = true;
            }
            time += tpf;
            return tpf;
        }
    }

    @Test
    void aCapeOnWalkingJaimeSurvivesAJitteryTimerAndStalls() {
        // 30 s of Jaime's walk (in place), the cape pinned to its ribs straight after loading.
        // Every frame the cape must have no failed step, its red edges within the strain
        // tolerance, and no node deeper inside the skin (as the cloth saw it) than the collision
        // thickness.
        Node root = new Node("root");
        JaimeCapeTest.WalkingCape scene = JaimeCapeTest.walkingCape(root);
        ClothControl cloth = scene.cloth();
        SkinnedColliderControl body = scene.body();
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        JitteryTimer timer = new JitteryTimer();
        double thickness = cloth.getThickness();
        double worstRed = 0;
        double worstDepth = 0;
        int frames = 0;
        while (timer.time < 30) {
            float tpf = timer.next();
            state.update(tpf);
            root.updateLogicalState(tpf);
            root.updateGeometricState();
            if (++frames == 1) {
                continue; // the first update only builds the cloth
            }
            ClothStats s = cloth.getStats();
            String where = String.format("frame %d (t = %.2f s, tpf %.3f s): %s", frames, timer.time, tpf, s);
            assertEquals(0, s.failures(), where);
            assertTrue(s.redStrain() <= cloth.getStrainTolerance(), where);
            worstRed = Math.max(worstRed, s.redStrain());
            SkinnedColliderControl.SkinCollider skin = body.currentColliders().get(0);
            for (double d : JaimeCapeTest.penetrationDepths(cloth.getNodePositions(), skin.capturedPositions(),
                    skin.triangles())) {
                worstDepth = Math.max(worstDepth, d);
                assertTrue(d <= thickness, where + ": a cape node is " + d + " m inside the skin");
            }
        }
        LOG.info(String.format("jittery timer, walking in place, %d frames over %.1f s: %d steps, %.2f s dropped,"
                + " worst red %.3g, deepest node %.3g m", frames, timer.time, cloth.getStats().steps(),
                state.getDroppedTime(), worstRed, worstDepth));
        assertTrue(timer.stalled8 && timer.stalled20);
    }

    @Test
    void aCapeStaysWithACharacterThatMovesThroughStalls() {
        // The same cape while Jaime also moves forward at 1.5 m/s (as a character controller
        // moves it), without the skin collider: a stall carries the ribs 3 m in one frame. The
        // time the cloth drops is not swept through it: the cape is carried rigidly with the ribs
        // over the dropped part of the motion and steps through the rest at the scene's speed.
        // Swept instead, a stall whipped the cape off its 3 m path (0.6 m from the ribs,
        // 340 iterations per step). Every frame: no failed step, red edges within the tolerance,
        // every node within 0.5 m of the ribs the cloth was solved against (the farthest cape
        // corner hangs 0.45 m from them: 0.38 m below and 0.18 m to the side), and the steps take
        // at most 5 iterations on average (a free cape swinging takes 1–3).
        MovingCape m = movingCape();
        Node root = m.root();
        JaimeCapeTest.WalkingCape scene = m.scene();
        ClothControl cloth = scene.cloth();
        Spatial jaime = m.jaime();
        ClothAppState state = m.state();
        JitteryTimer timer = new JitteryTimer();
        double farthest = 0;
        double iterations = 0;
        int frames = 0;
        while (timer.time < 30) {
            float tpf = timer.next();
            // the scene as this update reads it (app states update before the scene)
            Vector3f ribs = scene.ribs().getWorldTranslation().clone();
            state.update(tpf);
            jaime.move(0, 0, 1.5f * tpf);
            root.updateLogicalState(tpf);
            root.updateGeometricState();
            if (++frames == 1) {
                continue;
            }
            ClothStats s = cloth.getStats();
            iterations += s.iterationsPerStep();
            farthest = Math.max(farthest, checkNearRibs(cloth, ribs,
                    String.format("frame %d (t = %.2f s, tpf %.3f s): %s", frames, timer.time, tpf, s)));
        }
        double mean = iterations / (frames - 1);
        LOG.info(String.format("jittery timer, moving at 1.5 m/s, %d frames: %.2f s dropped, farthest node %.3f m"
                + " from the ribs, %.2f iterations per step", frames, state.getDroppedTime(), farthest, mean));
        assertTrue(mean <= 5, "iterations per step: " + mean);
    }

    @Test
    void speedChangesAndPausesDoNotSweepTheScene() {
        // The cape on Jaime moving forward at 1.5 m/s (no skin collider), 1/60 s frames: 2 s at
        // speed 1, 2 s at speed 0.25 (the cloth simulates a quarter of the time the scene moves),
        // 1 s paused (the scene moves 1.5 m, the cloth waits), then 2 s at speed 2. The part of
        // the scene's motion the cloth does not simulate is skipped, not swept: at speed 0.25 the
        // ribs would otherwise move 4× faster relative to the cloth, and the first step after the
        // pause would drag the pinned row 1.5 m. Every frame that steps: no failed step, red edges
        // within the tolerance, every node within 0.5 m of the ribs the cloth was solved against.
        MovingCape m = movingCape();
        Node root = m.root();
        JaimeCapeTest.WalkingCape scene = m.scene();
        ClothControl cloth = scene.cloth();
        Spatial jaime = m.jaime();
        ClothAppState state = m.state();
        float tpf = 1f / 60;
        double farthest = 0;
        for (int frame = 0; frame < 7 * 60; frame++) {
            double t = frame * tpf;
            state.setSpeed(t < 2 ? 1 : t < 4 ? 0.25f : 2);
            state.setPaused(t >= 4 && t < 5);
            Vector3f ribs = scene.ribs().getWorldTranslation().clone();
            long before = cloth.getStats().steps();
            state.update(tpf);
            jaime.move(0, 0, 1.5f * tpf);
            root.updateLogicalState(tpf);
            root.updateGeometricState();
            ClothStats s = cloth.getStats();
            if (frame == 0 || s.steps() == before) {
                continue; // building, or no step this frame (paused, or a quarter step owed)
            }
            farthest = Math.max(farthest, checkNearRibs(cloth, ribs,
                    String.format("frame %d (t = %.2f s, speed %.2f): %s", frame, t, state.getSpeed(), s)));
        }
        LOG.info(String.format("speed changes and a pause, moving at 1.5 m/s: farthest node %.3f m from the ribs,"
                + " %d steps", farthest, cloth.getStats().steps()));
    }

    /**
     * The checks of a frame of a moving cape: no failed step, red edges within the tolerance,
     * every node within 0.5 m of the ribs the cloth was solved against.
     *
     * @return the farthest node's distance from the ribs, m
     */
    private static double checkNearRibs(ClothControl cloth, Vector3f ribs, String where) {
        ClothStats s = cloth.getStats();
        assertEquals(0, s.failures(), where);
        assertTrue(s.redStrain() <= cloth.getStrainTolerance(), where);
        double farthest = 0;
        double[] x = cloth.getNodePositions();
        for (int i = 0; i < x.length; i += 3) {
            double d = Math.sqrt((x[i] - ribs.x) * (x[i] - ribs.x) + (x[i + 1] - ribs.y) * (x[i + 1] - ribs.y)
                    + (x[i + 2] - ribs.z) * (x[i + 2] - ribs.z));
            farthest = Math.max(farthest, d);
            assertTrue(d <= 0.5, where + ": a cape node is " + d + " m from the ribs");
        }
        return farthest;
    }

    /** The walking cape with Jaime's skin collider removed, under an unthreaded app state. */
    private record MovingCape(Node root, JaimeCapeTest.WalkingCape scene, Spatial jaime, ClothAppState state) {
    }

    private static MovingCape movingCape() {
        Node root = new Node("root");
        JaimeCapeTest.WalkingCape scene = JaimeCapeTest.walkingCape(root);
        Spatial jaime = scene.body().getSpatial();
        jaime.removeControl(scene.body());
        ClothAppState state = new ClothAppState(root);
        state.setThreaded(false);
        return new MovingCape(root, scene, jaime, state);
    }
}
