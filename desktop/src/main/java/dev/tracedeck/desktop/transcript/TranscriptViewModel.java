package dev.tracedeck.desktop.transcript;

import dev.tracedeck.analysis.run.RunWords;
import dev.tracedeck.analysis.run.Transcript;
import dev.tracedeck.analysis.run.TranscriptEntry;
import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The transcript of the trace in view: built off the FX thread the first time it is shown, its long blocks and the
 * model's thinking folded until opened, an entry chosen selecting its event in the other views.
 */
public final class TranscriptViewModel {

    /** A block longer than this many lines, or characters, shows its head and folds the rest. */
    static final int FOLD_LINES = 12;
    static final int FOLD_CHARS = 1_500;

    private Trace trace;
    private final LatestOnly builds;
    private final Consumer<Event> reveal;
    private final ReadOnlyObjectWrapper<Transcript> transcript = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyIntegerWrapper selected = new ReadOnlyIntegerWrapper(-1);
    /** Counts the folds opened or closed, for the view to redraw. */
    private final ReadOnlyIntegerWrapper unfoldings = new ReadOnlyIntegerWrapper();
    private final BitSet unfolded = new BitSet();
    private boolean active;
    private boolean stale = true;
    private boolean selecting;
    private Event shownEvent;

    public TranscriptViewModel(Trace trace, TaskRunner queries, Consumer<Event> reveal) {
        this.trace = trace;
        this.builds = new LatestOnly(queries);
        this.reveal = reveal;
    }

    public ReadOnlyObjectProperty<Transcript> transcriptProperty() {
        return transcript.getReadOnlyProperty();
    }

    public List<TranscriptEntry> entries() {
        return transcript.get() == null ? List.of() : transcript.get().entries();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty unfoldingsProperty() {
        return unfoldings.getReadOnlyProperty();
    }

    public void setActive(boolean shown) {
        active = shown;
        if (active && stale) {
            build();
        }
    }

    public void traceGrew(Trace grown) {
        trace = grown;
        stale = true;
        if (active) {
            build();
        }
    }

    private void build() {
        stale = false;
        Trace building = trace;
        status.set("Reading the conversation…");
        builds.submit("transcript", context -> Transcript.of(building, RunWords.of(building), context::isCancelled),
                made -> {
                    if (made == null) {
                        return;
                    }
                    unfolded.clear();
                    transcript.set(made);
                    status.set(String.format(java.util.Locale.ROOT, "%,d entries", made.entries().size()));
                    if (shownEvent != null) {
                        showEvent(shownEvent);
                    }
                },
                error -> status.set("Could not read the conversation: " + error.getMessage()));
    }

    /** Whether the entry shows whole: one that is not long, or one opened. */
    public boolean isUnfolded(int index) {
        return unfolded.get(index);
    }

    /** Whether the entry folds: the model's thinking, or a block too long to read at a glance. */
    public boolean folds(int index) {
        TranscriptEntry entry = entries().get(index);
        if (entry.kind() == TranscriptEntry.Kind.THINKING) {
            return true;
        }
        return isLong(Transcript.text(entry)) || isLong(Transcript.resultText(entry));
    }

    static boolean isLong(String text) {
        if (text.length() > FOLD_CHARS) {
            return true;
        }
        int lines = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n' && ++lines > FOLD_LINES) {
                return true;
            }
        }
        return false;
    }

    public void toggle(int index) {
        if (index < 0 || index >= entries().size() || !folds(index)) {
            return;
        }
        unfolded.flip(index);
        unfoldings.set(unfoldings.get() + 1);
    }

    /** Chooses the entry: its event (a call's result, where it has one, beside it) is selected in the other views. */
    public void select(int index) {
        if (index < 0 || index >= entries().size()) {
            return;
        }
        selected.set(index);
        Event event = entries().get(index).event();
        shownEvent = event;
        selecting = true;
        try {
            reveal.accept(event);
        } finally {
            selecting = false;
        }
    }

    /** The event selected elsewhere: the entry that shows it is selected here. */
    public void showEvent(Event event) {
        if (selecting || event == null) {
            return;
        }
        shownEvent = event;
        Transcript now = transcript.get();
        if (now == null || active && selected.get() >= 0 && selected.get() < now.entries().size()
                && now.entries().get(selected.get()).event() == event) {
            return;
        }
        if (active) {
            int at = now.entryOf(event.seq());
            if (at >= 0) {
                selected.set(at);
            }
        }
    }

    /** Selects no block, the conversation shown from its start. */
    public void clearSelection() {
        shownEvent = null;
        selected.set(-1);
    }

    public void close() {
        builds.cancel();
    }
}
