package org.isocloth.mesh;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.isocloth.InputException;
import org.isocloth.UserFiles;

/**
 * Reads Wavefront OBJ polygon meshes into a validated {@link TriMesh}.
 *
 * <p>Supported statements:
 * <ul>
 *   <li>{@code v x y z [w]} &mdash; a vertex in metres; {@code w} is ignored. The common
 *       extension {@code v x y z r g b} is accepted and its colour ignored (with a warning);
 *   <li>{@code vt u [v [w]]} &mdash; a texture coordinate ({@code v} defaults to 0, {@code w} is
 *       ignored);
 *   <li>{@code f} with corners of the forms {@code v}, {@code v/vt}, {@code v//vn} and
 *       {@code v/vt/vn}; indices are 1-based, negative indices count back from the last vertex
 *       (or texture coordinate) defined so far, and a positive index may refer to a vertex
 *       defined later in the file. Polygons with more than 3 corners are fan-triangulated from
 *       their first corner: {@code (c0, c1, c2), (c0, c2, c3), ...}, which keeps their winding.
 * </ul>
 * {@code vn}, {@code o}, {@code g}, {@code s}, {@code usemtl}, {@code mtllib}, {@code l},
 * {@code #} comments (also at the end of a line) and blank lines are ignored; a line ending in
 * a backslash continues on the next line; any other statement is skipped with one warning per
 * keyword. Numbers are parsed as Java doubles, also accepting {@code nan} and {@code inf} as
 * written by C programs (they are then rejected by the validator, which names the vertex).
 *
 * <p><b>Recognising OBJ.</b> The first statement (the first line that is neither blank nor a
 * comment) must start with a keyword of the OBJ format ({@code v}, {@code f}, {@code o},
 * {@code mtllib}, ...), and no line may hold a NUL character; otherwise the file is refused as
 * not an OBJ file, with a message that quotes nothing of its text. In an OBJ file, the warning
 * about an unsupported statement quotes at most its keyword, and only when the keyword looks like
 * one (up to 16 letters, digits and underscores), never the rest of the line.
 * A logical line (after joining continued lines) may have at most {@value #MAX_LINE} characters.
 *
 * <p>Errors ({@link InputException}, one line naming the file, the line and the reason): a file
 * that is not a regular file (a FIFO or a device is refused without being opened), text that is
 * not recognisably OBJ, a number
 * that cannot be parsed (the token is quoted), a wrong number of values in a {@code v} or
 * {@code vt} statement, a face with fewer than 3 corners, a malformed corner, index 0, an index
 * outside the defined vertices or texture coordinates, and faces of which some have texture
 * coordinates and others not. The file is read as UTF-8 (malformed bytes are replaced).
 *
 * <p>The triangles are then checked and repaired by {@link MeshValidator}, with OBJ line numbers
 * in its messages; in those messages vertex and triangle indices are 0-based (vertex {@code k}
 * is the {@code (k+1)}-th {@code v} statement, triangle {@code t} the {@code t}-th triangle after
 * fan triangulation). Warnings from reading (logged at {@code WARNING}) come before those of the
 * validator in the result.
 */
public final class ObjReader {
    private static final Logger LOG = Logger.getLogger(ObjReader.class.getName());

    /** Longest logical line, in characters (2^20); a longer one is refused. */
    public static final int MAX_LINE = 1 << 20;

    /** Statements skipped without a warning. */
    private static final Set<String> IGNORED = Set.of("vn", "o", "g", "s", "usemtl", "mtllib", "l");
    /** The statement keywords of the OBJ format; the first statement of a file must be one. */
    private static final Set<String> OBJ_KEYWORDS = Set.of("v", "vt", "vn", "vp", "f", "l", "p",
            "o", "g", "s", "mg", "usemtl", "mtllib", "cstype", "deg", "bmat", "step", "curv",
            "curv2", "surf", "parm", "trim", "hole", "scrv", "sp", "end", "con", "bevel",
            "c_interp", "d_interp", "lod", "shadow_obj", "trace_obj", "ctech", "stech", "maplib",
            "usemap", "call", "csh");
    /** An unknown keyword that may be quoted in a warning. */
    private static final Pattern KEYWORD_LIKE = Pattern.compile("[A-Za-z0-9_]{1,16}");

    private ObjReader() {
    }

    /**
     * Reads and validates an OBJ file as a cloth mesh. The file name (without directories) is the
     * mesh's {@link TriMesh#source} and starts every message.
     *
     * @param path the OBJ file; not null
     * @return the validated mesh, the warnings and the map from OBJ vertex order to mesh vertices
     * @throws InputException if the file is not a readable regular file, is not OBJ, is malformed
     *     or describes an invalid mesh
     * @throws NullPointerException if {@code path} is null
     */
    public static MeshLoadResult read(Path path) {
        return read(path, MeshValidator.Purpose.CLOTH);
    }

