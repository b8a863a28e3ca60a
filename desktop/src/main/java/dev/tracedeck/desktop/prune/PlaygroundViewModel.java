package dev.tracedeck.desktop.prune;

import dev.tracedeck.analysis.prune.PruneStrategy;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.ModelProfile;
import dev.tracedeck.analysis.tokens.ModelProfiles;
import dev.tracedeck.analysis.tokens.PromptTokens;
import dev.tracedeck.analysis.tokens.TraceModel;
import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The prune playground: a thread, a point in its history, strategies with their arguments and a model in; the
 * history before and after, both sides' tokens against the window, the findings on the result, a status line and the
 * {@code tracedeck prune} command that reproduces it out. Every change recomputes in the background, latest only,
 * so dragging a slider never queues stale work and never blocks the window.
 */
public final class PlaygroundViewModel {

    /** Where a context gauge turns when no token budget names its own trigger: the pre-flight check at 80 % of the window. */
    public static final double DEFAULT_TRIGGER = 0.8;
    private static final String DEFAULT_MODEL = "gpt-4o";
    private static final int UNKNOWN_MODEL_LIMIT = 128_000;

    private final Path file;
    private final ThreadLabels labels;
    private final ModelProfiles profiles;
    /** The trace was read with --parse-text-calls: some call on it was parsed from text. */
    private final boolean parsedTextCalls;
    private final LatestOnly latest;
    private final String traceModel;
    private final Map<ChatFormat, PromptTokens> counters = new HashMap<>();

    private final ObservableList<TraceThread> threads = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<TraceThread> thread = new ReadOnlyObjectWrapper<>();
    private final ObservableList<Event> points = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Event> point = new ReadOnlyObjectWrapper<>();
    private final ObservableList<PruneStrategy> strategies = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper model = new ReadOnlyStringWrapper();
    private final ReadOnlyIntegerWrapper contextLimit = new ReadOnlyIntegerWrapper();

    private final ReadOnlyObjectWrapper<PlaygroundResult> result = new ReadOnlyObjectWrapper<>();
    private final ObservableList<MessageRow> before = FXCollections.observableArrayList();
    private final ObservableList<MessageRow> after = FXCollections.observableArrayList();
    private final ObservableList<FindingRow> findings = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper computing = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper commandLine = new ReadOnlyStringWrapper("");
    private final ObservableList<TraceThread> threadsView = FXCollections.unmodifiableObservableList(threads);
    private final ObservableList<Event> pointsView = FXCollections.unmodifiableObservableList(points);
    private final ObservableList<PruneStrategy> strategiesView = FXCollections.unmodifiableObservableList(strategies);
    private final ObservableList<MessageRow> beforeView = FXCollections.unmodifiableObservableList(before);
    private final ObservableList<MessageRow> afterView = FXCollections.unmodifiableObservableList(after);
    private final ObservableList<FindingRow> findingsView = FXCollections.unmodifiableObservableList(findings);
    /** Changes made while setting several inputs at once recompute once, at the end. */
    private boolean batching;

    /**
     * @param file   the trace's file, for the command line
     * @param runner where the recomputing runs (a single background thread in the app; synchronous in tests)
     */
    public PlaygroundViewModel(Trace trace, Path file, ThreadLabels labels, TaskRunner runner, ModelProfiles profiles) {
        this.file = file;
        this.labels = labels;
        this.profiles = profiles;
        this.latest = new LatestOnly(runner);
        this.traceModel = TraceModel.of(trace).orElse(DEFAULT_MODEL);
        this.parsedTextCalls = parsedTextCalls(trace);
        trace.threads().stream().filter(t -> !ThreadHistory.points(t).isEmpty()).forEach(threads::add);
        strategies.add(StrategyKind.KEEP_LAST_N_STEPS.create());
        model.set(traceModel);
        contextLimit.set(profile(traceModel).contextLimit());
        if (threads.isEmpty()) {
            status.set("No thread in this file has a message history to prune: no state dump with messages, no conversation message.");
        }
    }

    /**
     * Opens on a thread (else the selected event's, else the first with a history) at the last point at or before
     * {@code event} (else the thread's last point).
     */
    public void openAt(Optional<String> threadId, Optional<Event> event) {
        Optional<TraceThread> chosen = threadId.or(() -> event.map(Event::threadId))
                .flatMap(id -> threads.stream().filter(t -> t.id().equals(id)).findFirst())
                .or(() -> threads.stream().findFirst());
        batch(() -> {
            chosen.ifPresent(this::selectThread);
            event.filter(e -> chosen.isPresent() && e.threadId().equals(chosen.get().id()))
                    .ifPresent(e -> selectPoint(atOrBefore(e.seq()).orElse(points.isEmpty() ? null : points.get(0))));
        });
    }

    // ---- inputs ----

    /** The threads that have a history to prune. */
    public ObservableList<TraceThread> threads() {
        return threadsView;
    }

    public ReadOnlyObjectProperty<TraceThread> threadProperty() {
        return thread.getReadOnlyProperty();
    }

