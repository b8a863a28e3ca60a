package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleLogsTest {

    @Test
    void opensTheLogsOfTheFolderInNameOrder(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("b.log"), "");
        Files.writeString(dir.resolve("a.log"), "");
        Files.writeString(dir.resolve("README.md"), "");
        assertEquals(List.of(dir.resolve("a.log"), dir.resolve("b.log")), SampleLogs.fromProperty(dir.toString()));
    }

    /** The window opens on the first: the run before the fix, which has findings, as the README's picture shows. */
    @Test
    void theBundledSamplesOpenOnTheRunBeforeTheFixThenTheRunAfterIt() {
        List<Path> samples = SampleLogs.fromProperty(Path.of("../sample-logs/mycelian").toString());
        assertEquals("before-prebuilt-react.log", samples.get(0).getFileName().toString());
        assertEquals("after-tool-only.log", samples.get(1).getFileName().toString());
        assertEquals(samples.subList(2, samples.size()).stream().sorted().toList(), samples.subList(2, samples.size()), "then by name");
    }

    @Test
    void opensNothingWhenTheFolderIsUnsetOrMissing(@TempDir Path dir) {
        assertEquals(List.of(), SampleLogs.fromProperty(null));
        assertEquals(List.of(), SampleLogs.fromProperty(dir.resolve("nope").toString()));
    }
}