    /**
     * Reads and validates an OBJ file for the given purpose (a collider mesh is not held to the
     * cloth-only rules of {@link MeshValidator}).
     *
     * @param path the OBJ file; not null
     * @param purpose what the mesh is for; not null
     * @return the validated mesh, the warnings and the map from OBJ vertex order to mesh vertices
     * @throws InputException if the file is not a readable regular file, is not OBJ, is malformed
     *     or describes an invalid mesh
     * @throws NullPointerException if an argument is null
     */
    public static MeshLoadResult read(Path path, MeshValidator.Purpose purpose) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(purpose, "purpose");
        Path name = path.getFileName();
        String source = UserFiles.shown(name == null ? path.toString() : name.toString());
        try {
            UserFiles.requireRegularFile(path, "OBJ mesh");
        } catch (InputException e) {
            throw new InputException(source + ": " + e.getMessage(), e);
        }
        try (InputStream in = Files.newInputStream(path)) {
            return read(new InputStreamReader(in, StandardCharsets.UTF_8), source, purpose);
        } catch (IOException e) {
            throw new InputException(source + ": cannot read " + UserFiles.shown(path) + ": "
                    + Fmt.ioFailure(e), e);
        }
    }

    /**
     * Reads and validates OBJ data from a stream, for example a class-path resource. The stream is
     * read as UTF-8 to its end and not closed.
     *
     * @param in the OBJ data; not null
     * @param source the name used in messages and as {@link TriMesh#source}; not null
     * @return the validated mesh, the warnings and the map from OBJ vertex order to mesh vertices
     * @throws InputException if the data cannot be read, is malformed or describes an invalid mesh
     * @throws NullPointerException if an argument is null
     */
    public static MeshLoadResult read(InputStream in, String source) {
        Objects.requireNonNull(in, "in");
        return read(new InputStreamReader(in, StandardCharsets.UTF_8), source);
    }

    /**
     * Reads and validates OBJ data from a character stream. The reader is read to its end and not
     * closed.
     *
     * @param reader the OBJ text; not null
     * @param source the name used in messages and as {@link TriMesh#source}; not null
     * @return the validated mesh, the warnings and the map from OBJ vertex order to mesh vertices
     * @throws InputException if the text cannot be read, is malformed or describes an invalid mesh
     * @throws NullPointerException if an argument is null
     */
    public static MeshLoadResult read(Reader reader, String source) {
        Objects.requireNonNull(source, "source");
        return read(reader, UserFiles.shown(source), MeshValidator.Purpose.CLOTH);
    }

    private static MeshLoadResult read(Reader reader, String source,
            MeshValidator.Purpose purpose) {
        Objects.requireNonNull(reader, "reader");
        Parser parser = new Parser(source, purpose);
        try {
            parser.parse(new ObjLines(reader, source));
        } catch (IOException e) {
            throw new InputException(source + ": cannot read: " + Fmt.ioFailure(e), e);
        }
        return parser.finish();
    }


    /** Parsing state of one OBJ text. */
    private static final class Parser {
        private static final int UVS_UNKNOWN = 0;
        private static final int UVS_ALL = 1;
        private static final int UVS_NONE = 2;

        private final String source;
        private final MeshValidator.Purpose purpose;
        private final DoubleList positions = new DoubleList();
        private final IntList vertexLines = new IntList();
        private final DoubleList uvs = new DoubleList();
        private final IntList uvLines = new IntList();
        private final IntList triangles = new IntList();
        private final IntList triangleUvs = new IntList();
        private final IntList triangleLines = new IntList();
        private final List<String> warnings = new ArrayList<>();
        private final Set<String> warnedKeywords = new HashSet<>();
        private final List<String> tokens = new ArrayList<>();
        private int[] cornerV = new int[16];
        private int[] cornerT = new int[16];
        private int uvMode = UVS_UNKNOWN;
        private int uvModeLine;
        private int lineNumber;
        private boolean recognised;

        Parser(String source, MeshValidator.Purpose purpose) {
            this.source = source;
            this.purpose = purpose;
        }

        void parse(ObjLines lines) throws IOException {
            String text;
            while ((text = lines.next()) != null) {
                lineNumber = lines.lineNumber();
                if (text.indexOf('\0') >= 0) {
                    throw new InputException(source + ": line " + lineNumber
                            + ": holds binary data (a NUL character); not an OBJ text file");
                }
                int hash = text.indexOf('#');
                if (hash >= 0) {
                    text = text.substring(0, hash);
                }
                tokenize(text);
                if (!tokens.isEmpty()) {
                    if (!recognised && !OBJ_KEYWORDS.contains(tokens.get(0))) {
                        throw new InputException(source + ": not an OBJ file: its first statement"
                                + " (line " + lineNumber + ") does not start with an OBJ keyword"
                                + " such as v, vt, f, o or mtllib");
                    }
                    recognised = true;
                    statement();
                }
            }
        }

        private void tokenize(String text) {
            tokens.clear();
            int i = 0, len = text.length();
            while (i < len) {
                while (i < len && text.charAt(i) <= ' ') {
                    i++;
                }
                int start = i;
                while (i < len && text.charAt(i) > ' ') {
                    i++;
                }
                if (i > start) {
                    tokens.add(text.substring(start, i));
                }
            }
        }

        private void statement() {
            String keyword = tokens.get(0);
            switch (keyword) {
                case "v":
                    vertex();
                    break;
                case "vt":
                    textureCoordinate();
                    break;
                case "f":
                    face();
                    break;
                default:
                    if (IGNORED.contains(keyword)) {
                        break;
                    }
                    if (!KEYWORD_LIKE.matcher(keyword).matches()) {
                        if (warnedKeywords.add("")) {
                            warn("line " + lineNumber + ": skipped a statement that does not start"
                                    + " with an OBJ keyword (later ones are skipped without a"
                                    + " warning)");
                        }
                    } else if (warnedKeywords.add(keyword)) {
                        warn("line " + lineNumber + ": skipped unsupported statement '" + keyword
                                + "' (later '" + keyword
                                + "' statements are skipped without a warning)");
                    }
                    break;
            }
        }

        private void vertex() {
            int count = tokens.size() - 1;
            if (count != 3 && count != 4 && count != 6) {
                throw fail("'v' statement has " + count + " values; expected x y z [w]");
            }
            for (int i = 1; i <= 3; i++) {
                positions.add(number(tokens.get(i), "v"));
            }
            for (int i = 4; i <= count; i++) {
                number(tokens.get(i), "v"); // w or colour: checked, then ignored
            }
            if (count == 6 && warnedKeywords.add("v colour")) {
                warn("line " + lineNumber + ": ignored vertex colours (v x y z r g b)");
            }
            vertexLines.add(lineNumber);
        }

        private void textureCoordinate() {
            int count = tokens.size() - 1;
            if (count < 1 || count > 3) {
                throw fail("'vt' statement has " + count + " values; expected u v [w]");
            }
            uvs.add(number(tokens.get(1), "vt"));
            uvs.add(count >= 2 ? number(tokens.get(2), "vt") : 0.0);
            if (count == 3) {
                number(tokens.get(3), "vt");
            }
            uvLines.add(lineNumber);
        }

        private void face() {
            int count = tokens.size() - 1;
            if (count < 3) {
                throw fail("face has " + count + (count == 1 ? " vertex" : " vertices")
                        + "; at least 3 are needed");
            }
            if (cornerV.length < count) {
                cornerV = new int[count];
                cornerT = new int[count];
            }
            int withUv = 0;
            for (int i = 0; i < count; i++) {
                String corner = tokens.get(i + 1);
                int s1 = corner.indexOf('/');
                String v = s1 < 0 ? corner : corner.substring(0, s1);
                String vt = null;
                if (s1 >= 0) {
                    int s2 = corner.indexOf('/', s1 + 1);
                    vt = s2 < 0 ? corner.substring(s1 + 1) : corner.substring(s1 + 1, s2);
                    if (s2 < 0 && vt.isEmpty()) {
                        throw malformed(corner);
                    }
                    if (s2 >= 0) {
                        String vn = corner.substring(s2 + 1);
                        if (vn.isEmpty() || vn.indexOf('/') >= 0) {
                            throw malformed(corner);
                        }
                        index(vn, corner, "normal"); // checked for syntax only; normals are ignored
                    }
                    if (vt.isEmpty()) {
                        vt = null;
                    }
                }
                if (v.isEmpty()) {
                    throw malformed(corner);
                }
                cornerV[i] = resolve(index(v, corner, "vertex"), positions.size() / 3, "vertex",
                        corner);
                if (vt != null) {
                    cornerT[i] = resolve(index(vt, corner, "texture coordinate"), uvs.size() / 2,
                            "texture coordinate", corner);
                    withUv++;
                }
            }
            if (withUv != 0 && withUv != count) {
                throw fail("face gives texture coordinates for " + withUv + " of its " + count
                        + " vertices; give them for all or none");
            }
            int mode = withUv > 0 ? UVS_ALL : UVS_NONE;
            if (uvMode == UVS_UNKNOWN) {
                uvMode = mode;
                uvModeLine = lineNumber;
            } else if (uvMode != mode) {
                throw fail("face " + (mode == UVS_ALL ? "has" : "has no")
                        + " texture coordinates but the face on line " + uvModeLine
                        + (mode == UVS_ALL ? " has none" : " has them")
                        + "; all faces must have them or none");
            }
            for (int i = 1; i + 1 < count; i++) {
                triangles.add(cornerV[0]);
                triangles.add(cornerV[i]);
                triangles.add(cornerV[i + 1]);
                if (mode == UVS_ALL) {
                    triangleUvs.add(cornerT[0]);
                    triangleUvs.add(cornerT[i]);
                    triangleUvs.add(cornerT[i + 1]);
                }
                triangleLines.add(lineNumber);
            }
        }

        private int index(String text, String corner, String what) {
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw fail("cannot parse '" + printable(text) + "' as a " + what + " index in '"
                        + printable(corner) + "'");
            }
        }

        /** Turns a 1-based or negative OBJ index into a 0-based one (upper bound checked later). */
        private int resolve(int index, int definedSoFar, String what, String corner) {
            if (index == 0) {
                throw fail(what + " index 0 in '" + printable(corner)
                        + "' is invalid (OBJ indices start at 1)");
            }
            if (index > 0) {
                return index - 1;
            }
            int resolved = definedSoFar + index;
            if (resolved < 0) {
                String in = corner.equals(Integer.toString(index)) ? ""
                        : " in '" + printable(corner) + "'";
                throw fail("relative " + what + " index " + index + in
                        + " points before the first " + what + " (only " + definedSoFar
                        + " defined so far)");
            }
            return resolved;
        }

        private InputException malformed(String corner) {
            return fail("malformed face vertex '" + printable(corner)
                    + "'; expected v, v/vt, v//vn or v/vt/vn");
        }

        private double number(String token, String keyword) {
            String t = token.toLowerCase(Locale.ROOT);
            String unsigned = t.startsWith("-") || t.startsWith("+") ? t.substring(1) : t;
            if (unsigned.equals("nan") || unsigned.startsWith("nan(")) {
                return Double.NaN;
            }
            if (unsigned.equals("inf") || unsigned.equals("infinity")) {
                return t.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            }
            try {
                return Double.parseDouble(token);
            } catch (NumberFormatException e) {
                throw fail("cannot parse '" + printable(token) + "' as a number in '" + keyword
                        + "' statement");
            }
        }

        MeshLoadResult finish() {
            int vertexCount = positions.size() / 3;
            int uvCount = uvs.size() / 2;
            int[] tris = triangles.toArray();
            int[] lines = triangleLines.toArray();
            for (int h = 0; h < tris.length; h++) {
                if (tris[h] >= vertexCount) {
                    throw new InputException(source + ": line " + lines[h / 3]
                            + ": face references vertex " + (tris[h] + 1) + " but only "
                            + vertexCount + (vertexCount == 1 ? " vertex is" : " vertices are")
                            + " defined");
                }
            }
            int[] triUvs = null;
            double[] uvArray = new double[0];
            if (uvMode == UVS_ALL) {
                triUvs = triangleUvs.toArray();
                for (int h = 0; h < triUvs.length; h++) {
                    if (triUvs[h] >= uvCount) {
                        throw new InputException(source + ": line " + lines[h / 3]
                                + ": face references texture coordinate " + (triUvs[h] + 1)
                                + " but only " + Fmt.count(uvCount, "texture coordinate is",
                                        "texture coordinates are") + " defined");
                    }
                }
                uvArray = uvs.toArray();
            } else if (uvCount > 0) {
                warn("ignored " + Fmt.count(uvCount, "texture coordinate", "texture coordinates")
                        + " (vt) because no face uses them");
            }
            TriMesh raw = new TriMesh(positions.toArray(), tris, uvArray, triUvs, source);
            MeshLoadResult checked = MeshValidator.validate(raw, vertexLines.toArray(),
                    uvMode == UVS_ALL ? uvLines.toArray() : null, lines, purpose);
            List<String> all = new ArrayList<>(warnings);
            all.addAll(checked.warnings);
            return new MeshLoadResult(checked.mesh, all, checked.vertexMap);
        }

        private void warn(String what) {
            String message = source + ": " + what;
            warnings.add(message);
            LOG.log(Level.WARNING, message);
        }

        private InputException fail(String reason) {
            return new InputException(source + ": line " + lineNumber + ": " + reason);
        }

        /** Shortens a token for a message and keeps it on one line. */
        private static String printable(String token) {
            String s = token.length() > 40 ? token.substring(0, 40) + "..." : token;
            StringBuilder b = new StringBuilder(s.length());
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                b.append(Character.isISOControl(c) ? '?' : c);
            }
            return b.toString();
        }
    }


}
