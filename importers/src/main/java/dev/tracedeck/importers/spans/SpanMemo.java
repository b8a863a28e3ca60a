package dev.tracedeck.importers.spans;

import dev.tracedeck.importers.chat.KnownMessages;
import dev.tracedeck.model.message.Message;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What writing the same spans again and again reads only once: a file read as it grows has all its spans written
 * again at each read (one that comes may start before those written, or join their thread), and parsing their
 * messages' JSON and keying them for the history each time would cost the whole file at every read.
 */
final class SpanMemo {

    private final Map<SpanFileEntry.Span, SpanMessages> messages = new IdentityHashMap<>();
    private final Map<Message, String> keys = new IdentityHashMap<>();
    /** Per span key, the events its messages were read from, and what they read as. */
    private final Map<String, Events> events = new HashMap<>();

    private record Events(List<SpanFileEntry.Log> logs, LogMessages.Read read) {
    }

    SpanMessages messages(SpanFileEntry.Span span) {
        return messages.computeIfAbsent(span, SpanMessages::of);
    }

    /** A message's {@link KnownMessages#key}. */
    String key(Message message) {
        return keys.computeIfAbsent(message, KnownMessages::key);
    }

    /** The messages of a call's events, read again only when its events are not the very ones read before. */
    LogMessages.Read eventMessages(String spanKey, List<SpanFileEntry.Log> logs) {
        Events before = events.get(spanKey);
        if (before != null && same(before.logs(), logs)) {
            return before.read();
        }
        LogMessages.Read read = LogMessages.of(logs);
        events.put(spanKey, new Events(List.copyOf(logs), read));
        return read;
    }

    private static boolean same(List<SpanFileEntry.Log> a, List<SpanFileEntry.Log> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }
}
