package org.isocloth.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.isocloth.InputException;
import org.isocloth.UserFiles;
import org.isocloth.cache.AtomicFiles;
import org.isocloth.cache.CacheReader;
import org.isocloth.cache.GltfExport;
import org.isocloth.cache.ObjExport;

/**
 * {@code cloth export CACHE --frame N|--frames A:B [--flipbook] --format obj|gltf --out PATH}:
 * writes frames of a bake cache as OBJ (one frame, the layout of {@code cloth run}'s OBJs) or glTF
 * 2.0 ({@code .gltf} or {@code .glb} by the extension): one frame, or a range as one mesh per cloth
 * with a morph-target animation ({@link GltfExport#writeRange}), or with {@code --flipbook} as a
 * flipbook of one node per frame ({@link GltfExport#writeFlipbook}). Frame numbers are scene frame
 * numbers, as in {@code bake --frames} and metrics.csv.
 *
 * <p>Everything the command line names is checked before a frame is read: the cache must be a
 * regular file, every frame of the range must be in the cache, {@code --out} must not be a
 * directory, pipe or device nor the cache itself, its directory must be writable, and a glTF
 * range must stay within {@link GltfExport}'s limits. Paths and arguments repeated in messages
 * are shortened ({@link UserFiles#shown(String)}).
 */
final class Export {
    private Export() {
    }

    static int run(String[] args, PrintStream out) {
        String cache = null;
        Path file = null;
        String format = null;
        int[] range = null;
        boolean single = false;
        boolean flipbook = false;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--out":
                    file = Path.of(Main.value(args, ++i, "--out"));
                    break;
                case "--flipbook":
                    flipbook = true;
                    break;
                case "--format":
                    format = Main.value(args, ++i, "--format").toLowerCase(Locale.ROOT);
                    break;
                case "--frame":
                case "--frames":
                    if (range != null) {
                        throw new InputException("export: give one --frame N or --frames A:B, not both");
                    }
                    single = args[i].equals("--frame");
                    String v = Main.value(args, ++i, args[i - 1]);
                    if (single && v.contains(":")) {
                        throw new InputException("--frame: expected one frame number, got '" + UserFiles.shown(v)
                                + "' (use --frames A:B for a range)");
                    }
                    range = Bake.parseRange(v, args[i - 1]);
                    break;
                default:
                    if (args[i].startsWith("--") || cache != null) {
                        throw new InputException("export: unexpected argument '" + UserFiles.shown(args[i]) + "'");
                    }
                    cache = args[i];
            }
        }
        if (cache == null) {
            throw new InputException("export: missing CACHE (usage: cloth export CACHE --frame N|--frames A:B"
                    + " [--flipbook] --format obj|gltf --out PATH)");
        }
        if (range == null) {
            throw new InputException("export: missing --frame N or --frames A:B");
        }
        if (file == null) {
            throw new InputException("export: missing --out PATH");
        }
        if (format == null) {
            throw new InputException("export: missing --format obj|gltf");
        }
        if (!format.equals("obj") && !format.equals("gltf")) {
            throw new InputException("--format: unknown format '" + UserFiles.shown(format)
                    + "' (expected obj or gltf)");
        }
        if (flipbook && (single || !format.equals("gltf"))) {
            throw new InputException("--flipbook: a flipbook is a glTF frame range; use it with --format gltf"
                    + " --frames A:B");
        }
        if (format.equals("obj") && !single && range[0] != range[1]) {
            throw new InputException("--format obj writes one frame; use --frame N, or --format gltf for the range "
                    + range[0] + ":" + range[1]);
        }
        if (format.equals("gltf")) {
            GltfExport.isBinary(file); // checks the extension before any work
        }
        Path cachePath = Path.of(cache);
        Bake.checkOut(file, cachePath, "cache");
        String shownCache = UserFiles.shown(cache);
        try (CacheReader reader = CacheReader.open(cachePath)) {
            int first = reader.firstFrame();
            int last = first + reader.frameCount() - 1; // the reader checks that this fits an int
            for (int f : range) {
                if (f < first || f > last) {
                    throw new InputException(shownCache + ": frame " + f + " is out of range "
                            + (reader.frameCount() == 0 ? "(the cache has no frames)" : first + ".." + last));
                }
            }
            Path dir = file.toAbsolutePath().getParent();
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new InputException(UserFiles.shown(file) + ": cannot create directory " + UserFiles.shown(dir)
                        + ": " + AtomicFiles.reason(e), e);
            }
            try {
                AtomicFiles.discard(AtomicFiles.createTemp(file)); // can we write there at all?
            } catch (IOException e) {
                throw new InputException(e.getMessage(), e);
            }
            try {
                if (format.equals("obj")) {
                    ObjExport.write(reader, range[0] - first, file);
                } else if (single) {
                    GltfExport.writeFrame(reader, range[0] - first, file);
                } else if (flipbook) {
                    GltfExport.writeFlipbook(reader, range[0] - first, range[1] - first, file);
                } else {
                    GltfExport.writeRange(reader, range[0] - first, range[1] - first, file);
                }
            } catch (IOException e) {
                throw new CommandFailure(1, e.getMessage(), e);
            }
            long bytes = Files.size(file);
            out.printf(Locale.ROOT, "%s: frame%s %s -> %s (%s, %s)%n", shownCache, range[0] == range[1] ? "" : "s",
                    range[0] == range[1] ? Integer.toString(range[0]) : range[0] + ".." + range[1],
                    UserFiles.shown(file), format, Bake.size(bytes));
            return 0;
        } catch (IOException e) {
            // closing the reader or sizing the written file
            throw new CommandFailure(1, shownCache + ": " + AtomicFiles.reason(e), e);
        }
    }
}