    /** Switches thread, staying at the same moment where the new thread has a point by then (else its last). */
    public void selectThread(TraceThread chosen) {
        if (chosen == null || chosen == thread.get()) {
            return;
        }
        Event was = point.get();
        batch(() -> {
            thread.set(chosen);
            points.setAll(ThreadHistory.points(chosen));
            Optional<Event> same = was == null ? Optional.empty() : atOrBefore(was.seq());
            point.set(same.orElse(points.isEmpty() ? null : points.get(points.size() - 1)));
        });
    }

    /** Where the thread's history can be read: its state dumps with a message list, else its messages. */
    public ObservableList<Event> points() {
        return pointsView;
    }

    public ReadOnlyObjectProperty<Event> pointProperty() {
        return point.getReadOnlyProperty();
    }

    public Event getPoint() {
        return point.get();
    }

    public void selectPoint(Event chosen) {
        if (chosen != null && chosen != point.get() && points.contains(chosen)) {
            point.set(chosen);
            recompute();
        }
    }

    /** Moves to the previous ({@code -1}) or next ({@code +1}) point, staying within the thread's. */
    public void stepPoint(int direction) {
        int at = points.indexOf(point.get());
        int to = Math.max(0, Math.min(points.size() - 1, at + Integer.signum(direction)));
        if (at >= 0 && to != at) {
            selectPoint(points.get(to));
        }
    }

    /** The strategies, applied in order. */
    public ObservableList<PruneStrategy> strategies() {
        return strategiesView;
    }

    public void addStrategy(StrategyKind kind) {
        strategies.add(kind.create());
        recompute();
    }

    public void removeStrategy(int index) {
        strategies.remove(index);
        recompute();
    }

    /** Moves the strategy at {@code index} one place earlier ({@code -1}) or later ({@code +1}). */
    public void moveStrategy(int index, int direction) {
        int to = index + Integer.signum(direction);
        if (to < 0 || to >= strategies.size() || to == index) {
            return;
        }
        PruneStrategy moved = strategies.remove(index);
        strategies.add(to, moved);
        recompute();
    }

    /** Sets argument {@code parameter} of strategy {@code index}, clamped to what the strategy accepts. */
    public void setParameter(int index, int parameter, double value) {
        PruneStrategy now = StrategyKind.with(strategies.get(index), parameter, value);
        if (!now.equals(strategies.get(index))) {
            strategies.set(index, now);
            recompute();
        }
    }

    public void setStrategies(List<PruneStrategy> chosen) {
        strategies.setAll(chosen);
        recompute();
    }

    public ReadOnlyStringProperty modelProperty() {
        return model.getReadOnlyProperty();
    }

    /** The models the picker offers: the trace's own, then those with a built-in profile. */
    public List<String> knownModels() {
        Set<String> names = new LinkedHashSet<>();
        names.add(traceModel);
        profiles.entries().forEach(e -> names.add(e.prefix()));
        return new ArrayList<>(names);
    }

    /** Counts with this model's tokenizer and resets the window to its own. */
    public void setModel(String name) {
        String chosen = name == null || name.isBlank() ? traceModel : name.strip();
        if (chosen.equals(model.get())) {
            return;
        }
        batch(() -> {
            model.set(chosen);
            contextLimit.set(profile(chosen).contextLimit());
        });
    }

    public ReadOnlyIntegerProperty contextLimitProperty() {
        return contextLimit.getReadOnlyProperty();
    }

    public void setContextLimit(int tokens) {
        if (tokens > 0 && tokens != contextLimit.get()) {
            contextLimit.set(tokens);
            recompute();
        }
    }

    // ---- outputs ----

    /** The last result, null until the first arrives. */
    public ReadOnlyObjectProperty<PlaygroundResult> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public PlaygroundResult getResult() {
        return result.get();
    }

    public ObservableList<MessageRow> before() {
        return beforeView;
    }

    public ObservableList<MessageRow> after() {
        return afterView;
    }

    /** The pairing rules' findings on the result, those the strategies introduced first. */
    public ObservableList<FindingRow> findings() {
        return findingsView;
    }

    public ReadOnlyBooleanProperty computingProperty() {
        return computing.getReadOnlyProperty();
    }

    /** "1,234 → 456 messages · 98,765 → 40,321 tokens · 778 removed · 3 changed · 1 added". */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Why the last computation failed, "" when it did not. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The {@code tracedeck prune} command that reproduces what is shown. */
    public ReadOnlyStringProperty commandLineProperty() {
        return commandLine.getReadOnlyProperty();
    }

    /** Where a gauge turns from fine to warning: the first token budget's trigger, else 80%. */
    public double trigger() {
        return strategies.stream().filter(s -> s instanceof PruneStrategy.TokenBudget)
                .map(s -> ((PruneStrategy.TokenBudget) s).trigger()).findFirst().orElse(DEFAULT_TRIGGER);
    }

    public String threadLabel(TraceThread t) {
        return labels.label(t.id());
    }

