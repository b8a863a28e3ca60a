package dev.tracedeck.engine.freeze;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A request body the trace kept as the provider received it.
 *
 * @param api     the API it was sent to
 * @param text    the body's JSON text
 * @param exact   true when {@code text} is the recorded bytes themselves; false when the trace kept the body as JSON
 *                inside another record and it is written out again, member for member in the recorded order
 * @param headers request headers the body depends on, as recorded ({@code anthropic-version}, {@code anthropic-beta});
 *                never a key
 * @param notes   what a reader of the body should know about how it was recovered
 */
public record RecordedBody(Provider api, String text, boolean exact, Map<String, String> headers, List<String> notes) {

    public RecordedBody {
        Objects.requireNonNull(api);
        Objects.requireNonNull(text);
        headers = Map.copyOf(headers);
        notes = List.copyOf(notes);
    }
}
