package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.message.ToolCall;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A tool call as far as the log shows it: from a TOOL_CALL line (with arguments), or, in logs without
 * tool lines, from an AI entry a state dump appended (name only).
 *
 * @param event  the TOOL_CALL event, or the state dump that showed the call
 * @param call   the call with its arguments, when a TOOL_CALL line logged it
 * @param msgIdx the msg_idx the TOOL_CALL line names, when it names one
 * @param role   the role the TOOL_CALL line names, "" when none
 */
public record ObservedCall(String tool, Event event, Optional<ToolCall> call, OptionalInt msgIdx, String role) {

    public boolean hasArguments() {
        return call.flatMap(ToolCall::arguments).isPresent();
    }
}
