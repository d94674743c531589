package org.isocloth.jme;

/**
 * Hears about cloth failures. Called on the render thread by {@link ClothAppState}.
 */
public interface ClothListener {
    /**
     * A step of this cloth failed (the solve diverged, the state turned non-finite, a pin target
     * or a collider was not finite). The cloth has been restored to its last good state; the game
     * goes on. After {@link ClothAppState#getMaxConsecutiveFailures()} failures in a row the cloth
     * is suspended until {@link ClothControl#reset()}.
     *
     * @param cloth the cloth (not null)
     * @param message one line saying what failed (not null)
     * @param suspended whether the cloth is now suspended
     */
    void clothFailed(ClothControl cloth, String message, boolean suspended);
}
