package dev.tracedeck.analysis.textcalls.found;

import dev.tracedeck.analysis.textcalls.TextToolCall;
import java.util.Objects;

/**
 * A tool call the model wrote as text, where it stands in the thread, and whether anything ran it.
 *
 * @param where    the message or state entry holding it
 * @param call     the call as parsed; its span indexes into {@code where.text()}
 * @param executed true when a structured call of the same name was made by the same message or after it,
 *                 before the model's next text (see {@link TextCallFinder}); a call the import made structured
 *                 is not evidence that anything ran it
 * @param structured true when the import made this call a structured one ({@code --parse-text-calls}, see
 *                 {@link dev.tracedeck.analysis.lift.TextCallLifter}): whether it got a result is then the pairing rules' question
 */
public record FoundTextCall(AssistantText where, TextToolCall call, boolean executed, boolean structured) {

    public FoundTextCall {
        Objects.requireNonNull(where);
        Objects.requireNonNull(call);
    }
}
