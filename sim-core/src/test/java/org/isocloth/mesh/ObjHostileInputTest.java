package org.isocloth.mesh;

import static org.isocloth.mesh.Meshes.assertInputError;
import static org.isocloth.mesh.Meshes.obj;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Files that are not OBJ meshes, or are built to hang or flood the reader. */
class ObjHostileInputTest {
    /** Far longer than any of these reads should take, far shorter than a hang. */
    private static final Duration QUICK = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @RegisterExtension
    final LogCapture logs = new LogCapture();

    /** Creates a named pipe with mkfifo; opening it for reading blocks until a writer comes. */
    static Path fifo(Path dir, String name) throws IOException, InterruptedException {
        Path f = dir.resolve(name);
        Process p = new ProcessBuilder("mkfifo", f.toString()).redirectErrorStream(true).start();
        assertEquals(0, p.waitFor(), "mkfifo failed");
        return f;
    }

    @Test
    void aFifoIsRefusedWithoutBeingOpened() throws Exception {
        Path f = fifo(dir, "pipe.obj");
        String m = assertTimeoutPreemptively(QUICK, () -> assertInputError(
                () -> ObjReader.read(f),
                "pipe.obj: the OBJ mesh is a pipe, socket or device, not a regular file"));
        assertTrue(m.startsWith("pipe.obj: "), m);
        assertInputError(() -> ObjReader.read(dir), "the OBJ mesh is a directory");
    }

    @Test
    void aPasswordFileIsRefusedWithoutQuotingIt() {
        Path f = obj(dir, "passwd", "root:x:0:0:root:/root:/bin/bash",
                "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin");
        // the first statement "root:x:..." is one token that is no OBJ keyword
        String m = assertInputError(() -> ObjReader.read(f));
        assertEquals("passwd: not an OBJ file: its first statement (line 1) does not start with"
                + " an OBJ keyword such as v, vt, f, o or mtllib", m);
        // the same with words split by spaces, after comments: the first statement's keyword
        // ("127.0.0.1") decides, and nothing of the file appears in the message or the logs
        Path hosts = obj(dir, "hosts", "# static table", "", "127.0.0.1 localhost secret-host");
        assertEquals("hosts: not an OBJ file: its first statement (line 3) does not start with"
                + " an OBJ keyword such as v, vt, f, o or mtllib",
                assertInputError(() -> ObjReader.read(hosts)));
        assertEquals(List.of(), logs.messages(Level.ALL));
    }

    @Test
    void binaryDataIsRefusedWithoutQuotingIt() throws IOException {
        // an ELF header: a NUL character on the first line
        Path f = dir.resolve("tool.obj");
        Files.write(f, new byte[] {0x7F, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, '\n', 'v'});
        assertEquals("tool.obj: line 1: holds binary data (a NUL character); not an OBJ text"
                + " file", assertInputError(() -> ObjReader.read(f)));
        // a NUL later in an OBJ is refused too, naming its line
        Path g = obj(dir, "tail.obj", "v 0 0 0", "v 1 0 0", "v 0 1 0\0\0", "f 1 2 3");
        assertInputError(() -> ObjReader.read(g), "tail.obj: line 3: holds binary data");
    }

    @Test
    void unsupportedStatementsQuoteAtMostAKeywordLikeWord() {
        MeshLoadResult r = ObjReader.read(new StringReader(String.join("\n", "v 0 0 0",
                "root:*:20228:0:99999:7:::", "v 1 0 0", "secret token-xyz", "v 0 1 0",
                "a_very_long_keyword_name 1", "f 1 2 3")), "mixed.obj");
        // "root:*:..." and a 24-character word are not keyword-like: not quoted at all;
        // "secret" is (letters only, at most 16): quoted, but not what follows it
        List<String> expected = List.of(
                "mixed.obj: line 2: skipped a statement that does not start with an OBJ keyword"
                        + " (later ones are skipped without a warning)",
                "mixed.obj: line 4: skipped unsupported statement 'secret' (later 'secret'"
                        + " statements are skipped without a warning)");
        assertEquals(expected, r.warnings);
        assertEquals(expected, logs.messages(Level.WARNING));
        for (String logged : logs.messages(Level.ALL)) {
            assertFalse(logged.contains("20228") || logged.contains("token"), logged);
        }
    }

    @Test
    void aLineWithoutEndIsRefusedAtTheLengthLimit() {
        // 2 Mi characters without a line break: more than ObjReader.MAX_LINE = 1 Mi
        String text = "v " + "1".repeat(2 << 20);
        assertTimeoutPreemptively(QUICK, () -> assertInputError(
                () -> ObjReader.read(new StringReader(text), "long.obj"),
                "long.obj: line 1: longer than 1048576 characters"));
    }

    @Test
    void longContinuationChainsTakeLinearTime() {
        // 300,000 lines "0 \" continue one 'v' statement of 300,003 values (each line joins as
        // "0" and two spaces: 900,000 characters, within the limit). Copying the statement so
        // far for every joined line would copy about 300,000² · 3 / 2 characters (minutes);
        // joining in place takes milliseconds
        String text = "v 1 2 3 \\\n" + "0 \\\n".repeat(300_000) + "\n";
        assertTimeoutPreemptively(QUICK, () -> assertInputError(
                () -> ObjReader.read(new StringReader(text), "chain.obj"),
                "chain.obj: line 1: 'v' statement has 300003 values"));
    }
}
