package dev.tracedeck.desktop.history;

import dev.tracedeck.analysis.prune.HistoryMessage;
import dev.tracedeck.analysis.prune.Step;
import dev.tracedeck.analysis.prune.Steps;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.tokens.ContextPoint;
import dev.tracedeck.analysis.tokens.MeasuredContext;
import dev.tracedeck.analysis.tokens.ModelChoice;
import dev.tracedeck.analysis.tokens.PromptTokens;
import dev.tracedeck.analysis.tokens.ThreadContext;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Computes {@link HistoryInsight}s off the FX thread. A thread's context over time is counted once and kept:
 * moving along the timeline only picks another point and splits that point's history into steps.
 */
final class HistoryInsights {

    private final ModelChoice model;
    private final Map<String, List<ContextPoint>> pointsByThread = new ConcurrentHashMap<>();
    /** Each thread's cache use, with the thread it was made of: a followed file read further has new threads. */
    private final Map<String, CachedUse> cacheByThread = new ConcurrentHashMap<>();
    private final dev.tracedeck.analysis.rules.SpendParameters spend;
    /**
     * Made on first use, off the FX thread: they load the model's vocabulary, which takes a while the first time and
     * holds a lock the checks may be holding too, so making them with the view-model froze the window.
     */
    private ThreadContext context;
    private PromptTokens tokens;

    /** @param spend the cache-miss rule's thresholds, for the misses the cache chart marks */
    HistoryInsights(ModelChoice model, dev.tracedeck.analysis.rules.SpendParameters spend) {
        this.model = model;
        this.spend = spend;
    }

    private synchronized ThreadContext context() {
        if (context == null) {
            context = new ThreadContext(model.format());
        }
        return context;
    }

    private synchronized PromptTokens tokens() {
        if (tokens == null) {
            tokens = new PromptTokens(model.format());
        }
        return tokens;
    }

    HistoryInsight of(TraceThread thread, Optional<Event> at) {
        List<ContextPoint> points = pointsByThread.computeIfAbsent(thread.id(), id -> {
            ThreadContext counting = context();
            synchronized (counting) {
                return counting.points(thread);
            }
        });
        int chosen = points.size() - 1;
        if (at.isPresent() && at.get().threadId().equals(thread.id())) {
            chosen = -1;
            for (int i = 0; i < points.size() && points.get(i).event().seq() <= at.get().seq(); i++) {
                chosen = i;
            }
            if (chosen < 0 && !points.isEmpty()) {
                chosen = 0;
            }
        }
        Optional<ThreadHistory> history = chosen < 0 ? Optional.empty()
                : Optional.of(ThreadHistory.at(thread, points.get(chosen).event()));
        HistoryInsight.CacheInsight cache = cacheByThread.compute(thread.id(), (id, was) -> was != null && was.thread() == thread
                ? was : new CachedUse(thread, new HistoryInsight.CacheInsight(dev.tracedeck.analysis.cost.CacheUse.of(thread),
                        dev.tracedeck.analysis.rules.cost.CacheMiss.misses(thread, spend)))).insight();
        return new HistoryInsight(thread, model, history, history.map(this::steps).orElse(List.of()), points,
                MeasuredContext.of(thread, points), chosen, cache);
    }

    private record CachedUse(TraceThread thread, HistoryInsight.CacheInsight insight) {
    }

    private List<HistoryInsight.StepRow> steps(ThreadHistory history) {
        List<HistoryInsight.StepRow> rows = new ArrayList<>();
        List<Step> steps = Steps.of(history.history());
        for (int s = 0; s < steps.size(); s++) {
            List<HistoryMessage> messages = new ArrayList<>();
            List<Integer> lines = new ArrayList<>();
            int sum = 0;
            for (int i : steps.get(s).messages()) {
                HistoryMessage m = history.history().messages().get(i);
                messages.add(m);
                lines.add(history.lines().get(i));
                sum += tokens().messageTokens(m.message());
            }
            rows.add(new HistoryInsight.StepRow(s + 1, steps.get(s), messages, lines, sum));
        }
        return rows;
    }
}
