package org.isocloth.jme;

/**
 * Hears about cloth failures. Called on the render thread by {@link ClothAppState}.
 */
public interface ClothListener {
    /**
     * Something failed for this cloth; the game goes on. Either a step failed (the solve diverged,
     * the state turned non-finite, a pin target or a collider was not finite): the cloth has been
     * restored to its last good state, and after {@link ClothAppState#getMaxConsecutiveFailures()}
     * failures in a row it is suspended until {@link ClothControl#reset()}. Or the cloth could
     * not be built (its mesh is not a valid cloth) or its frame could not be prepared (a pin group
     * that does not fit its mesh): it is suspended until its reset.
     *
     * @param cloth the cloth (not null)
     * @param message one line saying what failed (not null)
     * @param suspended whether the cloth is now suspended: what {@link ClothControl#isSuspended()}
     *     returns when the listener is called
     */
    void clothFailed(ClothControl cloth, String message, boolean suspended);
}
