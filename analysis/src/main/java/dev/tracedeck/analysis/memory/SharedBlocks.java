package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.trace.TraceThread;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The Letta core-memory blocks one agent of a file shares with the others. Letta attaches a block to an agent by id,
 * and a sleep-time agent is made with the very blocks of the agent it serves: both list the same ids in
 * {@code block_ids}, so both write one block (a label alone says nothing: the two agents of a file may each have a
 * {@code project} block of their own). The Letta importer keeps each listed block's label by id in the agent record
 * ({@code block_labels}).
 */
public final class SharedBlocks {

    /**
     * One agent of the file.
     *
     * @param thread the agent's thread
     * @param labels the label of each block id the agent lists
     * @param blocks the agent's operations on its blocks, by label ({@link MemoryTimeline})
     * @param shown  the memory dumps at their place in the thread, in order: each system prompt Letta wrote for the
     *               agent, whose blocks are what the agent's model was shown from there until the next one, and last the
     *               blocks the file saves. A prompt a later change rewrote in place (a newer Letta keeps one prompt) is
     *               left out: it shows the memory as it ended
     */
    public record Agent(TraceThread thread, Map<String, String> labels, Map<String, Memory> blocks, List<Shown> shown) {
        public Agent {
            Objects.requireNonNull(thread);
            labels = Map.copyOf(labels);
            blocks = Map.copyOf(blocks);
            shown = List.copyOf(shown);
        }
    }

    /**
     * A memory dump at its place in an agent's thread.
     *
     * @param event  the dump
     * @param values each block it shows, by label
     * @param prompt true when a system prompt of the agent's messages shows it; false for the blocks the file saves
     */
    public record Shown(Event event, Map<String, String> values, boolean prompt) {
        public Shown {
            Objects.requireNonNull(event);
            values = Map.copyOf(values);
        }
    }

    private SharedBlocks() {
    }

    /** The agent {@code thread} is, when its agent record lists blocks by id; empty for any other thread. */
    public static Optional<Agent> agent(TraceThread thread) {
        Map<String, String> labels = labels(thread);
        if (labels.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Memory> blocks = new LinkedHashMap<>();
        for (Memory m : MemoryTimeline.of(thread)) {
            if (m.kind().equals("block")) {
                blocks.put(m.name(), m);
            }
        }
        List<Shown> shown = LettaBlocks.shownAtTheirPlace(thread).stream()
                .map(e -> new Shown(e.getKey(), e.getValue(), fromMessage(e.getKey()))).toList();
        return Optional.of(new Agent(thread, labels, blocks, shown));
    }

    /** When an event of a Letta file was made ({@code created_at}); empty when it records no time that parses. */
    public static Optional<Instant> time(Event e) {
        return e.time().isEmpty() ? Optional.empty() : LettaPromptTime.created(e.time());
    }

    /**
     * True when the dump was read from one of the agent's messages (its JSON pointer names one: a system prompt), not
     * from the blocks the file saves.
     */
    private static boolean fromMessage(Event dump) {
        String pointer = dump.source().pointer();
        return pointer.contains("/messages/");
    }

    /** The label of each block id the thread's agent record lists ({@code block_labels}). */
    private static Map<String, String> labels(TraceThread thread) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.JsonRecord r && r.eventName().equals("agent")
                    && r.json().get("block_labels").orElse(null) instanceof JsonValue.JsonObject o) {
                o.members().forEach((id, label) -> label.asText().filter(l -> !l.isEmpty())
                        .ifPresent(l -> labels.put(id, l)));
            }
        }
        return labels;
    }
}
