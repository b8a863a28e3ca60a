package dev.tracedeck.engine.live;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rules kept up with a trace that grows: each time it is read again, the threads whose events changed (or that
 * are new) are checked again and the others keep their checklists, and the findings not told before are handed back,
 * each once, as are those told before that no longer hold. A finding about what is still being written waits for its
 * thread to go on ({@link #atTheEdge}). A finding is the same one again when its rule, thread, message and evidence
 * lines are: lines that were read keep their numbers, since what is watched only grows.
 */
public final class LiveCheck {

    private final Validator validator;
    private Map<String, Long> signatures = new HashMap<>();
    /** The findings handed back, by {@link #key}, in the order they were. */
    private final Map<String, Finding> told = new LinkedHashMap<>();
    private List<Finding> resolved = List.of();
    private Validation last;
    private int changedLastTime;

    public LiveCheck(Validator validator) {
        this.validator = validator;
    }

    /**
     * Checks {@code trace}'s changed threads; the findings not handed back before, in the threads' order. The findings
     * handed back before that no longer hold are then {@link #resolved()}.
     */
    public List<Finding> update(Trace trace) {
        Map<String, Long> now = new HashMap<>();
        Set<String> changed = new HashSet<>();
        for (TraceThread thread : trace.threads()) {
            long signature = signature(thread);
            now.put(thread.id(), signature);
            Long before = signatures.get(thread.id());
            if (before == null || before != signature) {
                changed.add(thread.id());
            }
        }
        // A thread can go (lines read before their session was named join it once it is): its findings went with it.
        signatures.keySet().stream().filter(id -> !now.containsKey(id)).forEach(changed::add);
        if (last != null && !last.format().equals(trace.format())) {
            // Read as another format (its first lines changed the detector's mind): other rules, every thread anew.
            changed.addAll(now.keySet());
            changed.addAll(signatures.keySet());
        }
        signatures = now;
        changedLastTime = changed.size();
        last = last == null ? validator.validate(trace) : validator.revalidate(trace, last, changed::contains);
        return told(last, trace, changed);
    }

    /**
     * Checks {@code part}, every thread of one group of a trace read on its own, where {@code before} were the threads
     * of that group the last time: the findings of those threads not handed back before, and, as {@link #resolved()},
     * those handed back before that no longer hold (a thread of {@code before} that {@code part} lacks has none). The
     * checks of the other threads are not kept: {@link #validation()} stays empty in this use.
     */
    public List<Finding> updatePart(Trace part, Set<String> before) {
        Set<String> changed = new HashSet<>(before);
        part.threads().forEach(t -> changed.add(t.id()));
        changedLastTime = changed.size();
        return told(validator.validate(part), part, changed);
    }

    /** The findings of the {@code changed} threads not told before, and those told before that stopped holding. */
    private List<Finding> told(Validation validation, Trace trace, Set<String> changed) {
        List<Finding> fresh = new ArrayList<>();
        Set<String> holding = new HashSet<>();
        Map<String, Set<Event>> edges = new HashMap<>();
        for (Finding finding : validation.findings()) {
            if (changed.contains(finding.threadId())) {
                String key = key(finding);
                holding.add(key);
                if (told.containsKey(key) || atTheEdge(finding, trace, edges)) {
                    continue;
                }
                told.put(key, finding);
                fresh.add(finding);
            }
        }
        List<Finding> gone = new ArrayList<>();
        for (Iterator<Map.Entry<String, Finding>> i = told.entrySet().iterator(); i.hasNext(); ) {
            Map.Entry<String, Finding> e = i.next();
            if (changed.contains(e.getValue().threadId()) && !holding.contains(e.getKey())) {
                gone.add(e.getValue());
                i.remove();
            }
        }
        resolved = gone;
        return fresh;
    }

    /**
     * The findings handed back before that the last {@link #update} found no longer holding (a call that looked
     * orphaned got its result), in the order they were handed back; each is handed back again if it comes back.
     */
    public List<Finding> resolved() {
        return resolved;
    }

    /**
     * True for a finding about what is still being written: evidence that is the thread's last answer of the model
     * when it called tools (they may still be running: a recorded session that stops without their results has them
     * orphaned, which is no news until something comes after), or the end of a file cut inside a record (a dump being
     * written). Such a finding waits for the thread to go on; the checklist at the end has it either way.
     */
    private static boolean atTheEdge(Finding finding, Trace trace, Map<String, Set<Event>> edges) {
        Set<Event> edge = edges.computeIfAbsent(finding.threadId(),
                id -> trace.thread(id).map(LiveCheck::edge).orElse(Set.of()));
        return finding.evidence().stream().anyMatch(edge::contains);
    }

    /** A thread's events still being written: its last model answer when it called tools, and where a file is cut. */
    private static Set<Event> edge(TraceThread thread) {
        Set<Event> edge = new HashSet<>();
        List<Event> events = thread.events();
        for (int i = events.size() - 1; i >= 0; i--) {
            Event event = events.get(i);
            if (event.keyword().equals(ChatTraceWriter.CUT_SHORT)) {
                edge.add(event);
            }
            if (event.payload() instanceof Payload.ConversationMessage m && m.message().role().equals("assistant")) {
                if (!m.message().toolCalls().isEmpty()) {
                    edge.add(event);
                }
                break;
            }
        }
        return edge;
    }

    /**
     * Takes {@code findings} as told already, before the first {@link #update}: those shown of the trace before it was
     * watched (a window that had the file open, then follows it). They are told again only once they stopped holding,
     * as {@link #resolved()}.
     */
    public void toldAlready(List<Finding> findings) {
        findings.forEach(f -> told.put(key(f), f));
    }

    /** Forgets what was told and checked: what is watched was replaced and starts again. */
    public void restart() {
        signatures = new HashMap<>();
        told.clear();
        resolved = List.of();
        last = null;
    }

    /** The latest checklist, once something was checked. */
    public Optional<Validation> validation() {
        return Optional.ofNullable(last);
    }

    /** How many threads the last update checked again. */
    public int changedLastTime() {
        return changedLastTime;
    }

    /** The events' kinds and places, in order: a thread that gained, lost or reordered an event has another. */
    private static long signature(TraceThread thread) {
        long h = thread.events().size();
        for (Event event : thread.events()) {
            SourceRef source = event.source();
            h = h * 31 + event.kind().ordinal();
            h = h * 31 + source.firstLine();
            h = h * 31 + source.lastLine();
            h = h * 31 + source.pointer().hashCode();
            h = h * 31 + source.file().hashCode();
        }
        return h;
    }

    private static String key(Finding finding) {
        StringBuilder key = new StringBuilder(finding.ruleId()).append('\u0000').append(finding.threadId()).append('\u0000')
                .append(finding.msgIdx().isPresent() ? finding.msgIdx().getAsInt() : -1).append('\u0000')
                .append(finding.message());
        for (Event event : finding.evidence()) {
            SourceRef source = event.source();
            key.append('\u0000').append(source.file()).append(':').append(source.firstLine()).append('-')
                    .append(source.lastLine()).append(source.pointer());
        }
        return key.toString();
    }
}
