package dev.tracedeck.analysis.textcalls;

import dev.tracedeck.model.json.JsonValue;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link LenientJson} made of the text from one position: the value (possibly repaired or partial), where
 * the reading stopped, what was repaired and what was lost.
 *
 * @param value   the value read; empty when not even the start of a value could be read
 * @param start   UTF-16 offset of the value's first character
 * @param end     UTF-16 offset just past the value when it was complete, else where reading stopped
 * @param repairs fixes that lost nothing (single quotes, Python literals, a bracket the text never closed)
 * @param losses  what could not be recovered, e.g. "JSON cut off after `{"city": "Par`"; empty when nothing was
 *                lost
 * @param limit   where the reader was told to stop
 * @param cutOff  true when the text ended before the value did
 */
record JsonRead(Optional<JsonValue> value, int start, int end, int limit, List<String> repairs, List<String> losses,
                boolean cutOff, Map<JsonValue, int[]> spans) {

    JsonRead {
        repairs = List.copyOf(repairs);
        losses = List.copyOf(losses);
        IdentityHashMap<JsonValue, int[]> copy = new IdentityHashMap<>(spans);
        spans = copy;
    }

    ArgumentsStatus status() {
        if (value.isEmpty()) {
            return ArgumentsStatus.UNPARSED;
        }
        if (!losses.isEmpty()) {
            return ArgumentsStatus.PARTIAL;
        }
        return repairs.isEmpty() ? ArgumentsStatus.COMPLETE : ArgumentsStatus.REPAIRED;
    }

    boolean complete() {
        return value.isPresent() && losses.isEmpty() && !cutOff;
    }

    /**
     * Where a container or string inside the value stands: {@code {start, end}} in UTF-16 offsets, with an end
     * of -1 when the text never closed it.
     */
    Optional<int[]> spanOf(JsonValue inner) {
        return Optional.ofNullable(spans.get(inner));
    }

    /**
     * Where the value's text ends: past its closing bracket when it closed; when reading stopped at something
     * unreadable, past the bracket that balances its opening one, so the unreadable part is shown with it, or
     * {@link TextScanning#UNREADABLE_LOOKAHEAD} characters past where reading stopped when none does before.
     */
    int extent(String text) {
        return open(text, start);
    }

    private int open(String text, int from) {
        if (complete() || cutOff) {
            return end;
        }
        return Math.max(end, TextScanning.balancedEnd(text, from, (int) Math.min(limit, (long) end + TextScanning.UNREADABLE_LOOKAHEAD)));
    }

    /** The source text of a container or string inside the value, to its {@link #extent} when it never closed. */
    Optional<String> sourceOf(String text, JsonValue inner) {
        return spanOf(inner).map(s -> text.substring(s[0], s[1] >= 0 ? s[1] : open(text, s[0])));
    }
}
