package dev.tracedeck.app.workspace;

import dev.tracedeck.app.common.TaskRunner;
import dev.tracedeck.app.detail.DetailViewModel;
import dev.tracedeck.app.threads.ThreadListViewModel;
import dev.tracedeck.app.timeline.TimelineViewModel;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import java.util.Optional;

/** One imported trace as the window shows it: the thread list drives the timeline, the timeline the detail. */
public final class TraceViewModel {

    private final LoadedTrace loaded;
    private final ThreadListViewModel threads;
    private final TimelineViewModel timeline;
    private final DetailViewModel detail;

    public TraceViewModel(LoadedTrace loaded, TaskRunner queries) {
        this.loaded = loaded;
        this.threads = new ThreadListViewModel(loaded.threads());
        this.timeline = new TimelineViewModel(loaded.trace().events());
        this.detail = new DetailViewModel(queries);
        threads.selectedProperty().addListener((obs, old, now) -> timeline.showThread(threads.selectedThreadId()));
        timeline.selectedEventProperty().addListener((obs, old, now) -> detail.show(now));
    }

    public LoadedTrace loaded() {
        return loaded;
    }

    public ThreadListViewModel threads() {
        return threads;
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    public DetailViewModel detail() {
        return detail;
    }

    /**
     * The event that shows the most at a glance, for the README screenshot: the first state dump that
     * appended to an earlier one (old and new entries side by side), else the first state dump with entries,
     * else the first event.
     */
    public Optional<Event> showcaseEvent() {
        Event firstDump = null;
        for (Event event : loaded.trace().events()) {
            if (event.payload() instanceof Payload.StateDump dump
                    && dump.snapshot().size() > 0) {
                if (dump.diff().previousSize() > 0 && dump.diff().appendedCount() > 0) {
                    return Optional.of(event);
                }
                if (firstDump == null) {
                    firstDump = event;
                }
            }
        }
        return Optional.ofNullable(firstDump).or(() -> loaded.trace().events().stream().findFirst());
    }
}
