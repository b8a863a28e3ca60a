package dev.tracedeck.workspace;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * How much message text one trace may bring into the search index. Indexing costs time and disk in proportion to the
 * distinct text: a big Mycelian log holds few distinct messages (its state dumps repeat them) and is indexed in
 * seconds, but an export of chat conversations of the same size is thirty times as many distinct messages — minutes
 * of work and a workspace larger than the file, which nobody who only searches the others asked for. Over the limit a trace is recorded (its
 * identity, summaries and findings) but not indexed, and a search says which files it did not search. The system
 * property {@value #PROPERTY} sets the limit in MiB of text (characters, as Java counts them).
 */
final class IndexLimit {

    static final String PROPERTY = "tracedeck.indexLimitMiB";
    static final long DEFAULT_MIB = 64;

    private IndexLimit() {
    }

    /** The limit in characters. */
    static long chars() {
        return Math.max(0, Long.getLong(PROPERTY, DEFAULT_MIB)) << 20;
    }

    /**
     * The message text the index would take from {@code events}, in characters, counted until it passes {@code limit}
     * (so a count over the limit may be short of the whole).
     */
    static long count(List<Event> events, long limit) {
        long text = 0;
        Set<StateEntry> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Event e : events) {
            Payload p = e.payload();
            if (p instanceof Payload.ConversationMessage m) {
                text += m.message().content().length() + arguments(m.message().toolCalls());
            } else if (p instanceof Payload.ToolInvocation t) {
                text += t.call().rawArguments().length();
            } else if (p instanceof Payload.ControlMessage control) {
                text += control.content().length();
            } else if (p instanceof Payload.StateDump dump) {
                // Consecutive dumps share their unchanged entries, and the index takes each once.
                for (StateEntry entry : dump.snapshot().entries()) {
                    if (seen.add(entry)) {
                        text += entry.content().length();
                    }
                }
            }
            if (text > limit) {
                return text;
            }
        }
        return text;
    }

    private static long arguments(List<ToolCall> calls) {
        long n = 0;
        for (ToolCall call : calls) {
            n += call.rawArguments().length();
        }
        return n;
    }
}
