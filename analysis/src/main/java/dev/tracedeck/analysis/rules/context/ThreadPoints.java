package dev.tracedeck.analysis.rules.context;

import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.ContextPeak;
import dev.tracedeck.analysis.tokens.ContextPoint;
import dev.tracedeck.analysis.tokens.ThreadContext;
import dev.tracedeck.model.trace.TraceThread;
import java.lang.ref.WeakReference;
import java.util.List;

/**
 * A thread's context points for the context rules, counted once for both: {@code context-overflow} and
 * {@code context-preflight} run one after the other on the same thread, and counting is tokenizing every message —
 * on a gigabyte of chat conversations, nearly all of what {@code validate} did, done twice. The last count is kept
 * per validating thread (the validator checks a trace's threads in parallel), and only weakly held by its thread.
 *
 * <p>Most threads never come near their window, and showing that needs no tokenizer: each point's count bounded from
 * above by its texts' UTF-8 lengths ({@link ThreadContext#upperBounds}) costs a read of the characters, and by the
 * bytes of the contents left in the file and three bytes a character of the rest ({@link ThreadContext#fileBytesPeak})
 * nothing at all. The real count is made only for a thread whose bounds reach a threshold a rule asks about.
 */
final class ThreadPoints {

    private record Last(WeakReference<TraceThread> thread, ChatFormat format, ThreadPoints points) {
    }

    private static final ThreadLocal<Last> LAST = new ThreadLocal<>();

    private final TraceThread thread;
    private final ChatFormat format;
    /** Each tier's highest point (-1 until made), cheapest first: the bytes in the file, the UTF-8 length, the count. */
    private final long[] highest = {-1, -1, -1};
    private List<ContextPoint> counted;
    private int size = -1;

    private ThreadPoints(TraceThread thread, ChatFormat format) {
        this.thread = thread;
        this.format = format;
    }

    static ThreadPoints of(TraceThread thread, ChatFormat format) {
        Last last = LAST.get();
        if (last != null && last.thread().get() == thread && last.format().equals(format)) {
            return last.points();
        }
        ThreadPoints points = new ThreadPoints(thread, format);
        LAST.set(new Last(new WeakReference<>(thread), format, points));
        return points;
    }

    /** The points with their real counts, tokenized on first use. */
    List<ContextPoint> counted() {
        if (counted == null) {
            counted = List.copyOf(new ThreadContext(format).points(thread));
        }
        return counted;
    }

    boolean isCounted() {
        return counted != null;
    }

    /** How many points the thread has: a bound's points are the count's. */
    int size() {
        if (size < 0) {
            highest(counted != null ? 2 : 0);  // sets it
        }
        return size;
    }

    /** Whether no point's real count is above {@code threshold}, asking the cheapest bound that can tell. */
    boolean neverOver(double threshold) {
        if (counted == null) {
            for (int tier = 0; tier < 2; tier++) {
                if (highest(tier) <= threshold) {
                    return true;
                }
            }
        }
        return highest(2) <= threshold;
    }

    private long highest(int tier) {
        if (highest[tier] < 0) {
            ContextPeak peak = switch (tier) {
                case 0 -> ThreadContext.fileBytesPeak(format, thread);
                case 1 -> ThreadContext.upperBounds(format).peak(thread);
                default -> ContextPeak.of(counted());
            };
            size = peak.points();
            highest[tier] = peak.highest();
            // Counts are ints: a bound that ran past one (a history of some 700 million characters) tells nothing.
            if (tier < 2 && peak.overflow()) {
                highest[tier] = Long.MAX_VALUE;
            }
        }
        return highest[tier];
    }
}
