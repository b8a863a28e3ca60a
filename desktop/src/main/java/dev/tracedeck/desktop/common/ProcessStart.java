package dev.tracedeck.desktop.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.OptionalLong;

/**
 * When this process started, in epoch milliseconds, to within the kernel's clock tick. {@link ProcessHandle.Info}'s
 * start instant on Linux adds the process's start, in ticks since boot, to the boot time of {@code /proc/stat}, which
 * is in whole seconds: every process started after one boot is placed up to a second off, the same second for all, so
 * "N ms after start" read with it was wrong by a constant. Here the boot time comes from the uptime instead, which
 * {@code /proc/uptime} gives to the hundredth of a second. Elsewhere, or where {@code /proc} can't be read, it is
 * {@link ProcessHandle}'s answer.
 */
public final class ProcessStart {

    /** The kernel's clock ticks per second for {@code /proc/PID/stat}: 100 on every Linux a JVM runs on. */
    private static final long TICKS_PER_SECOND = 100;

    private ProcessStart() {
    }

    public static long epochMillis() {
        OptionalLong fromProc = fromProc(Path.of("/proc/self/stat"), Path.of("/proc/uptime"), System.currentTimeMillis());
        return fromProc.isPresent() ? fromProc.getAsLong()
                : ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli).orElseGet(System::currentTimeMillis);
    }

    /**
     * The start of the process whose {@code stat} is given, the uptime read at {@code now}; empty when either can't
     * be read or parsed.
     */
    static OptionalLong fromProc(Path stat, Path uptime, long now) {
        try {
            String line = Files.readString(stat, StandardCharsets.US_ASCII);
            // The command name, field 2, is in parentheses and may hold spaces or parentheses: count from the last ')'.
            String[] after = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
            long startTicks = Long.parseLong(after[19]);    // field 22, starttime
            double up = Double.parseDouble(Files.readString(uptime, StandardCharsets.US_ASCII).trim().split(" ")[0]);
            long boot = now - Math.round(up * 1000);
            return OptionalLong.of(boot + startTicks * 1000 / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }
}
