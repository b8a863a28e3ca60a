package dev.tracedeck.analysis.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LettaPromptTimeTest {

    @Test
    void readsTheNewerAndTheOlderPromptsStampWithItsOffset() {
        assertEquals(Optional.of(Instant.parse("2026-02-12T02:04:15Z")), LettaPromptTime.lastModified(
                "<memory_metadata>\n- Memory blocks were last modified: 2026-02-12 02:04:15 AM UTC+0000\n"));
        assertEquals(Optional.of(Instant.parse("2025-05-02T09:12:41Z")), LettaPromptTime.lastModified(
                "### Memory [last modified: 2025-05-02 10:12:41 AM WEST+0100]\n"));
        assertEquals(Optional.of(Instant.parse("2025-05-02T13:05:00Z")), LettaPromptTime.lastModified(
                "[last modified: 2025-05-02 1:05:00 PM UTC+0000]"));
        assertEquals(Optional.empty(), LettaPromptTime.lastModified("no stamp"));
    }

    @Test
    void aMessagesTimeWithoutOffsetIsUtc() {
        assertEquals(Optional.of(Instant.parse("2025-05-02T09:12:41.302114Z")),
                LettaPromptTime.created("2025-05-02T09:12:41.302114"));
        assertEquals(Optional.of(Instant.parse("2026-02-12T01:03:16.678345Z")),
                LettaPromptTime.created("2026-02-12T01:03:16.678345+00:00"));
        assertEquals(Optional.empty(), LettaPromptTime.created(""));
    }
}
