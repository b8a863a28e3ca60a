package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The memory tool's calls grouped by the conversation message they persist: by the msg_idx the TOOL_CALL
 * line names, else by the message whose turn they were made in.
 */
record MemoryCalls(Map<Integer, List<ObservedCall>> byMsgIdx, Map<Integer, Event> messages, List<Turn> turns) {

    static MemoryCalls of(List<Turn> turns, String memoryTool) {
        Map<Integer, List<ObservedCall>> calls = new LinkedHashMap<>();
        Map<Integer, Event> messages = new LinkedHashMap<>();
        for (Turn turn : turns) {
            OptionalInt turnIdx = turn.msgIdx();
            turnIdx.ifPresent(i -> {
                messages.putIfAbsent(i, turn.opener().orElseThrow());
                calls.computeIfAbsent(i, k -> new ArrayList<>());
            });
            for (ObservedCall call : turn.callsOf(memoryTool)) {
                OptionalInt idx = call.msgIdx().isPresent() ? call.msgIdx() : turnIdx;
                if (idx.isPresent()) {
                    calls.computeIfAbsent(idx.getAsInt(), k -> new ArrayList<>()).add(call);
                }
            }
        }
        return new MemoryCalls(calls, messages, turns);
    }

    Optional<Payload.ConversationMessage> message(int msgIdx) {
        return Optional.ofNullable(messages.get(msgIdx)).map(e -> (Payload.ConversationMessage) e.payload());
    }

    boolean anyCallsObserved() {
        return turns.stream().anyMatch(t -> !t.calls().isEmpty());
    }

    /** The message's event followed by the calls' events. */
    List<Event> evidence(int msgIdx, List<ObservedCall> of) {
        List<Event> events = new ArrayList<>();
        Optional.ofNullable(messages.get(msgIdx)).ifPresent(events::add);
        of.forEach(c -> events.add(c.event()));
        return events;
    }
}
