package org.isocloth.jme.minie;

import com.jme3.system.NativeLibraryLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loads Minie's native library once per test JVM, always from the same extraction folder (in the
 * temporary directory, not the working directory). Two test classes loading it from different
 * folders put two copies of Bullet into one process, which crashed the forked JVM (SIGSEGV)
 * depending on the order the classes ran in.
 */
final class BulletNatives {
    private static boolean loaded;

    private BulletNatives() {
    }

    static synchronized void load() {
        if (loaded) {
            return;
        }
        try {
            Path dir = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "isocloth-natives"));
            NativeLibraryLoader.setCustomExtractionFolder(dir.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        NativeLibraryLoader.loadNativeLibrary("bulletjme", true);
        loaded = true;
    }
}
