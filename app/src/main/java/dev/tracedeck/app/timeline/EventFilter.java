package dev.tracedeck.app.timeline;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which events the timeline shows: those of one thread (or all), of the chosen kinds, whose summary, text,
 * keyword or thread contains the search text (ignoring case). Immutable: the timeline replaces its filter
 * rather than mutating it, so the table re-filters exactly once per change.
 *
 * @param threadId the thread to show, empty for all threads
 * @param kinds    the kinds to show
 * @param search   text to look for, "" for everything
 */
public record EventFilter(Optional<String> threadId, Set<EventKind> kinds, String search) implements Predicate<Event> {

    public static final EventFilter ALL = new EventFilter(Optional.empty(), EnumSet.allOf(EventKind.class), "");

    public EventFilter {
        Objects.requireNonNull(threadId);
        // An EnumSet answers contains() with a bit test, which matters a million times over.
        kinds = Collections.unmodifiableSet(kinds.isEmpty() ? EnumSet.noneOf(EventKind.class) : EnumSet.copyOf(kinds));
        search = search.strip().toLowerCase(Locale.ROOT);
    }

    public EventFilter withThread(Optional<String> thread) {
        return new EventFilter(thread, kinds, search);
    }

    public EventFilter withKinds(Set<EventKind> shown) {
        return new EventFilter(threadId, shown, search);
    }

    public EventFilter withSearch(String text) {
        return new EventFilter(threadId, kinds, text);
    }

    public boolean showsAllKinds() {
        return kinds.size() == EventKind.values().length;
    }

    /** Cheapest checks first: this runs once per event per change, a million times on a big log. */
    @Override
    public boolean test(Event event) {
        if (threadId.isPresent() && !threadId.get().equals(event.threadId())) {
            return false;
        }
        if (!kinds.contains(event.kind())) {
            return false;
        }
        return search.isEmpty()
                || containsIgnoreCase(event.summary(), search)
                || containsIgnoreCase(event.keyword(), search)
                || containsIgnoreCase(event.threadId(), search)
                || containsIgnoreCase(event.text(), search);
    }

    /** {@code needle} is already lower case; avoids lower-casing (and copying) every haystack. */
    static boolean containsIgnoreCase(String haystack, String needle) {
        int last = haystack.length() - needle.length();
        for (int i = 0; i <= last; i++) {
            if (haystack.regionMatches(true, i, needle, 0, needle.length())) {
                return true;
            }
        }
        return false;
    }
}
