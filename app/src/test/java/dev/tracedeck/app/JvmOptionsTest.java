package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each job's JVM options are written in one place, {@code app/src/jvm/jobs.properties}: the launcher script reads it and
 * the packaged launchers are filtered from it. A tuning option written into a launcher as well would drift from it.
 */
class JvmOptionsTest {

    private static final Path JOBS = Path.of("src", "jvm", "jobs.properties");
    private static final Path PACKAGED = Path.of("src", "dist", "launchers");
    private static final Path SCRIPT = Path.of("..", "tracedeck");
    /** What tunes a JVM, as opposed to saying where its jars, JavaFX or class-data archive are. */
    private static final Pattern TUNING = Pattern.compile(
            "-XX:[+-]Use\\w+GC|-Xmn\\d|-Xm[sx]\\d|RAMPercentage|TieredStopAtLevel|MetaspaceSize|MaxTenuringThreshold");
    private static final Pattern JOB_REFERENCE = Pattern.compile("\\$\\{jvm\\.([\\w-]+)}");

    @Test
    void everyJobTheProgramHandsOffToHasItsOptions() throws IOException {
        Properties jobs = jobs();
        for (String job : List.of("batch", "window", "render", "large", "large-json")) {
            String options = jobs.getProperty("jvm." + job, "");
            assertFalse(options.isBlank(), "jobs.properties gives no options for " + job);
            assertTrue(TUNING.matcher(options).find(), job + "'s options choose no collector or compiler: " + options);
        }
    }

    @Test
    void thePackagedLaunchersTakeEachJobsOptionsFromTheOnePlace() throws IOException {
        Properties jobs = jobs();
        Set<String> referenced = new TreeSet<>();
        try (Stream<Path> files = Files.list(PACKAGED)) {
            for (Path file : files.sorted().toList()) {
                for (String line : Files.readAllLines(file)) {
                    if (line.startsWith("#")) {
                        continue;
                    }
                    assertFalse(TUNING.matcher(line).find(), file + " writes a tuning option of its own: " + line);
                    Matcher reference = JOB_REFERENCE.matcher(line);
                    while (reference.find()) {
                        assertTrue(jobs.containsKey("jvm." + reference.group(1)), file + " names no job: " + line);
                        referenced.add(reference.group(1));
                    }
                }
            }
        }
        assertEquals(new TreeSet<>(List.of("batch", "large", "large-json", "render", "window")), referenced);
    }

    @Test
    void theLauncherScriptWritesNoTuningOptionOfItsOwn() throws IOException {
        if (!Files.isRegularFile(SCRIPT)) {
            return;
        }
        for (String line : Files.readAllLines(SCRIPT)) {
            if (!line.strip().startsWith("#")) {
                assertFalse(TUNING.matcher(line).find(), "./tracedeck writes a tuning option of its own: " + line);
            }
        }
        assertTrue(Files.readString(SCRIPT).contains("app/src/jvm/jobs.properties"), "./tracedeck reads jobs.properties");
    }

    private static Properties jobs() throws IOException {
        Properties jobs = new Properties();
        try (Reader reader = Files.newBufferedReader(JOBS)) {
            jobs.load(reader);
        }
        return jobs;
    }
}
