package org.isocloth.samples;

import com.jme3.app.Application;
import com.jme3.app.SimpleApplication;
import com.jme3.app.state.BaseAppState;
import com.jme3.math.Vector3f;
import com.simsilica.lemur.Button;
import com.simsilica.lemur.Container;
import com.simsilica.lemur.Label;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.isocloth.jme.lemur.ClothPanelState;

/**
 * The previewer's animation clip list: a Lemur panel at the top right with one button per clip of
 * the character; the playing clip is marked. Attach it after the
 * {@link ClothPanelState} (which initializes Lemur and its glass style).
 */
final class ClipPanelState extends BaseAppState {
    private static final Logger LOG = Logger.getLogger(ClipPanelState.class.getName());

    private final java.util.function.Predicate<String> player;
    private final List<String> clips;
    private final List<Button> buttons = new ArrayList<>();
    private Container panel;
    private int current;
    private float lastWidth = -1;

    /**
     * @param clips the clip names to offer, in display order (not empty)
     * @param first the clip to play first
     * @param player puts the character on a clip; false if it could not
     */
    ClipPanelState(List<String> clips, String first, java.util.function.Predicate<String> player) {
        this.player = player;
        this.clips = List.copyOf(clips);
        this.current = Math.max(0, this.clips.indexOf(first));
    }

    @Override
    protected void initialize(Application app) {
        panel = new Container(ClothPanelState.GLASS_STYLE);
        panel.addChild(new Label("Animation clip", ClothPanelState.GLASS_STYLE));
        for (String name : clips) {
            Button b = panel.addChild(new Button(name, ClothPanelState.GLASS_STYLE));
            b.addClickCommands(source -> select(name));
            buttons.add(b);
        }
        LOG.log(Level.INFO, "animation clips {0}", clips);
        select(clips.get(current));
    }

    /**
     * Plays a clip (it loops) and marks its button.
     *
     * @param name a clip of the character
     * @return whether the character has that clip
     */
    boolean select(String name) {
        int i = clips.indexOf(name);
        if (i < 0) {
            return false;
        }
        if (!player.test(name)) {
            return false;
        }
        current = i;
        for (int k = 0; k < buttons.size(); k++) {
            buttons.get(k).setText((k == i ? "> " : "  ") + clips.get(k));
        }
        LOG.log(Level.INFO, "animation clip {0}", name);
        return true;
    }

    /** Plays the next clip in the list (the C key). */
    void next() {
        select(clips.get((current + 1) % clips.size()));
    }

    /** @return the clip playing */
    String current() {
        return clips.get(current);
    }

    @Override
    protected void cleanup(Application app) {
    }

    @Override
    protected void onEnable() {
        ((SimpleApplication) getApplication()).getGuiNode().attachChild(panel);
        lastWidth = -1;
    }

    @Override
    protected void onDisable() {
        panel.removeFromParent();
    }

    @Override
    public void update(float tpf) {
        float w = getApplication().getCamera().getWidth();
        if (w != lastWidth) {
            lastWidth = w;
            Vector3f size = panel.getPreferredSize();
            panel.setLocalTranslation(w - size.x - 10, getApplication().getCamera().getHeight() - 10, 0);
        }
    }
}
