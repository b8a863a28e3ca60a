package dev.tracedeck.analysis.rules.cost;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.recorded.ThreadRequest;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The head of the prompt changed between two calls, where the trace recorded their requests (an SDK or proxy
 * recording, Messages or Responses request objects): a new system prompt recorded between them, or the tools sent
 * with them no longer the same. A prompt cache holds a prefix only as long as it is sent byte for byte again, and the
 * system prompt and the tools come first: a change there leaves nothing to read back. The evidence is the first byte
 * that differs, with the text on either side of it.
 */
final class PrefixChange {

    /** Characters shown on either side of the first difference. */
    private static final int AROUND = 24;

    /** Why the cache could not hold, in a sentence, and the events that show it (the later first). */
    record Change(String text, List<Event> evidence) {
    }

    private final List<Event> instructions;
    /** The thread's request records, in its order: read once, each miss then found among them by halving. */
    private final List<Event> requests = new ArrayList<>();

    PrefixChange(TraceThread thread) {
        this.instructions = thread.records().instructions();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.JsonRecord r && r.eventName().equals(ThreadRequest.EVENT)) {
                requests.add(e);
            }
        }
    }

    /** What changed between the calls at {@code baseSeq} and {@code seq}; empty when the trace shows the same head, or none. */
    Optional<Change> between(int baseSeq, int seq) {
        Optional<Change> system = system(baseSeq, seq);
        return system.isPresent() ? system : tools(baseSeq, seq);
    }

    /** A system prompt recorded between the calls that differs from the one recorded before the first. */
    private Optional<Change> system(int baseSeq, int seq) {
        Event before = lastBefore(instructions, baseSeq);
        Event changed = lastBefore(instructions, seq);
        if (before == null || changed == null || changed.seq() <= baseSeq) {
            return Optional.empty();
        }
        String was = content(before);
        String now = content(changed);
        if (was.equals(now)) {
            return Optional.empty();
        }
        return Optional.of(new Change("the system prompt changed at line " + changed.source().firstLine() + ": "
                + difference(was, now, "the one at line " + before.source().firstLine()), List.of(changed, before)));
    }

    /** The tools of the request recorded for the later call differ from those of the earlier call's. */
    private Optional<Change> tools(int baseSeq, int seq) {
        Event before = lastBefore(requests, baseSeq);
        Event after = lastBefore(requests, seq);
        if (before == null || after == null || after.seq() <= baseSeq) {
            return Optional.empty();
        }
        String was = toolsText(before);
        String now = toolsText(after);
        if (was.equals(now)) {
            return Optional.empty();
        }
        return Optional.of(new Change("the tools sent changed: the request at line " + after.source().firstLine()
                + " " + difference(was, now, "the request at line " + before.source().firstLine() + "'s"),
                List.of(after, before)));
    }

    /** The last of {@code events} (in seq order) before {@code seq}, or null. */
    private static Event lastBefore(List<Event> events, int seq) {
        int lo = 0;
        int hi = events.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (events.get(mid).seq() < seq) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo == 0 ? null : events.get(lo - 1);
    }

    private static String content(Event e) {
        return e.payload() instanceof Payload.ConversationMessage m ? m.message().content() : "";
    }

    /** A request record's tools as sent, compact: at the top of the body, or under {@code body} (a recorded exchange). */
    private static String toolsText(Event e) {
        JsonValue json = ((Payload.JsonRecord) e.payload()).json();
        return json.get("tools").or(() -> json.path("body", "tools")).map(JsonValue::toCompactString).orElse("");
    }

    /** "differs from {@code other} after its first 1,234 bytes: «…read_file"…» became «…read_files"…»". */
    static String difference(String was, String now, String other) {
        int at = 0;
        int end = Math.min(was.length(), now.length());
        while (at < end && was.charAt(at) == now.charAt(at)) {
            at++;
        }
        if (at > 0 && Character.isHighSurrogate(was.charAt(at - 1))) {
            at--;
        }
        int bytes = was.substring(0, at).getBytes(StandardCharsets.UTF_8).length;
        return String.format("differs from %s after its first %,d bytes: «%s» became «%s»", other, bytes, around(was, at),
                around(now, at));
    }

    private static String around(String text, int at) {
        int from = Math.max(0, at - AROUND);
        int to = Math.min(text.length(), at + AROUND);
        if (from > 0 && Character.isLowSurrogate(text.charAt(from))) {
            from++;
        }
        if (to < text.length() && to > 0 && Character.isHighSurrogate(text.charAt(to - 1))) {
            to--;
        }
        String cut = text.substring(from, to).replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")
                .replace("\t", "\\t");
        return (from > 0 ? "…" : "") + (cut.isEmpty() ? "(nothing)" : cut) + (to < text.length() ? "…" : "");
    }
}
