package dev.tracedeck.app.cli;

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

    @Test
    void opensNothingWhenTheFolderIsUnsetOrMissing(@TempDir Path dir) {
        assertEquals(List.of(), SampleLogs.fromProperty(null));
        assertEquals(List.of(), SampleLogs.fromProperty(dir.resolve("nope").toString()));
    }
}
