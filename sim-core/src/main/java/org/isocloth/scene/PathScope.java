package org.isocloth.scene;

/**
 * Where the files a scene names (meshes, mesh colliders, OBJ sequences, bake caches) may lie.
 * A scene file can come from anyone; by default it may only name files in its own folder or
 * below it, so that a scene cannot make {@code cloth} read, for example, a file of the user's
 * home directory.
 */
public enum PathScope {
    /** Only in the scene file's folder or below it, after following links (the default). */
    SCENE_FOLDER,
    /** Anywhere the user running {@code cloth} may read ({@code --allow-outside-paths}). */
    ANYWHERE
}
