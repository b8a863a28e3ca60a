package dev.tracedeck.importers.responses;

import java.util.Set;

/**
 * Which of a Codex rollout's {@code event_msg} lines come between two model responses. Codex writes each item of a
 * response as a {@code response_item} line as soon as the item is done, and the events it shows the user as they
 * happen: between the items of one response it writes the items' echoes ({@code agent_reasoning} before a
 * {@code reasoning} item, {@code agent_message} before an assistant message) and the progress of the tools
 * ({@code web_search_end}, {@code exec_command_end}, {@code patch_apply_end}, {@code mcp_tool_call_end}, a sub-agent's
 * {@code collab_…}). Those say nothing about where a response ends, and neither does an event this reader does not
 * know: they are Codex's progress, most of it persisted in its extended mode only.
 *
 * <p>The ones that do: {@code token_count}, which Codex writes when a response completes (its usage) and when a turn
 * starts (the rate limits alone); the user's {@code user_message}; a turn's start and end ({@code task_started} /
 * {@code turn_started}, {@code task_complete} / {@code turn_complete}, {@code turn_aborted}); a change of the history
 * between responses ({@code context_compacted}, {@code thread_rolled_back}, {@code undo_completed}, a review's
 * {@code entered_review_mode} / {@code exited_review_mode}); and a request that failed ({@code error}) or that Codex
 * sends again after its stream broke ({@code stream_error}): what comes after is another response.
 */
final class CodexEvents {

    private static final Set<String> BETWEEN_RESPONSES = Set.of(
            "token_count",
            "user_message",
            "task_started", "turn_started", "task_complete", "turn_complete", "turn_aborted",
            "context_compacted", "thread_rolled_back", "undo_completed", "entered_review_mode", "exited_review_mode",
            "error", "stream_error");

    private CodexEvents() {
    }

    /** True when an {@code event_msg} of this {@code payload.type} ends the model response being read. */
    static boolean endsResponse(String eventType) {
        return BETWEEN_RESPONSES.contains(eventType);
    }
}
