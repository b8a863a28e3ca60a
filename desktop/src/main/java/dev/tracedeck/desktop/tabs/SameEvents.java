package dev.tracedeck.desktop.tabs;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.source.SourceRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The events of a file read again, found from those of an earlier reading: an event is the same one when it comes
 * from the same place in the file (lines and JSON pointer) and is of the same kind. Its number may differ, since a
 * format that orders events by time (OpenTelemetry spans) can place a late line's event before earlier ones; among
 * events from one place, the one numbered nearest wins.
 */
public final class SameEvents {

    private record Place(String file, int firstLine, int lastLine, String pointer, EventKind kind) {
        static Place of(Event event) {
            SourceRef source = event.source();
            return new Place(source.file(), source.firstLine(), source.lastLine(), source.pointer(), event.kind());
        }
    }

    private final Map<Place, List<Event>> byPlace;

    private SameEvents(Map<Place, List<Event>> byPlace) {
        this.byPlace = byPlace;
    }

    public static SameEvents of(List<Event> events) {
        Map<Place, List<Event>> byPlace = new HashMap<>(events.size() * 2);
        for (Event event : events) {
            byPlace.computeIfAbsent(Place.of(event), p -> new ArrayList<>(1)).add(event);
        }
        return new SameEvents(byPlace);
    }

    /** This reading's event for {@code earlier}, an event of an earlier reading; empty when it is gone. */
    public Optional<Event> of(Event earlier) {
        List<Event> candidates = byPlace.get(Place.of(earlier));
        if (candidates == null) {
            return Optional.empty();
        }
        Event nearest = candidates.get(0);
        for (Event candidate : candidates) {
            if (Math.abs(candidate.seq() - earlier.seq()) < Math.abs(nearest.seq() - earlier.seq())) {
                nearest = candidate;
            }
        }
        return Optional.of(nearest);
    }
}
