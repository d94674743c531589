package org.isocloth.scene;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An animated triangle-mesh collider: one OBJ file per frame (JSON
 * {@code {"objSequence": {"pattern": "frames/body_%04d.obj", "fps": 30}}}).
 *
 * <p>The pattern's file name (its last element) holds exactly one frame-number conversion,
 * {@code %d} or {@code %0Nd} with N from 1 to 9 (e.g. {@code %04d}), and no other {@code %}.
 * Frames are numbered from {@value #FIRST_FRAME}: frame {@code k} is the mesh at time
 * {@code k / fps}, matching the simulation's output frames, which start with frame 0 at t = 0.
 * The reader resolves a relative pattern against the directory of the scene file (and normalizes
 * it) and checks that the file of frame {@value #FIRST_FRAME} exists. The frames give the motion,
 * so the collider cannot have a {@code "motion"}.
 *
 * @param name see {@link ColliderSpec#name()}
 * @param pattern the path of the frame files with the frame-number conversion in its file name
 *     (not null)
 * @param fps frames per second of the sequence, 1/s, in (0, 10000]; the reader's default is the
 *     scene's {@code fps}
 * @param friction see {@link ColliderSpec#friction()}
 */
public record ObjSequenceSpec(String name, Path pattern, double fps, double friction)
        implements ColliderSpec {

    /** Number of the first frame file (frame 0 is the mesh at t = 0). */
    public static final int FIRST_FRAME = 0;

    private static final Pattern CONVERSION = Pattern.compile("%(?:0[1-9])?d");

    /**
     * Checks the components.
     *
     * @param name see the record description
     * @param pattern see the record description
     * @param fps see the record description
     * @param friction see the record description
     * @throws NullPointerException if {@code name} or {@code pattern} is null
     * @throws IllegalArgumentException if a value is invalid; the message names the component
     */
    public ObjSequenceSpec {
        Objects.requireNonNull(name, "name");
        Check.require("name", Check.nonBlank(name));
        Objects.requireNonNull(pattern, "pattern");
        Check.require("pattern", patternViolation(pattern));
        Check.require("fps", Check.FPS.violation(fps));
        Check.require("friction", Check.optionalFriction(friction));
    }

    /** @return {@code "objSequence"} */
    @Override
    public String kind() {
        return "objSequence";
    }

    /**
     * The file of one frame: the pattern with its conversion replaced by the frame number.
     *
     * @param frame frame number, &ge; 0
     * @return the path of that frame's OBJ file
     * @throws IllegalArgumentException if {@code frame} is negative
     */
    public Path frame(int frame) {
        if (frame < 0) {
            throw new IllegalArgumentException("frame: must be >= 0 (got " + frame + ")");
        }
        String fileName = pattern.getFileName().toString();
        return pattern.resolveSibling(String.format(Locale.ROOT, fileName, frame));
    }

    /**
     * Reason a pattern is unusable, or null: its file name must hold exactly one {@code %d} or
     * {@code %0Nd} conversion and no other {@code %}.
     */
    static String patternViolation(Path pattern) {
        Path fileName = pattern.getFileName();
        String name = fileName == null ? "" : fileName.toString();
        int conversions = 0;
        Matcher m = CONVERSION.matcher(name);
        while (m.find()) {
            conversions++;
        }
        long percents = name.chars().filter(c -> c == '%').count();
        if (conversions == 1 && percents == 1) {
            return null;
        }
        return "the file name must contain exactly one frame-number conversion, %d or %0Nd such as"
                + " %04d, and no other '%' (got " + Check.quote(pattern.toString()) + ")";
    }
}
