package org.isocloth.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.isocloth.scene.SceneReader;
import org.isocloth.scene.SceneSpec;
import org.junit.jupiter.api.Test;

/** The example scene at the top of docs/scenes.md must be a valid scene with the values it shows. */
class SceneFormatExampleTest {
    @Test
    void theDocumentedExampleParses() throws IOException {
        Path doc = Path.of("..", "docs", "scenes.md");
        String text = Files.readString(doc);
        Matcher m = Pattern.compile("```(?:json)?\\n(\\{.*?\\})\\n```", Pattern.DOTALL).matcher(text);
        assertTrue(m.find(), "no JSON example in " + doc);
        SceneSpec spec = SceneReader.parse(m.group(1), doc);
        // The example's material lists every field with its default value.
        assertEquals(1, spec.cloths().size());
        assertEquals(1e5, spec.cloths().get(0).material().membraneStiffness());
        assertEquals(1e-3, spec.cloths().get(0).material().strainTolerance());
    }
}
