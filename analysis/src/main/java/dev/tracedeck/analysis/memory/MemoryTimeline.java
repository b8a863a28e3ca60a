package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The memories a trace shows, each with its operations in order; or, when it shows none, why.
 *
 * @param memories by thread, then in the order each was first met
 * @param reason   "" when there are memories; otherwise one line saying why there are none
 */
public record MemoryTimeline(List<Memory> memories, String reason) {

    /**
     * The formats whose traces can hold memory operations Tracedeck reads: Letta agent files, Mycelian logs, Claude
     * Code sessions, Codex rollouts (read as OpenAI Responses items), LangGraph state and LangChain messages (LangMem's
     * tools on a store), mem0 history exports.
     */
    private static final java.util.Set<String> KEEPING = java.util.Set.of("letta", "mycelian-log", "claude-code",
            "openai-responses", "langgraph", "langchain", "mem0-history");

    public MemoryTimeline {
        memories = List.copyOf(memories);
        Objects.requireNonNull(reason);
    }

    /**
     * Every memory the trace shows: those its calls operate on, and those it only shows (a Letta agent's blocks that no
     * call changed, each with the value the file saves).
     */
    public static MemoryTimeline of(Trace trace) {
        List<Memory> all = new ArrayList<>();
        for (TraceThread thread : trace.threads()) {
            all.addAll(read(thread).memories(true));
        }
        if (!all.isEmpty()) {
            return new MemoryTimeline(all, "");
        }
        return new MemoryTimeline(all, "no memory in this " + trace.format() + " trace: no Letta memory blocks,"
                + " memory tools or archival memory, no Mycelian memory calls, no writes of memory files (CLAUDE.md, AGENTS.md, a"
                + " memory or .claude folder), no todo list, no LangMem store calls and no mem0 history rows");
    }

    /** True when a trace of {@code format} can hold memory operations; false for a format that keeps none. */
    public static boolean keepsMemory(String format) {
        return KEEPING.contains(format);
    }

    /**
     * The memories one thread operates on, in the order each was first met: what the memory rules judge (a memory no
     * call touched gives them nothing to check).
     */
    public static List<Memory> of(TraceThread thread) {
        return read(thread).memories(false);
    }

    private static MemoryBook read(TraceThread thread) {
        Last last = LAST.get();
        if (last.thread != thread) {
            last.book = readAnew(thread);
            last.thread = thread;
        }
        return last.book;
    }

    /**
     * The memories each (Java) thread read last, with the trace thread they are of: the memory rules and the validator
     * read a thread's memories one after another, and reading them again each time was a tenth of checking a file of
     * conversations. A thread and its events never change, so what was read of it holds until the next thread's.
     */
    private static final ThreadLocal<Last> LAST = ThreadLocal.withInitial(Last::new);

    private static final class Last {
        private TraceThread thread;
        private MemoryBook book;
    }

    private static MemoryBook readAnew(TraceThread thread) {
        MemoryBook book = new MemoryBook(thread.id());
        CallResults results = CallResults.of(thread);
        LettaBlocks.read(thread, results, book);
        for (Event e : thread.events()) {
            Mem0History.row(e).ifPresent(row -> Mem0History.apply(e, row, book));
        }
        CallResults.eachCall(thread, (event, call) -> {
            if (MycelianMemory.isTool(call.name())) {
                MycelianMemory.apply(event, call, book);
            } else if (LangMemTools.isTool(call.name())) {
                LangMemTools.apply(event, call, results, book);
            } else if (MemoryFiles.isTool(call.name())) {
                MemoryFiles.apply(event, call, results, book);
            }
        });
        return book;
    }
}
