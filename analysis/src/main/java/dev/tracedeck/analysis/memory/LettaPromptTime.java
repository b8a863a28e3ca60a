package dev.tracedeck.analysis.memory;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a Letta system prompt says its memory blocks last changed ({@code Memory blocks were last modified: 2026-02-12
 * 02:04:15 AM UTC+0000}; older prompts {@code [last modified: 2025-05-02 10:12:41 AM WEST+0100]}), and when a message
 * was made ({@code created_at}). A newer Letta rewrites its one system prompt in place whenever a block changes, so
 * that prompt, first in the file, shows the memory as it ended: its stamp is later than the calls after it.
 */
final class LettaPromptTime {

    private static final Pattern STAMP = Pattern.compile(
            "last modified:? (\\d{4}-\\d{2}-\\d{2} \\d{1,2}:\\d{2}:\\d{2} [AP]M) [A-Za-z]*([+-]\\d{4})");
    private static final DateTimeFormatter STAMP_FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd h:mm:ss a", Locale.ROOT);

    private LettaPromptTime() {
    }

    /** The time the prompt says its blocks last changed, to the second. */
    static Optional<Instant> lastModified(String prompt) {
        Matcher m = STAMP.matcher(prompt);
        if (!m.find()) {
            return Optional.empty();
        }
        try {
            String offset = m.group(2);
            ZoneOffset zone = ZoneOffset.of(offset.substring(0, 3) + ":" + offset.substring(3));
            return Optional.of(LocalDateTime.parse(m.group(1), STAMP_FORMAT).toInstant(zone));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** A message's {@code created_at}: with an offset, or without one (UTC, as Letta stores it). */
    static Optional<Instant> created(String time) {
        try {
            return Optional.of(OffsetDateTime.parse(time).toInstant());
        } catch (DateTimeParseException e) {
            try {
                return Optional.of(LocalDateTime.parse(time).toInstant(ZoneOffset.UTC));
            } catch (DateTimeParseException e2) {
                return Optional.empty();
            }
        }
    }
}