    /** "#812 · line 1,204 · 37 messages" for a dump; "#40 · line 52 · user: I like tea" for a message. */
    public String pointLabel(Event e) {
        String where = "#" + e.seq() + " · line " + CountFormat.count(e.source().firstLine());
        if (e.payload() instanceof Payload.StateDump dump) {
            return where + " · state, " + CountFormat.count(dump.snapshot().size(), "message", "messages");
        }
        if (e.payload() instanceof Payload.ConversationMessage m) {
            String text = m.message().content().strip().lines().findFirst().orElse("");
            return where + " · " + m.message().role() + ": " + (text.length() > 60 ? text.substring(0, 59) + "…" : text);
        }
        return where;
    }

    /** Stops a computation still running: the window is closing. */
    public void close() {
        latest.cancel();
        computing.set(false);
    }

    // ---- computing ----

    private void batch(Runnable changes) {
        boolean outer = !batching;
        batching = true;
        try {
            changes.run();
        } finally {
            if (outer) {
                batching = false;
                recompute();
            }
        }
    }

    private void recompute() {
        refreshCommandLine();
        if (batching) {
            return;
        }
        TraceThread t = thread.get();
        Event p = point.get();
        if (t == null || p == null) {
            return;
        }
        List<PruneStrategy> chosen = List.copyOf(strategies);
        PromptTokens tokens = tokens(model.get());
        int limit = contextLimit.get();
        computing.set(true);
        status.set(status.get().isEmpty() ? "computing…" : status.get());
        latest.submit("prune playground", context -> PlaygroundResult.compute(t, p, chosen, tokens, limit),
                this::show, this::failed);
    }

    private void show(PlaygroundResult r) {
        result.set(r);
        before.setAll(r.before());
        after.setAll(r.after());
        findings.setAll(r.findings());
        error.set("");
        computing.set(false);
        status.set(status(r));
    }

    private void failed(Throwable e) {
        computing.set(false);
        error.set(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }

    static String status(PlaygroundResult r) {
        long introduced = r.findings().stream().filter(FindingRow::introduced).count();
        StringBuilder out = new StringBuilder()
                .append(CountFormat.count(r.before().size())).append(" → ").append(CountFormat.count(r.after().size(), "message", "messages"))
                .append(" · ").append(CountFormat.count(r.beforeTokens())).append(" → ").append(CountFormat.count(r.afterTokens()))
                .append(" tokens");
        if (r.beforeTokens() > 0 && r.afterTokens() != r.beforeTokens()) {
            long percent = Math.round(100.0 * (r.afterTokens() - r.beforeTokens()) / r.beforeTokens());
            out.append(" (").append(percent > 0 ? "+" : "").append(percent).append("%)");
        }
        out.append(" · ").append(CountFormat.count(r.result().removed().size())).append(" removed")
                .append(" · ").append(CountFormat.count(r.result().changed().size())).append(" changed")
                .append(" · ").append(CountFormat.count(r.result().added().size())).append(" added")
                .append(" · ").append(CountFormat.count(r.findings().size(), "finding", "findings"));
        if (introduced > 0) {
            out.append(" (").append(introduced).append(" introduced)");
        }
        return out.toString();
    }

    private void refreshCommandLine() {
        TraceThread t = thread.get();
        Event p = point.get();
        if (t == null || p == null) {
            commandLine.set("");
            return;
        }
        Optional<String> chosenModel = model.get().equals(traceModel) ? Optional.empty() : Optional.of(model.get());
        OptionalInt limit = contextLimit.get() == profile(model.get()).contextLimit() ? OptionalInt.empty()
                : OptionalInt.of(contextLimit.get());
        commandLine.set(PruneCommandLine.of(List.copyOf(strategies), t.id(), p.seq(), chosenModel, limit, parsedTextCalls, file));
    }

    private Optional<Event> atOrBefore(int seq) {
        Event found = null;
        for (Event e : points) {
            if (e.seq() <= seq) {
                found = e;
            }
        }
        return Optional.ofNullable(found);
    }

    private ModelProfile profile(String name) {
        return profiles.forModel(name).orElse(new ModelProfile(name, UNKNOWN_MODEL_LIMIT, Optional.empty()));
    }

    /** One counter per tokenizer, kept: it caches every message it has counted, which is what makes recomputing cheap. */
    private PromptTokens tokens(String name) {
        ChatFormat format = profile(name).format().orElse(ModelProfile.ESTIMATE_FORMAT);
        return counters.computeIfAbsent(format, PromptTokens::new);
    }

    public Path file() {
        return file;
    }

    private static boolean parsedTextCalls(Trace trace) {
        for (dev.tracedeck.model.event.Event e : trace.events()) {
            if (e.payload() instanceof dev.tracedeck.model.event.Payload.ConversationMessage m
                    && m.message().toolCalls().stream().anyMatch(c -> c.parsedFromText())) {
                return true;
            }
            if (e.payload() instanceof dev.tracedeck.model.event.Payload.StateDump d
                    && d.snapshot().entries().stream().anyMatch(x -> x.parsedFromText() > 0)) {
                return true;
            }
        }
        return false;
    }
}
