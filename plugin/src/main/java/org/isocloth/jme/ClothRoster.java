package org.isocloth.jme;

import com.jme3.bounding.BoundingBox;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The cloths one {@link ClothAppState} simulates (render thread): which {@link ClothSimulation}
 * steps each {@link ClothControl}, which cloths it could not build and why. Cloths of one
 * {@linkplain ClothControl#setClothGroup group} share a simulation; a cloth without a group has
 * one of its own. When a group gains or loses a cloth its simulation is built anew, and the cloths
 * it held before continue from where they were.
 */
final class ClothRoster {
    private static final Logger LOG = Logger.getLogger(ClothRoster.class.getName());

    private final ClothAppState state;
    private final List<ClothListener> listeners;
    private final Map<ClothControl, ClothSimulation> cloths = new LinkedHashMap<>();
    private final Map<ClothControl, String> broken = new IdentityHashMap<>();
    /** Pairs of cloths simulated apart whose overlap has been reported. */
    private final Set<String> overlapsReported = new HashSet<>();

    ClothRoster(ClothAppState state, List<ClothListener> listeners) {
        this.state = state;
        this.listeners = listeners;
    }

    /** @return whether the cloth is simulated now */
    boolean simulates(ClothControl c) {
        return cloths.containsKey(c);
    }

    /** @return the cloths simulated, in the order they were found (a copy) */
    List<ClothControl> controls() {
        return new ArrayList<>(cloths.keySet());
    }

    /** @return the cloths that could not be built (a copy) */
    List<ClothControl> brokenControls() {
        return new ArrayList<>(broken.keySet());
    }

    /** @return the simulations, each once, in the order of their first cloth */
    List<ClothSimulation> simulations() {
        Set<ClothSimulation> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<ClothSimulation> out = new ArrayList<>();
        for (ClothSimulation s : cloths.values()) {
            if (seen.add(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /** Forgets every cloth; those this state owned are left to no state. */
    void clear() {
        for (ClothControl c : cloths.keySet()) {
            if (c.owner() == state) {
                c.setOwner(null);
            }
        }
        cloths.clear();
        for (ClothControl c : broken.keySet()) {
            release(c);
        }
        broken.clear();
    }

    /**
     * Takes the cloths found in the scene: drops those that left it, builds the new ones and the
     * groups whose cloths changed, retries broken cloths whose reset was requested.
     *
     * @param found the enabled cloth controls below the roots, in scene order
     * @param gravity the gravity new solvers start with
     */
    void sync(List<ClothControl> found, Vector3f gravity) {
        Set<ClothControl> present = Collections.newSetFromMap(new IdentityHashMap<>());
        present.addAll(found);
        cloths.keySet().removeIf(c -> {
            boolean gone = !present.contains(c);
            if (gone && c.owner() == state) {
                c.setOwner(null);
            }
            return gone;
        });
        broken.keySet().removeIf(c -> {
            boolean gone = !present.contains(c);
            if (gone) {
                release(c);
            }
            return gone;
        });
        Map<Object, List<ClothControl>> groups = new LinkedHashMap<>();
        for (ClothControl c : found) {
            if (broken.containsKey(c)) {
                if (!c.takeResetRequest()) {
                    continue;
                }
                broken.remove(c);
                release(c);
            }
            Object key = c.getClothGroup() == null ? new Object() : c.getClothGroup();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
        }
        for (List<ClothControl> members : groups.values()) {
            if (!current(members)) {
                build(members, gravity);
            }
        }
    }

    /** Whether the cloths are simulated together, by this state, and by nothing else. */
    private boolean current(List<ClothControl> members) {
        ClothSimulation s = cloths.get(members.get(0));
        if (s == null || !s.controls().equals(members)) {
            return false;
        }
        for (ClothControl c : members) {
            if (cloths.get(c) != s || c.simulation() != s) {
                return false;
            }
        }
        return true;
    }

    private void build(List<ClothControl> members, Vector3f gravity) {
        List<ClothControl> ok = new ArrayList<>();
        for (ClothControl c : members) {
            ClothAppState other = c.owner();
            if (other != null && other != state && other.simulates(c)) {
                // two states would step the same solver, the second on another thread
                fail(c, "cloth '" + c.getGeometry().getName() + "': already simulated by another ClothAppState;"
                        + " attach one ClothAppState, or give each its own scene roots", false);
                continue;
            }
            c.setOwner(state);
            // a failure another state met building it is that state's no longer: this one tries anew
            c.setBuildFailure(null);
            ok.add(c);
        }
        if (ok.isEmpty()) {
            return;
        }
        ClothSimulation previous = ok.get(0).simulation();
        if (previous != null && previous.controls().equals(ok)) {
            // the same cloths as before (the state was detached and attached again): keep going
            for (ClothControl c : ok) {
                cloths.put(c, previous);
            }
            return;
        }
        List<ClothPiece> pieces = new ArrayList<>();
        for (ClothControl c : ok) {
            Geometry g = c.getGeometry();
            if (g.getMaterial() == null) {
                LOG.log(Level.WARNING, "cloth ''{0}'': the Geometry has no Material, so jME cannot render it (set one"
                        + " with setMaterial); it is simulated anyway", g.getName());
            }
            try {
                if (c.simulation() == null) {
                    ClothPins.poseFollowedCharacters(c);
                }
                pieces.add(ClothPiece.of(c));
            } catch (RuntimeException e) {
                fail(c, e, true);
            }
        }
        if (pieces.isEmpty()) {
            return;
        }
        try {
            ClothSimulation s = new ClothSimulation(pieces, gravity);
            for (ClothPiece p : pieces) {
                p.control.setSimulation(s);
                cloths.put(p.control, s);
            }
            if (pieces.size() > 1) {
                warnIfSettingsDiffer(pieces);
            }
        } catch (RuntimeException e) {
            for (ClothPiece p : pieces) {
                fail(p.control, e, true);
            }
        }
    }

    private void fail(ClothControl c, RuntimeException e, boolean own) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        String name = "cloth '" + c.getGeometry().getName() + "'";
        if (!message.startsWith("cloth '") && !message.startsWith("cloths '")) {
            message = name + ": " + message;
        }
        fail(c, message, own);
    }

    /**
     * Leaves a cloth unsimulated until its reset, logged and reported once.
     *
     * @param own whether the cloth is this state's (its build failed), so that it reports itself
     *     suspended; a cloth another state simulates is not
     */
    private void fail(ClothControl c, String message, boolean own) {
        broken.put(c, message);
        cloths.remove(c);
        if (own) {
            c.setBuildFailure(message);
            LOG.log(Level.SEVERE, "{0}; the cloth is not simulated", message);
        } else {
            LOG.log(Level.SEVERE, "{0}; this state leaves it alone", message);
        }
        for (ClothListener l : listeners) {
            l.clothFailed(c, message, c.isSuspended());
        }
    }

    /**
     * Forgets a cloth this state could not build: it is no longer suspended for that. A cloth left
     * to another state is not this state's to change.
     */
    private void release(ClothControl c) {
        if (c.owner() == state) {
            c.setBuildFailure(null);
        }
    }

    private static void warnIfSettingsDiffer(List<ClothPiece> pieces) {
        ClothControl first = pieces.get(0).control;
        for (ClothPiece p : pieces) {
            ClothControl c = p.control;
            if (!c.getSolverSettings().equals(first.getSolverSettings()) || c.getProjection() != first.getProjection()
                    || c.getColliderContacts() != first.getColliderContacts() || c.getFrictionMode() != first.getFrictionMode()
                    || c.isSelfCollisions() != first.isSelfCollisions() || c.isAirForces() != first.isAirForces()) {
                LOG.log(Level.WARNING, "cloth ''{0}'': its solver settings differ from those of ''{1}'', the first"
                        + " cloth of group ''{2}''; the group is simulated with the first cloth''s",
                        new Object[] {c.getGeometry().getName(), first.getGeometry().getName(), c.getClothGroup()});
            }
        }
    }

    /**
     * Warns once about each pair of cloths simulated apart whose world bounds, grown by their
     * thickness, overlap in the frame shown: they pass through each other where they meet, and a
     * common {@link ClothControl#setClothGroup group} makes them collide. A bounds test per pair
     * of simulations, linear in the nodes.
     */
    void reportOverlaps() {
        List<ClothSimulation> sims = simulations();
        if (sims.size() < 2) {
            return;
        }
        List<BoundingBox> boxes = new ArrayList<>();
        for (ClothSimulation s : sims) {
            boxes.add(bounds(s.displayedPositions(), (float) s.model().material.thickness()));
        }
        for (int a = 0; a < sims.size(); a++) {
            for (int b = a + 1; b < sims.size(); b++) {
                if (!boxes.get(a).intersects(boxes.get(b))) {
                    continue;
                }
                String an = sims.get(a).controls().get(0).getGeometry().getName();
                String bn = sims.get(b).controls().get(0).getGeometry().getName();
                if (overlapsReported.add(an + "\u0000" + bn)) {
                    LOG.log(Level.WARNING, "cloths ''{0}'' and ''{1}'' overlap but are simulated apart, so they pass"
                            + " through each other; give them the same ClothControl.setClothGroup to make them"
                            + " collide", new Object[] {an, bn});
                }
            }
        }
    }

    private static BoundingBox bounds(double[] x, float margin) {
        Vector3f lo = new Vector3f(Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE);
        Vector3f hi = new Vector3f(-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE);
        for (int i = 0; i < x.length; i += 3) {
            lo.set(Math.min(lo.x, (float) x[i]), Math.min(lo.y, (float) x[i + 1]), Math.min(lo.z, (float) x[i + 2]));
            hi.set(Math.max(hi.x, (float) x[i]), Math.max(hi.y, (float) x[i + 1]), Math.max(hi.z, (float) x[i + 2]));
        }
        Vector3f grow = new Vector3f(margin, margin, margin);
        return new BoundingBox(lo.subtractLocal(grow), hi.addLocal(grow));
    }
}
