package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.model.message.ToolCall;
import java.util.Optional;

/** What an add_entry call persisted, read from its arguments (only when the log kept them whole). */
final class PersistedArgs {

    private PersistedArgs() {
    }

    /** {@code tags.role}, else a top-level {@code role}. */
    static Optional<String> role(ObservedCall call) {
        return call.call().flatMap(c -> c.argument("tags", "role").or(() -> c.argument("role")));
    }

    /** {@code raw_entry}, else {@code content}, else {@code text}. */
    static Optional<String> content(ObservedCall call) {
        return call.call().flatMap(PersistedArgs::content);
    }

    private static Optional<String> content(ToolCall c) {
        return c.argument("raw_entry").or(() -> c.argument("content")).or(() -> c.argument("text"));
    }
}
