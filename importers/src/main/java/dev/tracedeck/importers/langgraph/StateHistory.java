package dev.tracedeck.importers.langgraph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.langchain.LangChainMessages;
import dev.tracedeck.importers.langchain.LangChainModelCall;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.state.SnapshotSection;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes each thread's checkpoints in the order they were taken — by {@code metadata.step} when every one has it,
 * else by {@code created_at} when every one has one and they differ, else in file order — reversed when the first
 * checkpoint's parent comes later in the file (a history from {@code get_state_history} or the API lists the
 * newest first) — as events: every message a checkpoint adds or changes at a position,
 * against the thread's previous checkpoint, in each of its channels, then the checkpoint's state dump. The dump's
 * entries are the {@code messages} channel; the other message lists are its named sections (an empty one only
 * when the thread's state holds messages there at some point). An AI message that names its model or records usage
 * ({@link LangChainModelCall}) is a model call where it first appears in the thread: the checkpoints after it, and
 * other channels holding it, repeat it (told by its {@code id}, else its text), which is no new call.
 */
final class StateHistory {

    private final ChatTraceWriter out;
    private final Map<String, List<Checkpoint>> threads = new LinkedHashMap<>();

    StateHistory(ChatTraceWriter out) {
        this.out = out;
    }

    void add(Checkpoint checkpoint) {
        threads.computeIfAbsent(checkpoint.thread(), t -> new ArrayList<>()).add(checkpoint);
    }

    boolean isEmpty() {
        return threads.isEmpty();
    }

    void write() {
        threads.forEach((thread, checkpoints) -> write(thread, ordered(checkpoints)));
        threads.clear();
    }

    private static List<Checkpoint> ordered(List<Checkpoint> checkpoints) {
        List<Checkpoint> sorted = new ArrayList<>(checkpoints);
        if (sorted.stream().allMatch(c -> c.step().isPresent())) {
            sorted.sort(Comparator.comparingLong(c -> c.step().getAsLong()));
        } else if (sorted.stream().noneMatch(c -> c.createdAt().isEmpty())
                && sorted.stream().map(Checkpoint::createdAt).distinct().count() > 1) {
            sorted.sort(Comparator.comparing(Checkpoint::createdAt));
        } else if (newestFirst(sorted)) {
            java.util.Collections.reverse(sorted);
        }
        return sorted;
    }

    /** True when the first checkpoint's parent comes after it in the file: a history listed newest first. */
    private static boolean newestFirst(List<Checkpoint> checkpoints) {
        String parent = checkpoints.get(0).parentId();
        return !parent.isEmpty() && checkpoints.stream().skip(1).anyMatch(c -> c.id().equals(parent));
    }

    private void write(String thread, List<Checkpoint> checkpoints) {
        Set<String> messageChannels = new HashSet<>();
        for (Checkpoint c : checkpoints) {
            c.channels().stream().filter(ch -> !ch.items().isEmpty()).forEach(ch -> messageChannels.add(ch.name()));
        }
        Map<String, List<Checkpoint.Item>> previous = new HashMap<>();
        Set<String> called = new HashSet<>();
        for (Checkpoint c : checkpoints) {
            List<StateEntry> entries = new ArrayList<>();
            int[] lines = new int[0];
            int declared = 0;
            List<SnapshotSection> sections = new ArrayList<>();
            for (Checkpoint.Channel channel : c.channels()) {
                boolean conversation = channel.name().equals(CheckpointReader.MESSAGES);
                if (!conversation && channel.items().isEmpty() && !messageChannels.contains(channel.name())) {
                    continue;
                }
                messages(thread, c, channel, previous.getOrDefault(channel.name(), List.of()), called);
                previous.put(channel.name(), channel.items());
                List<StateEntry> parsed = new ArrayList<>();
                List<Integer> parsedLines = new ArrayList<>();
                for (int i = 0; i < channel.items().size(); i++) {
                    if (channel.items().get(i).entry() != null) {
                        parsed.add(channel.items().get(i).entry());
                        parsedLines.add(channel.first()[i]);
                    }
                }
                if (conversation) {
                    entries = parsed;
                    lines = parsedLines.stream().mapToInt(Integer::intValue).toArray();
                    declared = channel.items().size();
                } else {
                    sections.add(new SnapshotSection(channel.name(), parsed, parsedLines));
                }
            }
            for (String gone : new ArrayList<>(previous.keySet())) {
                if (c.channels().stream().noneMatch(ch -> ch.name().equals(gone))) {
                    previous.remove(gone);
                }
            }
            StateSnapshot snapshot = StateSnapshot.ofMessages(thread, declared, entries, lines).withSections(sections)
                    .asVerbatim();
            if (c.next().isPresent()) {
                snapshot = snapshot.withNext(c.next().get());
            }
            out.snapshot(c.source(), c.summary(), snapshot);
        }
    }

    /**
     * The channel's messages that are new at their position since the previous checkpoint, as events; an AI message
     * not in {@code called} yet a model call.
     */
    private void messages(String thread, Checkpoint c, Checkpoint.Channel channel, List<Checkpoint.Item> before,
                          Set<String> called) {
        for (int i = 0; i < channel.items().size(); i++) {
            Checkpoint.Item item = channel.items().get(i);
            if (i < before.size() && before.get(i) == item) {
                continue;
            }
            SourceRef source = new SourceRef(c.source().file(), channel.first()[i], channel.last()[i],
                    channel.pointer() + "/" + i);
            if (item.parsed().isPresent()) {
                LangChainMessages.Parsed parsed = item.parsed().get();
                Event event = out.message(thread, source, item.text(), parsed.message(), i);
                if (parsed.type().equals("ai") && LangChainModelCall.shown(parsed.fields())
                        && called.add(identity(parsed, item))) {
                    out.modelCall(event, LangChainModelCall.model(parsed.fields()),
                            LangChainModelCall.usage(parsed.fields()));
                }
            } else {
                out.malformed(thread, source, item.text(), item.error());
            }
        }
    }

    /** What tells a message from another: LangChain's {@code id}, which LangGraph gives every message, else its text. */
    private static String identity(LangChainMessages.Parsed parsed, Checkpoint.Item item) {
        JsonNode id = parsed.fields().path("id");
        return id.isTextual() && !id.textValue().isBlank() ? "id " + id.textValue() : "text " + item.text();
    }
}
