package dev.tracedeck.desktop.detail;

import dev.tracedeck.analysis.rules.chat.TextToolCallNotRun;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The tool calls written as text that an event first shows (a message, or a dump's new AI entries), found as the
 * {@code text-tool-call} rule finds them. A thread is read the first time one of its events is shown, off the FX
 * thread (renders run as background queries), and kept.
 */
public final class TextCallsLookup implements Function<Event, List<FoundTextCall>> {

    private final Trace trace;
    private final Map<String, List<FoundTextCall>> byThread = new ConcurrentHashMap<>();

    public TextCallsLookup(Trace trace) {
        this.trace = trace;
    }

    @Override
    public List<FoundTextCall> apply(Event event) {
        List<FoundTextCall> calls = byThread.computeIfAbsent(event.threadId(), id -> trace.thread(id)
                .map(t -> TextToolCallNotRun.find(t, trace.format()).calls()).orElse(List.of()));
        return calls.stream().filter(c -> c.where().event().seq() == event.seq()).toList();
    }
}
