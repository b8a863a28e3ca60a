package dev.tracedeck.engine.search;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which events the timeline shows: those of one thread (or all), of the chosen kinds, whose summary, text,
 * keyword or thread contains the search text (ignoring case; for a text not in memory, what its payload holds), and, when asked, only those that are evidence
 * of a finding. Immutable: the timeline replaces its filter rather than mutating it, so the table re-filters
 * exactly once per change.
 *
 * @param threadId    the thread to show, empty for all threads
 * @param kinds       the kinds to show
 * @param search      text to look for, "" for everything
 * @param onlyFlagged show only events that are evidence of some finding
 * @param evidence    which events are evidence; carried here so the filter is a complete predicate, and
 *                    {@link EvidenceIndex#EMPTY} until the trace has been checked
 * @param harness     whether harness records (Claude Code's progress lines, Codex's events, span rows) are folded into
 *                    the steps they belong to, and where each folds
 */
public record EventFilter(Optional<String> threadId, Set<EventKind> kinds, String search, boolean onlyFlagged,
                          EvidenceIndex evidence, HarnessFolding harness) implements Predicate<Event> {

    public static final EventFilter ALL =
            new EventFilter(Optional.empty(), EnumSet.allOf(EventKind.class), "", false, EvidenceIndex.EMPTY);

    /** A filter that folds no harness record: none is known yet. */
    public EventFilter(Optional<String> threadId, Set<EventKind> kinds, String search, boolean onlyFlagged,
                       EvidenceIndex evidence) {
        this(threadId, kinds, search, onlyFlagged, evidence, HarnessFolding.none());
    }

    public EventFilter {
        Objects.requireNonNull(threadId);
        Objects.requireNonNull(evidence);
        Objects.requireNonNull(harness);
        // An EnumSet answers contains() with a bit test, which matters a million times over.
        kinds = Collections.unmodifiableSet(kinds.isEmpty() ? EnumSet.noneOf(EventKind.class) : EnumSet.copyOf(kinds));
        search = normalizedSearch(search);
    }

    /** The search as the filter holds it: trimmed, lower case. */
    public static String normalizedSearch(String text) {
        return text.strip().toLowerCase(Locale.ROOT);
    }

    public EventFilter withThread(Optional<String> thread) {
        return new EventFilter(thread, kinds, search, onlyFlagged, evidence, harness);
    }

    public EventFilter withKinds(Set<EventKind> shown) {
        return new EventFilter(threadId, shown, search, onlyFlagged, evidence, harness);
    }

    public EventFilter withSearch(String text) {
        return new EventFilter(threadId, kinds, text, onlyFlagged, evidence, harness);
    }

    public EventFilter withOnlyFlagged(boolean only) {
        return new EventFilter(threadId, kinds, search, only, evidence, harness);
    }

    public EventFilter withHarness(HarnessFolding folding) {
        return new EventFilter(threadId, kinds, search, onlyFlagged, evidence, folding);
    }

    public EventFilter withEvidence(EvidenceIndex index) {
        return new EventFilter(threadId, kinds, search, onlyFlagged, index, harness);
    }

    /**
     * The least change that shows {@code event}: its thread instead of another, its kind added, a search it
     * does not match cleared, "only flagged" dropped for an event that is not, harness records shown for one that is
     * folded. What already shows it stays.
     */
    public EventFilter relaxedFor(Event event) {
        Optional<String> thread = threadId.filter(id -> id.equals(event.threadId()));
        Set<EventKind> shown = EnumSet.of(event.kind());
        shown.addAll(kinds);
        String text = matchesSearch(event) ? search : "";
        return new EventFilter(thread, shown, text, onlyFlagged && evidence.isFlagged(event), evidence,
                harness.hides(event) ? harness.withFolded(false) : harness);
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
        if (harness.hides(event)) {
            return false;
        }
        if (onlyFlagged && !evidence.isFlagged(event)) {
            return false;
        }
        return matchesSearch(event);
    }

    private boolean matchesSearch(Event event) {
        return search.isEmpty() || anySearchedText(event, text -> containsIgnoreCase(text, search));
    }

    /** Looks at one text a search reads; true stops the look. */
    @FunctionalInterface
    public interface TextLook {
        boolean found(String text);
    }

    /**
     * Hands {@code look} each text a search of {@code event} reads, until it answers true: the summary, keyword and
     * thread, then the record's text or what its payload holds. The one list of what a search reads, so that what
     * indexes it ({@link SearchSignatures}) cannot drift from what is searched.
     *
     * @return whether {@code look} answered true
     */
    public static boolean anySearchedText(Event event, TextLook look) {
        return look.found(summaryOf(event)) || look.found(event.keyword()) || look.found(event.threadId())
                || textLooked(event, look);
    }

    /**
     * What the Summary column shows, as far as the rest of the search does not cover it: a message's summary is built
     * from its index, role, ids, calls and content, so for one whose content and calls are searched anyway only the
     * index and role are left — and building a summary string per message per keystroke was most of a search's cost.
     */
    private static String summaryOf(Event event) {
        if (event.payload() instanceof Payload.ConversationMessage m && !event.sourceText().isHeld()) {
            return m.msgIdx().isPresent() ? "#" + m.msgIdx().getAsInt() + " " + m.message().role() : m.message().role();
        }
        return event.summary();
    }

    /**
     * Whether a search reads {@code event}'s text back from its file: a record kept there whose payload holds less than
     * its text (a log's), which {@link #textLooked} reads a block of the file at a time.
     */
    public static boolean readsTextBack(Event event) {
        return !event.sourceText().isHeld() && !(event.payload() instanceof Payload.ConversationMessage)
                && !(event.payload() instanceof Payload.JsonRecord);
    }

    /**
     * The record's text when it is in memory; for a text kept as a range of the file (a big JSON file's messages),
     * what the payload holds instead — a message's whole content, its calls and their arguments as written, a
     * record's JSON — since reading the file for every event on every keystroke would read all of it. A record whose
     * payload holds less than its text (a log's record kept in its file) is read back, a block of the file at a time.
     */
    private static boolean textLooked(Event event, TextLook look) {
        if (event.sourceText().isHeld()) {
            return look.found(event.text());
        }
        if (event.payload() instanceof Payload.ConversationMessage m) {
            Message message = m.message();
            if (look.found(message.content()) || look.found(message.toolCallId())) {
                return true;
            }
            for (ToolCall call : message.toolCalls()) {
                if (look.found(call.name()) || look.found(call.rawArguments()) || look.found(call.id())) {
                    return true;
                }
            }
            return false;
        }
        if (event.payload() instanceof Payload.JsonRecord r) {
            return look.found(r.json().toCompactString());
        }
        return look.found(event.sourceText().textInPasses());
    }

    /**
     * {@code needle} is already lower case; avoids lower-casing (and copying) every haystack. A position is compared
     * whole only where its first character matches in either case: most positions of most texts are passed over with
     * two char comparisons.
     */
    public static boolean containsIgnoreCase(String haystack, String needle) {
        int length = needle.length();
        if (length == 0) {
            return true;
        }
        char first = needle.charAt(0);
        char firstUpper = Character.toUpperCase(first);
        char firstTitle = Character.toTitleCase(first);
        int last = haystack.length() - length;
        for (int i = 0; i <= last; i++) {
            char c = haystack.charAt(i);
            if ((c == first || c == firstUpper || c == firstTitle || c >= 0x80 && Character.toLowerCase(c) == first)
                    && haystack.regionMatches(true, i, needle, 0, length)) {
                return true;
            }
        }
        return false;
    }
}
