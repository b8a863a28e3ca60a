package dev.tracedeck.analysis.run;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import java.util.Set;

/**
 * The records a harness writes about its own work beside the conversation: Claude Code's {@code progress} lines (hook,
 * Bash and sub-agent progress), its queue operations and file-history snapshots, Codex's {@code event_msg} lines (which
 * repeat the messages and count tokens) and turn contexts, and the rows of span formats whose span is told by the
 * messages written after it. A person reads a run by its steps; these are folded into the step they belong to.
 */
public final class HarnessRecords {

    /** Record types (their keyword) that only say what the harness did around a step. */
    private static final Set<String> KEYWORDS = Set.of("progress", "queue-operation", "file-history-snapshot",
            "event_msg", "turn_context", "replayed", "log", "last-prompt");

    private HarnessRecords() {
    }

    /**
     * Whether {@code event} is a harness record. A Codex event that tells of an error or an abort is not: it is news
     * the run's messages do not repeat.
     */
    public static boolean isHarness(Event event) {
        if (!(event.payload() instanceof Payload.JsonRecord record)) {
            return false;
        }
        if (record.kind() == EventKind.SPAN || record.kind() == EventKind.STEP) {
            return true;
        }
        if (!KEYWORDS.contains(event.keyword())) {
            return false;
        }
        if (event.keyword().equals("event_msg")) {
            String type = record.json().path("payload", "type").flatMap(v -> v.asText()).orElse("");
            return !type.contains("error") && !type.contains("abort");
        }
        return true;
    }

    /**
     * Whether {@code event}, a harness record, belongs to the step after it rather than the one before: a span's or a
     * step record's messages are written after it, where Claude Code's progress and Codex's events follow what they
     * report on.
     */
    public static boolean belongsToNext(Event event) {
        return event.kind() == EventKind.SPAN || event.kind() == EventKind.STEP;
    }
}
