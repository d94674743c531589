package org.isocloth.fuzz;

import static org.isocloth.fuzz.ObjMutations.pick;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.isocloth.cli.Main;

/**
 * The files the fuzz cases share, made once in a scratch directory: files holding a secret
 * marker that are not meshes, a FIFO, small valid meshes, a GLB written by the project's own
 * {@code cloth export}, a bake cache written by {@code cloth bake}, and the outputs of a good run
 * that every case's output directory starts with.
 *
 * <p>Layout: {@code root/private/} the secret files, {@code root/shared/} the fixtures,
 * {@code root/cases/cN/} one directory per case (scene, meshes, {@code out/}). From a case's
 * directory the secret files are therefore at {@code ../../private/...}.
 */
final class Fixtures {
    /** Text that must never be shown: it is only in files that are not meshes. */
    static final String SECRET = "QZX-SECRET-7731-do-not-print";

    /** Names of the files a successful run writes. */
    static final List<String> OUTPUTS = List.of("metrics.csv", "rest.obj", "final.obj", "summary.json");

    final Path root;
    final Path privateDir;
    final Path shared;
    final List<Path> secretFiles;
    /** A FIFO with no writer, or null where mkfifo is not available. */
    final Path fifo;
    final byte[] clothObj;
    final byte[] colliderObj;
    final byte[] glb;
    final byte[] cache;
    /** File name → bytes of the good run's outputs. */
    final Map<String, byte[]> golden;

    private Fixtures(Path root) throws IOException, InterruptedException {
        this.root = root;
        privateDir = Files.createDirectories(root.resolve("private"));
        shared = Files.createDirectories(root.resolve("shared"));
        // Non-mesh files. The first looks like an OBJ up to a line that holds the marker, the last
        // starts with a vertex line whose coordinate is the marker: a reader that quotes the bad
        // token or line of such a file would show it.
        secretFiles = List.of(
                write(privateDir.resolve("notes.txt"), "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n" + SECRET + " 1 2 3\n"),
                write(privateDir.resolve("id_rsa"), "-----BEGIN OPENSSH PRIVATE KEY-----\n" + SECRET
                        + "\n-----END OPENSSH PRIVATE KEY-----\n"),
                write(privateDir.resolve("settings.json"), "{ \"asset\": { \"version\": \"2.0\" }, \"" + SECRET
                        + "\": 1, \"token\": \"" + SECRET + "\" }\n"),
                write(privateDir.resolve("secret.env"), "v " + SECRET + " 0 0\nf " + SECRET + "\n"));
        fifo = makeFifo(privateDir.resolve("pipe"));
        clothObj = ObjMutations.grid(4, 4, 0.5, 0.5).getBytes(StandardCharsets.UTF_8);
        colliderObj = ObjMutations.grid(2, 2, 0.3, 0.3).getBytes(StandardCharsets.UTF_8);
        Files.createDirectories(shared.resolve("a-directory.obj"));

        // the good run: its outputs prefill every case's output directory; a bake of the same
        // scene gives the cache and, through `cloth export`, the GLB
        Path scene = shared.resolve("hang.json");
        Files.writeString(scene, BaseScenes.HANG);
        Path good = shared.resolve("good");
        requireOk("run", scene.toString(), "--out", good.toString());
        golden = new TreeMap<>();
        for (String name : OUTPUTS) {
            golden.put(name, Files.readAllBytes(good.resolve(name)));
        }
        Path cacheFile = shared.resolve("hang.isocache");
        requireOk("bake", scene.toString(), "--out", cacheFile.toString());
        cache = Files.readAllBytes(cacheFile);
        Path glbFile = shared.resolve("hang.glb");
        requireOk("export", cacheFile.toString(), "--frame", "0", "--format", "gltf", "--out", glbFile.toString());
        glb = Files.readAllBytes(glbFile);
    }

    static Fixtures create(Path root) throws IOException, InterruptedException {
        return new Fixtures(root);
    }

    private static Path write(Path p, String text) throws IOException {
        Files.writeString(p, text);
        return p;
    }

    private static Path makeFifo(Path p) throws InterruptedException {
        try {
            Process proc = new ProcessBuilder("mkfifo", p.toString()).redirectErrorStream(true).start();
            if (proc.waitFor(10, TimeUnit.SECONDS) && proc.exitValue() == 0 && Files.exists(p)) {
                return p;
            }
            proc.destroy();
        } catch (IOException e) {
            // no mkfifo on this system: the cases that would use a FIFO use a directory instead
        }
        return null;
    }

    private static void requireOk(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        if (status != 0) {
            throw new IllegalStateException("fixture command " + String.join(" ", args) + " failed with status "
                    + status + ": " + err.toString(StandardCharsets.UTF_8));
        }
    }

    /** The FIFO's path, or a directory where there is no FIFO. */
    Path fifoOrDirectory() {
        return fifo != null ? fifo : shared.resolve("a-directory.obj");
    }

    /**
     * A path a scene may name that is not a usable mesh: the secret files (absolute, relative
     * through {@code ../}, and through {@code ../} past the file system root), a directory, a
     * device, an empty path, a 100 000-character path, a path with a NUL character, and others.
     * A FIFO is not among them: reading one blocks, so FIFOs have cases of their own.
     */
    String hostilePath(Random r) {
        Path secret = secretFiles.get(r.nextInt(secretFiles.size()));
        String name = secret.getFileName().toString();
        return switch (r.nextInt(14)) {
            case 0, 1 -> secret.toString();
            case 2 -> "../../private/" + name;
            case 3 -> "../".repeat(40) + secret.toString().substring(1);
            case 4 -> "./../../cases/../private/./" + name;
            case 5 -> shared.resolve("a-directory.obj").toString();
            case 6 -> pick(r, ".", "..", "/", "out");
            case 7 -> "/dev/null";
            case 8 -> "";
            case 9 -> "m".repeat(100_000) + ".obj";
            case 10 -> "d/".repeat(3000) + "mesh.obj";
            case 11 -> "mesh\u0000.obj";
            case 12 -> pick(r, "file://" + secret, "~/.ssh/id_rsa", "C:\\mesh.obj", "missing.obj", "body_%s.obj",
                    "body_%n%d.obj", "body_%099d.obj", " cloth.obj");
            default -> pick(r, "cloth.obj", "collider.obj", "cloth.glb", "anim.isocache") + pick(r, "/", "/x", "\n");
        };
    }
}
