package dev.tracedeck.model.rules.context;

import dev.tracedeck.model.tokens.ChatFormat;
import dev.tracedeck.model.tokens.ContextPoint;
import dev.tracedeck.model.tokens.ThreadContext;
import dev.tracedeck.model.trace.TraceThread;
import java.lang.ref.WeakReference;
import java.util.List;

/**
 * A thread's context points for the context rules, counted once for both: {@code context-overflow} and
 * {@code context-preflight} run one after the other on the same thread, and counting is tokenizing every message —
 * on a gigabyte of chat conversations, nearly all of what {@code validate} did, done twice. The last count is kept
 * per validating thread (the validator checks a trace's threads in parallel), and only weakly held by its thread.
 */
final class ThreadPoints {

    private record Last(WeakReference<TraceThread> thread, ChatFormat format, List<ContextPoint> points) {
    }

    private static final ThreadLocal<Last> LAST = new ThreadLocal<>();

    private ThreadPoints() {
    }

    static List<ContextPoint> of(TraceThread thread, ChatFormat format) {
        Last last = LAST.get();
        if (last != null && last.thread().get() == thread && last.format().equals(format)) {
            return last.points();
        }
        List<ContextPoint> points = List.copyOf(new ThreadContext(format).points(thread));
        LAST.set(new Last(new WeakReference<>(thread), format, points));
        return points;
    }
}
