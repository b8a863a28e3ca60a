package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.GoldenFile;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.TraceDump;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden files: each {@code mycelian/NAME.log} in the test resources imports to exactly
 * {@code mycelian/NAME.expected.txt}. Run with {@code -Dgolden.update=true} to rewrite the expectations
 * after a deliberate change, then read the diff before committing it.
 */
class MycelianGoldenTest {

    private static final Path DIR = Path.of("src/test/resources/mycelian");

    @ParameterizedTest
    @ValueSource(strings = {"every-kind", "prefixes", "prefixless", "multiline", "state", "truncated-args", "malformed"})
    void importsToTheGoldenDump(String name) throws Exception {
        Path log = DIR.resolve(name + ".log");
        String actual = TraceDump.of(new MycelianLogImporter().read(ImportSource.of("mycelian/" + name + ".log",
                Files.readAllBytes(log)), ImportListener.NONE));
        Path expected = DIR.resolve(name + ".expected.txt");
        GoldenFile.assertMatches(expected, actual);
    }
}
