package org.isocloth.scene;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.isocloth.UserFiles;

/**
 * The paths a scene file names: resolved against the scene file's folder, and with
 * {@link PathScope#SCENE_FOLDER} kept inside it. Each check returns {@code null} when the path is
 * acceptable, otherwise a one-line reason, as {@link Check} does.
 */
final class ScenePaths {
    private final Path file;
    private final PathScope scope;

    /**
     * @param file the scene file the paths are relative to
     * @param scope where the files may lie
     */
    ScenePaths(Path file, PathScope scope) {
        this.file = file;
        this.scope = scope;
    }

    /** @return {@code p} resolved against the scene file's directory (normalized) unless absolute */
    Path resolve(Path p) {
        Path dir = file.getParent();
        return p.isAbsolute() ? p : (dir == null ? p : dir.resolve(p)).normalize();
    }

    /**
     * With {@link PathScope#SCENE_FOLDER}: whether {@code p}, resolved, and the file it names
     * after following links lie outside the scene file's folder.
     *
     * @param p a path as the scene wrote it
     * @return the reason it is refused, or null
     */
    String outside(Path p) {
        if (scope == PathScope.ANYWHERE) {
            return null;
        }
        Path base = file.toAbsolutePath().normalize().getParent();
        Path abs = resolve(p).toAbsolutePath().normalize();
        boolean inside = base != null && abs.startsWith(base);
        if (inside && Files.exists(abs)) {
            try {
                inside = abs.toRealPath().startsWith(base.toRealPath());
            } catch (IOException e) {
                inside = false;
            }
        }
        return inside ? null : Check.quote(p.toString()) + " lies outside the scene's folder"
                + (base == null ? "" : " " + UserFiles.shown(base)) + "; the files a scene names must be in its "
                + "folder or below it (cloth run and bake --allow-outside-paths allow any)";
    }

    /** @return why a path's text is refused (a control character), or null */
    static String textViolation(String text) {
        return text.chars().anyMatch(Character::isISOControl)
                ? "the path " + Check.quote(text) + " holds a control character" : null;
    }

    /**
     * @param p a resolved path
     * @param what what it is, appended to the message ("" or a note)
     * @return why it is not an existing regular file, or null
     */
    static String fileViolation(Path p, String what) {
        if (!Files.exists(p)) {
            return "no such file: " + SceneMessages.oneLine(p.toString()) + what;
        }
        return Files.isRegularFile(p) ? null : "not a regular file: " + SceneMessages.oneLine(p.toString()) + what;
    }
}
