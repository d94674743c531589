package org.isocloth.jme.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The docs' Java snippets are compiled code: each appears verbatim in a compiled test source. */
class DocSnippetsTest {
    @Test
    void everyJavaSnippetOfThePluginDocsIsCompiled() throws IOException {
        // the Minie and Lemur snippets are compiled by their own modules' tests
        String compiled = normalise(Files.readString(Path.of("src/test/java/org/isocloth/jme/docs/DocSnippets.java"))
                + Files.readString(Path.of("src/test/java/org/isocloth/jme/docs/JmeGuideExampleTest.java"))
                + Files.readString(Path.of("../plugin-minie/src/test/java/org/isocloth/jme/minie/MinieDocSnippets.java"))
                + Files.readString(Path.of("../plugin-lemur/src/test/java/org/isocloth/jme/lemur/LemurDocSnippets.java")));
        int checked = 0;
        for (String doc : new String[] {"jme.md", "colliders-jme.md", "panel.md"}) {
            String text = Files.readString(Path.of("../docs", doc));
            Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(text);
            while (m.find()) {
                String snippet = normalise(m.group(1));
                assertTrue(compiled.contains(snippet), doc + ": this snippet is not in a compiled source:\n" + m.group(1));
                checked++;
            }
        }
        // jme.md 1, colliders-jme.md 3, panel.md 1
        assertTrue(checked >= 5, "snippets checked: " + checked);
    }

    private static String normalise(String code) {
        return code.replaceAll("\\s+", " ").trim();
    }
}
