package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class ProcessStartTest {

    @TempDir
    Path dir;

    @Test
    void theStartIsTheBootTimeByTheUptimePlusTheStartTicks() throws IOException {
        // A command name with spaces and parentheses of its own, as a thread or process may be named.
        Path stat = Files.writeString(dir.resolve("stat"), "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 "
                + "5 3 0 0 20 0 12 0 123456 9999999 1000 18446744073709551615\n");
        Path uptime = Files.writeString(dir.resolve("uptime"), "2000.37 3900.10\n");
        long now = 1_700_000_000_000L;
        assertEquals(OptionalLong.of(now - 2_000_370 + 1_234_560), ProcessStart.fromProc(stat, uptime, now));
    }

    @Test
    void whatCannotBeReadGivesNoAnswer() throws IOException {
        Path uptime = Files.writeString(dir.resolve("uptime"), "2000.37 3900.10\n");
        assertEquals(OptionalLong.empty(), ProcessStart.fromProc(dir.resolve("missing"), uptime, 0));
        Path garbled = Files.writeString(dir.resolve("stat"), "4242 (cut");
        assertEquals(OptionalLong.empty(), ProcessStart.fromProc(garbled, uptime, 0));
    }

    /** This JVM started shortly after its process did: seconds at most on a loaded machine, never hours off. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void thisProcessStartedJustBeforeItsJvm() {
        long vmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        long started = ProcessStart.epochMillis();
        assertTrue(started <= vmStart + 30, "started " + started + ", the JVM at " + vmStart);
        // A loaded machine can take seconds from exec to the JVM's clock; a wrong boot time or tick would be hours off.
        assertTrue(started >= vmStart - 10_000, "started " + started + ", the JVM at " + vmStart);
    }
}
